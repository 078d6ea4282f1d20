"""``g`` on the results after a LAN game (tui-leftovers brief, item 2; README "the
results"): a player who joined the table gets the join screen filled in with the same
address, room code and name, so the next game at the same table is one Enter away
(it opened empty)."""

from __future__ import annotations

import asyncio
import random

from net.client import RemoteSeatLink
from rules.zatre import GAME as ZATRE
from textual.widgets import Input

from tui.lan import join_table
from tui.screens.join import JoinScreen

from .helpers import SIZE, until
from .lan_helpers import LINK, TIMEOUT, app_for, hosted, play_duo_to_results


async def test_g_on_a_joiners_results_opens_the_join_screen_filled_in(tmp_path):
    table = await hosted("Friday", seed=1, code="ROOM7")
    app = app_for(tmp_path)
    ann = RemoteSeatLink(table.local_url, "Ann", ZATRE, room=table.code, host_key=table.host_key, **LINK)
    rng = random.Random(3)
    try:
        await asyncio.wait_for(ann.connect(), TIMEOUT)
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Bob", code="ROOM7", **LINK))
            assert app.again == "join"
            await play_duo_to_results(pilot, app, table, ann, rng)
            await pilot.press("g")
            await until(pilot, lambda: isinstance(app.screen, JoinScreen) and bool(app.screen.query("#join-address")))
            join = app.screen
            assert app.session is None  # the table was left
            assert join.query_one("#join-address", Input).value == table.join_address
            assert join.query_one("#join-name", Input).value == "Bob"
            assert join.query_one("#join-code", Input).value == "ROOM7"
            await pilot.pause()
            assert join.focused is join.query_one("#join-button")  # Enter joins again
    finally:
        await ann.close()
        await table.stop()
