"""One player's score sheet as on paper: x2, 10 (1), 11 (2), 12 (4), bonus, row value.

Rows come from :meth:`rules.zatre.sheet.Sheet.rows` with their values worked out; this
widget only lays them out. The header and the minus and total lines always show; the
rows scroll so that the lowest row in use stays in sight.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from rules.zatre.sheet import PRINTED_ROWS, Sheet, SheetRow

from ..names import first_fitting, fit
from ..widgets.fitted_title import FittedTitle

HEADER = f"{'Row':>3} {'x2':^2} {'10':>3} {'11':>3} {'12':>3} {'bonus':>5} {'=':>4}"
PINNED = 3  # header, minus line, total line


def _box(value: int | None) -> str:
    return "·" if value is None else str(value)


def row_cells(row: SheetRow) -> list[tuple[str, str]]:
    """``(column, text)`` of each box of ``row`` in printed order (column names as in
    ``TurnRecord.rows``; ``""`` for the number, bonus and value)."""
    used = row.cross or row.value
    number = f"{row.number}{'*' if row.number > PRINTED_ROWS else ''}"
    return [
        ("", f"{number:>3}"),
        ("x2", f"{'×' if row.cross else '·':^2}"),
        ("10", f"{_box(row.ten):>3}"),
        ("11", f"{_box(row.eleven):>3}"),
        ("12", f"{_box(row.twelve):>3}"),
        ("", f"{('+' if row.complete else '(') + str(row.bonus) + ('' if row.complete else ')'):>5}"),
        ("", f"{row.value if used else '':>4}"),
    ]


class ScoreSheet(FittedTitle):
    """``sheet``: the Sheet shown; ``written``: ``(column, row)`` boxes the last turn
    wrote (underlined); ``minus``: the minus line's text (``short_minus``: its
    shorter wording, shown when ``minus`` would be cut); ``total``: the bottom line."""

    COMPONENT_CLASSES = {"sheet--header", "sheet--written", "sheet--complete", "sheet--total"}

    sheet: reactive[Sheet] = reactive(Sheet)
    written: reactive[frozenset[tuple[str, int]]] = reactive(frozenset)
    minus: reactive[str] = reactive("")
    short_minus: reactive[str] = reactive("")
    total: reactive[str] = reactive("")

    def render(self) -> Text:
        header = self.get_component_rich_style("sheet--header")
        written = self.get_component_rich_style("sheet--written")
        complete = self.get_component_rich_style("sheet--complete")
        rows = self.sheet.rows()
        room = max(1, self.size.height - PINNED)
        last_used = max((r.number for r in rows if r.cross or r.value), default=0)
        start = max(0, min(last_used + 1 - room, len(rows) - room))
        lines = [Text(HEADER, header)]
        for row in rows[start:start + room]:
            line = Text()
            for i, (column, text) in enumerate(row_cells(row)):
                if i:
                    line.append(" ")
                style = written if (column, row.number) in self.written else None
                if row.complete and not column:
                    style = complete
                line.append(text, style)
            lines.append(line)
        width = self.size.width  # (names in the minus line: cut, never wrapped)
        lines.append(Text(first_fitting((self.minus, self.short_minus or self.minus), width)))
        lines.append(Text(fit(self.total, width), self.get_component_rich_style("sheet--total")))
        return Text("\n").join(lines)

    def get_content_width(self, container, viewport) -> int:
        return len(HEADER)
