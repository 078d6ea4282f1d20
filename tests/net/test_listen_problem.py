"""A port a table or relay cannot listen on is said in a player's words (the host form
said ``Could not listen on port 7540: Address already in use.``, the system's), by one
helper, :func:`net.socket_words.listen_problem`, which reads the error's number as
:func:`net.socket_words.reach_problem` does on the joining side."""

from __future__ import annotations

import errno
import socket

import pytest

from net.relay import Relay
from net.socket_words import listen_problem, port_in_use


async def test_a_port_in_use_is_said_so_with_what_to_do():
    """A real clash (a socket holds the port): in use, who may hold it, choose another."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError) as clash:
            await Relay(require_code=False).start("127.0.0.1", port)
    assert port_in_use(clash.value)
    assert listen_problem(clash.value, port) == (
        f"Port {port} is in use (another table or program listens there): choose another port.")
    assert listen_problem(clash.value, port, "choose another with --port").endswith(": choose another with --port.")


@pytest.mark.parametrize("error, port, said", [
    (PermissionError(errno.EACCES, "Permission denied"), 80,
     "Port 80 is below 1024, where only an administrator may listen: choose one above 1023."),
    (PermissionError(errno.EACCES, "Permission denied"), 5000, "Could not listen on port 5000: Permission denied."),
    (OSError(errno.EADDRNOTAVAIL, "error while attempting to bind on address ('10.9.9.9', 7540): cannot assign "
                                  "requested address"), 7540,
     "Could not listen on port 7540: Cannot assign requested address."),
    (OSError("Multiple exceptions: [Errno 98] error while attempting to bind on address ('::1', 7540), "
             "[Errno 98] error while attempting to bind on address ('127.0.0.1', 7540)"), 7540,
     "Port 7540 is in use (another table or program listens there): choose another port."),
    (OSError("something odd"), 7540, "Could not listen on port 7540: something odd."),
], ids=["below 1024", "not allowed above 1023", "no such address", "several addresses in use", "no number"])
def test_other_listening_errors_in_a_players_words(error, port, said):
    """Not allowed below 1024 says why and what to do; anything else keeps the system's
    words without the errno number (asyncio's several-address message read as well)."""
    assert listen_problem(error, port) == said
