"""Zestrea's table: an estate panel per Boyar, what is happening now (the Time card,
the auction, a wedding window, prompts, offers), the hand with each card's text, the
log of dice and deals, and the list of what may be done now.

Data flow as at every game's table (tui/screens/game_table.py): snapshots come
through one queue; the view is shown from the human seat at the keyboard. Everything
that may be done comes from the snapshot's legal actions: a listed action is one entry
of the action list (Enter sends it); an :class:`~rules.core.ActionKind` (a bid, a
choice, an offer, a card with targets) opens :class:`~tui.zestrea.form.ActionForm`,
drawn from its bounds. No rule is decided here: the host has the last word.

Hotseat: Boyars act at once, so the keyboard goes to the human Boyar who still owes
something (a prompt, a bid, a window pass, Ready), and a hand-over screen hides the
table (hand and offers) between two humans."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

import attrs

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static

from net.table import Snapshot
from rules.core import ActionKind, Seat, listed
from rules.zestrea.timers import default_answer
from rules.zestrea.state import (
    Accept, Attempted, AuctionOpened, Decline, Pass, PassWindow, PhaseBegan, PlayFate, Ready, TurnBegan,
    Unready, UseMusician, Withdraw, WindowOpened, ZestreaAction,
)

from ..names import fit, fit_names, seat_name
from ..screens.confirm import ConfirmScreen
from ..screens.at_once_table import AtOnceTableScreen
from ..screens.game_table import LEAVE_KEYS
from ..widgets.hung_text import HungText
from ..widgets.message import TableMessage
from . import choices, words
from .countdown import TimerLine
from .do_list import DoList, pass_last
from .food import FoodSummary, food_lines
from .food import summary as food_summary
from .form import open_form
from .story import catch_up_lines, event_lines, joined_late, opening_lines, timed_out_lines
from .results import ZestreaResultsScreen

NOW_TITLE = 32
"""Cells of the Now panel's title (``▶`` and the border's corners beside it at 80 columns)."""
PANELS = {"z-estates-box": "Estates · Z Zestre L Land H hand", "z-hand-box": "Hand",
          "z-now-box": "Now", "z-actions": "Do (↑↓ Enter)", "z-log-box": "Log (L: all of it)"}
"""Each panel Tab reaches and its title; the focused one's title starts with ``▶``."""
MODE_WORDS = {"wedding": "a Wedding card", "action": "an Action card"}
"""How a card of two kinds (Țuică) is played, in the Do list."""
STATUS_WIDTH = 78
"""Cells of the top line at 80 columns (less its padding)."""
"""Log lines a hotseat hand-over shows: what happened since that Boyar last played."""
NEW_SITUATION = (TurnBegan, PhaseBegan, AuctionOpened, WindowOpened)
"""Events that put a new question to the table (a turn, a step, an auction, a wedding
window or its next attempt): the Now panel goes back to its top and the Do list starts
afresh, even where the Now panel's kind looks the same (a new window for the same two,
the version between them not shown: player-tester 21, item 7)."""
AUCTION_PASS = "Pass? You leave this auction for good."
"""What Enter on the Do list's auction pass asks first (player-tester 21, item 1)."""


def owes(snap: Snapshot) -> bool:
    """Whether the seat of ``snap`` still owes something the table waits for: it may act,
    and it is not (in step IV) ready, nor (in a window) passed with no rent to answer."""
    view = snap.view
    if snap.over or snap.seat is None or snap.seat not in snap.active_seats or not snap.legal_actions:
        return False
    if view.phase != "negotiation" or view.my_prompt is not None:
        return True
    if view.window is not None:
        return any(isinstance(a, PassWindow) for a in snap.legal_actions) or any(
            getattr(o, "kind", "") == "rent-offer" and o.to == snap.seat for o in view.my_offers)
    return snap.seat not in view.ready


def waited_seats(snap: Any) -> list[Seat]:
    """The seats the table waits for, from ``snap``'s view alone (as rules.zestrea's
    ``awaited``): with prompts open those not yet answered; in step IV those not ready,
    or in a window those that have not passed (or have a rent offer to answer) — the
    one source of the header's "Waiting for" and the window's "passed" line."""
    view, active = snap.view, snap.active_seats
    if view.prompts:
        return sorted(p.seat for p in view.prompts if not p.answered and p.seat in active)
    if view.phase != "negotiation":
        return sorted(active)
    if view.window is None:
        return sorted(active - view.ready)
    renting = {o.to for o in view.offers if o.what in ("rent", "rent-offer")}
    return sorted(s for s in active if s not in view.window.passed or s in renting)


COUNTERED = {"wedding-offer": "propose-wedding", "trade-offer": "propose-trade"}
"""The proposal that counters each kind of offer (reference §3.6: a counter-offer)."""


