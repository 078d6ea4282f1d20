"""How long a relayed table takes to come back after its relay restarts (issue 8,
item 4). Run: ``python -m tests.bench.relay_restart [--runs N] [--down SECONDS]``.

Each run: a standalone relay on 127.0.0.1, a Zatre table hosted through it, three
players in its room; the relay is stopped, stays down ``--down`` seconds, and starts
again on the same port with the same key. Printed (never asserted): the seconds from
the restart until the table's room is open again with the same code and every player
is back in, with Parlour's default backoff (players: 0.5 s ×1.6 up to 10 s; the table:
up to 2 s); and what deriving the table's room key from its seed costs (scrypt, once
per hosted table, in a thread).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import time

from net.cli import serve_table
from net.client import RemoteSeatLink
from net.relay import Relay, room_key_from_seed
from rules.zatre import GAME


async def one_run(key: bytes, down: float, seed: int) -> float:
    relay = Relay(require_code=True, key=key)
    _, port = await relay.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    hosted = await serve_table(GAME, "Bench", relay_url=url, advertise=False, save=False, seed=seed)
    code = hosted.code
    players = [RemoteSeatLink(url, name, GAME, room=code) for name in ("Ann", "Bob", "Cy")]
    for link in players:
        await link.connect()
    await relay.stop()
    await asyncio.sleep(down)
    relay = Relay(require_code=True, key=key)
    await relay.start("127.0.0.1", port)
    start = time.perf_counter()
    deadline = start + 60
    while not (hosted.relay_link.state == "open" and all(p.status.online for p in players)):
        if time.perf_counter() > deadline:
            raise SystemExit("not back within 60 s")
        await asyncio.sleep(0.01)
    back = time.perf_counter() - start
    if hosted.code != code:
        raise SystemExit(f"the room came back as {hosted.code}, not {code}")
    for link in players:
        await link.close()
    await hosted.stop()
    await relay.stop()
    return back


async def main(args: argparse.Namespace) -> None:
    costs = []
    for seed in range(5):
        begin = time.perf_counter()
        room_key_from_seed(seed)
        costs.append(time.perf_counter() - begin)
    print(f"room key from the seed (scrypt): median {statistics.median(costs) * 1000:.0f} ms")
    key = secrets.token_bytes(32)
    backs = [await one_run(key, args.down, seed) for seed in range(args.runs)]
    print(f"relay down {args.down:g} s, then restarted: table and 3 players back in "
          f"{', '.join(f'{b:.2f}' for b in backs)} s (median {statistics.median(backs):.2f} s), same code")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.relay_restart", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="restarts to time (default 3)")
    parser.add_argument("--down", type=float, default=1.0, help="seconds the relay stays down (default 1)")
    return parser.parse_args()


if __name__ == "__main__":
    asyncio.run(main(parse_args()))
