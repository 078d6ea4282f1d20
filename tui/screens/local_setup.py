"""Local game setup: the game (Zatre or Zatre: Das Kartenspiel), 2-4 seats (human or
bot; Zatre in teams: 4 or 6 seats in pairs), names, ``profi``, seed, bot pace.

One human with bots is solo practice; several humans share the keyboard (hotseat).
The app keeps the form as it was last left (:class:`SetupForm`), so "New game" from
the results starts from the same seats and options; the seed goes back to random
(a line says which one was played, to play that game again).
"""

from __future__ import annotations

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, Select, Static

from net.protocol import plain_problem

from ..local_game import DEFAULT_PACE, GAMES, PACES, LocalGame, SeatChoice
from ..widgets.field_label import FieldLabel, MarksFocus
from .base import ParlourScreen

KINDS = [("Human", "human"), ("Bot, easy", "easy"), ("Bot, strong", "strong")]
EMPTY = ("(empty seat)", "none")
DEFAULT_SEATS = (("You", "human"), ("Ada", "strong"), ("Ben", "none"), ("Cleo", "none"),
                 ("Dan", "none"), ("Eve", "none"))
SEATS = len(DEFAULT_SEATS)
PLAIN_SEATS = 4
"""Seats of a game without teams (Zatre, the card game: 2-4 players); seats 5 and 6
are offered only for Zatre in teams."""
TEAMS = [("no", False), ("in pairs", True)]
MAX_NAME = 12


HUMAN_NAME = DEFAULT_SEATS[0][0]
"""The human's default name ("You"): never a bot's (it read "You & Ada win")."""


def bot_name(kinds: list[str], names: list[str], seat: int) -> str:
    """A name for a bot at ``seat`` in place of :data:`HUMAN_NAME`: the first default
    name (``"Ada"``, ``"Ben"``, ...) no other filled seat has, else ``"Bot N"``."""
    taken = {name.strip().casefold() for i, (kind, name) in enumerate(zip(kinds, names))
             if i != seat and kind != "none"}
    free = [name for name, _ in DEFAULT_SEATS[1:] if name.casefold() not in taken]
    return free[0] if free else f"Bot {seat + 1}"


def parse_setup(kinds: list[str], names: list[str], profi: bool, seed: str, pace: float,
                game: str = "zatre", teams: bool = False) -> LocalGame:
    """The game the form describes; ``ValueError`` with a message for the player if not.

    ``teams``: Zatre's Variant for Advanced Players; partners sit side by side (seats
    1+2, 3+4, 5+6), each pair seated whole or left empty. Without teams the form shows
    only :data:`PLAIN_SEATS` seats: what the others hold is not played."""
    if not teams:
        kinds, names = kinds[:PLAIN_SEATS], names[:PLAIN_SEATS]
    seats = []
    for index, (kind, name) in enumerate(zip(kinds, names)):
        if kind == "none":
            continue
        name = name.strip()
        if not name:
            raise ValueError("Every seat needs a name.")
        if kind != "human" and name.casefold() == HUMAN_NAME.casefold():
            name = bot_name(kinds, names, index)
        if len(name) > MAX_NAME:
            raise ValueError(f"Names have at most {MAX_NAME} letters: {name!r} is longer.")
        problem = plain_problem(name, f"The name {name!r}")
        if problem:
            raise ValueError(problem)
        seats.append(SeatChoice(name, None if kind == "human" else kind))
    if teams and game != "zatre":
        raise ValueError(f"Teams are a Zatre variant; {GAMES.get(game, game)} has none.")
    if teams:
        for first in range(0, len(kinds) - 1, 2):
            pair = kinds[first:first + 2]
            if (pair[0] == "none") != (pair[1] == "none"):
                empty = first + pair.index("none") + 1
                raise ValueError(f"Seat {empty} is empty, but partners sit side by side "
                                 "(seats 1+2, 3+4, 5+6): fill it or empty its partner's.")
    if teams and len(seats) not in (4, 6):
        raise ValueError(f"Zatre in teams needs 4 or 6 players (pairs); {len(seats)} seats are filled.")
    if not teams and not 2 <= len(seats) <= 4:
        raise ValueError(f"{GAMES.get(game, 'Zatre')} needs 2 to 4 players (6 only in teams): "
                         f"{len(seats)} seats are filled.")
    if len({s.name.casefold() for s in seats}) != len(seats):
        raise ValueError("Two players have the same name; give each a different one.")
    seed = seed.strip()
    if seed and not seed.lstrip("-").isdigit():
        raise ValueError("The seed is a whole number (or leave it empty for a random game).")
    if game not in GAMES:
        raise ValueError(f"Choose a game: {', '.join(GAMES.values())}.")
    return LocalGame(tuple(seats), profi=profi, seed=int(seed) if seed else None, pace=pace,
                     game=game, teams=teams)


@attrs.frozen
class SetupForm:
    """What the form holds: the ``game`` (a name in ``GAMES``), a kind (``human``,
    ``easy``, ``strong``, ``none``) and a name per seat, hints hidden (``profi``), the
    seed as typed, the bots' pace; ``last_seed``: the seed of the game last started
    from it (``None``: none yet); ``teams``: Zatre in pairs."""

    kinds: tuple[str, ...] = tuple(kind for _, kind in DEFAULT_SEATS)
    names: tuple[str, ...] = tuple(name for name, _ in DEFAULT_SEATS)
    profi: bool = False
    seed: str = ""
    pace: float = DEFAULT_PACE
    last_seed: int | None = None
    game: str = "zatre"
    teams: bool = False


