"""Driving the app in tests: wait for a condition, start a local game, walk the cursor."""

from __future__ import annotations

import io
import time
from typing import Callable

from rich.console import Console
from textual.pilot import Pilot

from tui.app import ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.zatre.table import TableScreen

SIZE = (100, 32)
HUMAN_FIRST_SEED = 1  # seat 0 wins the draw for first player
BOT_FIRST_SEED = 3  # seat 1 wins it


async def until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds (fail after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)


def solo(seed: int = HUMAN_FIRST_SEED, bot: str = "easy", profi: bool = False) -> LocalGame:
    return LocalGame((SeatChoice("You"), SeatChoice("Ada", bot)), profi=profi, seed=seed, pace=0)


async def start(pilot: Pilot, game: LocalGame) -> TableScreen:
    """Start ``game`` and wait until it is the human's turn (or the table is shown)."""
    app = pilot.app
    assert isinstance(app, ParlourApp)
    app.start_local(game)
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.snap is not None)
    table = app.screen
    assert isinstance(table, TableScreen)
    if game.humans == 1:
        await until(pilot, lambda: table.my_turn)
    return table


async def walk_to(pilot: Pilot, table: TableScreen, target: tuple[int, int]) -> None:
    """Press arrow keys until the cursor is on ``target``."""
    for _ in range(60):
        r, c = table.cursor
        if (r, c) == target:
            return
        if r != target[0]:
            await pilot.press("down" if target[0] > r else "up")
            if table.cursor != (r, c):
                continue
        await pilot.press("right" if target[1] > c else "left")
    raise AssertionError(f"cursor stuck at {table.cursor}, wanted {target}")


async def covered(pilot: Pilot) -> None:
    """Wait until a hotseat hand-over is shown (composed: its title is there)."""
    from tui.screens.handover import HandOverScreen

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, HandOverScreen)
                and bool(app.screen.query(".dialog-title")))


async def hand_over(pilot: Pilot) -> None:
    """At a hotseat hand-over: wait until it listens, then press Enter."""
    from tui.screens.handover import HandOverScreen

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.listening)
    await pilot.press("enter")


def shown(widget) -> str:
    """The plain text a widget shows (its render, laid out at its width)."""
    console = Console(width=max(widget.size.width, 20), file=io.StringIO(), record=True,
                      color_system=None, legacy_windows=False)
    renderable = widget.render()
    renderable = getattr(renderable, "_renderable", renderable)  # a RichVisual: what it holds
    if hasattr(renderable, "__rich_console__"):
        console.print(renderable)
    else:  # a str or Textual Content: its plain text, never read as markup again
        console.print(str(renderable), markup=False, highlight=False)
    return console.export_text()


def setup_shown(app) -> bool:
    """The local setup form is the screen and its fields hold their values (a Select is
    blank until it is mounted: reading the form before then fails)."""
    from textual.widgets import Select

    from tui.screens.local_setup import LocalSetupScreen

    screen = app.screen
    return isinstance(screen, LocalSetupScreen) and not screen.query_one("#pace", Select).is_blank()
