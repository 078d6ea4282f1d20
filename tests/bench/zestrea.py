"""Zestrea figures. Run: ``python -m tests.bench.zestrea [games]`` (games per player
count, default 40).

Prints (targets beside them, never asserted; issue 9 "Tests, speed, screenshots"):
- a whole 6-bot game (3 easy, 3 strong): target median <= 5 s;
- a strong bot's decision (view and legal actions included): target median <= 50 ms,
  p99 <= 300 ms;
- intent -> all views at a 6-seat step IV over loopback: the table (serve_table, its
  in-process relay on 127.0.0.1) in a process of its own, six seated players as
  websockets clients in this one, brought to step IV by default answers, then each in
  turn proposes a trade to the next and withdraws it; the time from sending an intent
  to the last of the six reading the version it made (a snapshot or update, read
  with json.loads only): target median <= 5 ms;
- strong vs easy: how often a strong seat wins 4-player games with two of each, seats
  alternating: target >= 80 %;
- self-play of strong bots per player count (3-6) beside the balance note's targets
  (reference §7): mean final total 10-25, winner's total 14-30, villagers starved per
  Boyar per game < 1, share of games where the couples bonus is paid.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import statistics
import time
import uuid

from rules.core import awaited
from rules.zestrea import GAME, ZestreaOptions
from rules.zestrea.state import ProposeTrade, Withdraw
from tests.bench.figures import games_to_play, ms, percentile


def play(seats: int, seed: int, kinds: tuple[str, ...], decisions: list[float] | None = None):
    """One seeded game, seat ``s`` played by a ``kinds[s % len(kinds)]`` bot; returns the
    final state and the number of villagers who starved. ``decisions`` collects the
    strong bots' decision times (seconds)."""
    state = GAME.setup(ZestreaOptions(), seats, seed)
    bots = [GAME.bots[kinds[s % len(kinds)]]() for s in range(seats)]
    rng = random.Random(seed)
    starved = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(awaited(GAME, state)))
        t = time.perf_counter()
        action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        if decisions is not None and kinds[seat % len(kinds)] == "strong":
            decisions.append(time.perf_counter() - t)
        state, events = GAME.apply(state, seat, action)
        starved += sum(e.kind == "gone" and e.why == "starvation" for e in events)
    return state, starved


LOOPBACK_SEATS = 6
LOOPBACK_WARMUP = 12
"""Intents sent before the measured ones (connections and caches warm)."""


def _serve_table(pipe) -> None:
    """The table's process: a Zestrea table on 127.0.0.1 (any free port); sends its URL
    and host key up ``pipe``, serves until the parent sends anything back."""
    from net.cli import serve_table
    from net.server import Limits

    async def serve() -> None:
        loose = Limits(chat_rate=1e6, chat_burst=1e6, intent_rate=1e6, intent_burst=1e6)
        hosted = await serve_table(GAME, "bench", bind="127.0.0.1", port=0, seed=7,
                                   options=ZestreaOptions(starting_zestre=10), bot_delay=0,
                                   advertise=False, save=False, limits=loose)
        pipe.send((hosted.local_url, hosted.host_key))
        await asyncio.to_thread(pipe.recv)
        await hosted.stop()

    asyncio.run(serve())


async def _seated_in_step_iv(url: str, key: str) -> list:
    """Six players seated through the lobby, the game started and brought to step IV
    (tests/net/zestrea_play.py); their links closed again, their seats held."""
    from net.client import RemoteSeatLink
    from tests.net.wire import until
    from tests.net.zestrea_play import to_step_iv

    links = []
    for i in range(LOOPBACK_SEATS):
        link = RemoteSeatLink(url, f"P{i}", GAME, host_key=key if i == 0 else None)
        await asyncio.wait_for(link.connect(), 10)
        await link.say("/join")
        await until(lambda: link.seat is not None, what="seated")
        links.append(link)
    await links[0].say("/start")
    await until(lambda: all(link.has_snapshot for link in links), what="the first snapshots")
    await to_step_iv(links)
    for link in links:
        await link.close()
    return links


