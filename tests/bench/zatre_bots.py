"""How often the strong Zatre bot beats the easy one. Run: ``python -m tests.bench.zatre_bots``.

Plays seeded games (2, 3 and 4 players, one strong bot against easy bots, the strong
seat rotating) and prints the strong bot's win rate (a shared first place counts half)
and its average margin. Also pits it against a greedy bot that takes the most raw
points each turn, to show what playing for the score sheet is worth. In the team
variant (4 and 6 players), a team of two strong bots against teams of easy bots, and
against strong bots blind to their partner (no look at the partner's best reply: what
playing as a team is worth).
"""

from __future__ import annotations

import random
import time

import attrs

from rules.zatre import GAME, TeamOrder, ZatreOptions
from rules.zatre import bots as zatre_bots
from rules.zatre.bots import _entry, _grid
from rules.zatre.state import PARTNER_FIRST
from tests.bench.figures import games_to_play


class GreedyBot:
    """Bench-only: the turn with the most raw points (ties at random)."""

    def choose(self, view, legal_actions, rng):
        g = _grid(view)
        scored = [(_entry(g, a, view.first_move).points, a) for a in legal_actions]
        best = max(p for p, _ in scored)
        return rng.choice([a for p, a in scored if p == best])


class SoloMindedBot(zatre_bots.StrongBot):
    """Bench-only: the strong bot, blind to its partner (treats every next player as
    an opponent and never looks at the partner's reply, nor lets the partner go first)."""

    def choose(self, view, legal_actions, rng):
        legal = [a for a in legal_actions if a != TeamOrder(PARTNER_FIRST)]
        return super().choose(attrs.evolve(view, after=()), legal, rng)


def play(seed: int, bots, teams: bool = False) -> tuple[int, ...]:
    state = GAME.setup(ZatreOptions(teams=teams), len(bots), seed)
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


def team_duel(games: int, rival) -> tuple[float, float]:
    """A team of two strong bots against teams of ``rival`` bots (4 or 6 players)."""
    wins = margin = 0.0
    for g in range(games):
        seats = 4 if g % 2 == 0 else 6
        team = (g // 2) % (seats // 2)
        bots = [GAME.bots["strong"]() if s // 2 == team else rival() for s in range(seats)]
        totals = play(20_000 + g, bots, teams=True)
        mine = totals[2 * team]
        best_other = max(t for s, t in enumerate(totals) if s // 2 != team)
        wins += 1 if mine > best_other else 0.5 if mine == best_other else 0
        margin += mine - best_other
    return wins / games, margin / games


def main(argv: list[str] | None = None) -> None:
    games = games_to_play("tests.bench.zatre_bots", __doc__, 240, argv)
    t = time.perf_counter()
    rate, margin = duel(games, GAME.bots["easy"])
    print(f"strong vs easy:   {games} games (2-4 players), strong wins {rate:.1%}, "
          f"average margin over the best easy bot {margin:+.1f} points")
    rate, margin = duel(games, GreedyBot)
    print(f"strong vs greedy: {games} games (2-4 players), strong wins {rate:.1%}, "
          f"average margin {margin:+.1f} points")
    teams = max(2, games // 4)
    rate, margin = team_duel(teams, GAME.bots["easy"])
    print(f"teams, strong pair vs easy pairs: {teams} games (4 and 6 players), strong team wins "
          f"{rate:.1%}, average margin {margin:+.1f} points")
    rate, margin = team_duel(teams, SoloMindedBot)
    print(f"teams, strong pair vs strong pairs blind to their partner: {teams} games, "
          f"partner-aware team wins {rate:.1%}, average margin {margin:+.1f} points")
    print(f"({time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main()
