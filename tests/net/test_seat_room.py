"""A seat is always yours to come back to (issue 8 §2): a seat token is checked before
the table's connection limits, watchers have their own cap, and at a full table the
newest watcher gives way (docs/protocol.md, "Connections at a table")."""

from __future__ import annotations

import json

from net import closecodes as cc
from net.server import Limits, Table
from tests.net import toygame
from tests.net.wire import FAST, close_code, frames_until, host_table, raw, seated, until


class Port:
    """A RoomPort that keeps what the table sent and whom it closed. Frames must be
    UTF-8 text, as a websocket carries them (the relay's outbox encodes each)."""

    code = None

    def __init__(self) -> None:
        self.frames: dict[int, list[dict]] = {}
        self.closed: dict[int, tuple[int, str]] = {}

    def send(self, conns, frame, fresh=None) -> None:
        data = json.loads(frame.encode("utf-8"))
        for conn in conns:
            self.frames.setdefault(conn, []).append(data)

    def close(self, conn: int, code: int, reason: str) -> None:
        reason.encode("utf-8")
        self.closed.setdefault(conn, (code, reason))

    def last(self, conn: int, kind: str) -> dict:
        return [f for f in self.frames.get(conn, []) if f["kind"] == kind][-1]


def hello(name: str, **fields) -> str:
    return json.dumps({"kind": "hello", "name": name, **fields})


async def started_table(limits: Limits) -> tuple[Table, Port, str]:
    """Host (connection 1) and Bob (2) seated and playing; returns Bob's token."""
    table = Table(toygame.GAME, "Full house", limits=limits, bot_delay=0, seed=3)
    port = Port()
    table.attach(port)  # type: ignore[arg-type]
    table.peer_joined(1, "192.0.2.1", hello("Ann", host_key=table.host_key))
    table.peer_joined(2, "192.0.2.2", hello("Bob"))
    for conn in (1, 2):
        table.peer_frame(conn, json.dumps({"kind": "command", "name": "join"}))
    table.peer_frame(1, json.dumps({"kind": "command", "name": "start"}))
    assert table.started
    return table, port, port.last(2, "welcome")["token"]


async def test_watchers_up_to_their_cap_leave_room_for_a_returning_seat():
    """The issue's case: spectators from a few addresses filled the table; the seated
    player who dropped got 4012 (final) coming back with a valid token."""
    limits = Limits()
    table, port, token = await started_table(limits)
    try:
        watchers = range(3, 3 + limits.spectators)
        for conn in watchers:
            table.peer_joined(conn, f"198.51.100.{conn % 4}", hello("Sam"))
        assert not port.closed
        extra = 3 + limits.spectators
        table.peer_joined(extra, "198.51.100.9", hello("Sam"))
        assert port.closed[extra][0] == cc.TABLE_FULL and "watchers" in port.closed[extra][1]
        table.peer_left(extra)

        table.peer_left(2)  # Bob's connection drops
        table.peer_joined(99, "192.0.2.2", hello("Bob", token=token))

        assert 99 not in port.closed
        assert port.last(99, "welcome")["seat"] == 1
        assert port.last(99, "snapshot")["seat"] == 1
        assert set(port.closed) == {extra}  # nobody had to give way
    finally:
        await table.stop()


async def test_at_a_full_table_the_newest_watcher_gives_way_to_a_returning_seat():
    limits = Limits(connections=6, spectators=6)
    table, port, token = await started_table(limits)
    try:
        for conn in (3, 4, 5, 6):
            table.peer_joined(conn, "198.51.100.1", hello(f"Sam {conn}"))
        table.peer_joined(7, "198.51.100.1", hello("Late"))
        assert port.closed[7][0] == cc.TABLE_FULL  # 6 connections: full
        table.peer_left(7)
        table.peer_left(2)  # Bob drops
        table.peer_joined(8, "198.51.100.1", hello("Newest"))  # takes the free place
        assert 8 not in port.closed

        table.peer_joined(9, "192.0.2.2", hello("Bob", token=token))

        assert port.closed[8][0] == cc.MADE_ROOM and "makes room" in port.closed[8][1]
        assert all(conn not in port.closed for conn in (1, 3, 4, 5, 6, 9))
        assert port.last(9, "welcome")["seat"] == 1
        table.peer_left(8)
        table.peer_joined(10, "198.51.100.1", hello("Another"))
        assert port.closed[10][0] == cc.TABLE_FULL
    finally:
        await table.stop()


