"""Websocket connections that hand each whole message straight to a callback (issue 11).

websockets' asyncio connection queues every message it parses and wakes the task
reading the connection (``async for message in ws``): a future, a task step and a few
coroutine frames per message, about a third of what a relay spends on a frame it
only routes. A :class:`DirectServerConnection` (for ``serve(create_connection=...)``)
or :class:`DirectClientConnection` (for ``connect(create_connection=...)``) whose
:attr:`~DirectMessages.on_message` is set calls it instead, on the event loop, in
the same turn that parsed the message: a text message as ``str``, a binary one as
``bytes``. Everything else is websockets' own: pings, pongs and close frames, the size
limit, UTF-8 checks (invalid UTF-8 in a text message closes the connection with 1007,
as websockets' ``recv`` does).

Order is kept: a fragmented message, and every message after it until the queue of
the reading task is empty again, goes the usual way, to ``recv`` / ``async for``; the
reader then treats what it gets exactly as ``on_message`` would. So a handler keeps its
``async for`` loop (which also ends when the connection closes) and sets
``on_message`` to the same function the loop calls.

``on_message`` must not raise; if it does, the exception is logged and the connection
fails with 1011 (internal error).

Reads: asyncio's socket transport asks the kernel for up to 256 KiB per read, and
CPython allocates that whole buffer before shrinking it to what arrived: for the few
hundred bytes of a move, that allocation costs four times the ``recv`` itself (about
13 µs on the bench machine, issue 11). Both connection classes read at most
:data:`READ_SIZE` bytes at a time instead; a bigger message just takes more reads.

Writes: :meth:`~DirectMessages.hold_message` frames a whole message at once and holds
its bytes; :meth:`~DirectMessages.write_held` writes everything held in one transport
write (a relay's outbox puts a move's frames for one player together). Without
extensions (the relay turns compression off) a frame is a 2-, 4- or 10-byte header, for
a client a 4-byte mask (from ``secrets``, applied with websockets' ``apply_mask``), and
the payload: written here, that costs a tenth of websockets' ``Frame.serialize`` (a
frame object, its checks, a ``BytesIO`` and two copies of the payload; issue 11). Held
bytes always go out before anything websockets writes afterwards (a pong, a close
frame): its writes pass through ``send_data``, which writes what is held first.
"""

from __future__ import annotations

import logging
import secrets
import struct
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import ServerConnection
from websockets.frames import BINARY, CONT, TEXT, CloseCode, Frame
from websockets.protocol import CLIENT

try:  # websockets' own C version, else its Python one
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover
    from websockets.utils import apply_mask

log = logging.getLogger(__name__)

OnMessage = Callable[[str | bytes], None]

READ_SIZE = 64 * 1024
"""Most bytes a connection asks its socket for in one read (asyncio's default: 256 KiB)."""


_FIN_TEXT, _FIN_BINARY = 0x80 | TEXT.value, 0x80 | BINARY.value
_SHORT, _MEDIUM, _LONG = struct.Struct("!BB").pack, struct.Struct("!BBH").pack, struct.Struct("!BBQ").pack


def frame_header(length: int, text: bool, masked: bool = False) -> bytes:
    """The header of a whole, uncompressed websocket message of ``length`` payload bytes
    (RFC 6455 section 5.2): FIN, the text or binary opcode, the mask bit (``masked``: a
    client's; the 4-byte mask follows the header), the length."""
    first = _FIN_TEXT if text else _FIN_BINARY
    mask = 0x80 if masked else 0
    if length < 126:
        return _SHORT(first, mask | length)
    if length < 65536:
        return _MEDIUM(first, mask | 126, length)
    return _LONG(first, mask | 127, length)


