"""The Do list: what may be done now, one entry per legal action (or kind of action).

Entries are known by what they do, never by their place: when the list changes (a
window closes, an offer arrives) the highlight stays on the same action or goes to
none, and an Enter pressed just before the change does the action that was
highlighted or nothing, never the entry that took its place (player-tester findings on
issue 9, item 3). A single click only highlights (double-click or Enter does it). An
entry that spends Zestre on the State (a Land, an adoption, a Fate card) is never
highlighted by the table itself: it is done only on the player's own choice."""

from __future__ import annotations

from typing import Any, Sequence

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from rules.zestrea.state import Adopt, BuyFate, BuyLand

SPENDING = (BuyLand, Adopt, BuyFate)
"""Entries that spend Zestre on the State (Z-F26, Z-F27, Z-R24)."""


def entry_key(action: Any) -> str:
    """What an entry does, as a key that is the same for the same action in any list."""
    return repr(action)


class DoList(OptionList):
    """The Do list; posts :class:`DoList.Chosen` with the action (never an index).
    Enter does the highlighted entry, and the footer says so (an OptionList's own Enter
    is not shown there)."""

    BINDINGS = [Binding("enter", "select", "Do it", key_display="⏎")]

    class Chosen(Message):
        """The player chose ``action`` (Enter or a double click on its entry)."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.actions: dict[str, Any] = {}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":  # (dimmed during the table's quiet moment: tui/screens/quiet.py)
            if not (self.option_count > 0 and self.screen.check_action("act", ()) is True):
                return False
            return True if getattr(self.screen, "listening", True) else None
        return True

    def show(self, actions: Sequence[Any], texts: Sequence[str]) -> None:
        """Show ``actions`` as ``texts``; the highlight stays on the same action, or goes
        to none; a list that was empty gets its first entry that spends nothing."""
        before = self.highlighted_action()
        was_empty = not self.actions
        self.actions = {entry_key(a): a for a in actions}
        self.clear_options()
        self.add_options([Option(text, id=entry_key(a)) for a, text in zip(actions, texts)])
        keys = list(self.actions)
        if before is not None and entry_key(before) in self.actions:
            self.highlighted = keys.index(entry_key(before))
        elif was_empty:
            self.highlighted = next((k for k, a in enumerate(actions) if not isinstance(a, SPENDING)), None)
        else:
            self.highlighted = None

    def highlighted_action(self) -> Any:
        """The action the highlight is on, or ``None``."""
        if self.highlighted is None or self.highlighted >= self.option_count:
            return None
        return self.actions.get(self.get_option_at_index(self.highlighted).id or "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a double click): the entry's own action, if it is still listed."""
        if event.option_list is not self:
            return
        event.stop()
        action = self.actions.get(event.option.id or "")
        if action is not None:
            self.post_message(self.Chosen(action))

    async def _on_click(self, event: events.Click) -> None:
        """One click highlights; a double click does it too (OptionList's own click,
        which does it at once, is prevented)."""
        event.prevent_default()
        clicked = event.style.meta.get("option")
        if clicked is None or self._options[clicked].disabled:
            return
        self.highlighted = clicked
        if event.chain >= 2:
            self.action_select()

