"""Scoring a Zatre turn (zatre-board.txt "Scoring" rules 3, 6, 7; reference/zatre.md
rulings 1, 3 and 4).

Only lines holding at least one tile laid this turn score, each exactly once even
when both new tiles lie in it; 10, 11, 12 pips score 1, 2, 4 points; lines of the same
sum are added into one box; each new tile on a light cell (or on the red cell on the
first move) with a scoring line through it earns one x2 cross.
"""

from __future__ import annotations

from typing import Sequence

import attrs

from .board import LIGHT, RED, WIDTH, cell_of, index, line_through
from .placement import SCORING
from .sheet import LINE_POINTS, Sheet, SheetEntry
from .state import Placement, ScoredLine


def score_turn(board: Sequence[int], placements: Sequence[Placement],
               first_move: bool) -> tuple[tuple[ScoredLine, ...], tuple[tuple[int, int], ...], SheetEntry]:
    """Score ``placements`` already on ``board`` (flat grid *after* the turn).

    Returns ``(lines, crosses_at, entry)``: the scoring lines (cells ``(row, col)``
    and pip total), the cells whose tile earned an x2 cross, and the sheet entry
    (points per column, number of crosses).
    """
    lines: dict[tuple[int, int, int], int] = {}
    through: dict[int, bool] = {}
    for p in placements:
        i = index(p.cell)
        scored = False
        for step in (1, WIDTH):
            a, b = line_through(board, i, step)
            if a == b:
                continue
            total = sum(board[k] for k in range(a, b + step, step))
            if total in SCORING:
                lines[(a, b, step)] = total
                scored = True
        through[i] = scored
    scored_lines = tuple(
        ScoredLine(tuple(cell_of(k) for k in range(a, b + step, step)), total)
        for (a, b, step), total in sorted(lines.items())
    )
    doubles = LIGHT | {RED} if first_move else LIGHT
    crosses_at = tuple(cell_of(i) for i, ok in sorted(through.items()) if ok and i in doubles)
    points = {s: 0 for s in SCORING}
    for total in lines.values():
        points[total] += LINE_POINTS[total]
    entry = SheetEntry(crosses=len(crosses_at), ten=points[10], eleven=points[11], twelve=points[12])
    return scored_lines, crosses_at, entry


def rows_written(sheet: Sheet, entry: SheetEntry) -> tuple[tuple[str, int], ...]:
    """The 1-based sheet rows ``entry`` goes into, per column (Scoring rule 2:
    each column fills top to bottom without gaps)."""
    out: list[tuple[str, int]] = []
    for k in range(entry.crosses):
        out.append(("x2", sheet.crosses + k + 1))
    for name, value, column in (("10", entry.ten, sheet.tens), ("11", entry.eleven, sheet.elevens),
                                ("12", entry.twelve, sheet.twelves)):
        if value:
            out.append((name, len(column) + 1))
    return tuple(out)


@attrs.frozen
class TurnPreview:
    """What a turn would score if confirmed as it stands: the scoring ``lines``, the
    cells earning x2 crosses, the sheet ``entry`` and the rise of the sheet total
    (``gain``, points, bonuses and doubling included)."""

    lines: tuple[ScoredLine, ...]
    crosses_at: tuple[tuple[int, int], ...]
    entry: SheetEntry
    gain: int


def preview(view, pending: Sequence[Placement]) -> TurnPreview:
    """Score ``pending`` (tiles laid this turn, not yet confirmed) on ``view``'s board
    for ``view.seat``'s sheet (its team's in the team variant), as :func:`score_turn`
    would. ``view`` is a ZatreView of a seat (not a spectator). Whether the turn is
    legal is not judged here."""
    board = [0] * (WIDTH * WIDTH)
    for cell, v in view.tiles:
        board[index(cell)] = v
    for p in pending:
        board[index(p.cell)] = p.tile
    lines, crosses_at, entry = score_turn(board, pending, view.first_move)
    sheet = view.sheet_of(view.seat)
    return TurnPreview(lines, crosses_at, entry, sheet.write(entry).total() - sheet.total())
