"""Zatre speed figures (issue: "Speed"). Run: ``python -m tests.bench.zatre``.

Positions are sampled from seeded 4-bot games (early, middle and late in the game).
Prints medians and 99th percentiles; targets are printed beside them, never asserted.
"""

from __future__ import annotations

import random
import statistics
import time

from rules.zatre import GAME, ZatreOptions, legal_cells
from rules.zatre import placement
from rules.zatre.board import index
from tests.bench.zatre_bruteforce import brute_legal


def _ms(seconds: float) -> float:
    return seconds * 1000


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def sample_positions(games: int = 12, seed0: int = 100):
    """States at every turn of seeded 4-bot games, tagged early / middle / late."""
    out = []
    for seed in range(seed0, seed0 + games):
        state = GAME.setup(ZatreOptions(), 4, seed)
        bots = [GAME.bots["strong" if s % 2 else "easy"]() for s in range(4)]
        rng = random.Random(seed)
        while not GAME.is_over(state):
            placed = sum(1 for v in state.board if v)
            phase = "early" if placed < 40 else "middle" if placed < 85 else "late"
            out.append((phase, state))
            seat = state.current
            action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
            state, _ = GAME.apply(state, seat, action)
    return out


def timed(fn, *args):
    t = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t, result


def main() -> None:
    positions = sample_positions()
    print(f"{len(positions)} positions from 12 seeded 4-bot games")
    cells_t, turns_t, bot_t = {}, {}, {}
    strong = GAME.bots["strong"]()
    rng = random.Random(0)
    for phase, state in positions:
        seat = state.current
        placement._legal.cache_clear()
        dt, actions = timed(GAME.legal_actions, state, seat)
        turns_t.setdefault(phase, []).append(dt)
        view = GAME.view(state, seat)
        for tile in set(view.hand):
            dt, _ = timed(legal_cells, view, actions, (), tile)
            cells_t.setdefault(phase, []).append(dt)
        placement._legal.cache_clear()
        dt, _ = timed(lambda: strong.choose(view, GAME.legal_actions(state, seat), rng))
        bot_t.setdefault(phase, []).append(dt)

    def report(title, table, target):
        print(f"\n{title}  (target {target})")
        every = [x for v in table.values() for x in v]
        for phase in ("early", "middle", "late"):
            v = table.get(phase, [])
            if v:
                print(f"  {phase:6s} n={len(v):4d} median {_ms(statistics.median(v)):7.2f} ms"
                      f"  p99 {_ms(_pct(v, 0.99)):7.2f} ms  max {_ms(max(v)):7.2f} ms")
        print(f"  all    n={len(every):4d} median {_ms(statistics.median(every)):7.2f} ms"
              f"  p99 {_ms(_pct(every, 0.99)):7.2f} ms")

    report("legal cells for one chosen tile", cells_t, "median <= 5 ms")
    report("all legal turns (uncached)", turns_t, "median <= 30 ms, p99 <= 100 ms")
    report("strong bot move (legal turns included)", bot_t, "median <= 300 ms")

    games = []
    for seed in range(5):
        state = GAME.setup(ZatreOptions(), 4, 1000 + seed)
        bots = [GAME.bots["strong"]() for _ in range(4)]
        r = random.Random(seed)
        t = time.perf_counter()
        while not GAME.is_over(state):
            seat = state.current
            state, _ = GAME.apply(state, seat, bots[seat].choose(
                GAME.view(state, seat), GAME.legal_actions(state, seat), r))
        games.append(time.perf_counter() - t)
    print(f"\nwhole 4-strong-bot game (target <= 10 s): median {statistics.median(games):.2f} s,"
          f" max {max(games):.2f} s over {len(games)} games")

    # generator vs brute force, on two-tile hands
    picks = [(ph, st) for ph, st in positions if len(st.hands[st.current]) == 2][::25][:12]
    ratios, mismatches = [], 0
    for phase, state in picks:
        hand = state.hands[state.current]
        placement._legal.cache_clear()
        fast_t, fast = timed(placement._legal, state.board, tuple(sorted(hand)), state.first_move)
        slow_t, slow = timed(brute_legal, state.board, hand, state.first_move)
        if set(fast) != slow:
            mismatches += 1
            print(f"  MISMATCH at a {phase} position: {len(fast)} vs {len(slow)} turns")
        ratios.append(slow_t / fast_t)
    print(f"\nbrute force / generator on {len(picks)} two-tile positions: median ratio "
          f"{statistics.median(ratios):.0f}x (min {min(ratios):.0f}x, max {max(ratios):.0f}x);"
          f" positions where the two disagree: {mismatches}")


if __name__ == "__main__":
    main()
