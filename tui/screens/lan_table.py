"""What a table over the LAN adds to any game's table, alike for every game.

While the connection is lost the turn line says so (``⚠ Connection lost:
reconnecting… (attempt 2)``) and every move key is dimmed (no move is made that the
table has not seen); when the link is back, the fresh snapshot it brings is shown.
Seats whose players dropped show ``away, held 1:42 more`` (the time their seat is still held) in
the scores. At a table reached by a room code (a relay), the code stays in the title of
the scores panel, and while the relay's room is not open again the turn line says it waits for it. ``t`` opens the chat, at the table and on the results; chat lines, comings and
goings pop up as notices meanwhile. A game ended early by the host says so; leaving asks first.

The link's seat may change during the game: a player who comes back after the host gave
their seat to a bot watches (the instructions say which bot plays their seat and how the
host gives it back), and plays again from that seat once the host types ``/seat N NAME``.
The table follows: it shows the view of whichever seat the link's snapshots are for.

A game's LAN table is ``class LanTableScreen(LanTable, TableScreen)``: this class
first, then the game's table (tui/zatre/lan_table.py, tui/zatre_cards/lan_table.py);
it sets :attr:`LanTable.offline_words`, :attr:`LanTable.watching_words` and
:attr:`LanTable.scores_selector`.
"""

from __future__ import annotations

import time
from typing import Any, Callable, ClassVar

from textual.binding import Binding

from net.lobby import article
from net.table import Snapshot
from rules.core import Seat

from ..lan import HOSTED_SAVED, LanSession, Line, away_words, bot_hint, new_code_words, offline_text
from ..names import bot_mark, fit
from .chat import ChatScreen
from .game_table import SPINNER, GameTableScreen

CHAT_NOTICE = 4.0
TOAST_GAP = 5.0
"""Seconds between two pop-up notices of chat, comings and goings (errors always pop
up): anyone can say or do those as often as they like, and a notice covers the top
right of the table (player-tester findings on issue 9, item 8)."""


class ToastGate:
    """At most one pop-up every :data:`TOAST_GAP` seconds; what is held back is
    counted and said with the next one that pops up (all of it stays in the chat)."""

    def __init__(self, gap: float = TOAST_GAP) -> None:
        self.gap = gap
        self.last = float("-inf")
        self.held = 0

    def let(self, now: float) -> str | None:
        """``None`` to hold a notice back, else the words to add to it (``""``, or
        ``" (+3 more: t for the chat)"``)."""
        if now - self.last < self.gap:
            self.held += 1
            return None
        self.last, held, self.held = now, self.held, 0
        return f" (+{held} more: t for the chat)" if held else ""

"""Seconds a chat line stays up at the table (t opens the whole chat)."""
HOST_LEAVES = "Leave? You host this table: the game ends for everyone."
"""Leaving a hosted table whose game is not saved (:data:`HOST_LEAVES_SAVED` else)."""
HOST_LEAVES_SAVED = f"Leave? You host this table: {HOSTED_SAVED}"
PLAYER_LEAVES = ("Leave this table? Your seat is held for a while: join again with the "
                 "same name to get it back.")
WATCHER_LEAVES = "Stop watching this table?"
HELD_ELSEWHERE = "Your seat is open in another Parlour window: close it, then q and Join again."
"""A watcher's instructions while their seat is held by another window (the whole
sentence, which says which, pops up and is in the chat: :attr:`LanSession.held_elsewhere`)."""


def ended_leave_words(save: Any = None) -> str:
    """What leaving asks once the host ended the game (``/end``): ``"Leave? The game has
    ended; it is saved and can be replayed with parlour replay FILE."`` for the host of
    a game saved in ``save``, ``"Leave? The game has ended."`` for anyone else (it said
    the game would end for everyone, or that the seat was held: player-tester finding)."""
    if save is None:
        return "Leave? The game has ended."
    return f"Leave? The game has ended; it is saved and can be replayed with parlour replay {save}."


