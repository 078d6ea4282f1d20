"""The host: the one authority over a game's state (design.md, "net/ — one authority").

Game-agnostic: it drives any object satisfying :class:`rules.core.Game`. Everything
that would change the game arrives as an *intent* (an action, an ``action_id`` and
the version it was made against) on one :class:`asyncio.Queue`, processed one at a
time; each applied action bumps :attr:`Host.version` once and every connected peer
gets a new :class:`~net.table.Snapshot` of its own seat. Every intent gets exactly one
:class:`~net.table.Outcome`, returned only to its sender. The seat of an intent is the
seat of the peer that sent it, never something the message says.

Outcome codes besides the games' own :class:`~rules.core.RuleViolation` codes are the
constants below (``STALE``, ``NOT_YOUR_TURN`` ...).

Bots are seats: when the game waits for a bot seat (:func:`rules.core.awaited`: the
active seats, unless the game says fewer) the host asks the game's bot in a worker
thread (the event loop never blocks), paces the answer to take at least ``bot_delay``
seconds, and submits it through the same queue as a human's intent. Legal actions may
hold :class:`rules.core.ActionKind` entries; ``apply`` checks every intent either way.

Timers (a game's :func:`rules.core.timeouts`, options at 0 off) live in
:mod:`net.timers`: a default given when one runs out is an intent of that seat through
the same queue.

Applying an action (``game.apply`` and every seat's snapshot) runs in a worker thread
when it is slow, and on the event loop when it is quick: see :data:`INLINE_BELOW`. A
quick game's intent arriving while nothing waits in the queue is judged at once, in
the caller's turn of the loop (:meth:`Host.offer`): the same judgement, in the same
order, without the hops through the queue's task.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from collections import OrderedDict, deque
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

import attrs

from rules.core import Game, Result, RuleViolation, Seat, awaited, judged_now, kinds, listed, sample, seat_name
from rules.core import why_not_now

from .lobby import counts_text
from .table import HISTORY_VERSIONS, BotTook, History, Outcome, Past, Snapshot, takeovers_from_log, timed_out
from .timers import Clock, Timers

if TYPE_CHECKING:
    from .local import LocalSeatLink

log = logging.getLogger(__name__)

STALE = "stale"
"""The intent was made against a version after which the seat's legal actions changed;
the sender also gets a fresh snapshot."""
NOT_YOUR_TURN = "not-your-turn"
"""The sender's seat may not act now (a spectator never may)."""
BOT_SEAT = "bot-seat"
"""The sender's seat is played by a bot."""
GAME_OVER = "game-over"
"""The game is over; nothing more is accepted."""
INTERNAL = "internal"
"""The game raised something other than a RuleViolation; logged, state unchanged."""
CLOSED = "closed"
"""The host was stopped before the intent was processed."""

INLINE_BELOW = 0.002
"""An action is applied on the event loop itself when the host's previous one took less
than this many seconds, else in a worker thread. A thread only keeps the loop
responsive for work longer than the interpreter's switch interval (5 ms: until then
the worker holds the GIL and the loop waits anyway), and each hop costs a thread
hand-off and, on a busy loop, up to a switch interval of waiting for the GIL, many
times a quick game's apply (tens of microseconds); slow games (Zatre: milliseconds)
keep their thread. Measured in CPU time of the thread that applied it
(:data:`_MOVE_CLOCK`): on a busy machine a quick move whose thread waited for a CPU
is still quick, and stays on the loop."""

_MOVE_CLOCK = (time.thread_time if time.get_clock_info("thread_time").resolution <= 1e-4
               else time.perf_counter)
"""How a move's cost is timed: the thread's CPU time, where that clock is fine enough
(Linux, macOS; Windows counts it in 15.6 ms ticks: wall time there)."""

REMEMBERED_OUTCOMES = 4096
"""How many outcomes are kept for answering duplicate ``action_id``\\ s (oldest dropped)."""

Deliver = Callable[[Snapshot], None]


def _closed(action_id: str) -> Outcome:
    return Outcome(action_id, False, CLOSED, "The table was closed.")


@attrs.define(eq=False)
class Peer:
    """One connection to the host: the ``seat`` it speaks for (``None``: spectator)
    and ``deliver``, called on the event loop with each new snapshot for that seat."""

    seat: Seat | None
    deliver: Deliver


