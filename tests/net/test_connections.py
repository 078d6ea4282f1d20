"""Messages handed straight to the relay's handlers as they are parsed (net.connections,
issue 11): order kept with fragmented messages, UTF-8 still checked, limits still kept."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from net import closecodes as cc
from net.connections import DirectServerConnection
from net.protocol import SUBPROTOCOL
from net.relay import Relay
from tests.net.wire import TIMEOUT, close_code, raw, until


class Recorder:
    """A RoomHost that keeps every frame its players send."""

    port = None

    def __init__(self) -> None:
        self.frames: list[str] = []

    def peer_joined(self, conn: int, address: str, hello: str) -> None:
        pass

    def peer_frame(self, conn: int, frame: str) -> None:
        self.frames.append(frame)

    def peer_left(self, conn: int) -> None:
        pass


async def _relay_with(recorder: Recorder, **kwargs) -> tuple[Relay, str]:
    relay = Relay(require_code=True, **kwargs)
    host, port = await relay.start("127.0.0.1", 0)
    recorder.port = relay.open_room(recorder, "rec", code="REC234")
    return relay, f"ws://{host}:{port}"


async def test_fragmented_and_whole_messages_reach_the_table_in_the_order_sent():
    recorder = Recorder()
    relay, url = await _relay_with(recorder)
    ws = await raw(url, {"name": "Ann", "room": "REC234"})
    await ws.send("one")
    await ws.send(iter(["tw", "o"]))  # a fragmented message: through websockets' queue
    await ws.send("three")
    await ws.send(iter(["fo", "u", "r"]))
    for n in range(5, 40):
        await ws.send(str(n))
    await until(lambda: len(recorder.frames) == 39, what="all frames")
    assert recorder.frames == ["one", "two", "three", "four", *map(str, range(5, 40))]
    await ws.close()
    await relay.stop()


async def test_the_relay_serves_players_on_direct_connections():
    recorder = Recorder()
    relay, url = await _relay_with(recorder)
    ws = await raw(url, {"name": "Ann", "room": "REC234"})
    await ws.send("hello again")
    await until(lambda: recorder.frames == ["hello again"], what="a frame")
    connections = [c for c in relay._server.connections]  # type: ignore[union-attr]
    assert connections and all(isinstance(c, DirectServerConnection) for c in connections)
    await ws.close()
    await relay.stop()


async def test_invalid_utf8_in_a_text_frame_closes_the_connection_1007():
    recorder = Recorder()
    relay, url = await _relay_with(recorder)
    ws = await raw(url, {"name": "Ann", "room": "REC234"})
    await ws.send("fine")
    await until(lambda: recorder.frames == ["fine"], what="the first frame")
    await ws.send(b"\xff\xfe", text=True)  # a text frame that is not UTF-8
    assert await close_code(ws) == 1007
    assert recorder.frames == ["fine"]
    await relay.stop()


async def test_binary_frames_and_floods_still_close_the_player():
    recorder = Recorder()
    relay, url = await _relay_with(recorder, frame_rate=1, frame_burst=3)
    binary = await raw(url, {"name": "Bin", "room": "REC234"})
    await binary.send(b"\x00\x01")
    assert await close_code(binary) == cc.BAD_FRAME
    flood = await raw(url, {"name": "Flo", "room": "REC234"})
    for n in range(6):
        await flood.send(f"f{n}")
    assert await close_code(flood) == cc.FLOOD
    assert recorder.frames == ["f0", "f1", "f2"]  # the burst, then nothing after the close
    await relay.stop()


async def test_a_table_sending_text_after_open_room_is_closed_bad_frame():
    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    async with connect(f"ws://{host}:{port}/host", subprotocols=[SUBPROTOCOL]) as ws:  # type: ignore[list-item]
        await ws.send(json.dumps({"kind": "open_room", "table": "T", "key": None}))
        opened = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        assert opened["kind"] == "room"
        await ws.send("not an envelope")
        assert await close_code(ws) == cc.BAD_FRAME
    assert relay.rooms == {}
    await relay.stop()



async def test_a_message_bigger_than_one_read_arrives_whole():
    """issue 11: connections read at most READ_SIZE bytes at a time (asyncio's default
    256 KiB buffer cost more than the read itself); a message spanning several reads
    (a table's batch on its link can be megabytes) is still handed over whole, in order
    with the messages around it."""
    from websockets.asyncio.server import serve

    from net.connections import READ_SIZE, DirectClientConnection

    got: list[str] = []
    sizes: list[int] = []

    async def handler(ws) -> None:
        sizes.append(ws.transport.max_size)
        ws.on_message = got.append
        async for message in ws:
            got.append(message)

    async with serve(handler, "127.0.0.1", 0, max_size=None, create_connection=DirectServerConnection) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}", max_size=None,
                           create_connection=DirectClientConnection) as ws:
            assert ws.transport.max_size == READ_SIZE
            big = "x" * (5 * READ_SIZE + 123)
            await ws.send("before")
            await ws.send(big)
            await ws.send("after")
            await until(lambda: len(got) == 3, what="three messages")
    assert sizes == [READ_SIZE]
    assert got == ["before", big, "after"]


async def test_messages_waiting_in_the_queue_when_a_handler_is_set_keep_their_order():
    """issue 11: messages that went to websockets' queue (no handler yet) are read from
    it before any later message reaches the handler, and a message arriving while some
    still wait there joins them; once the queue is empty, messages go to the handler."""
    from websockets.asyncio.server import serve

    got: list[object] = []
    conns: list[DirectServerConnection] = []
    reading = asyncio.Event()

    async def handler(ws: DirectServerConnection) -> None:
        conns.append(ws)
        await until(lambda: len(ws.recv_messages.frames) == 3, what="three queued")
        ws.on_message = got.append
        await asyncio.wait_for(reading.wait(), TIMEOUT)
        async for message in ws:
            got.append(("queue", message))

    async with serve(handler, "127.0.0.1", 0, create_connection=DirectServerConnection) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}") as ws:
            try:
                for message in "abc":
                    await ws.send(message)
                await until(lambda: conns and conns[0].on_message is not None, what="handler set")
                await ws.send("d")  # three still wait in the queue: it joins them
                await until(lambda: len(conns[0].recv_messages.frames) == 4, what="d queued")
                reading.set()
                await until(lambda: len(got) == 4, what="the queue read")
                await ws.send("e")  # the queue is empty: straight to the handler
                await until(lambda: len(got) == 5, what="e handled")
            finally:
                reading.set()
    assert got == [("queue", "a"), ("queue", "b"), ("queue", "c"), ("queue", "d"), "e"]


async def test_what_is_sent_while_a_frame_is_handled_is_written_when_it_ends():
    """issue 11: frames handed to websockets while the relay handles a frame (a move's
    snapshots and outcome, sent by the table as it judges a player's intent) are
    written as soon as the handling ends, not by a callback turns of the loop later;
    holds nest; outside one, the usual callback writes them."""
    from net.relay import _writes_of

    writes = _writes_of(asyncio.get_running_loop())
    flushed: list[object] = []

    class Box:
        def _flush(self) -> None:
            flushed.append(self)

    box = Box()
    writes.hold()
    writes.add(box)  # type: ignore[arg-type]
    writes.hold()
    writes.release()  # the inner handling ends: the outer still holds
    assert flushed == []
    writes.release()
    assert flushed == [box]
    writes.add(box)  # type: ignore[arg-type]
    assert flushed == [box]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert flushed == [box, box]


def test_frame_headers_are_those_websockets_writes_for_a_server():
    """issue 11 (frames written by the relay itself): for every length class of RFC 6455
    section 5.2 (7-bit, 16-bit and 64-bit lengths, and their edges), text and binary, the
    header plus the payload are byte for byte what websockets' own serializer writes for
    an unmasked, uncompressed whole message; a client's (masked) header is websockets'
    too, its 4-byte mask after it."""
    from websockets.frames import BINARY, TEXT, Frame

    from net.connections import frame_header

    for length in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        payload = b"x" * length
        for text, opcode in ((True, TEXT), (False, BINARY)):
            theirs = Frame(opcode, payload).serialize(mask=False, extensions=[])
            assert frame_header(length, text) + payload == theirs, (length, text)
            masked = Frame(opcode, payload).serialize(mask=True, extensions=[])  # a client's
            header = frame_header(length, text, masked=True)
            assert masked[:len(header)] == header and len(masked) == len(header) + 4 + length


async def _one_server_connection(received: list[object]):
    """A served DirectServerConnection and a client that records what it receives,
    then the close code: ``(server connection, client, reader task)``."""
    from websockets.asyncio.server import serve

    conns: list[DirectServerConnection] = []
    done = asyncio.Event()

    async def handler(ws: DirectServerConnection) -> None:
        conns.append(ws)
        await done.wait()

    server = await serve(handler, "127.0.0.1", 0, compression=None, create_connection=DirectServerConnection)
    port = next(iter(server.sockets)).getsockname()[1]
    client = await connect(f"ws://127.0.0.1:{port}", compression=None)

    async def read() -> None:
        try:
            async for message in client:
                received.append(message)
        except ConnectionClosed:
            pass
        received.append(("closed", client.close_code))

    reader = asyncio.create_task(read())
    await until(lambda: conns, what="the connection")
    return server, conns[0], done, reader


async def test_held_messages_arrive_whole_and_before_what_websockets_writes_later():
    """issue 11: messages framed by the connection itself (hold_message) reach a plain
    websockets client as sent, text and binary, empty or not, non-ASCII included; what
    websockets writes afterwards (a ``send``, a close frame) comes after them, in
    order, never before."""
    received: list[object] = []
    server, conn, done, reader = await _one_server_connection(received)
    big = "é" * 40_000  # 80 000 bytes: a 64-bit length
    conn.hold_message("one é".encode(), True)
    conn.hold_message(b"", True)
    conn.hold_message(b"\x00\x01", False)
    conn.hold_message(big.encode(), True)
    await conn.send("two")  # websockets' own write: the held ones go first
    conn.hold_message(b"three", True)
    conn.write_held()
    conn.hold_message(b"four", True)
    await conn.close(4001, "bye")  # its close frame comes after "four"
    await asyncio.wait_for(reader, TIMEOUT)
    assert received == ["one é", "", b"\x00\x01", big, "two", "three", "four", ("closed", 4001)]
    done.set()
    server.close()
    await server.wait_closed()


async def test_a_client_connection_holds_masked_frames():
    """issue 11: a client's frames must be masked (RFC 6455 section 5.3: websockets'
    server closes with 1002 on an unmasked one), so a DirectClientConnection masks what
    it holds; its messages reach a plain websockets server whole, in order with
    websockets' own writes, the same text and bytes (section 5.3's mask undone)."""
    from websockets.asyncio.server import serve

    from net.connections import DirectClientConnection

    got: list[object] = []

    async def handler(ws) -> None:
        async for message in ws:
            got.append(message)

    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}", compression=None,
                           create_connection=DirectClientConnection) as ws:
            big = "é" * 40_000  # a 64-bit length
            ws.hold_message(b"a", True)
            ws.hold_message(b"\x02" * 300, False)
            ws.hold_message(b"", True)
            ws.hold_message(big.encode(), True)
            await ws.send("b")
            ws.hold_message(b"c", True)
            ws.write_held()
            await until(lambda: len(got) == 6, what="six messages")
    assert got == ["a", b"\x02" * 300, "", big, "b", "c"]
