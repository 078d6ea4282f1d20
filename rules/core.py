"""The contract every Parlour game implements (design.md, "rules/ — the game contract").

In the spirit of OpenSpiel's state API and boardgame.io's game object: a game is one
object answering the same questions, so the host, the bots, the tests and the table
work on every game without knowing which one it is.

Seats are ``int`` indices ``0 .. seats-1`` in turn order (clockwise at the table).
"""

from __future__ import annotations

from typing import Any, Generic, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

import attrs

Seat = int

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # view
E = TypeVar("E")  # event


def cell_text(cell: tuple[int, int]) -> str:
    """``"(7, 7)"``: a board cell as ``(row, col)``, as on the wire and in the log."""
    return f"({cell[0]}, {cell[1]})"


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
    - ``legal_actions(state, seat)``: every action ``seat`` may take now (empty if none).
    - ``apply(state, seat, action)``: ``(new_state, events)``; raises
      :class:`RuleViolation` for an illegal action, leaving nothing changed.
    - ``view(state, seat)``: what ``seat`` may see (``None``: a spectator).
    - ``project_event(event, seat)``: an event as ``seat`` may see it.
    - ``is_over(state)`` / ``result(state)``.
    - ``seat_counts(options)``: the numbers of players these options allow, ascending
      (Zatre: ``(2, 3, 4)``, in teams ``(4, 6)``); ``min_seats``/``max_seats`` bound
      them over every option.
    - ``team_size(options)``: how many consecutive seats play as one side (1; 2 in
      Zatre's teams: seats 0+1, 2+3, 4+5), so a lobby keeps partners together.
    - ``describe(name, action, events)``: the turn ``name`` played, in words, as the
      table's log tells it (``"Ann laid 6 at (7, 7) → 12: +4"``), from the action and
      the events it caused; ``parlour replay --text`` prints a game with it.
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
    def describe(self, name: str, action: A, events: Sequence[E]) -> str: ...
