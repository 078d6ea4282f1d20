"""A player who dropped, said on the line a host always sees (player-tester 5, item 3):
at the Estate table, where several act at once, the host's top line said only "Waiting
for Gus" while Gus was away, and nothing said what the host could do. Now the turn line
says ``Waiting for Gus (away, held 0:59 more)`` and the host's message line how to hand
the seat to a bot at once (README: the host may, during the grace period or after)."""

from __future__ import annotations

import asyncio
import random

from net.client import RemoteSeatLink
from rules.estate import GAME as ESTATE
from rules.estate.state import EstateOptions
from tui.estate.lan_table import EstateLanTableScreen
from tui.lan import TokenStore

from .helpers import SIZE, until
from .lan_helpers import LINK, TIMEOUT, app_for, host_session, hosted, step


async def test_the_host_sees_a_waited_seat_away_and_what_to_do(tmp_path):
    table = await hosted("Estate", seed=3, game=ESTATE, options=EstateOptions(leaders="random"), grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    gus = RemoteSeatLink(table.local_url, "Gus", ESTATE, room=table.code, **LINK)
    await asyncio.wait_for(gus.connect(), TIMEOUT)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await host_session(table, "Eve", tokens))
            await app.session.say("/join")
            await gus.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, EstateLanTableScreen) and app.screen.snap is not None)
            game, link = app.screen, app.session.link
            while not (gus.seat in game.snap.active_seats and not game.my_turn):
                await link.submit(link.snapshot().legal_actions[0])  # Eve acts until only Gus is waited for
                await until(pilot, lambda: game.snap.version == link.snapshot().version)
            assert game._turn_text() == "Waiting for Gus"

            async def gone():
                await asyncio.Event().wait()

            gus._dial = gone  # Gus's terminal is closed
            gus._ws.transport.abort()
            await until(pilot, lambda: "(away, held" in game._turn_text())
            assert game._turn_text().startswith("Waiting for Gus (away, held 0:")
            assert game._instructions() == "Gus is away: wait, or give the seat to a bot: t, then /bot seat 2 strong."
    finally:
        await gus.close()
        await table.stop()


async def test_a_watcher_of_estate_sees_the_estates_and_more_log_not_an_empty_hand(tmp_path):
    """Player-tester 5, item 8: a spectator opened on the Hand page ("a spectator sees no
    hand") and kept an empty Do panel while the log had 2 lines. In the draft a watcher
    sees the Estates of the others' page; the Do list makes way for the log."""
    from tui.lan import join_table

    table = await hosted("Estate", seed=3, game=ESTATE, options=EstateOptions(leaders="random"))
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    ann = RemoteSeatLink(table.local_url, "Ann", ESTATE, room=table.code, host_key=table.host_key, **LINK)
    bob = RemoteSeatLink(table.local_url, "Bob", ESTATE, room=table.code, **LINK)
    await asyncio.wait_for(ann.connect(), TIMEOUT)
    await asyncio.wait_for(bob.connect(), TIMEOUT)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await app.start_session(await join_table(table.join_address, "Spy", tokens=tokens, **LINK))
            await ann.say("/join")
            await bob.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await ann.say("/start")
            await until(pilot, lambda: isinstance(app.screen, EstateLanTableScreen) and app.screen.snap is not None)
            game = app.screen
            rng = random.Random(3)
            while ann.snapshot().view.phase != "draft" or game.snap.view.phase != "draft":
                await step(ann, rng)  # the Leaders, the Starting Builds' effects (E-R1, E-R4)
                await step(bob, rng)
                await pilot.pause(0.01)
            assert game.snap.seat is None and game.page == "others"
            await pilot.pause()
            assert not game.query_one("#e-actions").display
            assert game.query_one("#e-log-box").size.height > 4
    finally:
        await ann.close()
        await bob.close()
        await table.stop()
