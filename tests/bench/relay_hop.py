"""The Python cost of the hop through ``parlour relay``, per move, without sockets.

    .venv/bin/python -m tests.bench.relay_hop [--moves 20000] [--repeats 7]

``tests/bench/relay.py`` measures whole processes over loopback sockets; on a shared
machine their CPU per move moves by 10 % from run to run, more than most single
changes to the relay's own code. This bench times just that code, in one process,
with websockets' real Sans-I/O protocols but transports that drop what is written
(no socket system calls), in the shape of one move of the ``turns``
shape (4 players, updates):

- *relay*: a table's batch for one move (4 updates and the mover's outcome) read by
  :meth:`net.relay.Relay._table_frame` and written to the 4 players' outboxes (framed
  by websockets), then the next player's intent passed to the table's link as a batch.
- *link* (the tables' side): the relay's frame with that intent read by
  :meth:`net.relay.RelayLink._relay_frame` (to a table that does nothing), and the
  table's 5 sends of the move put into one batch and framed for the relay.

- *relay, read by websockets*: the same move as *relay*, but the relay's own connections
  (:class:`net.connections.DirectServerConnection`, served by
  :meth:`net.relay.Relay._serve_host` and :meth:`net.relay.Relay._serve_player`) are
  handed the bytes a socket read would give (``data_received``: the table's batch and
  the player's intent, a masked frame): websockets' parsing, the message handlers and
  the writes up to the transport are in it, the socket system calls and ``select``'s
  wait are not.

Each move ends with one turn of the event loop (where batches are written), whose
own cost (a task step, a ``select`` with no wait) is in every figure.

It prints the fastest and the median of ``--repeats`` timings, in microseconds of
process CPU time per move (white-box: it builds the relay's private parts directly).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from websockets.client import ClientProtocol
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from net.connections import DirectMessages, DirectServerConnection
from net.protocol import LINK_SUBPROTOCOL
from net.relay import Outbox, Relay, RelayLink, _RemoteHost, _writes_of

UPDATE = ('{"kind":"update","version":17,"base":16,"view":{"round":4,"picked":[0,1]},"tails":{"log":[]},'
          '"legal_actions":[{"number":1},{"number":2},{"number":3}]}').ljust(290)
"""About the size of the toy game's update per seat (the relay bench's bytes per move)."""
OUTCOME = '{"kind":"outcome","action_id":"p0-t17","accepted":true,"code":null,"message":null}'
INTENT = '{"kind":"intent","action_id":"p1-t18","version":17,"action":{"number":2}}'
PLAYERS = 4


class _Drop:
    """A transport that drops what is written."""

    def write(self, data: bytes) -> None:
        pass

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        pass


class _Socket(DirectMessages):
    """What :class:`net.relay.Outbox` uses of a websockets connection (the writes of
    :class:`net.connections.DirectMessages`), over a real Sans-I/O protocol."""

    def __init__(self, protocol: ServerProtocol | ClientProtocol) -> None:
        self.protocol, self.transport = protocol, _Drop()
        self.paused, self.send_in_progress, self.subprotocol = False, None, LINK_SUBPROTOCOL

    async def send(self, *args: object, **kwargs: object) -> None:
        pass

    async def close(self, *args: object) -> None:
        pass


class _Table:
    def peer_joined(self, conn: int, address: str, hello: str) -> None:
        pass

    def peer_frame(self, conn: int, frame: str) -> None:
        pass

    def peer_left(self, conn: int) -> None:
        pass


class _Transport(_Drop):
    """What websockets' asyncio connection uses of its transport, writes dropped."""

    max_size = 65536

    def __init__(self, port: int) -> None:
        self.port = port
        self.writes = 0

    def write(self, data: bytes) -> None:
        self.writes += 1

    def get_extra_info(self, name: str, default: object = None) -> object:
        return ("127.0.0.1", self.port) if name in ("peername", "sockname") else default

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


class _Server:
    """What a served connection asks of websockets' server: its handler is run (here it
    does nothing: the bench runs the relay's handlers itself)."""

    def __init__(self) -> None:
        self.handler_tasks: set[asyncio.Task[None]] = set()

    async def handler(self, ws: object) -> None:
        pass


def _served(port: int) -> DirectServerConnection:
    """An open server connection of the relay's kind over a :class:`_Transport`."""
    ws = DirectServerConnection(ServerProtocol(state=State.OPEN), _Server(), ping_interval=None)  # type: ignore[arg-type]
    ws.connection_made(_Transport(port))
    ws.protocol.max_message_size = None  # (the relay sets the limits it wants)
    return ws


def _masked(payload: bytes, text: bool) -> bytes:
    """``payload`` as a client writes it (a masked frame)."""
    client = ClientProtocol(parse_uri("ws://127.0.0.1/"), state=State.OPEN)
    if text:
        client.send_text(payload)
    else:
        client.send_binary(payload)
    return b"".join(client.data_to_send())


