"""A modal notice with one button: things that are not there yet, errors."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from .base import ParlourModal


class NoticeScreen(ParlourModal):
    """Shows ``title`` and ``text``; any of Enter, Escape or the button closes it."""

    BINDINGS = [Binding("escape", "dismiss", "Close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # plain text: a table's close reason or an error may hold anything
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-text", markup=False)
            yield Button("OK", variant="primary", id="ok")

    def on_button_pressed(self) -> None:
        self.dismiss()