@attrs.frozen
class Intent:
    """An action as sent: ``action_id`` (unique per sender), ``version`` it was made
    against. Carries no seat: that comes from the :class:`Peer`."""

    action: Any
    action_id: str
    version: int


@attrs.frozen
class Applied:
    """One applied action, in the order applied: the game's action log.

    ``version`` is the version the action produced (``1`` for the first).
    """

    version: int
    seat: Seat
    action: Any
    action_id: str


def fallback_action(game: Any, legal: Sequence[Any], rnd: random.Random) -> Any:
    """A random legal action for a seat whose bot failed: one of the listed actions
    (``Ready``, ``Pass``, a tile laid) if there are any, else one drawn within the bounds
    of one of the :class:`rules.core.ActionKind` entries (:func:`rules.core.sample`),
    which ``apply`` may still refuse (its ``checks``)."""
    whole = listed(legal)
    if whole:
        return rnd.choice(whole)
    return sample(rnd.choice(kinds(legal)), game.action_type, rnd)


class Snapshots(Mapping[Seat | None, Snapshot]):
    """One version's snapshots: one per seat, built with the version, and the
    spectators' (key ``None``), built by ``spectators()`` when first asked for (most
    tables have no spectator, and a spectator's view is one more the game would build
    each move: a fifth of a four-seat table's snapshots). What is built is immutable:
    building it later, on any thread, gives the same snapshot."""

    __slots__ = ("_seats", "_spectators", "_made")

    def __init__(self, seats: dict[Seat, Snapshot], spectators: Callable[[], Snapshot]) -> None:
        self._seats = seats
        self._spectators = spectators
        self._made: Snapshot | None = None

    def __getitem__(self, seat: Seat | None) -> Snapshot:
        if seat is None:
            made = self._made
            if made is None:
                made = self._made = self._spectators()
            return made
        return self._seats[seat]

    def __contains__(self, seat: object) -> bool:
        return seat is None or seat in self._seats

    def __iter__(self) -> Iterator[Seat | None]:
        yield from self._seats
        yield None

    def __len__(self) -> int:
        return len(self._seats) + 1

    def evolve(self, **changes: Any) -> "Snapshots":
        """Every snapshot with ``changes`` (``attrs.evolve``), the spectators' still
        built only when asked for."""
        made, spectators = self._made, self._spectators

        def evolved() -> Snapshot:
            return attrs.evolve(made if made is not None else spectators(), **changes)

        return Snapshots({k: attrs.evolve(s, **changes) for k, s in self._seats.items()}, evolved)


@attrs.frozen
class _Frame:
    """The authoritative state at one version, with everything derived from it.

    ``snapshots`` has one entry per seat and one for spectators (key ``None``:
    :class:`Snapshots`); ``changed_at[seat]`` is the version at which that seat's legal
    actions last changed; ``over``, ``active`` (the seats that may act) and ``result``
    as in every snapshot; ``awaited``: the active seats the game waits for
    (:func:`rules.core.awaited`), the ones bots play; ``events``: the events of the action
    that made this version, as the game gave them (before any seat's projection), kept
    for :meth:`Host.history`.
    """

    state: Any
    version: int
    snapshots: Snapshots
    changed_at: Mapping[Seat, int]
    over: bool
    active: frozenset[Seat]
    result: Result | None
    awaited: frozenset[Seat] = frozenset()
    events: tuple[Any, ...] = ()


@attrs.define(eq=False)
class _Job:
    peer: Peer | None  # None: a bot of the host's own
    seat: Seat | None
    intent: Intent
    answer: asyncio.Future[Outcome]


