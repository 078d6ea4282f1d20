"""Relay benchmark: rooms x clients on loopback exchanging intents and updates.

    .venv/bin/python -m tests.bench.relay [--rooms 50 | --rooms 1,10,50,100,200]
        [--shape think|turns] [--clients 4] [--intents 20] [--think 0.2] [--moves 80]
        [--warmup 8] [--runs 3] [--paths inproc,remote] [--nice -10] [--quiet 60]
        [--no-bytes] [--rt-rounds 10] [--sample DIR] [--profile DIR] [--cprofile DIR]
        [--loop asyncio|uvloop]

Shapes (``--shape``): ``think`` (the default) as described under "Game" below;
``turns`` is closed loop with one move in flight per room: the seats pick in turn and
the next move is sent once all of the room's clients hold the last one (``--moves``
measured per room after ``--warmup`` unmeasured). ``--rooms`` takes a sweep; the end
prints one table row per path and room count: median, p99, moves/s, the server side's
CPU per move (process CPU time over moves, so robust to other load on the machine),
RSS, event-loop stalls, bytes received per move per client. First (``--no-bytes`` to
skip) it prints the bytes a table sends per move per client for the toy game and for
Zatre, Zestrea and Estate mid-game (4 players, their first bots), measured in-process
on a :class:`net.server.Table` (no sockets).

What runs where (every part its own process, so each one's CPU and memory are its own,
and the load generator's Python never competes with the server's event loop):

- ``inproc`` path (the table inside the relay's process, as ``parlour host`` runs it,
  with many rooms): one *server* process holds a :class:`net.relay.Relay` and
  ``--rooms`` :class:`net.server.Table` objects as its rooms (each table is its room's
  host: no extra hop).
- ``remote`` path (``parlour host --relay``): a *relay* process, and a *tables*
  process whose tables each reach the relay over a websocket (:class:`RelayLink`).
- a *load* process: the ``rooms x clients`` players, plain websockets clients speaking
  the wire protocol (docs/protocol.md). A player decodes only what it needs with
  :func:`json.loads` (no cattrs): the version, its seat's legal actions, and the view's
  ``round`` and ``picked`` seats to timestamp delivery; intents are written by hand.
- a bare websockets *echo* server, the yardstick for the round-trip ratio; for the
  remote path also a bare websockets *forwarder* in front of it (four hops, no relay
  logic: the floor for a table behind a relay).
- this process: starts the others, measures sequential round trips (idle, before the
  load) and samples the server processes' CPU and memory during the load.

Cores (the machine has 2): the server side (server process, or relay *and* tables
processes, and the echo server) is pinned to core 0; the load process and this one to
core 1 (``--server-cpu`` / ``--tables-cpu`` / ``--client-cpu``; ``-1``: unpinned).

Figures: the median and 99th percentile of intent -> the new state delivered to all
of the room's clients (from the moment a player sends its intent to the moment the last
of its room's players has read a snapshot showing that pick: the one the intent
produced, or a newer one); the server side's CPU (seconds, % of one core over the load,
microseconds per intent, how much of that was in the kernel, and how long it was
runnable but waiting for a CPU) and RSS
(at the end and peak); each process's event-loop stalls over 5 ms and garbage
collections; the idle round-trip medians and their ratio (a chat frame to an echo room
at the relay and back, against a bare websockets echo server; goal <= 2). Targets:
median <= 5 ms, p99 <= 20 ms.

The machine may be shared: what other programs used during each load is printed;
``--quiet S`` waits up to S seconds for them to go quiet before each run,
``--retry-busy N`` runs a path again (up to N times, saying so) when they used over 15%
of a core during its load, ``--nice -10`` (root) runs the bench's processes first. ``--profile DIR`` samples the server
processes with py-spy (not a project dependency; wall-clock samples, so on a busy
machine most of them are the process waiting for a CPU); ``--sample DIR`` samples
their Python stacks by CPU time (:class:`CpuSampler`) and prints where each one's CPU
per move went. Context switches per move are printed too (a process woken for every
write to a neighbour on the same core costs more CPU per move). For the relay's own
Python per move without sockets and steadier figures, see ``tests/bench/relay_hop.py``.

``--loop uvloop`` runs the server side's processes (relay, tables) on uvloop's event loop
instead of asyncio's own, to measure what that loop would save (uvloop is not one of
Parlour's dependencies: install it beside the bench to try it).

Game: Secret Numbers (tests/net/toygame.py): every seat picks at once each round, so
a room's four players all act about every ``think`` seconds (0.5-1.5 x, at random).
Loopback only; every wait is bounded (``--deadline`` for a whole load phase).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

import attrs
import psutil
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

from net.connections import DirectClientConnection
from net.protocol import MAX_HOST_FRAME, SUBPROTOCOL

ECHO_CODE = "ECHO22"
NICE = 0
"""The niceness the parent gives its children (``--nice``)."""
WAIT = 30.0
"""The bound on any single wait in the load (seconds)."""


def _pin(cpu: int, nice: int = 0) -> None:
    """Run this process on ``cpu`` only (``-1``: anywhere) and at ``nice`` (a negative
    nice needs root: the bench's processes then get the CPU before other programs)."""
    if cpu >= 0 and hasattr(os, "sched_setaffinity") and cpu < (os.cpu_count() or 1):
        os.sched_setaffinity(0, {cpu})
    if nice:
        try:
            os.nice(nice)
        except OSError as exc:
            print(f"bench: cannot renice to {nice}: {exc}", file=sys.stderr)


class CpuSampler:
    """A statistical profiler by CPU time: every ``interval`` s of this process's CPU
    time (user and kernel: ``ITIMER_PROF``; never time spent waiting for a CPU, which
    on a shared machine is most of a wall-clock sampler's samples) the Python stack
    running is counted. Time in a C call or a system call is charged to the Python line
    that made it. ``--sample DIR``: on for the load only (SIGUSR1 starts it, SIGUSR2
    stops it and writes the stacks to ``DIR/ROLE.txt``, one ``frame;frame;... count`` a
    line, leaf last, as py-spy's raw format)."""

    def __init__(self, path: str, interval: float = 0.0002) -> None:
        self.path, self.interval = path, interval
        self.counts: dict[str, int] = defaultdict(int)
        signal.signal(signal.SIGPROF, self._sample)
        signal.signal(signal.SIGUSR1, lambda *_: signal.setitimer(signal.ITIMER_PROF, interval, interval))
        signal.signal(signal.SIGUSR2, lambda *_: self.stop())

    def _sample(self, signum: int, frame: Any) -> None:
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{code.co_qualname} ({os.path.basename(code.co_filename)})")
            frame = frame.f_back
        self.counts[";".join(reversed(names))] += 1

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        with open(self.path, "w") as out:
            for stack, n in sorted(self.counts.items(), key=lambda kv: -kv[1]):
                out.write(f"{stack} {n}\n")


def breakdown(path: str, us_per_move: float, top: int = 14) -> list[str]:
    """The lines printed for ``--sample``: a process's CPU per move by function, from
    the stacks :class:`CpuSampler` wrote; inclusive (the function and what it called)
    and self (the function's own lines, and the C and system calls it made)."""
    incl: dict[str, int] = defaultdict(int)
    own: dict[str, int] = defaultdict(int)
    total = 0
    with open(path) as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            frames = stack.split(";")
            total += int(n)
            for name in set(frames):
                incl[name] += int(n)
            own[frames[-1]] += int(n)
    if not total:
        return ["    no samples"]
    skip = ("<module>", "run ", "Runner.", "_run_", "BaseEventLoop.run_")
    lines = [f"    {total} samples; inclusive us per move:"]
    ranked = [(n, f) for f, n in incl.items() if not f.startswith(skip)]
    lines += [f"      {n / total * us_per_move:6.1f}  {f}" for n, f in sorted(ranked, reverse=True)[:top]]
    lines.append("    self us per move:")
    lines += [f"      {n / total * us_per_move:6.1f}  {f}" for n, f in sorted(((n, f) for f, n in own.items()),
                                                                         reverse=True)[:top]]
    return lines


def _py_spy() -> str:
    """py-spy on PATH, else beside this Python (a virtual environment's bin/)."""
    import shutil

    return shutil.which("py-spy") or os.path.join(os.path.dirname(sys.executable), "py-spy")


def _loose_limits():
    from net.server import Limits

    return Limits(chat_rate=1e6, chat_burst=1e6, intent_rate=1e6, intent_burst=1e6,
                  bad_frames=1e6, connections=1000)


class Echo:
    """A RoomHost that sends every frame straight back to its sender."""

    port: Any = None

    def peer_joined(self, conn: int, address: str, hello: str) -> None:
        self.port.send((conn,), json.dumps({"kind": "notice", "text": "hi"}))

    def peer_frame(self, conn: int, frame: str) -> None:
        self.port.send((conn,), frame)

    def peer_left(self, conn: int) -> None:
        pass


class Stalls:
    """Where this process's event loop stalled: a task that asks to wake every
    ``tick`` s notes each wake-up later than ``late`` s (when, how late), and the
    garbage collector's pauses (when, how long, which generation)."""

    def __init__(self, tick: float = 0.004, late: float = 0.005) -> None:
        self.tick, self.late = tick, late
        self.lags: list[tuple[float, float]] = []
        self.gcs: list[tuple[float, float, int]] = []
        self._gc_start = 0.0
        import gc

        gc.callbacks.append(self._gc)
        self.task = asyncio.create_task(self._watch())

    def _gc(self, phase: str, info: dict) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._gc_start = now
        else:
            self.gcs.append((self._gc_start, now - self._gc_start, info["generation"]))

    async def _watch(self) -> None:
        clock = time.perf_counter
        while True:
            before = clock()
            await asyncio.sleep(self.tick)
            lag = clock() - before - self.tick
            if lag > self.late:
                self.lags.append((before, lag))

    def report(self) -> dict:
        self.task.cancel()
        return {"lags": self.lags, "gcs": [g for g in self.gcs if g[1] > 0.001],
                "gc_total": sum(g[1] for g in self.gcs), "gc_count": len(self.gcs)}


async def _until_stdin_closes(lifetime: float, stalls: Stalls | None = None) -> None:
    """Serve until the parent closes our stdin (or ``lifetime`` seconds pass); then
    print what ``stalls`` saw as a JSON line."""
    loop = asyncio.get_running_loop()
    try:
        await asyncio.wait_for(loop.run_in_executor(None, sys.stdin.read), lifetime)
    except TimeoutError:
        print("bench child: lifetime over", file=sys.stderr)
    if stalls is not None:
        print(json.dumps(stalls.report()), flush=True)


def _new_table(r: int, rounds: int):
    from net.server import Table
    from tests.net import toygame

    return Table(toygame.GAME, f"room{r}", options=toygame.ToyOptions(rounds=rounds),
                 seed=r, limits=_loose_limits(), bot_delay=0)


# ---- child processes ---------------------------------------------------------------------


async def role_echo(args: argparse.Namespace) -> None:
    async def echo(ws):
        async for message in ws:
            await ws.send(message)

    async with serve(echo, "127.0.0.1", 0, subprotocols=[SUBPROTOCOL], compression=None,
                     ping_interval=None) as server:
        print(json.dumps({"port": next(iter(server.sockets)).getsockname()[1]}), flush=True)
        await _until_stdin_closes(args.lifetime)


async def role_forward(args: argparse.Namespace) -> None:
    """A bare websockets forwarder in front of the echo server (``--url``): each client
    gets its own upstream connection and frames are passed both ways untouched. Four
    websocket hops per round trip, like a table behind a relay, with no relay logic:
    the floor of that arrangement in Python websockets."""
    from websockets.asyncio.client import connect as dial

    async def forward(ws):
        async with dial(args.url, subprotocols=[SUBPROTOCOL], compression=None, ping_interval=None,
                        open_timeout=WAIT) as up:
            async def down() -> None:
                async for message in up:
                    await ws.send(message)

            back = asyncio.create_task(down())
            try:
                async for message in ws:
                    await up.send(message)
            finally:
                back.cancel()

    async with serve(forward, "127.0.0.1", 0, subprotocols=[SUBPROTOCOL], compression=None,
                     ping_interval=None) as server:
        print(json.dumps({"port": next(iter(server.sockets)).getsockname()[1]}), flush=True)
        await _until_stdin_closes(args.lifetime)


async def role_relay(args: argparse.Namespace) -> None:
    """A standalone relay with an echo room and (``--tables``) in-process tables."""
    from net.relay import Relay, serve_gc

    relay = Relay(require_code=True, max_per_address=100_000, frame_rate=1e6, frame_burst=1e6,
                  ping_interval=None, max_rooms=100_000)
    echo = Echo()
    echo.port = relay.open_room(echo, "echo", code=ECHO_CODE)
    tables, rooms = [], []
    for r in range(args.tables):
        table = _new_table(r, args.rounds)
        room = relay.open_room(table, table.name)
        table.attach(room)
        tables.append(table)
        rooms.append([room.code, table.host_key])
    _, port = await relay.start("127.0.0.1", 0)
    if args.serve_gc:
        serve_gc()
    stalls = Stalls()
    print(json.dumps({"port": port, "echo": ECHO_CODE, "rooms": rooms}), flush=True)
    await _until_stdin_closes(args.lifetime, stalls)
    for table in tables:
        await table.stop()
    await relay.stop()


async def role_tables(args: argparse.Namespace) -> None:
    """Tables (and an echo room) at a remote relay, each over its own RelayLink."""
    from net.relay import RelayLink, serve_gc

    echo = Echo()
    echo_link = await RelayLink.open(args.url, "echo", echo)
    echo.port = echo_link
    tables, links, rooms = [], [], []
    for r in range(args.tables):
        table = _new_table(r, args.rounds)
        link = await RelayLink.open(args.url, table.name, table)
        table.attach(link)
        tables.append(table)
        links.append(link)
        rooms.append([link.code, table.host_key])
    if args.serve_gc:
        serve_gc()
    stalls = Stalls()
    print(json.dumps({"echo": echo_link.code, "rooms": rooms}), flush=True)
    await _until_stdin_closes(args.lifetime, stalls)
    for table in tables:
        await table.stop()
    for link in (*links, echo_link):
        await link.aclose()


_SENDING: set[asyncio.Task] = set()
"""Sync requests being sent (held until done: the loop keeps only weak references)."""


class Player:
    """One bench client: a raw websocket speaking parlour.v1, decoding only with json.

    It reads its frames as the relay does (:mod:`net.connections`: each message handed
    to :meth:`frame` as websockets parses it, no task switch): the load generator plays
    every client of every room in one process, and reading each message through
    ``async for`` made it, not the server, the bound on moves/s and latency."""

    def __init__(self, name: str, code: str, host_key: str | None, updates: bool = True) -> None:
        self.name, self.code, self.host_key, self.updates = name, code, host_key, updates
        self.view: dict = {}
        self.seat: int | None = None
        self.version = -1
        self.round = 0
        self.can_act = False
        self.changed = asyncio.Event()
        self.seen: list[tuple[float, int, int]] = []
        """(arrival time, view round, bitmask of the seats that have picked) per new version."""
        self.sent: list[tuple[float, int]] = []
        """(send time, round) of each accepted intent."""
        self.answers: dict[str, asyncio.Future] = {}
        self.rejected: dict[str, int] = defaultdict(int)
        self.ws: Any = None
        self.reader: asyncio.Task | None = None
        self.received = 0
        """Bytes of every frame received (UTF-8)."""
        self.room_changed: asyncio.Event | None = None
        """Set with each new version too (``--shape turns``: the room's turn loop waits on it)."""

    async def open(self, url: str) -> None:
        self.ws = await connect(url, subprotocols=[SUBPROTOCOL], max_size=MAX_HOST_FRAME,
                                compression=None, ping_interval=None, open_timeout=WAIT,
                                create_connection=DirectClientConnection)
        hello = {"kind": "hello", "name": self.name, "room": self.code, "host_key": self.host_key}
        if self.updates:  # (a Parlour without updates refuses the key)
            hello["updates"] = True
        await self.ws.send(json.dumps(hello))
        await self.ws.send('{"kind":"command","name":"join","args":[]}')
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        self.ws.on_message = self.frame
        try:
            async for frame in self.ws:  # (fragmented messages, and those queued behind one)
                self.frame(frame)
        finally:
            self.ws.on_message = None

    def frame(self, frame: str | bytes) -> None:
        """One frame from the table, as it arrives."""
        now = time.perf_counter()
        if type(frame) is not str:
            self.received += len(frame)
            return
        self.received += len(frame) if frame.isascii() else len(frame.encode())
        if frame.startswith('{"kind":"snapshot"'):
            data = json.loads(frame)
            version = data["version"]
            if version <= self.version:
                return  # a resent snapshot (stale intent, sync)
            self.version = version
            self.view = view = data["view"]
            self._new_version(now, view, data["legal_actions"])
        elif frame.startswith('{"kind":"update"'):
            data = json.loads(frame)
            if data["base"] != self.version:  # missed one: the whole snapshot comes
                task = asyncio.ensure_future(self.ws.send('{"kind":"sync"}'))
                _SENDING.add(task)
                task.add_done_callback(_SENDING.discard)
                return
            self.version = data["version"]
            view = self.view
            view.update(data["view"])
            for name, items in data["tails"].items():
                view[name] = view[name] + items
            self._new_version(now, view, data["legal_actions"])
        elif frame.startswith('{"kind":"outcome"'):
            data = json.loads(frame)
            answer = self.answers.pop(data["action_id"], None)
            if answer is not None and not answer.done():
                answer.set_result(data)
        elif frame.startswith('{"kind":"welcome"'):
            self.seat = json.loads(frame)["seat"]
            self.changed.set()

    def _new_version(self, now: float, view: dict, legal: list | None) -> None:
        self.round = view["round"]
        self.seen.append((now, view["round"], sum(1 << s for s in view["picked"])))
        if legal is not None:
            self.can_act = bool(legal)
        self.changed.set()
        if self.room_changed is not None:
            self.room_changed.set()

    async def play(self, intents: int, think: float, deadline: float) -> int:
        """Submit ``intents`` picks, each when this seat may act and after thinking."""
        loop = asyncio.get_running_loop()
        done = 0
        n = 0
        while done < intents:
            while not self.can_act:
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), max(0.01, min(WAIT, deadline - loop.time())))
            await asyncio.sleep(think * (0.5 + random.random()))
            n += 1
            action_id = f"{self.name}-{n}"
            answer = self.answers[action_id] = loop.create_future()
            frame = ('{"kind":"intent","action_id":"%s","version":%d,"action":{"number":%d}}'
                     % (action_id, self.version, random.randint(1, 3)))
            sent = (time.perf_counter(), self.round)
            await self.ws.send(frame)
            outcome = await asyncio.wait_for(answer, max(0.01, min(WAIT, deadline - loop.time())))
            if outcome["accepted"]:
                done += 1
                self.sent.append(sent)
            else:
                self.rejected[outcome["code"]] += 1
        return done

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.wait_for(asyncio.gather(self.reader, return_exceptions=True), WAIT)


