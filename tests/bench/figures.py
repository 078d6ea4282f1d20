"""What the game benches share: timing a call, sampling positions from seeded bot
games, printing medians and 99th percentiles by phase (targets printed, never asserted)."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any, Callable


def games_to_play(module: str, doc: str | None, default: int | None,
                  argv: list[str] | None = None) -> int | None:
    """The command line of the bench ``module`` (``tests.bench.zatre_cards``): ``--help``
    prints ``doc``; with a ``default``, an optional number of games (at least 1), else
    no argument at all. Bad arguments exit with a usage message (argparse)."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    if default is not None:
        parser.add_argument("games", nargs="?", type=int, default=default,
                            help=f"how many seeded games to play (default {default})")
    args = parser.parse_args(argv)
    if default is not None and args.games < 1:
        parser.error("games: at least 1")
    return args.games if default is not None else None


def ms(seconds: float) -> float:
    return seconds * 1000


def percentile(values, q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn: Callable, *args) -> tuple[float, Any]:
    """``(seconds, result)`` of ``fn(*args)``."""
    t = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t, result


def sample_positions(game, options, seats: int, seeds: range,
                     phase: Callable[[Any], str]) -> list[tuple[str, Any]]:
    """``(phase(state), state)`` at every action of seeded games of ``game`` with
    ``options`` and ``seats`` seats, easy bots on even seats and strong bots on odd."""
    out = []
    for seed in seeds:
        state = game.setup(options, seats, seed)
        bots = [game.bots["strong" if s % 2 else "easy"]() for s in range(seats)]
        rng = random.Random(seed)
        while not game.is_over(state):
            out.append((phase(state), state))
            seat = state.current
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rng)
            state, _ = game.apply(state, seat, action)
    return out


def report(title: str, table: dict[str, list[float]], target: str) -> None:
    """Print the median, p99 and max of each phase's times (seconds) and of all."""
    print(f"\n{title}  (target {target})")
    every = [x for v in table.values() for x in v]
    for phase in ("early", "middle", "late"):
        v = table.get(phase, [])
        if v:
            print(f"  {phase:6s} n={len(v):4d} median {ms(statistics.median(v)):7.2f} ms"
                  f"  p99 {ms(percentile(v, 0.99)):7.2f} ms  max {ms(max(v)):7.2f} ms")
    print(f"  all    n={len(every):4d} median {ms(statistics.median(every)):7.2f} ms"
          f"  p99 {ms(percentile(every, 0.99)):7.2f} ms")
