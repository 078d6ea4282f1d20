"""Estate's table: one page at a time on the left (your Estate, your hand and Family
Secret or the draft's packet, the Realm board, the Market and the Era, the other
Estates), on the right what the highlighted action will give (or the question asked),
the Do list and the log.

Data flow as at every game's table (tui/screens/game_table.py): snapshots come through
one queue; the view is shown from the human seat at the keyboard. The Do list is the
snapshot's legal actions (conversions gathered behind one ``Convert…`` entry, and the
cards in hand that cannot be played listed greyed: highlighted, Now says why); Enter
sends the highlighted one. No rule is decided here: the host has the last word.

Hotseat: in the draft and the Family Secrets everyone acts at once, so the keyboard goes
to the human who still owes a pick (the one shown while they do, else the next in seat
order), and a hand-over screen hides the table (hand, packet, secret) between two
humans."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static

from net.table import Snapshot
from rules.estate.state import Convert, Draw, Expand, Gather, Produce

from ..names import fit, seat_name
from ..screens.at_once_table import AtOnceTableScreen
from ..screens.game_table import LEAVE_KEYS
from ..widgets.message import TableMessage
from . import board, words
from .convert import ConvertScreen, useful
from .do_list import DoList
from .results import EstateResultsScreen

"""Log lines a hotseat hand-over shows: what happened since that player last acted."""
STATUS_WIDTH = 78
PANELS = {"e-page-box": "Estate", "e-now-box": "Now", "e-actions": "Do (↑↓ Enter)",
          "e-log-box": "Log (Tab or L: read)"}
"""Each panel Tab reaches and its title (the page box's: the page shown, its tabs
under it); the focused one's title starts with ``▶``. The log, focused, grows into the
Do list's room, ``L`` opens the whole log (player-tester findings on Estate, item 8)."""
PAGE_KEYS = {"estate": "e", "hand": "h", "realm": "b", "market": "m", "others": "o"}
CONVERT = "convert"
"""The Do list's one entry for every conversion (a chooser opens)."""
CONVERT_NOW = "Convert: pay 3 (2 with a discount) of your supply for 1 of your choice."
"""What the ``Convert…`` entry gives, in the Now panel."""
PAGE = Binding.Group("Pages", compact=True)
NOW_DELAY = 0.06
"""Seconds the Do list's highlight rests before the Now panel shows what it gives."""


def owes(snap: Snapshot) -> bool:
    """Whether the seat of ``snap`` may act now (the table waits for it)."""
    return (not snap.over and snap.seat is not None and snap.seat in snap.active_seats
            and bool(snap.legal_actions))


def page_tabs(page: str) -> str:
    """The page panel's lower title: the other pages with their keys (the shown one
    is the upper title): ``"h Hand b Realm m Market o Others"``."""
    return " ".join(f"{PAGE_KEYS[p]} {title}" for p, title in board.PAGES.items() if p != page)


class EstateStatus(Widget):
    """The top line: ``▶`` who is to act and what (``head``), then the Era and the phase
    (``tail``), fitted to the width the line has whenever it is drawn: the head is what
    gets cut. Once the game is over (no tail) nothing is cut: the headline may take a
    second line (player-tester 7, finding 5: it was cut at 78 cells, even at 120)."""

    turn = ""
    head: reactive[str] = reactive("", layout=True)
    tail: reactive[str] = reactive("", layout=True)

    def render(self) -> Content:
        if not self.tail:
            return Content(self.head)
        width = self.content_size.width or STATUS_WIDTH
        return Content(fit(self.head, width - len(self.tail)) + self.tail)


