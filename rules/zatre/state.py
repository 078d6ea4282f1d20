"""Zatre's state, actions, events and views: frozen attrs classes, cattrs-friendly.

Cells are ``(row, col)`` tuples; tiles are their pips (``1..6``); points are points.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core import Rng, Seat, option
from .board import Cell
from .sheet import Sheet, SheetEntry


@attrs.frozen
class ZatreOptions:
    """Table options. ``profi``: hide the legal-cell hints; it changes no rule
    (zatre-online.txt "Options"; ruling 10). ``teams``: the Variant for Advanced
    Players (zatre-board.txt): 4 or 6 players in pairs, seats 0+1, 2+3 and 4+5 sharing
    one score sheet, both partners drawing and placing on the team's turn."""

    profi: bool = option(False, "hide the hints: where a tile may go and what it scores",
                         label="Hints", words=("shown", "hidden (profi)"))
    teams: bool = option(False, "4 or 6 players in pairs, partners sharing a score sheet",
                         label="Teams", words=("no", "in pairs"))


@attrs.frozen(order=True)
class Placement:
    """One tile (``tile`` pips) laid on ``cell`` = ``(row, col)``."""

    cell: Cell
    tile: int


def _canonical(placements) -> tuple[Placement, ...]:
    """The placements sorted by cell, then pips (the attrs order, compared faster)."""
    return tuple(sorted(placements, key=lambda p: (p.cell, p.tile)))


@attrs.frozen
class PlaceTiles:
    """A whole turn: the tiles laid this turn (order does not matter; kept sorted).

    An empty ``placements`` is a turn in which no tile can be laid (Exception to
    Rule No. 5): the drawn tiles are kept face down.
    """

    placements: tuple[Placement, ...] = attrs.field(converter=_canonical, default=())

    @property
    def kind(self) -> Literal["place"]:
        return "place"


PARTNER_FIRST = "partner-first"
PARTNER_CHOOSES = "partner-chooses"


@attrs.frozen
class TeamOrder:
    """Team variant (reference ruling 12): which partner places first this team turn,
    said by a partner before either has placed. ``order``:

    - ``"partner-first"``: my partner places first, then I do;
    - ``"partner-chooses"``: I leave the choice to my partner (only while both partners
      may still choose; what a bot partner does, so that a human partner chooses).

    Laying tiles instead (a :class:`PlaceTiles`) places first.
    """

    order: Literal["partner-first", "partner-chooses"]

    @property
    def kind(self) -> Literal["order"]:
        return "order"


ZatreAction = PlaceTiles | TeamOrder


@attrs.frozen
class ScoredLine:
    """A line of this turn that scores: its cells ``(row, col)`` and pip ``total``."""

    cells: tuple[Cell, ...]
    total: int


@attrs.frozen
class TurnRecord:
    """Everything one turn did, for the log, "points just scored" and the results.

    ``drew``: tiles drawn at the start of the turn; ``placements``: tiles laid;
    ``lines``: lines of 10-12 formed (each once); ``crosses_at``: cells whose tile earned
    an x2 cross; ``entry``: what was written on the sheet; ``rows``: the 1-based sheet
    rows written, per column (``x2``, ``10``, ``11``, ``12``); ``gain``: how much the
    turn raised the player's sheet total, in points (bonuses and doubling included:
    "points just scored"); ``kept``: tiles left face down after the turn.
    """

    seat: Seat
    drew: int
    placements: tuple[Placement, ...]
    lines: tuple[ScoredLine, ...]
    crosses_at: tuple[Cell, ...]
    entry: SheetEntry
    rows: tuple[tuple[str, int], ...]
    gain: int
    kept: int


@attrs.frozen
class ZatreState:
    """The whole game, hidden parts included. Never sent to a client as such.

    ``board``: flat padded grid of pips (see board.py); ``bag``: number of tiles left
    of each value ``1..6``; ``hands``: each seat's tiles in front of them (for a
    seat still to place this turn: held + drawn this turn); ``sheets``: one score
    sheet per seat, or per team in the team variant (:func:`sheet_index`);
    ``current``: the seat placing now (while the partners choose their order: the one
    who places first unless they choose otherwise); ``after``: in the team variant, the
    partner who places next in this team turn (``()`` otherwise); ``choosing``: in the
    team variant, the partners who may still choose which of them places first this
    team turn (ruling 12: both at the start of a team's placing, one after the other
    has left the choice to them, none once the order is settled); ``drawn``: tiles each seat drew
    at the start of this turn (per seat); ``blocked``: the game ended early because no
    tile fits anywhere (End of the Game, second paragraph); ``ending``: the last tile
    was drawn this turn; ``opening``: the draw for first player, in order.
    """

    options: ZatreOptions
    seats: int
    rng: Rng
    board: tuple[int, ...]
    bag: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    sheets: tuple[Sheet, ...]
    current: Seat
    drawn: tuple[int, ...]
    first_move: bool
    after: tuple[Seat, ...] = ()
    choosing: tuple[Seat, ...] = ()
    blocked: bool = False
    ending: bool = False
    over: bool = False
    opening: tuple[tuple[Seat, int], ...] = ()
    log: tuple[TurnRecord, ...] = ()

    @property
    def bag_count(self) -> int:
        return sum(self.bag)


