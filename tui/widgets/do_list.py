"""The Do list: what may be done now, one entry per legal action (or kind of action).

Entries are known by what they do, never by their place: when the list changes (a
window closes, an offer arrives) the highlight stays on the same action or goes to
none, and an Enter pressed just before the change does the action that was
highlighted or nothing, never the entry that took its place (player-tester findings on
issue 9, item 3; Estate: player-tester 2, item 5, End turn's highlight went to Take
back after a conversion). A single click only highlights (double-click or Enter does
it). A game's table may keep some entries from ever being highlighted by the table
itself (:meth:`DoList.offered_first`: Zestrea's spending of Zestre on the State);
entries listed only to say why not (Estate's greyed cards) are disabled."""

from __future__ import annotations

from typing import Any, Sequence

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


def entry_key(action: Any) -> str:
    """What an entry does, as a key that is the same for the same action in any list."""
    return repr(action)


class DoList(OptionList):
    """The Do list; posts :class:`DoList.Chosen` with the action (never an index).
    Enter does the highlighted entry, and the footer says so (an OptionList's own Enter
    is not shown there). With nothing highlighted (a new list: Estate's next draft
    packet, another player's move) the footer says ``⏎ Choose`` and Enter highlights the
    first entry without doing it (player-tester 6, finding 12: ``⏎ Do it`` was shown
    while Enter did nothing)."""

    BINDINGS = [Binding("enter", "select", "Do it", key_display="⏎"),
                Binding("enter", "highlight_first", "Choose", key_display="⏎")]

    class Chosen(Message):
        """The player chose ``action`` (Enter or a double click on its entry)."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class Unchosen(Message):
        """Enter found nothing to do: no entry highlighted (the list changed under it,
        player-tester 2, item 4; the start entry is highlighted now, ``first``, and
        ``entry`` is its words where it is not the first entry) or its action no
        longer listed; the table says so."""

        def __init__(self, first: bool = False, entry: str = "") -> None:
            super().__init__()
            self.first = first
            self.entry = entry

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.actions: dict[str, Any] = {}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("select", "highlight_first"):  # (dimmed in the quiet moment: tui/screens/quiet.py)
            if not (self.option_count > 0 and self.screen.check_action("act", ()) is True):
                return False
            if (self.highlighted is None) != (action == "highlight_first"):
                return False  # one of the two shows and acts
            return True if getattr(self.screen, "listening", True) else None
        return True

    def action_highlight_first(self) -> None:
        """Enter with nothing highlighted: highlight the start entry, else the first
        (never do it: the list is new to the player) and let the table say so."""
        enabled = self._enabled()
        start = self.start_entry()
        self.highlighted = enabled[0] if start is None and enabled else start
        self.refresh_bindings()
        entry = ""
        if self.highlighted is not None and self.highlighted != enabled[0]:
            entry = str(self.get_option_at_index(self.highlighted).prompt)
        self.post_message(self.Unchosen(first=self.highlighted is not None, entry=entry))

    def action_cursor_down(self) -> None:
        """↓: the next entry; from no highlight, the start entry."""
        if not self._to_start():
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        """↑: the entry before; from no highlight, the start entry."""
        if not self._to_start():
            super().action_cursor_up()

    def _to_start(self) -> bool:
        """With nothing highlighted, highlight the start entry (``True``: done)."""
        if self.highlighted is not None:
            return False
        start = self.start_entry()
        if start is None:
            return False
        self.highlighted = start
        return True

    def _enabled(self) -> list[int]:
        return [k for k in range(self.option_count) if not self.get_option_at_index(k).disabled]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self:
            self.refresh_bindings()  # ⏎ Choose becomes ⏎ Do it

    def follow_seat(self, seated: bool) -> None:
        """At a player's table (``seated``) the Do list is in the Tab order and has the
        keys; at a watcher's or a replay it is never focused (the screen's own keys act).
        A LAN table's seat changes both ways mid-game (a bot takes it, ``/seat N NAME``
        gives it back): the list follows each time (player-tester 4, item 8)."""
        self.can_focus = seated
        if seated:
            self.focus()
        elif self.has_focus:
            self.blur()

    def offered_first(self, action: Any) -> bool:
        """Whether the table itself may highlight ``action`` (:meth:`start_entry`);
        every entry here, a game's own list may say otherwise."""
        return True

    def start_entry(self) -> int | None:
        """Where the highlight starts: the first entry :meth:`offered_first` allows; in
        a list of one entry that can be done, that entry (nothing else to mistake it
        for); else none."""
        enabled = self._enabled()
        start = next((k for k in enabled if self.offered_first(self.actions.get(
            self.get_option_at_index(k).id or ""))), None)
        return enabled[0] if start is None and len(enabled) == 1 else start

    def show(self, actions: Sequence[Any], texts: Sequence[str], disabled: Sequence[bool] = (),
             afresh: bool = False) -> None:
        """Show ``actions`` as ``texts`` (``disabled[i]``: entry ``i`` is listed greyed,
        never highlighted nor done); the highlight stays on the same action; else a
        list that was empty, or one shown ``afresh`` (the table's new question), starts
        on :meth:`start_entry`, and any other highlights none."""
        before = self.highlighted_action()
        was_empty = not self.actions
        off = [bool(d) for d in disabled] + [False] * (len(actions) - len(disabled))
        self.actions = {entry_key(a): a for a, d in zip(actions, off) if not d}
        self.clear_options()
        self.add_options([Option(text, id=entry_key(a), disabled=d)
                          for a, text, d in zip(actions, texts, off)])
        keys = [entry_key(a) for a in actions]
        if before is not None and entry_key(before) in self.actions:
            self.highlighted = keys.index(entry_key(before))
        elif was_empty or afresh:
            self.highlighted = self.start_entry()
        else:
            self.highlighted = None
        self.refresh_bindings()

    def action_select(self) -> None:
        """Enter: the highlighted entry, or :class:`DoList.Unchosen` when none is."""
        if self.highlighted is None and self.option_count:
            self.post_message(self.Unchosen())
            return
        super().action_select()

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
        self.post_message(self.Chosen(action) if action is not None else self.Unchosen())

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