def delivered(seen: list[tuple[float, int, int]], sent: float, round_: int, seat: int) -> float | None:
    """When a player first held a snapshot showing ``seat``'s pick in round ``round_``
    (that round with the seat among those who picked, or a later round): the intent's
    effect delivered, whether in the snapshot it produced or in a newer one that
    replaced it in the send queue. ``None``: never."""
    bit = 1 << seat
    for at, r, picked in seen:
        if at >= sent and (r > round_ or (r == round_ and picked & bit)):
            return at
    return None


async def play_turns(room: list[Player], moves: int, warmup: int, deadline: float) -> tuple[list[float], int]:
    """``--shape turns``: one move in flight in ``room``. The seats pick in turn (seat
    ``i % clients`` makes move ``i``), and each move is sent once every player of the
    room holds the version the previous one made. Returns the latencies of the moves
    after the first ``warmup`` (send -> the last player holding the new version) and how
    many moves were accepted."""
    loop = asyncio.get_running_loop()
    clock = time.perf_counter
    changed = asyncio.Event()
    for p in room:
        p.room_changed = changed
    by_seat = {p.seat: p for p in room}
    latencies: list[float] = []
    accepted = 0
    for i in range(warmup + moves):
        player = by_seat[i % len(room)]
        version = player.version
        target = version + 1
        action_id = f"{player.name}-t{i}"
        answer = player.answers[action_id] = loop.create_future()
        frame = ('{"kind":"intent","action_id":"%s","version":%d,"action":{"number":%d}}'
                 % (action_id, version, random.randint(1, 3)))
        changed.clear()
        sent = clock()
        await player.ws.send(frame)
        while not all(p.version >= target for p in room):
            await asyncio.wait_for(changed.wait(), max(0.01, min(WAIT, deadline - loop.time())))
            changed.clear()
        shown = clock()
        outcome = await asyncio.wait_for(answer, max(0.01, min(WAIT, deadline - loop.time())))
        if not outcome["accepted"]:
            player.rejected[outcome["code"]] += 1
            raise RuntimeError(f"move {i} rejected: {outcome['code']}")
        accepted += 1
        if i >= warmup:
            latencies.append(shown - sent)
    return latencies, accepted


