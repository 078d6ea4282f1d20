"""Driving the Zestrea table with keys in tests: start a local game, answer whatever is
asked the way a player at the keyboard would (issue 9, "The table (tui)")."""

from __future__ import annotations

from textual.app import App, ComposeResult

from rules.core import ActionKind, SomeOf
from tui.local_game import LocalGame, SeatChoice
from tui.zestrea.do_list import DoList
from tui.zestrea.form import ActionForm
from tui.zestrea.results import ZestreaResultsScreen
from tui.zestrea.table import ZestreaTableScreen

from .helpers import until

SMALL = (80, 24)


def zestrea_game(*seats: SeatChoice, seed: int = 2, options: tuple = ()) -> LocalGame:
    seats = seats or (SeatChoice("You"), SeatChoice("Ada", "easy"), SeatChoice("Ben", "easy"))
    return LocalGame(seats, seed=seed, pace=0, game="zestrea", options=options)


async def start(pilot, game: LocalGame) -> ZestreaTableScreen:
    app = pilot.app
    app.start_local(game)
    await until(pilot, lambda: isinstance(app.screen, ZestreaTableScreen) and app.screen.snap is not None)
    return app.screen


def waiting_for_keys(app, table: ZestreaTableScreen) -> bool:
    return (table.snap is not None and table.snap.over) or (app.screen is table and table.my_turn)


async def answer_form(pilot, kind: ActionKind, roll: bool = True) -> None:
    """In an open form: tick the least number of items each list needs (the first
    ones, in order), leave the rest at their first values, and send with ctrl+s.
    ``roll`` ``False``: untick the Couples Production ticks at first (roll none)."""
    form = pilot.app.screen
    assert isinstance(form, ActionForm)
    for param in kind.params:
        if isinstance(param, SomeOf) and not roll and form.start.get(param.name):
            form.query_one(f"#p{kind.params.index(param)}").focus()
            for _ in form.start[param.name]:
                await pilot.press("space", "down")
        if isinstance(param, SomeOf) and param.lo:
            form.query_one(f"#p{kind.params.index(param)}").focus()
            for _ in range(param.lo):
                await pilot.press("space", "down")
    await pilot.press("ctrl+s")


async def play_step(pilot, table: ZestreaTableScreen, seen: list[str], roll: bool = True) -> None:
    """One thing the player does by keys: p passes, y is Ready, else Enter on the
    first entry of the Do list (its form answered, ``roll`` as there). ``seen`` gets
    the prompt kinds."""
    app = pilot.app
    snap = table.snap
    legal = snap.legal_actions
    kinds = [getattr(a, "kind", "") for a in legal]
    version = snap.version
    if snap.view.my_prompt is not None:
        seen.append(snap.view.my_prompt.kind)
    if snap.view.my_prompt is None and ("pass" in kinds or "pass-window" in kinds):
        await pilot.press("p")
    elif snap.view.my_prompt is None and "ready" in kinds:
        await pilot.press("y")
    else:
        do = table.query_one("#z-actions")
        do.focus()
        await pilot.press("home", *["down"] * do.choose_line, "enter")  # (below "Choose with ↑↓, then Enter")
        if isinstance(legal[0], ActionKind):
            await until(pilot, lambda: isinstance(app.screen, ActionForm))
            await answer_form(pilot, legal[0], roll)
    await until(pilot, lambda: table.snap.version != version or bool(table._error), timeout=20)
    assert not table._error, table._error


FOUR_SEATS = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"), SeatChoice("Cleo", "strong"))
"""You and three bots, two of them strong: offers to you come soon."""


async def play_until(pilot, table: ZestreaTableScreen, wanted, steps: int = 600) -> None:
    """Play as :func:`play_step` does until ``wanted(table)`` holds when the keys are the
    player's; fails if the game ends or ``steps`` run out first."""
    app = pilot.app
    for _ in range(steps):
        await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
        if wanted(table):
            return
        assert not table.snap.over, "the game ended first"
        await play_step(pilot, table, [])
    raise AssertionError(f"not reached in {steps} steps")


async def play_to_the_end(pilot, table: ZestreaTableScreen, seen: list[str] | None = None,
                          roll: bool = True) -> None:
    seen = [] if seen is None else seen
    app = pilot.app
    for _ in range(2000):
        await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
        if table.snap.over:
            break
        await play_step(pilot, table, seen, roll)
    await until(pilot, lambda: isinstance(app.screen, ZestreaResultsScreen), timeout=20)


async def replay_at_its_end(pilot, snaps: list, title: str = "Friday"):
    """Open ``snaps`` as a replay at the Zestrea replay table and step to its last move
    (End): the replay table."""
    from tui.zestrea.replay import ZestreaReplayScreen

    app = pilot.app
    app.show_replay(snaps, title)
    await until(pilot, lambda: isinstance(app.screen, ZestreaReplayScreen) and app.screen.snap is not None)
    table = app.screen
    await pilot.press("end")
    await until(pilot, lambda: table.snap.over)
    return table


async def finished_game_replay(tmp_path, seats: int, seed: int, bot: str = "easy") -> list:
    """The replay snapshots of a whole Zestrea game of ``seats`` ``bot`` bots (``seed``),
    saved as a hosted game named "Friday" in ``tmp_path`` and opened as ``parlour replay``
    opens it."""
    from pathlib import Path

    from net.codec import codec_for
    from net.host import Host
    from net.saves import Replay, snapshot_of, write
    from rules.zestrea import GAME, ZestreaOptions
    from tui.screens.replay import replay_snapshots

    names = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")[:seats]
    host = Host(GAME, ZestreaOptions(), seats, seed, names, {s: bot for s in range(seats)}, bot_delay=0)
    async with host:
        await host.wait_over()
    codec = codec_for(GAME)
    path = Path(tmp_path) / "game.json"
    write(path, snapshot_of(host, "Friday", (None,) * seats, codec), codec)
    return replay_snapshots(Replay.open(path))


class DoListApp(App):
    """A Zestrea Do list alone in an app; ``done``: the actions its Enter chose."""

    def __init__(self) -> None:
        super().__init__()
        self.done: list = []

    def compose(self) -> ComposeResult:
        yield DoList(id="z-actions")

    def on_do_list_chosen(self, event: DoList.Chosen) -> None:
        self.done.append(event.action)


def show_actions(do: DoList, *actions) -> None:
    """``actions`` in ``do``, each entry's words its ``repr``."""
    do.show(actions, [repr(a) for a in actions])