def with_counters(entries: tuple[Any, ...], view: Any) -> tuple[Any, ...]:
    """The Do list's entries: the legal actions, and after each offer's Decline a
    *Counter* entry: the proposal kind of that offer with its Boyar and the offer it
    answers given (``fixed``), so the form asks only for the terms."""
    out: list[Any] = []
    for entry in entries:
        out.append(entry)
        if not isinstance(entry, Decline):
            continue
        offer = next((o for o in view.my_offers if o.id == entry.offer), None)
        kind = next((k for k in entries if isinstance(k, ActionKind) and offer is not None
                     and k.kind == COUNTERED.get(offer.kind)), None)
        if offer is None or kind is None:
            continue
        counter = next((p for p in kind.params if p.name == "counter"), None)
        if counter is None or not counter.holds(offer.id):
            continue
        out.append(attrs.evolve(kind, params=tuple(p for p in kind.params if p.name not in ("to", "counter")),
                                fixed=kind.fixed + (("to", offer.by), ("counter", offer.id))))
    return tuple(out)


def answered_offer(entry: Any, view: Any) -> Any:
    """The offer a Do list entry answers (an Accept, Decline or Withdraw, or a Counter's
    form: :func:`with_counters`), as ``view`` shows it; ``None`` for any other entry."""
    if isinstance(entry, (Accept, Decline, Withdraw)):
        offer_id = entry.offer
    elif isinstance(entry, ActionKind):
        offer_id = dict(entry.fixed).get("counter")
    else:
        return None
    return next((o for o in view.my_offers if o.id == offer_id), None) if offer_id else None


def status_line(turn_text: str, view: Any, width: int = STATUS_WIDTH, whole: bool = False) -> str:
    """The top line in ``width`` cells: ``▶`` the turn text, then the turn and the step
    whole (``IV Weddings`` for step IV when the line is short of room); the turn text
    is what gets cut. ``whole`` (the game is over): nothing is cut, the line is left to
    wrap (player-tester 7, finding 5: the headline lost its tie-break)."""
    step = words.PHASE_WORDS.get(view.phase, view.phase)
    turn = f"turn {view.turn}{' (final)' if view.final_turn else ''}"
    head = f"▶ {turn_text}"
    if len(head) + len(f" · {turn} · {step}") > width:
        step = step.split(" and ")[0]
    tail = f" · {turn} · {step}"
    return (head if whole else fit(head, width - len(tail))) + tail


class ZestreaStatus(Static):
    """The top line: ``▶`` who is to act and what, the turn and step (:func:`status_line`),
    fitted again to the width the line has whenever it is resized; once the game is over
    it may take a second line, so that the headline reads whole."""

    turn = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[str, Any, bool] | None = None

    def show(self, turn_text: str, view: Any, over: bool) -> None:
        """Show ``turn_text`` for ``view``; ``over``: the game is over (see above)."""
        self._shown = (turn_text, view, over)
        self._fill()

    def on_resize(self) -> None:
        self._fill()

    def _fill(self) -> None:
        if self._shown is not None:
            turn_text, view, over = self._shown
            self.set_class(over, "-over")
            self.update(status_line(turn_text, view, self.content_size.width or STATUS_WIDTH, over))


