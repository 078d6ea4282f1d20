"""Local game setup: the game (Zatre or Zatre: Das Kartenspiel), 2-4 seats (human or
bot; Zatre in teams: 4 or 6 seats in pairs), names, the game's options, seed, bot pace.

The options' fields are drawn from each game's options type
(:func:`rules.core.option_specs`): a list for a yes/no or a choice (in the option's
own words: Zatre's Hints "shown" or "hidden (profi)"), a field for a whole number
within its bounds. Fields of options the chosen game lacks are hidden and set back
(Teams for the card game).

One human with bots is solo practice; several humans share the keyboard (hotseat).
The app keeps the form as it was last left (:class:`SetupForm`), so "New game" from
the results starts from the same seats and options; the seed goes back to random
(a line says which one was played, to play that game again).
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, Select, Static

from net.protocol import plain_problem
from rules.core import OptionSpec, option_specs

from ..local_game import DEFAULT_PACE, GAMES, PACES, RULES, LocalGame, SeatChoice
from ..widgets.field_label import FieldLabel, MarksFocus
from ..widgets.name_input import NameInput
from ..widgets.open_lists import take_open_lists
from ..widgets.told_input import ToldInput
from .base import ParlourScreen

KINDS = [("Human", "human"), ("Bot, easy", "easy"), ("Bot, strong", "strong")]
EMPTY = ("(empty seat)", "none")
DEFAULT_SEATS = (("You", "human"), ("Ada", "strong"), ("Ben", "none"), ("Cleo", "none"),
                 ("Dan", "none"), ("Eve", "none"))
SEATS = len(DEFAULT_SEATS)
PLAIN_SEATS = 4
"""Seats of a game without teams (Zatre, the card game: 2-4 players); seats 5 and 6
are offered only for Zatre in teams."""
MAX_NAME = 12
"""Characters a name has at most here (the Name column's head says so)."""
SEED_WORDS = "The seed is a whole number (or leave it empty for a random game)."
"""What the Seed field takes: said when it refuses a key (player-tester 23, finding 8)
and when a seed typed some other way is refused."""
FORM_IDS = frozenset({"game", "seed", "pace", "start", "back", "setup-error", "last-seed"})
"""Ids of the form's own fields: no option may be named so."""


def form_options() -> tuple[OptionSpec, ...]:
    """Every option of the games a local table plays (:data:`RULES`), each name once
    (the first game's spec of it: Zatre's ``profi`` and the card game's agree), in
    order: the form's option fields."""
    seen: dict[str, OptionSpec] = {}
    for game in RULES.values():
        for spec in option_specs(game.options_type):
            if spec.name in FORM_IDS or spec.name.startswith(("kind-", "name-")):
                raise ValueError(f"{game.name}'s option {spec.name!r} has the name of a field of the form")
            seen.setdefault(spec.name, spec)
    return tuple(seen.values())


def game_option_names(game: str) -> frozenset[str]:
    """The names of ``game``'s options (none for a game this form does not know)."""
    rules = RULES.get(game)
    return frozenset(spec.name for spec in option_specs(rules.options_type)) if rules else frozenset()


def has_hints(game: str) -> bool:
    """Whether ``game`` has the ``profi`` option that hides the move hints (Zatre, the
    card game): the forms' *Hints* field is for those games only."""
    return "profi" in game_option_names(game)


def parse_options(game: str, values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """``game``'s options as the form holds them (``values``: name -> a list's value, or
    the text typed for a whole number, empty for none where that is the default),
    checked against the game's option specs: ``((name, value), ...)``. ``ValueError``
    naming the field by its label and what is allowed if not (``"Start Zestre is a whole
    number from 0 to 30."``; never the option's name, ``starting_zestre``, which a
    player of the form never sees: player-tester 23, finding 8)."""
    rules = RULES[game]
    out = []
    for spec in option_specs(rules.options_type):
        if spec.name not in values:
            continue
        value = values[spec.name]
        labelled = attrs.evolve(spec, name=field_label(spec))  # its refusals say the label
        try:
            if spec.kind != "whole":
                labelled.check(value)
            elif str(value).strip() or spec.default is not None:
                value = labelled.parse(str(value))
            else:
                value = None  # left empty: none (an option whose default is none)
        except ValueError as err:
            raise ValueError(f"{err}.") from None
        out.append((spec.name, value))
    return tuple(out)


HUMAN_NAME = DEFAULT_SEATS[0][0]
"""The human's default name ("You"): never a bot's (it read "You & Ada win")."""


BOT_NAMES = tuple(name for name, _ in DEFAULT_SEATS[1:]) + ("Fay",)
"""Names the form gives bots, one more than the other seats: one is always free."""


def bot_name(names: list[str], seat: int) -> str:
    """A name for a bot at ``seat`` in place of :data:`HUMAN_NAME`: the first of
    :data:`BOT_NAMES` that no other seat has, an empty seat's included, since it may be
    filled next (tester 6, finding 4: seat 1 turned bot became "Ben", seat 3's name).
    ``names``: the seats' names in order, at most :data:`SEATS`."""
    taken = {name.strip().casefold() for i, name in enumerate(names) if i != seat}
    return next(name for name in BOT_NAMES if name.casefold() not in taken)


SOLO_IGNORES = {("estate", "interactive_deck"): "not in solo"}
"""Options a game's solo mode ignores, by (game, option): a few words after its greyed
label, short enough that the fields beside it keep their room at 80 columns (the hint
says why: Estate rulebook Solo Mode, reference E-F48; player-tester findings on Estate,
item 15: "leaders ch ▼")."""


def field_label(spec: OptionSpec) -> str:
    """An option's label as the form shows it, capitalised like the form's own labels
    (``"Interactive deck"`` beside ``"Hints shown"``; tester item 15)."""
    return spec.label[:1].upper() + spec.label[1:]


def setup_hint(game: str) -> str:
    """The line above the seats: solo or hotseat, and for Zatre how teams sit."""
    hint = ("One human with bots is solo practice; two or more humans take turns at this "
            "keyboard (hotseat).")
    if game == "zatre":
        hint += " Zatre in teams: 4 or 6 players, partners side by side (seats 1+2, 3+4, 5+6)."
    if game == "estate":  # what each list's choice means (player-tester 2, item 10; E-R1, E-F48)
        hint += (" One seat alone: solo mode, without the Interactive Deck (Judge, Royal "
                 "Ambassador, City Watch). Leaders: chosen (last seat first) or dealt at random.")
    return hint


def plain_seats(game: str) -> int:
    """The seats the form offers for ``game`` without teams: :data:`PLAIN_SEATS` for
    Zatre (5 and 6 only in teams), else the game's most (Zestrea: 6)."""
    rules = RULES.get(game)
    return PLAIN_SEATS if rules is None or game == "zatre" else rules.max_seats


def _same_names(seats: list[SeatChoice], numbers: list[int]) -> str:
    """The refusal for the first name two filled seats share, naming the seats
    (``numbers``, 1-based, one per seat): "Seats 1 and 3 have the same name, 'Ben';
    give each a different one." (tester 6, finding 4); ``""`` if every name differs."""
    for seat in seats:
        same = [n for other, n in zip(seats, numbers) if other.name.casefold() == seat.name.casefold()]
        if len(same) > 1:
            listed = ", ".join(map(str, same[:-1])) + f" and {same[-1]}"
            return f"Seats {listed} have the same name, {seat.name!r}; give each a different one."
    return ""


def parse_setup(kinds: list[str], names: list[str], profi: bool, seed: str, pace: float,
                game: str = "zatre", teams: bool = False,
                options: Mapping[str, Any] | None = None) -> LocalGame:
    """The game the form describes; ``ValueError`` with a message for the player if not.

    ``teams``: Zatre's Variant for Advanced Players; partners sit side by side (seats
    1+2, 3+4, 5+6), each pair seated whole or left empty. Without teams the form shows
    only :data:`PLAIN_SEATS` seats: what the others hold is not played. ``options``:
    the game's other options by name (:func:`parse_options`)."""
    most = plain_seats(game)
    if not teams:
        kinds, names = kinds[:most], names[:most]
    seats, numbers = [], []
    for index, (kind, name) in enumerate(zip(kinds, names)):
        if kind == "none":
            continue
        numbers.append(index + 1)
        name = name.strip()
        if not name:
            raise ValueError("Every seat needs a name.")
        if kind != "human" and name.casefold() == HUMAN_NAME.casefold():
            name = bot_name(names, index)
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
    filled = f"{len(seats)} seat{'s' * (len(seats) != 1)} {'are' if len(seats) != 1 else 'is'} filled"
    if teams and len(seats) not in (4, 6):
        raise ValueError(f"Zatre in teams needs 4 or 6 players (pairs); {filled}.")
    least = RULES[game].min_seats if game in RULES else 2
    if not teams and not least <= len(seats) <= most:
        six = " (6 only in teams)" if game == "zatre" else ""
        raise ValueError(f"{GAMES.get(game, 'Zatre')} needs {least} to {most} players{six}: "
                         f"{filled}.")
    same = _same_names(seats, numbers)
    if same:
        raise ValueError(same)
    seed = seed.strip()
    if seed and not seed.lstrip("-").isdigit():
        raise ValueError(SEED_WORDS)
    if game not in GAMES:
        raise ValueError(f"Choose a game: {', '.join(GAMES.values())}.")
    return LocalGame(tuple(seats), profi=profi, seed=int(seed) if seed else None, pace=pace,
                     game=game, teams=teams, options=parse_options(game, options or {}))


@attrs.frozen
class SetupForm:
    """What the form holds: the ``game`` (a name in ``GAMES``), a kind (``human``,
    ``easy``, ``strong``, ``none``) and a name per seat, the seed as typed, the bots'
    pace; ``last_seed``: the seed of the game last started from it (``None``: none
    yet), a game of ``last_game``; ``options``: each option field's value (a whole number as typed) by name,
    ``(("profi", True), ("teams", False))``, the defaults where not given."""

    kinds: tuple[str, ...] = tuple(kind for _, kind in DEFAULT_SEATS)
    names: tuple[str, ...] = tuple(name for name, _ in DEFAULT_SEATS)
    seed: str = ""
    pace: float = DEFAULT_PACE
    last_seed: int | None = None
    game: str = "zatre"
    options: tuple[tuple[str, Any], ...] = ()
    last_game: str = "zatre"

    def option(self, spec: OptionSpec) -> Any:
        """The field's value for ``spec`` (its default if the form has none)."""
        return dict(self.options).get(spec.name, spec.default)


def replayed_form(view: Any, names: tuple[str, ...], bots: tuple[str | None, ...],
                  pace: float = DEFAULT_PACE, player: str = HUMAN_NAME) -> SetupForm | None:
    """The form for a new game like the one a replay shows (player-tester 4, item 5):
    its game (the one whose view ``view`` is), its options (the view's ``options``), and
    its seats (``names``; a seat with a bot in ``bots`` is that bot, else a human). A
    game of bots only gives its first seat to the player, named ``player``, as a new
    game's form does (leftovers item 3); the other seats stay as they were. ``None``
    when no local game plays that view."""
    game = next((name for name, rules in RULES.items() if isinstance(view, rules.view_type)), None)
    if game is None:
        return None
    options = getattr(view, "options", None)
    values = tuple((spec.name, getattr(options, spec.name)) for spec in option_specs(type(options))
                   ) if options is not None and attrs.has(type(options)) else ()
    kinds = [bot or "human" for bot in bots[:SEATS]]
    seats = [name[:MAX_NAME] for name in names[:SEATS]]
    if kinds and "human" not in kinds:
        kinds[0], seats[0] = "human", player[:MAX_NAME]
    # the empty seats' names: ones no seat has (a replay of "Hana" and "Eve" left seat 6
    # "Eve" too, a clash the moment it was filled: tester 6, finding 4)
    unused = [name for name in BOT_NAMES if name.casefold() not in {n.casefold() for n in seats}]
    spare = unused[:SEATS - len(seats)]
    return SetupForm(tuple(kinds) + ("none",) * len(spare), tuple(seats + spare), pace=pace, game=game,
                     options=values)


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
        self._taken: set[tuple[str | None, Any]] = set()
        """Lists' choices ctrl+s took before their Changed came (:meth:`commit_open_lists`)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            with Horizontal(id="setup-game"):
                yield FieldLabel("New local game of", "game", classes="screen-title")
                yield Select([(title, name) for name, title in GAMES.items()],
                             value=self.form.game if self.form.game in GAMES else "zatre",
                             allow_blank=False, compact=True, id="game")
            with Grid(id="game-options"):
                for spec in form_options():
                    yield FieldLabel(field_label(spec), spec.name, classes="game-option")
                    yield self._option_field(spec)
            yield Static(setup_hint(self.form.game), classes="hint", id="setup-hint")
            form = self.form
            with Grid(id="seats"):
                yield Label("  Seat", classes="head")
                yield FieldLabel("Player", *(f"kind-{i}" for i in range(SEATS)), classes="head")
                yield FieldLabel(f"Name (up to {MAX_NAME})", *(f"name-{i}" for i in range(SEATS)),
                                 classes="head")
                for i in range(SEATS):
                    extra = f"team-seat seat-{i}" if i >= PLAIN_SEATS else ""
                    yield FieldLabel(f"{i + 1}", f"kind-{i}", f"name-{i}", classes=extra)
                    options = KINDS + ([EMPTY] if i >= 1 else [])  # (a solo game: seat 2 empty)
                    yield Select(options, value=form.kinds[i], allow_blank=False, compact=True,
                                 id=f"kind-{i}", classes=extra)
                    yield NameInput(form.names[i], MAX_NAME, compact=True, id=f"name-{i}", classes=extra)
            with Horizontal(id="options"):
                yield FieldLabel("Seed", "seed")
                yield ToldInput(form.seed, "Seed: digits only", f"{SEED_WORDS} Only digits are taken.",
                                placeholder="random", compact=True, id="seed", restrict=r"-?\d*")
                yield FieldLabel("Bot pace", "pace")
                pace_options = [(name, value) for name, value in PACES.items()]
                pace_value = self.pace if self.pace in PACES.values() else None
                if pace_value is None:
                    pace_options.append((f"{self.pace:g} s", self.pace))
                    pace_value = self.pace
                yield Select(pace_options, value=pace_value, allow_blank=False, compact=True,
                             id="pace")
            if form.last_seed is not None:
                last = Static(f"The last game had seed {form.last_seed}: type it to play that game "
                              "again.", classes="hint", id="last-seed")
                last.display = form.game == form.last_game
                yield last
            yield Static("", id="setup-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Start game", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def _option_field(self, spec: OptionSpec) -> Select | Input:
        """The field for one option: a list of a yes/no's or a choice's values in its
        words, or an input for a whole number (its bounds as the placeholder)."""
        value = self.form.option(spec)
        if spec.kind == "whole":
            restrict = r"-?\d*" if spec.lo is None or spec.lo < 0 else r"\d*"
            return Input("" if value is None else str(value), placeholder=spec.bounds(), restrict=restrict, max_length=9,
                         compact=True, id=spec.name, classes="game-option", tooltip=spec.help or None)
        values = spec.values()
        if value not in [v for _, v in values]:
            value = spec.default
        return Select(values, value=value, allow_blank=False, compact=True, id=spec.name,
                      classes="game-option", tooltip=spec.help or None)

    def on_mount(self) -> None:
        self.query_one("#game", Select).focus()  # not Start: Enter must not start a game by mistake
        self._offer_options()
        self._offer_team_seats()

    def _offer_options(self) -> None:
        """Only the chosen game's option fields show; the others are set back to their
        defaults and switched off (Teams for the card game). An option one seat alone
        ignores (Estate's Interactive Deck in its solo mode) is greyed, its label says why."""
        game = str(self.query_one("#game", Select).value)
        has = game_option_names(game)
        seated = sum(str(self.query_one(f"#kind-{i}", Select).value) != "none" for i in range(SEATS))
        grid = self.query_one("#game-options", Grid)
        labels = {name: lb for lb in grid.query(FieldLabel) for name in lb.fields}  # (one walk)
        for spec in form_options():
            field = grid.get_child_by_id(spec.name)
            label = labels[spec.name]
            on = spec.name in has
            if not on:
                if isinstance(field, Select):
                    field.value = spec.default
                elif isinstance(field, Input):
                    field.value = "" if spec.default is None else str(spec.default)
            why = SOLO_IGNORES.get((game, spec.name), "") if seated == 1 else ""
            label.text = field_label(spec) + (f" ({why})" if why else "")
            label.mark(self.focused.id if self.focused else None)
            field.disabled = not on or bool(why)
            field.display = label.display = on

    def _offer_team_seats(self) -> None:
        """Seats 5 and 6 for Zatre in teams; else up to the game's most (Estate 5, Zestrea 6)."""
        teams = dict(self._option_values()).get("teams") is True
        most = plain_seats(self.query_one("#game", Select).value)  # type: ignore[arg-type]
        for i in range(PLAIN_SEATS, SEATS):  # (Estate: 5 seats, Zestrea: 6)
            self.query(f".team-seat.seat-{i}").set(display=teams or i < most)

    def _option_values(self) -> tuple[tuple[str, Any], ...]:
        """Every option field's value (a whole number as typed), by name."""
        values = []
        for spec in form_options():
            field = self.query_one(f"#{spec.name}")
            values.append((spec.name, field.value))
        return tuple(values)

    def on_select_changed(self, event: Select.Changed) -> None:
        """Teams are a Zatre variant: the choice is off and greyed for the card game;
        an error said about the form goes once the form changes (not for a choice
        ctrl+s already took: :meth:`commit_open_lists`)."""
        taken = (event.select.id, event.value)
        if taken in self._taken:
            self._taken.discard(taken)
            return
        self._follow(event.select, event.value)
        self.query_one("#setup-error", Static).update("")

    def _follow(self, select: Select, value: Any) -> None:
        """What follows a list's new ``value``: the game's own fields and hint, the
        seats it offers; a seat turned bot loses the human's default name."""
        if select.id == "game":
            self._offer_options()
            self.query_one("#setup-hint", Static).update(setup_hint(value))
            for last in self.query("#last-seed"):  # its seed makes that game only (tester 7, finding 7a)
                last.display = value == self.form.last_game
        if select.id in ("game", "teams"):
            self._offer_team_seats()
        if (select.id or "").startswith("kind-"):
            self._offer_options()  # one seat alone: what solo ignores greys
        if (select.id or "").startswith("kind-") and value in ("easy", "strong"):
            seat = int(select.id.split("-")[1])  # type: ignore[union-attr]
            field = self.query_one(f"#name-{seat}", Input)
            if field.value.strip().casefold() == HUMAN_NAME.casefold():
                form = self.current_form()
                field.value = bot_name(list(form.names), seat)

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
            self.query_one("#seed", Input).value,
            float(self.query_one("#pace", Select).value),  # type: ignore[arg-type]
            self.form.last_seed,
            str(self.query_one("#game", Select).value),
            self._option_values(),
            self.form.last_game,
        )

    def _keep(self, form: SetupForm) -> None:
        if hasattr(self.app, "local_form"):
            self.app.local_form = form  # type: ignore[attr-defined]

    def game(self) -> LocalGame:
        """The game the form describes; ``ValueError`` if it is not a valid one."""
        form = self.current_form()
        has = game_option_names(form.game)
        values = {name: value for name, value in form.options if name in has}
        # Zatre's profi and teams are LocalGame's own fields (the team seats follow them)
        profi, teams = values.pop("profi", False) is True, values.pop("teams", False) is True
        return parse_setup(list(form.kinds), list(form.names), profi, form.seed, form.pace,
                           form.game, teams, values)

    def commit_open_lists(self) -> None:
        """An open list's highlighted entry counts as chosen at once, and what follows
        it (the game's fields, the seats) is offered from it (:func:`take_open_lists`)."""
        for select, value in take_open_lists(self):
            self._taken.add((select.id, value))  # its Changed comes later
            self._follow(select, value)

    def action_start(self) -> None:
        self.commit_open_lists()
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
