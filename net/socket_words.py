"""Socket errors in a player's words rather than the socket's: why a table or relay
could not be reached (:func:`reach_problem`: the join screen, a table opening a room at
a relay), and why a table or relay could not listen on its port
(:func:`listen_problem`: ``parlour host``, the host form, ``parlour relay``). One place
reads the error's number, so both sides say the same errors the same way."""

from __future__ import annotations

import errno
import os
import re
import socket

REFUSED = "nothing is listening there (is the relay or table running, and the port right?)"
"""What a refused connection means to a player (a relay's or a table's address)."""

IN_USE = "in use (another table or program listens there)"
"""What a port that cannot be listened on because something has it means to a player."""


def error_number(error: BaseException) -> int | None:
    """``error``'s errno: its own, else the first ``[Errno N]`` in its message (asyncio's
    ``"Multiple exceptions: [Errno 111] …"`` for ``::1`` and ``127.0.0.1``); ``None``
    for an error without one (not an ``OSError``, or none given)."""
    if not isinstance(error, OSError):
        return None
    if error.errno is None and (found := re.search(r"\[Errno (\d+)\]", str(error))):
        return int(found.group(1))
    return error.errno


def reach_problem(error: BaseException) -> str:
    """Why a table or relay could not be reached, in a player's words rather than the
    socket's: refused → :data:`REFUSED`, a timeout → ``"no answer"``, an unknown host →
    ``"no such host"``; any other OSError → its message without the errno number
    (``"No route to host"``); anything else → ``str(error)``."""
    number = error_number(error)
    if isinstance(error, socket.gaierror):
        return "no such host" if number in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", None)) else (
            error.strerror or str(error))
    if number == errno.ECONNREFUSED:
        return REFUSED
    if isinstance(error, TimeoutError) or number == errno.ETIMEDOUT:
        return "no answer"
    if number is not None:
        return os.strerror(number)
    return str(error) or type(error).__name__


def port_in_use(error: BaseException) -> bool:
    """Whether ``error`` (raised by listening) says its port is in use."""
    return error_number(error) == errno.EADDRINUSE


def listen_problem(error: BaseException, port: int, other: str = "choose another port") -> str:
    """Why this machine could not listen on ``port`` (``error``: what listening raised),
    as one sentence in a player's words ending with what to do; ``other``: how to pick
    another port, said for a port in use. In use: ``"Port 7540 is in use (another table
    or program listens there): choose another port."``; not allowed below 1024: ``"Port
    80 is below 1024, where only an administrator may listen: choose one above 1023."``;
    anything else in the system's words, without the errno number: ``"Could not listen
    on port 7540: Cannot assign requested address."``"""
    number = error_number(error)
    if number == errno.EADDRINUSE:
        return f"Port {port} is {IN_USE}: {other}."
    if number in (errno.EACCES, errno.EPERM) and 0 < port < 1024:
        return f"Port {port} is below 1024, where only an administrator may listen: choose one above 1023."
    words = os.strerror(number) if number is not None else str(error) or type(error).__name__
    return f"Could not listen on port {port}: {words}."
