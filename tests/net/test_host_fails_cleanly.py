"""A table that fails to start after it began listening lets go of everything it took
(stop 22's left item: :func:`net.cli.serve_table`'s steps after the relay started had no
way back): the port is free for the next try and the save may be hosted again."""

from __future__ import annotations

import socket

import pytest

from net import cli
from net.cli import serve_table
from net.saves import SaveLock
from tests.net import toygame
from tests.net.wire import FAST


async def test_a_failure_after_listening_frees_the_port_and_the_save(tmp_path, monkeypatch):
    ports = []

    def fails(bind):  # (the step after the relay is listening)
        ports.append(bind)
        raise RuntimeError("no address")

    with socket.socket() as probe:  # a port free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(cli, "_lan_address", fails)
    path = tmp_path / "save.json"
    with pytest.raises(RuntimeError, match="no address"):
        await serve_table(toygame.GAME, "Test table", bind="127.0.0.1", port=port, advertise=False,
                          save=path, seed=4, limits=FAST, bot_delay=0)
    assert ports == ["127.0.0.1"]  # (it failed where meant: after listening)
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))  # OSError (address in use) if the relay still listened
    lock = SaveLock(path)
    lock.take()  # SaveError if the failed table still held its save
    lock.release()