def sheet_index(options: ZatreOptions, seat: Seat) -> int:
    """Index in ``sheets`` of ``seat``'s score sheet: its own, or in the team variant
    its team's (seats 0+1 are team 0, 2+3 team 1, 4+5 team 2; Variant for Advanced
    Players: "a common scoring sheet")."""
    return seat // 2 if options.teams else seat


def partner_of(options: ZatreOptions, seat: Seat) -> Seat | None:
    """``seat``'s partner in the team variant (0<->1, 2<->3, 4<->5), else ``None``."""
    return seat ^ 1 if options.teams else None


# ---- events -----------------------------------------------------------------


@attrs.frozen
class TilesDrawn:
    """``seat`` drew ``count`` tiles; ``tiles`` is shown only to the seats in
    ``audience`` (the seat, and its partner in the team variant), else ``()``."""

    seat: Seat
    count: int
    tiles: tuple[int, ...] = ()
    audience: tuple[Seat, ...] = ()
    kind: Literal["drawn"] = "drawn"


@attrs.frozen
class TurnPlayed:
    """A turn ended; ``record`` holds what was laid, scored and written."""

    record: TurnRecord
    kind: Literal["turn"] = "turn"


@attrs.frozen
class PrematureEnd:
    """No tile fits anywhere on the board: the rest of the bag is drawn one by one
    (the ``TilesDrawn`` events that follow) and the game ends ("End of the Game",
    second paragraph). ``bag``: tiles in the bag when it came; ``dealt``: how many of
    them each seat got (per seat, in seat order); ``first``: the seat dealt the first
    one (the next to play). Public: counts only, never the tiles' pips."""

    bag: int = 0
    dealt: tuple[int, ...] = ()
    first: Seat | None = None
    kind: Literal["premature-end"] = "premature-end"


@attrs.frozen
class GameEnded:
    """The game is over (``reason``: ``"last-tile"`` or ``"no-tile-fits"``)."""

    reason: str
    kind: Literal["game-over"] = "game-over"


ZatreEvent = TilesDrawn | TurnPlayed | PrematureEnd | GameEnded


# ---- views -----------------------------------------------------------------


@attrs.frozen
class ZatreView:
    """What one seat (``seat``) or a spectator (``seat is None``) may see.

    Public: the board as ``{(row, col): pips}`` (``tiles``), every sheet (one per
    team in the team variant), how many tiles each seat keeps face down
    (``held_counts``), tiles left in the bag (``bag_count``), the turn log, ``after``
    (the partner placing next this team turn), ``choosing`` (the partners who may still
    choose which of them places first, ruling 12). Private: ``hand``, this seat's own
    tiles (empty for a spectator), and in the team variant ``partner_hand``, the
    partner's tiles ("they may then discuss how to best place the tiles"). The bag's
    contents, other seats' tiles and the RNG have no field. Once the game is over,
    ``left_over`` shows every seat's tiles (their minus points).
    """

    seat: Seat | None
    seats: int
    options: ZatreOptions
    tiles: tuple[tuple[Cell, int], ...]
    current: Seat
    hand: tuple[int, ...]
    drawn: int
    held_counts: tuple[int, ...]
    sheets: tuple[Sheet, ...]
    bag_count: int
    first_move: bool
    blocked: bool
    over: bool
    opening: tuple[tuple[Seat, int], ...]
    log: tuple[TurnRecord, ...]
    left_over: tuple[tuple[int, ...], ...] = ()
    after: tuple[Seat, ...] = ()
    partner_hand: tuple[int, ...] = ()
    choosing: tuple[Seat, ...] = ()

    def tile_map(self) -> dict[Cell, int]:
        return dict(self.tiles)

    def sheet_of(self, seat: Seat) -> Sheet:
        """``seat``'s score sheet (its team's in the team variant)."""
        return self.sheets[sheet_index(self.options, seat)]

    @property
    def partner(self) -> Seat | None:
        """This seat's partner in the team variant, else ``None``."""
        return None if self.seat is None else partner_of(self.options, self.seat)