class DirectMessages:
    """The mixin: :attr:`on_message` (``None``: websockets' queue, as usual), and
    :meth:`hold_message` / :meth:`write_held`."""

    on_message: OnMessage | None = None
    _fragmented = False  # a fragmented message went to the queue and has not ended
    _queued = False  # a message went to the queue and may not have been read yet
    _held: list[bytes] | None = None  # framed messages not yet written (None: none)
    _own_frames: bool | None = None  # frames written here (no extensions)
    _masked = False  # a client's frames (masked)

    def hold_message(self, payload: bytes, text: bool) -> None:
        """Frame ``payload`` as one whole message (``text``: a text message, whose
        payload the caller has checked is UTF-8; else binary) and hold its bytes for
        :meth:`write_held`. Only while the connection is open and no fragmented
        message is being sent (``send_in_progress`` is ``None``): the caller checks."""
        own = self._own_frames
        if own is None:
            protocol = self.protocol  # type: ignore[attr-defined]
            own = self._own_frames = not protocol.extensions
            self._masked = protocol.side is CLIENT
        held = self._held
        if held is None:
            held = self._held = []
        if not own:
            protocol = self.protocol  # type: ignore[attr-defined]
            if text:
                protocol.send_text(payload)
            else:
                protocol.send_binary(payload)
            held += protocol.data_to_send()
        elif self._masked:  # a client's frame: masked with 4 unpredictable bytes (section 5.3)
            mask = secrets.token_bytes(4)
            held.append(frame_header(len(payload), text, True) + mask)
            if payload:
                held.append(apply_mask(payload, mask))
        else:
            held.append(frame_header(len(payload), text))
            if payload:  # (an empty chunk would mean the end of the stream)
                held.append(payload)

    def write_held(self) -> None:
        """Write the held messages, then anything websockets' protocol holds, in one
        transport write (an empty chunk from the protocol ends the stream, as websockets'
        own ``send_data`` does). A transport that fails is left to the connection's reader,
        which sees it close."""
        held, self._held = self._held, None
        chunks = self.protocol.data_to_send()  # type: ignore[attr-defined]
        if held is None:
            if not chunks:
                return
            held = chunks
        elif chunks:
            held += chunks
        transport = self.transport  # type: ignore[attr-defined]
        try:
            transport.write(b"".join(held))
            if not all(held) and transport.can_write_eof():  # an end-of-stream mark
                transport.write_eof()
        except Exception:
            log.debug("a direct write failed", exc_info=True)

    def send_data(self) -> None:
        """websockets' own writes (pongs, close frames, ``send``) come after what is
        held."""
        if self._held is not None:
            self.write_held()
        else:
            super().send_data()  # type: ignore[misc]

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        if type(getattr(transport, "max_size", None)) is int and transport.max_size > READ_SIZE:
            transport.max_size = READ_SIZE  # (asyncio's socket transports read this per read)

    def process_event(self, event: Any) -> None:
        handler = self.on_message
        if type(event) is not Frame:  # the handshake's request or response
            super().process_event(event)  # type: ignore[misc]
            return
        opcode = event.opcode
        message_frame = opcode is TEXT or opcode is BINARY
        if handler is None or not message_frame or not event.fin or self._fragmented \
                or (self._queued and self._unread()):
            if message_frame:
                self._fragmented = not event.fin
                self._queued = True
            elif opcode is CONT and event.fin:
                self._fragmented = False
            super().process_event(event)  # type: ignore[misc]
            return
        data = bytes(event.data)
        if opcode is TEXT:
            try:
                message: str | bytes = data.decode()
            except UnicodeDecodeError as exc:
                self._fail(CloseCode.INVALID_DATA, f"{exc.reason} at position {exc.start}")
                return
        else:
            message = data
        try:
            handler(message)
        except Exception:
            log.exception("a message handler failed")
            self._fail(CloseCode.INTERNAL_ERROR, "internal error")

    def _unread(self) -> bool:
        """Whether messages wait in websockets' queue for the reading task (once none
        do, the queue is not asked again until another message goes to it)."""
        if len(self.recv_messages.frames):  # type: ignore[attr-defined]
            return True
        self._queued = False
        return False

    def _fail(self, code: CloseCode, reason: str) -> None:
        self.on_message = None
        self.protocol.fail(code, reason)  # type: ignore[attr-defined]
        self.send_data()  # type: ignore[attr-defined]


class DirectServerConnection(DirectMessages, ServerConnection):
    """A server connection with :attr:`DirectMessages.on_message`."""


class DirectClientConnection(DirectMessages, ClientConnection):
    """A client connection with :attr:`DirectMessages.on_message`."""


__all__ = ["DirectMessages", "DirectServerConnection", "DirectClientConnection", "OnMessage", "READ_SIZE"]
