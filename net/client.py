"""The remote table: a :class:`net.table.SeatLink` over websockets, plus the lobby
(docs/protocol.md). What the TUI's join, lobby and table screens talk to.

::

    link = RemoteSeatLink("ws://192.168.1.20:7531", "Ann", GAME)
    await link.connect()                 # raises JoinError with a readable reason
    link.on_event(print)                 # lobby state, chat, presence, notices ...
    await link.say("/join")              # or "hello all"; LobbyError for a bad line
    link.listen(redraw)                  # snapshots, once the game has started
    outcome = await link.submit(action)  # Outcome; code "offline" when not connected
    await link.close()

Snapshots come whole the first time and then, one version at a time, as ``update``
frames (what changed; the hello says ``updates``); an update that does not follow the
snapshot held (a frame replaced in a slow connection's queue) makes the link ask for a
``sync``, and the whole snapshot comes again.

It reconnects by itself after a dropped connection (backoff ``reconnect_delays``),
says hello with its seat token and last version, and gets its seat and a fresh
snapshot back; intents still waiting for an answer are sent again with the same
``action_id`` (the host never applies one twice). :attr:`status` tells the TUI
whether it is ``connecting``, ``connected``, ``reconnecting`` or ``closed`` (with the
reason); moves are refused while not ``connected`` (no optimistic moves).

At a relay, a room whose table lost its connection to the relay (the relay restarted)
is gone until the table opens it again with the same code: the relay then says "no
room with that code" (``NO_ROOM``). A link that was in that room keeps trying it for
``room_wait`` seconds, ``reconnecting`` meanwhile, before it gives up.

The game can change in the lobby (``/option cardgame on`` turns a Zatre table into
Zatre: Das Kartenspiel): a ``welcome`` or ``lobby`` frame naming another game of
``rules.registry`` switches :attr:`RemoteSeatLink.game` and the codec before that
frame is read, so the lobby state's options and every later snapshot are the new
game's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any, Callable, Iterator

import attrs
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from rules import registry
from rules.core import Game

from . import closecodes as cc
from .codec import ProtocolError, codec_for
from .kinds import NOT_AN_ACTION, kind_refusal
from .lobby import LobbyError, parse_line
from .protocol import (
    MAX_HOST_FRAME,
    SUBPROTOCOL,
    Command,
    ErrorMsg,
    GameOver,
    Hello,
    HistoryMsg,
    IntentMsg,
    Leave,
    LobbyState,
    OutcomeMsg,
    SnapshotMsg,
    SyncRequest,
    UpdateMsg,
    Welcome,
)
from .socket_words import reach_problem
from .table import HISTORY_VERSIONS, History, Listener, Outcome, Past, Snapshot

log = logging.getLogger(__name__)

OFFLINE = "offline"
"""Outcome code: the intent was not sent (or not answered) because the link is down."""
NOT_STARTED = "not-started"


class JoinError(Exception):
    """The table could not be joined; ``str(error)`` says why in a sentence.

    ``code``: the table's close code (net.closecodes, e.g. ``BAD_TOKEN``) when it
    closed the connection, ``None`` when it was not reached or did not answer;
    ``reason``: the sentence (the close reason, or what failed)."""

    def __init__(self, reason: str, code: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


@attrs.frozen
class LinkStatus:
    """``state``: ``connecting``, ``connected``, ``reconnecting`` or ``closed``;
    ``reason`` a sentence for the player (why it closed, what failed); ``code`` the
    close code if there was one; ``attempt`` reconnection attempts so far."""

    state: str
    reason: str = ""
    code: int | None = None
    attempt: int = 0

    @property
    def online(self) -> bool:
        return self.state == "connected"


def default_delays(first: float = 0.5, factor: float = 1.6, most: float = 10.0) -> Iterator[float]:
    """Backoff delays in seconds: ``0.5, 0.8, 1.28 ...`` up to ``most``."""
    delay = first
    while True:
        yield delay
        delay = min(most, delay * factor)


def table_url(address: str) -> str:
    """``"host:port"`` or ``"ws://host:port"`` -> a websocket URL; ``ValueError`` if
    it is neither."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{address!r} is not host:port (e.g. 192.168.1.20:7531)")
    return f"ws://{host}:{port}"


