"""The Zatre score sheet (zatre-board.txt "Scoring"; reference/zatre.md "Score sheet").

Columns ``x2``, ``10 (1)``, ``11 (2)``, ``12 (4)``, ``bonus`` and ``total``. Each of
the x2, 10, 11 and 12 columns fills on its own, top to bottom, without gaps (Scoring
rule 2), so a sheet row is not a turn. All amounts are points.
"""

from __future__ import annotations

import attrs

from .board import data

ROW_BONUS: tuple[int, ...] = tuple(data()["scoring"]["row_bonus"])
"""Printed bonus of rows 1..16 (Scoring rule 8)."""
OVERFLOW_BONUS: int = data()["scoring"]["overflow_bonus"]
"""Bonus of rows past the 16 printed ones (ruling 8)."""
LINE_POINTS: dict[int, int] = {int(k): v for k, v in data()["scoring"]["line_points"].items()}
"""Points for a line of 10, 11 or 12 pips (Scoring rule 3): 1, 2, 4."""
PRINTED_ROWS = len(ROW_BONUS)


def row_bonus(row: int) -> int:
    """Printed bonus of 0-based sheet ``row`` (3, 4, 5 or 6 points)."""
    return ROW_BONUS[row] if row < PRINTED_ROWS else OVERFLOW_BONUS


@attrs.frozen
class SheetEntry:
    """What one turn writes: ``crosses`` x2 crosses and one box per sum column.

    ``ten``, ``eleven``, ``twelve`` are points (0: no box written). Several lines of
    the same sum go into one box (Scoring rule 7: two 12s = 8).
    """

    crosses: int = 0
    ten: int = 0
    eleven: int = 0
    twelve: int = 0

    @property
    def points(self) -> int:
        """Raw points of the turn before bonuses and doubling."""
        return self.ten + self.eleven + self.twelve

    @property
    def is_empty(self) -> bool:
        return not (self.crosses or self.points)


@attrs.frozen
class SheetRow:
    """One row of the sheet as printed, with its value worked out.

    ``value = (ten + eleven + twelve + (bonus if complete)) * (2 if cross)`` in points
    (Scoring rules 8 and 9). Empty boxes are ``None``.
    """

    number: int  # 1-based, as printed
    cross: bool
    ten: int | None
    eleven: int | None
    twelve: int | None
    bonus: int  # the printed bonus of this row
    complete: bool
    value: int


@attrs.frozen
class Sheet:
    """One player's (or team's) score sheet: the x2 crosses and the three sum columns."""

    crosses: int = 0
    tens: tuple[int, ...] = ()
    elevens: tuple[int, ...] = ()
    twelves: tuple[int, ...] = ()

    def write(self, entry: SheetEntry) -> "Sheet":
        """The sheet after ``entry``: each box goes to its column's next free row."""
        return Sheet(
            crosses=self.crosses + entry.crosses,
            tens=self.tens + ((entry.ten,) if entry.ten else ()),
            elevens=self.elevens + ((entry.eleven,) if entry.eleven else ()),
            twelves=self.twelves + ((entry.twelve,) if entry.twelve else ()),
        )

    def row_count(self) -> int:
        """Rows in use (at least the 16 printed ones)."""
        return max(PRINTED_ROWS, self.crosses, len(self.tens), len(self.elevens), len(self.twelves))

    def rows(self) -> tuple[SheetRow, ...]:
        """Every row, printed or overflow, with its value."""
        out = []
        for r in range(self.row_count()):
            ten = self.tens[r] if r < len(self.tens) else None
            eleven = self.elevens[r] if r < len(self.elevens) else None
            twelve = self.twelves[r] if r < len(self.twelves) else None
            complete = None not in (ten, eleven, twelve)
            base = (ten or 0) + (eleven or 0) + (twelve or 0) + (row_bonus(r) if complete else 0)
            cross = r < self.crosses
            out.append(SheetRow(r + 1, cross, ten, eleven, twelve, row_bonus(r), complete,
                                base * 2 if cross else base))
        return tuple(out)

    def total(self) -> int:
        """Sum of all row values in points, before minus points."""
        return sum(row.value for row in self.rows())


def row_terms(row) -> list[str]:
    """The written boxes of a sheet ``row`` (this sheet's or the card game's, both with
    ``ten``, ``eleven``, ``twelve``, ``complete``, ``bonus``) as the results show them:
    ``["1 [10]", "2 [11]", "8 [12]", "3 bonus"]``; ``[]`` for an empty row."""
    terms = [f"{b} [{col}]" for b, col in ((row.ten, 10), (row.eleven, 11), (row.twelve, 12))
             if b is not None]
    if terms and row.complete:
        terms.append(f"{row.bonus} bonus")
    return terms
