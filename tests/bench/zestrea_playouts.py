"""Zestrea random playouts at scale. Run: ``python -m tests.bench.zestrea_playouts [n]``
(seeds per player count, default 1000; issue 9 asks for 1 000 per count).

Plays the suite's playout (tests/rules/test_zestrea_playouts.py: random seats and bots,
every invariant checked after every action) for seeds ``0 .. n-1`` with 3, 4, 5 and 6
Boyars in two worker processes, and prints the games played, the failures (seat count,
seed and the first lines of the error) and the time taken.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tests.rules.test_zestrea_playouts import playout


def run(args: tuple[int, int]) -> str:
    seats, seed = args
    try:
        playout(seats, seed)
    except Exception as exc:  # reported, not raised: the other seeds go on
        return f"{seats} Boyars, seed {seed}: {str(exc).splitlines()[0][:200]}"
    return ""


def main(n: int) -> None:
    jobs = [(seats, seed) for seats in (3, 4, 5, 6) for seed in range(n)]
    start = time.perf_counter()
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        failures = [f for f in pool.map(run, jobs, chunksize=20) if f]
    print(f"{len(jobs)} playouts ({n} per player count) in {time.perf_counter() - start:.0f} s; "
          f"{len(failures)} failed")
    for failure in failures[:20]:
        print("  " + failure)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
