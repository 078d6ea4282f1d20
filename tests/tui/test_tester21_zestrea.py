"""Player-tester 21 at the Zestrea table (items 7 and 8; item 1, the auction's Pass, is
in test_tester7_auction.py): the production prompt words its choices as Couples; the
Now panel goes back to its top for a new wedding window even where it looks like the
last; notices keep clear of the Now panel; Escape from the board of a finished game
goes back to the results, at every game's table."""

from __future__ import annotations

import attrs
import pytest
from textual.widgets._toast import Toast

from rules.zestrea.state import WindowOpened
from tui.app import ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.screens.game_table import GameTableScreen
from tui.screens.menu import MenuScreen
from tui.screens.results import ResultsScreen
from tui.zestrea import words

from .helpers import shown, until
from .zestrea_helpers import SMALL, play_step, start, waiting_for_keys, zestrea_game

NOTICE = "Root lost the connection; seat 3 is held until 02:24:31. (+5 more: t for the chat)"


async def test_the_production_prompt_words_each_choice_as_one_couple(tmp_path):
    """Item 7: the prompt read ``choose 0 to 1 of Iacob (♂) and Floarea (♀)``, like a
    choice between two villagers; it names the Couple (RB II. Production: the die is
    rolled for each Couple that has a Land)."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table) and table.view.my_prompt is not None)
        prompt, view = table.view.my_prompt, table.view
        assert prompt.kind == "produce" and prompt.hi == 1 == len(prompt.choices)
        couple = words.couple_names(view)[prompt.choices[0]]
        now = " ".join(shown(table.query_one("#z-now")).split())
        assert f"choose 0 to 1 Couple: the Couple {couple}" in now, now
        assert f"of {couple}" not in now


async def test_a_new_window_that_looks_like_the_last_shows_the_now_panel_from_its_top(tmp_path):
    """Item 7: scrolled down, a new wedding window showed only its ``passed: …`` line,
    the chance out of sight. A window for the same two at the same attempt (the bots
    repeat an offer; the version between the two windows never shown, a later one
    already there) opens the Now panel at its top too, and starts the Do list afresh."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    seats = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"), SeatChoice("Cleo", "strong"))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*seats, seed=7))
        box = table.query_one("#z-now-box")
        for _ in range(400):
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            assert not table.snap.over
            await pilot.pause()
            if table.view.window is not None and box.max_scroll_y > 0:
                break
            await play_step(pilot, table, [])
        box.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert box.scroll_y > 0
        snap = table.snap
        again = attrs.evolve(snap, version=snap.version + 1, events=(WindowOpened(snap.view.window),))
        table._note_events(again)
        table._show(again)
        await pilot.pause()
        assert box.scroll_y == 0
        assert any("chance" in line for line in shown(table.query_one("#z-now")).splitlines()[:4])


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_notice_keeps_clear_of_the_now_panel(tmp_path, size):
    """Item 7: a connection notice sat over the Now panel's first column and hid the
    prompt's first words (``? Newc▌``); at Zestrea's table notices sit over the estates,
    clear of the Now panel and the Do list, at 80x24 and 100x30."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=size, notifications=True) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table))
        table.notify(NOTICE, markup=False)
        await until(pilot, lambda: bool(table.query(Toast)) and table.query(Toast).first().region.width > 0)
        await pilot.pause()
        toast = table.query(Toast).first().region
        right = table.query_one("#z-right").region
        estates = table.query_one("#z-estates-box").region
        assert not toast.overlaps(right), (toast, right)
        assert toast.x >= 0 and estates.x <= toast.x and toast.right <= estates.right, (toast, estates)


GAMES = [
    LocalGame((SeatChoice("Ann", "easy"), SeatChoice("Bob", "easy"), SeatChoice("Cy", "easy")),
              seed=2, pace=0, game="zestrea"),
    LocalGame((SeatChoice("Ann", "easy"), SeatChoice("Bob", "easy")), seed=1, pace=0),
    LocalGame((SeatChoice("Ann", "easy"), SeatChoice("Bob", "easy")), seed=1, pace=0, game="zatre-cards"),
    LocalGame((SeatChoice("Ann", "easy"), SeatChoice("Bob", "easy")), seed=2, pace=0, game="estate"),
]


@pytest.mark.parametrize("game", GAMES, ids=[g.game for g in GAMES])
async def test_escape_from_the_board_of_a_finished_game_goes_back_to_the_results(tmp_path, game):
    """Item 8: results, ``b`` (the board), then Escape went to the main menu; it goes
    back to the results, as the results' own Escape goes to the board, at every game's
    table; ``q`` at the board still leaves."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        app.start_local(game)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), timeout=60)
        results = app.screen
        await until(pilot, lambda: results.listening)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, GameTableScreen))
        table = app.screen
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.table is not None
        await pilot.press("escape")  # the results' Escape: the board again
        await until(pilot, lambda: app.screen is table)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.table is None)
