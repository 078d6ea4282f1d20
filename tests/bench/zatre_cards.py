"""Zatre: Das Kartenspiel figures. Run: ``python -m tests.bench.zatre_cards [games]``.

Prints (targets beside them, never asserted):
- all legal placements for the hand (uncached), by phase of the round: target median
  <= 30 ms on late-round tables;
- a strong bot move, legal actions included: target median <= 300 ms;
- how often lines of 10-12 come up with the stand-in deck (share of turns that score,
  share of legal placements that score);
- strong vs easy win rate over seeded 2-player games (default 200), seats alternating,
  played in two worker processes.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from rules.zatre_cards import GAME, LayCard, ZatreCardsOptions
from rules.zatre_cards import placement
from rules.zatre_cards.scoring import score_lays
from tests.bench import figures
from tests.bench.figures import games_to_play, report, timed


def sample_positions(games: int = 8, seed0: int = 100):
    """States at every turn of seeded 4-bot games (2 easy, 2 strong), tagged by the
    cards on the table this round: early < 8, middle < 17, late."""
    def phase(state):
        n = len(state.laid)
        return "early" if n < 8 else "middle" if n < 17 else "late"

    return figures.sample_positions(GAME, ZatreCardsOptions(), 4, range(seed0, seed0 + games), phase)


def _clear():
    placement.slots.cache_clear()
    placement.grid_of.cache_clear()


def one_game(seed: int) -> tuple[int, int]:
    """A 2-player strong-vs-easy game; returns (strong total, easy total)."""
    strong_seat = seed % 2
    state = GAME.setup(ZatreCardsOptions(), 2, seed)
    bots = [GAME.bots["strong" if s == strong_seat else "easy"]() for s in range(2)]
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = state.current
        state, _ = GAME.apply(state, seat, bots[seat].choose(
            GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
    return state.sheets[strong_seat].total(), state.sheets[1 - strong_seat].total()


def main(argv: list[str] | None = None) -> None:
    n_games = games_to_play("tests.bench.zatre_cards", __doc__, 200, argv)
    positions = sample_positions()
    print(f"{len(positions)} positions from 8 seeded 4-bot games")
    legal_t, bot_t = {}, {}
    strong = GAME.bots["strong"]()
    rng = random.Random(0)
    scoring_places = total_places = 0
    for phase, state in positions:
        seat = state.current
        _clear()
        dt, actions = timed(GAME.legal_actions, state, seat)
        legal_t.setdefault(phase, []).append(dt)
        if actions and isinstance(actions[0], LayCard):
            total_places += len(actions)
            scoring_places += sum(1 for a in actions if score_lays(state.laid, (a,))[1].points)
        view = GAME.view(state, seat)
        _clear()
        dt, _ = timed(lambda: strong.choose(view, GAME.legal_actions(state, seat), rng))
        bot_t.setdefault(phase, []).append(dt)

    report("legal placements for the hand (uncached; openings in 'early')", legal_t,
           "late median <= 30 ms")
    report("strong bot move (legal actions included)", bot_t, "median <= 300 ms")

    print(f"\nstand-in deck: {100 * scoring_places / max(1, total_places):.0f}% of legal "
          f"single-card placements score a 10-12 line")

    t = time.perf_counter()
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(one_game, range(n_games), chunksize=10))
    wins = sum(a > b for a, b in results)
    ties = sum(a == b for a, b in results)
    strong_avg = statistics.mean(a for a, _ in results)
    easy_avg = statistics.mean(b for _, b in results)
    print("(the rulebook's Figure 7 shows a final total of 170 points)")
    print(f"\nstrong vs easy, {n_games} seeded 2-player games (seats alternating): strong wins "
          f"{100 * wins / n_games:.1f}% ({wins} wins, {ties} ties); mean totals strong "
          f"{strong_avg:.1f}, easy {easy_avg:.1f}  [{time.perf_counter() - t:.0f} s]")


if __name__ == "__main__":
    main()