async def _intent_to_all_views(url: str, key: str, intents: int) -> list[float]:
    """Seconds from each measured intent's sending to the last of the six views of the
    version it made (see the module doc)."""
    from websockets.asyncio.client import connect

    from net.codec import codec_for
    from net.protocol import SUBPROTOCOL, IntentMsg

    links = await _seated_in_step_iv(url, key)
    codec = codec_for(GAME)
    versions = [0] * LOOPBACK_SEATS
    offers: dict[int, int] = {}  # seat -> its open offer's id, as its own view tells it
    answers: dict[str, asyncio.Future] = {}
    target = {"version": 0, "at": 0.0}
    reached = asyncio.Event()

    async def read(ws, seat: int) -> None:
        async for frame in ws:
            data = json.loads(frame)
            kind = data["kind"]
            if kind in ("snapshot", "update"):
                versions[seat] = data["version"]
                for event in data["events"]:
                    if event["kind"] == "offer-made" and event["by"] == seat == data["seat"]:
                        offers[seat] = event["id"]
                if target["version"] and min(versions) >= target["version"] and not reached.is_set():
                    target["at"] = time.perf_counter()
                    reached.set()
            elif kind == "outcome":
                answers.pop(data["action_id"]).set_result(data)

    sockets = []
    for link in links:
        ws = await connect(url, subprotocols=[SUBPROTOCOL], max_size=2**20, compression=None)
        await ws.send(json.dumps({"kind": "hello", "name": link.name, "token": link.token,
                                  "updates": True}))
        sockets.append((ws, asyncio.create_task(read(ws, link.seat))))
    while len(set(versions)) != 1 or not versions[0]:
        await asyncio.sleep(0.01)
    times = []
    for k in range(LOOPBACK_WARMUP + intents):
        seat = k % LOOPBACK_SEATS
        action = (Withdraw(offers.pop(seat)) if seat in offers
                  else ProposeTrade((seat + 1) % LOOPBACK_SEATS, give_zestre=1))
        action_id = uuid.uuid4().hex
        frame = codec.encode(IntentMsg(action_id=action_id, version=versions[seat], action=action))
        answers[action_id] = asyncio.get_running_loop().create_future()
        reached.clear()
        target["version"] = max(versions) + 1
        sent = time.perf_counter()
        await sockets[seat][0].send(frame)
        outcome = await asyncio.wait_for(answers[action_id], 10)
        assert outcome["accepted"], outcome
        await asyncio.wait_for(reached.wait(), 10)
        if k >= LOOPBACK_WARMUP:
            times.append(target["at"] - sent)
    for ws, task in sockets:
        task.cancel()
        await ws.close()
    return times


def loopback(intents: int) -> list[float]:
    """Run :func:`_intent_to_all_views` against a table in a process of its own."""
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    table = context.Process(target=_serve_table, args=(theirs,), daemon=True)
    table.start()
    try:
        url, key = mine.recv()
        return asyncio.run(_intent_to_all_views(url, key, intents))
    finally:
        mine.send("stop")
        table.join(10)


def main(games: int) -> None:
    times = loopback(max(60, 6 * games))
    print(f"intent -> all views, 6-seat step IV over loopback: n={len(times)}"
          f" median {ms(statistics.median(times)):.2f} ms  p99 {ms(percentile(times, 0.99)):.2f} ms"
          f"  (target median <= 5 ms)")

    decisions: list[float] = []
    whole = []
    for seed in range(max(5, games // 4)):
        t = time.perf_counter()
        play(6, seed, ("easy", "strong"), decisions)
        whole.append(time.perf_counter() - t)
    print(f"whole 6-bot game: n={len(whole)} median {statistics.median(whole):.2f} s  (target <= 5 s)")
    print(f"strong bot decision: n={len(decisions)} median {ms(statistics.median(decisions)):.2f} ms"
          f"  p99 {ms(percentile(decisions, 0.99)):.2f} ms  (targets <= 50 ms, <= 300 ms)")

    strong_wins = 0
    for seed in range(games):
        kinds = ("strong", "easy") if seed % 2 else ("easy", "strong")
        state, _ = play(4, 1000 + seed, kinds)
        winners = GAME.result(state).winners
        strong_wins += any(kinds[s % 2] == "strong" for s in winners)
    print(f"strong vs easy, 4 players (two of each): strong seats win {100 * strong_wins / games:.0f} %"
          f" of {games} games  (target >= 80 %)")

    print("self-play, strong bots (reference §7 targets: mean 10-25, winner 14-30, starved < 1):")
    for seats in (3, 4, 5, 6):
        totals, winners, starved, bonus = [], [], 0, 0
        for seed in range(games):
            state, dead = play(seats, 2000 + seed, ("strong",))
            result = GAME.result(state)
            scores = [s.total for s in result.scores]
            totals += scores
            winners.append(max(scores))
            starved += dead
            bonus += any(dict(s.parts)["couples bonus"] for s in result.scores)
        print(f"  {seats} players: mean {statistics.mean(totals):5.1f}"
              f"  winner {statistics.mean(winners):5.1f}"
              f"  starved/Boyar {starved / (games * seats):.2f}  bonus paid {100 * bonus / games:.0f} %"
              f"  (note: ≈10, ≈{11 + seats}, ≈0.3, ≈67 %)")


if __name__ == "__main__":
    main(games_to_play("tests.bench.zestrea", __doc__, 40))
