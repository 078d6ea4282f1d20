"""Regenerate the SVG screenshots in ``screenshots/``: ``python -m tui.screenshots``.

Each screen is driven headless by real key presses with a fixed seed and exported by
Textual's own ``save_screenshot``, so the pictures show what a player sees.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path
from typing import Callable

from textual.pilot import Pilot

from .app import ParlourApp
from .local_game import DEFAULT_PACE, LocalGame, SeatChoice
from .zatre.results import ResultsScreen
from .zatre.table import TableScreen

SIZE = (100, 32)
SMALL = (80, 24)
SEED = 1
OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def _until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        await pilot.pause(0.02)


async def _play_turns(pilot: Pilot, table: TableScreen, turns: int) -> None:
    """Play ``turns`` of the human's turns with the keys: tile 1, next hint, Enter; c."""
    for _ in range(turns):
        await _until(pilot, lambda: table.my_turn)
        for _ in range(table.to_place):
            await pilot.press("1", "n", "enter")
        await pilot.press("c")
        await _until(pilot, lambda: not table.pending)


async def _shoot(out: Path, name: str, size: tuple[int, int], pace: float, script) -> Path:
    app = ParlourApp(pace=pace)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await script(app, pilot)
        await pilot.pause(0.2)
        path = out / f"{name}.svg"
        app.save_screenshot(path.name, str(out))
    return path


async def _menu(app, pilot) -> None:
    pass


async def _setup(app, pilot) -> None:
    await pilot.press("s")


async def _rules(app, pilot) -> None:
    await pilot.press("r")


async def _table(app, pilot) -> None:
    app.start_local(LocalGame((SeatChoice("You"), SeatChoice("Ada", "strong")), seed=SEED, pace=0))
    await _until(pilot, lambda: isinstance(app.screen, TableScreen))
    table = app.screen
    await _play_turns(pilot, table, 6)
    await _until(pilot, lambda: table.my_turn)
    await pilot.press("1", "n", "enter", "1")  # one tile laid (pending), hints for the next


async def _hotseat(app, pilot) -> None:
    app.start_local(LocalGame((SeatChoice("Al"), SeatChoice("Bo"), SeatChoice("Cy", "easy")),
                              seed=SEED, pace=0))
    await _until(pilot, lambda: app.screen.__class__.__name__ == "HandOverScreen")


async def _results(app, pilot) -> None:
    app.start_local(LocalGame((SeatChoice("You", "strong"), SeatChoice("Ada", "strong"),
                               SeatChoice("Ben", "easy")), seed=SEED, pace=0))
    await _until(pilot, lambda: isinstance(app.screen, ResultsScreen))


SHOTS = {  # name: terminal size, the app's bot pace (games start at pace 0), script
    "menu": (SIZE, DEFAULT_PACE, _menu),
    "solo-setup": (SIZE, DEFAULT_PACE, _setup),
    "table": (SIZE, 0.0, _table),
    "table-80x24": (SMALL, 0.0, _table),
    "hand-over": (SIZE, 0.0, _hotseat),
    "results": (SIZE, 0.0, _results),
    "rules": (SIZE, 0.0, _rules),
}


async def shoot_all(out: Path = OUT, names: list[str] | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in names or list(SHOTS):
        size, pace, script = SHOTS[name]
        paths.append(await _shoot(out, name, size, pace, script))
    return paths


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Regenerate Parlour's SVG screenshots.")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"which screens (default: all of {', '.join(SHOTS)})")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: screenshots/)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SHOTS]
    if unknown:
        parser.error(f"no screenshot called {', '.join(unknown)} (known: {', '.join(SHOTS)})")
    for path in asyncio.run(shoot_all(args.out, args.names or None)):
        print(path)


if __name__ == "__main__":
    main()