class EstateTableScreen(AtOnceTableScreen):
    """One game of Estate at this keyboard (arguments as for GameTableScreen)."""

    DEFAULT_CLASSES = "-estate"
    pieces = "cards"
    results_screen = EstateResultsScreen
    owes = staticmethod(owes)
    status_type = EstateStatus
    play_actions = frozenset({"act", "convert"})
    footer_checks = (("act", ()), ("convert", ()), ("results", ()), ("page", ("estate",)))
    waiting_keys = "F1: rules; e h b m o: pages"

    BINDINGS = [
        Binding("enter", "act", "Do it", key_display="⏎"),
        Binding("c", "convert", "Convert"),
        Binding("e", "page('estate')", "Estate", group=PAGE),
        Binding("h", "page('hand')", "Hand", group=PAGE),
        Binding("b", "page('realm')", "Realm", group=PAGE),
        Binding("m", "page('market')", "Market", group=PAGE),
        Binding("o", "page('others')", "Others", group=PAGE),
        Binding("r", "results", "Results"),
        Binding("f1,question_mark", "rules", "Rules"),
        *LEAVE_KEYS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._entries: tuple[Any, ...] = ()
        self.page = "estate"
        self._phase = ""
        self._shown: dict[str, Any] = {}  # what each widget shows, so that only changes redraw
        self._now_timer: Any = None

    # ---- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield EstateStatus(id="e-status")
        with Horizontal(id="e-main"):
            with VerticalScroll(id="e-page-box"):
                yield Static("", id="e-page", markup=False)
            with Vertical(id="e-right"):
                with VerticalScroll(id="e-now-box"):
                    yield Static("", id="e-now", markup=False)
                yield DoList(id="e-actions")
                with VerticalScroll(id="e-log-box"):
                    yield Static("", id="e-log", markup=False)
        yield TableMessage(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self._seating_changed()
        self._mark_focus()

    def _seating_changed(self) -> None:
        """A player's table: the Do list has the keys; a replay or a watcher's: the
        screen's keys act, and the log takes the Do list's room (what a watcher reads;
        player-tester 5, item 8)."""
        self.query_one("#e-actions", DoList).follow_seat(bool(self.links))
        self.query_one("#e-right").set_class(not self.links, "-watching")

    def _set(self, selector: str, text: str) -> None:
        """Show ``text`` in the Static ``selector`` if it is not shown already (a
        redraw costs a layout: a game of many small steps shows a lot)."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            self.query_one(selector, Static).update(text)

    def _mark_focus(self) -> None:
        focused = self.focused
        for panel, title in PANELS.items():
            widget = self.query_one(f"#{panel}")
            if panel == "e-page-box":
                leaders = self._leaders_shown()
                title = "Leaders" if leaders else board.PAGES[self.page]
                subtitle = "" if leaders else page_tabs(self.page)
                if self._shown.get("subtitle") != subtitle:
                    self._shown["subtitle"] = subtitle
                    widget.border_subtitle = Content(subtitle)
            title = self._panel_title(panel, title)
            title = f"▶ {title}" if widget is focused else title
            if self._shown.get(panel) != title:
                self._shown[panel] = title
                widget.border_title = Content(title)  # (not markup)
        log_box = self.query_one("#e-log-box")
        opened = focused is log_box
        right = self.query_one("#e-right")
        if right.has_class("-log-open") != opened:  # the log, focused, takes the Do list's room
            right.set_class(opened, "-log-open")
            log_box.call_after_refresh(log_box.scroll_end, animate=False)  # the latest in sight

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark_focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._mark_focus()

    # ---- what the base asks ---------------------------------------------------------

    def _note_events(self, story: Snapshot) -> None:
        """Every version's events as log lines, once (a private card only to its seat:
        the story link's events are projected for the seat it is)."""
        if story.version <= self._seen_version:
            return
        view = story.view  # joined mid-game or back after a drop: the log says what it lacks
        missed = self._missed(story, f"Era {view.era}" if view.era else "set-up")
        if missed:
            self._log.append(missed)
        self._seen_version = story.version
        for event in story.events:
            line = words.event_line(event, story.names, story.seat)
            if line and event.what != "chose":  # (an answer: its effect tells itself)
                self._log.append(line)

    def _hide_hand(self) -> None:
        """Before a hand-over: the page (a hand, a packet, a secret), the preview and
        the Do list leave the screen."""
        self._hidden = True
        for widget in ("#e-page", "#e-now"):
            self._set(widget, "(hidden until the next player is ready)")
        self.query_one("#e-actions", DoList).show((), ())
        self._entries = ()

    def _turn_text(self) -> str:
        snap, view = self.snap, self.view
        assert snap is not None and view is not None
        if snap.over:
            return f"Game over: {self._headline(snap)} (r: results)" if snap.result else "Game over"
        if self.busy:
            return "Sending…"
        if self.my_turn and snap.seat is not None:
            return f"{fit(snap.names[snap.seat], 14)}: {self._your_turn_instructions()}"
        waited = [s for s in sorted(snap.active_seats) if s != snap.seat]
        if waited:
            who = ", ".join(fit(seat_name(snap.names, snap.bots, s), 14) for s in waited[:3])
            return f"Waiting for {who}"
        return "Waiting"

    def _your_turn_instructions(self) -> str:
        view = self.view
        if view.question is not None:
            return "answer the question"
        if view.phase == "leaders":
            return "choose your Leader"
        if view.phase == "draft":
            return "keep a card of the packet" if view.seats > 1 else "keep a card (4 of the 10 in all)"
        if view.phase == "secrets":
            return "keep a Family Secret"
        if view.phase == "era_start" and view.seats == 1:
            return "take option A or B"
        if view.offer:
            return "use your Leader's ability?"
        if view.producing is not None:
            return "activate a card or stop"
        legal = self.snap.legal_actions
        if any(isinstance(a, (Produce, Draw, Gather, Expand)) for a in legal):
            return "place a worker"
        return "end your turn" + (" (or convert, store first)" if len(legal) > 1 else "")

    def _spin(self) -> None:
        if self.snap is not None:
            self._refresh_footer()

    # ---- showing --------------------------------------------------------------------

    def _show_status(self, view: Any) -> None:
        """The top line (:class:`EstateStatus`): once the game is over the headline has
        it whole (player-tester 2, item 7: "the game is l…")."""
        era = f"Era {view.era}/5" if view.era else "set-up"
        if not view.era and view.phase in ("leaders", "extra", "draft", "secrets"):
            era = "set-up"
        over = self.snap is not None and self.snap.over
        status = self.query_one(EstateStatus)
        status.set_class(over, "-over")
        status.head = f"▶ {self._turn_text()}"
        status.tail = "" if over else f" · {era} · {words.PHASES.get(view.phase, view.phase)}"

    def _update(self) -> None:
        with self.app.batch_update():
            self._update_now()

    def _update_now(self) -> None:
        snap, view = self.snap, self.view
        if snap is None or view is None:
            return
        if view.phase != self._phase:  # the draft and the secrets show the hand page
            self._phase = view.phase
            if view.phase in ("draft", "secrets"):  # (a watcher has no hand: the others' Estates)
                self.page = "hand" if snap.seat is not None else "others"
            elif view.phase == "turns" and self.page == "hand":
                self.page = "estate"
        self._show_status(view)
        self._mark_focus()
        if not self._hidden:
            self._set("#e-page", self._page_text(snap))
            self._fill_actions(snap)
            self._show_now()
        log_box = self.query_one("#e-log-box")
        log = "\n".join(self._log[-200:])
        if log != self._shown.get("#e-log"):
            self._set("#e-log", log)
            if log_box is not self.focused:
                log_box.call_after_refresh(log_box.scroll_end, animate=False)
        self._tell(error=self._error)
        self._refresh_footer()

    def _instructions(self) -> str:
        snap = self.snap
        if snap is None:
            return ""
        if snap.over:
            return "Game over: r shows the score pad, q leaves."
        if snap.seat is None:
            return "Watching. e h b m o: pages; q leaves."
        if not self.my_turn:
            return f"Not your turn yet. {self.waiting_keys}."
        convert = " c convert;" if self._conversions() else ""
        pages = "" if self._leaders_shown() else " e h b m o pages;"
        return f"↑↓ what each gives, Enter does it;{convert}{pages} Tab panels."

    def _page_text(self, snap: Snapshot) -> str:
        view, names = snap.view, snap.names
        if view.phase == "leaders" or not view.estates:
            taken = [f"{names[s]}: {words.leader_name(l)}" for s, l in enumerate(view.leaders) if l]
            order = " (the last seat first)" if view.seats > 1 else ""
            lines = [f"Choosing Leaders{order}: " + (", ".join(taken) or "none chosen yet")]
            for action in snap.legal_actions if owes(snap) else ():
                lines += ["", words.preview(action, view)]
            return "\n".join(lines)
        seat = snap.seat if snap.seat is not None else 0
        if self.page == "hand":
            return board.hand_page(view, names)
        if self.page == "realm":
            return board.realm_page(view, names)
        if self.page == "market":
            return board.market_page(view, names)
        if self.page == "others":
            return board.others_page(view, names, snap.bots, [self._seat_note(s) for s in range(view.seats)])
        return board.estate_page(view, seat, names)

    def _show_now(self) -> None:
        """The Now panel: the question asked, then what the highlighted entry gives; while
        the Do list's top line (``Choose with ↑↓, then Enter``) is highlighted, or none
        is, what each entry gives in brief (:meth:`_every_answer`)."""
        snap, view = self.snap, self.view
        lines: list[str] = []
        if view.question is not None:
            lines.append(words.question_text(view))
        if view.offer:
            lines.append("Your Leader's ability may be used now.")
        if view.producing is not None:
            limit, done = view.producing
            lines.append(f"Producing: {done} of up to {limit} activated.")
        entry = self._highlighted()
        if entry == CONVERT:
            lines.append(CONVERT_NOW)
        elif isinstance(entry, tuple):  # a greyed card: why, then what it is
            lines += [f"✗ {self._cannot(entry[1])}.", words.card_text(entry[1])]
        elif entry is not None:
            lines.append(words.preview(entry, view))
        elif self._entries and self.my_turn:
            lines += self._every_answer()
        elif snap.seat is not None and not self.my_turn and not snap.over:
            lines.append("Waiting for the others.")
        self._set("#e-now", "\n".join(l for l in lines if l))

    def _every_answer(self) -> list[str]:
        """What each entry of the Do list gives, in brief, once each (the Era Event's A
        and B, the draft's cards, a question's answers: the Now panel was empty as each
        opened, player-tests 22 and 23); while a worker may be placed (a dozen entries
        and more), only how to choose."""
        legal = self.snap.legal_actions
        if any(isinstance(a, (Produce, Draw, Gather, Expand)) for a in legal):
            return ["↓ to an action: what it gives shows here; Enter does it."]
        lines = [CONVERT_NOW if a == CONVERT else words.brief(a, self.view)
                 for a in self._entries if not isinstance(a, tuple)]
        return ["What each gives:", *dict.fromkeys(lines)]

    def _highlighted(self) -> Any:
        return self.query_one("#e-actions", DoList).highlighted_entry()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The Now panel follows the highlight once it rests (a held arrow key, or
        several pressed quickly, redraw it once)."""
        if self._now_timer is not None:
            self._now_timer.stop()
        self._now_timer = self.set_timer(NOW_DELAY, self._highlight_rests)

    def _highlight_rests(self) -> None:
        self._now_timer = None
        if not self._hidden and self.snap is not None:
            self._show_now()

    def _conversions(self) -> list[Convert]:
        snap = self.snap
        if snap is None or not owes(snap) or self._hidden:
            return []
        return useful(snap.legal_actions)

    def _fill_actions(self, snap: Snapshot) -> None:
        """The legal actions, the cards in hand that cannot be played now (greyed,
        each with why, on one line as every entry: highlighted, Now says it whole; only
        while a worker action may still be taken), then one entry for every conversion."""
        legal = tuple(snap.legal_actions) if owes(snap) else ()  # (kept while a move is sent)
        entries: list[Any] = [a for a in legal if not isinstance(a, Convert)]
        view = snap.view
        placing = any(isinstance(a, (Produce, Draw, Gather, Expand)) for a in legal)  # (not once placed)
        if placing and view.phase == "turns" and view.question is None and view.producing is None \
                and not view.offer and snap.seat == view.turn:
            playable = {a.card for a in legal if isinstance(a, Expand)}
            hand = view.estates[snap.seat].hand
            entries += [("cannot", c) for c in dict.fromkeys(hand) if c not in playable]
        if useful(legal):  # last: End reaches it, the ✗ lines in sight
            entries.append(CONVERT)
        entries_t = tuple(entries)
        if entries_t == self._entries:
            return
        texts, disabled = [], []  # (all in words first: the list and its entries change together)
        for entry in entries_t:
            if entry == CONVERT:
                texts.append("Convert resources…")
            elif isinstance(entry, tuple):
                texts.append(f"✗ {words.card_name(entry[1])}: {self._why_not(entry[1])}")
            else:
                texts.append(words.action_text(entry, view, snap.names))
            disabled.append(isinstance(entry, tuple))
        self._entries = entries_t
        # the highlight stays on the same action (End turn after a conversion), or none
        self.query_one("#e-actions", DoList).show(entries_t, texts, disabled)

    def _why_not(self, copy: str) -> str:
        """Why the card ``copy`` in hand cannot be played now (:func:`words.why_not`)."""
        snap = self.snap
        assert snap is not None and snap.seat is not None
        return words.why_not(snap.view, snap.seat, copy, self._conversions())

    def _cannot(self, copy: str) -> str:
        """``"You cannot Expand Farm now: short of 1 Wood (costs …)"``."""
        return f"You cannot Expand {words.card_name(copy)} now: {self._why_not(copy)}"

    # ---- doing ----------------------------------------------------------------------

    def on_do_list_chosen(self, event: DoList.Chosen) -> None:
        event.stop()
        self._do(event.action)

    def on_do_list_refused(self, event: DoList.Refused) -> None:
        """Enter on a greyed card: nothing is done; the message line says why."""
        event.stop()
        self._error = f"Nothing done. {self._cannot(event.entry[1])}."
        self._update()

    def _do(self, entry: Any) -> None:
        if not self.my_turn or self.snap is None:
            self._error = "Nothing can be done now."
            self._update()
            return
        if entry == CONVERT:
            self.action_convert()
            return
        self._send(entry)

    def action_convert(self) -> None:
        conversions = self._conversions()
        if not conversions:
            self._error = "No conversion now: you need 3 of your supply (2 with a discount) on your turn."
            self._update()
            return
        est = self.view.estates[self.snap.seat]

        def chosen(action: Convert | None) -> None:
            if action is not None and self.my_turn:
                self._send(action)

        self.app.push_screen(ConvertScreen(conversions, words.supply(est.res, est.gold)), chosen)

    def action_page(self, page: str) -> None:
        self.page = page
        self.query_one("#e-page-box").scroll_home(animate=False)
        self._update()

    def action_act(self) -> None:
        """Enter outside the Do list moves the focus there (the Do list's own Enter
        does its highlighted entry)."""
        actions = self.query_one("#e-actions", OptionList)
        if actions.can_focus and self.focused is not actions:
            actions.focus()
            self._error = "The Do list has the keys now: ↑↓ choose, Enter does it."
            self._update()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act":  # (steady while a move is sent: the footer is not redrawn for it)
            return bool(self._entries) and self.snap is not None and owes(self.snap)
        if action == "convert":
            return bool(self._conversions())
        if action == "results":
            return self.snap is not None and self.snap.over
        if action == "page":  # (while the Leaders are chosen, the Leaders are the only page)
            return None if self._leaders_shown() else True
        return True

    def _leaders_shown(self) -> bool:
        """The page box shows the Leaders to choose from (no Estate yet)."""
        view = self.view
        return view is not None and (view.phase == "leaders" or not view.estates)
