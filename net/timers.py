"""The host's timers: a seat the game waits for gets the situation's default when its
time runs out (design.md "net/"; Zestrea: reference §3.9, pitfall Z-7).

Game-neutral: a game with timers answers :func:`rules.core.timeouts` for a seat's
view (the option giving the timer's seconds, the situation it times, the default
action); a game without them has none, and nothing here runs. An option at 0 is off.

One timer per ``(option, situation)``: it starts when the situation first awaits a
seat (on the new frame that shows it), runs on while the situation lasts whoever acts
inside it, and is dropped when no awaited seat is in it any more; a new situation
starts a new timer. When one runs out, the default of each seat still awaited in it
goes through the host's one queue as an intent of that seat (:meth:`Host.submit`,
judged like any other: a human's intent that arrived first wins, and a human's intent
made before the default was applied is then stale), one at a time, each read from the
table as it is then, until no awaited seat is left in the situation (Zestrea's step IV
timer: every Boyar Ready, and whatever a window or prompt asks on the way). Seats
played by a bot are left to their bot.

Every snapshot carries the running timers as :class:`net.table.Countdown` entries
(the option, the seats it waits for, the deadline in unix seconds), so each table can
show the time left; the snapshots of a version whose action is a default a timer gave
name its seat (``Snapshot.timed_out``, :func:`net.table.timed_out`), so every table
says whose time ran out. Timers are not saved: a resumed game starts them again in
full (the defaults given stay in the saved log, their ids telling them).

Times come from a :class:`Clock`: the event loop's by default; tests give a manual
one, so a test never sleeps for a timer.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import TYPE_CHECKING, Any, Callable, Protocol

import attrs

from rules.core import Seat, option_specs, timeouts

from .table import TIMER_ACTION_ID, Countdown, timed_out

if TYPE_CHECKING:
    from .host import Host, _Frame

log = logging.getLogger(__name__)

__all__ = ["TIMER_ACTION_ID", "Clock", "LoopClock", "Timers"]


class Handle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """Where the timers' times come from: ``now()`` in monotonic seconds, ``wall()``
    in unix seconds (the deadlines snapshots tell), ``call_at(when, callback)``
    calls ``callback()`` once ``now()`` reaches ``when`` (a handle to cancel it)."""

    def now(self) -> float: ...
    def wall(self) -> float: ...
    def call_at(self, when: float, callback: Callable[[], None]) -> Handle: ...


class LoopClock:
    """The running event loop's clock (``loop.time()``, ``loop.call_at``)."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def wall(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle:
        return asyncio.get_running_loop().call_at(when, callback)


@attrs.define(eq=False)
class _Timer:
    option: str
    deadline: float  # on the clock's now()
    wall: float  # the same in unix seconds
    handle: Handle | None = None
    seats: frozenset[Seat] = frozenset()


def _noop(snapshot: Any) -> None:
    """A timer's peer is sent nothing (its intents' outcomes are all it needs)."""


