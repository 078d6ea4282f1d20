"""The lobby's log: chat, what the table said to this player, who came and went, and
refusals. Each kind has its own mark (``»`` typed, ``·`` from the table, ``✗``
refused) as well as its colour. A line wider than the log goes on under itself,
indented past the mark, so a list such as ``/help`` stays readable at 80 columns."""

from __future__ import annotations

from typing import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.widgets import RichLog

from ..lan import Line
from ..names import wrap

MARKS = {"you": "» ", "notice": "· ", "event": "· ", "error": "✗ "}
STYLES = {"you": "dim", "notice": "italic", "event": "yellow", "error": "bold red"}
INDENT = "  "


class LogEntry:
    """One :class:`tui.lan.Line` as the log draws it: each of its lines wrapped to the
    log's width in cells, the rest of a wrapped line indented (deeper for the lines
    after the first, as a list's items); the speaker's name
    (chat) or a command (``/join [N]:`` in a notice) in bold."""

    def __init__(self, line: Line) -> None:
        self.line = line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = self.line
        style = STYLES.get(line.kind, "")
        mark = f"{line.name}: " if line.kind == "chat" else MARKS.get(line.kind, "")
        for number, part in enumerate(line.text.split("\n")):
            head = mark if number == 0 else INDENT
            bold = len(head) if line.kind == "chat" and number == 0 else len(head) - len(head.lstrip())
            if part.startswith("/") and ": " in part:  # a command and what it does
                bold = len(head) + part.index(": ") + 1
            hang = INDENT if number == 0 else INDENT * 2  # a list's items stand out
            for row, text in enumerate(wrap(head + part, options.max_width, hang)):
                out = Text(text, style)
                if row == 0 and bold:
                    out.stylize("bold", 0, bold)
                yield out


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
        self.write(LogEntry(line))
