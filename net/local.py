"""The local table: seat links to an in-process :class:`~net.host.Host`, no sockets
(design.md, "Solo"). Solo and hotseat play use these; bots are seats of the host.
A local game is saved after every action like a hosted one (net/saves.py, in the
``local`` saves folder), so it can be continued and replayed.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from pathlib import Path
from typing import Any, Callable, Mapping

from rules.core import Game, Result, Seat

from . import saves
from .codec import codec_for
from .host import Host, Intent
from .kinds import NOT_AN_ACTION, kind_refusal
from .table import History, Listener, Outcome, Snapshot

log = logging.getLogger(__name__)


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """Which write of ``path`` is on disk: ``(inode, mtime in ns, size)`` (every save
    replaces the file, so a new write is a new stamp); ``None`` while there is none
    (or it cannot be looked at)."""
    try:
        st = path.stat()
    except OSError:  # (no file; or a file where its folder should be: the write says why)
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def moved_on_text(path: Path) -> str:
    """Why a local game is no longer saved: another Parlour window continued it (saved
    it at another move) or took it off the menu (player-tester 3, item 11: two windows
    continuing one game overwrote each other's moves)."""
    try:
        version = saves.read(path)[0].version
    except saves.SaveError:
        return ("Another Parlour window moved or changed this game's save, so this window no "
                "longer saves it: leave, and look for it in the menu.")
    return (f"Another Parlour window went on with this game (saved there at move {version}), so "
            "this window no longer saves it, keeping that window's moves: leave, and continue it "
            "from the menu.")

DEFAULT_BOT_DELAY = 0.6
"""Seconds a bot's move takes at least, when a save does not say (as :class:`Host`)."""


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

    @property
    def history(self) -> History:
        """The events of the versions before :meth:`snapshot`'s as this seat saw them
        (:meth:`net.host.Host.history`), as a LAN link's ``history`` holds them: a table
        that starts listening after bots have already moved (a solo game at instant pace,
        a game continued) still logs the whole game. Player-tester 3, item 1."""
        return self._host.history(self.seat, before=self._latest.version)

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
        action (an :class:`rules.core.ActionKind` is refused at once: ``NOT_AN_ACTION``).
        When accepted, :meth:`snapshot` already shows the result."""
        action_id = uuid.uuid4().hex
        refusal = kind_refusal(action)
        if refusal is not None:
            return Outcome(action_id, False, NOT_AN_ACTION, refusal)
        return await self._host.submit(self._peer, Intent(action, action_id, self._latest.version))

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

    ``save_to``: the file the game is saved to after every action from the first on
    (design.md: local games are saved like hosted ones; ``None``: not saved), with
    ``bot_delay`` as its ``pace``. A failed save raises nothing: :attr:`save_problem`
    says why (``""`` once a save works again) and :meth:`on_save_problem` listeners
    hear each change; the next action saves again. :meth:`resume` continues a save.
    The save is held (:class:`net.saves.SaveLock`, so that no other Parlour window plays
    the same game) from its first write, or from :meth:`resume`, until :meth:`stop`.

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
        save_to: Path | None = None,
    ) -> None:
        bots = dict(bots or {})
        self.seed = secrets.randbits(32) if seed is None else seed
        self._attach(Host(game, options, len(names), self.seed, tuple(names), bots, bot_delay), save_to)

    @classmethod
    def resume(cls, path: Path) -> "LocalTable":
        """The local game saved in ``path``, at its last saved move, with its bots,
        human seats, options and pace; it goes on saving to ``path``. Raises
        :class:`net.saves.SaveError` for a file that is not a usable save, or the
        save of a hosted game (that one resumes with ``parlour host --resume``), or one
        open in another Parlour process (:func:`net.saves.open_elsewhere_text`: its
        :class:`net.saves.SaveLock` is taken before the file is read, and held until
        :meth:`stop`)."""
        lock = saves.SaveLock(path, local=True)
        lock.take()
        try:
            data, game = saves.read(path)
            if not data.local:
                raise saves.SaveError(f"{path} is a hosted game's save: continue it with parlour host --resume.")
            host = saves.rebuild(data, game, data.pace if data.pace is not None else DEFAULT_BOT_DELAY)
        except BaseException:
            lock.release()
            raise
        table = cls.__new__(cls)
        table.seed = data.seed
        table._attach(host, Path(path), lock)
        return table

    def _attach(self, host: Host, save_to: Path | None, lock: saves.SaveLock | None = None) -> None:
        self.host = host
        self.save_to = save_to
        self._lock = lock or (saves.SaveLock(save_to, local=True) if save_to is not None else None)
        self.save_problem = ""
        self._save_listeners: list[Callable[[str], None]] = []
        self.humans: dict[Seat, LocalSeatLink] = {
            seat: host.link(seat) for seat in range(host.seats) if host.bot_kinds[seat] is None
        }
        self.spectator = host.link(None)
        self._saved_at = host.version
        self._on_disk = _stamp(save_to) if save_to is not None else None  # (what we wrote or read)
        self._unwatch = host.watch(self._committed) if save_to is not None else None

    @property
    def saved(self) -> bool:
        """Whether the game is in its save file: a move of it was saved, or it was
        continued from that file. ``False`` before the first move of a new game, when
        nothing is written yet (tester 7, finding 3: leaving then said "It is saved")."""
        return self._on_disk is not None

    @property
    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""
        return self.host.result

    @property
    def kind(self) -> str:
        """``"Solo game"``, ``"Hotseat game"`` (two or more humans) or ``"Bots' game"``:
        the table's name in its save (``parlour replay`` shows it)."""
        return ("Bots' game", "Solo game")[len(self.humans)] if len(self.humans) < 2 else "Hotseat game"

    def on_save_problem(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener(save_problem)`` whenever :attr:`save_problem` changes;
        returns the function that stops it."""
        self._save_listeners.append(listener)

        def stop() -> None:
            if listener in self._save_listeners:
                self._save_listeners.remove(listener)

        return stop

    def _committed(self, version: int) -> None:
        if version != self._saved_at or self.save_problem:
            self.save()

    def save(self) -> None:
        """Write the game to :attr:`save_to` now (after every action it is done anyway),
        unless the file there is no longer the one this table last wrote or read (another
        window continued the game): then nothing is written and :attr:`save_problem`
        says so."""
        host = self.host
        if self.save_to is None:
            return
        if _stamp(self.save_to) != self._on_disk:  # another window wrote (or moved) it: keep that
            log.warning("not saving %s: another window changed it", self.save_to)
            problem = moved_on_text(self.save_to)
        else:
            try:
                codec = codec_for(host.game)
                data = saves.snapshot_of(host, self.kind, (None,) * host.seats, codec,
                                         local=True, pace=host.bot_delay)
                if self._lock is not None:
                    self._lock.take()
                saves.write(self.save_to, data, codec)
                self._on_disk = _stamp(self.save_to)
            except Exception as exc:
                log.exception("saving the local game to %s failed", self.save_to)
                problem = saves.failure_notice("Parlour", host.version, exc)
            else:
                self._saved_at, problem = host.version, ""
        if problem != self.save_problem:
            self.save_problem = problem
            for listener in list(self._save_listeners):
                try:
                    listener(problem)
                except Exception:
                    log.exception("a save listener failed")

    async def start(self) -> None:
        """Start the host (bots begin playing when it is their turn); if that fails,
        the save is let go (as :meth:`stop` does) and the error raised."""
        try:
            await self.host.start()
        except BaseException:
            self.release()
            raise

    async def stop(self) -> None:
        """Stop the host and its bots; close every link. A save that failed is tried
        once more first (nothing later would retry it). Then the save is let go
        (:meth:`release`), even if stopping failed."""
        try:
            await self.host.stop()
            if self.save_problem:
                self.save()
            for link in (*self.humans.values(), self.spectator):
                link.close()
            if self._unwatch is not None:
                self._unwatch()
        finally:
            self.release()

    def release(self) -> None:
        """Let go of the save (its :class:`net.saves.SaveLock`), so that another window,
        or this one again, can continue the game; :meth:`stop` does it."""
        if self._lock is not None:
            self._lock.release()

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
    save_to: Path | None = None,
) -> LocalTable:
    """Build and start a :class:`LocalTable`; the caller must ``await table.stop()``."""
    table = LocalTable(game, options, names, bots, seed, bot_delay, save_to)
    await table.start()
    return table