class LanTable(GameTableScreen):
    """The table of ``session`` (whose link already has a snapshot): a player's seat,
    or a spectator's view when not seated. ``pace``: seconds per step when laying out
    others' moves; ``leave``: called on leaving (the app closes the session)."""

    BINDINGS = [Binding("t", "chat", "Chat")]

    offline_words: ClassVar[str] = "Moves wait until the table is back."
    """The instructions while the connection is down."""
    watching_words: ClassVar[str] = "You are watching: nobody's hand is shown. t: chat, q leaves."
    """The instructions of a spectator."""
    scores_selector: ClassVar[str] = "#scores"
    scores_title: ClassVar[str | None] = "Scores"
    """The title of that panel (the room code goes after it)."""
    """The game's scores panel, whose title shows the room code at a table that has one."""

    def __init__(self, session: LanSession, pace: float = 0.4,
                 leave: Callable[[], None] | None = None) -> None:
        link = session.link
        links = {link.seat: link} if link.seat is not None else {}
        super().__init__(links, story=None if links else link, pace=pace, leave=leave,
                         leave_question=HOST_LEAVES if session.hosted is not None else PLAYER_LEAVES)
        self.session = session
        self.link = link
        self.ended = ""
        self._table_seat = link.seat  # the seat whose snapshots the table listens to
        self._lan_stops: list[Callable[[], None]] = []
        self._toasts = ToastGate()

    def leave_words(self) -> str:
        """What leaving asks first; the host of a saved game under way is told that it
        is saved and how to carry it on (tester 7, finding 1: it said the game ends);
        once the host ended the game, that it has ended (:func:`ended_leave_words`)."""
        if self._ended_early():
            hosted = self.session.hosted
            return ended_leave_words(hosted.save if hosted is not None else None)
        return HOST_LEAVES_SAVED if self.session.resumable else super().leave_words()

    def _ended_early(self) -> bool:
        """The host ended the game (``/end``) before the rules did."""
        return bool(self.ended) and not (self.snap is not None and self.snap.over)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the host ended the game, its play keys and the cursor are left out of
        the footer and do nothing, at every game's table, as once it is over."""
        if self._ended_early() and (action in self.play_actions or action == "move"):
            return False
        return super().check_action(action, parameters)

    def action_leave(self) -> None:
        """Leave (asked first): a watcher has no seat to be told is held."""
        if self.session.hosted is None:
            self.leave_question = PLAYER_LEAVES if self.link.seat is not None else WATCHER_LEAVES
        super().action_leave()

    def on_mount(self) -> None:
        self._lan_stops = [self.session.on_line(self._line), self.session.on_change(self._changed)]
        if self.session.held_elsewhere and self.link.seat is None:  # (said before this table was up)
            self.notify(self.session.held_elsewhere, title="Your seat", severity="warning",
                        timeout=30, markup=False)
        self.set_interval(1.0, self._count_down)

    def on_unmount(self) -> None:
        for stop in self._lan_stops:
            stop()
        self._lan_stops.clear()

    # ---- the link ----

    @property
    def online(self) -> bool:
        return self.link.status.online

    @property
    def my_turn(self) -> bool:
        return super().my_turn and self.online and not self.ended

    def _changed(self) -> None:
        over = self.link.game_over
        if over is not None and over.result is None and not self.ended:
            self.ended = over.reason or "The host ended the game."
        self._update()

    def _got_story(self, snap: Any) -> None:
        if snap.seat != self._table_seat:
            self._reseat(snap.seat)  # (it shows this snapshot)
            return
        super()._got_story(snap)

    def _got_seat(self, seat: Any, snap: Any) -> None:
        if seat in self._seat_snaps:  # (not a seat left a moment ago)
            super()._got_seat(seat, snap)

    def _reseat(self, seat: int | None) -> None:
        """The link plays ``seat`` now (``None``: it watches): listen and show anew."""
        self._stop_listening()
        self._table_seat = seat
        self.links = {seat: self.link} if seat is not None else {}
        self._seat_snaps = {s: {} for s in self.links}
        self.seat, self.snap, self.chosen = seat, None, None
        if seat is not None:
            self.sheet_seat = seat
        self._queue.clear()
        self._listen()
        self._seating_changed()  # a watcher's keys, or a player's again (player-tester 4, item 8)

    def _line(self, line: Line) -> None:
        if isinstance(self.app.screen, ChatScreen) or line.kind == "you":
            return
        if line.kind == "event":
            self._fold(line)  # comings and goings: the table's own log, where it has one
        if line.kind == "error":  # (markup=False: names and chat show as typed)
            self.notify(line.text, title="Refused", severity="error", markup=False)
            return
        more = self._toasts.let(time.monotonic())
        if more is None:
            return
        if line.kind == "chat":  # (notices sit top right, clear of the move log)
            self.notify(line.text + more, title=line.name, timeout=CHAT_NOTICE, markup=False)
        else:
            self.notify(line.text + more, markup=False)

    def _fold(self, line: Line) -> None:
        """Keep a coming or going in the table's log (a game's table that has one says
        how); the chat keeps it anyway."""

    def save_problem(self) -> str:
        """The host's latest save failed: why (the lobby state's ``save_problem``)."""
        lobby = self.session.lobby
        return lobby.save_problem if lobby is not None else ""

    def _count_down(self) -> None:
        lobby = self.session.lobby
        if lobby is not None and any(s.status == "away" and s.deadline for s in lobby.seats):
            self._update()

    def _seat_note(self, seat: int) -> str:
        lobby = self.session.lobby
        if lobby is None:
            return ""
        return away_words(next((info for info in lobby.seats if info.seat == seat), None))

    def _row_note(self, snap: Snapshot, seat: int) -> str:
        """The bot playing ``seat`` now, where its name does not say so (``easy bot``:
        a seat the host gave to a bot keeps its player's name, while a bot seated in the
        lobby is named after its kind; player-tester 7, finding 6), then the away words."""
        return ", ".join(note for note in (bot_mark(snap.names, snap.bots, seat), self._seat_note(seat)) if note)

    # ---- showing ----

    def _panel_title(self, panel: str, title: str) -> str:
        """The room code, always in sight at a table players reach by one, before the
        scores panel's title (first: a narrow panel cuts a title's end, player-tester 5,
        item 16)."""
        code = self.session.code
        return f"Room code {code} · {title}" if code and f"#{panel}" == self.scores_selector else title

    def _update(self) -> None:
        super()._update()
        if self.scores_title is not None:  # (a table titling its own panels asks _panel_title)
            box = self.query_one(self.scores_selector)
            box.border_title = self._panel_title(box.id or "", self.scores_title)
        if self.snap is not None:
            status: Any = self.query_one(self.status_type)
            status.alert = not self.online and not self.snap.over

    def _turn_text(self) -> str:
        status = self.link.status
        spin = SPINNER[self._tick % len(SPINNER)]
        if self.snap is not None and self.snap.over:
            closed = " · the table has closed" if status.state == "closed" else ""
            return super()._turn_text() + closed
        if status.state == "reconnecting":
            return f"{offline_text(status, self.session.code)} {spin}"
        if status.state == "closed":
            return offline_text(status, self.session.code)
        if self._ended_early():
            return f"{self.ended} (q leaves)"
        text = super()._turn_text()
        away = self._away()
        if away is not None:
            seat, note = away
            if text.endswith(spin):  # "Waiting for Bob (away, held 1:42 more) ⠼"
                text = f"{text[:-1]}({note}) {spin}"
            elif len(self._waited()) == 1:  # "Waiting for Gus (away, held 1:21 more)"
                text = f"{text} ({note})"
            else:  # "Waiting for Ana, Gus · Gus away, held 1:21 more"
                text = f"{text} · {fit(self.snap.names[seat], 14)} {note}"
        return text

    def _waited(self) -> list[Seat]:
        """The seats the table waits for now, other than this player's: the one
        :meth:`_awaited_seat` names first, then the others acting at once."""
        if self.view is None or self.snap is None or self.snap.over or self.my_turn:
            return []
        first, mine = self._awaited_seat(), self.snap.seat
        others = sorted(s for s in self.snap.active_seats if s not in (first, mine))
        return ([first] if first != mine else []) + others

    def _away(self) -> tuple[Seat, str] | None:
        """The first seat the table waits for whose player dropped (``away, held 1:42
        more``, or ``away`` after the grace period) or gave it up (``left``), with those
        words; ``None`` when none did (player-tester 5, item 3: Estate's and Zestrea's
        tables, where several act at once, said only "Waiting for Gus")."""
        for seat in self._waited():
            note = self._seat_note(seat)
            if note:
                return seat, note
        return None

    def _instructions(self) -> str:
        if self.snap is None:
            return ""
        if not self.online and not self.snap.over:
            return new_code_words(self.link.status, self.session.code) or self.offline_words
        if self._ended_early():
            return "The game was ended early. t: chat, q leaves."
        if self.seat is None and not self.snap.over:
            held = HELD_ELSEWHERE if self.session.held_elsewhere else ""
            return self._bot_took_words() or held or self.watching_words
        if self.link.is_host and not self.my_turn and not self.snap.over and self.session.new_code_note():
            return self.session.new_code_note()
        away = self._away()
        if away is not None and (self.link.is_host or not away[1].startswith("away,")):
            # the host may hand the seat to a bot at once (README); the others hear of
            # it once the grace period is over or the seat was given up
            seat, note = away
            name = self.snap.names[seat]
            if self.link.is_host:
                return bot_hint(name, seat, note == "left")
            gone = "left the seat" if note == "left" else "is away"
            return f"{name} {gone}; the host may wait or let a bot play on."
        if not self.my_turn and not self.snap.over:
            return f"Not your turn. t: chat, {self.waiting_keys}."  # (one line of 45 at 80x24)
        return super()._instructions()

    def _bot_took_words(self) -> str:
        """``A strong bot plays your seat 2; you watch. ...``: for a player whose seat
        went to a bot while they were away (``""`` for anyone else)."""
        snap, name = self.snap, self.link.name
        if snap is None or not self.link.bot_took_seat:
            return ""
        seat = next((s for s, who in enumerate(snap.names) if who == name and snap.bots[s]), None)
        if seat is None:
            return ""
        kind = snap.bots[seat]
        return (f"{article(kind).title()} {kind} bot plays your seat {seat + 1}; you watch. The host can "
                f"give it back: /seat {seat + 1} {name}. t: chat")

    # ---- keys ----

    def action_chat(self) -> None:
        self.app.push_screen(ChatScreen(self.session))

    def _results(self, snap: Any, quiet: bool = True) -> Any:
        """The results, with ``t`` for the chat (to say "good game")."""
        return self.results_screen(snap, chat=lambda: self.app.push_screen(
            ChatScreen(self.session, back="the results")), story=self._told_events(snap),
            quiet=quiet)
