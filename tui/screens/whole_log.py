"""The whole log of a table over it, to read back what the bots and the others did and
how an Era or a round ended, whatever room the table's own log panel has at 80×24
(player-tester findings on Estate, item 8). ``L`` at every table opens it; the latest
line is in sight first; ↑↓, PgUp/PgDn, Home/End scroll; Escape or ``L`` goes back."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from rules.core import plural

from .base import ParlourModal


class WholeLogScreen(ParlourModal):
    """Shows ``lines`` (the table's log, oldest first) under ``title``, the last line in
    sight first (``at_end=False``: the first, for a list read from its top)."""

    BINDINGS = [Binding("escape,L,q", "close", "Back")]

    def __init__(self, lines: Sequence[str], title: str = "Log", at_end: bool = True) -> None:
        super().__init__()
        self.at_end = at_end
        self.lines = tuple(lines)
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="whole-log"):
            yield Static(f"{self.title_text} · {plural(len(self.lines), 'line')} · ↑↓ PgUp PgDn scroll, "
                         "Escape: back", classes="dialog-title", markup=False)
            with VerticalScroll(id="whole-log-lines"):
                yield Static("\n".join(self.lines) or "(nothing yet)", markup=False)

    def on_mount(self) -> None:
        scroll = self.query_one("#whole-log-lines", VerticalScroll)
        scroll.focus()
        if self.at_end:
            scroll.call_after_refresh(scroll.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss()
