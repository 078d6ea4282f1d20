"""The Do list: what may be done now, one entry per legal action (or kind of action).

Entries are known by what they do, never by their place: when the list changes (a
window closes, an offer arrives) the highlight stays on the same action or goes to
none, and an Enter pressed just before the change does the action that was
highlighted or nothing, never the entry that took its place (player-tester findings on
issue 9, item 3; Estate: player-tester 2, item 5, End turn's highlight went to Take
back after a conversion). A single click only highlights (double-click or Enter does
it). A game's table may keep some entries from ever being highlighted by the table
itself (:meth:`DoList.offered_first`: Zestrea's spending of Zestre on the State).
Entries listed only to say why they cannot be done (Estate's greyed cards) are greyed:
↑↓ reach them, so that the table can say why (they were unreachable, and a long one
wrapped where nothing could show it whole: player-test 22), but the highlight never
starts on one and Enter on one does nothing (:class:`DoList.Refused`).
A list of two entries or more that the table may not start on (every one commits at
once: Zestrea's Newcomers, Estate's draft, its Era Event's A or B) opens with a top line,
:data:`CHOOSE_TEXT`, highlighted: the first ↓ lands on the first entry, and an Enter
meant for the list before does nothing but say so (player-test 23, finding 3: with
nothing highlighted, ↓ then Enter took the first answer where the player meant the
second)."""

from __future__ import annotations

from typing import Any, Sequence

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


GREYED = "dim"
"""The style of a greyed entry's words (with its table's own mark, Estate's ``✗``:
never colour alone)."""


CHOOSE_TEXT = "Choose with ↑↓, then Enter"
"""The top line of a list whose entries all commit at once (it does nothing itself)."""
CHOOSE_KEY = "choose-line"
"""The top line's key (no action's: :func:`entry_key` is a ``repr``)."""


def entry_key(action: Any) -> str:
    """What an entry does, as a key that is the same for the same action in any list."""
    return repr(action)