async def role_load(args: argparse.Namespace) -> None:
    """The load generator: reads the rooms from stdin, plays, prints its figures."""
    rooms = json.loads(sys.stdin.readline())["rooms"]
    loop = asyncio.get_running_loop()
    players: list[list[Player]] = []
    for code, host_key in rooms:
        room = [Player(f"p{c}", code, host_key if c == 0 else None, args.updates) for c in range(args.clients)]
        for player in room:
            await player.open(args.url)
        players.append(room)
    setup_end = loop.time() + 60
    for room in players:
        while not all(p.seat is not None for p in room):
            if loop.time() > setup_end:
                raise TimeoutError("players not seated in time")
            await asyncio.sleep(0.005)
        await room[0].ws.send('{"kind":"command","name":"start","args":[]}')
    for room in players:
        while not all(p.version >= 0 for p in room):
            if loop.time() > setup_end:
                raise TimeoutError("games not started in time")
            await asyncio.sleep(0.005)

    import gc

    gc.freeze()  # the load generator's own set-up is never garbage: keep its collections short
    me = psutil.Process()
    stalls = Stalls()
    print("started", flush=True)
    cpu0 = sum(me.cpu_times()[:2])
    received0 = sum(p.received for room in players for p in room)
    began = time.perf_counter()
    deadline = loop.time() + args.deadline
    latencies, missed = [], 0
    if args.shape == "turns":
        turns = await asyncio.gather(*(play_turns(room, args.moves, args.warmup, deadline) for room in players),
                                     return_exceptions=True)
        results = [t[1] if isinstance(t, tuple) else t for t in turns]
        for t in turns:
            if isinstance(t, tuple):
                latencies += t[0]
    else:
        results = await asyncio.gather(*(p.play(args.intents, args.think, deadline)
                                         for room in players for p in room), return_exceptions=True)
    elapsed = time.perf_counter() - began
    cpu = sum(me.cpu_times()[:2]) - cpu0
    print("finished", flush=True)
    await asyncio.sleep(0.3)  # let the last snapshots arrive
    received = sum(p.received for room in players for p in room) - received0
    if args.shape != "turns":
        for room in players:
            for sender in room:
                for sent, round_ in sender.sent:
                    shown = [delivered(p.seen, sent, round_, sender.seat) for p in room]
                    if None in shown:
                        missed += 1
                    else:
                        latencies.append(max(shown) - sent)
    rejected: dict[str, int] = defaultdict(int)
    for room in players:
        for p in room:
            for code, n in p.rejected.items():
                rejected[code] += n
    errors = [repr(r) for r in results if isinstance(r, BaseException)]
    for room in players:
        for p in room:
            await p.close()
    print(json.dumps({
        "latencies": latencies, "elapsed": elapsed, "accepted": sum(r for r in results if isinstance(r, int)),
        "missed": missed, "rejected": rejected, "errors": errors[:5], "cpu": cpu, "received": received,
        "began": began, "ended": began + elapsed, "stalls": stalls.report(),
    }), flush=True)


