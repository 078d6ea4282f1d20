"""A table or relay that cannot be reached is said in a player's words, not the socket's
(``"[Errno 111] Connect call failed ('127.0.0.1', 7749)"`` was shown as it was), by one
helper, :func:`net.socket_words.reach_problem`, on the join screen and when hosting at a relay."""

from __future__ import annotations

import errno
import socket

import pytest
from websockets.asyncio.client import connect

from net.client import JoinError, RemoteSeatLink
from net.socket_words import REFUSED, reach_problem
from tests.net import toygame
from tests.net.wire import TIMEOUT


def closed_port() -> int:
    """A port on 127.0.0.1 nothing listens on (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_common_socket_errors_in_a_players_words():
    assert reach_problem(ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 7749)")) == REFUSED
    assert reach_problem(OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 7749), "
                                 "[Errno 111] Connect call failed ('127.0.0.1', 7749)")) == REFUSED
    assert reach_problem(TimeoutError()) == "no answer"
    assert reach_problem(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == "no such host"
    assert reach_problem(OSError(errno.EHOSTUNREACH, "Connect call failed ('10.0.0.9', 7749)")) == "No route to host"


async def test_a_join_where_nothing_listens_says_so_without_the_errno():
    url = f"ws://127.0.0.1:{closed_port()}"
    with pytest.raises(JoinError) as failed:
        await RemoteSeatLink(url, "Eve", toygame.GAME, open_timeout=TIMEOUT).connect()
    assert str(failed.value) == f"Could not reach a table at {url}: {REFUSED}."


async def test_hosting_at_a_relay_where_nothing_listens_says_so_without_the_errno():
    from tui.lan import HostSettings, host_error  # what `parlour host --relay` says

    url = f"ws://127.0.0.1:{closed_port()}"
    with pytest.raises(OSError) as refused:
        await connect(url, open_timeout=TIMEOUT)
    said = host_error(refused.value, HostSettings("Zed's table", "Zed", relay=url))
    assert said == f"Could not open a room at the relay {url}: {REFUSED}."
