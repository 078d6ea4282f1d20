"""Local game setup: 2-4 seats (human or bot), names, ``profi``, seed, bot pace.

One human with bots is solo practice; several humans share the keyboard (hotseat).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ..local_game import DEFAULT_PACE, PACES, LocalGame, SeatChoice
from .base import ParlourScreen

KINDS = [("Human", "human"), ("Bot, easy", "easy"), ("Bot, strong", "strong")]
EMPTY = ("(empty seat)", "none")
DEFAULT_SEATS = (("You", "human"), ("Ada", "strong"), ("Ben", "none"), ("Cleo", "none"))
MAX_NAME = 12


def parse_setup(kinds: list[str], names: list[str], profi: bool, seed: str, pace: float) -> LocalGame:
    """The game the form describes; ``ValueError`` with a message for the player if not."""
    seats = []
    for kind, name in zip(kinds, names):
        if kind == "none":
            continue
        name = name.strip()
        if not name:
            raise ValueError("Every seat needs a name.")
        if len(name) > MAX_NAME:
            raise ValueError(f"Names have at most {MAX_NAME} letters: {name!r} is longer.")
        seats.append(SeatChoice(name, None if kind == "human" else kind))
    if not 2 <= len(seats) <= 4:
        raise ValueError("Zatre needs 2 to 4 players: fill at least two seats.")
    if len({s.name.casefold() for s in seats}) != len(seats):
        raise ValueError("Two players have the same name; give each a different one.")
    seed = seed.strip()
    if seed and not seed.lstrip("-").isdigit():
        raise ValueError("The seed is a whole number (or leave it empty for a random game).")
    return LocalGame(tuple(seats), profi=profi, seed=int(seed) if seed else None, pace=pace)


class LocalSetupScreen(ParlourScreen):
    """The form for a solo or hotseat game. Tab moves between fields."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start game"),
    ]

    def __init__(self, pace: float = DEFAULT_PACE) -> None:
        super().__init__()
        self.pace = pace

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static("New local game of Zatre", classes="screen-title")
            yield Static(
                "One human with bots is solo practice; two or more humans take turns at "
                "this keyboard (hotseat).",
                classes="hint",
            )
            with Grid(id="seats"):
                yield Label("Seat", classes="head")
                yield Label("Player", classes="head")
                yield Label("Name", classes="head")
                for i, (name, kind) in enumerate(DEFAULT_SEATS):
                    yield Label(f"{i + 1}")
                    options = KINDS + ([EMPTY] if i >= 2 else [])
                    yield Select(options, value=kind, allow_blank=False, compact=True,
                                 id=f"kind-{i}")
                    yield Input(name, max_length=MAX_NAME, compact=True, id=f"name-{i}")
            with Horizontal(id="options"):
                yield Label("Hints")
                yield Select([("shown", False), ("hidden (profi)", True)], value=False,
                             allow_blank=False, compact=True, id="profi")
                yield Label("Seed")
                yield Input(placeholder="random", compact=True, id="seed", restrict=r"-?\d*")
                yield Label("Bot pace")
                pace_options = [(name, value) for name, value in PACES.items()]
                pace_value = self.pace if self.pace in PACES.values() else None
                if pace_value is None:
                    pace_options.append((f"{self.pace:g} s", self.pace))
                    pace_value = self.pace
                yield Select(pace_options, value=pace_value, allow_blank=False, compact=True,
                             id="pace")
            yield Static("", id="setup-error")
            with Horizontal(classes="buttons"):
                yield Button("Start game", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self) -> None:
        self.focus_next()  # Enter in a field moves on; Start (or ctrl+s) starts

    def action_back(self) -> None:
        self.dismiss()

    def game(self) -> LocalGame:
        """The game the form describes; ``ValueError`` if it is not a valid one."""
        return parse_setup(
            [str(self.query_one(f"#kind-{i}", Select).value) for i in range(4)],
            [self.query_one(f"#name-{i}", Input).value for i in range(4)],
            bool(self.query_one("#profi", Select).value),
            self.query_one("#seed", Input).value,
            float(self.query_one("#pace", Select).value),  # type: ignore[arg-type]
        )

    def action_start(self) -> None:
        try:
            game = self.game()
        except ValueError as err:
            self.query_one("#setup-error", Static).update(f"✗ {err}")
            return
        self.query_one("#setup-error", Static).update("")
        self.app.start_local(game)  # type: ignore[attr-defined]
