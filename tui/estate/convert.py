"""Converting resources (E-F38, E-R12) as a small chooser over the table: one line per
legal conversion, grouped by what it gets; Enter converts, Escape goes back. The
conversions are the host's legal actions, never worked out here."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.estate.state import Convert

from ..screens.base import ParlourModal
from . import words


def useful(actions: Sequence[object]) -> list[Convert]:
    """The conversions among ``actions`` worth offering: never one that gets a resource
    it gives (``Iron Stone Grain → 1 Iron`` only loses two resources)."""
    return [a for a in actions if isinstance(a, Convert) and a.get not in a.give]


class ConvertScreen(ParlourModal):
    """Dismisses with the chosen :class:`Convert` (``None``: back)."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, conversions: Sequence[Convert], holding: str) -> None:
        super().__init__()
        self.conversions = sorted(useful(conversions), key=lambda c: ("ISWG".index(c.get), c.give))
        self.holding = holding

    def compose(self) -> ComposeResult:
        rate = len(self.conversions[0].give) if self.conversions else 3
        with Vertical(classes="dialog", id="e-convert"):
            yield Static(f"Convert {rate}:1 from your supply ({self.holding}). "
                         "↑↓ choose, Enter converts, Esc back.", classes="dialog-text", markup=False)
            yield OptionList(*(Option(words.action_text(c, None), id=str(i))  # type: ignore[arg-type]
                               for i, c in enumerate(self.conversions)), id="e-convert-list")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.conversions[int(event.option.id or 0)])

    def action_back(self) -> None:
        self.dismiss(None)
