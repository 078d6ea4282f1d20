"""The table server: a :class:`~net.host.Host` plus a :class:`~net.lobby.Lobby` plus
seats, speaking the wire protocol to players through a relay room (docs/protocol.md).

:class:`Table` is a :class:`net.relay.RoomHost`: the relay (in-process, or remote
through :class:`net.relay.RelayLink`) tells it about connections and frames, and it
answers through the room's :class:`net.relay.RoomPort`. It never raises into the
relay: a malformed frame gets an ``error`` message (several: a ``BAD_FRAME`` close),
a flood of chat or intents an ``error`` and then a ``FLOOD`` close.

What reaches whom: each connection gets only its own seat's snapshots (a spectator's
when not seated); one that said ``updates`` in its hello gets, after a whole snapshot,
each next version as an ``update`` (what changed: docs/protocol.md, "Updates"); a seat
token only ever goes to the connection that owns the seat, in its ``welcome``; the RNG, the full state and other seats' views never leave the host.
Logs name connections by number and seat, never tokens or frame contents.
A seat token is checked before the table's connection caps and always gets its seat
back (:class:`Limits`: watchers have their own cap, and the newest gives way).

Watchers' comings and goings during a game are gathered over :data:`WATCHERS_FOLD`
seconds into one ``notice`` (``"12 watchers came and went."``), so a burst of them does
not bury the chat; in the lobby each arrival and leaving is told as it happens.

Seats during a game: a dropped player's seat is held for ``grace`` seconds (everyone
is sent a ``presence`` with the deadline); a ``hello`` with the seat's token within or
after it restores the seat and sends a snapshot. After the grace period the seat stays
held and the host decides: wait, ``/bot seat N easy|strong``, or ``/end``. A player
whose seat went to a bot comes back with its token to watch (``welcome`` with no seat
but their token, and a ``notice`` saying so); ``/seat N NAME`` gives it back. In the lobby
a dropped seat is held for ``grace`` too, then freed; its token then brings its player
back unseated (not refused). Every change of a connection's seat is told to it with a
``welcome`` (``/start`` closing the seats up included).

The game played is the lobby's: a table variant (``/option cardgame on``) or
:meth:`Table.set_game` switches it before the start, and with it the codec for game
payloads; ``/start`` then starts a :class:`~net.host.Host` of the lobby's game.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from typing import Any, Callable, Mapping

import attrs

from rules.core import Game

from . import closecodes as cc
from . import lobby as lb
from .codec import ProtocolError, SnapshotEncoder, codec_for, encode_outcome
from .host import Host, Intent, Peer
from .protocol import (
    ChatLine,
    Command,
    ErrorMsg,
    GameOver,
    Hello,
    HistoryMsg,
    IntentMsg,
    Leave,
    Notice,
    MAX_HOST_FRAME,
    OutcomeMsg,
    PastEvents,
    Presence,
    Say,
    SyncRequest,
    Welcome,
    clean_chat,
)
from .relay import RoomPort, TokenBucket
from .saves import failure_notice
from .table import Outcome, Snapshot

log = logging.getLogger(__name__)

UNKNOWN_TOKEN = "This table does not know your seat token: join again to watch, and ask the host for your seat."
"""The close reason of a hello whose seat token the table does not know."""

_SEAT_CHANGES = (lb.Seated, lb.Unseated, lb.Replaced, lb.BotTakesSeat, lb.PlayerTakesSeat, lb.SeatBack)
"""Lobby effects that change who holds a seat during a game: each is saved at once
(player-tester 6, finding 3: a seat given back with ``/seat`` was unknown after a resume)."""

NOT_STARTED = "not-started"
"""Outcome code: an intent arrived before the game started."""
FLOOD = "flood"
"""Outcome and error code: over the connection's rate limit."""
BAD_FRAME = "bad-frame"
"""Error code: a malformed frame; also the outcome code of a malformed intent whose
``action_id`` could be read (every intent gets its one answer)."""


WATCHERS_FOLD = 1.0
"""Seconds over which watchers' comings and goings during a game are gathered into one
``notice`` (tester 23, finding 7: twelve watchers made 24 lines of chat)."""


@attrs.define
class _WatcherNews:
    """A watcher's part in the next folded notice: its ``name``, its connection
    (``conn``), whether it ``came`` and whether it ``went`` meanwhile."""

    name: str
    conn: int
    came: bool = False
    went: bool = False


