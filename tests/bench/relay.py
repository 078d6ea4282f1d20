"""Relay benchmark: 50 rooms x 4 clients on loopback exchanging intents and updates.

Prints: median and p99 latency from an intent being sent to the new snapshot reaching
all four clients of its room; the relay process's CPU time and RSS; and the ratio of one
relay round trip to a bare websockets echo round trip measured in the same run, for a
table inside the relay's process (``parlour host``) and for one connected to a
standalone relay (``parlour host --relay``). Goal: ratio <= 2.

    .venv/bin/python -m tests.bench.relay [--rooms 50] [--clients 4] [--intents 20]

The relay and the bare echo server each run in a subprocess (so their CPU and memory
are theirs alone); tables and clients run in this process. Loopback only; every wait
is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict

import psutil
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

from net.cli import serve_table
from net.client import RemoteSeatLink
from net.protocol import SUBPROTOCOL
from net.relay import Relay, RelayLink
from net.server import Limits
from tests.net import toygame

LOOSE = Limits(chat_rate=1e6, chat_burst=1e6, intent_rate=1e6, intent_burst=1e6, connections=1000)
ECHO_CODE = "ECHO22"


class Echo:
    """A RoomHost that sends every frame straight back to its sender."""

    port = None

    def peer_joined(self, conn: int, address: str, hello: str) -> None:
        self.port.send((conn,), json.dumps({"kind": "notice", "text": "hi"}))

    def peer_frame(self, conn: int, frame: str) -> None:
        self.port.send((conn,), frame)

    def peer_left(self, conn: int) -> None:
        pass


# ---- subprocesses -------------------------------------------------------------------------


async def run_relay_process() -> None:
    relay = Relay(require_code=True, max_per_address=100_000, frame_rate=1e6, frame_burst=1e6,
                  queue_limit=4096, ping_interval=None)
    echo = Echo()
    echo.port = relay.open_room(echo, "echo", code=ECHO_CODE)
    host, port = await relay.start("127.0.0.1", 0)
    print(port, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await relay.stop()


async def run_echo_process() -> None:
    async def echo(ws):
        async for message in ws:
            await ws.send(message)

    async with serve(echo, "127.0.0.1", 0, subprotocols=[SUBPROTOCOL], compression=None,
                     ping_interval=None) as server:
        print(next(iter(server.sockets)).getsockname()[1], flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


def spawn(flag: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "tests.bench.relay", flag],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    return proc, int(line)


# ---- measurements ---------------------------------------------------------------------------


async def round_trips(url: str, hello: dict | None, count: int) -> list[float]:
    """``count`` sequential round trips of a small frame; seconds each."""
    async with connect(url, subprotocols=[SUBPROTOCOL], compression=None) as ws:
        if hello is not None:
            await ws.send(json.dumps(hello))
            await asyncio.wait_for(ws.recv(), 5)
        frame = json.dumps({"kind": "chat", "text": "ping"})
        times = []
        for _ in range(count):
            start = time.perf_counter()
            await ws.send(frame)
            await asyncio.wait_for(ws.recv(), 5)
            times.append(time.perf_counter() - start)
        return times


class RemoteEcho(Echo):
    pass


async def load(relay_url: str, rooms: int, clients: int, intents: int, think: float
               ) -> tuple[list[float], float, int]:
    """Rooms of ``clients`` players each submitting ``intents`` moves, ``think`` seconds
    apart: (latencies in s, seconds taken, versions some client never saw because a
    newer snapshot replaced it in its queue)."""
    tables = []
    for r in range(rooms):
        tables.append(await serve_table(
            toygame.GAME, f"room{r}", relay_url=relay_url, advertise=False, save=False,
            options=toygame.ToyOptions(rounds=intents + 5), limits=LOOSE, seed=r))
    arrivals: dict[tuple[int, int], list[float]] = defaultdict(list)
    sent: dict[tuple[int, int], float] = {}
    links_by_room = []
    for r, hosted in enumerate(tables):
        links = []
        for c in range(clients):
            link = (hosted.link(f"p{c}") if c == 0 else
                    RemoteSeatLink(relay_url, f"p{c}", toygame.GAME, room=hosted.code))
            await asyncio.wait_for(link.connect(), 10)
            link.listen(lambda snap, r=r: arrivals[(r, snap.version)].append(time.perf_counter()))
            await link.say("/join")
            links.append(link)
        links_by_room.append(links)
    for links in links_by_room:
        await asyncio.wait_for(_until(lambda links=links: all(l.seat is not None for l in links)), 10)
        await links[0].say("/start")
    for links in links_by_room:
        await asyncio.wait_for(_until(lambda links=links: all(l.has_snapshot for l in links)), 10)

    async def player(r: int, link: RemoteSeatLink) -> None:
        changed = asyncio.Event()
        link.listen(lambda snap: changed.set())
        done = 0
        while done < intents:
            snap = link.snapshot()
            if not snap.legal_actions:
                changed.clear()
                await asyncio.wait_for(changed.wait(), 30)
                continue
            await asyncio.sleep(think * (0.5 + random.random()))
            start = time.perf_counter()
            outcome = await link.submit(link.snapshot().legal_actions[0])
            if outcome.accepted:
                sent[(r, link.snapshot().version)] = start
                done += 1

    began = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(
        player(r, link) for r, links in enumerate(links_by_room) for link in links)), 300)
    elapsed = time.perf_counter() - began
    await asyncio.sleep(0.2)
    latencies = [
        max(arrivals[key][:clients]) - start
        for key, start in sent.items() if len(arrivals[key]) >= clients
    ]
    skipped = sum(1 for key in sent if len(arrivals[key]) < clients)
    for links in links_by_room:
        for link in links:
            await link.close()
    for hosted in tables:
        await hosted.stop()
    return latencies, elapsed, skipped


async def _until(predicate) -> None:
    while not predicate():
        await asyncio.sleep(0.005)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main(rooms: int, clients: int, intents: int, think: float) -> None:
    relay_proc, relay_port = spawn("--serve-relay")
    echo_proc, echo_port = spawn("--serve-echo")
    relay_url = f"ws://127.0.0.1:{relay_port}"
    try:
        ps = psutil.Process(relay_proc.pid)
        # round trips: bare echo; a room inside the relay's process; a table at a remote
        # relay. Interleaved in rounds so that load from elsewhere hits all three alike.
        remote_echo = Echo()
        link = await RelayLink.open(relay_url, "echo", remote_echo)
        remote_echo.port = link
        bare, inproc, remote = [], [], []
        for _ in range(10):
            bare += await round_trips(f"ws://127.0.0.1:{echo_port}", None, 200)
            inproc += await round_trips(relay_url, {"kind": "hello", "name": "rt", "room": ECHO_CODE}, 200)
            remote += await round_trips(relay_url, {"kind": "hello", "name": "rt", "room": link.code}, 200)
        await link.aclose()

        me = psutil.Process()
        cpu0, mine0 = sum(ps.cpu_times()[:2]), sum(me.cpu_times()[:2])
        latencies, elapsed, skipped = await load(relay_url, rooms, clients, intents, think)
        cpu = sum(ps.cpu_times()[:2]) - cpu0
        mine = sum(me.cpu_times()[:2]) - mine0
        rss = ps.memory_info().rss
    finally:
        for proc in (relay_proc, echo_proc):
            proc.stdin.close()
            proc.wait(timeout=10)

    ms = 1000
    print(f"rooms {rooms} x clients {clients}, {intents} intents each, ~{think * 1000:.0f} ms apart: "
          f"{len(latencies)} intents in {elapsed:.1f} s ({len(latencies) / elapsed:.0f}/s); "
          f"{skipped} versions replaced by a newer snapshot before some client saw them")
    print(f"intent -> all {clients} views delivered: median {statistics.median(latencies) * ms:.2f} ms, "
          f"p99 {pct(latencies, 0.99) * ms:.2f} ms")
    print(f"relay process: CPU {cpu:.2f} s during the load ({cpu / elapsed * 100:.0f}% of one core), "
          f"RSS {rss / 2**20:.1f} MiB; tables and clients (this process): {mine / elapsed * 100:.0f}% of one core")
    b, i, r = statistics.median(bare), statistics.median(inproc), statistics.median(remote)
    print(f"round trip medians: bare echo {b * 1e6:.0f} us, room in the relay's process {i * 1e6:.0f} us, "
          f"table at a remote relay {r * 1e6:.0f} us")
    print(f"ratio to bare echo: in-process room {i / b:.2f}, remote table {r / b:.2f} (goal <= 2)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--intents", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.2, help="seconds between a player's intents")
    parser.add_argument("--serve-relay", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve-echo", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_relay:
        asyncio.run(run_relay_process())
    elif args.serve_echo:
        asyncio.run(run_echo_process())
    else:
        asyncio.run(main(args.rooms, args.clients, args.intents, args.think))
