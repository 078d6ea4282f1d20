"""The contract every Parlour game implements (design.md, "rules/ — the game contract").

In the spirit of OpenSpiel's state API and boardgame.io's game object: a game is one
object answering the same questions, so the host, the bots, the tests and the table
work on every game without knowing which one it is.

Seats are ``int`` indices ``0 .. seats-1`` in turn order (clockwise at the table).
"""

from __future__ import annotations

import re
from typing import Any, Generic, Literal, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

import attrs

Seat = int

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # view
E = TypeVar("E")  # event


def cell_text(cell: tuple[int, int]) -> str:
    """``"(7, 7)"``: a board cell as ``(row, col)``, as on the wire and in the log."""
    return f"({cell[0]}, {cell[1]})"


def plural(n: int, word: str) -> str:
    """A count with its word: ``"1 tile"``, ``"2 tiles"``, ``"0 points"`` (every count
    the games and the table show; player-tester 23, finding 10: "bag: 1 tiles")."""
    return f"{n} {word}{'s' * (n != 1)}"


def seat_name(seat: Seat, names: Sequence[str] = ()) -> str:
    """How words name the player at ``seat``: the name when ``names`` (by seat) has one,
    else ``"seat N"`` (1-based). The rules know no names: a text they make (a
    :class:`RuleViolation`'s message, an event's reason) says ``"seat N"``, and whoever
    shows it with names at hand puts them in with :func:`named`."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


_SEAT_WORDS = re.compile(r"\bseat (\d+)\b")


def named(text: str, names: Sequence[str]) -> str:
    """``text`` made by the rules with every player it names as ``"seat N"`` (see
    :func:`seat_name`) told by name where ``names`` has one: ``"seat 2 cannot pay 2
    Zestre"`` -> ``"Bogdan cannot pay 2 Zestre"``. A number with no name stays as it is."""
    def one(match: re.Match) -> str:
        return seat_name(int(match.group(1)) - 1, names) if int(match.group(1)) >= 1 else match.group(0)
    return _SEAT_WORDS.sub(one, text) if names else text


class RuleViolation(Exception):
    """An action the rules do not allow.

    ``code`` is a short stable identifier (``"not-adjacent"``), ``message`` the reason
    in the rulebook's words, ``rule`` the rulebook section it comes from
    (``"zatre-board.txt, How to Place a Tile, rule 2"``).
    """

    def __init__(self, code: str, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"


_MASK64 = (1 << 64) - 1


@attrs.frozen
class Rng:
    """A small deterministic generator (SplitMix64) kept inside a game state.

    Immutable: every draw returns the value and the next generator, so states stay
    frozen and a game replays exactly from its seed. Never shown in any view.
    """

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(seed & _MASK64)

    def next64(self) -> tuple[int, "Rng"]:
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31), Rng(s)

    def below(self, n: int) -> tuple[int, "Rng"]:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def shuffled(self, items: Sequence[Any]) -> tuple[tuple[Any, ...], "Rng"]:
        """``items`` in a uniformly random order (Fisher-Yates) and the next generator."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng


@attrs.frozen
class SeatScore:
    """One seat's final score: ``total`` in points and how it arose.

    ``parts`` are the named amounts that add up to ``total`` (``("score sheet", 63)``,
    ``("minus points", -5)``); ``breakdown`` explains them line by line in words.
    """

    seat: Seat
    total: int
    parts: tuple[tuple[str, int], ...] = ()
    breakdown: tuple[str, ...] = ()


@attrs.frozen
class Result:
    """Final standings. ``winners`` holds every seat sharing the best total."""

    scores: tuple[SeatScore, ...]
    winners: frozenset[Seat]


@runtime_checkable
class Bot(Protocol):
    """A bot sees what a human in its seat sees: the view and the legal actions."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Any) -> Any: ...


