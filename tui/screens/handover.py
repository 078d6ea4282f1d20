"""Hotseat: the screen between two human players' turns. It hides the table (and the
tiles the next player must not see) until that player presses a key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from .base import ParlourScreen


class HandOverScreen(ParlourScreen):
    """Opaque: nothing of the table shows through. Dismisses with ``True`` when ``name``
    is ready, ``False`` when the players would rather leave the game."""

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready"),
        Binding("q,escape", "leave", "Leave the game"),
    ]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="handover"):
            yield Static(f"Pass the keyboard to {self.player}", classes="dialog-title")
            if self.note:
                yield Static(self.note, classes="dialog-text")
            yield Static(
                f"{self.player}: press Enter when the others cannot see the screen.\n"
                "Your tiles are shown only after that.",
                classes="dialog-text",
            )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
