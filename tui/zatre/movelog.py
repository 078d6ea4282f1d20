"""The move log: one short line per turn, the latest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class MoveLog(Widget):
    """``entries``: every line of the log; shows as many of the latest as fit."""

    entries: reactive[tuple[str, ...]] = reactive(tuple)

    def render(self) -> Text:
        room = max(1, self.size.height)
        shown = self.entries[-room:]
        return Text("\n".join(shown), no_wrap=True, overflow="ellipsis")
