"""Estate's random playouts at scale. Run: ``python -m tests.bench.estate_playouts [games]
[counts]`` (games per player count, default 1 000 as issue 10 asks; counts like ``1,3,5``,
default 1-5).

Each game is played by the bots (easy and strong seats alternating, Leaders at random)
with the invariants of issue 10 checked after every action, as
tests/rules/test_estate_playouts.py does for a few seeds: at most 7 cards a track and 21
an Estate, at most 6 workers, cards conserved (156; 149 in solo), no negative tokens,
someone can always act until the end; every 25 actions no leak of a hand, tucked card or
packet into another seat's view (a canary check) and a cattrs round trip of the state;
every 50th seed played twice for determinism. Prints per count the games, failures
(seed and error) and the rate; never asserts.
"""

from __future__ import annotations

import random
import sys
import time
import traceback

from rules.estate import GAME, EstateOptions
from rules.estate.state import EstateState
from tests.rules.test_estate_playouts import CONV, check, no_leak

RANDOM = EstateOptions(leaders="random")


def playout(seats: int, seed: int) -> EstateState:
    """One checked game (the invariants above); raises AssertionError on a breach."""
    kinds = ["strong" if (s + seed) % 2 else "easy" for s in range(seats)]
    st = GAME.setup(RANDOM, seats, seed)
    expected = 149 if seats == 1 else 156
    bots = [GAME.bots[k]() for k in kinds]
    rng = random.Random(seed)
    steps = 0
    while not GAME.is_over(st):
        seat = min(GAME.active_seats(st))
        legal = GAME.legal_actions(st, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        st, _ = GAME.apply(st, seat, bots[seat].choose(GAME.view(st, seat), legal, rng))
        steps += 1
        check(st, expected)
        if steps % 25 == 0:
            no_leak(st)
            assert CONV.structure(CONV.unstructure(st), EstateState) == st, "cattrs round trip"
        assert steps < 5000, "no end in sight"
    return st


def main(games: int, counts: tuple[int, ...]) -> None:
    for seats in counts:
        failures: list[str] = []
        t = time.perf_counter()
        for seed in range(games):
            try:
                end = playout(seats, seed)
                if seed % 50 == 0:
                    assert playout(seats, seed) == end, "not deterministic"
            except Exception as exc:  # a failure is reported, the run goes on
                failures.append(f"seed {seed}: {type(exc).__name__}: {exc}".splitlines()[0][:200])
                if len(failures) == 1:
                    traceback.print_exc()
        took = time.perf_counter() - t
        print(f"playouts {seats} player(s): {games} games in {took:.0f} s ({games / took:.1f} games/s), "
              f"{len(failures)} failure(s)", flush=True)
        for line in failures[:10]:
            print("  " + line)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    which = tuple(int(x) for x in sys.argv[2].split(",")) if len(sys.argv) > 2 else (1, 2, 3, 4, 5)
    main(n, which)
