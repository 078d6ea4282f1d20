"""What every game's table screen does alike: listen to the links, feed their
snapshots through one queue, lay out other seats' moves step by step, hand the keyboard
over in hotseat play, send the player's move, and leave, rules, results, sheet cycling,
re-lay after a resize, the footer and the turn line's common words.

Data flow: the table listens to its links (net.table.SeatLink). Every snapshot of the
"story" link (the spectator's, else a human seat's) goes through one queue, in version
order: moves by seats not at this keyboard (bots, other players) are laid out one step
at a time at ``pace`` seconds per step (:meth:`GameTableScreen._replay_event`), then
the version is shown from the view of the human seat whose turn it is (or the last
human seat during bot turns). In hotseat play a hand-over screen hides the table
whenever the keyboard passes to another human, and a player's hand shows only during
their own turn.

A game's table (tui/zatre/table.py, tui/zatre_cards/table.py) subclasses
:class:`GameTableScreen`: it composes its widgets (a ``#message`` TableMessage among
them), provides ``view``, ``_update()``, ``_replay_event()``, ``_your_turn_text()``,
``_your_turn_instructions()``, and sets the class attributes below.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, ClassVar, Mapping

import attrs
from textual.binding import Binding
from net.table import SeatLink, Snapshot, bot_took_text
from rules.core import Seat, named

from ..names import fit, seat_name
from ..widgets.do_list import DoList
from ..widgets.message import TableMessage
from ..widgets.movelog import MoveLog
from .base import ParlourScreen
from .confirm import ConfirmScreen
from .handover import HandOverScreen
from .quiet import QuietKeys
from .whole_log import WholeLogScreen

TURN_NAME = 16
"""Cells of a name in the turn line (``"Easy bot 2 (easy bot)"`` is cut there)."""
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
LEAVE_QUESTION = "Leave this game? It ends for everyone at this table."
UNSAVED_LEAVE_QUESTION = ("Leave this game? Its last save failed (the ⚠ line says why): leaving "
                          "now loses it, unless one more try as you leave works.")
"""What leaving asks while the latest save of this keyboard's game failed (player-tester
3, item 13: the question said "It is saved" and the game was lost)."""
NOTHING_SAVED = "Nothing is saved yet: no move was made, so the game will not be in the menu to continue."
"""Leaving (or quitting) a local game before anything of it is saved: a new game is
written after its first move (tester 7, finding 3: the question said "It is saved")."""
NOTHING_SAVED_LEAVE_QUESTION = f"Leave this game? {NOTHING_SAVED}"


def taken_back_words(count: int, piece: str) -> str:
    """What leaving adds when ``count`` pieces were laid this turn and not confirmed
    (player-tester 23, finding 10: the laid tile was dropped without a word; the saved
    game goes on from the start of the turn): ``" The 2 tiles laid this turn (not
    confirmed) are taken back: the turn starts again from its beginning."``; ``""``
    when none were."""
    if not count:
        return ""
    laid = f"The {piece} laid this turn (not confirmed) is" if count == 1 else \
        f"The {count} {piece}s laid this turn (not confirmed) are"
    return f" {laid} taken back: the turn starts again from its beginning."
MOVE = Binding.Group("Move", compact=True)
CURSOR_KEYS = [
    Binding("left,h", "move(0, -1)", "Left", group=MOVE),
    Binding("up,k", "move(-1, 0)", "Up", group=MOVE),
    Binding("down,j", "move(1, 0)", "Down", group=MOVE),
    Binding("right,l", "move(0, 1)", "Right", group=MOVE),
]
"""The cursor keys every table's BINDINGS start with."""
LEAVE_KEYS = [
    Binding("q", "leave", "Leave"),
    Binding("escape", "back_or_leave", "Leave", show=False),
]
"""``q`` leaves; so does Escape, but at a finished table reached from its results (their
``b`` or Escape) it goes back to them (:meth:`GameTableScreen.action_back_or_leave`)."""
TABLE_KEYS = [
    Binding("s", "cycle_sheet", "Sheet"),
    Binding("r", "results", "Results"),
    Binding("f1,question_mark", "rules", "Rules"),
    *LEAVE_KEYS,
]
"""The keys every table's BINDINGS end with (after the game's own)."""


def hand_keys(piece: str, shown: str) -> list[Binding]:
    """Choosing from the hand: ``1``-``9`` and Tab/shift+Tab; ``piece`` names one
    (``"Tile"``), ``shown`` is the footer's key (``"1-9"``)."""
    return [
        Binding("1", "choose(0)", piece, key_display=shown),
        *[Binding(str(i + 1), f"choose({i})", f"{piece} {i + 1}", show=False) for i in range(1, 9)],
        Binding("tab", "cycle(1)", f"Next {piece.lower()}", show=False),
        Binding("shift+tab", "cycle(-1)", f"Previous {piece.lower()}", show=False),
    ]


