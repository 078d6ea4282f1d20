"""The Estate table over the LAN follows the game past the Family Secrets after a
rejoin (player-tester report: Root 2, dropped in the draft and back, kept the last
secret; its table stayed on "Keep the secret …" while the game went on, and a join
again showed "The table could not show the latest move: 'E'" on an empty table).
The seat's own "kept a Family Secret" event carries the secret's id (E-R32), which the
log named as a card."""

from __future__ import annotations

import random

from net.client import RemoteSeatLink
from rules.estate.data import CONTENT
from rules.estate.state import KeepSecret
from tui.estate.lan_table import EstateLanTableScreen
from tui.lan import join_table
from tui.screens.menu import MenuScreen

from .helpers import until
from .lan_helpers import LINK, estate_duo, hold_connection, step


def phase(link: RemoteSeatLink) -> str:
    return link.snapshot().view.phase


async def test_a_rejoined_seat_keeping_the_last_secret_follows_the_game(tmp_path):
    rng = random.Random(3)
    async with estate_duo(tmp_path, "Root 2") as (table, tokens, app, pilot, ann):
        game, link = app.screen, app.session.link
        while phase(link) != "draft":  # Leaders, the Starting Builds' effects (E-R1, E-R4)
            await step(ann, rng)
            await step(link, rng)
            await pilot.pause(0.01)

        gate = hold_connection(link)  # dropped in the draft, then back with its seat
        await until(pilot, lambda: not link.status.online)
        gate.set()
        await until(pilot, lambda: link.status.online and game.snap.seat == 1)

        while phase(link) != "secrets" or phase(ann) != "secrets":  # the draft, played through
            await step(ann, rng)
            await step(link, rng)
            await pilot.pause(0.01)
        await ann.submit(ann.snapshot().legal_actions[0])  # Ann keeps hers first
        await until(pilot, lambda: game.my_turn and game.snap.view.phase == "secrets")
        kept = link.snapshot().legal_actions[0]
        assert isinstance(kept, KeepSecret)
        await link.submit(kept)  # the last secret kept: the Era begins
        await until(pilot, lambda: game.snap.view.phase not in ("secrets", "draft"))
        assert not any(isinstance(e, KeepSecret) for e in game._entries)
        name = CONTENT.secrets[kept.secret].name
        assert f"You kept a Family Secret: {name}" in game._log

        refused = await link.submit(kept)  # the refusal in words (no repr reaches a player)
        assert not refused.accepted and "KeepSecret(" not in refused.reason
        assert refused.reason == "You may not keep a Family Secret now."

        await pilot.press("q", "y")  # leaves, and joins again: the table shows the Era
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await app.start_session(await join_table(table.join_address, "Root 2", tokens=tokens, **LINK))
        await until(pilot, lambda: isinstance(app.screen, EstateLanTableScreen) and app.screen.snap is not None)
        again = app.screen
        assert again.snap.seat == 1 and again.snap.view.phase not in ("secrets", "draft")
        assert again.snap.version == ann.snapshot().version
        assert f"You kept a Family Secret: {name}" in again._log
