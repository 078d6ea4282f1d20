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

Each move ends with one turn of the event loop (where batches are written), whose
own cost (a task step, a ``select`` with no wait) is in both figures.

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

from net.connections import DirectMessages
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
