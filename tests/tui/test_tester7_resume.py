"""Player-tester 7's findings on saves and resuming.

Finding 3: leaving a new card game before its first move said "It is saved", yet no
save was written (a local game is saved after each move, the first included, not
before). Leaving or quitting a local game of any of the four games before anything of
it is saved now says so, and nothing is left in the menu; after the first move the
game is saved and the question says that."""

from __future__ import annotations

import pytest

from net.saves import local_games
from tui.app import LOCAL_LEAVE_QUESTION, ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.screens.confirm import ConfirmScreen
from tui.screens.game_table import NOTHING_SAVED, NOTHING_SAVED_LEAVE_QUESTION, GameTableScreen
from tui.screens.handover import HandOverScreen
from tui.screens.menu import MenuScreen

from .helpers import SIZE, solo, until
from .test_cards_table import cards_game, open_with_keys


FIRST_MOVE_WAITS = {
    "zatre": solo(),
    "zatre-cards": cards_game(),
    "zestrea": LocalGame((SeatChoice("Ann"), SeatChoice("Bob"), SeatChoice("Cy")), seed=2, pace=0, game="zestrea"),
    "estate": LocalGame((SeatChoice("You"),), seed=2, pace=0, game="estate", options=(("leaders", "random"),)),
}
"""A new local game of each game that waits for a human's first move (Zestrea's at one
keyboard, its first hand-over asking the question)."""


def first_move_waits(app: ParlourApp) -> bool:
    """Whether the table (or the hand-over covering it) waits for a human's keys."""
    screen = app.screen
    return (isinstance(screen, GameTableScreen) and screen.my_turn) or (
        isinstance(screen, HandOverScreen) and screen.listening)


async def asked(pilot, key: str) -> str:
    """Press ``key`` and return the question it asks (a :class:`ConfirmScreen`)."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
    return pilot.app.screen.question


@pytest.mark.parametrize("name", sorted(FIRST_MOVE_WAITS))
async def test_leaving_before_the_first_move_says_nothing_is_saved_and_nothing_is(tmp_path, name):
    """tester 7, finding 3: the question told of a save that was never written."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(FIRST_MOVE_WAITS[name])
        await until(pilot, lambda: first_move_waits(app))
        assert app.table.host.version == 0 and not list(tmp_path.glob("*.json"))
        assert await asked(pilot, "ctrl+q") == f"Quit Parlour? {NOTHING_SAVED}"
        await pilot.press("n")
        await until(pilot, lambda: first_move_waits(app))
        assert await asked(pilot, "q") == NOTHING_SAVED_LEAVE_QUESTION
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert not list(tmp_path.glob("*.json")) and local_games(tmp_path) == []  # as said: nothing to continue


async def test_after_the_card_games_first_move_it_is_saved_as_the_question_says(tmp_path):
    """tester 7, finding 3: once a move is made the game is on disk, and leaving says so."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(cards_game())
        await until(pilot, lambda: isinstance(app.screen, GameTableScreen) and app.screen.my_turn)
        table = app.screen
        await open_with_keys(pilot, table)
        await until(pilot, lambda: table.my_turn and len(table.view.log) >= 2)
        await until(pilot, lambda: [g.moves for g in local_games(tmp_path)] == [table.snap.version])
        assert await asked(pilot, "q") == LOCAL_LEAVE_QUESTION
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert [g.title for g in local_games(tmp_path)] == ["Zatre: Das Kartenspiel"]