# ---- bytes per move (in-process, no sockets) ------------------------------------------------


class _CountingPort:
    """A RoomPort that counts the UTF-8 bytes queued for each connection."""

    code = None

    def __init__(self) -> None:
        self.sent: dict[int, int] = defaultdict(int)
        self.answered = asyncio.Event()
        """Set when an outcome is sent."""

    def send(self, conns: Any, frame: str | bytes, fresh: str | None = None) -> None:
        size = len(frame.encode()) if type(frame) is str else len(frame)
        if frame.startswith('{"kind":"outcome"' if type(frame) is str else b'{"kind":"outcome"'):
            self.answered.set()
        for conn in conns:
            self.sent[conn] += size

    def close(self, conn: int, code: int, reason: str) -> None:
        pass


MAX_MOVES = 20_000
"""Moves :func:`table_bytes` plays before it gives up on a game that does not end."""


async def table_bytes(game: Any, options: Any, seats: int, seed: int = 7,
                      updates: bool = True) -> tuple[list[float], float]:
    """Play one game of ``game`` at a :class:`net.server.Table` to the end, ``seats``
    players each on its own connection and picking with the game's first bot from the
    snapshot the table sent it; per move, the bytes the table queued per connection
    (snapshots and the outcome, averaged over the connections); and the CPU seconds of
    the table's side per move (the frame in, the judgement, snapshots and outcome out:
    no sockets, no websockets framing)."""
    from net.codec import codec_for
    from net.protocol import Command, Hello, IntentMsg
    from net.server import Table
    from rules.core import awaited

    table = Table(game, "bytes", options=options, seed=seed, limits=_loose_limits(), bot_delay=0)
    port = _CountingPort()
    table.attach(port)
    codec = codec_for(game)
    conns = list(range(1, seats + 1))
    for conn in conns:
        asks = {"updates": True} if updates else {}  # (a Parlour without updates: no such field)
        hello = Hello(name=f"p{conn}", host_key=table.host_key if conn == 1 else None, **asks)
        table.peer_joined(conn, "127.0.0.1", codec.encode(hello))
        table.peer_frame(conn, codec.encode(Command(name="join")))
    table.peer_frame(1, codec.encode(Command(name="start")))
    host = table.host
    assert host is not None
    bot = next(iter(game.bots.values()))()
    rng = random.Random(seed)
    seat_conn = {table.conns[c].seat: c for c in conns}
    per_move: list[float] = []
    n = 0
    cpu = 0.0
    while not host.over:
        if n >= MAX_MOVES:
            raise RuntimeError(f"{game.name}: no end after {n} moves")
        seat = min(awaited(game, host.state))  # (Zestrea: a seat that passed a window may act, need not)
        snap = host.snapshot(seat)
        action = bot.choose(snap.view, snap.legal_actions, rng)
        before = sum(port.sent.values())
        version = host.version
        n += 1
        frame = codec.encode(IntentMsg(action_id=f"m{n}", version=snap.version, action=action))
        port.answered.clear()
        started = time.process_time()
        table.peer_frame(seat_conn[seat], frame)
        await asyncio.wait_for(port.answered.wait(), WAIT)
        if host.version != version + 1:
            raise RuntimeError(f"move {n} was not applied")
        cpu += time.process_time() - started
        per_move.append((sum(port.sent.values()) - before) / seats)
    await table.stop()
    return per_move, cpu / max(1, n)


