"""A LAN game its host ended with ``/end`` (player-tester finding): the host's leave
question still said "the game ends for everyone", and the table's footer still offered
the play keys ("Move 1-9 Tile ⏎ Place u Undo c Confirm"). Now leaving says the game has
ended (and, to its host, where it is saved and how to replay it), and the play keys are
left out of the footer, at every game's table."""

from __future__ import annotations

import random

from tui.screens.lan_table import ended_leave_words

from .helpers import until
from .lan_helpers import estate_duo, hosting_duo, step
from .test_footers import footer_keys
from .test_tester7_resume import asked

ZATRE_PLAY_KEYS = {"enter", "u", "c", "up", "down", "left", "right"}


async def test_the_host_who_ended_the_game_is_told_it_has_ended_and_the_play_keys_go(tmp_path):
    save = tmp_path / "friday.json"
    async with hosting_duo(tmp_path, save=save, grace=60) as (table, app, pilot, bob):
        session, screen = app.session, app.screen
        await pilot.pause()
        assert {"enter", "u", "c"} <= footer_keys(screen)  # (dimmed or not: offered)
        await session.say("/end")
        await until(pilot, lambda: screen.ended)
        await pilot.pause()
        assert not footer_keys(screen) & ZATRE_PLAY_KEYS, footer_keys(screen)
        assert {"q", "t"} <= footer_keys(screen)
        question = await asked(pilot, "q")
        assert question == ended_leave_words(save)
        assert question == ("Leave? The game has ended; it is saved and can be replayed "
                            f"with parlour replay {save}.")
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen)
        await app.close_table()


async def test_a_guest_at_an_estate_table_the_host_ended(tmp_path):
    async with estate_duo(tmp_path, "Bob") as (table, tokens, app, pilot, ann):
        screen, rng = app.screen, random.Random(3)
        for _ in range(200):  # until Bob's Do list has something to do (the Leaders first)
            if "enter" in footer_keys(screen):
                break
            await step(ann, rng)
            await pilot.pause(0.05)
        assert "enter" in footer_keys(screen)
        await ann.say("/end")
        await until(pilot, lambda: screen.ended)
        await pilot.pause()
        assert not footer_keys(screen) & {"enter", "c"}, footer_keys(screen)
        assert await asked(pilot, "q") == "Leave? The game has ended."
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen)
        await app.close_table()
