"""Estate figures. Run: ``python -m tests.bench.estate [games]`` (games per figure,
default 40; issue 10 asks 1 000 per player count for the playouts), or
``python -m tests.bench.estate --balance [games]`` for reference §9's balance checks alone
(default 1 000 4-player games, as §9 asks for the Leaders' win rates, and as many solo games).

Prints (targets beside them, never asserted; issue 10 "Tests, speed, screenshots"):
- a whole 4-bot game (2 strong, 2 easy): target median <= 10 s;
- a strong bot's decision (view and legal actions included): target median <= 100 ms,
  p99 <= 500 ms;
- legal actions for a position: target median <= 5 ms;
- strong vs easy: how often a strong seat wins 4-player games with two of each, seats
  alternating: target >= 80 %;
- the balance checks of reference §9 with strong bots: mean winning score in 4-player
  games (70-95), each Leader's win rate beside its fair share (±10 points), the first
  player's win rate (within +5 points of 1/4), the card most over-represented in winners'
  Estates (its rate there at most 15 points above its rate in all Estates), the strong
  solo bot's objectives met (>= 3 in >= 80 % of games) and median title (Baron or Duke);
- random playouts per player count 1-5 (games, failures); the 1 000-game playouts with
  every invariant checked are tests/bench/estate_playouts.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from rules.core import awaited
from rules.estate import GAME, EstateOptions
from rules.estate.data import CONTENT, card
from rules.estate.scoring import title
from tests.bench.figures import ms, percentile

RANDOM = EstateOptions(leaders="random")
"""Leaders dealt at random (the lobby's ``leaders = random``, E-R1): with ``choose`` every
bot takes the first free Leader of ``bots.LEADER_PREFERENCE``, so 4 bots would only ever
play the same 4 Leaders and the other 4 would have no win rate."""
BALANCE_GAMES = 1_000


def play(seats: int, seed: int, kinds: tuple[str, ...], decisions: list[float] | None = None,
         legal_times: list[float] | None = None, first: list[int] | None = None):
    """One seeded game, seat ``s`` played by ``kinds[s % len(kinds)]``; ``first`` gets
    the first player of Era 1."""
    state = GAME.setup(RANDOM, seats, seed)
    bots = [GAME.bots[kinds[s % len(kinds)]]() for s in range(seats)]
    rng = random.Random(seed)
    while not GAME.is_over(state):
        if first is not None and not first and state.phase == "turns":
            first.append(state.first)
        seat = min(awaited(GAME, state))
        t = time.perf_counter()
        legal = GAME.legal_actions(state, seat)
        if legal_times is not None:
            legal_times.append(time.perf_counter() - t)
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        if decisions is not None and kinds[seat % len(kinds)] == "strong":
            decisions.append(time.perf_counter() - t)
        state, _ = GAME.apply(state, seat, action)
    return state


def main(games: int) -> None:
    decisions: list[float] = []
    legal_times: list[float] = []
    whole = []
    strong_wins = 0
    for seed in range(games):
        kinds = ("strong", "easy") if seed % 2 == 0 else ("easy", "strong")
        t = time.perf_counter()
        state = play(4, seed, kinds, decisions, legal_times)
        whole.append(time.perf_counter() - t)
        winners = GAME.result(state).winners
        strong_wins += any(kinds[s % 2] == "strong" for s in winners)
    print(f"whole 4-bot game: median {statistics.median(whole):.2f} s (target <= 10 s)")
    print(f"strong decision: median {ms(statistics.median(decisions)):.2f} ms, "
          f"p99 {ms(percentile(decisions, 0.99)):.2f} ms (targets 100 ms, 500 ms)")
    print(f"legal actions: median {ms(statistics.median(legal_times)):.3f} ms (target <= 5 ms)")
    print(f"strong vs easy: a strong seat won {100 * strong_wins / games:.0f} % of 4-player games (target >= 80 %)")

    balance(games)

    for seats in range(1, 6):
        t = time.perf_counter()
        for seed in range(games):
            play(seats, 30_000 + seed, ("easy", "strong"))
        print(f"playouts {seats} players: {games} games in {time.perf_counter() - t:.1f} s, no failure")


def balance(games: int) -> None:
    """Reference §9's checks beside their targets: ``games`` 4-player games of strong bots
    (Leaders at random, E-R1) and ``games`` solo games of the strong bot."""
    top, leader_wins, leader_seen, first_wins = [], Counter(), Counter(), 0
    in_winners, in_all, estates, winners = Counter(), Counter(), 0, 0
    for seed in range(games):
        first: list[int] = []
        state = play(4, 10_000 + seed, ("strong",), first=first)
        res = GAME.result(state)
        top.append(max(s.total for s in res.scores))
        for s, lid in enumerate(state.leaders):
            leader_seen[lid] += 1
            leader_wins[lid] += s in res.winners
            names = {card(c).name for c in state.table.estates[s].cards}
            in_all.update(names)
            estates += 1
            if s in res.winners:
                in_winners.update(names)
                winners += 1
        first_wins += first[0] in res.winners
    fair = 100 / 4
    print(f"4 strong bots, {games} games: mean winning score {statistics.mean(top):.1f} (target 70-95)")
    if games < BALANCE_GAMES:
        print(f"  (§9 judges the Leaders over >= {BALANCE_GAMES} games: python -m tests.bench.estate --balance)")
    for lid in sorted(leader_seen):
        rate = 100 * leader_wins[lid] / leader_seen[lid]
        print(f"  {lid} {CONTENT.leaders[lid].name}: won {rate:.1f} % of {leader_seen[lid]} games, "
              f"{rate - fair:+.1f} points from the fair share {fair:.0f} % (target within ± 10)")
    print(f"  first player: won {100 * first_wins / games:.1f} % (fair share {fair:.0f} %, at most +5)")
    lift = {n: 100 * (in_winners[n] / winners - in_all[n] / estates) for n in in_all}
    worst = max(lift, key=lift.get)
    print(f"  card most found in winners' Estates: {worst}, in {100 * in_winners[worst] / winners:.0f} % "
          f"of winners' Estates and {100 * in_all[worst] / estates:.0f} % of all, "
          f"{lift[worst]:+.1f} points (target at most +15)")

    met, titles = [], []
    for seed in range(games):
        state = play(1, 20_000 + seed, ("strong",))
        met.append(sum(p[0] for p in state.places))  # (1,) an objective met, (0,) failed
        titles.append(-1 if state.lost else GAME.result(state).scores[0].total)
    ok = sum(m >= 3 for m in met)
    won = sorted(t for t in titles if t >= 0)
    median = title(int(statistics.median(won))) if won else "none (every game lost)"
    print(f"solo strong bot: >= 3 objectives met in {100 * ok / games:.0f} % (target >= 80 %), "
          f"lost {titles.count(-1)} of {games}; median title of the games kept: {median} (target Baron or Duke)")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """``games`` (at least 1; default 40, or 1 000 with ``--balance``) and ``balance``;
    bad arguments exit with a usage message."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.estate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="?", type=int,
                        help=f"seeded games per figure (default 40; {BALANCE_GAMES} with --balance)")
    parser.add_argument("--balance", action="store_true",
                        help="only reference §9's balance checks (4 strong bots, and solo)")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = BALANCE_GAMES if args.balance else 40
    if args.games < 1:
        parser.error("games: at least 1")
    return args


if __name__ == "__main__":
    ARGS = arguments()
    (balance if ARGS.balance else main)(ARGS.games)
