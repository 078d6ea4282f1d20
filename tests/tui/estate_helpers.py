"""Driving the Estate table with keys in tests: start a local game, bring the highlight
of the Do list to an entry and press Enter, the way a player at the keyboard does
(issue 10, "The table (tui)")."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from tui.estate.convert import ConvertScreen
from tui.estate.do_list import DoList
from tui.screens.handover import HandOverScreen
from tui.estate.table import EstateTableScreen
from tui.local_game import LocalGame, SeatChoice

from .helpers import until

SMALL = (80, 24)


def estate_game(*seats: SeatChoice, seed: int = 2, leaders: str = "random") -> LocalGame:
    seats = seats or (SeatChoice("You"),)
    return LocalGame(seats, seed=seed, pace=0, game="estate", options=(("leaders", leaders),))


async def start(pilot, game: LocalGame) -> EstateTableScreen:
    """Start ``game``; its table (at a hotseat the first hand-over may cover it)."""
    app = pilot.app
    app.start_local(game)

    def table() -> EstateTableScreen | None:
        return next((s for s in app.screen_stack if isinstance(s, EstateTableScreen)), None)

    await until(pilot, lambda: table() is not None and (table().snap is not None or app.screen is not table()))
    return table()


def ready(app, table: EstateTableScreen) -> bool:
    """The player may press a key: the table waits for them (or the game is over)."""
    return (table.snap is not None and table.snap.over) or (app.screen is table and table.my_turn)


def keys_to(entries: Sequence[Any], index: int) -> list[str]:
    """The keys that bring the highlight to ``entries[index]``: Home and ↓, or End and
    ↑ when that is shorter (↑↓ stop on the greyed ✗ lines too)."""
    after = len(entries) - index - 1
    return ["home", *["down"] * index] if index <= after else ["end", *["up"] * after]


async def choose(pilot, table: EstateTableScreen, want: Callable[[Any], bool]) -> Any:
    """Bring the Do list's highlight to the first entry ``want`` accepts (↑↓) and
    press Enter; the entry is returned. Waits until the table has moved on."""
    app = pilot.app
    await until(pilot, lambda: ready(app, table), timeout=20)
    entry = next(e for e in table._entries if want(e))
    actions = table.query_one("#e-actions", DoList)
    actions.focus()
    index = actions.index_of(entry)  # (below the top line "Choose with ↑↓, then Enter")
    await pilot.press(*keys_to(range(actions.option_count), index))
    assert actions.highlighted == index, (index, actions.highlighted, table._entries)
    version = table.snap.version
    await pilot.press("enter")
    await until(pilot, lambda: table.snap.version != version or bool(table._error)
                or isinstance(app.screen, HandOverScreen), timeout=20)  # (hotseat: covered first)
    assert not table._error, table._error
    return entry


async def answer_all(pilot, table: EstateTableScreen) -> None:
    """Enter on the first answer while the player owes a question."""
    app = pilot.app
    await until(pilot, lambda: ready(app, table), timeout=20)
    while table.view.question is not None and table.my_turn:
        await choose(pilot, table, lambda e: True)
        await until(pilot, lambda: ready(app, table), timeout=20)


async def play_as(pilot, table: EstateTableScreen, bot: Any, rng: random.Random) -> Any:
    """One step chosen by ``bot`` from what the player sees, made by keys: the entry
    brought under the highlight and Enter; a conversion through ``c`` and its chooser.
    The action made is returned."""
    snap = table.snap
    action = bot.choose(snap.view, snap.legal_actions, rng)
    if getattr(action, "kind", "") == "convert":
        version = snap.version
        await pilot.press("c")
        await until(pilot, lambda: isinstance(pilot.app.screen, ConvertScreen))
        chooser = pilot.app.screen
        index = chooser.conversions.index(action)
        await pilot.press(*keys_to(tuple(chooser.conversions), index), "enter")
        await until(pilot, lambda: table.snap.version != version or bool(table._error), timeout=20)
        assert not table._error, table._error
        return action
    return await choose(pilot, table, lambda e: e == action)