class LocalSetupScreen(MarksFocus, ParlourScreen):
    """The form for a solo or hotseat game, filled from ``form`` (the last one left,
    else the defaults with ``pace``). Tab moves between fields; the focused one is
    marked ``▶``. Leaving (Start or Back) keeps the form in the app's
    ``local_form``."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start game"),
    ]

    def __init__(self, pace: float = DEFAULT_PACE, form: SetupForm | None = None) -> None:
        super().__init__()
        self.form = form if form is not None else SetupForm(pace=pace)
        self.pace = self.form.pace

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            with Horizontal(id="setup-game"):
                yield FieldLabel("New local game of", "game", classes="screen-title")
                yield Select([(title, name) for name, title in GAMES.items()],
                             value=self.form.game if self.form.game in GAMES else "zatre",
                             allow_blank=False, compact=True, id="game")
                yield FieldLabel("Teams", "teams")
                yield Select(TEAMS, value=self.form.teams and self.form.game == "zatre",
                             allow_blank=False, compact=True, id="teams",
                             disabled=self.form.game != "zatre")
            yield Static(
                "One human with bots is solo practice; two or more humans take turns at "
                "this keyboard (hotseat). Zatre in teams: 4 or 6 players, partners side by "
                "side (seats 1+2, 3+4, 5+6).",
                classes="hint",
            )
            form = self.form
            with Grid(id="seats"):
                yield Label("  Seat", classes="head")
                yield FieldLabel("Player", *(f"kind-{i}" for i in range(SEATS)), classes="head")
                yield FieldLabel("Name", *(f"name-{i}" for i in range(SEATS)), classes="head")
                for i in range(SEATS):
                    extra = "team-seat" if i >= PLAIN_SEATS else ""
                    yield FieldLabel(f"{i + 1}", f"kind-{i}", f"name-{i}", classes=extra)
                    options = KINDS + ([EMPTY] if i >= 2 else [])
                    yield Select(options, value=form.kinds[i], allow_blank=False, compact=True,
                                 id=f"kind-{i}", classes=extra)
                    yield Input(form.names[i], max_length=MAX_NAME, compact=True, id=f"name-{i}",
                                classes=extra)
            with Horizontal(id="options"):
                yield FieldLabel("Hints", "profi")
                yield Select([("shown", False), ("hidden (profi)", True)], value=form.profi,
                             allow_blank=False, compact=True, id="profi")
                yield FieldLabel("Seed", "seed")
                yield Input(form.seed, placeholder="random", compact=True, id="seed", restrict=r"-?\d*")
                yield FieldLabel("Bot pace", "pace")
                pace_options = [(name, value) for name, value in PACES.items()]
                pace_value = self.pace if self.pace in PACES.values() else None
                if pace_value is None:
                    pace_options.append((f"{self.pace:g} s", self.pace))
                    pace_value = self.pace
                yield Select(pace_options, value=pace_value, allow_blank=False, compact=True,
                             id="pace")
            if form.last_seed is not None:
                yield Static(f"The last game had seed {form.last_seed}: type it to play that game "
                             "again.", classes="hint", id="last-seed")
            yield Static("", id="setup-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Start game", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()
        self._offer_team_seats()

    def _offer_team_seats(self) -> None:
        """Seats 5 and 6 only for Zatre in teams (4 or 6 players); else 2-4 seats."""
        teams = bool(self.query_one("#teams", Select).value)
        self.query(".team-seat").set(display=teams)

    def on_select_changed(self, event: Select.Changed) -> None:
        """Teams are a Zatre variant: the choice is off and greyed for the card game;
        an error said about the form goes once the form changes."""
        if event.select.id == "game":
            teams = self.query_one("#teams", Select)
            zatre = event.value == "zatre"
            if not zatre:
                teams.value = False
            teams.disabled = not zatre
        if event.select.id in ("game", "teams"):
            self._offer_team_seats()
        if (event.select.id or "").startswith("kind-") and event.value in ("easy", "strong"):
            seat = int(event.select.id.split("-")[1])  # type: ignore[union-attr]
            field = self.query_one(f"#name-{seat}", Input)
            if field.value.strip().casefold() == HUMAN_NAME.casefold():
                form = self.current_form()
                field.value = bot_name(list(form.kinds), list(form.names), seat)
        self.query_one("#setup-error", Static).update("")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self) -> None:
        self.focus_next()  # Enter in a field moves on; Start (or ctrl+s) starts

    def action_back(self) -> None:
        self._keep(self.current_form())
        self.dismiss()

    def current_form(self) -> SetupForm:
        """The form as it stands now."""
        return SetupForm(
            tuple(str(self.query_one(f"#kind-{i}", Select).value) for i in range(SEATS)),
            tuple(self.query_one(f"#name-{i}", Input).value for i in range(SEATS)),
            bool(self.query_one("#profi", Select).value),
            self.query_one("#seed", Input).value,
            float(self.query_one("#pace", Select).value),  # type: ignore[arg-type]
            self.form.last_seed,
            str(self.query_one("#game", Select).value),
            bool(self.query_one("#teams", Select).value),
        )

    def _keep(self, form: SetupForm) -> None:
        if hasattr(self.app, "local_form"):
            self.app.local_form = form  # type: ignore[attr-defined]

    def game(self) -> LocalGame:
        """The game the form describes; ``ValueError`` if it is not a valid one."""
        form = self.current_form()
        return parse_setup(list(form.kinds), list(form.names), form.profi, form.seed, form.pace,
                           form.game, form.teams)

    def action_start(self) -> None:
        try:
            game = self.game()
        except ValueError as err:
            self.query_one("#setup-error", Static).update(f"✗ {err}")
            return
        self.query_one("#setup-error", Static).update("")
        # the next game starts from this form, with a random seed again (the app
        # notes which seed this game had)
        self._keep(attrs.evolve(self.current_form(), seed=""))
        self.app.start_local(game)  # type: ignore[attr-defined]
