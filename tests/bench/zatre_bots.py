"""How often the strong Zatre bot beats the easy one. Run: ``python -m tests.bench.zatre_bots``.

Plays seeded games (2, 3 and 4 players, one strong bot against easy bots, the strong
seat rotating) and prints the strong bot's win rate (a shared first place counts half)
and its average margin. Also pits it against a greedy bot that takes the most raw
points each turn, to show what playing for the score sheet is worth.
"""

from __future__ import annotations

import random
import sys
import time

from rules.zatre import GAME, ZatreOptions
from rules.zatre.bots import _entry, _grid


class GreedyBot:
    """Bench-only: the turn with the most raw points (ties at random)."""

    def choose(self, view, legal_actions, rng):
        g = _grid(view)
        scored = [(_entry(g, a, view.first_move).points, a) for a in legal_actions]
        best = max(p for p, _ in scored)
        return rng.choice([a for p, a in scored if p == best])


def play(seed: int, bots) -> tuple[int, ...]:
    state = GAME.setup(ZatreOptions(), len(bots), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = state.current
        state, _ = GAME.apply(state, seat, bots[seat].choose(
            GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
    return tuple(s.total for s in GAME.result(state).scores)


def duel(games: int, rival) -> tuple[float, float]:
    wins = margin = 0.0
    for g in range(games):
        seats = 2 + g % 3
        me = g % seats
        bots = [GAME.bots["strong"]() if s == me else rival() for s in range(seats)]
        totals = play(10_000 + g, bots)
        best_other = max(t for s, t in enumerate(totals) if s != me)
        wins += 1 if totals[me] > best_other else 0.5 if totals[me] == best_other else 0
        margin += totals[me] - best_other
    return wins / games, margin / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 240
    t = time.perf_counter()
    rate, margin = duel(games, GAME.bots["easy"])
    print(f"strong vs easy:   {games} games (2-4 players), strong wins {rate:.1%}, "
          f"average margin over the best easy bot {margin:+.1f} points")
    rate, margin = duel(games, GreedyBot)
    print(f"strong vs greedy: {games} games (2-4 players), strong wins {rate:.1%}, "
          f"average margin {margin:+.1f} points")
    print(f"({time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main()
