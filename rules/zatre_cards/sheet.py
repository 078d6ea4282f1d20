"""The card game's score sheet (zatre-card-game.txt "Scoring", "Triple Scores and the
Super Bonus"; the printed row bonuses are a stand-in, see cards.toml ``[sheet]``).

Columns ``10 (1)``, ``11 (3)``, ``12 (5)``, the row bonus and ``Total``. As on the board
game's sheet (reference/zatre.md "Score sheet"), each sum column fills on its own, top
to bottom, and one turn writes at most one box per sum column: several lines of the
same sum are added into that box (two 12s = 10). A row whose 10, 11 and 12 boxes are all
filled earns its printed bonus. Super bonuses (6 points each) are entered "from bottom
to top in the last free rows of the sheet in the Total column": the first in the last
printed row, the next one above it, and so on. When the sum columns later reach such a
row, its Total box holds both: the row's value and the circled 6 (both count).
"""

from __future__ import annotations

import attrs

from .cards import data

ROW_BONUS: tuple[int, ...] = tuple(data()["sheet"]["row_bonus"])
"""Printed bonus of rows 1..20 (stand-in)."""
OVERFLOW_BONUS: int = data()["sheet"]["overflow_bonus"]
LINE_POINTS: dict[int, int] = {int(k): v for k, v in data()["scoring"]["line_points"].items()}
"""Points for a line of 10, 11 or 12 pips: 1, 3, 5."""
SUPER_BONUS: int = data()["scoring"]["super_bonus"]
PRINTED_ROWS = len(ROW_BONUS)


def row_bonus(row: int) -> int:
    """Printed bonus of 0-based sheet ``row``."""
    return ROW_BONUS[row] if row < PRINTED_ROWS else OVERFLOW_BONUS


@attrs.frozen
class SheetEntry:
    """What one turn writes: one box per sum column (points; 0 = no box) and
    ``supers`` super bonuses (0 or 1)."""

    ten: int = 0
    eleven: int = 0
    twelve: int = 0
    supers: int = 0

    @property
    def points(self) -> int:
        """Points of the turn before row bonuses: boxes plus super bonus."""
        return self.ten + self.eleven + self.twelve + SUPER_BONUS * self.supers

    @property
    def is_empty(self) -> bool:
        return not self.points


@attrs.frozen
class SheetRow:
    """One printed (or overflow) row, its value worked out: ``ten + eleven + twelve +
    (bonus if complete) + (6 if a super bonus sits in its Total box)``."""

    number: int  # 1-based
    ten: int | None
    eleven: int | None
    twelve: int | None
    bonus: int
    complete: bool
    super_bonus: bool
    value: int


@attrs.frozen
class Sheet:
    """One player's sheet: the three sum columns and the super bonuses earned."""

    tens: tuple[int, ...] = ()
    elevens: tuple[int, ...] = ()
    twelves: tuple[int, ...] = ()
    supers: int = 0

    def write(self, entry: SheetEntry) -> "Sheet":
        """The sheet after ``entry``: each box in its column's next free row."""
        return Sheet(
            tens=self.tens + ((entry.ten,) if entry.ten else ()),
            elevens=self.elevens + ((entry.eleven,) if entry.eleven else ()),
            twelves=self.twelves + ((entry.twelve,) if entry.twelve else ()),
            supers=self.supers + entry.supers,
        )

    def row_count(self) -> int:
        return max(PRINTED_ROWS, len(self.tens), len(self.elevens), len(self.twelves), self.supers)

    def super_rows(self) -> frozenset[int]:
        """0-based rows whose Total box holds a super bonus (from the bottom up)."""
        n = self.row_count()
        return frozenset(n - 1 - k for k in range(self.supers))

    def rows(self) -> tuple[SheetRow, ...]:
        out = []
        supers = self.super_rows()
        for r in range(self.row_count()):
            ten = self.tens[r] if r < len(self.tens) else None
            eleven = self.elevens[r] if r < len(self.elevens) else None
            twelve = self.twelves[r] if r < len(self.twelves) else None
            complete = None not in (ten, eleven, twelve)
            value = ((ten or 0) + (eleven or 0) + (twelve or 0) + (row_bonus(r) if complete else 0)
                     + (SUPER_BONUS if r in supers else 0))
            out.append(SheetRow(r + 1, ten, eleven, twelve, row_bonus(r), complete, r in supers, value))
        return tuple(out)

    def total(self) -> int:
        """Everything on the sheet in points: boxes, row bonuses, super bonuses."""
        return (sum(self.tens) + sum(self.elevens) + sum(self.twelves) + SUPER_BONUS * self.supers
                + sum(row_bonus(r) for r in range(min(len(self.tens), len(self.elevens),
                                                      len(self.twelves)))))
