"""What a laying turn scores (zatre-card-game.txt "Scoring", "The Zero", "Triple
Scores and the Super Bonus").

Only lines holding a half laid this turn score, each once (a horizontal card's two
halves lie in one row line: that line counts once), and only if the laying made the line
or changed its total (reference/zatre.md ruling C1: "forms rows with a pip total of 10,
11 or 12, or extends rows to such a total"; a 0 half laid at the end of a row of 12
does not score that row again, a 0 bridging two rows makes a new row, which scores). 10, 11, 12 pips score 1, 3, 5
points; several lines of the same sum go into one box (two 12s = 10, three 11s = 9).
A triple score, a 10, an 11 and a 12, or three 12s, laid with one card, earns one
super bonus of six points. One card touches at most three lines (its own line and
one crossing line per half), so a turn earns at most one super bonus; the opening
(two cards, the starting player's one laying) is judged the same way: one laying,
whose lines together may earn one super bonus (ruling C2).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

import attrs

from .cards import FACES
from .placement import AXES, SCORING, grid_of, run_cells
from .sheet import LINE_POINTS, PRINTED_ROWS, Sheet, SheetEntry
from .state import Cell, LayCard, ScoredLine


def is_triple(totals: Sequence[int]) -> bool:
    """A triple score: a 10, an 11 and a 12, or three 12s."""
    count = Counter(totals)
    return (count[10] and count[11] and count[12]) or count[12] >= 3


def changes_total(g: dict[Cell, int], cells: Sequence[Cell], new: set[Cell]) -> bool:
    """Whether laying the halves on ``new`` cells made the line ``cells`` (a run on
    table ``g``, new halves on it) a new line or changed its total (ruling C1): it did
    unless the line was already there whole, one run of old halves, and the new halves
    on it add 0 pips (a 0 laid at the end of a row). A 0 that joins two runs (bridging)
    makes a new line."""
    runs_of_old, inside = 0, False
    for c in cells:
        old = c not in new
        runs_of_old += old and not inside
        inside = old
    return runs_of_old != 1 or any(g[c] for c in cells if c in new)


def score_cells(g: dict[Cell, int], new: Sequence[Cell]) -> tuple[tuple[ScoredLine, ...], SheetEntry]:
    """Lines of 10-12 through the ``new`` cells on table ``g`` (new halves on it) whose
    total this laying made (ruling C1: :func:`changes_total`) and the sheet entry they
    make."""
    seen: dict[tuple[Cell, ...], int] = {}
    fresh = set(new)
    for cell in new:
        for axis in AXES:
            cells = run_cells(g, cell, axis)
            if len(cells) < 2 or cells in seen:
                continue
            total = sum(g[c] for c in cells)
            seen[cells] = total if total not in SCORING or changes_total(g, cells, fresh) else 0
    lines = tuple(ScoredLine(cells, t) for cells, t in sorted(seen.items()) if t in SCORING)
    points = {s: 0 for s in SCORING}
    for line in lines:
        points[line.total] += LINE_POINTS[line.total]
    entry = SheetEntry(points[10], points[11], points[12],
                       1 if is_triple([line.total for line in lines]) else 0)
    return lines, entry


def score_lays(laid: tuple[LayCard, ...], lays: Sequence[LayCard]) -> tuple[tuple[ScoredLine, ...], SheetEntry]:
    """Score ``lays`` (not yet on the table) laid onto ``laid``."""
    g = dict(grid_of(laid))
    for lay in lays:
        a, b = FACES[lay.card]
        g[lay.cell], g[lay.second] = a, b
    return score_cells(g, [c for lay in lays for c in lay.cells])


def rows_written(sheet: Sheet, entry: SheetEntry) -> tuple[tuple[str, int], ...]:
    """The 1-based sheet rows ``entry`` goes into, per column; ``"super"``: the Total
    box (counted from the bottom) the super bonus goes into."""
    out: list[tuple[str, int]] = []
    for name, value, column in (("10", entry.ten, sheet.tens), ("11", entry.eleven, sheet.elevens),
                                ("12", entry.twelve, sheet.twelves)):
        if value:
            out.append((name, len(column) + 1))
    for k in range(entry.supers):
        out.append(("super", max(PRINTED_ROWS, sheet.row_count()) - sheet.supers - k))
    return tuple(out)


@attrs.frozen
class TurnPreview:
    """What laying would score: the scoring ``lines``, the sheet ``entry`` and the rise
    of the sheet total (``gain``, row bonus and super bonus included)."""

    lines: tuple[ScoredLine, ...]
    entry: SheetEntry
    gain: int


def preview(view, action) -> TurnPreview:
    """Score a LayCard or LayOpening on ``view``'s table for ``view.seat``'s sheet.
    Whether it is legal is not judged here (see placement.check)."""
    lays = (action.first, action.second) if hasattr(action, "first") else (action,)
    lines, entry = score_lays(view.laid, lays)
    sheet = view.sheets[view.seat]
    return TurnPreview(lines, entry, sheet.write(entry).total() - sheet.total())