async def whole_relay(batch: bytes, moves: int, repeats: int) -> list[float]:
    """The *relay, read by websockets* figure: microseconds of CPU per move, per repeat."""
    relay = Relay(frame_rate=1e9, frame_burst=1e9)
    table_ws = _served(1)
    table_ws.protocol.subprotocol = LINK_SUBPROTOCOL  # type: ignore[assignment]
    tasks = [asyncio.create_task(relay._serve_host(table_ws, '{"kind":"open_room","table":"bench","key":null}'))]
    await asyncio.sleep(0)
    code, room = next(iter(relay.rooms.items()))
    players = []
    for n in range(PLAYERS):
        ws = _served(100 + n)
        players.append(ws)
        tasks.append(asyncio.create_task(relay._serve_player(
            ws, "127.0.0.1", '{"kind":"hello","name":"P%d","room":"%s"}' % (n, code))))
        await asyncio.sleep(0)
    conns = sorted(room.outboxes)
    assert len(conns) == PLAYERS and all(ws.on_message is not None for ws in [table_ws, *players])
    head = b'{"kind":"batch","sizes":['
    assert batch.startswith(head)  # the bench's batch names connections 1-4: these are its own
    for n, conn in enumerate(conns, start=1):
        batch = batch.replace(b'"to":[%d]' % n, b'"to":[%d]' % conn)
    from_table = _masked(batch, False)
    intent = _masked(INTENT.encode(), True)
    await asyncio.sleep(0)
    timings = []
    for _ in range(repeats):
        started = time.process_time()
        for _ in range(moves):
            table_ws.data_received(from_table)
            players[1].data_received(intent)
            await asyncio.sleep(0)  # the turn that writes the intent's batch
        timings.append((time.process_time() - started) / moves * 1e6)
    written = [ws.transport.writes for ws in [table_ws, *players]]
    assert min(written) >= moves * repeats, f"the relay did not route every move: {written} writes"
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for box in room.outboxes.values():
        box.cancel()
    return timings


def _link_socket() -> _Socket:
    return _Socket(ClientProtocol(parse_uri("ws://127.0.0.1/host"), state=State.OPEN))


async def hop(moves: int, repeats: int) -> dict[str, list[float]]:
    """``{"relay": [...], "link": [...]}``: microseconds of CPU per move, per repeat."""
    writes = _writes_of(asyncio.get_running_loop())
    relay = Relay()
    remote = _RemoteHost(_Socket(ServerProtocol(state=State.OPEN)), relay.codec, 4096)  # type: ignore[arg-type]
    room = relay.open_room(remote, "bench")
    for conn in range(1, PLAYERS + 1):
        room.outboxes[conn] = Outbox(_Socket(ServerProtocol(state=State.OPEN)), 64, f"p{conn}",  # type: ignore[arg-type]
                                     text=True)
    link = RelayLink("ws://127.0.0.1", "bench", _Table())
    link._attach(_link_socket(), "BENCH2")  # type: ignore[arg-type]
    assert link.batches and link.outbox is not None

    def table_sends() -> None:
        for conn in range(1, PLAYERS + 1):
            link.send((conn,), UPDATE, "snapshot")
        link.send((1,), OUTCOME)

    batches: list[bytes] = []  # what the link writes for one move, as the relay reads it
    link.outbox.put = lambda frame, fresh=None: batches.append(frame)  # type: ignore[method-assign]
    table_sends()
    await asyncio.sleep(0)
    batch = batches[0]
    link.outbox.cancel()
    link._attach(_link_socket(), "BENCH2")  # type: ignore[arg-type]
    from_relay = b'{"kind":"frame","conn":2}\n' + INTENT.encode()

    def relay_move() -> None:
        writes.hold()
        try:
            relay._table_frame(room, batch, True)
        finally:
            writes.release()
        remote.peer_frame(2, INTENT)  # (its batch is written a turn of the loop later)

    def link_move() -> None:
        writes.hold()
        try:
            link._relay_frame(from_relay, True)
        finally:
            writes.release()
        table_sends()  # (their batch is written a turn of the loop later)

    timings: dict[str, list[float]] = {"relay": [], "link": []}
    for _ in range(repeats):
        for name, move in (("relay", relay_move), ("link", link_move)):
            started = time.process_time()
            for _ in range(moves):
                move()
                await asyncio.sleep(0)  # the turn that writes the batch
            timings[name].append((time.process_time() - started) / moves * 1e6)
    for box in [*room.outboxes.values(), link.outbox]:
        box.cancel()  # type: ignore[union-attr]
    remote.outbox.cancel()
    timings["relay, read by websockets"] = await whole_relay(batch, moves, repeats)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20000, help="moves per timing")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    timings = asyncio.run(hop(args.moves, args.repeats))
    for name, values in timings.items():
        print(f"{name}: {min(values):.1f} us per move (fastest of {args.repeats}), "
              f"median {statistics.median(values):.1f}")


if __name__ == "__main__":
    main()
