"""The lobby's log: chat, what the table said to this player, who came and went, and
refusals. Each kind has its own mark (``»`` typed, ``·`` from the table, ``✗``
refused) as well as its colour."""

from __future__ import annotations

from typing import Iterable

from rich.text import Text
from textual.widgets import RichLog

from ..lan import Line

MARKS = {"you": "» ", "notice": "· ", "event": "· ", "error": "✗ "}


def line_text(line: Line) -> Text:
    """A log line as styled text."""
    if line.kind == "chat":
        text = Text()
        text.append(f"{line.name}: ", "bold")
        text.append(line.text)
        return text
    style = {"you": "dim", "notice": "italic", "event": "yellow", "error": "bold red"}.get(line.kind, "")
    return Text(MARKS.get(line.kind, "") + line.text, style)


class ChatLog(RichLog):
    """A scrolling log of :class:`tui.lan.Line` s, wrapped to its width."""

    DEFAULT_CSS = """
    ChatLog {
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, lines: Iterable[Line] = (), **kwargs) -> None:
        super().__init__(wrap=True, markup=False, min_width=20, max_lines=1000, **kwargs)
        self._initial = list(lines)

    def on_mount(self) -> None:
        for line in self._initial:
            self.add(line)
        self._initial.clear()

    def add(self, line: Line) -> None:
        self.write(line_text(line))
