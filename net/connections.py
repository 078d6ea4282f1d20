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
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import ServerConnection
from websockets.frames import BINARY, CONT, TEXT, CloseCode, Frame

log = logging.getLogger(__name__)

OnMessage = Callable[[str | bytes], None]

READ_SIZE = 64 * 1024
"""Most bytes a connection asks its socket for in one read (asyncio's default: 256 KiB)."""


class DirectMessages:
    """The mixin: :attr:`on_message` (``None``: websockets' queue, as usual)."""

    on_message: OnMessage | None = None
    _fragmented = False  # a fragmented message went to the queue and has not ended
    _queued = False  # a message went to the queue and may not have been read yet

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