class DoList(OptionList):
    """The Do list; posts :class:`DoList.Chosen` with the action (never an index).
    Enter does the highlighted entry, and the footer says so (an OptionList's own Enter
    is not shown there). With nothing highlighted (a new list: Estate's next draft
    packet, another player's move) the footer says ``⏎ Choose`` and Enter highlights the
    first entry without doing it (player-tester 6, finding 12: ``⏎ Do it`` was shown
    while Enter did nothing); on a greyed entry it says ``⏎ Why not``."""

    BINDINGS = [Binding("enter", "select", "Do it", key_display="⏎"),
                Binding("enter", "highlight_first", "Choose", key_display="⏎"),
                Binding("enter", "why_not", "Why not", key_display="⏎")]

    class Chosen(Message):
        """The player chose ``action`` (Enter or a double click on its entry)."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class Unchosen(Message):
        """Enter found nothing to do: no entry highlighted (the list changed under it,
        player-tester 2, item 4; the start entry is highlighted now, ``first``, and
        ``entry`` is its words where it is not the first entry), the top line
        highlighted (``choose``: :data:`CHOOSE_TEXT`) or its action no longer listed;
        the table says so."""

        def __init__(self, first: bool = False, entry: str = "", choose: bool = False) -> None:
            super().__init__()
            self.first = first
            self.entry = entry
            self.choose = choose

    class Refused(Message):
        """Enter (or a double click) on a greyed entry, ``entry``: nothing is done; the
        table says why."""

        def __init__(self, entry: Any) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.actions: dict[str, Any] = {}
        self.greyed: dict[str, Any] = {}
        self.choose_line = False
        """Whether the list opens with :data:`CHOOSE_TEXT` (its entry 0)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("select", "highlight_first", "why_not"):  # (dimmed in the quiet moment: tui/screens/quiet.py)
            if not (self.option_count > 0 and self.screen.check_action("act", ()) is True):
                return False
            if action != self._enter_does():
                return False  # one of the three shows and acts
            return True if getattr(self.screen, "listening", True) else None
        return True

    def _enter_does(self) -> str:
        """What Enter does now: highlight the first entry (none is; or say how to
        choose, the top line is), say why not (a greyed one is) or do the highlighted
        entry."""
        if self.highlighted is None or self.choosing():
            return "highlight_first"
        return "why_not" if self._highlighted_key() in self.greyed else "select"

    def action_why_not(self) -> None:
        """Enter on a greyed entry: :class:`DoList.Refused`, nothing done."""
        self.action_select()

    def action_highlight_first(self) -> None:
        """Enter with nothing highlighted: highlight the start entry, else the first
        (never do it: the list is new to the player) and let the table say so; on the
        top line, only say how to choose."""
        doable = self._doable()
        start = self.start_entry()
        self.highlighted = doable[0] if start is None and doable else start
        self.refresh_bindings()
        if self.choosing():  # (it says how to choose)
            self.post_message(self.Unchosen(choose=True))
            return
        entry = ""
        if self.highlighted is not None and self.highlighted != doable[0]:
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

    def _doable(self) -> list[int]:
        """The indexes of the entries that can be done (not greyed)."""
        return [k for k in range(self.option_count) if self.get_option_at_index(k).id in self.actions]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self:
            self.refresh_bindings()  # ⏎ Choose becomes ⏎ Do it (or ⏎ Why not)

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

    def choosing(self) -> bool:
        """Whether the highlight is on the top line, :data:`CHOOSE_TEXT`."""
        return self._highlighted_key() == CHOOSE_KEY

    def start_entry(self) -> int | None:
        """Where the highlight starts: the top line where the list has it; else the
        first entry :meth:`offered_first` allows; in a list of one entry that can be
        done, that entry (nothing else to mistake it for); else none."""
        if self.choose_line:
            return 0
        doable = self._doable()
        start = next((k for k in doable if self.offered_first(self.actions.get(
            self.get_option_at_index(k).id or ""))), None)
        return doable[0] if start is None and len(doable) == 1 else start

    def prompt(self, text: str, greyed: bool) -> str | Content:
        """How an entry's ``text`` is shown (``greyed``: it cannot be done)."""
        return Content.styled(text, GREYED) if greyed else text

    def show(self, actions: Sequence[Any], texts: Sequence[str], greyed: Sequence[bool] = (),
             afresh: bool = False) -> None:
        """Show ``actions`` as ``texts`` (``greyed[i]``: entry ``i`` is listed greyed,
        never done nor started on), under the top line :data:`CHOOSE_TEXT` where two
        or more can be done and the table may start on none; the highlight stays on the
        same entry; else a list that was empty, one shown ``afresh`` (the table's new
        question) or one with the top line starts on :meth:`start_entry`, and any other
        highlights none."""
        before = self.highlighted_entry()
        was_empty = not self.actions
        off = [bool(d) for d in greyed] + [False] * (len(actions) - len(greyed))
        self.actions = {entry_key(a): a for a, d in zip(actions, off) if not d}
        self.greyed = {entry_key(a): a for a, d in zip(actions, off) if d}
        self.choose_line = len(self.actions) > 1 and not any(map(self.offered_first, self.actions.values()))
        self.clear_options()
        if self.choose_line:
            self.add_option(Option(self.prompt(CHOOSE_TEXT, False), id=CHOOSE_KEY))
        self.add_options([Option(self.prompt(text, d), id=entry_key(a))
                          for a, text, d in zip(actions, texts, off)])
        keys = [CHOOSE_KEY] * self.choose_line + [entry_key(a) for a in actions]
        if before is not None and entry_key(before) in keys:
            self.highlighted = keys.index(entry_key(before))
        elif was_empty or afresh or self.choose_line:
            self.highlighted = self.start_entry()
        else:
            self.highlighted = None
        self.refresh_bindings()

    def action_select(self) -> None:
        """Enter: the highlighted entry, or :class:`DoList.Unchosen` when none is (or
        the top line is)."""
        if self.highlighted is None and self.option_count:
            self.post_message(self.Unchosen())
            return
        if self.choosing():
            self.post_message(self.Unchosen(choose=True))
            return
        super().action_select()

    def highlighted_action(self) -> Any:
        """The action the highlight is on, or ``None`` (none, or a greyed entry)."""
        return self.actions.get(self._highlighted_key())

    def highlighted_entry(self) -> Any:
        """The entry the highlight is on, greyed or not, or ``None``."""
        return self._entry(self._highlighted_key())

    def index_of(self, entry: Any) -> int:
        """Where ``entry`` is listed (below the top line, where there is one)."""
        return self.get_option_index(entry_key(entry))

    def entry_at(self, index: int) -> Any:
        """The entry listed at ``index``, greyed or not."""
        return self._entry(self.get_option_at_index(index).id or "")

    def _entry(self, key: str) -> Any:
        return self.actions.get(key, self.greyed.get(key))

    def _highlighted_key(self) -> str:
        if self.highlighted is None or self.highlighted >= self.option_count:
            return ""
        return self.get_option_at_index(self.highlighted).id or ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a double click): the entry's own action, if it is still listed
        (a greyed one: :class:`DoList.Refused`)."""
        if event.option_list is not self:
            return
        event.stop()
        if event.option.id == CHOOSE_KEY:
            self.post_message(self.Unchosen(choose=True))
            return
        if event.option.id in self.greyed:
            self.post_message(self.Refused(self.greyed[event.option.id]))
            return
        action = self.actions.get(event.option.id or "")
        self.post_message(self.Chosen(action) if action is not None else self.Unchosen())

    async def _on_click(self, event: events.Click) -> None:
        """One click highlights; a double click does it too (OptionList's own click,
        which does it at once, is prevented)."""
        event.prevent_default()
        clicked = event.style.meta.get("option")
        if clicked is None:
            return
        self.highlighted = clicked
        if event.chain >= 2:
            self.action_select()

