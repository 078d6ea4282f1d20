"""Zatre random playouts at scale. Run: ``python -m tests.bench.zatre_playouts [games]``
(seeds per table, default 100: the suite plays 8 chosen ones).

Plays the suite's checked playout (tests/rules/test_zatre_playouts.py: every invariant
after every action, deep games replayed and round-tripped) for seeds ``0 .. games-1`` at
2, 3 and 4 players and in teams of 4 and 6, in two worker processes. Prints the games
played, the failures (table, seed and the first line of the error), the time taken, and
for each rule case the suite asserts (``RARER``, ``TEAM_ORDERS``) how many games reached
it and the first seeds that did at each table: where to look when the suite's seeds
(``CHUNKS``) stop reaching a case after a rule change. Never asserts.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from tests.bench.figures import games_to_play
from tests.rules.test_zatre_playouts import RARER, TEAM_ORDERS, playout

TABLES = ((2, False), (3, False), (4, False), (4, True), (6, True))


def run(job: tuple[int, bool, int]) -> tuple[tuple[int, bool, int], frozenset[str], str]:
    """One checked game: its job, the cases it reached, and the error ("" if none)."""
    seats, teams, seed = job
    try:
        return job, playout(seats, teams, seed)[3], ""
    except Exception as exc:  # reported, not raised: the other seeds go on
        return job, frozenset(), (str(exc).splitlines() or [type(exc).__name__])[0][:200]


def table_name(seats: int, teams: bool) -> str:
    return f"{seats}{'T' if teams else 'p'}"


def main(argv: list[str] | None = None) -> None:
    games = games_to_play("tests.bench.zatre_playouts", __doc__, 100, argv)
    jobs = [(seats, teams, seed) for seats, teams in TABLES for seed in range(games)]
    start = time.perf_counter()
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(run, jobs, chunksize=10))
    failures = [(job, error) for job, _, error in results if error]
    print(f"{len(jobs)} playouts ({games} per table) in {time.perf_counter() - start:.0f} s; "
          f"{len(failures)} failed")
    for (seats, teams, seed), error in failures[:20]:
        print(f"  {table_name(seats, teams)} seed {seed}: {error}")
    reached: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for (seats, teams, seed), cases, _ in results:
        for case in cases:
            reached[case][table_name(seats, teams)].append(seed)
    for case in sorted(RARER | TEAM_ORDERS):
        tables = reached.get(case, {})
        seen = "; ".join(f"{name} {len(seeds)} ({', '.join(map(str, seeds[:6]))}"
                         f"{', ...' if len(seeds) > 6 else ''})" for name, seeds in tables.items())
        print(f"{case}: {seen or 'never'}")


if __name__ == "__main__":
    main()