class RemoteSeatLink:
    """One player's connection to a remote table.

    ``url``: ``ws://host:port`` (see :func:`table_url`); ``name``: the player's name;
    ``game``: the game played there (for decoding its views and actions; it follows
    the table's ``welcome`` and ``lobby`` frames when a table variant changes it);
    ``token``: a seat token from an earlier connection to this table; ``host_key``:
    the table's host key (host commands); ``room``: the room code at a relay;
    ``open_timeout``: seconds per connection attempt; ``reconnect_delays``: a
    function giving the backoff delays; ``answer_timeout``: seconds :meth:`submit`
    waits for an outcome while connected; ``room_wait``: seconds a link keeps trying
    its room code after the relay says the room is not open (its table is reopening it).
    """

    def __init__(
        self,
        url: str,
        name: str,
        game: Game,
        *,
        token: str | None = None,
        host_key: str | None = None,
        room: str | None = None,
        open_timeout: float = 10.0,
        reconnect_delays: Callable[[], Iterator[float]] = default_delays,
        answer_timeout: float = 60.0,
        room_wait: float = 300.0,
    ) -> None:
        self.url = url
        self.name = name
        self.game = game
        self.token = token
        self.host_key = host_key
        self.room = room
        self.open_timeout = open_timeout
        self.reconnect_delays = reconnect_delays
        self.answer_timeout = answer_timeout
        self.room_wait = room_wait
        self._room_missing_since: float | None = None
        self.codec = codec_for(game)
        self.seat: int | None = None
        self.bot_took_seat = False
        """A bot plays the seat this link had: the table let it in to watch and kept its
        token (a ``welcome`` with no seat but a token), which it offers on every
        reconnect, so that the host can still give the seat back (``/seat N NAME``)."""
        self.is_host = False
        self.lobby: LobbyState | None = None
        self.game_over: GameOver | None = None
        self.status = LinkStatus("connecting")
        self._latest: Snapshot | None = None
        self.history: History | None = None
        """The events of the versions before the latest snapshot as this seat saw them:
        the latest ``history`` frame's (a join, a rejoin, a sync), with each snapshot
        received since in a row added (:meth:`_keep_past`); ``None`` before one came."""
        self._listeners: list[Listener] = []
        self._event_listeners: list[Callable[[Any], None]] = []
        self._status_listeners: list[Callable[[LinkStatus], None]] = []
        self._pending: dict[str, tuple[asyncio.Future[Outcome], IntentMsg]] = {}
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        self._welcomed: asyncio.Future[None] | None = None
        self._closing = False
        self._resync = False  # a sync was asked for after a missed update; no second until a snapshot

    # ---- SeatLink ----

    def snapshot(self) -> Snapshot:
        """The latest snapshot for this seat; ``LookupError`` before the game starts."""
        if self._latest is None:
            raise LookupError("no snapshot yet: the game has not started")
        return self._latest

    @property
    def has_snapshot(self) -> bool:
        return self._latest is not None

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(snapshot)`` with each new snapshot; returns the stopper."""
        return _add(self._listeners, listener)

    async def submit(self, action: Any) -> Outcome:
        """Send ``action`` made against the latest snapshot; its :class:`Outcome`.

        Not connected, or the link closes before an answer: ``Outcome(code="offline")``.
        An answer lost to a dropped connection is asked again after reconnecting. Not a
        move (an :class:`rules.core.ActionKind`, or a value the codec cannot write as the
        game's action): refused at once, nothing sent (``net.kinds.NOT_AN_ACTION``).
        """
        action_id = uuid.uuid4().hex
        if not self.status.online or self._ws is None:
            return Outcome(action_id, False, OFFLINE, "Not connected to the table.")
        if self._latest is None:
            return Outcome(action_id, False, NOT_STARTED, "The game has not started.")
        message = IntentMsg(action_id=action_id, version=self._latest.version, action=action)
        refusal = kind_refusal(action)
        if refusal is None:
            try:
                frame = self.codec.encode(message)
            except Exception as exc:  # not a move of this game: nothing to send
                refusal = f"That is not a move of {self.game.name} ({type(exc).__name__}: {exc})."
        if refusal is not None:
            return Outcome(action_id, False, NOT_AN_ACTION, refusal[:2000])
        answer: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._pending[action_id] = (answer, message)
        try:
            await self._send_frame(frame)
            return await asyncio.wait_for(asyncio.shield(answer), self.answer_timeout)
        except TimeoutError:
            return Outcome(action_id, False, OFFLINE, "The table did not answer in time.")
        finally:
            self._pending.pop(action_id, None)

    # ---- lobby ----

    def on_event(self, listener: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``listener(message)`` with every message other than snapshots and
        outcomes: ``Welcome``, ``LobbyState``, ``ChatLine``, ``Presence``, ``Notice``,
        ``ErrorMsg``, ``GameOver`` (net.protocol). Returns the stopper."""
        return _add(self._event_listeners, listener)

    def on_status(self, listener: Callable[[LinkStatus], None]) -> Callable[[], None]:
        """Call ``listener(status)`` on each change of :attr:`status`."""
        return _add(self._status_listeners, listener)

    async def say(self, line: str) -> None:
        """Send a typed lobby line: a ``/command`` or chat (net.lobby.parse_line).

        Raises :class:`~net.lobby.LobbyError` for a line that is no command, and for
        any line while not connected. ``/join N`` carries this link's seat token.
        """
        message = parse_line(line)
        if isinstance(message, Command) and message.name == "join" and self.token:
            message = attrs.evolve(message, token=self.token)
        if not self.status.online:
            raise LobbyError("Not connected to the table.")
        await self._send(message)

    async def command(self, name: str, *args: str) -> None:
        """Send a lobby command (``command("bot", "add", "easy")``)."""
        await self.say(" ".join((f"/{name}", *args)))

    async def sync(self) -> None:
        """Ask the table for the lobby state and snapshot again."""
        await self._send(SyncRequest())

    # ---- lifecycle ----

    async def connect(self) -> None:
        """Connect and say hello; returns once welcomed, then keeps the connection up
        (reconnecting as needed) until :meth:`close`.

        Raises :class:`JoinError` if the first attempt fails: unreachable, refused,
        wrong room code, bad token, no answer within ``open_timeout``.
        """
        loop = asyncio.get_running_loop()
        self._welcomed = loop.create_future()
        ws = await self._open_first()
        self._task = asyncio.create_task(self._run(ws), name=f"parlour-link-{self.name}")
        done, _ = await asyncio.wait({self._welcomed, self._task}, timeout=self.open_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if self._welcomed.done() and self._welcomed.exception() is None:
            return
        if self.status.state == "closed":  # the table closed it: keep its code and reason
            failed = JoinError(self.status.reason, self.status.code)
        else:
            failed = JoinError("The table did not answer.")
            self._set_status(LinkStatus("closed", failed.reason))
        await self.close()
        raise failed

    async def close(self) -> None:
        """Leave quietly (the seat is held as after a drop) and stop reconnecting."""
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self.status.state != "closed":  # a close code and reason already there stay
            self._set_status(LinkStatus("closed", "You closed the connection."))
        self._fail_pending()

    async def leave(self) -> None:
        """Give the seat up for good and close (the table answers with ``LEFT``)."""
        if self.status.online:
            try:
                await self._send(Leave())
            except ConnectionClosed:
                pass
        await self.close()

    # ---- internals ----

    async def _dial(self) -> ClientConnection:
        return await connect(
            self.url,
            subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
            max_size=MAX_HOST_FRAME,
            open_timeout=self.open_timeout,
            compression=None,
        )

    async def _open_first(self) -> ClientConnection:
        try:
            ws = await self._dial()
        except InvalidStatus as exc:
            raise JoinError(f"The table refused the connection (HTTP {exc.response.status_code}).") from None
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            raise JoinError(f"Could not reach a table at {self.url}: {reach_problem(exc)}.") from None
        return ws

    async def _run(self, ws: ClientConnection | None) -> None:
        """Keep a connection up: a first reconnect at once, then with backoff."""
        delays: Iterator[float] | None = None
        attempt = 0
        while not self._closing:
            if ws is None:
                try:
                    ws = await self._dial()
                except (OSError, InvalidHandshake, TimeoutError) as exc:
                    attempt += 1
                    self._set_status(LinkStatus("reconnecting", f"Reconnecting: {exc}", attempt=attempt))
                    delays = delays or self.reconnect_delays()
                    await asyncio.sleep(next(delays))
                    continue
            self._session_ok = False
            code, reason = await self._session(ws)
            ws = None
            if self._closing:
                return
            welcomed = self._welcomed is not None and self._welcomed.done()
            if code == cc.NO_ROOM and welcomed and self._room_reopening():
                attempt += 1
                self._set_status(LinkStatus(
                    "reconnecting", f"Room {self.room} is not open at the relay: waiting for its table to "
                                    "reopen it…", code, attempt))
                delays = delays or self.reconnect_delays()
                await asyncio.sleep(next(delays))
                continue
            if code == cc.NO_ROOM and welcomed and self.room is not None:
                reason = (f"Room {self.room} did not open again at the relay within "
                          f"{self.room_wait:g} seconds: its table has gone.")
            if code in cc.FINAL or not welcomed:
                reason = reason or cc.NAMES.get(code or 0, "The table closed the connection.")
                self._set_status(LinkStatus("closed", reason, code))
                self._fail_pending()
                if self._welcomed is not None and not self._welcomed.done():
                    self._welcomed.set_exception(JoinError(reason, code))
                    self._welcomed.exception()  # retrieved: connect() reports it
                return
            if self._session_ok:
                attempt, delays = 0, None
            attempt += 1
            self._set_status(LinkStatus("reconnecting", "Connection lost; reconnecting…", code, attempt))
            if attempt > 1:
                delays = delays or self.reconnect_delays()
                await asyncio.sleep(next(delays))

    _session_ok = False

    def _room_reopening(self) -> bool:
        """Whether a room missing at the relay may still reopen: this link has a room
        code and has not waited ``room_wait`` seconds for it yet."""
        if self.room is None:
            return False
        now = asyncio.get_running_loop().time()
        if self._room_missing_since is None:
            self._room_missing_since = now
        return now - self._room_missing_since < self.room_wait

    async def _session(self, ws: ClientConnection) -> tuple[int | None, str]:
        """One connection: hello, then frames until it closes. Returns the close code
        and reason."""
        self._ws = ws
        offer = self.seat is not None or self._latest is None or self.bot_took_seat
        seat_token = self.token if offer else None
        hello = Hello(
            name=self.name[:24] or "Player", token=seat_token, host_key=self.host_key,
            last_version=self._latest.version if self._latest else None, room=self.room,
            updates=True,
        )
        self._resync = False
        try:
            await ws.send(self.codec.encode(hello))
            async for frame in ws:
                try:
                    message = self._decode(frame)
                except ProtocolError as exc:
                    log.warning("the table sent a bad frame: %s", exc.reason)
                    continue
                await self._handle(message)
        except ConnectionClosed:
            pass
        finally:
            self._ws = None
        return ws.close_code, ws.close_reason or ""

    def _decode(self, frame: str | bytes) -> Any:
        """A frame from the table, read for the game it names when it is a
        ``welcome`` or ``lobby`` frame of another game (:meth:`_follow`)."""
        try:
            message = self.codec.decode_host(frame)
        except ProtocolError:
            if not self._follow(frame):
                raise
            return self.codec.decode_host(frame)
        if isinstance(message, (Welcome, LobbyState)) and message.game and message.game != self.game.name:
            if self._follow(frame):
                return self.codec.decode_host(frame)
        return message

    def _follow(self, frame: str | bytes) -> bool:
        """Switch :attr:`game` and the codec to the game a ``welcome`` or ``lobby``
        ``frame`` names, if that is another game Parlour has; whether it did."""
        try:
            data = json.loads(frame)
        except (ValueError, TypeError, RecursionError):
            return False
        if type(data) is not dict or data.get("kind") not in ("welcome", "lobby"):
            return False
        name = data.get("game")
        game = registry.GAMES.get(name) if isinstance(name, str) else None
        if game is None or game is self.game:
            return False
        log.info("the table now plays %s", name)
        self.game, self.codec = game, codec_for(game)
        return True

    def _keep_past(self, snap: Snapshot) -> None:
        """``snap`` replaces the latest snapshot: if it is the next version and the latest
        is the one :attr:`history` ends before, the latest's events join the history
        (the last :data:`~net.table.HISTORY_VERSIONS` kept)."""
        history, latest = self.history, self._latest
        if (history is None or latest is None or latest.seat != history.seat or snap.seat != latest.seat
                or latest.version != history.until + 1 or snap.version != latest.version + 1):
            return
        past = (*history.past, Past(latest.version, latest.events, latest.timed_out))[-HISTORY_VERSIONS:]
        self.history = History(history.seat, past[0].version - 1, past)

    async def _handle(self, message: Any) -> None:
        if isinstance(message, HistoryMsg):
            self.history = History(message.seat, message.left_out, tuple(
                Past(p.version, p.events, p.timed_out) for p in message.past))
            return
        if isinstance(message, SnapshotMsg):
            snap = Snapshot(
                version=message.version, seat=message.seat, view=message.view,
                legal_actions=message.legal_actions, active_seats=message.active_seats,
                events=message.events, names=message.names, bots=message.bots,
                over=message.over, result=message.result, bot_took=message.bot_took,
                timers=message.timers, timed_out=message.timed_out,
            )
            self._resync = False
            if self._latest is None or snap.version >= self._latest.version or snap.seat != self._latest.seat:
                self._keep_past(snap)
                self._latest = snap
                _call(self._listeners, snap)
            return
        if isinstance(message, UpdateMsg):
            latest = self._latest
            if latest is not None and latest.version == message.base and latest.seat == message.seat:
                try:
                    snap = apply_update(latest, message)
                except (ValueError, TypeError) as exc:
                    log.warning("the table sent an update that does not apply: %s", exc)
                else:
                    self._keep_past(snap)
                    self._latest = snap
                    _call(self._listeners, snap)
                    return
            elif latest is not None and message.version <= latest.version and latest.seat == message.seat:
                return  # older than what this link holds already
            if not self._resync:  # missed a change (a newer frame replaced it): the whole snapshot
                self._resync = True
                try:
                    await self._send(SyncRequest())
                except ConnectionClosed:
                    pass
            return
        if isinstance(message, OutcomeMsg):
            entry = self._pending.get(message.action_id)
            if entry is not None and not entry[0].done():
                entry[0].set_result(Outcome(message.action_id, message.accepted, message.code, message.reason))
            return
        if isinstance(message, Welcome):
            first = self._welcomed is not None and not self._welcomed.done()
            # sent on every seat change (/join, /leave, /start closing seats up, a kick):
            # a null token with a seat keeps the one this seat already has; no seat but a
            # token: a bot plays the seat now, and the token may get it back (/seat)
            self.seat, self.is_host, self.name = message.seat, message.host, message.name
            self.bot_took_seat = message.seat is None and message.token is not None
            if message.token is not None:
                self.token = message.token
            elif message.seat is None and not (self.lobby and self.lobby.started):
                self.token = None
            if not self.status.online:
                self._set_status(LinkStatus("connected"))
                await self._resend_pending()
            self._session_ok = True
            self._room_missing_since = None
            if first and self._welcomed is not None:
                self._welcomed.set_result(None)
        elif isinstance(message, LobbyState):
            self.lobby = message
        elif isinstance(message, GameOver):
            self.game_over = message
        elif isinstance(message, ErrorMsg):
            log.info("the table says %s: %s", message.code, message.message)
        _call(self._event_listeners, message)

    async def _resend_pending(self) -> None:
        for _, message in list(self._pending.values()):
            try:
                await self._send(message)
            except ConnectionClosed:
                return

    async def _send(self, message: Any) -> None:
        await self._send_frame(self.codec.encode(message))

    async def _send_frame(self, frame: str) -> None:
        ws = self._ws
        if ws is None:
            raise ConnectionClosed(None, None)
        await ws.send(frame)

    def _fail_pending(self) -> None:
        for action_id, (answer, _) in list(self._pending.items()):
            if not answer.done():
                answer.set_result(Outcome(action_id, False, OFFLINE, "The connection to the table closed."))

    def _set_status(self, status: LinkStatus) -> None:
        if status != self.status:
            self.status = status
            _call(self._status_listeners, status)


def apply_update(snapshot: Snapshot, update: UpdateMsg) -> Snapshot:
    """The snapshot ``update`` makes of ``snapshot`` (docs/protocol.md, "Updates"):
    its view with the changed fields replaced, the grown ones extended and the inserted
    items put in their places, the other
    fields replaced where the update carries them. Raises ``ValueError`` when
    ``snapshot`` is not the update's base (another version or seat: ask for a ``sync``)
    or the new view is not valid (its own validators) or an insert's index does not fit,
    ``TypeError`` for a field that cannot grow."""
    if snapshot.version != update.base or snapshot.seat != update.seat:
        raise ValueError(f"the update is from version {update.base}, not {snapshot.version}")
    view = snapshot.view
    changes = dict(update.view)  # type: ignore[call-overload]
    for name, items in update.tails.items():  # type: ignore[attr-defined]
        changes[name] = getattr(view, name) + items
    for name, pairs in update.inserts.items():  # type: ignore[attr-defined]
        changes[name] = _with_inserts(getattr(view, name), pairs)
    return Snapshot(
        version=update.version, seat=update.seat, view=attrs.evolve(view, **changes) if changes else view,
        legal_actions=snapshot.legal_actions if update.legal_actions is None else update.legal_actions,
        active_seats=snapshot.active_seats if update.active_seats is None else update.active_seats,
        events=update.events, names=snapshot.names,
        bots=snapshot.bots if update.bots is None else update.bots,
        over=update.over, result=update.result, bot_took=snapshot.bot_took,
        timers=snapshot.timers if update.timers is None else update.timers,
        timed_out=update.timed_out,
    )


def _with_inserts(items: tuple, pairs: tuple) -> tuple:
    """``items`` with each ``(index, item)`` of ``pairs`` inserted, ``index`` its place
    in the result. Raises ``ValueError`` for indexes not increasing or past the end."""
    total = len(items) + len(pairs)
    out: list = []
    rest = iter(items)
    for index, item in pairs:
        if not len(out) <= index < total:
            raise ValueError(f"an insert at {index} does not fit a list of {total}")
        while len(out) < index:
            out.append(next(rest))
        out.append(item)
    out.extend(rest)
    return tuple(out)


def _add(listeners: list, listener: Callable) -> Callable[[], None]:
    listeners.append(listener)

    def stop() -> None:
        if listener in listeners:
            listeners.remove(listener)

    return stop


def _call(listeners: list, value: Any) -> None:
    for listener in list(listeners):
        try:
            listener(value)
        except Exception:
            log.exception("a listener failed on %s", type(value).__name__)
