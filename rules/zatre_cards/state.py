"""Zatre: Das Kartenspiel's state, actions, events and views: frozen attrs classes,
cattrs-friendly (tagged by a ``kind`` literal).

Cells are ``(row, col)`` on an open table without edges: any integers, ``(0, 0)`` where
the opening's first half lies. A card covers two orthogonally adjacent cells: the cell
of its first half ``a`` and, one step in its ``orientation``, its second half ``b``.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core import Rng, Seat, option
from .cards import Card
from .sheet import Sheet, SheetEntry

Cell = tuple[int, int]
Orientation = Literal["right", "down", "left", "up"]
ORIENTATIONS: tuple[Orientation, ...] = ("right", "down", "left", "up")
STEP: dict[str, Cell] = {"right": (0, 1), "down": (1, 0), "left": (0, -1), "up": (-1, 0)}
"""Where the second half lies, seen from the first half."""


@attrs.frozen
class ZatreCardsOptions:
    """Table options. ``profi``: hide the placement hints; it changes no rule (as in
    the board game's online table)."""

    profi: bool = option(False, "hide the hints: where a card may go and what it scores",
                         label="Hints", words=("shown", "hidden (profi)"))


# ---- actions -------------------------------------------------------------------


@attrs.frozen(order=True)
class LayCard:
    """Lay card ``card`` (an id in the hand) with its first half on ``cell`` and its
    second half one step ``orientation`` ("right", "down", "left", "up") from it."""

    card: int
    cell: Cell
    orientation: Orientation = "right"
    kind: Literal["lay"] = "lay"

    @property
    def second(self) -> Cell:
        dr, dc = STEP[self.orientation]
        return (self.cell[0] + dr, self.cell[1] + dc)

    @property
    def cells(self) -> tuple[Cell, Cell]:
        return (self.cell, self.second)


@attrs.frozen
class LayOpening:
    """The starting player's first turn of a round: two touching cards on the empty
    table ("Gameplay": "The starting player lays two cards on the empty table")."""

    first: LayCard
    second: LayCard
    kind: Literal["opening"] = "opening"


@attrs.frozen
class ShowHand:
    """"Exception": no card in hand can be laid without a line over twelve: show the
    hand, put it with the set-aside cards and draw three from there."""

    kind: Literal["show"] = "show"


@attrs.frozen
class Pass:
    """No card in hand fits and none of the set-aside cards would either (a ruling,
    see game.py): the turn passes, the hand is kept."""

    kind: Literal["pass"] = "pass"


ZatreCardsAction = LayCard | LayOpening | ShowHand | Pass


# ---- the turn log ----------------------------------------------------------------


@attrs.frozen
class ScoredLine:
    """A line of this turn that scores: its cells and pip ``total`` (10, 11 or 12)."""

    cells: tuple[Cell, ...]
    total: int


@attrs.frozen
class TurnRecord:
    """One laying turn, for the log, "points just scored" and the results.

    ``laid``: the card(s) laid (two on an opening); ``lines``: lines of 10-12 formed,
    each once; ``entry``: what was written (boxes and super bonus); ``rows``: the
    1-based sheet rows written per column (``"10"``, ``"11"``, ``"12"``, ``"super"``
    for the Total box a super bonus went into); ``gain``: how much the sheet total rose
    (row bonuses and super bonus included); ``drew``: cards drawn from the pile after.
    """

    seat: Seat
    round: int
    laid: tuple[LayCard, ...]
    faces: tuple[Card, ...]
    lines: tuple[ScoredLine, ...]
    entry: SheetEntry
    rows: tuple[tuple[str, int], ...]
    gain: int
    drew: int


@attrs.frozen
class ZatreCardsState:
    """The whole game, hidden parts included. Never sent to a client as such.

    ``laid``: cards on the table this round, in order; ``hands``, ``piles``: card ids
    per seat (a pile's top is its first id); ``set_aside``: the face-down set-aside
    stack (top first; shown hands go underneath); ``shown``/``shown_by``: the hand last
    shown, public until that seat's turn ends; ``passes``: passes since a card was last
    laid; ``round_points``: points gained per round (rows) per seat.
    """

    options: ZatreCardsOptions
    seats: int
    rng: Rng
    round: int
    dealer: Seat
    current: Seat
    laid: tuple[LayCard, ...]
    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    set_aside: tuple[int, ...]
    sheets: tuple[Sheet, ...]
    round_points: tuple[tuple[int, ...], ...]
    shown: tuple[int, ...] = ()
    shown_by: Seat | None = None
    passes: int = 0
    over: bool = False
    log: tuple[TurnRecord, ...] = ()

    @property
    def rounds(self) -> int:
        """"As many rounds are played as there are players." """
        return self.seats


# ---- events ------------------------------------------------------------------


@attrs.frozen
class RoundStarted:
    """Round ``round`` is dealt by ``dealer`` (also the starting player); hands hold
    ``hand_counts`` cards, piles ``pile_counts``."""

    round: int
    dealer: Seat
    hand_counts: tuple[int, ...]
    pile_counts: tuple[int, ...]
    kind: Literal["round-start"] = "round-start"


@attrs.frozen
class CardsDrawn:
    """``seat`` took ``count`` cards into hand (``source``: "deal", "pile" or
    "set-aside"); ``cards`` is shown only to that seat (else ``()``)."""

    seat: Seat
    count: int
    source: str
    cards: tuple[Card, ...] = ()
    kind: Literal["drawn"] = "drawn"


@attrs.frozen
class TurnPlayed:
    """A card (or the opening's two) was laid; ``record`` says what it scored."""

    record: TurnRecord
    kind: Literal["turn"] = "turn"


@attrs.frozen
class HandShown:
    """The Exception: ``seat`` shows ``cards`` (public) and puts them with the
    set-aside cards; a ``CardsDrawn`` from the set-aside follows."""

    seat: Seat
    cards: tuple[Card, ...]
    kind: Literal["shown"] = "shown"


@attrs.frozen
class Passed:
    """``seat`` could lay no card and no set-aside card would fit: the turn passes."""

    seat: Seat
    kind: Literal["pass"] = "pass"


@attrs.frozen
class RoundEnded:
    """Round ``round`` is over (``reason``: "all-laid", or "no-card-fits" when every
    seat holding cards passed in a row); ``points``: what each seat gained in it."""

    round: int
    points: tuple[int, ...]
    reason: str
    kind: Literal["round-end"] = "round-end"


@attrs.frozen
class GameEnded:
    """All rounds are played ("End of the Game": as many rounds as players); ``rounds``:
    how many were played."""

    rounds: int = 0
    kind: Literal["game-over"] = "game-over"


ZatreCardsEvent = RoundStarted | CardsDrawn | TurnPlayed | HandShown | Passed | RoundEnded | GameEnded


# ---- views -------------------------------------------------------------------


@attrs.frozen
class ZatreCardsView:
    """What one seat (``seat``) or a spectator (``seat is None``) may see.

    Public: the table (``laid`` cards and ``table`` as ``((row, col), pips)``), every
    sheet and the points per round, how many cards each hand, pile and the set-aside
    stack hold, the hand shown under the Exception while it is shown (``shown``,
    ``shown_by``), the turn log. Private: ``hand``, this seat's own cards (empty for a
    spectator). Other hands, pile contents, the set-aside order and the RNG have no field.
    """

    seat: Seat | None
    seats: int
    options: ZatreCardsOptions
    round: int
    rounds: int
    dealer: Seat
    current: Seat
    laid: tuple[LayCard, ...]
    table: tuple[tuple[Cell, int], ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    pile_counts: tuple[int, ...]
    set_aside_count: int
    shown: tuple[Card, ...]
    shown_by: Seat | None
    sheets: tuple[Sheet, ...]
    round_points: tuple[tuple[int, ...], ...]
    over: bool
    log: tuple[TurnRecord, ...]

    @property
    def opening(self) -> bool:
        """The table is empty: the starting player lays two cards."""
        return not self.laid

    def table_map(self) -> dict[Cell, int]:
        return dict(self.table)