class GameTableScreen(QuietKeys, ParlourScreen):
    """One game at this keyboard.

    ``links``: a link per human seat at this keyboard (none: watching bots);
    ``story``: the link whose snapshots drive the table (defaults to the first human's);
    ``pace``: seconds per step when laying out others' moves (``0``: at once);
    ``leave``: called when the player leaves the table (the app stops the host and
    goes back to the menu); ``leave_question``: what leaving asks first; ``saves``:
    the local table whose saving to watch (net.local.LocalTable: ``saved``,
    ``save_problem`` and ``on_save_problem``): while its latest save failed, the
    message line says so, and leaving before anything is saved says that instead.

    When the question the shown seat answers changes (its legal actions: a new turn, a
    new question, another Do list) the keys that would act wait for a quiet moment
    (``QUIET``, tui/screens/quiet.py), and the message line says so meanwhile: a
    double Enter acts once, never on a question the player has not seen (player-tester
    findings on Estate, item 1).
    """

    BINDINGS = [Binding("L", "whole_log", "Whole log", show=False)]  # (every table's; its log's title says so)

    QUIET = 0.5
    ONE_MOMENT = "A new question: one moment before keys act…"
    """The message line during the quiet moment."""

    waiting_keys = "F1: rules, s: sheets"
    """The keys worth knowing while others play (a game without sheets says less)."""

    results_screen: ClassVar[type]
    """The game's results screen, built from a finished Snapshot."""
    status_type: ClassVar[type]
    """The game's turn line widget (it has a ``turn`` text)."""
    play_actions: ClassVar[frozenset[str]] = frozenset()
    """The actions that make the player's move (dimmed when it is not their turn;
    besides ``move``, the cursor)."""
    footer_checks: ClassVar[tuple[tuple[str, tuple[object, ...]], ...]] = ()
    """The (action, parameters) whose availability the footer shows."""
    words: ClassVar[Any] = None
    """The game's words (its ``rules/<game>/words.py`` module): ``event_text``,
    ``event_line`` and ``story_lines`` say the events that change the course of the game
    (the ends, the rare rules) on the table, in the log and on the results."""
    history_log = True
    """Whether the log is begun from the link's earlier versions (:meth:`_note_history`)."""
    playing_words = "is playing"
    """After a seat's name while its move is laid out: ``"Ada is playing ⠼"``."""
    sending_words = "Sending"
    """While the player's move is on its way: ``"Sending ⠼"``."""
    unsent_words = "Your move could not be sent ({err}); try again."
    refused_words = "The table refused that ({code})."

    def __init__(
        self,
        links: Mapping[Seat, SeatLink],
        story: SeatLink | None = None,
        pace: float = 0.4,
        leave: Callable[[], None] | None = None,
        leave_question: str = LEAVE_QUESTION,
        saves: Any = None,
    ) -> None:
        super().__init__()
        self._saves = saves
        self._saves_stop: Callable[[], None] | None = None
        self._save_told = False
        if story is None and not links:
            raise ValueError("a table needs a human seat's link or a spectator link")
        self.links = dict(links)
        self.story = story if story is not None else self.links[min(self.links)]
        self.pace = pace
        self._leave = leave
        self.leave_question = leave_question
        self.seat: Seat | None = None  # the human seat whose view is shown
        self._at_keyboard: Seat | None = None  # hotseat: who last said they were ready
        self.snap: Snapshot | None = None  # the snapshot shown
        self.chosen: int | None = None  # index into the hand left to play
        self.sheet_seat = 0
        self.animating = False  # another seat's move is being laid out
        self.busy = False  # the player's move is on its way
        self._queue: list[Snapshot] = []
        self._seat_snaps: dict[Seat, dict[int, Snapshot]] = {seat: {} for seat in self.links}
        self._pumping = False
        self._synced = -1  # the version a whole snapshot was asked for again (``_feed_failed``)
        self._stops: list[Callable[[], None]] = []
        self._error = ""
        self._whole_told = ""  # the latest refusal, shown whole in a notice if the line cut it
        self._refusal_notified = False  # that notice is up (cleared with the next move)
        self._news = ""
        self._tick = 0
        self._results_shown = False
        self._results_left = False  # the results were left for the board (b, Escape)
        self._allowed: Any = ()
        self._story: list[tuple[int, int, Any]] = []  # (version, turns logged, event) told
        self._turns_at: dict[int, int] = {}  # version -> turns in the log then
        self._seen_version = -1
        self._noting_past = False  # an earlier version from the link's history is being noted
        self._asked: tuple[Any, ...] = ()  # the question shown last (``_question``)
        self._acted = False  # the player's move was sent: the next question is new, even if alike

    # ---- what the game's table provides ---------------------------------------------

    @property
    def view(self) -> Any:
        """The shown snapshot's view (``None`` before the first)."""
        return self.snap.view if self.snap is not None else None

    def _update(self) -> None:
        """Push the shown snapshot and this turn's choices down into the widgets (each
        game's table does; the base has no widgets of its own)."""

    async def _replay_event(self, story: Snapshot, event: Any) -> None:
        """Lay out ``event`` of ``story`` (at ``pace``) if a seat not at this keyboard
        made it. Without this a move made elsewhere simply appears with its version."""

    def _laying_out(self, story: Snapshot, seat: Seat, doing: str) -> None:
        """Start laying out ``seat``'s move made elsewhere: the news line says who is
        ``doing`` what (``"Ada is laying tiles…"``), the player's error clears."""
        self.animating = True
        self._news = f"{seat_name(story.names, story.bots, seat)} {doing}…"
        self._error = ""
        self._update()

    def _your_turn_text(self, you: str) -> str:
        """The turn line on the player's own turn (``you``: their name)."""
        return f"{you}, your turn"

    def _your_turn_instructions(self) -> str:
        """What to do now, on the player's own turn."""
        return "Your turn."

    def _headline(self, snap: Snapshot) -> str:
        """Who won the finished ``snap`` (as the game's results screen's title says it:
        its ``headline_of``)."""
        return self.results_screen.headline_of(snap)

    def _new_turn(self) -> None:
        """A new version is shown: forget what was being chosen for the last one."""

    def _note_events(self, story: Snapshot) -> None:
        """Keep what ``story``'s events tell that its view does not (each version once):
        the events the game's :attr:`words` tell (ends, rare rules), with the number of
        turns in the log when they happened (where the log tells them)."""
        if story.version <= self._seen_version:
            return
        self._seen_version = story.version
        if self.words is None:
            return
        turns = len(story.view.log)
        self._turns_at[story.version] = turns
        for event in story.events:
            if self.words.event_line(event, story.names) is not None:
                self._story.append((story.version, turns, event))

    def _note_history(self, story: Snapshot) -> None:
        """Note the versions before ``story`` this table has not seen from the story
        link's ``history`` (a LAN join, rejoin, sync or reconnect: net.table.History, the
        events each earlier version's snapshot carried for this seat), each as if it had
        come live: a table joined mid-game, or back after a drop, logs the whole game. If
        the host left older versions out the log says it starts later, and versions the
        history lacks are said missing (:meth:`_missed`). Player-tester 2, item 2."""
        history = getattr(self.story, "history", None)
        if (story.version <= self._seen_version + 1 or not self.history_log or history is None
                or history.seat != story.seat):
            return
        if self._seen_version < 0 and history.left_out == 0:
            self._seen_version = 0  # a whole history: nothing before it is missing
        self._noting_past = True  # (``_missed`` cannot say where an earlier version was)
        try:
            for past in history.past:
                if self._seen_version < past.version < story.version:
                    self._note_events(attrs.evolve(story, version=past.version, events=past.events,
                                                   timed_out=past.timed_out))
                    self._turns_at.pop(past.version, None)  # (counted from today's view: unknown then)
        finally:
            self._noting_past = False

    def _missed(self, story: Snapshot, where: str = "") -> str:
        """A log line saying which moves a log built from events lacks before ``story``
        (``""``: none), said before its events: the table's first snapshot came mid-game
        (a rejoin, a game continued: ``"── This log starts at move 57 (Era 2):
        earlier moves are not in it."``, ``where`` in brackets), or versions were missed
        (a link back after a drop). Call it before noting ``story`` (it reads
        ``_seen_version``). Player-tester findings on Estate, item 7."""
        seen, version = self._seen_version, story.version
        at = f" ({where})" if where and not self._noting_past else ""
        if seen < 0:
            return f"── This log starts at move {version}{at}: earlier moves are not in it." if version > 0 else ""
        if version > seen + 1:
            missed = f"Move {seen + 1} is" if version == seen + 2 else f"Moves {seen + 1}–{version - 1} are"
            return f"── {missed} not in this log (the table did not see them){at}."
        return ""

    def _forget_events(self) -> None:
        """Forget what :meth:`_note_events` kept (a replay stepping back)."""
        self._story.clear()
        self._turns_at.clear()
        self._seen_version = -1

    def _story_log(self, names: Any) -> list[tuple[int, str]]:
        """The told events and the seats taken by bots (a table fact: the snapshot's
        ``bot_took``) as lines of the move log: ``(turns logged before it, line)``,
        ``names`` as the log fits them."""
        told = [(turns, f"── {self.words.event_line(event, names)}")
                for _, turns, event in self._story]
        took = self.snap.bot_took if self.snap is not None else ()
        told += [(self._turns_at.get(t.since, t.since), f"── {bot_took_text(names, t)}") for t in took]
        return sorted(told, key=lambda line: line[0])

    def _with_story(self, lines: list[str], names: Any) -> list[str]:
        """The move log's turn ``lines`` (one per turn in the view's log) with the told
        events between them, each after the turn that caused it."""
        out: list[str] = []
        told = self._story_log(names)
        k = 0
        for i, line in enumerate(lines):
            while k < len(told) and told[k][0] <= i:
                out.append(told[k][1])
                k += 1
            out.append(line)
        return out + [text for _, text in told[k:]]

    def _latest_told(self) -> str:
        """The events told at the shown version, short (``""``: none), for the news."""
        snap = self.snap
        if snap is None or self.words is None:
            return ""
        names = self._seat_names(snap)
        return "; ".join(self.words.event_line(event, names)
                         for version, _, event in self._story if version == snap.version)

    def _seat_names(self, snap: Snapshot) -> list[str]:
        """Every seat's name as the table says it (a bot's with its kind)."""
        return [seat_name(snap.names, snap.bots, s) for s in range(len(snap.names))]

    def _end_words(self) -> str:
        """How the shown, finished game ended, in the game's words (``""``: not over)."""
        snap = self.snap
        if snap is None or not snap.over or self.words is None:
            return ""
        return " ".join(self.words.story_lines(snap.events, self._seat_names(snap)))

    def _hide_hand(self) -> None:
        """Before a hand-over: leave nothing of the last player's hand on the table."""

    def _panel_title(self, panel: str, title: str) -> str:
        """The title of the panel whose id is ``panel``, as this table shows it (a
        relayed LAN table puts its room code before its scores panel's)."""
        return title

    def _seat_note(self, seat: Seat) -> str:
        """A word after the seat's line in the scores (a LAN table: ``away, held 1:42 more``)."""
        return ""

    def _row_note(self, snap: Snapshot, seat: Seat) -> str:
        """What a score strip writes after ``seat``'s line (default: :meth:`_seat_note`;
        a LAN table names the bot a seat was given to)."""
        return self._seat_note(seat)

    def _sheet_seats(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats writing on ``seat``'s score sheet, in seat order: ``(seat,)``, or a
        team's partners where a game has teams (Zatre's team variant)."""
        return (seat,)

    def _sheet_index(self, seat: Seat) -> int:
        """Where ``seat``'s score sheet is in the view's ``sheets``."""
        return seat

    def _news_since(self, story: Snapshot, seat: Seat) -> list[str]:
        """Lines for the hand-over: what happened since ``seat`` last played."""
        return []

    def _awaited_seat(self) -> Seat:
        """The seat the table waits for now (a LAN table says when it is away): the
        view's ``current`` seat; a game where several act at once says which."""
        return self.view.current

    # ---- listening ------------------------------------------------------------------

    def on_mount(self) -> None:
        self._listen()
        self.set_interval(0.15, self._spin)
        if self._saves is not None:
            self._saves_stop = self._saves.on_save_problem(self._save_problem_changed)

    def save_problem(self) -> str:
        """Why the game's latest save failed (``""``: it saved): the message line's
        warning. A LAN table reads the host's from the lobby state."""
        return self._saves.save_problem if self._saves is not None else ""

    def _tell(self, news: str = "", error: str = "", shorter: tuple[str, ...] = ()) -> None:
        """The message line under the table: ``news`` (what was just played; ``shorter``:
        its shorter forms, longest first, for a narrow line), the latest save's problem
        if any, and ``error`` or else this table's instructions."""
        message = self.query_one("#message", TableMessage)
        message.news, message.shorter = news, shorter
        message.warning = self.save_problem()
        text = self._instructions() if self.listening else self.ONE_MOMENT
        message.text, message.kind = (error, "error") if error else (text, "info")
        if error and error != self._whole_told:  # once laid out anew: cut? then said whole
            self.set_timer(0.1, lambda: self._tell_whole(error))
        self._whole_told = error

    def _tell_whole(self, error: str) -> None:
        """A refusal the message line cannot show whole at this size (80x24) is shown
        whole in a notice as well (player-tester 3, item 10)."""
        message = next(iter(self.query("#message").results(TableMessage)), None)  # (gone: left)
        if message is not None and message.kind == "error" and message.text == error and message.cut():
            self.notify(error, severity="error", markup=False)
            self._refusal_notified = True

    def _save_problem_changed(self, problem: str) -> None:
        if problem and not self._save_told:  # once: the message line keeps saying it
            self.notify(problem, title="Not saved", severity="warning", markup=False)
        self._save_told = bool(problem)
        if self.snap is not None:
            self._update()

    def _seating_changed(self) -> None:
        """The table's seats (:attr:`links`) were set anew: on mounting, and at a LAN
        table whose link begins or stops playing a seat. A table whose widgets hold the
        keys only for a player (a Do list) makes them follow; others read :attr:`seat`
        afresh on every update and need nothing here."""

    def _listen(self) -> None:
        """Listen to the seats' links and the story, and show the story's latest."""
        for seat, link in self.links.items():
            self._stops.append(link.listen(lambda snap, seat=seat: self._got_seat(seat, snap)))
            self._seat_snaps[seat][link.snapshot().version] = link.snapshot()
        self._stops.append(self.story.listen(self._got_story))
        self._queue.append(self.story.snapshot())
        self._start_pump()

    def on_unmount(self) -> None:
        self._stop_listening()
        if self._saves_stop is not None:
            self._saves_stop()
            self._saves_stop = None

    def _stop_listening(self) -> None:
        for stop in self._stops:
            stop()
        self._stops.clear()

    def _got_seat(self, seat: Seat, snap: Snapshot) -> None:
        self._seat_snaps[seat][snap.version] = snap
        if seat == self.seat and self.snap is not None and snap.version == self.snap.version:
            self._show(snap)  # the same version again (after a stale intent): refresh

    def _got_story(self, snap: Snapshot) -> None:
        self._queue.append(snap)
        self._start_pump()

    def _start_pump(self) -> None:
        if not self._pumping:
            self._pumping = True
            self.run_worker(self._pump(), group="feed", exit_on_error=False)

    async def _pump(self) -> None:
        skipped = False
        try:
            while self._queue:
                await asyncio.sleep(0)  # let every link of this version be delivered
                story = self._queue.pop(0)
                if self.snap is not None and story.version <= self.snap.version:
                    skipped = True  # (a seat change sends the same version again)
                    continue
                try:
                    if not await self._follow(story):
                        return  # the players left the game
                except Exception as err:  # never a traceback at the table: say it, keep the app
                    self._feed_failed(story, err)
            if skipped and self.snap is not None:  # the turn line drawn meanwhile is fresh again
                self._update()
        finally:
            self._pumping = False

    async def _follow(self, story: Snapshot) -> bool:
        """Log, lay out and show ``story``; ``False``: the players chose to leave."""
        self._note_history(story)
        self._note_events(story)
        if self.pace <= 0 and self._queue and self.snap is not None:
            return True  # nothing to lay out and a later version is already here
        await self._replay(story)
        if not await self._hand_over(story):
            return False
        self._show(self._seat_view(story))
        return True

    def _feed_failed(self, story: Snapshot, err: Exception) -> None:
        """``story`` could not be logged, laid out or shown: the table still follows the
        game (its snapshot shown without what failed), else asks the host for the whole
        snapshot again (``sync``, once a version) and says so; never an old state in
        silence (issue: a table left on the Family Secrets after the game moved on)."""
        self.log.error("table feed failed", err)
        self.animating = False
        shown = self.snap is not None and self.snap.version >= story.version
        if not shown:
            before = self.snap
            try:
                self._show(self._seat_view(story))
                shown = True
            except Exception as again:
                self.log.error("the snapshot could not be shown", again)
                self.snap = before  # (so that the snapshot asked for again is not taken as shown)
        sync = getattr(self.story, "sync", None)
        if shown or sync is None or self._synced == story.version:
            advice = "" if shown else " Leave (q) and join again, or ask the host to save the game."
            self.notify(f"The table could not show the latest move in full: {err}.{advice}",
                        severity="error", markup=False)
            return
        self._synced = story.version
        self.notify(f"The table could not show the latest move ({err}); asking the host for it again.",
                    severity="warning", markup=False)
        self.run_worker(sync(), group="sync", exit_on_error=False)

    async def _replay(self, story: Snapshot) -> None:
        """Lay out the moves of ``story`` made elsewhere (bots, other players), step by
        step at ``pace`` seconds a step; nothing before the first snapshot is shown."""
        if self.snap is None or self.pace <= 0:
            return
        for event in story.events:
            await self._replay_event(story, event)
        self.animating = False

    async def _hand_over(self, story: Snapshot) -> bool:
        """Choose whose view to show; in hotseat play hide the table between players.
        ``False``: the players chose to leave instead."""
        active = next(iter(story.active_seats), None)
        target = self.seat
        if active in self.links:
            target = active
        elif target is None and self.links:
            target = min(self.links)  # a bot opens the game: this seat's view meanwhile
        if target is None:
            return True
        if len(self.links) > 1 and active == target and target != self._at_keyboard:
            # partners see each other's hand: no need to cover the table between them
            if self._at_keyboard not in self._sheet_seats(target):
                if not await self._cover_for(story.names[target], "\n".join(self._news_since(story, target))):
                    return False
            self._at_keyboard = target
        if target != self.seat:
            self.seat = target
            self.sheet_seat = target
        return True

    async def _cover_for(self, name: str, news: str) -> bool:
        """Hide the hand and cover the table until ``name`` takes the keyboard (the
        hand-over screen shows ``news``); ``False``: the players chose to leave (the
        table is left)."""
        self._hide_hand()
        if await self.app.push_screen_wait(HandOverScreen(name, news, self.leave_words())):
            return True
        self.leave()
        return False

    def _seat_view(self, story: Snapshot) -> Snapshot:
        """The snapshot of the shown seat at ``story``'s version (else ``story``)."""
        for snaps in self._seat_snaps.values():
            for version in [v for v in snaps if v < story.version]:
                del snaps[version]
        if self.seat is None:
            return story
        return self._seat_snaps[self.seat].get(story.version, story)

    def _show(self, snap: Snapshot) -> None:
        """Show ``snap``: a new version starts the turn's choices afresh."""
        fresh = self.snap is None or snap.version != self.snap.version
        self.snap = snap
        self.animating = False
        if fresh:
            self._error = ""
            if self._refusal_notified:  # told of an earlier try: gone once a move is made
                self.app.clear_notifications()  # (tester 7, finding 7b)
                self._refusal_notified = False
            self.chosen = 0 if getattr(snap.view, "hand", ()) else None  # (a game may have no hand in its view)
            self._new_turn()
        asked = self._question(snap)
        if asked != self._asked or (fresh and self._acted):
            self._asked, self._acted = asked, False
            if asked:  # the keys that act wait until the new question has been seen
                self.wait_for_quiet()
        self._update()
        if snap.over and not self._results_shown:
            self._results_shown = True
            self._show_results(snap)

    def _question(self, snap: Snapshot) -> tuple[Any, ...]:
        """What the shown seat is asked now: its legal actions while it may act (``()``:
        nothing). A change starts the quiet moment, and so does any new version after
        the player's own move (the next question may offer the same answers)."""
        if snap.over or snap.seat is None or snap.seat not in snap.active_seats:
            return ()
        return tuple(snap.legal_actions)

    def holds_key(self, key: str) -> bool:
        """The keys that act wait for the quiet moment: Enter (a Do list's too) and every
        key bound to a play action; moving, pages and panels never wait."""
        if key == "enter":
            return True
        bound = self._bindings.key_to_bindings.get(key, ())
        return any(b.action.split("(")[0] in self.play_actions for b in bound)

    def heard(self) -> None:
        if self.snap is not None:
            self._update()

    # ---- the player's move ----------------------------------------------------------

    def keys_hidden(self, action: str) -> bool:
        """The cursor and play keys are left out of the footer (and do nothing) once
        the game is over, and for a watcher (a spectator's snapshot: no seat), whose
        footer shows only what a watcher can do (issue 8 §4)."""
        snap = self.snap
        done = snap is not None and (snap.over or snap.seat is None)
        return done and (action in self.play_actions or action == "move")

    @property
    def my_turn(self) -> bool:
        """The shown seat is to play, and nothing is being laid out or sent."""
        snap = self.snap
        return (snap is not None and snap.seat is not None and snap.seat in snap.active_seats
                and bool(snap.legal_actions) and not self.animating and not self.busy
                and not self._queue)

    def _send(self, action: Any) -> None:
        """Send ``action`` from the shown seat; the table waits for its outcome."""
        self._begin_send()
        self.run_worker(self._submit(self.links[self.seat], action), group="submit")

    def _begin_send(self) -> None:
        """An action is on its way: the table waits for its outcome (:meth:`_submit`
        ends the wait) and shows it is acting."""
        self.busy = True
        self._acted = True
        self._update()

    async def _submit(self, link: SeatLink, action: Any, shown: bool = True) -> str:
        """Send ``action`` by ``link`` and wait for its outcome: ``""`` accepted, else
        why not in words, which the message line shows (``shown``) or the caller does
        (a Zestrea form keeps it)."""
        error = ""
        try:
            outcome = await link.submit(action)
        except Exception as err:  # a broken link: tell the player, keep what was chosen
            error = self.unsent_words.format(err=err)
        else:
            if not outcome.accepted:
                names = self.snap.names if self.snap is not None else ()
                # the rules name players "seat N": the table knows their names
                # (shown whole in a notice too if the message line cuts it: _tell_whole)
                error = named(outcome.reason, names) or self.refused_words.format(code=outcome.code)
        finally:
            self.busy = False
        if error:
            self._acted = False
            if shown:
                self._error = error
        self._update()
        self._start_pump()
        return error

    # ---- keys shared by the tables ----------------------------------------------------

    def on_do_list_unchosen(self, event: DoList.Unchosen) -> None:
        """Enter on a Do list with nothing highlighted (it changed under the key, as
        another player's move came): the message line says why nothing was done
        (player-tester 2, item 4), and which entry is highlighted now; on the list's
        top line, that it only says how to choose."""
        event.stop()
        if event.choose:
            self._error = "Nothing done: that line only says how to choose; ↓ to an entry, then Enter."
        elif event.first:
            which = f"“{fit(event.entry, 30)}”" if event.entry else "its first entry"
            self._error = f"Nothing done: the list is new; {which} is highlighted now. ↑↓ choose, then Enter."
        else:
            self._error = "Nothing done: the list changed and nothing is highlighted; ↑↓ choose, then Enter."
        self._update()

    def action_choose(self, index: int) -> None:
        self.chosen = index
        self._error = ""
        self._update()

    def action_cycle(self, step: int) -> None:
        count = len(self.hand_left)
        self.chosen = ((self.chosen or 0) + step) % count if count else None
        self._error = ""
        self._update()

    def _clicked_at(self, cell: Any, lay: Callable[[], None]) -> None:
        """A click on ``cell``: on the cursor (and the player's turn) it lays there
        (``lay``), elsewhere it moves the cursor."""
        if cell == self.cursor and self.my_turn:
            lay()
        else:
            self.cursor = cell
            self._update()

    def _jump_to_hint(self, cells: frozenset, nowhere: str) -> None:
        """``n``: the cursor to the next of ``cells`` (where the chosen piece may go),
        or ``nowhere`` said; in profi that hints are off."""
        if self.view is not None and self.view.options.profi:
            self._error = "Hints are off (profi)."
            self._update()
            return
        ordered = sorted(cells)
        if not ordered:
            self._error = nowhere
            self._update()
            return
        after = [cell for cell in ordered if cell > self.cursor]
        self.cursor = (after or ordered)[0]
        self._update()

    def action_cycle_sheet(self) -> None:
        if self.view is not None:
            self.sheet_seat = (max(self._sheet_seats(self.sheet_seat)) + 1) % self.view.seats
            self._update()

    def action_rules(self) -> None:
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_whole_log(self) -> None:
        """``L``: the whole log over the table (tui/screens/whole_log.py)."""
        self.app.push_screen(WholeLogScreen(self._whole_log()))

    def _whole_log(self) -> list[str]:
        """Every line of the table's log, oldest first (default: its move log's)."""
        logs = self.query(MoveLog)
        return list(logs.first().entries) if logs else []

    def action_results(self) -> None:
        if self.snap is not None and self.snap.over:
            self._show_results(self.snap, quiet=False)

    def _show_results(self, snap: Snapshot, quiet: bool = True) -> None:
        """The results over the table; left for the board, they are what Escape there
        goes back to (:meth:`action_back_or_leave`)."""
        self._results_left = False
        self.app.push_screen(self._results(snap, quiet=quiet), self._left_results)

    def _left_results(self, _: Any = None) -> None:
        self._results_left = True

    def action_back_or_leave(self) -> None:
        """Escape: at a finished table reached from its results, back to them (player-
        tester 21, item 8: it went to the menu, as the results' own Escape goes to the
        board); anywhere else as ``q``."""
        if self.snap is not None and self.snap.over and self._results_left:
            self.action_results()
        else:
            self.action_leave()

    def _results(self, snap: Snapshot, quiet: bool = True) -> Any:
        """The results screen of the finished ``snap``, with the events told; ``quiet``:
        it waits for a quiet keyboard (shown as the game ends, not asked for)."""
        return self.results_screen(snap, story=self._told_events(snap), quiet=quiet)

    def _told_events(self, snap: Snapshot) -> tuple[Any, ...]:
        """Every event told so far (the finished ``snap``'s own if none were kept)."""
        return tuple(event for _, _, event in self._story) or tuple(snap.events)

    def action_leave(self) -> None:
        if self.snap is not None and self.snap.over:
            self.leave()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.leave()

        question = self.leave_words()
        if question != NOTHING_SAVED_LEAVE_QUESTION:  # (else no turn of it is kept at all)
            question += taken_back_words(*self.unconfirmed())
        self.app.push_screen(ConfirmScreen(question, "Leave", "Stay"), answered)

    def unconfirmed(self) -> tuple[int, str]:
        """What this keyboard laid this turn and has not confirmed (it lives on this
        screen only, never sent): ``(count, piece)``, ``(2, "tile")``; ``(0, "")``:
        nothing (the default: a table whose moves all go at once)."""
        return 0, ""

    def leave_words(self) -> str:
        """What leaving asks first: :attr:`leave_question`; or, of the game this
        keyboard saves, that leaving may lose it while its latest save failed, and that
        nothing is saved yet before its first save."""
        if self._saves is not None and self.save_problem():
            return UNSAVED_LEAVE_QUESTION
        if self._saves is not None and not self._saves.saved:
            return NOTHING_SAVED_LEAVE_QUESTION
        return self.leave_question

    def leave(self) -> None:
        """Stop listening and hand over to ``_leave`` (stop the table, back to the menu)."""
        self._stop_listening()
        if self._leave is not None:
            self._leave()

    # ---- showing --------------------------------------------------------------------

    def size_changed(self, small: bool) -> None:
        super().size_changed(small)
        self._allowed = ()
        if not small and self.snap is not None:
            self._update()

    def _spin(self) -> None:
        if self.snap is not None and not self.my_turn and not self.snap.over:
            self._tick += 1
            self.query_one(self.status_type).turn = self._turn_text()

    def _turn_text(self) -> str:
        """The turn line: who is to play and what they do (``▶`` is the widget's)."""
        snap, view = self.snap, self.view
        assert snap is not None and view is not None
        if snap.over:  # why, in the game's words: "Game over, the last tile is drawn: ..."
            why = self.words.ending_text(snap.events) if self.words is not None else ""
            head = f"Game over, {why}" if why else "Game over"
            return f"{head}: {self._headline(snap)} (r: results)" if snap.result else head
        # names cut to TURN_NAME cells, so that what to do stays on the line at 80 columns
        current = fit(seat_name(snap.names, snap.bots, view.current), TURN_NAME)
        spin = SPINNER[self._tick % len(SPINNER)]
        if self.animating:
            return f"{current} {self.playing_words} {spin}"
        if self.busy:
            return f"{self.sending_words} {spin}"
        if not self.my_turn:
            if snap.bots[view.current]:
                return f"{current} is thinking {spin}"
            return f"Waiting for {current} {spin}"
        return self._your_turn_text(fit(snap.names[self.seat], TURN_NAME))

    def _instructions(self) -> str:
        """The line under the hand: what this player can do now."""
        if self.snap is None or self.view is None:
            return ""
        if self.snap.over:
            end = self._end_words()
            return f"{end} r shows the results, q leaves." if end else \
                "Game over: r shows the results, q leaves."
        if self.seat is None:
            return "Watching the bots play. q leaves."
        if not self.my_turn:
            return f"Not your turn yet. {self.waiting_keys}."
        return self._your_turn_instructions()

    def _hides_hand(self) -> bool:
        """Hotseat, and not the shown seat's turn: its hand is face down (whoever is
        at the keyboard now may not be the one it belongs to)."""
        snap = self.snap
        return (len(self.links) > 1 and snap is not None and self.view.current != self.seat
                and not snap.over)

    def _sheet_heading(self, sheet: Any) -> None:
        """The shown sheet widget's rows, the rows the last turn wrote and its title
        (the sheet is a :class:`tui.widgets.fitted_title.FittedTitle`)."""
        snap, view = self.snap, self.view
        seats = self._sheet_seats(self.sheet_seat)
        sheet.sheet = view.sheets[self._sheet_index(self.sheet_seat)]
        last = view.log[-1] if view.log else None
        sheet.written = frozenset(last.rows) if last is not None and last.seat in seats else frozenset()
        name = " & ".join(snap.names[s] for s in seats)
        you = " (you)" if self.seat in seats else ""
        # a team's two names whole at 80x24: "Sheet: " gives way first, then "(you)"
        sheet.titles = (f"Sheet: {name}{you}", f"{name}{you}", name)
        sheet.border_subtitle = "s: next sheet" if len(view.sheets) > 1 else ""

    def _refresh_footer(self) -> None:
        """Redraw the footer's keys when what is allowed has changed (not on every key)."""
        allowed = tuple(self.check_action(action, parameters) for action, parameters in self.footer_checks)
        if allowed != self._allowed:
            self._allowed = allowed
            self.refresh_bindings()
