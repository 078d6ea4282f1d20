"""The move log: one short line per turn, the latest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..names import wrap

INDENT = "    "


class MoveLog(Widget):
    """``entries``: every line of the log; shows as many of the latest as fit. An
    entry wider than the log (in cells) goes on over the next line (indented), never
    cut off."""

    entries: reactive[tuple[str, ...]] = reactive(tuple)

    def render(self) -> Text:
        width, room = max(8, self.size.width), max(1, self.size.height)
        lines: list[str] = []
        for entry in self.entries:
            lines.extend(wrap(entry, width, INDENT))
        return Text("\n".join(lines[-room:]), no_wrap=True, overflow="crop")
