"""Every seat at a glance: whose turn (▶, not colour alone), the sheet total, the
points just scored, cards in hand and in the seat's own draw pile, whose sheet is
shown (≡), and a note such as ``away, held 1:42 more`` at a LAN table."""

from __future__ import annotations

import attrs
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..widgets.seat_rows import add_seat_row

from ..names import cells, fit_names, pad


@attrs.frozen
class SeatLine:
    """One seat's line: ``name``, sheet ``total``, ``gained`` by its last turn
    (``None``: has not played yet), cards in ``hand`` and in its ``pile``; flags for
    turn, "you" and shown sheet; ``note`` after the line (on a line of its own when
    the strip is too narrow)."""

    name: str
    total: int
    gained: int | None
    hand: int
    pile: int
    to_play: bool = False
    you: bool = False
    shown: bool = False
    note: str = ""


NAME_WIDTH = (9, 16)
"""Cells of the name column: at least (at 80x24), at most (where there is room)."""
NUMBERS = 22
"""Cells of a seat's line besides its name: the marks and four numbers."""


class CardScores(Widget):
    """A line per seat, and ``footer`` below (the set-aside cards)."""

    DEFAULT_CSS = """
    CardScores > .scores--note { color: $warning; text-style: italic; }
    """

    COMPONENT_CLASSES = {"scores--header", "scores--turn", "scores--you", "scores--note"}

    lines: reactive[tuple[SeatLine, ...]] = reactive(tuple, layout=True)
    footer: reactive[str] = reactive("")

    def render(self) -> Text:
        turn = self.get_component_rich_style("scores--turn")
        you = self.get_component_rich_style("scores--you")
        header = self.get_component_rich_style("scores--header")
        note_style = self.get_component_rich_style("scores--note")
        inline = self._notes_inline(self.size.width)
        width = self._name_width(self.size.width)
        names = fit_names([line.name for line in self.lines], width)
        out = [Text(f"  {pad('player', width)}{'total':>5}{'last':>5}{'hand':>5}{'pile':>5}", header)]
        for line, name in zip(self.lines, names):
            marker = "▶" if line.to_play else " "
            shown = "≡" if line.shown else " "
            gained = "" if line.gained is None else f"+{line.gained}"
            text = Text(f"{marker}{shown}{pad(name, width)}{line.total:>5}{gained:>5}"
                        f"{line.hand:>5}{line.pile:>5}")
            add_seat_row(out, text, line, inline, turn, you, note_style)
        if self.footer:
            out.append(Text(f"  {self.footer}", header))
        return Text("\n").join(out)

    def _name_width(self, width: int) -> int:
        """The name column: as wide as the longest name where the strip has room."""
        longest = max((cells(line.name) for line in self.lines), default=0)
        return max(NAME_WIDTH[0], min(NAME_WIDTH[1], longest, width - NUMBERS))

    def _notes_inline(self, width: int) -> bool:
        longest = max((cells(line.note) for line in self.lines), default=0)
        return NUMBERS + self._name_width(width) + 1 + longest <= width

    def get_content_height(self, container, viewport, width: int) -> int:
        notes = 0 if self._notes_inline(width) else sum(1 for line in self.lines if line.note)
        return 1 + len(self.lines) + notes + (1 if self.footer else 0)
