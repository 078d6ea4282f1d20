"""Helpers for the loopback tests: tables on 127.0.0.1 port 0, clients, raw sockets,
bounded waits. No test here waits without a bound."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection, connect

from net.cli import HostedTable, serve_table
from net.client import RemoteSeatLink
from net.protocol import SUBPROTOCOL
from net.server import Limits

TIMEOUT = 5.0
FAST = Limits(chat_rate=100, chat_burst=100, intent_rate=200, intent_burst=200)
"""Rate limits loose enough for tests that play as fast as they can."""


def fast_delays():
    """Reconnect backoff for tests: 50 ms, then 100 ms."""
    yield 0.05
    while True:
        yield 0.1


async def until(predicate: Callable[[], Any], timeout: float = TIMEOUT, what: str = "condition") -> Any:
    """Poll ``predicate`` every 10 ms until it is truthy; ``AssertionError`` after ``timeout``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def host_table(game, save: Path | bool = False, **kwargs: Any) -> HostedTable:
    kwargs.setdefault("limits", FAST)
    kwargs.setdefault("bot_delay", 0)
    kwargs.setdefault("seed", 11)
    return await serve_table(game, "Test table", bind="127.0.0.1", port=kwargs.pop("port", 0),
                             advertise=False, save=save, **kwargs)


async def join(hosted: HostedTable, name: str, host: bool = False, **kwargs: Any) -> RemoteSeatLink:
    kwargs.setdefault("reconnect_delays", fast_delays)
    kwargs.setdefault("open_timeout", TIMEOUT)
    if host:
        link = hosted.link(name, **kwargs)
    else:
        link = RemoteSeatLink(hosted.local_url, name, hosted.table.game, room=hosted.code, **kwargs)
    await asyncio.wait_for(link.connect(), TIMEOUT)
    return link


async def seated(hosted: HostedTable, names: tuple[str, ...], bots: tuple[str, ...] = ()) -> list[RemoteSeatLink]:
    """Join ``names`` (the first is the host), seat them in order, add ``bots``, start."""
    links = []
    for i, name in enumerate(names):
        link = await join(hosted, name, host=i == 0)
        await link.say("/join")
        await until(lambda: link.seat is not None, what=f"{name} seated")
        links.append(link)
    for kind in bots:
        await links[0].say(f"/bot add {kind}")
    await until(lambda: hosted.table.lobby.seated_count() == len(names) + len(bots), what="bots seated")
    await links[0].say("/start")
    await until(lambda: all(link.has_snapshot for link in links), what="first snapshots")
    return links


async def raw(url: str, hello: dict | None = None, **kwargs: Any) -> ClientConnection:
    """A bare websocket to ``url`` with the subprotocol, optionally saying ``hello``."""
    ws = await asyncio.wait_for(connect(url, subprotocols=[SUBPROTOCOL], max_size=2**20, **kwargs), TIMEOUT)
    if hello is not None:
        await ws.send(json.dumps({"kind": "hello", **hello}))
    return ws


async def frames_until(ws: ClientConnection, kind: str, timeout: float = TIMEOUT) -> dict:
    """Read frames until one of ``kind`` arrives; returns it decoded."""
    async def read() -> dict:
        while True:
            data = json.loads(await ws.recv())
            if data["kind"] == kind:
                return data

    return await asyncio.wait_for(read(), timeout)


async def close_code(ws: ClientConnection, timeout: float = TIMEOUT) -> int | None:
    """Drain ``ws`` until it closes; its close code."""
    async def drain() -> None:
        try:
            async for _ in ws:
                pass
        except Exception:
            pass

    await asyncio.wait_for(drain(), timeout)
    return ws.close_code


class ErrorLog(logging.Handler):
    """Collects ERROR records of the ``net`` loggers (a bug that was caught and logged)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> "ErrorLog":
        logging.getLogger("net").addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("net").removeHandler(self)


async def crash(hosted: HostedTable) -> None:
    """Stop a hosted table as a crash would: sockets cut with no close frame, nothing
    saved on the way out, the listening socket gone."""
    relay = hosted.relay
    assert relay is not None and relay._server is not None
    server = relay._server
    server.close(close_connections=False)
    for ws in list(server.connections):
        ws.transport.abort()
    await asyncio.wait_for(server.wait_closed(), TIMEOUT)
    hosted.table.saver = None
    if hosted.lock is not None:  # a crashed process's lock on its save goes with it
        hosted.lock.release()
    if hosted.table.host is not None:
        await hosted.table.host.stop()
    for task in list(hosted.table._tasks):
        task.cancel()
