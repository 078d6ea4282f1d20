"""The local table: seat links to an in-process :class:`~net.host.Host`, no sockets
(design.md, "Solo"). Solo and hotseat play use these; bots are seats of the host.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from typing import Any, Callable, Mapping

from rules.core import Game, Result, Seat

from .host import Host, Intent
from .table import Listener, Outcome, Snapshot

log = logging.getLogger(__name__)


class LocalSeatLink:
    """A :class:`net.table.SeatLink` for one seat (``None``: spectator) of a local host.

    Listeners are called on the event loop, in the order added, each time the host
    sends this seat a snapshot: after every applied action, and after a stale intent
    of this link's (then with an unchanged ``version``). A listener that raises is
    logged and the others still run.
    """

    def __init__(self, host: Host, seat: Seat | None) -> None:
        self.seat = seat
        self._host = host
        self._latest = host.snapshot(seat)
        self._listeners: list[Listener] = []
        self._peer = host.connect(seat, self._receive)

    def snapshot(self) -> Snapshot:
        """The latest snapshot sent to this seat."""
        return self._latest

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(snapshot)`` with each new snapshot; returns the function that
        stops it (calling it twice is harmless)."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    async def submit(self, action: Any) -> Outcome:
        """Send ``action`` with a fresh unique ``action_id``, made against the latest
        snapshot's version; returns its :class:`Outcome`. Never raises for a rejected
        action. When accepted, :meth:`snapshot` already shows the result."""
        intent = Intent(action, uuid.uuid4().hex, self._latest.version)
        return await self._host.submit(self._peer, intent)

    def close(self) -> None:
        """Stop receiving snapshots (listeners stay registered but are not called)."""
        self._host.disconnect(self._peer)

    def _receive(self, snapshot: Snapshot) -> None:
        self._latest = snapshot
        for listener in list(self._listeners):
            try:
                listener(snapshot)
            except Exception:
                log.exception(
                    "a listener of seat %r failed on version %d", self.seat, snapshot.version
                )


class LocalTable:
    """A game played on this machine (solo or hotseat): a :class:`Host` plus links.

    ``names`` gives the seat count; ``bots`` maps seat -> bot kind (a key of
    ``game.bots``), every other seat is human. ``seed`` defaults to a random one
    (kept in :attr:`seed`). ``humans`` maps each human seat to its link;
    ``spectator`` is a link that sees what a spectator sees. Raises ``ValueError``
    like :class:`Host` does.

    Use as ``async with LocalTable(...) as table:`` or call :meth:`start` /
    :meth:`stop`.
    """

    def __init__(
        self,
        game: Game,
        options: Any,
        names: tuple[str, ...],
        bots: Mapping[int, str] | None = None,
        seed: int | None = None,
        bot_delay: float = 0.6,
    ) -> None:
        bots = dict(bots or {})
        self.seed = secrets.randbits(32) if seed is None else seed
        self.host = Host(game, options, len(names), self.seed, tuple(names), bots, bot_delay)
        self.humans: dict[Seat, LocalSeatLink] = {
            seat: self.host.link(seat) for seat in range(len(names)) if seat not in bots
        }
        self.spectator = self.host.link(None)

    @property
    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""
        return self.host.result

    async def start(self) -> None:
        """Start the host (bots begin playing when it is their turn)."""
        await self.host.start()

    async def stop(self) -> None:
        """Stop the host and its bots; close every link."""
        await self.host.stop()
        for link in (*self.humans.values(), self.spectator):
            link.close()

    async def __aenter__(self) -> "LocalTable":
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()


async def start_local_game(
    game: Game,
    options: Any,
    names: tuple[str, ...],
    bots: Mapping[int, str] | None = None,
    seed: int | None = None,
    bot_delay: float = 0.6,
) -> LocalTable:
    """Build and start a :class:`LocalTable`; the caller must ``await table.stop()``."""
    table = LocalTable(game, options, names, bots, seed, bot_delay)
    await table.start()
    return table
