"""The relay: a websockets server holding rooms; it routes each player's frames to the
room's table and the table's addressed frames back (design.md, "Relay";
docs/protocol.md, "Relay").

One code path for the table (net.server.Table): it is a :class:`RoomHost` (the relay
tells it ``peer_joined`` / ``peer_frame`` / ``peer_left``) and speaks through a
:class:`RoomPort` (``send`` / ``close``).

- In-process (``parlour host``): the table is the room's host object itself;
  :class:`Room` is its port. No extra hop.
- Remote (``parlour host --relay ws://...``): :class:`RelayLink` connects to the relay's
  ``/host`` path as a websocket client, opens a room and gets its code; it is the
  table's port, and relays the room's events to the table. On the relay side
  :class:`_RemoteHost` stands for the table in the room. The room code is derived
  from the table's room key and the relay's key (:func:`room_code_for`), so when the
  relay or the link restarts, the link reopens the same room and its players follow
  (issue 8, item 4).

Players connect to ``/`` (subprotocol ``parlour.v1``, no ``Origin`` header: see
:func:`Relay.start`) and send ``hello`` first, with the room code where one is needed.

Everything a relay checks, and the close code it uses (net.closecodes): a hello within
``hello_timeout`` s (``HELLO_TIMEOUT``); text frames only (``BAD_FRAME``); frames per
second per connection (``FLOOD``); connections per address (HTTP 429 at the
handshake); a room that exists and the right code (``NO_ROOM``), with a few wrong codes
a minute per address (:class:`WrongCodes`; beyond them ``CODE_GUESSES``, whose reason
says when to try again); a send queue that keeps up (``TOO_SLOW``: a newer snapshot
replaces a queued one first). Every close reason is fitted by net.codec.close_reason.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import gc
import hashlib
import hmac
import ipaddress
import json
import logging
import math
import re
import secrets
import time
import weakref
from http import HTTPStatus
from typing import Any, Callable, Iterable, Iterator, Protocol

import attrs

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.http11 import Request, Response
from websockets.protocol import State

from . import closecodes as cc
from .client import default_delays
from .codec import Codec, ProtocolError, close_reason, codec_for, printable
from .connections import DirectClientConnection, DirectMessages, DirectServerConnection
from .protocol import (
    LINK_SUBPROTOCOL,
    MAX_BATCH,
    MAX_CLIENT_FRAME,
    MAX_HOST_FRAME,
    SUBPROTOCOL,
    Batch,
    ClosePeer,
    Hello,
    OpenRoom,
    PeerFrame,
    PeerGone,
    PeerJoined,
    RoomOpened,
    SendTo,
)

log = logging.getLogger(__name__)
_OPEN = State.OPEN

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Room codes: :data:`CODE_LENGTH` of these (no 0/O, 1/I/L), case-insensitive."""
CODE_LENGTH = 6
"""Characters in a room code: 31**6, about 8.9e8, codes."""
HOST_PATH = "/host"


class RoomHost(Protocol):
    """The table side of a room: told about its players' connections. Called on the
    event loop; must not block. ``conn`` is a connection id (an int >= 1)."""

    def peer_joined(self, conn: int, address: str, hello: str) -> None: ...
    def peer_frame(self, conn: int, frame: str) -> None: ...
    def peer_left(self, conn: int) -> None: ...


class RoomPort(Protocol):
    """How a table speaks to its players (never blocks; frames are queued).

    ``send(conns, frame, fresh)``: queue the text ``frame`` for each connection;
    ``fresh`` (e.g. ``"snapshot"``) drops a queued, unsent frame with the same key.
    ``close(conn, code, reason)``: close one connection (code 4000-4099).
    ``code``: the room code players need (``None``: none needed).
    """

    code: str | None

    def send(self, conns: Iterable[int], frame: str, fresh: str | None = None) -> None: ...
    def close(self, conn: int, code: int, reason: str) -> None: ...