class Host:
    """The authority over one game.

    ``game``: a :class:`rules.core.Game`; ``options``: its options value; ``seats``:
    how many seats (one of ``game.seat_counts(options)``); ``seed``: the game's seed
    (also seeds each bot's ``random.Random`` from ``(seed, seat)``); ``names``: one
    per seat; ``bots``: seat -> bot kind, a key of ``game.bots``; ``bot_delay``: the
    least time in seconds from a bot's turn starting to its intent being submitted;
    ``clock``: the timers' clock (:class:`net.timers.Clock`; default: the event loop's).

    The game is set up at construction (``game.setup`` errors propagate), so links and
    snapshots exist before :meth:`start`; intents submitted before it wait in the queue.

    Each intent is judged in this order, the first match deciding its outcome:

    1. its ``(seat, action_id)`` was seen before: the first outcome again, nothing applied
       (a ``STALE`` one comes with the current snapshot again, as in 4.);
    2. the game is over: ``GAME_OVER``;
    3. a spectator: ``NOT_YOUR_TURN``; a human peer on a bot's seat: ``BOT_SEAT``;
    4. stale: made against a version older than the last change to the seat's legal
       actions, or newer than the current one: ``STALE``, and the peer is sent the
       current snapshot. (An intent made before *another* seat's action that left this
       seat's choices as they were still counts, so seats acting at once do not
       reject each other. Where the game judges intents as the state is now,
       :func:`rules.core.judged_now`, a peer's older intent goes on to 5. and 6.; the
       host's own bots look again instead.)
    5. the seat may not act now: ``NOT_YOUR_TURN``;
    6. ``game.apply`` raises :class:`RuleViolation`: its ``code`` and ``message``;
       raises anything else: ``INTERNAL`` (logged);
    7. otherwise applied: ``version`` + 1, every peer gets its new snapshot, then the
       sender gets ``Outcome(action_id, accepted=True)``.

    Raises :class:`ValueError` for a seat count out of range, a wrong number of names,
    a bot seat out of range, an unknown bot kind or a negative ``bot_delay``.
    """

    def __init__(
        self,
        game: Game,
        options: Any,
        seats: int,
        seed: int,
        names: tuple[str, ...],
        bots: Mapping[int, str] | None = None,
        bot_delay: float = 0.6,
        clock: Clock | None = None,
    ) -> None:
        bots = dict(bots or {})
        counts = tuple(sorted(game.seat_counts(options)))
        if seats not in counts:
            raise ValueError(f"{game.title} takes {counts_text(counts)} seats with {options!r}, not {seats}")
        if len(names) != seats:
            raise ValueError(f"{seats} seats need {seats} names, got {len(names)}")
        for seat, kind in bots.items():
            if not 0 <= seat < seats:
                raise ValueError(f"bot seat {seat} is not a seat (0..{seats - 1})")
            if kind not in game.bots:
                known = ", ".join(sorted(game.bots))
                raise ValueError(f"{game.title} has no {kind!r} bot (known: {known})")
        if bot_delay < 0:
            raise ValueError(f"bot_delay must be >= 0 seconds, got {bot_delay}")

        self.game = game
        self.options = options
        self.seats = seats
        self.seed = seed
        self.names = tuple(names)
        self.bot_kinds: tuple[str | None, ...] = tuple(bots.get(s) for s in range(seats))
        self.bot_took: tuple[BotTook, ...] = ()  # seats taken by a bot during the game
        self._took_kinds: dict[Seat, str] = {}  # seat -> kind of the bot that last took it
        self._taken: set[Seat] = set()  # seats handed to a bot at this table (seat_bot)
        self.bot_delay = bot_delay

        self._bots = {seat: game.bots[kind]() for seat, kind in bots.items()}
        self._bot_rngs = {seat: random.Random(f"{seed}:{seat}") for seat in bots}
        self._bot_tasks: dict[Seat, asyncio.Task[None]] = {}
        self._bot_ids = itertools.count(1)

        started = _MOVE_CLOCK()
        self._frame = self._build(game.setup(options, seats, seed), 0, (), None)
        self._advance_cost = _MOVE_CLOCK() - started  # the latest action's (first: setup's)
        self._log: list[Applied] = []
        self._past: deque[tuple[int, tuple[Any, ...], Seat | None]] = deque(maxlen=HISTORY_VERSIONS + 1)  # and the current one
        self._peers: list[Peer] = []
        self._watchers: list[Callable[[int], None]] = []
        self._outcomes: OrderedDict[tuple[bool, Seat | None, str], Outcome] = OrderedDict()
        self._queue: asyncio.Queue[_Job] = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        self._waiting = 0  # intents queued or being judged
        self._closed = False
        self._over = asyncio.Event()
        if self._frame.over:
            self._over.set()
        self._timers = Timers(self, clock)

    # ---- reading ------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many actions have been applied (``0`` at setup)."""
        return self._frame.version

    @property
    def state(self) -> Any:
        """The full game state, hidden parts included: for saves and tests, never a view."""
        return self._frame.state

    @property
    def over(self) -> bool:
        return self._frame.over

    @property
    def result(self) -> Result | None:
        """``game.result(state)`` once the game is over, else ``None``."""
        return self._frame.result

    @property
    def applied(self) -> tuple[Applied, ...]:
        """Every applied action in order: with ``seed`` and ``options`` it replays the game."""
        return tuple(self._log)

    def snapshot(self, seat: Seat | None) -> Snapshot:
        """The latest snapshot for ``seat`` (``None``: spectator). Raises ``KeyError``
        for a seat that is not at this table."""
        return self._frame.snapshots[seat]

    def history(self, seat: Seat | None, before: int | None = None) -> History:
        """The events of the versions before ``before`` (default: the current version)
        as ``seat`` (``None``: spectators) may see them, each projected with
        ``game.project_event`` as that version's live snapshot was: the history a
        (re)joining client's log is built from (docs/protocol.md, "history"). The host
        keeps the events of the last :data:`net.table.HISTORY_VERSIONS` versions (a game
        resumed from a save: those replayed by :meth:`restore`); older ones are
        ``left_out``. Raises ``KeyError`` for a seat that is not at this table."""
        if seat not in self._frame.snapshots:
            raise KeyError(seat)
        until = self._frame.version if before is None else before
        project = self.game.project_event
        past = tuple(Past(version, tuple(project(event, seat) for event in events), out)
                     for version, events, out in self._past if version < until)
        return History(seat, past[0].version - 1 if past else max(until - 1, 0), past)

    async def wait_over(self) -> Result:
        """Wait until the game is over; returns its result."""
        await self._over.wait()
        assert self.result is not None
        return self.result

    # ---- peers --------------------------------------------------------------

    def connect(self, seat: Seat | None, deliver: Deliver) -> Peer:
        """Register a peer speaking for ``seat``; ``deliver`` gets every later snapshot.

        Raises ``KeyError`` for a seat not at this table.
        """
        if seat not in self._frame.snapshots:
            raise KeyError(f"no seat {seat!r} at this table (0..{self.seats - 1} or None)")
        peer = Peer(seat, deliver)
        self._peers.append(peer)
        return peer

    def watch(self, listener: Callable[[int], None]) -> Callable[[], None]:
        """Call ``listener(version)`` each time every peer is sent its snapshot again (an
        action applied, a bot seated or unseated, the timers started), before the peers
        are: what a table's save hangs on. It is given no snapshot, so none is built
        for it (a spectator's snapshot is one more view and projection of the events a
        move would cost, a fifth of a four-seat table's). An exception it raises is
        logged, never the host's. Returns the function that stops it."""
        self._watchers.append(listener)

        def stop() -> None:
            if listener in self._watchers:
                self._watchers.remove(listener)

        return stop

    def disconnect(self, peer: Peer) -> None:
        """Stop delivering to ``peer`` (no error if it is already gone)."""
        if peer in self._peers:
            self._peers.remove(peer)

    def link(self, seat: Seat | None) -> "LocalSeatLink":
        """An in-process :class:`net.table.SeatLink` for ``seat`` (``None``: spectator)."""
        from .local import LocalSeatLink  # local.py builds on this module

        return LocalSeatLink(self, seat)

    async def submit(self, peer: Peer, intent: Intent) -> Outcome:
        """Queue ``intent`` from ``peer`` and wait for its one :class:`Outcome`.

        Never raises for a bad intent: rejections are outcomes (``accepted=False``).
        After an accepted outcome the peer has already been sent the new snapshot.
        """
        return await self._enqueue(peer, peer.seat, intent)

    def offer(self, peer: Peer, intent: Intent) -> Outcome | None:
        """Judge ``intent`` from ``peer`` now, in this call, when the queue is empty,
        nothing is being judged, the host is running and its moves are quick
        (:data:`INLINE_BELOW`): exactly what :meth:`submit` would do (same judgement,
        snapshots delivered before the outcome is returned), without a task switch.
        ``None``: not now, nothing done; :meth:`submit` it (the caller keeps its own
        intents in order: it may offer one only when none of its earlier ones waits)."""
        if (self._waiting or self._closed or self._worker is None or self._worker.done()
                or self._advance_cost >= INLINE_BELOW):
            return None
        job = _Job(peer, peer.seat, intent, None)  # type: ignore[arg-type]
        self._waiting += 1
        try:
            return self._judge(job)
        except Exception:  # the host's own bug, as in the worker
            log.exception("host failed on intent %r from seat %r", intent, peer.seat)
            return Outcome(intent.action_id, False, INTERNAL, "The table hit an internal error.")
        finally:
            self._waiting -= 1

    def restore(self, applied: "Sequence[Applied]") -> None:
        """Replay ``applied`` (a saved action log, in order) onto the freshly set-up
        game, before :meth:`start`: each action is applied with ``game.apply`` and
        remembered, so a resent ``action_id`` is answered, not applied again.

        Raises ``RuntimeError`` if the host has started or already has actions,
        ``ValueError`` if the log's versions are not ``1, 2, ...`` or an action is
        refused by the game (:class:`RuleViolation` as its cause): the log is not this
        game's. Nothing is kept in that case.
        """
        if self._worker is not None or self._log:
            raise RuntimeError("restore() needs a host with no actions that has not started")
        frame, log_ = self._frame, []
        for expected, entry in enumerate(applied, start=1):
            if entry.version != expected:
                raise ValueError(f"action {expected} of the log says version {entry.version}")
            if frame.over:
                raise ValueError(f"the game was over before action {expected}")
            try:
                frame = self._advance(frame, entry.seat, entry.action)
            except RuleViolation as violation:
                raise ValueError(
                    f"action {expected} (seat {entry.seat}) is illegal: {violation.message}"
                ) from violation
            log_.append(entry)
            self._past.append((frame.version, frame.events, timed_out(entry)))
        # as _commit would have: the last version's snapshots name a timer's default
        self._frame, self._log = self._timers.settle(frame, log_[-1] if log_ else None), log_
        self._took_kinds = {s: kind for s, kind in enumerate(self.bot_kinds) if kind}
        self.bot_took = self._takeovers()  # as the log shows them
        self._show_bot_took()
        for entry in log_:
            self._outcomes[(False, entry.seat, entry.action_id)] = Outcome(entry.action_id, True)
        while len(self._outcomes) > REMEMBERED_OUTCOMES:
            self._outcomes.popitem(last=False)
        if frame.over:
            self._over.set()

    def seat_bot(self, seat: Seat, kind: str) -> None:
        """From now on a ``kind`` bot (a key of ``game.bots``) plays ``seat``, e.g. a
        dropped player's. It sees what that seat sees, held tiles included. Every peer
        is sent its snapshot again (same version; ``bots`` changed). Raises
        ``ValueError`` for a seat out of range or an unknown kind."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"bot seat {seat} is not a seat (0..{self.seats - 1})")
        if kind not in self.game.bots:
            known = ", ".join(sorted(self.game.bots))
            raise ValueError(f"{self.game.title} has no {kind!r} bot (known: {known})")
        self._bots[seat] = self.game.bots[kind]()
        self._bot_rngs[seat] = random.Random(f"{self.seed}:{seat}:{self.version}")
        self._took_kinds[seat] = kind  # told once the bot has moved (_commit)
        self._taken.add(seat)
        self._show_bot(seat, kind)
        self._wake_bots()

    def seat_player(self, seat: Seat) -> None:
        """The bot at ``seat`` stops; its player plays the seat again (through a peer).
        A move the bot is still thinking over is dropped, never applied. Every peer
        is sent its snapshot again (same version; ``bots`` changed). Raises
        ``ValueError`` when no bot plays ``seat``."""
        if seat not in self._bots:
            raise ValueError(f"no bot plays seat {seat}")
        del self._bots[seat]
        task = self._bot_tasks.pop(seat, None)
        if task is not None:
            task.cancel()
        self._show_bot(seat, None)  # the takeover closes at the player's next move (_commit)

    def _show_bot(self, seat: Seat, kind: str | None) -> None:
        """``bot_kinds[seat]`` is ``kind`` now: every peer gets its snapshot again."""
        kinds = list(self.bot_kinds)
        kinds[seat] = kind
        self.bot_kinds = tuple(kinds)
        self._show_bot_took()
        self._show(self._frame)

    def _takeovers(self) -> tuple[BotTook, ...]:
        """The bot takeovers of this game's log (:func:`net.table.takeovers_from_log`),
        each seat's bot kind the one that last took it."""
        kinds = tuple(self.bot_kinds[s] or self._took_kinds.get(s) for s in range(self.seats))
        return takeovers_from_log(self._log, kinds, self._taken)

    def _show_bot_took(self) -> None:
        """The frame's snapshots with the bot kinds and takeovers as they are now."""
        frame = self._frame
        snapshots = frame.snapshots.evolve(bots=self.bot_kinds, bot_took=self.bot_took)
        self._frame = attrs.evolve(frame, snapshots=snapshots)

    # ---- lifecycle ----------------------------------------------------------

    async def start(self) -> None:
        """Start processing intents and let bots play. Idempotent while running.

        Raises ``RuntimeError`` after :meth:`stop`.
        """
        if self._closed:
            raise RuntimeError("this host was stopped; build a new one")
        if self._worker is None:
            self._worker = asyncio.create_task(self._work(), name="parlour-host")
            self._timers.start()
            frame = self._timers.settle(self._frame)
            if frame is not self._frame:  # timers run from the start: every peer is told
                self._frame = frame
                self._show(frame)
            self._wake_bots()

    async def stop(self) -> None:
        """Stop: cancel the queue worker and the bots, answer waiting intents ``CLOSED``.

        Idempotent. A bot thread already thinking finishes in the background; its
        answer is dropped.
        """
        self._closed = True
        self._timers.stop()
        tasks = [t for t in (self._worker, *self._bot_tasks.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bot_tasks.clear()
        while not self._queue.empty():
            job = self._queue.get_nowait()
            self._answer(job, _closed(job.intent.action_id))

    async def __aenter__(self) -> "Host":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # ---- the queue ------------------------------------------------------------

    async def _enqueue(self, peer: Peer | None, seat: Seat | None, intent: Intent) -> Outcome:
        if self._closed:
            return _closed(intent.action_id)
        answer: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._waiting += 1
        try:
            await self._queue.put(_Job(peer, seat, intent, answer))
            return await answer
        finally:
            self._waiting -= 1

    async def _work(self) -> None:
        while True:
            job = await self._queue.get()
            try:
                outcome = await self._process(job)
            except asyncio.CancelledError:
                self._answer(job, _closed(job.intent.action_id))
                raise
            except Exception:  # the host's own bug: never let the worker die of it
                log.exception("host failed on intent %r from seat %r", job.intent, job.seat)
                outcome = Outcome(
                    job.intent.action_id, False, INTERNAL, "The table hit an internal error."
                )
            self._answer(job, outcome)

    @staticmethod
    def _answer(job: _Job, outcome: Outcome) -> None:
        if not job.answer.done():
            job.answer.set_result(outcome)

    async def _process(self, job: _Job) -> Outcome:
        remembered = self._remembered(job)
        if remembered is not None:
            return remembered
        return self._remember(job, await self._decide(job))

    def _judge(self, job: _Job) -> Outcome:
        """:meth:`_process` with the action applied on the loop (:meth:`offer`)."""
        remembered = self._remembered(job)
        if remembered is not None:
            return remembered
        outcome = self._refusal(job)
        if outcome is None:
            try:
                new_frame = self._advance(self._frame, job.seat, job.intent.action)  # type: ignore[arg-type]
            except Exception as exc:
                outcome = self._raised(job, exc)
            else:
                outcome = self._accept(job, new_frame)
        return self._remember(job, outcome)

    def _remembered(self, job: _Job) -> Outcome | None:
        """The outcome an earlier intent with the same ``(seat, action_id)`` got (a
        ``STALE`` one comes with the current snapshot again), or ``None``."""
        # the host's own bots have ids of their own: no peer can pre-empt one
        remembered = self._outcomes.get((job.peer is None, job.seat, job.intent.action_id))
        if remembered is not None and remembered.code == STALE and job.peer is not None and job.seat is not None:
            self._deliver(job.peer, self._frame.snapshots[job.seat])  # the state to retry from
        return remembered

    def _remember(self, job: _Job, outcome: Outcome) -> Outcome:
        self._outcomes[(job.peer is None, job.seat, job.intent.action_id)] = outcome
        while len(self._outcomes) > REMEMBERED_OUTCOMES:
            self._outcomes.popitem(last=False)
        return outcome

    async def _decide(self, job: _Job) -> Outcome:
        outcome = self._refusal(job)
        if outcome is not None:
            return outcome
        frame, seat, action = self._frame, job.seat, job.intent.action
        try:
            if self._advance_cost < INLINE_BELOW:
                new_frame = self._advance(frame, seat, action)  # type: ignore[arg-type]
            else:
                new_frame = await asyncio.to_thread(self._advance, frame, seat, action)  # type: ignore[arg-type]
        except Exception as exc:
            return self._raised(job, exc)
        return self._accept(job, new_frame)

    def _raised(self, job: _Job, exc: Exception) -> Outcome:
        """The outcome of ``game.apply`` raising ``exc``: its rule, or ``INTERNAL``."""
        action_id = job.intent.action_id
        if isinstance(exc, RuleViolation):
            return Outcome(action_id, False, exc.code, self._in_words(exc.message, job))
        log.error(
            "%s raised on seat %r's action %r at version %d",
            self.game.name, job.seat, job.intent.action, self._frame.version, exc_info=exc,
        )
        return Outcome(action_id, False, INTERNAL, "The game hit an internal error; nothing changed.")

    def _in_words(self, message: str, job: _Job) -> str:
        """A refusal as its player reads it: the action's repr, should a game's message
        hold one, becomes the game's own words for the move (``describe``), quoted:
        ``"“seat 1 keeps a Family Secret” is not allowed now"``."""
        shown = repr(job.intent.action)
        if shown not in message:
            return message
        try:  # (the player as "seat N", as the rules name players: docs/protocol.md)
            who = seat_name(job.seat if job.seat is not None else -1)
            said = self.game.describe(who, job.intent.action, ())
        except Exception:  # (words are a courtesy: never a refusal lost to them)
            said = "that move"
        return message.replace(shown, f"“{said}”")

    def _accept(self, job: _Job, new_frame: _Frame) -> Outcome:
        action_id = job.intent.action_id
        self._commit(new_frame, Applied(new_frame.version, job.seat, job.intent.action, action_id))  # type: ignore[arg-type]
        return Outcome(action_id, True)

    def _refusal(self, job: _Job) -> Outcome | None:
        """Why ``job`` is refused before its action is tried (rules 2-5 of
        :class:`Host`), or ``None``."""
        seat, intent, frame = job.seat, job.intent, self._frame
        action_id = intent.action_id

        def reject(code: str, reason: str) -> Outcome:
            return Outcome(action_id, False, code, reason)

        if frame.over:
            return reject(GAME_OVER, "The game is over.")
        if seat is None:
            return reject(NOT_YOUR_TURN, "A spectator cannot act.")
        if job.peer is not None and seat in self._bots:
            return reject(BOT_SEAT, f"{self.names[seat]}'s seat is played by a bot.")
        if job.peer is None and seat not in self._bots:  # a bot's move sent before it stopped
            return reject(NOT_YOUR_TURN, f"No bot plays {self.names[seat]}'s seat any more.")
        if intent.version > frame.version or (
                intent.version < frame.changed_at[seat]
                and not (job.peer is not None and judged_now(self.game, frame.state))):
            if job.peer is not None:
                self._deliver(job.peer, frame.snapshots[seat])
            return reject(STALE, "The table changed before your move arrived; look again.")
        if seat not in frame.active:  # (the game's words where it has more to say)
            return reject(NOT_YOUR_TURN, why_not_now(self.game, frame.state, seat)
                          or f"It is not {self.names[seat]}'s turn.")
        return None

    # ---- applying ---------------------------------------------------------------

    def _advance(self, frame: _Frame, seat: Seat, action: Any) -> _Frame:
        """Apply ``action`` and derive every snapshot (in a worker thread when the
        previous one was slow: :data:`INLINE_BELOW`)."""
        started = _MOVE_CLOCK()
        state, events = self.game.apply(frame.state, seat, action)
        new_frame = self._build(state, frame.version + 1, tuple(events), frame)
        self._advance_cost = _MOVE_CLOCK() - started  # refusals are quick: not counted
        return new_frame

    def _build(
        self, state: Any, version: int, events: tuple[Any, ...], previous: _Frame | None
    ) -> _Frame:
        """Everything derived from ``state`` at ``version``: one snapshot per seat, and
        the spectators' when first asked for (:class:`Snapshots`), with ``events``
        projected for each."""
        game = self.game
        over = bool(game.is_over(state))
        result = game.result(state) if over else None
        active = frozenset() if over else frozenset(game.active_seats(state))
        snapshots: dict[Seat, Snapshot] = {}
        changed_at: dict[Seat, int] = {}
        names, bots, took = self.names, self.bot_kinds, self.bot_took

        view, project = game.view, game.project_event

        def snapshot(seat: Seat | None, legal: tuple[Any, ...]) -> Snapshot:
            # (positional: the fields' order in net.table.Snapshot; a third quicker)
            return Snapshot(version, seat, view(state, seat), legal, active,
                            tuple([project(event, seat) for event in events]),
                            names, bots, over, result, took)

        for seat in range(self.seats):
            legal = tuple(game.legal_actions(state, seat)) if seat in active else ()
            before = previous.snapshots[seat].legal_actions if previous is not None else None
            if before == legal:  # the same tuple again: encoders cache by identity
                changed_at[seat], legal = previous.changed_at[seat], before  # type: ignore[union-attr]
            else:
                changed_at[seat] = version
            snapshots[seat] = snapshot(seat, legal)
        waited = frozenset() if over else frozenset(awaited(game, state)) & active
        return _Frame(state, version, Snapshots(snapshots, lambda: snapshot(None, ())), changed_at,
                      over, active, result, waited, events)

    def _commit(self, frame: _Frame, applied: Applied) -> None:
        self._log.append(applied)
        self._past.append((frame.version, frame.events, timed_out(applied)))
        if applied.seat in self._took_kinds:  # a seat a bot took: what the log now shows
            took = self._takeovers()
            if took != self.bot_took:
                self.bot_took = took
                frame = attrs.evolve(frame, snapshots=frame.snapshots.evolve(bot_took=took))
        frame = self._timers.settle(frame, applied)
        self._frame = frame
        self._show(frame)
        if frame.over:
            self._over.set()
        else:
            self._wake_bots()

    def _show(self, frame: _Frame) -> None:
        """``frame``'s version to the watchers, then each peer its snapshot."""
        for listener in list(self._watchers):
            try:
                listener(frame.version)
            except Exception:
                log.exception("a watcher of version %d failed", frame.version)
        for peer in list(self._peers):
            self._deliver(peer, frame.snapshots[peer.seat])

    @staticmethod
    def _deliver(peer: Peer, snapshot: Snapshot) -> None:
        try:
            peer.deliver(snapshot)
        except Exception:
            log.exception("delivering version %d to seat %r failed", snapshot.version, peer.seat)

    # ---- bots -------------------------------------------------------------------

    def _wake_bots(self) -> None:
        if self._closed or self._worker is None:
            return
        for seat in self._frame.awaited & self._bots.keys():
            task = self._bot_tasks.get(seat)
            if task is None or task.done():
                self._bot_tasks[seat] = asyncio.create_task(
                    self._play_bot(seat), name=f"parlour-bot-{seat}"
                )

    async def _play_bot(self, seat: Seat) -> None:
        """Play ``seat`` for as long as it may act, one intent at a time.

        A bot acts while the game waits for its seat (:func:`rules.core.awaited`: a
        Zestrea Boyar who pressed Ready is not waited for). A bot that raises or whose
        choice is rejected is logged; its next try is a random legal action
        (:func:`fallback_action`). Two rejections in a row and it waits for the table to
        change.
        """
        loop = asyncio.get_running_loop()
        strikes = 0
        while True:
            snap = self._frame.snapshots[seat]
            if snap.over or seat not in self._frame.awaited or not snap.legal_actions:
                return
            started = loop.time()
            action = await self._bot_choice(seat, snap, fallback=strikes > 0)
            pause = self.bot_delay - (loop.time() - started)
            if pause > 0:
                await asyncio.sleep(pause)
            intent = Intent(action, f"bot:{seat}:{next(self._bot_ids)}", snap.version)
            outcome = await self._enqueue(None, seat, intent)
            if outcome.accepted or outcome.code == STALE:
                strikes = 0
            elif outcome.code in (GAME_OVER, CLOSED):
                return
            else:
                strikes += 1
                log.warning("%s bot at seat %d: %r rejected (%s: %s)",
                            self.bot_kinds[seat], seat, action, outcome.code, outcome.reason)
                if strikes >= 2:
                    log.error("%s bot at seat %d gave up at version %d",
                              self.bot_kinds[seat], seat, snap.version)
                    return

    async def _bot_choice(self, seat: Seat, snap: Snapshot, fallback: bool) -> Any:
        rng = self._bot_rngs[seat]
        if not fallback:
            try:
                return await asyncio.to_thread(
                    self._bots[seat].choose, snap.view, snap.legal_actions, rng
                )
            except Exception:
                log.exception("%s bot at seat %d raised; playing a random legal action",
                              self.bot_kinds[seat], seat)
        return fallback_action(self.game, snap.legal_actions, rng)