def _middle(per_move: list[float]) -> str:
    """``per_move``'s middle third: ``"mid-game (moves 34-66 of 99) median 2168, max
    3120, last move 5347"``."""
    third = len(per_move) // 3
    mid = per_move[third: 2 * third] or per_move
    return (f"mid-game (moves {third + 1}-{2 * third} of {len(per_move)}) median {statistics.median(mid):.0f}, "
            f"max {max(mid):.0f}, last move {per_move[-1]:.0f}")


async def bytes_per_move() -> None:
    """Print the bytes a table sends per move per client, and the table's own CPU per
    move: the toy game, and Zatre, Zestrea and Estate with 4 players (their first bots)
    in the middle third of a game (Zestrea's and Estate's states are the largest)."""
    from rules.estate import GAME as ESTATE
    from rules.zatre import GAME as ZATRE, ZatreOptions
    from rules.zestrea import GAME as ZESTREA
    from tests.net import toygame

    from net.protocol import Hello

    modes = [True, False] if "updates" in attrs.fields_dict(Hello) else [False]
    games = [("Zatre", ZATRE, ZatreOptions()), ("Zestrea", ZESTREA, ZESTREA.options_type()),
             ("Estate", ESTATE, ESTATE.options_type())]
    # one unmeasured game of each first: the first game in a process pays for its imports
    # and the codec's plans (it made Zatre's updates look twice as dear as whole snapshots)
    await table_bytes(toygame.GAME, toygame.ToyOptions(rounds=20), 4)
    for _, game, options in games:
        await table_bytes(game, options, 4)
    for updates in modes:
        toy, toy_cpu = await table_bytes(toygame.GAME, toygame.ToyOptions(rounds=202), 4, updates=updates)
        print(f"bytes a table sends per move per client ({'updates' if updates else 'whole snapshots'}; "
              f"4 players; the mover's outcome included): toy game median {statistics.median(toy):.0f}")
        cpus = [f"toy game {toy_cpu * 1e6:.0f} us"]
        for title, game, options in games:
            per_move, cpu = await table_bytes(game, options, 4, updates=updates)
            print(f"  {title} {_middle(per_move)}")
            cpus.append(f"{title} {cpu * 1e6:.0f} us")
        print("  the table's own CPU per move, no sockets (process time: the intent in, judged, applied, "
              f"snapshots and outcome out; the games' apply and legal actions included): {', '.join(cpus)}")


# ---- the parent ---------------------------------------------------------------------------


class Child:
    """A bench subprocess: started with a role, its first stdout line is JSON."""

    def __init__(self, role: str, cpu: int, *extra: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.bench.relay", "--role", role, "--cpu", str(cpu),
             "--nice", str(NICE), *extra],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.ps = psutil.Process(self.proc.pid)

    def line(self, timeout: float = 120) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"bench child exited with {self.proc.returncode}")
            import select

            ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
            if ready:
                return self.proc.stdout.readline()
        raise TimeoutError("bench child did not answer in time")

    def info(self, timeout: float = 120) -> dict:
        return json.loads(self.line(timeout))

    def cpu(self) -> float:
        return sum(self.ps.cpu_times()[:2])

    def kernel(self) -> float:
        """Its CPU seconds in the kernel (system calls: socket reads and writes, epoll)."""
        return self.ps.cpu_times()[1]

    def waited(self) -> float:
        """Seconds its threads have spent runnable but waiting for a CPU (Linux
        schedstat: time other programs, or its neighbours on the core, held it off)."""
        total = 0
        try:
            for tid in os.listdir(f"/proc/{self.proc.pid}/task"):
                with open(f"/proc/{self.proc.pid}/task/{tid}/schedstat") as f:
                    total += int(f.read().split()[1])
        except (OSError, ValueError, IndexError):
            return float("nan")
        return total / 1e9

    def peak_rss(self) -> int:
        """VmHWM (peak resident set) in bytes, or the current RSS where /proc lacks it."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            pass
        return self.ps.memory_info().rss

    def stop(self) -> str:
        """Close its stdin (it stops), wait for it; what it printed last."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        self.proc.stdin = None
        try:
            out, _ = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate(timeout=10)
        lines = (out or "").strip().splitlines()
        return lines[-1] if lines else ""


async def round_trips(url: str, code: str | None, count: int) -> list[float]:
    """``count`` sequential round trips of a chat frame; seconds each."""
    async with connect(url, subprotocols=[SUBPROTOCOL], compression=None, ping_interval=None,
                       open_timeout=WAIT) as ws:
        if code is not None:
            await ws.send(json.dumps({"kind": "hello", "name": "rt", "room": code}))
            await asyncio.wait_for(ws.recv(), WAIT)
        frame = json.dumps({"kind": "chat", "text": "ping"})
        times = []
        for _ in range(count):
            start = time.perf_counter()
            await ws.send(frame)
            await asyncio.wait_for(ws.recv(), WAIT)
            times.append(time.perf_counter() - start)
        return times


def _busy() -> float:
    """CPU seconds all processes on this machine have used (every core), so far."""
    t = psutil.cpu_times()
    return t.user + t.nice + t.system


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def wait_quiet(most: float, below: float = 0.15) -> float:
    """Wait (at most ``most`` seconds) until other programs use under ``below`` of a
    core over a second; returns the share they used in the last second."""
    me = psutil.Process()
    end = time.monotonic() + most
    while True:
        busy0, mine0 = _busy(), sum(me.cpu_times()[:2])
        await asyncio.sleep(1.0)
        share = (_busy() - busy0) - (sum(me.cpu_times()[:2]) - mine0)
        if share < below or time.monotonic() >= end:
            return share