def watchers_text(news: Any) -> str:
    """One line for watchers' comings and goings (:class:`_WatcherNews`, in order):
    ``"Cy joined the table."``, ``"Cy and Di came and went."``, ``"12 watchers came and
    went; Ed left the table."`` (names up to three, else how many)."""
    news = list(news)
    parts = []
    for came, went, did in ((True, False, "joined the table"), (True, True, "came and went"),
                            (False, True, "left the table")):
        names = [w.name for w in news if (w.came, w.went) == (came, went)]
        if names:
            parts.append(f"{_who(names)} {did}")
    return "; ".join(parts) + "."


def _who(names: list[str]) -> str:
    """``"Cy"``, ``"Cy and Di"``, ``"Cy, Di and Ed"``, ``"4 watchers"``."""
    if len(names) > 3:
        return f"{len(names)} watchers"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@attrs.frozen
class Limits:
    """Rates per connection (per second, with a burst) and caps.

    ``chat_rate``/``chat_burst``: chat lines and lobby commands; ``intent_rate``/
    ``intent_burst``: intents and sync requests; ``bad_frames``: malformed frames
    answered with an error before the connection is closed (refilled one per 10 s);
    ``strikes``: rate-limited frames after the warning before the close;
    ``connections``: connections at the table at once; ``spectators``: of those, how
    many may be *watchers* (connections without a seat, players in the lobby who have
    not sat down included; the host's own connection and a player back with a seat
    token are not watchers).

    Neither limit ever turns a seat token away: a hello whose token gets its seat back
    (or finds a bot on it), or that carries the host key, is checked first and always let
    in; if the table is at ``connections`` the newest watcher gives way (closed with
    ``MADE_ROOM``). With the defaults (64 and 48: 16 kept, the most seats a game has)
    nobody needs to give way.
    """

    chat_rate: float = 1.0
    chat_burst: float = 5.0
    intent_rate: float = 5.0
    intent_burst: float = 10.0
    bad_frames: float = 5.0
    strikes: int = 3
    connections: int = 64
    spectators: int = 48


@attrs.define(eq=False)
class _Conn:
    conn: int
    pid: int
    address: str
    host: bool
    kept: bool = False  # came back with a seat token: not a watcher (until it gives the seat up)
    seat: int | None = None
    peer: Peer | None = None
    chat: TokenBucket = attrs.field(factory=lambda: TokenBucket(1, 5))
    intents: TokenBucket = attrs.field(factory=lambda: TokenBucket(5, 10))
    bad: TokenBucket = attrs.field(factory=lambda: TokenBucket(0.1, 5))
    strikes: int = 0
    closing: bool = False
    sent_away: bool = False
    """Kicked: the host's news said so, its leaving is not told again."""
    waiting: int = 0  # its intents handed to a task, not answered yet
    updates: bool = False  # said so in its hello: gets ``update`` frames after a snapshot
    sent: Snapshot | None = None  # the last snapshot sent to it (as a snapshot or an update)


