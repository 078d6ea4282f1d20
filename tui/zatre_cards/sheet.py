"""One player's score sheet of the card game: 10 (1), 11 (3), 12 (5), the row bonus,
the super bonus box and the row's value.

Rows come from :meth:`rules.zatre_cards.sheet.Sheet.rows`; this widget only lays them
out: the rows in use and the next free one (the lowest in sight), then the rows at the
bottom of the sheet holding super bonuses (entered from the bottom up), then the total.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from rules.zatre_cards.sheet import PRINTED_ROWS, Sheet, SheetRow

from ..widgets.fitted_title import FittedTitle

HEADER = f"{'Row':>3} {'10':>3} {'11':>3} {'12':>3} {'bonus':>5} {'sup':>3} {'=':>4}"
LEGEND = "10/11/12 score 1/3/5 a line"


def _box(value: int | None) -> str:
    return "·" if value is None else str(value)


def row_cells(row: SheetRow) -> list[tuple[str, str]]:
    """``(column, text)`` of each box of ``row`` (column names as in ``TurnRecord.rows``)."""
    used = row.value or row.ten or row.eleven or row.twelve
    number = f"{row.number}{'*' if row.number > PRINTED_ROWS else ''}"
    bonus = ("+" if row.complete else "(") + str(row.bonus) + ("" if row.complete else ")")
    return [
        ("", f"{number:>3}"),
        ("10", f"{_box(row.ten):>3}"),
        ("11", f"{_box(row.eleven):>3}"),
        ("12", f"{_box(row.twelve):>3}"),
        ("", f"{bonus:>5}"),
        ("super", f"{'(6)' if row.super_bonus else '':>3}"),
        ("", f"{row.value if used else '':>4}"),
    ]


class CardSheet(FittedTitle):
    """``sheet``: the Sheet shown; ``written``: ``(column, row)`` boxes the last turn
    wrote (reverse video); ``total``: the bottom line."""

    COMPONENT_CLASSES = {"sheet--header", "sheet--written", "sheet--complete", "sheet--total"}

    sheet: reactive[Sheet] = reactive(Sheet)
    written: reactive[frozenset[tuple[str, int]]] = reactive(frozenset)
    total: reactive[str] = reactive("")

    def _line(self, row: SheetRow) -> Text:
        written = self.get_component_rich_style("sheet--written")
        complete = self.get_component_rich_style("sheet--complete")
        line = Text()
        for i, (column, text) in enumerate(row_cells(row)):
            if i:
                line.append(" ")
            style = written if (column, row.number) in self.written else None
            if row.complete and not column:
                style = complete
            line.append(text, style)
        return line

    def render(self) -> Text:
        rows = self.sheet.rows()
        supers = [r for r in rows if r.super_bonus]
        room = max(1, self.size.height - 2 - len(supers) - (1 if supers else 0))
        last_used = max((r.number for r in rows
                         if (r.ten, r.eleven, r.twelve) != (None, None, None)), default=0)
        top = list(rows[: last_used + 1])[-room:]  # the rows in use and the next free one
        lines = [Text(HEADER, self.get_component_rich_style("sheet--header"))]
        lines += [self._line(r) for r in top]
        shown = {r.number for r in top}
        rest = [r for r in supers if r.number not in shown]
        if rest:
            lines.append(Text(f"{'⋮':>3}"))
            lines += [self._line(r) for r in rest]
        lines.append(Text(self.total, self.get_component_rich_style("sheet--total")))
        return Text("\n").join(lines)

    def get_content_width(self, container, viewport) -> int:
        return len(HEADER)
