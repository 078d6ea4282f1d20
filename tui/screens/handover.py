"""Hotseat: the screen between two human players' turns. It hides the table (and the
tiles the next player must not see) until that player presses Enter.

Only Enter dismisses it, and only once the keyboard has been quiet for a moment after
it appeared: keys still queued or auto-repeating from the previous player's turn (a
held Space, a quick Enter after the confirm) never pass it. The leave question is
asked over this screen, so the table never shows behind it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from .base import ParlourScreen
from .confirm import ConfirmScreen
from .quiet import QuietKeys


class HandOverScreen(QuietKeys, ParlourScreen):
    """Opaque: nothing of the table shows through. Dismisses with ``True`` when ``name``
    is ready, ``False`` when the players chose to leave the game (``leave_question``
    answered yes). ``QUIET``: seconds without a key before it listens.

    ``pieces``: what the game's hand holds (``"tiles"``, ``"cards"``); by default the
    word of the table it covers (its ``pieces`` attribute), else ``"tiles"``."""

    QUIET = 0.6

    BINDINGS = [
        Binding("enter", "ready", "I am ready"),
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("q,escape", "leave", "Leave the game"),
    ]

    def __init__(self, name: str, note: str = "",
                 leave_question: str = "Leave this game?", pieces: str | None = None) -> None:
        super().__init__()
        self.player = name
        self.note = note
        self.leave_question = leave_question
        self._pieces = pieces
        self.listening = False  # (until its first quiet moment is over)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="handover"):
            # names are shown as typed, never read as markup
            yield Static(f"Pass the keyboard to {self.player}", classes="dialog-title", markup=False)
            if self.note:
                yield Static(self.note, classes="dialog-text", markup=False)
            yield Static(self._prompt(), classes="dialog-text", id="handover-prompt", markup=False)
        yield Footer()

    def on_mount(self) -> None:  # (the base class's on_mount runs as well: Textual)
        self.wait_for_quiet()  # (tui/screens/quiet.py)

    @property
    def pieces(self) -> str:
        """``"tiles"`` or ``"cards"``: given, or the covered table's word."""
        if self._pieces is not None:
            return self._pieces
        below = [s for s in self.app.screen_stack if s is not self]
        return next((s.pieces for s in reversed(below) if isinstance(getattr(s, "pieces", None), str)),
                    "tiles")

    def _prompt(self) -> str:
        if not self.listening:
            return f"{self.player}: one moment…\nYour {self.pieces} are shown only after you press Enter."
        return (f"{self.player}: press Enter when the others cannot see the screen.\n"
                f"Your {self.pieces} are shown only after that.")

    def heard(self) -> None:
        self.query_one("#handover-prompt", Static).update(self._prompt())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("ready", "rules", "leave") and not self.listening:
            return None
        return True

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_rules(self) -> None:
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(False)

        self.app.push_screen(ConfirmScreen(self.leave_question, "Leave", "Stay"), answered)