class Timers:
    """The timers of one :class:`net.host.Host` (see the module). The host calls
    :meth:`start` once it runs, :meth:`settle` with each new frame before sending it
    (and with its first frame at start), and :meth:`stop` when it stops. ``enabled``:
    the game has timers and one of the options that say a timer's length (an
    :class:`rules.core.OptionSpec` with an ``off`` value) is on."""

    def __init__(self, host: "Host", clock: Clock | None = None) -> None:
        self.host = host
        self.clock = clock or LoopClock()
        self._timers: dict[tuple[str, Any], _Timer] = {}
        self._firing: dict[tuple[str, Any], asyncio.Task[None]] = {}
        self._running = False
        self.enabled = getattr(host.game, "timeouts", None) is not None and any(
            spec.off is not None and getattr(host.options, spec.name) != spec.off
            for spec in option_specs(type(host.options)))  # a timer is on

    def _seconds(self, option: str) -> int:
        value = getattr(self.host.options, option, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0

    def _due(self, frame: "_Frame") -> dict[tuple[str, Any], list[tuple[Seat, Any]]]:
        """Each timed situation of ``frame`` that is on, with the awaited seats in it
        and their defaults, in seat order."""
        due: dict[tuple[str, Any], list[tuple[Seat, Any]]] = {}
        if frame.over:
            return due
        for seat in sorted(frame.awaited):
            for timeout in timeouts(self.host.game, frame.snapshots[seat].view):
                if self._seconds(timeout.option):
                    due.setdefault((timeout.option, timeout.situation), []).append((seat, timeout.action))
        return due

    def settle(self, frame: "_Frame", applied: Any = None) -> "_Frame":
        """Start the timers of situations new in ``frame``, drop those it no longer
        has, give the defaults of any that already ran out, and return ``frame`` with
        the running timers in every snapshot (``frame`` itself if there are none and
        it says none). ``applied``: the log entry of the action that made ``frame``
        (:class:`net.host.Applied`); when it is a default a timer gave, every snapshot
        names its seat in ``timed_out``."""
        seat = timed_out(applied) if applied is not None else None
        if seat is not None:
            frame = attrs.evolve(frame, snapshots=frame.snapshots.evolve(timed_out=seat))
        if not self._running:
            return frame
        due = self._due(frame)
        for key in [k for k in self._timers if k not in due]:
            timer = self._timers.pop(key)
            if timer.handle is not None:
                timer.handle.cancel()
        now = None
        for key, entries in due.items():
            timer = self._timers.get(key)
            if timer is None:
                now = self.clock.now() if now is None else now
                seconds = self._seconds(key[0])
                timer = self._timers[key] = _Timer(key[0], now + seconds, self.clock.wall() + seconds)
                self._schedule(key, timer)
            elif timer.handle is None:  # ran out already: give the rest
                self._fire(key)
            timer.seats = frozenset(seat for seat, _ in entries)
        countdowns = tuple(sorted((Countdown(t.option, t.seats, round(t.wall, 3)) for t in self._timers.values()),
                                  key=lambda c: (c.deadline, c.option)))
        if countdowns == frame.snapshots[0].timers:  # (as in every snapshot; seat 0 is at every table)
            return frame
        return attrs.evolve(frame, snapshots=frame.snapshots.evolve(timers=countdowns))

    def start(self) -> None:
        """Start counting (the host runs): from now on :meth:`settle` starts timers."""
        self._running = self.enabled

    def stop(self) -> None:
        """Stop every timer and any default being given."""
        self._running = False
        for timer in self._timers.values():
            if timer.handle is not None:
                timer.handle.cancel()
        self._timers.clear()
        for task in self._firing.values():
            task.cancel()
        self._firing.clear()

    def _schedule(self, key: tuple[str, Any], timer: _Timer) -> None:
        def ran_out() -> None:
            timer.handle = None
            if self._timers.get(key) is timer:
                self._fire(key)

        timer.handle = self.clock.call_at(timer.deadline, ran_out)

    def _fire(self, key: tuple[str, Any]) -> None:
        task = self._firing.get(key)
        if self._running and (task is None or task.done()):
            self._firing[key] = asyncio.get_running_loop().create_task(self._give(key), name="parlour-timer")

    async def _give(self, key: tuple[str, Any]) -> None:
        """Submit the default of each seat still awaited in the situation ``key``, one
        at a time through the host's queue, until none is left (a seat whose default
        was refused at a version is not tried again at that version)."""
        host = self.host
        tried: set[tuple[Seat, int]] = set()
        try:
            while self._running:
                frame = host._frame
                pending = [(seat, action) for seat, action in self._due(frame).get(key, ())
                           if host.bot_kinds[seat] is None and (seat, frame.version) not in tried]
                if not pending:
                    return
                seat, action = pending[0]
                tried.add((seat, frame.version))
                outcome = await host.submit(_peer(seat), _intent(action, frame.version))
                if not outcome.accepted:
                    log.info("timer %s: seat %d's default %r refused (%s)", key[0], seat, action, outcome.code)
        finally:
            if self._firing.get(key) is asyncio.current_task():
                del self._firing[key]


def _intent(action: Any, version: int) -> Any:
    from .host import Intent  # host.py builds on this module

    return Intent(action, f"{TIMER_ACTION_ID}{uuid.uuid4().hex}", version)


def _peer(seat: Seat) -> Any:
    from .host import Peer

    return Peer(seat, _noop)