class Table:
    """One hosted table of ``game``.

    ``name``: shown in the lobby and discovery; ``options``: starting options;
    ``seed``: the game's seed (default: random, never sent to anyone); ``grace``:
    seconds a dropped seat is held; ``bot_delay``: as for Host; ``host_key``: the
    key whose hello makes a connection the host (default: a fresh one, see
    :attr:`host_key`); ``saver``: called with the table after every applied action
    and seat change (net.saves.Saver); ``limits``: rate limits (:class:`Limits`).

    Attach it to a port before players arrive: ``relay.open_room(table, ...)`` then
    ``table.attach(room)``, or :meth:`net.relay.RelayLink.open`. Stop with
    :meth:`stop`.
    """

    def __init__(
        self,
        game: Game,
        name: str,
        *,
        options: Any = None,
        seed: int | None = None,
        grace: float = 120.0,
        bot_delay: float = 0.6,
        host_key: str | None = None,
        saver: Callable[["Table"], None] | None = None,
        limits: Limits = Limits(),
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.name = name
        self.seed = secrets.randbits(63) if seed is None else seed
        self.grace = grace
        self.bot_delay = bot_delay
        self.host_key = host_key or secrets.token_urlsafe(32)
        self.saver = saver
        self.limits = limits
        self.clock = clock
        self.lobby = lb.Lobby(game, name, options)
        self.lobby_changed = asyncio.Event()
        """Set whenever the lobby state is sent out (discovery adverts follow it)."""
        self._use_game()
        self.host: Host | None = None
        self.port: RoomPort | None = None
        self.conns: dict[int, _Conn] = {}
        self.ended = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._encoded: dict[int | None, tuple[Snapshot, str]] = {}
        self._updates: dict[int | None, tuple[Snapshot, Snapshot, str | None]] = {}
        self._game_over_sent = False
        self.watchers_fold = WATCHERS_FOLD
        self._watcher_news: dict[int, _WatcherNews] = {}  # by player id, in order
        self._watcher_timer: asyncio.TimerHandle | None = None

    # ---- the game ----

    @property
    def game(self) -> Game:
        """The game played at this table: the lobby's (it may change before the start)."""
        return self.lobby.game

    def _use_game(self) -> None:
        """Encode and decode for the lobby's game."""
        self.codec = codec_for(self.lobby.game)
        self._snapshots = SnapshotEncoder(self.codec)
        self._encoded = {}
        self._updates = {}

    def set_game(self, game: Game) -> None:
        """Play ``game`` here instead, before the start (``parlour host --game``, and
        what ``/option cardgame on`` does): options carried over, seats resized, and
        everyone sent the new lobby state. Raises :class:`net.lobby.LobbyError` with
        a sentence after the start or if a taken seat would be lost."""
        if game is self.lobby.game:
            return
        self.lobby.switch_game(game, f"switch to {game.name}")
        self._use_game()
        self._broadcast_lobby()

    # ---- wiring ----

    def attach(self, port: RoomPort) -> None:
        """Speak through ``port`` (a relay room or a RelayLink)."""
        self.port = port
        self.lobby.code_needed = port.code is not None

    @property
    def started(self) -> bool:
        return self.host is not None

    def free_seats(self) -> int:
        """Seats still open (0 once the game has started): for discovery."""
        return 0 if self.started else sum(s.free for s in self.lobby.seats)

    # ---- sending ----

    def _send(self, conns: Any, message: Any, fresh: str | None = None) -> None:
        if self.port is not None:
            self.port.send(conns, self.codec.encode(message), fresh)

    def _send_one(self, c: _Conn, message: Any) -> None:
        self._send((c.conn,), message)

    def _broadcast(self, message: Any) -> None:
        self._send(tuple(self.conns), message)

    def _news(self, c: _Conn, text: str) -> None:
        """Tell everyone at the table but ``c`` what ``c``'s player did (a ``notice``:
        ``"Ann took seat 2."``); ``c`` itself is told in its own words."""
        self._send(tuple(conn for conn in self.conns if conn != c.conn), Notice(text=text))

    def _broadcast_lobby(self) -> None:
        self._broadcast(self.lobby.state())
        self.lobby_changed.set()

    def _close(self, c: _Conn, code: int, reason: str) -> None:
        c.closing = True
        if self.port is not None:
            self.port.close(c.conn, code, reason)

    def _error(self, c: _Conn, code: str, message: str) -> None:
        self._send_one(c, ErrorMsg(code=code, message=message[:2000]))

    def _welcome(self, c: _Conn, token: str | None = None) -> None:
        player = self.lobby.players[c.pid]
        self._send_one(c, Welcome(
            name=player.name, seat=c.seat, token=token, host=c.host,
            table=self.name, game=self.game.name,
        ))

    def _snapshot_frame(self, snapshot: Snapshot) -> str:
        """The frame of ``snapshot``, written once however many connections share its
        seat (spectators all share one), and again only for a new snapshot."""
        cached = self._encoded.get(snapshot.seat)
        if cached is not None and cached[0] is snapshot:
            return cached[1]
        frame = self._snapshots.encode(snapshot)
        self._encoded[snapshot.seat] = (snapshot, frame)
        return frame

    def _update_frame(self, old: Snapshot, new: Snapshot) -> str | None:
        """The ``update`` frame from ``old`` to ``new`` (``None``: send the snapshot),
        written once per seat and version, as :meth:`_snapshot_frame`."""
        cached = self._updates.get(new.seat)
        if cached is not None and cached[0] is old and cached[1] is new:
            return cached[2]
        frame = self._snapshots.encode_update(old, new)
        self._updates[new.seat] = (old, new, frame)
        return frame

    def _deliverer(self, c: _Conn) -> Callable[[Snapshot], None]:
        def deliver(snapshot: Snapshot) -> None:
            if self.port is not None and c.conn in self.conns:
                sent, c.sent = c.sent, snapshot
                frame = None
                if c.updates and sent is not None and snapshot.version == sent.version + 1:
                    frame = self._update_frame(sent, snapshot)
                # a newer frame replaces an unsent one: a client then missing the base of
                # an update asks for a sync (docs/protocol.md, "Updates")
                self.port.send((c.conn,), frame or self._snapshot_frame(snapshot), "snapshot")

        return deliver

    def _connect_peer(self, c: _Conn) -> None:
        """(Re)connect ``c`` to the host for its seat and send it the current snapshot."""
        if self.host is None:
            return
        if c.peer is not None:
            self.host.disconnect(c.peer)
        deliver = self._deliverer(c)
        c.sent = None  # a new seat (or the first): the whole snapshot
        c.peer = self.host.connect(c.seat, deliver)
        self._send_history(c)
        deliver(self.host.snapshot(c.seat))

    def _send_history(self, c: _Conn) -> None:
        """Send ``c`` the ``history`` frame of its seat (the events before the snapshot
        sent next: a join, a rejoin, a sync), as many of the newest versions as fit in
        half a frame; the older ones left out say so (``left_out``)."""
        if self.host is None or self.port is None:
            return
        history = self.host.history(c.seat)
        past = tuple(PastEvents(version=p.version, events=p.events, timed_out=p.timed_out)
                     for p in history.past)
        left_out = history.left_out
        while True:
            frame = self.codec.encode(HistoryMsg(seat=c.seat, left_out=left_out, past=past))
            if len(frame) <= MAX_HOST_FRAME // 2 or not past:
                break
            cut = len(past) // 2 or 1  # the older half goes
            left_out, past = past[cut - 1].version, past[cut:]
        self.port.send((c.conn,), frame, None)

    # ---- RoomHost ----

    def peer_joined(self, conn: int, address: str, hello: str) -> None:
        try:
            self._joined(conn, address, hello)
        except Exception:
            log.exception("table %r failed on a hello from connection %d", self.name, conn)
            if self.port is not None:
                self.port.close(conn, cc.INTERNAL, "internal error")

    def peer_frame(self, conn: int, frame: str) -> None:
        c = self.conns.get(conn)
        if c is None or c.closing:
            return
        try:
            self._frame(c, frame)
        except Exception:
            log.exception("table %r failed on a frame from connection %d", self.name, conn)
            self._error(c, "internal", "The table failed on that; nothing changed.")

    def peer_left(self, conn: int) -> None:
        try:
            self._left(conn)
        except Exception:
            log.exception("table %r failed on connection %d leaving", self.name, conn)

    # ---- arrivals ----

    def _joined(self, conn: int, address: str, text: str) -> None:
        try:
            hello = self.codec.decode_client(text)
        except ProtocolError as exc:
            self.port and self.port.close(conn, cc.BAD_HELLO, f"Bad hello: {exc.reason}")
            return
        if not isinstance(hello, Hello):
            self.port and self.port.close(conn, cc.BAD_HELLO, "The first frame must be a hello.")
            return
        seat = former = None
        given_up = False
        if hello.token is not None:
            seat = self.lobby.seat_for_token(hello.token)
            former = self.lobby.bot_took(hello.token) if seat is None else None
            given_up = seat is None and former is None and self.lobby.given_up(hello.token)
            if seat is None and former is None and not given_up and self.lobby.sent_away(hello.token):
                self.port and self.port.close(
                    conn, cc.KICKED, "The host sent you away from this table; your seat is not yours any more.")
                return
            if seat is None and former is None and not given_up:
                self._send((conn,), ErrorMsg(code="bad-token", message="That seat token is not valid at this table."))
                self.port and self.port.close(conn, cc.BAD_TOKEN, UNKNOWN_TOKEN)
                return
        is_host = hello.host_key is not None and hmac.compare_digest(
            hello.host_key.encode(), self.host_key.encode()
        )
        kept = seat is not None or former is not None
        full = self._room_for(kept or is_host, seat)
        if full is not None:
            self.port and self.port.close(conn, cc.TABLE_FULL, full)
            return
        player = self.lobby.add_player(hello.name, host=is_host, former=former)
        lim = self.limits
        c = _Conn(
            conn, player.pid, address, is_host, kept, updates=hello.updates,
            chat=TokenBucket(lim.chat_rate, lim.chat_burst),
            intents=TokenBucket(lim.intent_rate, lim.intent_burst),
            bad=TokenBucket(0.1, lim.bad_frames),
        )
        self.conns[conn] = c
        log.info("table %r: connection %d joined (%s)", self.name, conn, "host" if is_host else "player")
        if seat is not None and hello.token is not None:
            seated, replaced = self.lobby.restore(player.pid, seat, hello.token)
            self._apply_effects(c, (seated,) + ((lb.Replaced(replaced),) if replaced else ()))
            self._presence(seat, "back")
        elif former is not None and hello.token is not None:
            self._welcome(c, hello.token)  # watching, yet keep the token: /seat gives the seat back
            self._bot_took_notices(c, former)
            self._connect_peer(c)
        else:
            self._welcome(c)
            if self._watching(c):
                self._watcher_came_or_went(c, player.name, came=True)
            else:
                self._news(c, f"{player.name} joined the table{' (the host)' if is_host else ''}.")
            renamed = self.lobby.renamed_words(hello.name, player.name)
            if renamed:
                self._send_one(c, Notice(text=renamed))
            if given_up:
                self._send_one(c, Notice(text="Your seat was freed before the game started; "
                                              "/join to sit down again."))
            self._connect_peer(c)
        self._broadcast_lobby()

    def _room_for(self, kept: bool, seat: int | None) -> str | None:
        """Make room for a new connection, or say why there is none (a sentence for a
        ``TABLE_FULL`` close). ``kept``: it comes back to ``seat`` with its token (or to
        a seat a bot plays), or is the host: it is always let in, and at a full table
        the newest watcher is closed with ``MADE_ROOM`` (unless the seat's own older
        connection is about to be replaced anyway)."""
        lim = self.limits
        live = [c for c in self.conns.values() if not c.closing]
        watchers = [c for c in live if c.seat is None and not c.host and not c.kept]
        if not kept:
            if len(live) >= lim.connections:
                return f"This table is full ({lim.connections} connections)."
            if len(watchers) >= lim.spectators:
                return f"This table has room for {lim.spectators} watchers, and they are all here."
            return None
        replacing = seat is not None and any(c.seat == seat for c in live)
        if len(live) >= lim.connections and watchers and not replacing:
            newest = max(watchers, key=lambda c: c.conn)
            log.info("table %r: connection %d makes room for a returning player", self.name, newest.conn)
            self._close(newest, cc.MADE_ROOM, "A player came back to their seat at this full table; "
                                              "the newest watcher makes room.")
        return None

    def _bot_took_notices(self, c: _Conn, seat: int) -> None:
        """Tell a player who came back that a bot plays their ``seat`` (they watch),
        and the host how to give it back."""
        slot = self.lobby.seats[seat]
        name, number = self.lobby.players[c.pid].name, seat + 1
        if self.lobby.over:
            self._send_one(c, Notice(text=f"{lb.article(slot.bot or '').title()} {slot.bot} bot played your seat {number} after you "
                                          "left; you are watching."))
            return
        self._send_one(c, Notice(text=(
            f"While you were away the host gave your seat {number} to {lb.article(slot.bot or '')} {slot.bot} bot, which "
            f"plays it now; you are watching. The host can give it back: /seat {number} {name}.")))
        hosts = tuple(x.conn for x in self.conns.values() if x.host and x is not c)
        self._send(hosts, Notice(text=f"{name} is back and watching; a bot plays their seat {number}. "
                                      f"/seat {number} {name} gives it back."))

    def _left(self, conn: int) -> None:
        c = self.conns.pop(conn, None)
        if c is None:
            return
        if c.peer is not None and self.host is not None:
            self.host.disconnect(c.peer)
        held = not self.lobby.over and c.seat is not None  # in the lobby too
        deadline = self.clock() + self.grace if held else None
        player = self.lobby.players.get(c.pid)
        seat = self.lobby.remove_player(c.pid, deadline)
        log.info("table %r: connection %d left (seat %s)", self.name, conn, seat)
        if seat is None and player is not None and not c.sent_away:  # a seat's drop: a presence
            if self._watching(c):
                self._watcher_came_or_went(c, player.name, came=False)
            else:
                self._news(c, f"{player.name} left the table.")
        if seat is not None and held and player is not None:
            slot = self.lobby.seats[seat]
            if slot.token_hash is None:  # kicked: the seat waits for the host's decision
                slot.deadline = None
            else:
                self._presence(seat, "away", deadline)
                self._start_grace(seat, deadline)
        self._broadcast_lobby()

    def _watching(self, c: _Conn) -> bool:
        """Whether ``c`` watches the game under way: no seat, not the host, not a player
        back with a seat token. (In the lobby everyone arrives without a seat: those are
        players coming to sit down, told one by one.)"""
        return self.started and c.seat is None and not c.host and not c.kept

    def _watcher_came_or_went(self, c: _Conn, name: str, came: bool) -> None:
        """Note that watcher ``c`` (``name``) came (or went): everyone is told in one
        ``notice`` :attr:`watchers_fold` seconds after the first such news
        (:func:`watchers_text`), so a burst of watchers takes one line of chat."""
        news = self._watcher_news.setdefault(c.pid, _WatcherNews(name, c.conn))
        if came:
            news.came = True
        else:
            news.went = True
        if self._watcher_timer is None:
            self._watcher_timer = asyncio.get_running_loop().call_later(self.watchers_fold, self._tell_watchers)

    def _tell_watchers(self) -> None:
        """Send the folded watchers' news to everyone but the watchers who came in it."""
        self._watcher_timer = None
        news, self._watcher_news = self._watcher_news, {}
        if news:
            newcomers = {w.conn for w in news.values() if w.came}
            self._send(tuple(conn for conn in self.conns if conn not in newcomers),
                       Notice(text=watchers_text(news.values())))

    def _presence(self, seat: int, status: str, deadline: float | None = None) -> None:
        slot = self.lobby.seats[seat]
        if status != "away":
            timer = self._timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
        self._broadcast(Presence(seat=seat, name=slot.name or f"Seat {seat + 1}", status=status, deadline=deadline))  # type: ignore[arg-type]

    def _start_grace(self, seat: int, deadline: float | None) -> None:
        old = self._timers.pop(seat, None)
        if old is not None:
            old.cancel()
        if deadline is None:
            return
        delay = max(0.0, deadline - self.clock())
        self._timers[seat] = asyncio.get_running_loop().call_later(delay, self._grace_over, seat, deadline)

    def _grace_over(self, seat: int, deadline: float) -> None:
        self._timers.pop(seat, None)
        slot = self.lobby.seats[seat]
        if not slot.away or slot.deadline != deadline:
            return
        name = slot.name
        self.lobby.grace_over(seat)
        self._broadcast_lobby()
        if self.started:
            note = (
                f"{name} has not come back to seat {seat + 1}. Wait, or "
                f"/bot seat {seat + 1} easy|strong, or /end the game."
            )
        else:
            note = f"{name} has not come back; seat {seat + 1} is free again."
        self._send(tuple(c.conn for c in self.conns.values() if c.host), Notice(text=note))

    # ---- frames ----

    def _frame(self, c: _Conn, frame: str) -> None:
        try:
            message = self.codec.decode_client(frame)
        except ProtocolError as exc:
            if not c.bad.take():
                self._close(c, cc.BAD_FRAME, "Too many malformed frames.")
            elif exc.action_id is not None:  # a malformed intent still gets its one answer
                self._send_one(c, OutcomeMsg(action_id=exc.action_id, accepted=False, code=BAD_FRAME,
                                             reason=exc.reason))
            else:
                self._error(c, BAD_FRAME, exc.reason)
            return
        if isinstance(message, IntentMsg):
            if self._allowed(c, c.intents):
                outcome = None
                if self.host is not None and c.peer is not None and not c.waiting:  # in order
                    outcome = self.host.offer(c.peer, Intent(message.action, message.action_id, message.version))
                if outcome is None:
                    c.waiting += 1
                    self._spawn(self._intent(c, message))
                else:
                    self._answer(c, outcome)
            elif not c.closing:  # every intent gets its one answer
                self._send_one(c, OutcomeMsg(action_id=message.action_id, accepted=False, code=FLOOD,
                                             reason="Too many moves at once; slow down."))
        elif isinstance(message, Say):
            if self._allowed(c, c.chat):
                text = clean_chat(message.text)  # one line, in order: no forged lines
                if text:
                    name = self.lobby.players[c.pid].name
                    self._broadcast(ChatLine(name=name, text=text, seat=c.seat))
        elif isinstance(message, Command):
            # the host's own commands are never limited: a table set up in a few quick
            # lines lost some (player-tester 6, finding 11); its chat is, like anyone's
            if c.host or self._allowed(c, c.chat):
                self._command(c, message)
        elif isinstance(message, SyncRequest):
            if self._allowed(c, c.intents):
                self._send_one(c, self.lobby.state())
                c.sent = None  # the whole snapshot, not an update
                if self.host is not None:
                    self._send_history(c)
                    self._deliverer(c)(self.host.snapshot(c.seat))
        elif isinstance(message, Leave):
            if c.seat is not None:
                try:
                    self._apply_effects(c, self.lobby.command(c.pid, Command(name="leave")).effects)
                except lb.LobbyError:
                    pass
            self._close(c, cc.LEFT, "You left the table.")
        elif isinstance(message, Hello):
            self._error(c, BAD_FRAME, "You already said hello.")

    def _allowed(self, c: _Conn, bucket: TokenBucket) -> bool:
        if bucket.take():
            c.strikes = 0
            return True
        c.strikes += 1
        if c.strikes == 1:
            self._error(c, FLOOD, "You are sending too fast; slow down.")
        elif c.strikes > self.limits.strikes:
            self._close(c, cc.FLOOD, "Too many messages.")
        return False

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _intent(self, c: _Conn, message: IntentMsg) -> None:
        try:
            if self.host is None or c.peer is None:
                result = Outcome(message.action_id, False, NOT_STARTED, "The game has not started.")
            else:
                result = await self.host.submit(c.peer, Intent(message.action, message.action_id, message.version))
        finally:
            c.waiting -= 1
        self._answer(c, result)

    def _answer(self, c: _Conn, result: Outcome) -> None:
        """Send ``c`` the one outcome of its intent (if it is still here)."""
        if c.conn in self.conns and self.port is not None:
            self.port.send((c.conn,), encode_outcome(result.action_id, result.accepted,
                                                     result.code[:40], result.reason[:2000]))

    # ---- commands ----

    def _command(self, c: _Conn, command: Command) -> None:
        try:
            reply = self.lobby.command(c.pid, command)
        except lb.LobbyError as exc:
            self._error(c, "command", str(exc))
            return
        if reply.notice:
            self._send_one(c, Notice(text=reply.notice))
        if reply.news:
            self._news(c, reply.news)
        self._apply_effects(c, reply.effects)
        if reply.effects or reply.changed:
            self._broadcast_lobby()

    def _apply_effects(self, c: _Conn, effects: tuple[lb.Effect, ...]) -> None:
        by_pid = {x.pid: x for x in self.conns.values()}
        for effect in effects:
            if isinstance(effect, lb.Seated):
                target = by_pid[effect.pid]
                target.seat = effect.seat
                self._welcome(target, effect.token)
                self._connect_peer(target)
            elif isinstance(effect, lb.Unseated):
                target = by_pid[effect.pid]
                target.seat = None
                target.kept = False  # a watcher like any other from now on
                self._welcome(target)
                if self.started:
                    self._presence(effect.seat, "left")
                self._connect_peer(target)
            elif isinstance(effect, (lb.Kicked, lb.Replaced)):
                target = by_pid.get(effect.pid)
                if target is not None:
                    if isinstance(effect, lb.Kicked):
                        target.sent_away = True
                        if target.seat is not None and self.lobby.players[target.pid].seat is None:
                            target.seat = None  # freed before the start
                            self._welcome(target)
                        self._close(target, cc.KICKED, "The host sent you away.")
                    else:
                        target.seat = None
                        self._close(target, cc.REPLACED, "Your seat was taken up from another connection.")
            elif isinstance(effect, lb.StartGame):
                self._start_game(effect)
            elif isinstance(effect, lb.BotTakesSeat):
                timer = self._timers.pop(effect.seat, None)
                if timer is not None:
                    timer.cancel()
                assert self.host is not None
                self.host.seat_bot(effect.seat, effect.kind)
                self._presence(effect.seat, "bot")
            elif isinstance(effect, lb.PlayerTakesSeat):
                assert self.host is not None
                self.host.seat_player(effect.seat)
                self._presence(effect.seat, "back")
            elif isinstance(effect, lb.SeatBack):
                self._presence(effect.seat, "back")
            elif isinstance(effect, lb.EndGame):
                self._spawn(self._end_early())
            elif isinstance(effect, lb.GameChanged):
                self._use_game()
        if self.host is not None and any(isinstance(e, _SEAT_CHANGES) for e in effects):
            self._save()  # the seats' tokens are in the save: a resume must know the new ones

    def _start_game(self, start: lb.StartGame) -> None:
        host = Host(self.game, self.lobby.options, len(start.names), self.seed, start.names,
                    start.bots, self.bot_delay)
        self.begin(host)
        for c in self.conns.values():
            player = self.lobby.players[c.pid]
            if c.seat != player.seat:  # seats closed up: tell it its new number first
                c.seat = player.seat
                self._welcome(c)
            self._connect_peer(c)
        # seats held for dropped players keep their deadlines under their new numbers
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self._watcher_timer is not None:
            self._watcher_timer.cancel()
            self._watcher_timer = None
        for slot in self.lobby.seats:
            if slot.away and slot.deadline is not None:
                self._start_grace(slot.index, slot.deadline)

    def begin(self, host: Host) -> None:
        """Play ``host``'s game at this table (``/start``, or a resumed save)."""
        self.host = host
        host.watch(self._committed)
        self._save()
        self._spawn(self._run(host))

    async def _run(self, host: Host) -> None:
        await host.start()
        result = await host.wait_over()
        self.lobby.over = True
        if not self._game_over_sent:
            self._game_over_sent = True
            self._broadcast(GameOver(result=result, reason="The game is over."))
            self._broadcast_lobby()
        self.ended.set()

    def _committed(self, version: int) -> None:
        self._save()

    def _save(self) -> None:
        """Save (after every action and seat change). A failed save is never silent:
        everyone is told, the lobby state keeps saying so, and the next one retries;
        once one works again everyone is told that too."""
        if self.saver is None:
            return
        version = self.host.version if self.host is not None else 0
        try:
            self.saver(self)
        except Exception as exc:
            log.exception("table %r: saving failed", self.name)
            problem = failure_notice("The host", version, exc)
        else:
            problem = ""
        was, self.lobby.save_problem = self.lobby.save_problem, problem
        if problem and not was:
            self._broadcast(Notice(text=problem[:2000]))
        elif was and not problem:
            self._broadcast(Notice(text=f"The game is saved again (move {version})."))
        if problem != was:
            self._broadcast_lobby()

    async def _end_early(self) -> None:
        """``/end``: stop the game, save it as ended by the host (its replays say so:
        tester 6, finding 5), and tell everyone."""
        if self.host is not None:
            await self.host.stop()
            self._save()
        if not self._game_over_sent:
            self._game_over_sent = True
            self._broadcast(GameOver(result=None, reason="The host ended the game."))
            self._broadcast_lobby()
        self.ended.set()

    # ---- resuming ----

    def resume_seats(self, token_hashes: tuple[str | None, ...], names: tuple[str, ...],
                     bots: tuple[str | None, ...], bot_took: Mapping[str, int] | None = None) -> None:
        """Seat a resumed game: every human seat is away (held for ``grace``) until
        its player comes back with the token whose hash is saved. ``bot_took``: token
        hash -> seat of players whose seats went to bots (net.saves.SaveData): they
        come back to watch, and ``/seat N NAME`` gives the seat back."""
        self.lobby.started = True
        self.lobby.restore_bot_took(bot_took or {})
        deadline = self.clock() + self.grace
        self.lobby.seats = [lb.SeatSlot(i) for i in range(len(names))]
        for slot, digest, name, bot in zip(self.lobby.seats, token_hashes, names, bots):
            slot.name, slot.bot, slot.token_hash = name, bot, digest
            if bot is None:
                slot.away, slot.deadline = True, deadline
                self._start_grace(slot.index, deadline)

    # ---- stopping ----

    async def stop(self, code: int = cc.TABLE_CLOSED, reason: str = "The table closed.") -> None:
        """Stop the game and close every connection with ``code``."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self.host is not None:
            await self.host.stop()
        if self.lobby.save_problem:  # the last try: nothing later would retry it
            self._save()
        for c in list(self.conns.values()):
            self._close(c, code, reason)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self.ended.set()

    def token_hashes(self) -> tuple[str | None, ...]:
        """Each game seat's token hash (for saves); ``None`` for bots and revoked."""
        n = self.host.seats if self.host is not None else 0
        return tuple(s.token_hash for s in self.lobby.seats[:n])


__all__ = ["Table", "Limits", "NOT_STARTED", "FLOOD"]