async def run_path(path: str, args: argparse.Namespace, rooms_count: int) -> dict:
    """One load phase through ``path`` (``inproc`` or ``remote``) with ``rooms_count``
    rooms; its figures."""
    if args.quiet:
        share = await wait_quiet(args.quiet)
        print(f"(other programs used {share * 100:.0f}% of a core in the second before this run)")
    common = ["--intents", str(args.intents), "--rounds", str(args.rounds), "--shape", args.shape,
              "--updates" if args.updates else "--no-updates",
              "--serve-gc" if args.serve_gc else "--no-serve-gc",
              "--moves", str(args.moves), "--warmup", str(args.warmup)]
    echo = Child("echo", args.server_cpu)
    servers: list[Child] = []
    forwarder: Child | None = None
    try:
        echo_port = echo.info()["port"]
        if path == "remote":
            forwarder = Child("forward", args.server_cpu, "--url", f"ws://127.0.0.1:{echo_port}")
            forward_port = forwarder.info()["port"]
        if path == "inproc":
            server = Child("relay", args.server_cpu, "--tables", str(rooms_count), *common)
            servers.append(server)
            info = server.info()
            url = f"ws://127.0.0.1:{info['port']}"
            rooms, echo_code = info["rooms"], info["echo"]
        else:
            relay = Child("relay", args.server_cpu, "--tables", "0", *common)
            servers.append(relay)
            url = f"ws://127.0.0.1:{relay.info()['port']}"
            tables = Child("tables", args.tables_cpu, "--tables", str(rooms_count), "--url", url, *common)
            servers.append(tables)
            info = tables.info()
            rooms, echo_code = info["rooms"], info["echo"]

        # round trips, idle: bare echo, the relay's echo room (and for the remote path a
        # bare forwarder in front of the echo), interleaved in rounds
        bare, relayed, forwarded = [], [], []
        for _ in range(args.rt_rounds):
            bare += await round_trips(f"ws://127.0.0.1:{echo_port}", None, 200)
            relayed += await round_trips(url, echo_code, 200)
            if forwarder is not None:
                forwarded += await round_trips(f"ws://127.0.0.1:{forward_port}", None, 200)
        if forwarder is not None:
            forwarder.stop()
            forwarder = None

        load = Child("load", args.client_cpu, "--url", url, "--clients", str(args.clients),
                     "--think", str(args.think), "--deadline", str(args.deadline), *common)
        try:
            load.proc.stdin.write(json.dumps({"rooms": rooms}) + "\n")
            load.proc.stdin.flush()
            loop = asyncio.get_running_loop()
            first = await loop.run_in_executor(None, load.line, 180)
            assert first.strip() == "started", first
            spies = [subprocess.Popen(
                [_py_spy(), "record", "--pid", str(s.proc.pid), "--format", "raw", "--rate", "250",
                 "--nonblocking", "--output", os.path.join(args.profile, f"{path}-{name}.txt")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                for s, name in zip(servers, ("relay", "tables"))] if args.profile else []
            if args.sample:
                for s in servers:
                    s.proc.send_signal(signal.SIGUSR1)  # CpuSampler: on
            cpu0 = [s.cpu() for s in servers]
            kernel0 = [s.kernel() for s in servers]
            wait0 = [s.waited() for s in servers]
            switches0 = [s.ps.num_ctx_switches() for s in servers]
            ours = [*servers, load, echo]
            ours_cpu0 = sum(c.cpu() for c in ours) + sum(psutil.Process().cpu_times()[:2])
            busy0 = _busy()
            rss_samples: list[int] = []
            finished = loop.run_in_executor(None, load.line, args.deadline + 60)
            while not finished.done():
                rss_samples.append(sum(s.ps.memory_info().rss for s in servers))
                await asyncio.wait({finished}, timeout=0.25)
            assert finished.result().strip() == "finished"
            cpu = [s.cpu() - c for s, c in zip(servers, cpu0)]
            kernel = [s.kernel() - k for s, k in zip(servers, kernel0)]
            waited = [s.waited() - w for s, w in zip(servers, wait0)]
            switches = [[a - b for a, b in zip(s.ps.num_ctx_switches(), w)] for s, w in zip(servers, switches0)]
            if args.sample:
                for s in servers:
                    s.proc.send_signal(signal.SIGUSR2)  # CpuSampler: off, stacks written
            for spy in spies:
                spy.send_signal(2)  # SIGINT: py-spy writes its profile and exits
                spy.wait(timeout=30)
            busy = _busy() - busy0
            others = busy - (sum(c.cpu() for c in ours) + sum(psutil.Process().cpu_times()[:2]) - ours_cpu0)
            rss = [s.ps.memory_info().rss for s in servers]
            peak = [s.peak_rss() for s in servers]
            result = json.loads(await loop.run_in_executor(None, load.line, 120))
        finally:
            load.stop()
    finally:
        stalls = [child.stop() for child in servers]
        echo.stop()
        if forwarder is not None:
            forwarder.stop()
    window = (result["began"], result["ended"])
    result["server_stalls"] = [_window(json.loads(line), *window) if line else None for line in stalls]
    result["load_stalls"] = _window(result.pop("stalls"), *window)
    result.update(path=path, rooms=rooms_count, server_cpu=cpu, server_kernel=kernel, others=others, server_waited=waited,
                  server_switches=switches, server_rss=rss, server_peak=peak,
                  bare=statistics.median(bare) if bare else float("nan"),
                  relayed=statistics.median(relayed) if relayed else float("nan"),
                  forwarded=statistics.median(forwarded) if forwarded else None,
                  names=["relay+tables"] if path == "inproc" else ["relay", "tables"],
                  samples=[os.path.join(args.sample, f"{role}-{s.proc.pid}.txt")
                           for s, role in zip(servers, ("relay", "tables"))] if args.sample else [])
    return result


def _window(stalls: dict, began: float, ended: float) -> dict:
    """The stalls seen during the load: loop lags over 5 ms (count, worst, total) and
    collections (count of all, time of all, the slow ones)."""
    lags = [lag for at, lag in stalls["lags"] if began <= at <= ended]
    return {"lags": len(lags), "worst": max(lags, default=0.0), "lag_total": sum(lags),
            "gc_total": stalls["gc_total"], "gc_count": stalls["gc_count"],
            "slow_gcs": [(round(d * 1000, 1), g) for at, d, g in stalls["gcs"] if began <= at <= ended]}


def _stall_text(s: dict | None) -> str:
    if s is None:
        return "?"
    return (f"{s['lags']} loop stalls > 5 ms (worst {s['worst'] * 1000:.0f} ms, {s['lag_total'] * 1000:.0f} ms in all), "
            f"GC {s['gc_count']} runs {s['gc_total'] * 1000:.0f} ms in the process's life"
            + (f", slow ones in the load (ms, gen): {s['slow_gcs'][:6]}" if s["slow_gcs"] else ""))


def report(r: dict, args: argparse.Namespace) -> None:
    lat, el = r["latencies"], r["elapsed"]
    ms = 1000
    where = ("relay + tables in one process (parlour host's arrangement)" if r["path"] == "inproc"
             else "tables in another process, each over a websocket to the relay (parlour host --relay)")
    print(f"[{r['path']}] {where}")
    shape = (f"{args.intents} intents each, think ~{args.think * ms:.0f} ms" if args.shape == "think"
             else f"closed loop, one move in flight per room, {args.moves} moves after {args.warmup}")
    print(f"  {r['rooms']} rooms x {args.clients} clients, {shape}: {len(lat)} intents measured in {el:.1f} s "
          f"({r['accepted'] / el:.0f} intents/s, {r['accepted'] * (args.clients + 1) / el:.0f} frames/s out)")
    print(f"  not measured: {r['missed']} of {r['accepted']} accepted (never shown to every player); "
          f"rejected {dict(r['rejected']) or 0}; errors {r['errors'] or 0}")
    print(f"  intent -> all {args.clients} views delivered: median {statistics.median(lat) * ms:.2f} ms, "
          f"p99 {pct(lat, 0.99) * ms:.2f} ms, max {max(lat) * ms:.2f} ms")
    parts = ", ".join(
        f"{name} CPU {c:.2f} s ({c / el * 100:.0f}% of a core, {c / max(1, r['accepted']) * 1e6:.0f} us per intent, "
        f"{k / max(1, r['accepted']) * 1e6:.0f} of them in the kernel; runnable but waiting for a CPU {w:.2f} s; "
        f"context switches per move {sw[0] / max(1, r['accepted']):.1f} waiting for input, "
        f"{sw[1] / max(1, r['accepted']):.1f} preempted), "
        f"RSS {rss / 2**20:.1f} MiB (peak {peak / 2**20:.1f})"
        for name, c, k, w, sw, rss, peak in zip(r["names"], r["server_cpu"], r["server_kernel"], r["server_waited"],
                                                r["server_switches"],
                                            r["server_rss"], r["server_peak"]))
    print(f"  {parts}; load generator {r['cpu'] / el * 100:.0f}% of a core; "
          f"other programs on this machine meanwhile: {max(0.0, r['others']) / el * 100:.0f}% of a core")
    for name, st in zip(r["names"], r["server_stalls"]):
        print(f"  {name}: {_stall_text(st)}")
    print(f"  load generator: {_stall_text(r['load_stalls'])}")
    print(f"  bytes received per move per client: {_per_client(r, args):.0f}")
    for name, c, sample in zip(r["names"], r["server_cpu"], r["samples"]):
        print(f"  {name}: where its CPU per move went (--sample)")
        print("\n".join(breakdown(sample, c / max(1, r["accepted"]) * 1e6)))
    if r["bare"] != r["bare"]:  # no round trips measured (--rt-rounds 0)
        return
    print(f"  idle round trip medians: bare echo {r['bare'] * 1e6:.0f} us, "
          f"through the relay's echo room {r['relayed'] * 1e6:.0f} us: "
          f"ratio {r['relayed'] / r['bare']:.2f} (goal <= 2)")
    if r.get("forwarded"):
        print(f"  floor of four hops: a bare websockets forwarder in front of the echo {r['forwarded'] * 1e6:.0f} us, "
              f"ratio {r['forwarded'] / r['bare']:.2f}; the remote table's {r['relayed'] / r['forwarded']:.2f} x that")


def _per_client(r: dict, args: argparse.Namespace) -> float:
    return r["received"] / max(1, r["accepted"]) / args.clients


def table(results: list[dict], args: argparse.Namespace) -> None:
    """One row per path and room count (ranges over the runs): the figures issue 11 asks for."""
    rows: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for r in results:
        rows[(r["path"], r["rooms"])].append(r)

    def span(values: list[float], fmt: str) -> str:
        lo, hi = min(values), max(values)
        return fmt.format(lo) if fmt.format(lo) == fmt.format(hi) else f"{fmt.format(lo)}-{fmt.format(hi)}"

    print(f"shape {args.shape}; {args.clients} clients a room; ranges over {args.runs} run(s); server CPU: the "
          "relay and the tables together (remote: the relay's own in brackets; a relay's tables run on their "
          "hosts' machines); load gen: the load generator's core, near 100 % when it, not the server, sets "
          "moves/s and latency")
    print("| path | rooms | median ms | p99 ms | moves/s | server CPU us/move | RSS MiB | stalls > 5 ms (worst ms)"
          " | bytes/move/client | load gen % core | others % core |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (path, rooms), rs in rows.items():
        med = [statistics.median(r["latencies"]) * 1000 for r in rs]
        p99 = [pct(r["latencies"], 0.99) * 1000 for r in rs]
        rate = [r["accepted"] / r["elapsed"] for r in rs]
        per = [sum(r["server_cpu"]) / max(1, r["accepted"]) * 1e6 for r in rs]
        relay = [r["server_cpu"][0] / max(1, r["accepted"]) * 1e6 for r in rs if len(r["server_cpu"]) > 1]
        own = f" ({span(relay, '{:.0f}')})" if relay else ""
        load = [r["cpu"] / r["elapsed"] * 100 for r in rs]
        rss = [sum(r["server_rss"]) / 2**20 for r in rs]
        stalls = [sum(s["lags"] for s in r["server_stalls"] if s) for r in rs]
        worst = [max((s["worst"] for s in r["server_stalls"] if s), default=0.0) * 1000 for r in rs]
        sent = [_per_client(r, args) for r in rs]
        others = [max(0.0, r["others"]) / r["elapsed"] * 100 for r in rs]
        print(f"| {path} | {rooms} | {span(med, '{:.1f}')} | {span(p99, '{:.1f}')} | {span(rate, '{:.0f}')} "
              f"| {span(per, '{:.0f}')}{own} "
              f"| {span(rss, '{:.0f}')} | {span(stalls, '{:.0f}')} ({span(worst, '{:.0f}')}) "
              f"| {span(sent, '{:.0f}')} | {span(load, '{:.0f}')} | {span(others, '{:.0f}')} |")


def summary(results: list[dict]) -> None:
    def span(values: list[float], fmt: str) -> str:
        lo, hi = min(values), max(values)
        return fmt.format(lo) if fmt.format(lo) == fmt.format(hi) else f"{fmt.format(lo)}-{fmt.format(hi)}"

    by_path: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        by_path[r["path"]].append(r)
    print(f"ranges over {max(len(v) for v in by_path.values())} runs:")
    for path, rs in by_path.items():
        med = [statistics.median(r["latencies"]) * 1000 for r in rs]
        p99 = [pct(r["latencies"], 0.99) * 1000 for r in rs]
        cpu = [sum(r["server_cpu"]) / r["elapsed"] * 100 for r in rs]
        rss = [sum(r["server_rss"]) / 2**20 for r in rs]
        ratio = [r["relayed"] / r["bare"] for r in rs]
        per = [sum(r["server_cpu"]) / max(1, r["accepted"]) * 1e6 for r in rs]
        others = [max(0.0, r["others"]) / r["elapsed"] * 100 for r in rs]
        floor = [r["forwarded"] / r["bare"] for r in rs if r.get("forwarded")]
        print(f"  [{path}] median {span(med, '{:.2f}')} ms, p99 {span(p99, '{:.2f}')} ms, "
              f"server CPU {span(cpu, '{:.0f}')}% of a core ({span(per, '{:.0f}')} us per intent), "
              f"RSS {span(rss, '{:.1f}')} MiB, echo ratio {span(ratio, '{:.2f}')}"
              + (f" (bare 4-hop forwarder {span(floor, '{:.2f}')})" if floor else "")
              + f"; other programs {span(others, '{:.0f}')}% of a core")


async def main(args: argparse.Namespace) -> None:
    global NICE
    NICE = args.nice
    if args.cprofile:
        os.makedirs(args.cprofile, exist_ok=True)
        os.environ["PARLOUR_BENCH_CPROFILE"] = os.path.abspath(args.cprofile)  # the children's
    if args.sample:
        os.makedirs(args.sample, exist_ok=True)
        os.environ["PARLOUR_BENCH_SAMPLE"] = os.path.abspath(args.sample)  # the children's
    _pin(args.client_cpu, args.nice)
    paths = [p for p in args.paths.split(",") if p]
    if args.loop != "asyncio":
        os.environ["PARLOUR_BENCH_LOOP"] = args.loop  # the server side's children's
    print(f"event loop of the server side: {args.loop}; "
          f"nice {args.nice}; cores: server side (relay/tables/echo) on cpu {args.server_cpu}"
          f"{'' if args.tables_cpu == args.server_cpu else f' (remote tables on cpu {args.tables_cpu})'}, "
          f"load generator and this process on cpu {args.client_cpu} of {os.cpu_count()}")
    if args.bytes:
        await bytes_per_move()
    results = []
    for run in range(args.runs):
        for rooms, path in [(n, p) for n in args.rooms for p in paths]:
            if args.runs > 1:
                print(f"run {run + 1}/{args.runs}:", end=" ")
            for attempt in range(args.retry_busy + 1):
                r = await run_path(path, args, rooms)
                busy = max(0.0, r["others"]) / r["elapsed"]
                if busy <= 0.15 or attempt == args.retry_busy:
                    break
                print(f"  (other programs used {busy * 100:.0f}% of a core during this run: run again)")
            report(r, args)
            results.append(r)
    if args.runs > 1 and len(args.rooms) == 1:
        summary(results)
    if results:
        table(results, args)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=lambda t: [int(n) for n in t.split(",")], default=[50],
                        help="rooms, or a sweep of room counts: 1,10,50,100,200")
    parser.add_argument("--shape", choices=["think", "turns"], default="think",
                        help="think: every seat picks each round after a think time; turns: closed loop, "
                             "one move in flight per room, seats in turn")
    parser.add_argument("--updates", action=argparse.BooleanOptionalAction, default=True,
                        help="the clients ask for update frames (as Parlour's client does); "
                             "--no-updates: whole snapshots only (the old behaviour)")
    parser.add_argument("--serve-gc", action=argparse.BooleanOptionalAction, default=True,
                        help="the server processes tune their garbage collector as parlour relay does "
                             "(net.relay.serve_gc); --no-serve-gc: Python's defaults")
    parser.add_argument("--moves", type=int, default=80, help="--shape turns: measured moves per room")
    parser.add_argument("--warmup", type=int, default=8, help="--shape turns: unmeasured moves first")
    parser.add_argument("--bytes", action=argparse.BooleanOptionalAction, default=True,
                        help="first print the bytes a table sends per move per client (toy game, Zatre, Zestrea, Estate)")
    parser.add_argument("--clients", type=int, default=4, help="players per room (2-4)")
    parser.add_argument("--intents", type=int, default=20, help="intents per player")
    parser.add_argument("--think", type=float, default=0.2, help="seconds between a player's intents")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--paths", default="inproc,remote", help="inproc, remote or both")
    parser.add_argument("--rt-rounds", type=int, default=10, help="rounds of 200 round trips each")
    parser.add_argument("--deadline", type=float, default=300.0, help="seconds a load phase may take")
    parser.add_argument("--profile", metavar="DIR",
                        help="py-spy the server processes during the load (collapsed stacks in DIR; "
                             "needs py-spy on PATH: pip install py-spy, not a project dependency)")
    parser.add_argument("--sample", metavar="DIR",
                        help="sample the server processes' Python stacks by CPU time during the load "
                             "(bench.CpuSampler; stacks in DIR) and print where each one's CPU per move went")
    parser.add_argument("--cprofile", metavar="DIR",
                        help="run the server processes under cProfile, timed by process CPU time (stats files in DIR, one per process)")
    parser.add_argument("--nice", type=int, default=0,
                        help="niceness of every bench process (e.g. -10 as root: other programs on a "
                             "shared machine then disturb the figures less; what they used is printed)")
    parser.add_argument("--quiet", type=float, default=0, metavar="SECONDS",
                        help="before each run wait up to SECONDS for other programs to use under 15%% of a core")
    parser.add_argument("--retry-busy", type=int, default=0, metavar="N",
                        help="run a path again (at most N times) when other programs used over 15%% "
                             "of a core during its load (said so in the output)")
    parser.add_argument("--loop", choices=["asyncio", "uvloop"], default="asyncio",
                        help="the server side's event loop (uvloop: to measure it; not a dependency)")
    parser.add_argument("--server-cpu", type=int, default=0)
    parser.add_argument("--tables-cpu", type=int, default=None, help="remote tables' cpu (default: --server-cpu)")
    parser.add_argument("--client-cpu", type=int, default=1)
    # child roles
    parser.add_argument("--role", choices=["echo", "forward", "relay", "tables", "load"], help=argparse.SUPPRESS)
    parser.add_argument("--cpu", type=int, default=-1, help=argparse.SUPPRESS)
    parser.add_argument("--tables", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--lifetime", type=float, default=1800.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tables_cpu is None:
        args.tables_cpu = args.server_cpu
    if not 2 <= args.clients <= 4:
        parser.error("--clients must be 2..4 (Secret Numbers' seats)")
    if args.role is None:
        moves = args.intents if args.shape == "think" else -(-(args.moves + args.warmup) // args.clients)
        args.rounds = moves + 2
    return args


if __name__ == "__main__":
    arguments = parse_args()
    if arguments.role is None:
        asyncio.run(main(arguments))
    else:
        _pin(arguments.cpu, arguments.nice)
        role = {"echo": role_echo, "forward": role_forward, "relay": role_relay, "tables": role_tables,
                "load": role_load}
        sampled = os.environ.get("PARLOUR_BENCH_SAMPLE")
        if sampled and arguments.role in ("relay", "tables"):
            CpuSampler(os.path.join(sampled, f"{arguments.role}-{os.getpid()}.txt"))
        if os.environ.get("PARLOUR_BENCH_LOOP") == "uvloop" and arguments.role in ("relay", "tables"):
            import uvloop  # (not a dependency: --loop uvloop measures it)

            asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        where = os.environ.get("PARLOUR_BENCH_CPROFILE")
        if where and arguments.role in ("relay", "tables"):
            import cProfile

            # CPU time, not wall time: on a shared machine the wall clock charges other
            # programs' turns on the core to whatever function was running
            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            try:
                asyncio.run(role[arguments.role](arguments))
            finally:
                profiler.disable()
                profiler.dump_stats(os.path.join(where, f"{arguments.role}-{arguments.tables}-{os.getpid()}.prof"))
        else:
            asyncio.run(role[arguments.role](arguments))