class ZestreaTableScreen(AtOnceTableScreen):
    """One game of Zestrea at this keyboard (arguments as for GameTableScreen)."""

    DEFAULT_CLASSES = "-zestrea"  # (its LAN table too, for parlour.tcss)
    pieces = "cards"
    results_screen = ZestreaResultsScreen
    owes = staticmethod(owes)
    status_type = ZestreaStatus
    play_actions = frozenset({"ready", "pass_", "act"})
    footer_checks = (("ready", ()), ("pass_", ()), ("act", ()), ("results", ()))
    sending_words = "Sending"


    waiting_keys = "F1: rules"  # (no score sheets in Zestrea)
    catch_up = True
    """Whether the log starts with what the first snapshot's view tells (a replay
    notes every version's events from the start, so it needs none): the opening (turn
    1's Time card and draws happen at setup, in no version's events), or, for a table
    that (re)joins with no history of the earlier versions, the turn and hands now."""
    AUTO_FOCUS = "#z-actions"  # a player's first focus: the Do list (a replay's cannot focus)

    BINDINGS = [
        Binding("enter", "act", "Do it", key_display="⏎"),
        Binding("y", "ready", "Ready"),
        Binding("y", "unready", "Not ready"),  # once ready, y takes it back: the footer says so
        Binding("p", "pass_", "Pass"),
        Binding("r", "results", "Results"),
        Binding("f1,question_mark", "rules", "Rules"),
        *LEAVE_KEYS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._entries: tuple[Any, ...] = ()
        self._now_kind: tuple[Any, ...] = ()  # what the Now panel shows, in kind
        self._hand_title = "Hand"
        self._now_title = "Now"  # with the Time card of the turn, always in sight
        self._before: Any = None  # the last version's view (the estates before Food)
        self._food: FoodSummary | None = None  # the latest Food, for the Now panel
        self._failed: Attempted | None = None  # the latest failed wedding attempt
        self._highlighted: Any = None  # the Do list's highlighted entry, for the Now panel
        self._form_sent: asyncio.Event | None = None  # set once a form's send is answered
        self._log_begun = False  # the log's head (:meth:`_log_head`) is written
        self._situation_at: int | None = None  # the version of the latest NEW_SITUATION event not yet shown

    # ---- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield ZestreaStatus("", id="z-status", markup=False)
        with Horizontal(id="z-main"):
            with Vertical(id="z-left"):
                with VerticalScroll(id="z-estates-box"):
                    yield HungText(id="z-estates")
                with VerticalScroll(id="z-hand-box"):
                    yield HungText(id="z-hand")
            with Vertical(id="z-right"):
                with VerticalScroll(id="z-now-box"):
                    yield TimerLine(id="z-timer")
                    yield HungText(id="z-now")
                yield DoList(id="z-actions")
                with VerticalScroll(id="z-log-box"):
                    yield HungText(id="z-log")
        yield TableMessage(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self._seating_changed()
        self.call_after_refresh(self._mark_focus)  # once the focus asked for has landed

    def _seating_changed(self) -> None:
        """A player's table: the Do list has the keys; a replay or a watcher's: nothing
        to do, the screen's keys (Home, End) act."""
        self.query_one("#z-actions", DoList).follow_seat(bool(self.links))
        self.query_one("#z-right").set_class(not self.links, "-watching")  # the log takes the Do list's room

    def _mark_focus(self) -> None:
        """Each panel's title; the focused one's starts with ``▶`` (its border turns
        double too, parlour.tcss), so focus shows without colour. The log, focused,
        takes the Do list's room (class ``-log-open``)."""
        focused = self.focused
        for panel, title in PANELS.items():
            widget = self.query_one(f"#{panel}")
            title = self._panel_title(panel, {"z-hand-box": self._hand_title,
                                              "z-now-box": self._now_title}.get(panel, title))
            widget.border_title = f"▶ {title}" if widget is focused else title
        self.query_one("#z-right").set_class(
            focused is not None and focused.id == "z-log-box", "-log-open")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark_focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._mark_focus()

    # ---- what the base asks ---------------------------------------------------------

    def _note_events(self, story: Snapshot) -> None:
        """Every version's events the log tells (dice, bids, offers, weddings), once;
        a table joined mid-game or back after a drop notes the versions it missed
        first, from the link's history (the base's :meth:`_note_history`)."""
        if story.version <= self._seen_version:
            return
        if not self._log_begun and self.catch_up:
            self._log_begun = True
            self._log += self._log_head(story)
        elif self._seen_version >= 0 and self._missed(story):  # back after a drop, no history
            self._log.append(self._missed(story))
        self._seen_version = story.version
        told = self._events_told(story)
        if any(isinstance(event, NEW_SITUATION) for event in told):
            self._situation_at = story.version
        self._log += timed_out_lines(event_lines(told, story.names, story.view), story.timed_out, story.names)
        for k, event in enumerate(told):
            if isinstance(event, Attempted) and not event.success:
                self._log.append(self._note_failure(event, told[k + 1:], story.names))
        self._note_food(story)

    def _log_head(self, story: Snapshot) -> list[str]:
        """The log's first lines, before the events of ``story`` (the first version
        noted): the opening, which no version's events tell (:func:`catch_up_lines`
        while the view still shows it, else :func:`opening_lines`), when the log holds
        every version from the first (the game's start, or a whole history of the
        earlier versions: docs/protocol.md, "History"); where the history starts
        later, that it does (``_missed``); with no history at all (a local game
        continued), the turn and hands now, from the view."""
        view, names = story.view, story.names
        if self._seen_version < 0 and story.version > 0:
            if self._noting_past:
                return [self._missed(story)]
            return catch_up_lines(view, names, joined_late(story.version, view))
        if joined_late(story.version, view):
            return opening_lines(view, names)
        return catch_up_lines(view, names, False)

    def _events_told(self, story: Snapshot) -> tuple[Any, ...]:
        """``story``'s events as the log tells them: with one human at this keyboard, as
        that seat saw them (why its offers closed, its own cards), else as the story
        saw them (a hotseat log is shared by its humans)."""
        if len(self.links) == 1:
            own = self._seat_snaps[next(iter(self.links))].get(story.version)
            if own is not None:
                return own.events
        return story.events

    def _note_failure(self, event: Attempted, after: tuple[Any, ...], names: Any) -> str:
        """A failed attempt: what comes next in words (the window again, attempts
        left), kept for the Now panel while the next attempt's window is open."""
        before = self._before.window if self._before is not None else None
        same = before is not None and (before.stays, before.moves) == (event.stays, event.moves)
        attempts = getattr(event, "attempts", 0) or (before.attempts if same else None)
        again = any(isinstance(e, WindowOpened) and (e.window.stays, e.window.moves) == (event.stays, event.moves)
                    for e in after)
        short = getattr(event, "short", -1)
        self._failed = event
        return words.after_attempt(event, attempts, again, getattr(event, "then", ""),
                                   words.seat_word(names, short) if short >= 0 else "")

    def _forget_events(self) -> None:
        """A replay stepping back: the log, the Food summary and the failed attempt
        are told again from the first step."""
        super()._forget_events()
        self._log_begun = False
        self._before = self._food = self._failed = None

    def _note_food(self, story: Snapshot) -> None:
        """The Food summary: begun from the estates just before Food (the last version's
        view) when a version starts Food; who starved added as they do. An earlier
        version noted from the history has no view of its own: none is begun then."""
        if self._noting_past:
            self._before = self._food = None
            return
        if any(isinstance(e, PhaseBegan) and e.phase == "food" for e in story.events) \
                and self._before is not None:
            self._food = food_summary(self._before, story.events)
        if self._food is not None:
            self._food = self._food.with_starved(story.events)
        self._before = story.view

    def _hide_hand(self) -> None:
        """Before a hand-over: the hand and the offers' terms leave the screen."""
        self._hidden = True
        self.query_one(TimerLine).show(None)
        self.query_one("#z-hand", HungText).update("(hidden)")
        self.query_one("#z-now", HungText).update("(hidden)")
        self.query_one("#z-actions", DoList).show((), ())
        self._entries = ()
        self._highlighted = None

    async def _hand_over(self, story: Snapshot) -> bool:
        """The keyboard goes to a human Boyar who owes something: the one shown if they
        still do, else the next in seat order; between two humans a hand-over screen
        hides the table. A form's action still waiting for its answer is answered first
        (its form closes before any hand-over screen covers the table)."""
        sent = self._form_sent
        if sent is not None:
            await sent.wait()
        return await super()._hand_over(story)

    def _turn_text(self) -> str:
        snap, view = self.snap, self.view
        assert snap is not None and view is not None
        if snap.over:
            return f"Game over: {self._headline(snap)} (r: results)" if snap.result else "Game over"
        if self.busy:
            return "Sending…"
        waited = [s for s in waited_seats(snap) if s != snap.seat]
        if self.my_turn and snap.seat is not None and owes(snap):
            you = fit(snap.names[snap.seat], 16)
            return f"{you}: {self._your_turn_instructions()}"
        if snap.seat is not None and self.my_turn:
            return f"{fit(snap.names[snap.seat], 16)}: you may still act; waiting for the others"
        if waited:
            short = fit_names([seat_name(snap.names, snap.bots, s) for s in range(len(snap.names))], 14)
            who = ", ".join(short[s] for s in waited[:3])
            return f"Waiting for {who}"
        return "Waiting"

    def _your_turn_instructions(self) -> str:
        view = self.view
        if view.my_prompt is not None:
            return "answer the prompt (Enter on Answer)"
        if view.auction is not None:
            return "bid or pass"
        if view.window is not None:
            return "window: add cards or pass (p)"
        return "act, then Ready (y)"

    def _spin(self) -> None:
        if self.snap is not None:
            self._refresh_footer()

    # ---- showing --------------------------------------------------------------------

    def _update(self) -> None:
        snap, view = self.snap, self.view
        if snap is None or view is None:
            return
        names = snap.names
        self.query_one(ZestreaStatus).show(self._turn_text(), view, snap.over)
        self.query_one("#z-estates", HungText).update(self._estates_text(snap))
        self._hand_title = f"Hand of {fit(names[snap.seat], 20)}" if snap.seat is not None else "Hand"
        self._now_title = fit(f"Now · Time: {words.card_name(view.time_card)}", NOW_TITLE) \
            if view.time_card else "Now"
        self._mark_focus()
        self.query_one(TimerLine).show(None if self._hidden else snap)  # its default may name your villagers
        if self._hidden:
            self.query_one("#z-hand", HungText).update("(hidden)")
        else:
            hand = self._hand_text(view) if snap.seat is not None else "(a spectator sees no hand)"
            self.query_one("#z-hand", HungText).update(hand or "(no Fate cards)")
            self.query_one("#z-now", HungText).update(self._now_text(snap))
            afresh = self._new_situation(snap)
            if afresh:
                self.query_one("#z-now-box").scroll_home(animate=False, immediate=True)
            self._fill_actions(snap, afresh)
        log_box = self.query_one("#z-log-box")
        self.query_one("#z-log", HungText).update("\n".join(self._log))
        if log_box is not self.focused:  # the latest lines, unless the player is reading
            log_box.call_after_refresh(log_box.scroll_end, animate=False)
        self._tell(error=self._error)
        self._refresh_footer()

    def _new_situation(self, snap: Snapshot) -> bool:
        """Whether ``snap`` puts a new question (once): what the Now panel shows changed
        in kind (a new auction, window, prompt, Time card or step), or a version up to
        ``snap``'s told of one (:data:`NEW_SITUATION`)."""
        kind = self._now_kind_of(snap)
        told = self._situation_at is not None and snap.version >= self._situation_at
        if kind == self._now_kind and not told:
            return False
        self._now_kind = kind
        if told:
            self._situation_at = None
        return True

    def _instructions(self) -> str:
        snap = self.snap
        if snap is None:
            return ""
        if snap.over:
            return "Game over: r shows the results, q leaves."
        if snap.seat is None:
            return "Watching. q leaves."
        if not self.my_turn:
            return "Nothing to do now; the others are acting. F1: rules."
        keys = ["Tab: next panel", "in Do ↑↓ choose, Enter does it"]
        if self._listed(Ready, Unready) is not None:
            keys.append("y: Ready" if self._listed(Ready) is not None else "y: not ready after all")
        if self._listed(Pass, PassWindow) is not None:
            keys.append("p: pass the window" if self._listed(PassWindow) is not None else "p: pass the auction")
        return "; ".join(keys) + "; F1: rules."

    def _question(self, snap: Snapshot) -> tuple[Any, ...]:
        """What this Boyar is asked, in kind (the Now panel's: the step, an auction, a
        window, a prompt): the quiet moment comes with a new one, not with every offer
        another Boyar makes meanwhile (the Do list keeps Enter on its action anyway)."""
        return self._now_kind_of(snap) if owes(snap) else ()

    @staticmethod
    def _now_kind_of(snap: Snapshot) -> tuple[Any, ...]:
        """What the Now panel shows, in kind: the turn and step, the Time card, the
        auction's card, the wedding window (who, which attempt) and the prompt."""
        view = snap.view
        window = view.window
        return (view.turn, view.phase, view.time_card,
                view.auction.card if view.auction is not None else None,
                (window.stays, window.moves, window.attempt) if window is not None else None,
                view.my_prompt.kind if view.my_prompt is not None else None)

    def _estates_text(self, snap: Snapshot) -> str:
        view = snap.view
        roles = dict(view.roles)
        lines: list[str] = []
        order = sorted(range(len(view.estates)), key=lambda s: s != snap.seat)  # yours first
        short = fit_names([seat_name(snap.names, snap.bots, s) + (" (you)" if s == snap.seat else "")
                           for s in range(len(view.estates))], 20)  # alike names kept apart
        for seat in order:
            estate = view.estates[seat]
            mark = "▶" if seat == snap.seat else " "
            flags = []
            away = self._away_words(seat)
            if away:  # a dropped LAN player: not acting, whatever the flags say
                flags.append(away)
            elif view.phase == "negotiation":
                flags.append("✓ready" if seat in view.ready else "·acting")
            if any(p.seat == seat and not p.answered for p in view.prompts):
                flags.append("?owes answer")
            if view.auction is not None and view.auction.turn == seat:
                flags.append("?to bid")
            lines.append(f"{mark} {short[seat]} Z{estate.zestre} L{estate.land} "
                         f"H{estate.hand_count} {' '.join(flags)}")
            couples = ", ".join(f"{words.name(c.stayed)}+{words.name(c.moved)}" for c in estate.couples)
            singles = [words.who(v) + (" (baby, lying)" if v in estate.babies else "") for v in estate.singles]
            lines.append(f"   {len(estate.couples)} Couple{'s' * (len(estate.couples) != 1)}: {couples or '—'}"
                         + (f"; singles: {', '.join(singles)}" if singles else ""))
            mine = [f"{words.card_name(card)} on {words.who(v)}" for v, card in roles.items()
                    if v in {x for c in estate.couples for x in c.spouses} | set(estate.singles)]
            if mine:
                lines.append(f"   Roles: {', '.join(mine)}")
            if estate.revealed:
                lines.append(f"   Revealed: {', '.join(words.card_name(c) for c in estate.revealed)}")
        lines.append(f"Supply: {view.supply_lads} Lads, {view.supply_maidens} Maidens · "
                     f"Fate deck {view.fate_deck_count} · Time cards left {view.time_left}")
        return "\n".join(lines)

    def _away_words(self, seat: Seat) -> str:
        """``"away, held 1:42 more"``, ``"away"``: a seat whose player dropped (a
        LAN table says; ``""`` here)."""
        return ""

    def _hand_text(self, view: Any) -> str:
        return "\n".join(f"{i + 1}. {words.card_text(card)}" + (" (revealed)" if card in
                         view.estates[view.seat].revealed else "")
                         for i, card in enumerate(view.hand)) if view.seat is not None else ""

    def _now_text(self, snap: Snapshot) -> str:
        view, names = snap.view, snap.names
        highlighted = answered_offer(self._highlighted, view)
        lines: list[str] = []
        if highlighted is not None:  # what the player is deciding on, first
            lines += ["▸ " + line if not k else line
                      for k, line in enumerate(words.offer_lines(highlighted, names))]
        if view.foretold:
            lines.append("Foretold to you: " + ", ".join(words.card_name(c) for c in view.foretold))
        if view.my_prompt is not None:
            p = view.my_prompt
            couples = words.couple_names(view)
            choices = [words.value_text("picked", c, names, couples) for c in p.choices]
            count = str(p.lo) if p.lo == p.hi else f"{p.lo} to {p.hi}"
            if p.lo == p.hi == 1 and len(choices) == 1:  # the other answer is an action
                asked = f"{choices[0]} (Answer), or act in the Do list"
            elif p.lo == p.hi == 1:  # one of them: "pay the ransom or hand over the bride"
                asked = " or ".join(choices)
            elif p.choices and all(c in couples for c in p.choices):  # each a Couple, never its two spouses
                asked = f"choose {count} Couple{'s' * (p.hi != 1)}: " + "; ".join(
                    f"the Couple {couples[c]}" for c in p.choices)
            else:
                asked = f"choose {count} of " + ", ".join(choices)
            lines.append(f"? {words.PROMPT_WORDS.get(p.kind, p.kind)}: {asked}")
        lines += self._prompts_now(view, names)
        lines += self._auction_now(view, names)
        lines += self._window_now(snap)
        lines += self._offers_now(view, names, highlighted)
        lines += self._ready_now(view, names)
        lines += self._food_now(snap)
        lines.append(f"Time: {words.time_text(view.time_card)}")  # last: what is asked comes first
        return "\n".join(lines)

    @staticmethod
    def _prompts_now(view: Any, names: Any) -> list[str]:
        """The others' prompts by kind: who has answered (``✓``) and who not yet (``…``)."""
        lines = []
        for kind in dict.fromkeys(p.kind for p in view.prompts if p.seat != view.seat):
            who = [f"{words.seat_word(names, p.seat)} {'✓' if p.answered else '…'}"
                   for p in view.prompts if p.seat != view.seat and p.kind == kind]
            lines.append(f"{words.PROMPT_NAMES.get(kind, kind)}: {', '.join(who)}")
        return lines

    @staticmethod
    def _auction_now(view: Any, names: Any) -> list[str]:
        """Step III: the card, the high bid and whose turn first, then every bid and
        pass so far, then the card's text."""
        a = view.auction
        if a is None:
            return []
        high = f"high bid {words.seat_word(names, a.high[0])} {a.high[1]}" if a.high else "no bid yet"
        bids = ", ".join(f"{words.seat_word(names, s)} {n}" for s, n in a.bids) or "none"
        out = ", ".join(words.seat_word(names, s) for s in sorted(a.out)) or "nobody"
        return [f"Auction: {words.card_name(a.card)}: {high}; to bid: {words.seat_word(names, a.turn)}",
                f"  bids: {bids}; passed: {out}",
                f"  {words.card_text(a.card)}"]

    def _window_now(self, snap: Snapshot) -> list[str]:
        """A wedding window (reference §3.6, Z-R30): the two and the attempt, the chance
        and what makes it, how the last attempt failed, what you may add (from your
        legal actions) and who has passed."""
        view, names = snap.view, snap.names
        w = view.window
        if w is None:
            return []
        parts = " + ".join(f"{words.value_text('', n, names)} {v}" for n, v in view.chance_parts)
        lines = [f"Wedding: {words.who(w.stays)} + {words.who(w.moves)}, attempt {w.attempt} of {w.attempts}",
                 f"  chance {view.chance} of 6 (a die of {view.chance} or less marries) = {parts or '—'}"
                 if view.chance else f"  chance 0 of 6 = {parts or '—'}"]
        lines += self._again_now(w)
        legal = snap.legal_actions if self.my_turn else ()
        adds = [words.action_text(a, names).rstrip("…") for a in legal
                if getattr(a, "kind", "") in ("play", "use-musician", "rent-musician")]
        if adds:
            lines.append("  you may add: " + "; ".join(adds) + (" (Do list)"))
        if any(isinstance(a, PassWindow) for a in listed(legal)):
            lines.append("  p: pass (nothing more from you for this attempt)")
        waiting = [words.seat_word(names, s) for s in range(view.seats) if s not in w.passed]
        lines.append("  passed: " + (", ".join(words.seat_word(names, s) for s in sorted(w.passed)) or "nobody")
                     + (f"; not yet: {', '.join(waiting)}" if waiting else ""))
        return lines

    @staticmethod
    def _ready_now(view: Any, names: Any) -> list[str]:
        """Step IV's ready flags (reference §3.5): who is ready (✓) and who still acts;
        the step ends when every Boyar is ready."""
        if view.phase != "negotiation" or view.window is not None:
            return []
        ready = [words.seat_word(names, s) for s in range(view.seats) if s in view.ready]
        acting = [words.seat_word(names, s) for s in range(view.seats) if s not in view.ready]
        return [f"Ready ✓: {', '.join(ready) or 'nobody'}; still acting: {', '.join(acting) or 'nobody'}"]

    @staticmethod
    def _offers_now(view: Any, names: Any, highlighted: Any = None) -> list[str]:
        """Offers: those made to you (accept, decline or counter them in the Do list),
        yours (withdraw them there), and the others' by who and what kind only; the one
        ``highlighted`` in the Do list is not repeated (the panel opens with it)."""
        lines = []
        for offer in view.my_offers:
            if offer.to == view.seat and offer is not highlighted:
                lines.append(f"Offer to you {words.offer_text(offer, names)}")
        for offer in view.my_offers:
            if offer.by == view.seat and offer is not highlighted:
                lines.append(f"Your offer {words.offer_text(offer, names)}")
        public = [o for o in view.offers if view.seat not in (o.by, o.to)]
        if public:
            lines.append("Others' offers: " + "; ".join(
                f"#{o.id} {words.seat_word(names, o.by)}→{words.seat_word(names, o.to)} "
                f"{words.offer_kind(o.what)}" for o in public))
        return lines

    def _again_now(self, window: Any) -> list[str]:
        """Under a window opened again after a failed attempt: how that one went."""
        failed = self._failed
        if failed is None or (failed.stays, failed.moves) != (window.stays, window.moves) \
                or failed.attempt != window.attempt - 1:
            return []
        return [f"  attempt {failed.attempt} failed (rolled {failed.die}, chance {failed.chance}); "
                f"this is attempt {window.attempt} of {window.attempts}: add cards or pass again"]

    def _food_now(self, snap: Snapshot) -> list[str]:
        """The Food summary while Food lasts and through the next turn's first two
        steps (a Food with nobody to starve is over within one move), and at the end."""
        food, view = self._food, snap.view
        if food is None:
            return []
        latest = (view.turn == food.turn and view.phase == "food") or snap.over or (
            view.turn == food.turn + 1 and view.phase in ("hard-times", "production"))
        return food_lines(food, snap.names, snap.seat, words.couple_names(view)) if latest else []

    def _fill_actions(self, snap: Snapshot, afresh: bool = False) -> None:
        """The Do list: the legal actions with their counters, the auction's pass
        last; shown ``afresh`` (its highlight on the start entry) for a new question."""
        entries = tuple(snap.legal_actions) if (self.my_turn or snap.legal_actions) and not snap.over else ()
        entries = pass_last(with_counters(entries, snap.view))
        if entries == self._entries:
            return
        self._entries = entries
        self.query_one("#z-actions", DoList).show(entries, [self._entry_text(a, snap) for a in entries],
                                                  afresh=afresh)
        self._follow_highlight()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The Do list's highlight moved (:meth:`_follow_highlight`)."""
        if event.option_list.id == "z-actions":
            self._follow_highlight()

    def _follow_highlight(self) -> None:
        """The Do list's highlight moved: while it is on an entry that answers an offer
        (Accept, Decline, Counter, Withdraw) the Now panel opens with that offer's terms
        and the text of each card it moves, scrolled into sight (player-tester 21,
        finding 2: a rent's price was ten offers down the panel, a card only named)."""
        snap = self.snap
        action = self.query_one("#z-actions", DoList).highlighted_action()
        if snap is None or self._hidden or action == self._highlighted:
            return
        before = answered_offer(self._highlighted, snap.view)
        self._highlighted = action
        offer = answered_offer(action, snap.view)
        if offer is before:
            return
        self.query_one("#z-now", HungText).update(self._now_text(snap))
        if offer is not None:
            self.query_one("#z-now-box").scroll_home(animate=False, immediate=True)

    @staticmethod
    def _entry_text(action: Any, snap: Snapshot) -> str:
        """A Do list entry in words; a Musician by whose it is and who carries it; an
        offer's Accept, Decline or Counter with its Boyar and terms."""
        if isinstance(action, UseMusician):
            return f"Add {words.musician_text(action.musician, snap.view, snap.names)} (+1)"
        if isinstance(action, PlayFate) and action.mode:  # short enough for the Do list at 80 columns
            short = words.card_name(action.card).split(" (")[0]
            return f"Play {short} as {MODE_WORDS.get(action.mode, action.mode)}"
        return words.action_text(action, snap.names, {o.id: o for o in snap.view.my_offers})

    # ---- doing ----------------------------------------------------------------------

    def on_do_list_chosen(self, event: DoList.Chosen) -> None:
        event.stop()
        if event.action in self._entries:
            self._do(event.action)

    def _do(self, entry: Any) -> None:
        if not self.my_turn or self.snap is None:
            self._error = "Nothing can be done now."
            self._update()
            return
        if isinstance(entry, ActionKind):
            open_form(self, entry, self.snap.legal_actions, self.snap.names, ZestreaAction,
                      partial(self._send_from_form, self.seat), note=self._form_note(entry),
                      owners=self._owners(), start=self._form_start(entry),
                      words=words.form_words(self.snap.view, self.snap.names),
                      narrow=partial(choices.narrow, self.snap.view),
                      couples=words.couple_names(self.snap.view),
                      advise=partial(choices.advice, self.snap.view, self.snap.names))
            return
        if isinstance(entry, Pass):
            self._ask_to_pass(entry)
            return
        self._send(entry)

    def _ask_to_pass(self, action: Pass) -> None:
        """Enter on the auction's Pass: asked first (:data:`AUCTION_PASS`), as it cannot
        be taken back; sent on yes if it is still the player's to do (``p`` passes at
        once: it is a key of its own, never reached by moving in the list)."""

        def answered(yes: bool | None) -> None:
            if yes and self._listed(Pass) is not None:
                self._send(action)

        self.app.push_screen(ConfirmScreen(AUCTION_PASS, "Pass", "Stay in"), answered)

    def _owners(self) -> dict[str, str]:
        """Whose each villager and each revealed card is (by seat name), for the forms."""
        snap = self.snap
        owners: dict[str, str] = {}
        for seat, estate in enumerate(snap.view.estates):
            if seat == snap.seat:
                continue
            for item in (*estate.singles, *estate.revealed, *(v for c in estate.couples for v in c.spouses)):
                owners[item] = snap.names[seat]
        return owners

    def _form_start(self, kind: ActionKind) -> dict[str, Any]:
        """The values a form opens with: Production's Z-R8 default (every Couple up to
        the Land count, oldest first), so sending at once rolls them; a gift's 1 Zestre
        (:data:`tui.zestrea.choices.GIFT_START`); a counter-offer's
        terms from the offer it answers (player-tester 21, finding 5:
        :func:`tui.zestrea.choices.counter_start`)."""
        prompt = self.view.my_prompt
        if kind.kind == "choose" and prompt is not None and prompt.kind == "produce":
            return {"picked": default_answer(prompt, ())}
        if kind.kind == "gift":
            return dict(choices.GIFT_START)
        offer = answered_offer(kind, self.view)
        return choices.counter_start(offer) if offer is not None else {}

    def _form_note(self, kind: ActionKind) -> str:
        view = self.view
        if kind.kind == "bid" and view.auction is not None:
            return f"Up for auction: {words.card_text(view.auction.card)}"
        if kind.kind == "choose" and view.my_prompt is not None:
            return words.PROMPT_WORDS.get(view.my_prompt.kind, view.my_prompt.kind)
        offer = answered_offer(kind, view)
        if offer is not None:
            terms, *cards = words.offer_lines(offer, self.snap.names)
            return "\n".join([f"Counter-offer to {terms} (it closes as countered)", *cards])
        return words.FORM_NOTES.get(kind.kind, "")

    async def _send_from_form(self, seat: Seat, action: Any) -> str:
        """Send a form's ``action`` from ``seat`` (the Boyar who opened it) and wait for
        the host: ``""`` accepted (the form closes), else the refusal in words, which the
        form shows with every field kept (player-tester 21, finding 5). A hand-over
        waits for the answer (:meth:`_hand_over`)."""
        link = self.links.get(seat)
        if link is None or self.snap is None or self.snap.over:
            return "Nothing can be done now."
        if self.busy:
            return "Your last move is still on its way: send again in a moment."
        self._begin_send()
        self._form_sent = sent = asyncio.Event()
        try:
            return await self._submit(link, action, shown=False)
        finally:
            self._form_sent = None
            sent.set()

    def _listed(self, *types: type) -> Any:
        snap = self.snap
        if snap is None or not self.my_turn:
            return None
        return next((a for a in listed(snap.legal_actions) if isinstance(a, types)), None)

    def action_act(self) -> None:
        """Enter outside the Do list only moves focus to it (the Do list's own Enter
        does its highlighted entry): a player never acts on a list they are not on."""
        actions = self.query_one("#z-actions", OptionList)
        if actions.can_focus and self.focused is not actions:
            actions.focus()
            self._error = "The Do list has the keys now: ↑↓ choose, Enter does it."
            self._update()

    def on_key(self, event: events.Key) -> None:
        """``y`` or ``p`` when there is nothing to be ready for or to pass: say why
        (their footer keys are hidden then)."""
        why = {"p": (self._listed(Pass, PassWindow), "Nothing to pass now: p passes a bid "
                     "(auction) or a wedding window."),
               "y": (self._listed(Ready, Unready), "Nothing to be ready for: y is Ready in step IV.")}
        if event.key in why and why[event.key][0] is None and self.snap is not None and self.links:
            event.stop()
            self._error = why[event.key][1] if self.my_turn else "Not your turn yet."
            self._update()

    def action_ready(self) -> None:
        action = self._listed(Ready)
        if action is not None:
            self._send(action)

    def action_unready(self) -> None:
        action = self._listed(Unready)
        if action is not None:
            self._send(action)

    def action_pass_(self) -> None:
        action = self._listed(Pass, PassWindow)
        if action is not None:
            self._send(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ready":  # (player-tester 5, item 11: "y Ready" showed once ready too)
            return self._listed(Ready) is not None
        if action == "unready":
            return self._listed(Unready) is not None
        if action == "pass_":
            return self._listed(Pass, PassWindow) is not None
        if action == "act":
            return bool(self._entries) and self.my_turn
        if action == "results":
            return self.snap is not None and self.snap.over
        return True