async def test_a_seat_replacing_its_own_connection_needs_no_room_and_the_host_always_gets_in():
    limits = Limits(connections=4, spectators=4)
    table, port, token = await started_table(limits)
    try:
        table.peer_joined(3, "198.51.100.1", hello("Sam"))
        table.peer_joined(4, "198.51.100.1", hello("Kim"))
        # Bob's second connection replaces his first: nobody gives way
        table.peer_joined(5, "192.0.2.2", hello("Bob", token=token))
        assert port.closed == {2: (cc.REPLACED, port.closed[2][1])}
        table.peer_left(2)
        # the host's own program opens a second window on a full table: let in
        table.peer_joined(6, "192.0.2.1", hello("Ann", host_key=table.host_key))
        assert 6 not in port.closed and port.last(6, "welcome")["host"]
        assert port.closed[4][0] == cc.MADE_ROOM
    finally:
        await table.stop()


def loose(**caps) -> Limits:
    return Limits(chat_rate=FAST.chat_rate, chat_burst=FAST.chat_burst, intent_rate=FAST.intent_rate,
                  intent_burst=FAST.intent_burst, **caps)


async def watcher(hosted, name: str):
    ws = await raw(hosted.local_url, {"name": name})
    await frames_until(ws, "welcome")
    return ws


async def test_over_loopback_a_dropped_player_reconnects_to_a_table_full_of_watchers():
    """Fill the table with watchers to their cap, drop a seated player: the client
    reconnects by itself with its token and gets its seat back."""
    hosted = await host_table(toygame.GAME, limits=loose(connections=4, spectators=2))
    try:
        p0, p1 = await seated(hosted, ("P0", "P1"))
        watchers = [await watcher(hosted, "W1"), await watcher(hosted, "W2")]
        refused = await raw(hosted.local_url, {"name": "W3"})
        assert await close_code(refused) == cc.TABLE_FULL
        states: list[str] = []
        p1.on_status(lambda status: states.append(status.state))

        p1._ws.transport.abort()  # the network drops

        await until(lambda: "reconnecting" in states and p1.status.online, what="P1 back")
        assert p1.seat == 1 and p1.snapshot().seat == 1
        assert hosted.table.lobby.seats[1].status == "here"
        for ws in watchers:
            assert ws.close_code is None
            await ws.close()
        await p0.close()
        await p1.close()
    finally:
        await hosted.stop()


async def test_over_loopback_the_newest_watcher_gives_way_with_4013():
    hosted = await host_table(toygame.GAME, limits=loose(connections=4, spectators=3))
    try:
        p0, p1 = await seated(hosted, ("P0", "P1"))
        bob = await raw(hosted.local_url, {"name": "Bob", "token": p1.token})  # P1's seat, raw
        await frames_until(bob, "snapshot")
        watchers = [await watcher(hosted, "W1"), await watcher(hosted, "W2")]
        bob.transport.abort()  # drops: its place is free
        await until(lambda: hosted.table.lobby.seats[1].status == "away", what="seat held")
        newest = await watcher(hosted, "W3")  # and is taken: 4 of 4

        back = await raw(hosted.local_url, {"name": "Bob", "token": p1.token})

        assert (await frames_until(back, "welcome"))["seat"] == 1
        assert await close_code(newest) == cc.MADE_ROOM
        assert "makes room" in newest.close_reason
        for ws in watchers:
            assert ws.close_code is None
            await ws.close()
        await back.close()
        await p0.close()
        await p1.close()
    finally:
        await hosted.stop()
