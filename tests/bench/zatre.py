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
from tests.bench import figures
from tests.bench.figures import games_to_play, report, timed
from tests.bench.zatre_bruteforce import brute_legal


def sample_positions(games: int = 12, seed0: int = 100):
    """States at every turn of seeded 4-bot games, tagged early / middle / late by the
    tiles on the board."""
    def phase(state):
        placed = sum(1 for v in state.board if v)
        return "early" if placed < 40 else "middle" if placed < 85 else "late"

    return figures.sample_positions(GAME, ZatreOptions(), 4, range(seed0, seed0 + games), phase)


def _uncache() -> None:
    """Forget the generator's cached positions, so the next call is timed in full."""
    placement._judge.cache_clear()
    placement._legal_actions.cache_clear()


def main(argv: list[str] | None = None) -> None:
    games_to_play("tests.bench.zatre", __doc__, None, argv)
    positions = sample_positions()
    print(f"{len(positions)} positions from 12 seeded 4-bot games")
    cells_t, turns_t, bot_t = {}, {}, {}
    strong = GAME.bots["strong"]()
    rng = random.Random(0)
    for phase, state in positions:
        seat = state.current
        _uncache()
        dt, actions = timed(GAME.legal_actions, state, seat)
        turns_t.setdefault(phase, []).append(dt)
        view = GAME.view(state, seat)
        for tile in set(view.hand):
            dt, _ = timed(legal_cells, view, actions, (), tile)
            cells_t.setdefault(phase, []).append(dt)
        _uncache()
        dt, _ = timed(lambda: strong.choose(view, GAME.legal_actions(state, seat), rng))
        bot_t.setdefault(phase, []).append(dt)

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
        _uncache()
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