def new_room_code() -> str:
    """Six characters of :data:`CODE_ALPHABET` from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


CODES_PER_KEY = 4
"""How many codes a room key may map to: the first one not held by another key's
room is used (two keys share a first code about once in 10^9 rooms)."""


def room_code_for(relay_key: bytes, room_key: str, attempt: int = 0) -> str:
    """The room code a relay with the secret ``relay_key`` gives the table whose room
    key is ``room_key``: six characters of :data:`CODE_ALPHABET` from
    HMAC-SHA256(relay_key, attempt, room_key). ``attempt`` (0 to ``CODES_PER_KEY - 1``)
    picks another code when the first is held by another table. The same pair always
    gives the same code; without ``relay_key`` nobody can tell which key gives which
    code."""
    message = b"parlour room code %d\n" % attempt + room_key.encode("utf-8", "surrogatepass")
    number = int.from_bytes(hmac.new(relay_key, message, hashlib.sha256).digest(), "big")
    letters = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[index])
    return "".join(letters)


def room_owner(relay_key: bytes, room_key: str) -> bytes:
    """What a relay keeps to recognise the holder of ``room_key`` (an HMAC of it, never
    the key itself)."""
    message = b"parlour room owner\n" + room_key.encode("utf-8", "surrogatepass")
    return hmac.new(relay_key, message, hashlib.sha256).digest()


def room_key_from_seed(seed: int) -> str:
    """A table's room key (32 URL-safe characters), derived from its secret game seed
    with scrypt, so that a resumed save (which keeps the seed) reopens the same room.
    The key goes to the relay; scrypt makes finding the seed from it (the bag order)
    cost about 2^62 scrypt runs."""
    raw = hashlib.scrypt(str(seed).encode(), salt=b"parlour room key", n=2**14, r=8, p=1, dklen=24)
    return base64.urlsafe_b64encode(raw).decode()


class TokenBucket:
    """``rate`` tokens per second up to ``burst``; :meth:`take` says whether one was left.
    ``clock``: seconds, monotonic (tests pass their own)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = burst, clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until :meth:`take` would succeed (``0.0``: now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    @property
    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst


def address_key(address: str) -> str:
    """Whom ``address`` (an IP address as text) stands for when counting wrong room codes:
    an IPv4 address itself, an IPv6 address by its /64 network (one machine or home
    usually holds a whole /64, so counting single addresses would not slow it)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:  # type: ignore[union-attr]
            return str(ip.ipv4_mapped)  # type: ignore[union-attr]
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class WrongCodes:
    """Wrong room codes per address (:func:`address_key`), so that a code cannot be
    guessed faster than ``per_minute`` a minute from one address (docs/protocol.md,
    "Room codes").

    Each address may give ``burst`` wrong codes at once and earns one more every
    ``60 / per_minute`` seconds. :meth:`retry_after` is asked before a code is looked
    up: while it is above zero the address gets no answer about any code (right or
    wrong), only the time to wait. ``clock``: monotonic seconds (tests pass their own).
    At most ``max_addresses`` are remembered: beyond that the ones back to a full
    allowance are forgotten first, then the oldest.

    Only *new* wrong codes count: the last ``remembered_codes`` wrong codes of each
    address are kept, and the same one given again costs nothing. Players whose room is
    being reopened after a relay restart retry their one code until it is back (several
    of them may share an address); someone guessing must try a new code each time.
    """

    def __init__(self, per_minute: float = 5.0, burst: float = 5.0,
                 clock: Callable[[], float] = time.monotonic, max_addresses: int = 10_000,
                 remembered_codes: int = 16) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError(f"per_minute must be > 0 and burst >= 1, got {per_minute}, {burst}")
        self.rate = per_minute / 60.0
        self.burst = burst
        self.clock = clock
        self.max_addresses = max_addresses
        self.remembered_codes = remembered_codes
        self._buckets: dict[str, TokenBucket] = {}
        self._codes: dict[str, collections.deque[str]] = {}

    def retry_after(self, address: str) -> float:
        """Seconds before ``address`` may give a room code again (``0.0``: now)."""
        bucket = self._buckets.get(address_key(address))
        return 0.0 if bucket is None else bucket.wait()

    def wrong(self, address: str, code: str | None = None) -> None:
        """``address`` gave ``code``, which names no room (``None``: count it whatever
        it was). A code among the address's last ``remembered_codes`` wrong ones is not
        counted again."""
        key = address_key(address)
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_addresses:
                self._forget()
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
            self._codes[key] = collections.deque(maxlen=self.remembered_codes)
        if code is not None:
            seen = self._codes[key]
            if code in seen:
                return
            seen.append(code)
        bucket.take()

    def _forget(self) -> None:
        for key in [k for k, b in self._buckets.items() if b.full]:
            del self._buckets[key], self._codes[key]
        while len(self._buckets) >= self.max_addresses:
            key = next(iter(self._buckets))
            del self._buckets[key], self._codes[key]


class Refusals:
    """Connections refused at the handshake for too many open from one address, told
    in few lines (tester 6, finding 6: a burst from one address printed 108 identical
    lines): an address's first refusal at once, then, while refusals go on, one line
    every ``interval`` seconds with how many more there were and how many connections
    the address holds then (``open_now(address)``). An address refused nothing for a
    whole interval is forgotten: its next refusal is told at once again. Call
    :meth:`close` on stopping (the pending lines are dropped). ``call_later(seconds,
    callback)`` schedules the next line (default: the running loop's; tests pass their
    own) and returns a handle with ``cancel()``."""

    def __init__(self, open_now: Callable[[str], int], interval: float = 10.0,
                 call_later: Callable[[float, Callable[[], None]], Any] | None = None) -> None:
        self.open_now = open_now
        self.interval = interval
        self._call_later = call_later
        self._untold: dict[str, int] = {}  # address -> refusals since its last line
        self._timers: dict[str, Any] = {}

    def refused(self, address: str) -> None:
        """One more connection from ``address`` was refused (on the event loop)."""
        if address in self._untold:
            self._untold[address] += 1
            return
        log.info("%s has %d connections open: one more refused", address, self.open_now(address))
        self._untold[address] = 0
        self._later(address)

    def _later(self, address: str) -> None:
        call_later = self._call_later or asyncio.get_running_loop().call_later
        self._timers[address] = call_later(self.interval, lambda: self._tell(address))

    def _tell(self, address: str) -> None:
        more = self._untold.pop(address, 0)
        self._timers.pop(address, None)
        if more:
            log.info("%s: %d more connection%s refused in the last %g s (%d open)",
                     address, more, "s" * (more != 1), self.interval, self.open_now(address))
            self._untold[address] = 0
            self._later(address)

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._untold.clear()


class _Writes:
    """The outboxes of one event loop with frames handed to websockets in this turn of
    the loop: all written to their sockets by one callback, a turn later (one more turn
    of the loop's ready callbacks first: what the same event also wakes, a move's
    outcome after its snapshots, joins the same write).

    While a frame from a socket is being handled (between :meth:`hold` and
    :meth:`release`: a player's frame, which
    the table usually judges at once, its snapshots and outcome sent before it returns;
    a table's batch of frames for its players), frames wait for the end of it instead and
    are written then: no callbacks and no extra turns of the loop for them. Frames
    handed over later in the loop's turn (a move judged in a task) go the usual way."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.boxes: list[Outbox] = []
        self.batchers: list[Batcher] = []
        self._held = 0  # frames being handled (nested: a batch's parts)
        self._scheduled = False

    def add(self, box: "Outbox") -> None:
        if not self._held and not self._scheduled:
            self._scheduled = True
            self.loop.call_soon(self._next)
        self.boxes.append(box)

    def later(self, batcher: "Batcher") -> None:
        """Have ``batcher`` put its batch together a turn of the loop from now: one
        callback for every batcher of the loop that starts a batch in this turn."""
        if not self.batchers:
            self.loop.call_soon(self._batch)
        self.batchers.append(batcher)

    def _batch(self) -> None:
        batchers, self.batchers = self.batchers, []
        for batcher in batchers:
            try:
                batcher.flush()
            except Exception:  # (an outbox never raises; the other batches still go)
                log.exception("a batch failed")

    def hold(self) -> None:
        """Frames handed over from now on wait for :meth:`release` (pair them with
        ``try``/``finally``)."""
        self._held += 1

    def release(self) -> None:
        """Write what waited since the first :meth:`hold` (unless a callback already
        will: what was handed over earlier in this turn of the loop)."""
        self._held -= 1
        if not self._held and self.boxes and not self._scheduled:
            self._flush()

    def _next(self) -> None:
        self.loop.call_soon(self._flush)

    def _flush(self) -> None:
        self._scheduled = False
        boxes, self.boxes = self.boxes, []
        for box in boxes:
            box._flush()


_WRITES: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Writes]" = weakref.WeakKeyDictionary()


def _writes_of(loop: asyncio.AbstractEventLoop) -> _Writes:
    writes = _WRITES.get(loop)
    if writes is None:
        writes = _WRITES[loop] = _Writes(loop)
    return writes


class Outbox:
    """A bounded send queue for one websocket, drained by its own task.

    ``put(frame, fresh)`` never blocks. A frame with a ``fresh`` key replaces a queued
    unsent frame with the same key. When ``limit`` frames are still waiting, the
    connection cannot keep up: it is closed with ``TOO_SLOW``. A ``str`` goes out as a
    text frame; ``bytes`` as a binary frame, or with ``text=True`` as a text frame
    (UTF-8 already encoded: a relay forwards a table's frames without decoding them).

    When nothing is queued or being sent and the socket is not pushing back (websockets'
    write buffer under its limit), ``put`` frames the message at once
    (:meth:`net.connections.DirectMessages.hold_message`), and the bytes of every frame handed over
    in that turn of the event loop and the next go to the socket in one write (one
    system call for a table's four snapshots and the outcome that follows them; still
    one websocket frame each; one callback writes every outbox of the loop that has
    bytes waiting: :class:`_Writes`; what a table answers while the relay hands it a
    player's frame is written as soon as it returns); otherwise the frame is queued for the task. Same
    frames, same order, same back-pressure; no task switch and no coroutine per frame in
    the common case.
    """

    def __init__(self, ws: ServerConnection | ClientConnection, limit: int, name: str,
                 text: bool = False) -> None:
        self.ws = ws
        self.limit = limit
        self.text = text
        self._queue: collections.deque[tuple[str | bytes, str | None]] = collections.deque()
        self._ready = asyncio.Event()
        self._closing = False
        self._sending = False
        self._flush_soon = False
        self._writes = _writes_of(asyncio.get_running_loop())
        # websockets' asyncio connections of net.connections frame a whole message at
        # once and write it later (hold_message, write_held); anything else (a test's
        # stand-in) goes through send() only
        self._direct = isinstance(ws, DirectMessages)
        self._task = asyncio.create_task(self._drain(), name=f"parlour-outbox-{name}")

    def put(self, frame: str | bytes, fresh: str | None = None) -> None:
        if self._closing:
            return
        if not self._queue and not self._sending and self._direct and self._write_now(frame):
            return
        if fresh is not None:
            for i, (_, key) in enumerate(self._queue):
                if key == fresh:
                    del self._queue[i]
                    break
        if len(self._queue) >= self.limit:
            self.close(cc.TOO_SLOW, "Your connection cannot keep up with the table.")
            return
        self._queue.append((frame, fresh))
        self._ready.set()

    def _write_now(self, frame: str | bytes) -> bool:
        """Frame ``frame`` now, to be written with the loop's other writes, if the
        connection is open, not paused and sending no fragmented message."""
        ws = self.ws
        if ws.paused or ws.protocol.state is not _OPEN or ws.send_in_progress is not None:
            return False
        if type(frame) is str:
            ws.hold_message(frame.encode(), True)  # type: ignore[union-attr]
        else:
            ws.hold_message(frame, self.text)  # type: ignore[union-attr]
        if not self._flush_soon:
            self._flush_soon = True
            self._writes.add(self)
        return True

    def _flush(self) -> None:
        """Write the frames held in one go (websockets' own writes, e.g. a pong or
        ``send``, may have written them already: they write what is held first)."""
        self._flush_soon = False
        self.ws.write_held()  # type: ignore[union-attr]

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code`` and ``reason`` (fitted to a
        close frame by net.codec.close_reason)."""
        if self._closing:
            return
        self._closing = True
        self._queue.append((b"", f"close:{code}:{close_reason(reason)}"))
        self._ready.set()

    async def _drain(self) -> None:
        try:
            while True:
                await self._ready.wait()
                while self._queue:
                    frame, key = self._queue.popleft()
                    if key is not None and key.startswith("close:"):
                        _, code, reason = key.split(":", 2)
                        await self.ws.close(int(code), reason)
                        return
                    self._sending = True
                    try:
                        if self.text and type(frame) is bytes:
                            await self.ws.send(frame, text=True)
                        else:
                            await self.ws.send(frame)
                    finally:
                        self._sending = False
                self._ready.clear()
        except ConnectionClosed:
            pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("outbox failed")
            await self.ws.close(cc.INTERNAL, "internal error")

    def cancel(self) -> None:
        self._task.cancel()


class Room:
    """One table's room: its ``code``, its ``host`` and its players' outboxes;
    ``owner``: :func:`room_owner` of the room key it was opened with (``None``: no key,
    nobody can take it over).

    In-process, the table uses the room itself as its :class:`RoomPort`.
    """

    def __init__(self, relay: "Relay", host: RoomHost, code: str | None, table: str,
                 owner: bytes | None = None) -> None:
        self.relay = relay
        self.host = host
        self.code = code
        self.table = table
        self.owner = owner
        self.outboxes: dict[int, Outbox] = {}
        self.closed = False

    def send(self, conns: Iterable[int], frame: str | bytes, fresh: str | None = None) -> None:
        """Queue ``frame`` (text, or its UTF-8 bytes) for each of ``conns``; a frame for
        several connections is encoded once."""
        if type(conns) is not tuple:
            conns = tuple(conns)
        if len(conns) > 1 and type(frame) is str:
            frame = frame.encode()
        outboxes = self.outboxes
        for conn in conns:
            box = outboxes.get(conn)
            if box is not None:
                box.put(frame, fresh)

    def close(self, conn: int, code: int, reason: str) -> None:
        box = self.outboxes.get(conn)
        if box is not None:
            box.close(code, reason)

    def close_all(self, code: int, reason: str) -> None:
        self.closed = True
        for box in list(self.outboxes.values()):
            box.close(code, reason)


_CONN = rb"[1-9][0-9]{0,15}"
_SEND = re.compile(rb'\{"kind":"send","to":\[(%s(?:,%s){0,1023})\],"fresh":(null|"[a-z0-9_-]{1,40}")\}'
                   % (_CONN, _CONN))
_FRAME = re.compile(rb'\{"kind":"frame","conn":(%s)\}' % _CONN)
_MAX_CONN = 2**53


def send_header(to: tuple[int, ...], fresh: str | None) -> bytes:
    """``envelope(SendTo(to=to, fresh=fresh))``'s header, written directly: a table sends
    one per snapshot and seat; those for one connection are remembered. Raises
    ``ValueError`` where ``SendTo`` would."""
    one = to[0] if len(to) == 1 else None
    if type(one) is int and (fresh is None or type(fresh) is str):  # (True == 1 is no connection)
        known = _SENDS_WRITTEN.get((one, fresh))
        if known is not None:
            return known
    if not 0 < len(to) <= 1024 or any(type(c) is not int or not 1 <= c <= _MAX_CONN for c in to):
        raise ValueError(f"bad connection list {to!r:.80}")
    tail = _FRESH.get(fresh) if fresh is None or type(fresh) is str else None
    if tail is None:
        if type(fresh) is not str or len(fresh) > 40:
            raise ValueError(f"bad fresh key {fresh!r:.80}")
        tail = json.dumps(fresh, ensure_ascii=False).encode()
        if len(_FRESH) < 64:  # a table uses one or two keys
            _FRESH[fresh] = tail
    header = b'{"kind":"send","to":[%s],"fresh":%s}' % (",".join(map(str, to)).encode(), tail)
    if one is not None:
        if len(_SENDS_WRITTEN) >= _KNOWN_HEADERS:
            _SENDS_WRITTEN.clear()
        _SENDS_WRITTEN[one, fresh] = header
    return header


_SENDS_WRITTEN: dict[tuple[int, str | None], bytes] = {}
"""The ``send`` headers for one connection :func:`send_header` wrote lately."""
_FRESH: dict[str | None, bytes] = {None: b"null"}
"""The JSON of the ``fresh`` keys :func:`send_header` has written."""


def parse_send(header: bytes) -> tuple[tuple[int, ...], str | None] | None:
    """``(to, fresh)`` of a ``send`` header written as :func:`send_header` writes it (one
    per snapshot and seat, so it is read with a regular expression, and the headers read
    lately are remembered: a table sends the same few again with every move); ``None``
    for anything else, which is then read by the strict codec."""
    known = _SENDS_READ.get(header)
    if known is not None:
        return known
    match = _SEND.fullmatch(header)
    if match is None:
        return None
    to = tuple(map(int, match[1].split(b",")))
    if max(to) > _MAX_CONN:
        return None
    fresh = match[2]
    known = to, (None if fresh == b"null" else fresh[1:-1].decode())
    if len(_SENDS_READ) >= _KNOWN_HEADERS:
        _SENDS_READ.clear()
    _SENDS_READ[header] = known
    return known


_KNOWN_HEADERS = 4096
"""How many headers :func:`parse_send` and :func:`send_header` remember (then they
start again): a few per seat of every room."""
_SENDS_READ: dict[bytes, tuple[tuple[int, ...], str | None]] = {}


def parse_frame(header: bytes) -> int | None:
    """The connection of a ``frame`` header as :func:`envelope` writes it (one per
    player frame; the headers read lately are remembered); ``None`` for anything else,
    which is then read by the strict codec."""
    conn = _FRAMES_READ.get(header)
    if conn is not None:
        return conn
    match = _FRAME.fullmatch(header)
    if match is None:
        return None
    conn = int(match[1])
    if conn > _MAX_CONN:
        return None
    if len(_FRAMES_READ) >= _KNOWN_HEADERS:
        _FRAMES_READ.clear()
    _FRAMES_READ[header] = conn
    return conn


_FRAMES_READ: dict[bytes, int] = {}


_BATCH = re.compile(rb'\{"kind":"batch","sizes":\[([1-9][0-9]{0,7}(?:,[1-9][0-9]{0,7}){1,%d})\]\}' % (MAX_BATCH - 1))
BATCH_BYTES = MAX_HOST_FRAME - 16 * 1024
"""Most bytes of envelopes a :class:`Batcher` puts in one batch (the link's ``max_size``
is :data:`net.protocol.MAX_HOST_FRAME` + 4 KiB, and the batch's header must fit too)."""


def batch_header(sizes: list[int]) -> bytes:
    """``envelope(Batch(sizes=...))``'s header, written directly (one per batch)."""
    return b'{"kind":"batch","sizes":[%s]}' % ",".join(map(str, sizes)).encode()


def parse_batch(header: bytes) -> tuple[int, ...] | None:
    """The ``sizes`` of a ``batch`` header as :func:`batch_header` writes it, checked as
    :class:`net.protocol.Batch` checks them (2 to ``MAX_BATCH`` sizes, each 2 to
    ``MAX_HOST_FRAME``); ``None`` for anything else, which is then read by the strict
    codec."""
    match = _BATCH.fullmatch(header)
    if match is None:
        return None
    sizes = tuple(map(int, match[1].split(b",")))
    return sizes if min(sizes) >= 2 and max(sizes) <= MAX_HOST_FRAME else None


def unbatch(sizes: tuple[int, ...], payload: bytes) -> list[tuple[bytes, bytes]]:
    """The envelopes of a batch whose header gave ``sizes``, each as ``(header,
    payload)`` (split at its first newline, as ``bytes.partition`` would; cut straight
    from the batch, never copied whole first). Raises :class:`ProtocolError` when the
    batch's payload is not exactly their sum."""
    if sum(sizes) != len(payload):
        raise ProtocolError(f"a batch of {sum(sizes)} bytes holds {len(payload)}")
    parts, at, find = [], 0, payload.find
    for size in sizes:
        end = at + size
        newline = find(b"\n", at, end)
        if newline < 0:
            parts.append((payload[at:end], b""))
        else:
            parts.append((payload[at:newline], payload[newline + 1:end]))
        at = end
    return parts


class Batcher:
    """Envelopes handed over during one turn of the event loop, put into ``outbox`` as
    one frame at the end of it: the envelope itself when it is alone, else a
    :class:`net.protocol.Batch` of them (at most :data:`net.protocol.MAX_BATCH` and
    :data:`BATCH_BYTES`; beyond that a batch goes out and the next one starts). Same
    envelopes, same order; one websocket message, not five, for a move's four snapshots
    and its outcome, written to the socket as it is put together."""

    def __init__(self, outbox: "Outbox") -> None:
        self.outbox = outbox
        self._writes = _writes_of(asyncio.get_running_loop())
        self._items: list[bytes] = []
        self._size = 0

    def put(self, item: bytes) -> None:
        if self._items and (self._size + len(item) > BATCH_BYTES or len(self._items) >= MAX_BATCH):
            self.flush()
        if not self._items:
            self._writes.later(self)
        self._items.append(item)
        self._size += len(item)

    def flush(self) -> None:
        items, self._items, self._size = self._items, [], 0
        if not items:
            return
        writes = self._writes
        writes.hold()  # the batch goes to the socket now, not a turn later
        try:
            if len(items) == 1:
                self.outbox.put(items[0])
            else:
                self.outbox.put(batch_header([len(item) for item in items]) + b"\n" + b"".join(items))
        finally:
            writes.release()


def envelope(header: object, payload: str = "") -> bytes:
    """A binary relay frame: the header (a RelayMessage) as JSON, a newline, the payload.

    Headers are flat (ints, short strings, an int list), so they are written with
    :func:`json.dumps` directly, field for field as the codec would write them
    (tests/net/test_relay.py checks that), which halves the relay's per-frame cost.
    """
    fields = {"kind": header.KIND, **attrs.asdict(header, recurse=False)}  # type: ignore[attr-defined]
    if "to" in fields:
        fields["to"] = list(fields["to"])
    return json.dumps(fields, separators=(",", ":")).encode() + b"\n" + payload.encode()


class _RemoteHost:
    """A table connected to this relay over ``/host``: the room's RoomHost."""

    def __init__(self, ws: ServerConnection, codec: Codec, queue_limit: int) -> None:
        self.codec = codec
        self.outbox = Outbox(ws, queue_limit, "host")
        self.batches = ws.subprotocol == LINK_SUBPROTOCOL
        self._put = Batcher(self.outbox).put if self.batches else self.outbox.put

    def peer_joined(self, conn: int, address: str, hello: str) -> None:
        self._put(envelope(PeerJoined(conn=conn, address=address), hello))

    def peer_frame(self, conn: int, frame: str) -> None:
        self._put(b'{"kind":"frame","conn":%d}\n' % conn + frame.encode())

    def peer_left(self, conn: int) -> None:
        self._put(envelope(PeerGone(conn=conn)))


class Relay:
    """A relay server.

    ``require_code``: hellos must name a room code (a standalone relay); when false
    a hello without one goes to the default room (``parlour host``'s own table).
    ``hello_timeout``: seconds a new connection has to say hello.
    ``max_per_address``: open connections per IP address (more get HTTP 429).
    ``queue_limit``: frames queued per player before it is closed as too slow.
    ``frame_rate`` / ``frame_burst``: frames per second a player may send (beyond
    it: closed with ``FLOOD``); the table has finer limits of its own.
    ``ping_interval`` / ``ping_timeout``: websockets' keepalive, seconds.
    ``wrong_codes``: how many wrong room codes an address may give (:class:`WrongCodes`;
    default 5 a minute, 5 at once).
    ``refusals_every``: seconds between the lines that count an address's refused
    connections (:class:`Refusals`).
    ``tables``: whether tables elsewhere may open rooms here over ``/host`` (a
    standalone relay); ``parlour host`` serves only its own table, so its ``/host`` is
    no such path (player-tester 5, item 4: every hosted table was an open relay).
    ``key``: the relay's secret (32 bytes or more; default a new random one) from which
    room codes are derived (:func:`room_code_for`): a relay restarted with the same key
    gives each table its code back. ``parlour relay`` keeps it in a file
    (:func:`net.cli.relay_key`).
    """

    def __init__(
        self,
        *,
        require_code: bool = True,
        hello_timeout: float = 10.0,
        max_per_address: int = 16,
        queue_limit: int = 64,
        frame_rate: float = 40.0,
        frame_burst: float = 80.0,
        ping_interval: float | None = 20.0,
        ping_timeout: float | None = 20.0,
        max_rooms: int = 1000,
        wrong_codes: WrongCodes | None = None,
        key: bytes | None = None,
        tables: bool = True,
        refusals_every: float = 10.0,
    ) -> None:
        self.require_code = require_code
        self.tables = tables
        self.hello_timeout = hello_timeout
        self.max_per_address = max_per_address
        self.queue_limit = queue_limit
        self.frame_rate, self.frame_burst = frame_rate, frame_burst
        self.ping_interval, self.ping_timeout = ping_interval, ping_timeout
        self.max_rooms = max_rooms
        self.wrong_codes = wrong_codes or WrongCodes()
        self.key = key if key is not None else secrets.token_bytes(32)
        self.rooms: dict[str, Room] = {}
        self.default_room: Room | None = None
        self.codec = codec_for(None)
        self._per_address: collections.Counter[str] = collections.Counter()
        self.refusals = Refusals(lambda address: self._per_address[address], refusals_every)
        self._conn_ids = iter(range(1, 2**53))
        self._server: Server | None = None

    # ---- rooms ----

    def open_room(self, host: RoomHost, table: str, code: str | None = None, default: bool = False,
                  owner: bytes | None = None) -> Room:
        """A room for ``host`` (in-process tables call this). ``code``: the code
        players must give (``None``: a new one when this relay requires codes).
        ``default``: hellos without a code come here. ``owner``: see :class:`Room`."""
        if code is None and (self.require_code or not default):
            code = self._fresh_code()
        room = Room(self, host, code, table, owner)
        if code is not None:
            self.rooms[code.upper()] = room
        if default:
            self.default_room = room
        return room

    def close_room(self, room: Room, code: int = cc.TABLE_CLOSED, reason: str = "The table closed.") -> None:
        """Close every player of ``room`` and forget it."""
        room.close_all(code, reason)
        if room.code is not None and self.rooms.get(room.code.upper()) is room:
            del self.rooms[room.code.upper()]
        if self.default_room is room:
            self.default_room = None

    def _fresh_code(self) -> str:
        while True:
            code = new_room_code()
            if code not in self.rooms:
                return code

    def _claim(self, room_key: str) -> tuple[str | None, bytes, Room | None]:
        """The code for a table opening its room with ``room_key``: ``(code, owner,
        room)`` where ``room`` is this key's own room still open under that code (the
        table reconnected before the relay noticed it had gone: it is replaced), and
        ``code`` is ``None`` when every code of this key is held by other keys."""
        owner = room_owner(self.key, room_key)
        for attempt in range(CODES_PER_KEY):
            code = room_code_for(self.key, room_key, attempt)
            room = self.rooms.get(code)
            if room is None:
                return code, owner, None
            if room.owner is not None and hmac.compare_digest(room.owner, owner):
                return code, owner, room
        return None, owner, None

    def _find_room(self, code: str | None) -> Room | None:
        if code is None:
            if self.require_code:
                return None
            return self.default_room
        wanted = code.strip().upper().encode()  # valid text: the codec checked it
        found = None
        for known, room in self.rooms.items():  # constant-time compare per room, as bytes:
            if hmac.compare_digest(known.encode(), wanted):  # (str only takes ASCII)
                found = room
        return found

    # ---- server ----

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen on ``host:port`` (``0``: any free port); returns the address bound.

        ``origins=[None]``: only handshakes *without* an ``Origin`` header are
        accepted. Browsers always send one, so no web page can open a connection to
        a table (cross-site websocket hijacking); non-browser clients (Parlour's own,
        a Python bot) send none. A client that does send an Origin gets HTTP 403.
        """
        self._server = await serve(
            self._handle,
            host,
            port,
            subprotocols=[LINK_SUBPROTOCOL, SUBPROTOCOL],  # the first only a table offers
            origins=[None],
            max_size=MAX_CLIENT_FRAME,
            max_queue=16,
            ping_interval=self.ping_interval,
            ping_timeout=self.ping_timeout,
            open_timeout=self.hello_timeout,
            close_timeout=5,
            process_request=self._process_request,
            compression=None,
            create_connection=DirectServerConnection,
        )
        sock = next(iter(self._server.sockets))
        bound = sock.getsockname()
        return bound[0], bound[1]

    async def stop(self) -> None:
        """Close every room and connection and stop listening. Players are closed with
        ``HOST_GONE``: the relay may be restarting, and their tables with it."""
        for room in {*self.rooms.values(), *( [self.default_room] if self.default_room else [])}:
            room.close_all(cc.HOST_GONE, "The relay is shutting down; the table may come back.")
        self.refusals.close()
        if self._server is not None:
            self._server.close()
            await asyncio.wait_for(self._server.wait_closed(), 10)
            self._server = None

    async def __aenter__(self) -> "Relay":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path != "/" and (path != HOST_PATH or not self.tables):
            return connection.respond(HTTPStatus.NOT_FOUND, "No such path; players use /.\n")
        address = _address(connection)
        if self._per_address[address] >= self.max_per_address:
            self.refusals.refused(address)
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections from your address.\n")
        return None

    async def _handle(self, ws: ServerConnection) -> None:
        address = _address(ws)
        self._per_address[address] += 1
        try:
            table = ws.request is not None and ws.request.path.split("?", 1)[0] == HOST_PATH
            if ws.subprotocol != SUBPROTOCOL and not (table and ws.subprotocol == LINK_SUBPROTOCOL):
                await ws.close(cc.BAD_HELLO, f"Speak the {SUBPROTOCOL} subprotocol.")
                return
            try:
                first = await asyncio.wait_for(ws.recv(), self.hello_timeout)
            except TimeoutError:
                await ws.close(cc.HELLO_TIMEOUT, "No hello in time.")
                return
            if table:
                await self._serve_host(ws, first)
            else:
                await self._serve_player(ws, address, first)
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("relay connection from %s failed", address)
            await ws.close(cc.INTERNAL, "internal error")
        finally:
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]

    async def _serve_player(self, ws: ServerConnection, address: str, first: str | bytes) -> None:
        try:
            hello = self.codec.decode_client(first)
        except ProtocolError as exc:
            await ws.close(cc.BAD_HELLO, close_reason(f"A hello first: {exc.reason}"))
            return
        if not isinstance(hello, Hello):
            await ws.close(cc.BAD_HELLO, "The first frame must be a hello.")
            return
        if hello.room is not None:
            wait = self.wrong_codes.retry_after(address)
            if wait > 0:
                await ws.close(cc.CODE_GUESSES, f"Too many wrong room codes from your address; "
                                                f"try again in {math.ceil(wait)} s.")
                return
        room = self._find_room(hello.room)
        if room is None or room.closed:
            if hello.room is None:
                await ws.close(cc.NO_ROOM, "This table needs a room code.")
                return
            self.wrong_codes.wrong(address, hello.room.upper())
            wait = self.wrong_codes.retry_after(address)
            if wait > 0:  # this one used the last try
                log.info("%s gave too many wrong room codes: refused for %d s", address, math.ceil(wait))
            await ws.close(cc.NO_ROOM, "No room with that code.")
            return
        assert isinstance(first, str)
        conn = next(self._conn_ids)
        room.outboxes[conn] = Outbox(ws, self.queue_limit, f"conn{conn}", text=True)
        bucket = TokenBucket(self.frame_rate, self.frame_burst)
        writes = _writes_of(asyncio.get_running_loop())
        done = False

        def message(frame: str | bytes) -> None:
            nonlocal done
            if done:
                return
            if not isinstance(frame, str):
                done = True
                room.close(conn, cc.BAD_FRAME, "Binary frames are not part of the protocol.")
            elif not bucket.take():
                done = True
                room.close(conn, cc.FLOOD, "Too many frames; slow down.")
            else:
                writes.hold()  # the table's answers (a move's snapshots, its outcome) in one go
                try:
                    room.host.peer_frame(conn, frame)
                finally:
                    writes.release()

        try:
            room.host.peer_joined(conn, address, first)
            if isinstance(ws, DirectMessages):  # each frame handled as it is parsed
                ws.on_message = message
            async for frame in ws:  # the rest (fragmented messages), in order
                message(frame)
            await ws.wait_closed()
        finally:
            box = room.outboxes.pop(conn, None)
            if box is not None:
                await asyncio.sleep(0)
                box.cancel()
            try:
                room.host.peer_left(conn)
            except Exception:
                log.exception("room host failed on peer_left(%d)", conn)

    async def _serve_host(self, ws: ServerConnection, first: str | bytes) -> None:
        try:
            opened = self.codec.decode_relay(first)
        except ProtocolError as exc:
            await ws.close(cc.BAD_HELLO, close_reason(f"open_room first: {exc.reason}"))
            return
        if not isinstance(opened, OpenRoom):
            await ws.close(cc.BAD_HELLO, "The first frame of a table must be open_room.")
            return
        code, owner, former = (self._fresh_code(), None, None) if opened.key is None else self._claim(opened.key)
        if code is None:
            await ws.close(cc.NO_ROOM, "This relay has no room code free for this table.")
            return
        if former is None and len(self.rooms) >= self.max_rooms:
            await ws.close(cc.NO_ROOM, "This relay holds no more rooms.")
            return
        if former is not None:  # the same table again: its old connection is stale
            if isinstance(former.host, _RemoteHost):
                former.host.outbox.close(cc.REPLACED, "The table opened its room again.")
            self.close_room(former, cc.HOST_GONE, "The table reconnected to the relay; come back in.")
        ws.protocol.max_message_size = MAX_HOST_FRAME + 4096  # a table sends big snapshots
        remote = _RemoteHost(ws, self.codec, queue_limit=self.queue_limit * 64)
        room = self.open_room(remote, opened.table, code=code, owner=owner)
        log.info("room %s %s by a table at %s: %s", room.code, "opened again" if former else "opened",
                 _address(ws), printable(opened.table, 40))
        await ws.send(self.codec.encode(RoomOpened(code=room.code or "")))
        refused: list[str] = []
        writes = _writes_of(asyncio.get_running_loop())

        def message(frame: str | bytes) -> None:
            if refused:
                return
            writes.hold()  # a batch's frames for the room's players written when it is read
            try:
                self._table_frame(room, frame, remote.batches)
            except (ProtocolError, UnicodeDecodeError) as exc:
                refused.append(close_reason(str(exc)))
                if isinstance(ws, DirectMessages):
                    ws.on_message = None
                    _close_soon(ws, cc.BAD_FRAME, refused[0])
            finally:
                writes.release()

        try:
            if isinstance(ws, DirectMessages):  # each frame handled as it is parsed
                ws.on_message = message
            async for frame in ws:  # the rest (fragmented messages), in order
                message(frame)
                if refused:
                    await ws.close(cc.BAD_FRAME, refused[0])
                    break
        finally:
            self.close_room(room, cc.HOST_GONE, "The table's host went away.")
            remote.outbox.cancel()
            log.info("room %s closed: %s", room.code, f"the table sent a bad frame ({refused[0]})"
                     if refused else "its table went away")


    def _table_frame(self, room: Room, frame: str | bytes, batches: bool) -> None:
        """One frame from a room's table (``/host``): a ``send`` or ``close`` envelope,
        or where the link speaks :data:`net.protocol.LINK_SUBPROTOCOL` (``batches``) a
        batch of them. Raises :class:`ProtocolError` or ``UnicodeDecodeError`` for
        anything else."""
        if not isinstance(frame, bytes):
            raise ProtocolError("after open_room a table sends binary frames")
        header, _, payload = frame.partition(b"\n")
        sizes = parse_batch(header) if batches else None  # (its checks are Batch's)
        if sizes is None:
            self._table_envelope(room, header, payload, batches)
            return
        for header, payload in unbatch(sizes, payload):
            send = parse_send(header)
            if send is None:
                self._table_envelope(room, header, payload, False)
                continue
            if not payload.isascii():
                payload.decode()  # UTF-8 is checked (UnicodeDecodeError), then sent as is
            room.send(send[0], payload, send[1])

    def _table_envelope(self, room: Room, header: bytes, payload: bytes, batches: bool) -> None:
        """One envelope from a room's table (see :meth:`_table_frame`); ``batches``: it
        may be a batch (it is not inside one)."""
        send = parse_send(header)
        message = send if send is not None else self.codec.decode_relay(header.decode())
        if send is not None or isinstance(message, SendTo):
            to, fresh = send if send is not None else (message.to, message.fresh)  # type: ignore[union-attr]
            if not payload.isascii():
                payload.decode()  # UTF-8 is checked (UnicodeDecodeError), then sent as is
            room.send(to, payload, fresh)
        elif isinstance(message, Batch):
            if not batches:
                raise ProtocolError(f"a batch needs the {LINK_SUBPROTOCOL} subprotocol (and is never nested)")
            for part in unbatch(message.sizes, payload):
                self._table_envelope(room, *part, False)
        elif isinstance(message, ClosePeer):
            room.close(message.conn, message.code, message.reason)
        else:
            raise ProtocolError(f"a table does not send {message.KIND}")  # type: ignore[attr-defined]


SERVING_GC_THRESHOLDS = (20_000, 20, 20)
"""The collector's thresholds in a process that serves (:func:`serve_gc`)."""


def serve_gc() -> None:
    """Tune the garbage collector for a process that from now on serves frames (a relay,
    tables): everything loaded so far (modules, codecs, rooms) is moved out of the
    collector's view (``gc.freeze``: never garbage, never traversed again), and
    collections come after :data:`SERVING_GC_THRESHOLDS` allocations, not Python's
    700/10/10. A relay allocates a few short-lived objects per frame, nearly all freed
    by reference counting; frequent collections that traverse every live object only
    cost time, and a full one over a big heap stalled the event loop tens of
    milliseconds (issue 11). Call it once, after setting up."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVING_GC_THRESHOLDS)


_CLOSING: set[asyncio.Task[None]] = set()  # held until done (the loop keeps only weak references)


def _close_soon(ws: ServerConnection | ClientConnection, *code_and_reason: object) -> None:
    """Close ``ws`` from a message handler, which cannot wait (net.connections)."""
    task = asyncio.ensure_future(ws.close(*code_and_reason))  # type: ignore[arg-type]
    _CLOSING.add(task)
    task.add_done_callback(_CLOSING.discard)


def _address(ws: ServerConnection) -> str:
    peer = ws.remote_address
    return str(peer[0]) if peer else "?"


LINK_MOST_DELAY = 2.0
"""Seconds at most between a table's attempts to reopen its room at a relay."""


def link_delays() -> Iterator[float]:
    """A table's backoff at a relay: 0.5 s, x1.6, at most :data:`LINK_MOST_DELAY`."""
    return default_delays(most=LINK_MOST_DELAY)


class RelayLink:
    """A table's :class:`RoomPort` at a remote relay (``parlour host --relay URL``).

    ``await RelayLink.open(url, table_name, host, key)`` connects to ``URL/host``, opens
    a room (:attr:`code` is its code: tell it to the players) and starts passing the
    room's events to ``host``. ``key``: the table's room key (:func:`room_key_from_seed`;
    ``None``: a random code that lasts one connection).

    When the connection to the relay ends (the relay restarted, the network dropped),
    every player of the room is told to ``host`` as gone (their seats are held as after
    any drop), and the link reconnects by itself with backoff (``reconnect_delays``;
    by default as players' clients do, but at most :data:`LINK_MOST_DELAY` s apart, so
    that the room is back before most players try again) and opens the room again with
    the same key: the relay gives the same code back, and the players' clients, which
    keep trying that code for a while, come back in with their seat tokens. :attr:`state` is ``open`` or
    ``reconnecting`` (with :attr:`reason` and :attr:`attempt`), or ``closed`` after
    :meth:`aclose`; :meth:`on_change` listeners hear of every change, a new code
    included (a relay that lost its key gives another one). :attr:`closed` is set once
    the link has stopped for good.

    :meth:`open` raises ``OSError`` or websockets' errors if the relay cannot be
    reached, :class:`ProtocolError` if it answers wrongly or refuses the room.
    """

    def __init__(self, url: str, table: str, host: RoomHost, key: str | None = None, *,
                 timeout: float = 10.0, reconnect_delays: Callable[[], Iterator[float]] = link_delays) -> None:
        self.url = url
        self.table = table
        self.host = host
        self.key = key
        self.timeout = timeout
        self.reconnect_delays = reconnect_delays
        self.codec = codec_for(None)
        self.code: str | None = None
        self.state = "connecting"
        self.reason = ""
        self.attempt = 0
        self.ws: ClientConnection | None = None
        self.outbox: Outbox | None = None
        self.batches = False  # the relay speaks LINK_SUBPROTOCOL: envelopes go in batches
        self._put: Callable[[bytes], None] | None = None
        self.closed = asyncio.Event()
        self._conns: set[int] = set()
        self._listeners: list[Callable[["RelayLink"], None]] = []
        self._closing = False
        self._told_code: str | None = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, table: str, host: RoomHost, key: str | None = None, *,
                   timeout: float = 10.0,
                   reconnect_delays: Callable[[], Iterator[float]] = link_delays) -> "RelayLink":
        link = cls(url, table, host, key, timeout=timeout, reconnect_delays=reconnect_delays)
        link._attach(*await link._open_room())
        link._task = asyncio.create_task(link._run(), name="parlour-relay-link")
        return link

    def on_change(self, listener: Callable[["RelayLink"], None]) -> Callable[[], None]:
        """Call ``listener(link)`` whenever :attr:`state` or :attr:`code` changes;
        returns the stopper."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def send(self, conns: Iterable[int], frame: str, fresh: str | None = None) -> None:
        to = tuple(conns)
        if to and self._put is not None:
            data = frame.encode() if type(frame) is str else frame
            self._put(send_header(to, fresh) + b"\n" + data)

    def close(self, conn: int, code: int, reason: str) -> None:
        if self._put is not None:
            self._put(envelope(ClosePeer(conn=conn, code=code, reason=close_reason(reason))))

    async def aclose(self) -> None:
        """Close the room for good (its players are closed with ``HOST_GONE``)."""
        self._closing = True
        if self.ws is not None:
            await self.ws.close()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._detach()
        self._set("closed", "The table left the relay.")
        self.closed.set()

    # ---- the connection ----

    async def _open_room(self) -> tuple[ClientConnection, str]:
        """Connect to the relay and open the room: ``(ws, code)``."""
        ws = await connect(
            self.url.rstrip("/") + HOST_PATH,
            subprotocols=[LINK_SUBPROTOCOL, SUBPROTOCOL],  # type: ignore[list-item]
            max_size=MAX_HOST_FRAME + 4096,
            open_timeout=self.timeout,
            compression=None,
            create_connection=DirectClientConnection,
        )
        try:
            await ws.send(self.codec.encode(OpenRoom(table=self.table, key=self.key)))
            reply = self.codec.decode_relay(await asyncio.wait_for(ws.recv(), self.timeout))
        except ConnectionClosed:
            raise ProtocolError(f"the relay refused the room: {ws.close_reason or 'no reason given'}") from None
        except BaseException:
            await ws.close()
            raise
        if not isinstance(reply, RoomOpened):
            await ws.close()
            raise ProtocolError("the relay did not open a room")
        return ws, reply.code

    def _attach(self, ws: ClientConnection, code: str) -> None:
        self.ws, self.code = ws, code
        self.outbox = Outbox(ws, limit=1_000_000, name="relay-link")
        self.batches = ws.subprotocol == LINK_SUBPROTOCOL
        self._put = Batcher(self.outbox).put if self.batches else self.outbox.put
        self._set("open")

    def _detach(self) -> None:
        """The connection is gone: so are the room's players, as far as ``host`` knows
        (unless the table is leaving on purpose: it closes them itself)."""
        if self.outbox is not None:
            self.outbox.cancel()
        self.ws = self.outbox = self._put = None
        for conn in sorted(self._conns) if not self._closing else ():
            try:
                self.host.peer_left(conn)
            except Exception:
                log.exception("room host failed on peer_left(%d)", conn)
        self._conns.clear()

    async def _run(self) -> None:
        """Read the room's events; when the connection ends, reopen the room."""
        try:
            while self.ws is not None:
                ws = self.ws
                await self._read(ws)
                self._detach()
                if self._closing:
                    return
                if ws.close_code == cc.REPLACED:  # another process holds this key now
                    self._set("closed", "This table's room was opened again elsewhere (a second copy "
                                        "of the table?); this copy has left the relay.")
                    return
                self._set("reconnecting", "The connection to the relay was lost; reopening the room…")
                await self._reopen()
        finally:
            self.closed.set()

    async def _reopen(self) -> None:
        """Open the room again, retrying with backoff until it opens (or :meth:`aclose`)."""
        delays = self.reconnect_delays()
        attempt = 0
        while not self._closing:
            attempt += 1
            try:
                self._attach(*await self._open_room())
                return
            except (OSError, InvalidHandshake, TimeoutError, ProtocolError) as exc:
                self._set("reconnecting", f"Cannot reopen the room at the relay: {exc}", attempt)
            except Exception as exc:  # a bug: logged, and tried again all the same
                log.exception("reopening the room at %s failed", self.url)
                self._set("reconnecting", f"Cannot reopen the room at the relay: {exc}", attempt)
            await asyncio.sleep(next(delays))

    async def _read(self, ws: ClientConnection) -> None:
        failed = False

        def message(frame: str | bytes) -> None:
            nonlocal failed
            if failed:
                return
            try:
                self._relay_frame(frame, self.batches)
            except Exception:
                failed = True
                log.exception("relay link failed")
                if isinstance(ws, DirectMessages):
                    ws.on_message = None
                    _close_soon(ws)

        try:
            if isinstance(ws, DirectMessages):  # each frame handled as it is parsed
                ws.on_message = message
            async for frame in ws:  # the rest (fragmented messages), in order
                message(frame)
                if failed:
                    await ws.close()
                    break
        except ConnectionClosed:
            pass
        finally:
            if isinstance(ws, DirectMessages):
                ws.on_message = None

    def _relay_frame(self, frame: str | bytes, batches: bool) -> None:
        """One frame from the relay: a player's frame, arrival or departure, or (where
        the link speaks :data:`net.protocol.LINK_SUBPROTOCOL`: ``batches``) a batch of
        them."""
        if not isinstance(frame, bytes):
            return
        header, _, payload = frame.partition(b"\n")
        conn = parse_frame(header)
        if conn is not None:  # (most often)
            self.host.peer_frame(conn, payload.decode())
            return
        sizes = parse_batch(header) if batches else None  # (its checks are Batch's)
        if sizes is None:
            self._relay_envelope(header, payload, batches)
            return
        for header, payload in unbatch(sizes, payload):
            conn = parse_frame(header)
            if conn is None:
                self._relay_envelope(header, payload, False)
            else:
                self.host.peer_frame(conn, payload.decode())

    def _relay_envelope(self, header: bytes, payload: bytes, batches: bool) -> None:
        """One envelope from the relay (see :meth:`_relay_frame`); ``batches``: it may
        be a batch (it is not inside one)."""
        conn = parse_frame(header)
        if conn is not None:
            self.host.peer_frame(conn, payload.decode())
            return
        message = self.codec.decode_relay(header.decode())
        if isinstance(message, Batch):
            if not batches:
                raise ProtocolError(f"a batch needs the {LINK_SUBPROTOCOL} subprotocol (and is never nested)")
            for part in unbatch(message.sizes, payload):
                self._relay_envelope(*part, False)
        elif isinstance(message, PeerJoined):
            self._conns.add(message.conn)
            self.host.peer_joined(message.conn, message.address, payload.decode())
        elif isinstance(message, PeerFrame):
            self.host.peer_frame(message.conn, payload.decode())
        elif isinstance(message, PeerGone):
            self._conns.discard(message.conn)
            self.host.peer_left(message.conn)

    def _set(self, state: str, reason: str = "", attempt: int = 0) -> None:
        news = (state, reason, attempt, self.code)
        if news == (self.state, self.reason, self.attempt, self._told_code):
            return
        self.state, self.reason, self.attempt, self._told_code = state, reason, attempt, self.code
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:
                log.exception("a relay link listener failed")


__all__ = [
    "Relay", "Room", "RoomHost", "RoomPort", "RelayLink", "Outbox", "Batcher", "TokenBucket", "WrongCodes",
    "address_key", "new_room_code", "room_code_for", "room_key_from_seed", "serve_gc", "CODE_ALPHABET",
    "CODE_LENGTH",
]