@runtime_checkable
class Game(Protocol, Generic[S, A, V, E]):
    """What every game answers (design.md). All functions are pure.

    - ``setup(options, seats, seed)``: the opening state, RNG included.
    - ``active_seats(state)``: seats that may act now (several where players act at once).
    - ``awaited(state)`` (optional): the active seats the game waits for, where a seat
      may act without being waited for (Zestrea: a Boyar who pressed Ready may still
      make an offer). Bots and timers act for these only; :func:`awaited` answers for
      every game (the active seats where a game does not say).
    - ``judged_now(state)`` (optional): whether an intent made against an older version
      is judged against ``state`` as it is (applied if still legal, else refused with
      the rule's reason) rather than refused as stale (Zestrea's step IV, reference
      §3.1); :func:`judged_now` answers for every game (``False`` where a game does not
      say).
    - ``why_not_now(state, seat)`` (optional): why ``seat``, not among the active seats,
      may not act now, in words naming players as ``"seat N"`` (:func:`seat_name`),
      where the game can say more than whose turn it is (Estate's draft: ``"You have
      picked; waiting for seat 1 and seat 3 to pick."``); ``None`` where it cannot.
      :func:`why_not_now` answers for every game (``None`` where a game does not say).
    - ``legal_actions(state, seat)``: every action ``seat`` may take now (empty if none).
      Where the actions of one kind cannot all be listed (an offer of any amount of
      Zestre and any set of cards), the kind stands in the sequence as one
      :class:`ActionKind`: its parameters' bounds, and in words what ``apply`` checks
      beyond them. Games whose actions can all be listed (Zatre, the card game) list
      them and need nothing else; :func:`permits` answers "is this action allowed by
      the answer?" for both, :func:`listed` and :func:`kinds` split an answer.
    - ``apply(state, seat, action)``: ``(new_state, events)``; raises
      :class:`RuleViolation` for an illegal action, leaving nothing changed. An action
      within an :class:`ActionKind`'s bounds is checked further here (its ``checks``).
    - ``view(state, seat)``: what ``seat`` may see (``None``: a spectator).
    - ``project_event(event, seat)``: an event as ``seat`` may see it.
    - ``is_over(state)`` / ``result(state)``.
    - ``seat_counts(options)``: the numbers of players these options allow, ascending
      (Zatre: ``(2, 3, 4)``, in teams ``(4, 6)``); ``min_seats``/``max_seats`` bound
      them over every option.
    - ``team_size(options)``: how many consecutive seats play as one side (1; 2 in
      Zatre's teams: seats 0+1, 2+3, 4+5), so a lobby keeps partners together.
    - ``describe(name, action, events, names)``: the turn ``name`` played, in words, as
      the table's log tells it (``"Ann laid 6 at (7, 7) → 12: +4"``), from the action and
      the events it caused; ``names`` (the players' names by seat, ``()`` if unknown)
      names the other players it mentions (:func:`seat_name`, :func:`named`: ``"seat N"``
      without them); ``parlour replay --text`` prints a game with it
      (:func:`describe_in`).
    - ``describe_in(state, name, action, events, names)`` (optional): ``describe``
      with ``state`` (the game after the action) at hand, for words the action and
      events alone cannot give (Zestrea's Couples named by their spouses);
      :func:`describe_in` answers for every game.
    - ``options_type``: an attrs class whose fields are the table options;
      :func:`option_specs` describes each (yes/no, a whole number with bounds, a
      choice), so a setup form and the lobby's ``/option NAME VALUE`` are drawn from it.
      Fields made with :func:`option` carry their bounds, choices and help.
    - ``timeouts(view)`` (optional): the timers that govern what the seat of ``view``
      is waited for now, as :class:`Timeout` entries (each the option giving its seconds,
      the situation it times and the action the seat is given when it runs out);
      ``()`` when the seat is not waited for. A game without timers does not have it;
      :func:`timeouts` answers for every game. It takes the seat's view, so the host
      and the seat's own table read the same default.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    options_type: type
    state_type: type
    action_type: Any
    view_type: type
    event_type: Any
    bots: Mapping[str, type]

    def setup(self, options: Any, seats: int, seed: int) -> S: ...
    def active_seats(self, state: S) -> frozenset[Seat]: ...
    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]: ...
    def apply(self, state: S, seat: Seat, action: A) -> tuple[S, tuple[E, ...]]: ...
    def view(self, state: S, seat: Seat | None) -> V: ...
    def project_event(self, event: E, seat: Seat | None) -> E: ...
    def is_over(self, state: S) -> bool: ...
    def result(self, state: S) -> Result: ...
    def seat_counts(self, options: Any) -> tuple[int, ...]: ...
    def team_size(self, options: Any) -> int: ...
    def describe(self, name: str, action: A, events: Sequence[E], names: Sequence[str] = ()) -> str: ...


# ---- state fields added after saves exist ---------------------------------------------

ADDED_KEY = "parlour.added"
"""The key under which :func:`added_field` marks a state field in its ``metadata``."""


def added_field(default: Any) -> Any:
    """An attrs field with ``default`` for a field added to a game's state class after
    saves of that game exist. A save holds the action log and a digest of the state
    reached (``net.saves.state_digest``); the digest leaves a field so marked out, so a
    save written before the field existed still resumes, even one saved at a point where
    its log gives the field a value other than ``default``. Mark only a top-level field
    of the state class, one that follows from the action log."""
    return attrs.field(default=default, metadata={ADDED_KEY: True})


# ---- options, described for the setup form and the lobby's /option ------------------

OPTION_KEY = "parlour.option"
"""The key under which :func:`option` stores an :class:`OptionSpec` in a field's
``metadata``."""


@attrs.frozen
class OptionSpec:
    """One table option, as a setup form or the lobby's ``/option NAME VALUE`` offers it.

    ``kind`` is ``"yes-no"`` (a ``bool``), ``"whole"`` (an ``int`` in ``lo .. hi``;
    ``hi`` ``None``: no upper bound) or ``"choice"`` (one of ``choices``, in the order
    shown). ``unit`` names a whole number's unit (``"s"`` for seconds); ``off`` is the
    whole number that means the option is off (a timer's 0), ``None`` if none does.
    ``help`` is one line in words for ``/help`` and the form. ``label`` is the form's
    short name for it (default: ``name``); ``words`` the form's words for its values,
    in order (a yes/no: off then on, ``("shown", "hidden (profi)")``; a choice: one per
    choice), default: ``off``/``on`` and the choices as they are.
    """

    name: str
    kind: str
    default: Any
    help: str = ""
    lo: int | None = None
    hi: int | None = None
    choices: tuple[Any, ...] = ()
    unit: str = ""
    off: int | None = None
    label: str = ""
    words: tuple[str, ...] = ()

    def values(self) -> tuple[tuple[str, Any], ...]:
        """A yes/no's or a choice's values with the form's words for them
        (``(("shown", False), ("hidden (profi)", True))``); ``()`` for a whole number."""
        if self.kind == "whole":
            return ()
        values = (False, True) if self.kind == "yes-no" else self.choices
        words = self.words or (("off", "on") if self.kind == "yes-no" else tuple(map(str, values)))
        return tuple(zip(words, values))

    def check(self, value: Any) -> None:
        """Raises ``ValueError`` in words if ``value`` is not allowed."""
        if self.kind == "yes-no":
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} is on or off")
        elif self.kind == "choice":
            if value not in self.choices or isinstance(value, bool) != isinstance(self.default, bool):
                raise ValueError(f"{self.name} is one of {', '.join(map(str, self.choices))}")
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{self.name} is a whole number")
            if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
                raise ValueError(f"{self.name} is a whole number {self.bounds()}")

    def bounds(self) -> str:
        """``"from 0 to 600"``, ``"from 0"``: a whole number's bounds in words."""
        if self.hi is None:
            return f"from {self.lo}" if self.lo is not None else "of any size"
        return f"from {self.lo} to {self.hi}"

    def parse(self, text: str) -> Any:
        """The value typed as ``text`` (``on``/``off``/``yes``/``no`` for yes/no, digits
        for a whole number, a choice's spelling); ``ValueError`` in words otherwise."""
        word = text.strip().lower()
        if self.kind == "yes-no":
            if word in ("on", "yes", "true", "1"):
                return True
            if word in ("off", "no", "false", "0"):
                return False
            raise ValueError(f"{self.name} is on or off")
        if self.kind == "whole" or all(isinstance(c, int) for c in self.choices):
            if self.kind == "whole" and self.off is not None and word == "off":
                value: Any = self.off
            else:
                try:
                    value = int(word)
                except ValueError:
                    raise ValueError(f"{self.name} is a whole number") from None
        else:
            value = next((c for c in self.choices if str(c).lower() == word), text)
        self.check(value)
        return value


def option(default: Any, help: str = "", *, lo: int | None = None, hi: int | None = None,
           choices: Sequence[Any] = (), unit: str = "", off: int | None = None,
           label: str = "", words: Sequence[str] = ()) -> Any:
    """An attrs field for a game's options class that describes itself: the kind follows
    from ``default`` and the arguments (``choices`` given: a choice; a ``bool`` default:
    yes/no; else a whole number in ``lo .. hi``). Values are checked on construction
    (``ValueError``), so ``attrs.evolve`` refuses a bad ``/option`` value in words."""
    if choices:
        kind = "choice"
    elif isinstance(default, bool):
        kind = "yes-no"
    else:
        kind = "whole"
    spec = OptionSpec("", kind, default, help, lo, hi, tuple(choices), unit, off, label, tuple(words))

    def validate(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
        attrs.evolve(spec, name=attribute.name).check(value)

    return attrs.field(default=default, validator=validate, metadata={OPTION_KEY: spec})


def option_specs(options_type: type) -> tuple[OptionSpec, ...]:
    """Every option of a game's options class, in field order. Fields made with
    :func:`option` describe themselves; a plain ``bool`` field is a yes/no and a plain
    ``int`` field a whole number from 0 (so older options classes need no change)."""
    specs = []
    for field in attrs.fields(options_type):
        spec = field.metadata.get(OPTION_KEY)
        if spec is None:
            default = field.default
            kind = "yes-no" if isinstance(default, bool) else "whole"
            spec = OptionSpec("", kind, default, lo=0 if kind == "whole" else None)
        specs.append(attrs.evolve(spec, name=field.name, label=spec.label or field.name))
    return tuple(specs)


# ---- actions that cannot all be listed: kinds with parameter bounds ----------------------


@attrs.frozen
class Whole:
    """Parameter ``name`` is a whole number in ``lo .. hi`` (both included)."""

    name: str
    lo: int
    hi: int
    type: Literal["whole"] = "whole"

    def holds(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi


@attrs.frozen
class OneOf:
    """Parameter ``name`` is one of ``values`` (seats, ids, words; ``None`` allowed if
    listed)."""

    name: str
    values: tuple[Any, ...]
    type: Literal["one-of"] = "one-of"

    def holds(self, value: Any) -> bool:
        return any(value == v and type(value) is type(v) for v in self.values)


@attrs.frozen
class SomeOf:
    """Parameter ``name`` is a tuple of ``lo .. hi`` distinct items of ``values``; with
    ``ordered`` the order given matters (rolls in that order), else any order is the
    same choice."""

    name: str
    values: tuple[Any, ...]
    lo: int = 0
    hi: int | None = None
    ordered: bool = False
    type: Literal["some-of"] = "some-of"

    def holds(self, value: Any) -> bool:
        if not isinstance(value, tuple) or not all(OneOf("", self.values).holds(v) for v in value):
            return False
        hi = len(self.values) if self.hi is None else self.hi
        return len(set(value)) == len(value) and self.lo <= len(value) <= hi


Param = Whole | OneOf | SomeOf


@attrs.frozen
class ActionKind:
    """A kind of action too varied to list one by one (an offer of any amount and any
    set of cards), given by its parameters' bounds.

    ``kind`` is the ``kind`` tag of the action class; ``params`` bound the action's
    fields by name; ``fixed`` gives fields that take one value here (an offer's id).
    Every action of that kind whose fields lie within the bounds *may* be legal;
    ``checks`` says in words what :meth:`Game.apply` checks beyond the bounds (two
    villagers of opposite sex, what the payers can afford), ``""`` if nothing: then
    every action within the bounds is legal.
    """

    kind: str
    params: tuple[Param, ...]
    fixed: tuple[tuple[str, Any], ...] = ()
    checks: str = ""

    def bounds(self, action: Any) -> bool:
        """Whether ``action`` is of this kind with every parameter within bounds."""
        if getattr(action, "kind", None) != self.kind:
            return False
        if any(getattr(action, name, None) != value for name, value in self.fixed):
            return False
        return all(p.holds(getattr(action, p.name, None)) for p in self.params)


def permits(legal: Sequence[Any], action: Any) -> bool:
    """Whether ``action`` is among ``legal`` (a :meth:`Game.legal_actions` answer):
    listed there, or within the bounds of one of its :class:`ActionKind` entries."""
    return any(a.bounds(action) if isinstance(a, ActionKind) else a == action for a in legal)


def listed(legal: Sequence[Any]) -> tuple[Any, ...]:
    """The entries of ``legal`` that are whole actions (no :class:`ActionKind`)."""
    return tuple(a for a in legal if not isinstance(a, ActionKind))


def kinds(legal: Sequence[Any]) -> tuple[ActionKind, ...]:
    """The :class:`ActionKind` entries of ``legal``."""
    return tuple(a for a in legal if isinstance(a, ActionKind))


def action_class(action_type: Any, kind: str) -> type:
    """The class in a game's ``action_type`` (a union of attrs classes tagged by a
    ``kind`` field) whose tag is ``kind``; ``KeyError`` if none."""
    import typing

    for cls in typing.get_args(action_type) or (action_type,):
        tag = next((f.default for f in attrs.fields(cls) if f.name == "kind"), None)
        if tag == kind:
            return cls
    raise KeyError(kind)


def sample(kind: ActionKind, action_type: Any, rnd: Any) -> Any:
    """One action of ``kind`` with every parameter drawn within its bounds by ``rnd``
    (a ``random.Random``): for a plain bot or a timer that must do something. It may
    still be refused by the checks ``kind.checks`` names."""
    values = dict(kind.fixed)
    for p in kind.params:
        if isinstance(p, Whole):
            values[p.name] = rnd.randint(p.lo, p.hi)
        elif isinstance(p, OneOf):
            values[p.name] = rnd.choice(p.values)
        else:
            hi = len(p.values) if p.hi is None else p.hi
            values[p.name] = tuple(rnd.sample(p.values, rnd.randint(p.lo, hi)))
    return action_class(action_type, kind.kind)(**values)


def describe_in(game: Any, state: Any, name: str, action: Any, events: Sequence[Any],
                names: Sequence[str] = ()) -> str:
    """The turn ``name`` played in ``game``'s words, as its table's log tells it:
    ``game.describe_in(state, ...)`` where the game has one (``state``: the game after
    the action), else ``game.describe(name, action, events, names)``."""
    own = getattr(game, "describe_in", None)
    if own is not None:
        return own(state, name, action, events, names)
    return game.describe(name, action, events, names)


def judged_now(game: Any, state: Any) -> bool:
    """Whether ``game`` judges an out-of-date intent against ``state`` as it is: its
    ``judged_now(state)`` if it has one, else ``False`` (such an intent is stale)."""
    own = getattr(game, "judged_now", None)
    return bool(own(state)) if own is not None else False


def why_not_now(game: Any, state: Any, seat: Seat) -> str | None:
    """Why ``seat`` may not act in ``state``, in ``game``'s words (``"seat N"`` for
    players): its ``why_not_now(state, seat)`` if it has one, else ``None`` (the host
    then says whose turn it is not)."""
    own = getattr(game, "why_not_now", None)
    return own(state, seat) if own is not None else None


def awaited(game: Any, state: Any) -> frozenset[Seat]:
    """The seats ``game`` waits for in ``state``: its ``awaited(state)`` if it has one,
    else its active seats (every seat that may act is waited for)."""
    own = getattr(game, "awaited", None)
    return own(state) if own is not None else game.active_seats(state)


# ---- timers: what a waited-for seat is given when its time runs out -----------------------


@attrs.frozen
class Timeout:
    """One timer over what a seat is waited for now (Zestrea: reference §3.9).

    ``option``: the name of the options field holding the timer's length in whole
    seconds (``0``: off). ``situation``: what it times, a hashable value that stays the
    same while the situation lasts (an auction turn, one wedding window, a whole step)
    and differs in the next one; a host keeps one timer per ``(option, situation)``,
    started when the situation first awaits a seat and started again for a new one.
    ``action``: what the seat is given when the timer runs out, applied like any of its
    own actions (the situation's default).
    """

    option: str
    situation: Any
    action: Any


def timeouts(game: Any, view: Any) -> tuple[Timeout, ...]:
    """The :class:`Timeout` entries over what the seat of ``view`` is waited for now:
    ``game.timeouts(view)`` if the game has timers, else ``()``."""
    own = getattr(game, "timeouts", None)
    return tuple(own(view)) if own is not None else ()
