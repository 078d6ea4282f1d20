"""Zestrea figures. Run: ``python -m tests.bench.zestrea [games]`` (games per player
count, default 40).

Prints (targets beside them, never asserted; issue 9 "Tests, speed, screenshots"):
- a whole 6-bot game (3 easy, 3 strong): target median <= 5 s;
- a strong bot's decision (view and legal actions included): target median <= 50 ms,
  p99 <= 300 ms;
- strong vs easy: how often a strong seat wins 4-player games with two of each, seats
  alternating: target >= 80 %;
- self-play of strong bots per player count (3-6) beside the balance note's targets
  (reference §7): mean final total 10-25, winner's total 14-30, villagers starved per
  Boyar per game < 1, share of games where the couples bonus is paid.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from rules.core import awaited
from rules.zestrea import GAME, ZestreaOptions
from tests.bench.figures import ms, percentile


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


def main(games: int) -> None:
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
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
