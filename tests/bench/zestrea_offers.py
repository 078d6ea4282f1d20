"""How many offers Zestrea's bots make (play-test 21, item 3: bots flooding a human with
offers, each of which clears the human's Ready, reference §3.5). Run:
``python -m tests.bench.zestrea_offers [games]`` (seeded games per table, default 40).

Two tables of 4 Boyars, each game seeded (the seed also picks who acts next among the
seats the game waits for, as the bench of tests/bench/zestrea.py does):
- ``4 bots``: 2 strong and 2 easy bots;
- ``3 bots + you``: the tester's table, 2 strong bots and 1 easy bot and a seat that
  does what a timer gives (reference §3.9: every prompt's default, Pass, PassWindow, and
  Ready whenever the game waits for it in step IV), and never answers an offer: offers made to it stay open until
  step IV ends and expire.

Prints per table (figures only, nothing asserted): offers made per game and per turn
(mean, and the most in one turn), offers to the passive seat per game and how many of
them expired, wedding offers made under Great Lent (H14, when none can be accepted),
offers repeated to the same Boyar with the same terms in the same step after the first
was declined, withdrawn or had expired (a rent: at the same wedding), the most wedding and
trade offers one Boyar kept open at once (a rent lives only in its window),
weddings per game, and games that ended.
"""

from __future__ import annotations

import random
import statistics
import sys

import attrs

from rules.core import awaited
from rules.zestrea import GAME, ZestreaOptions, game
from rules.zestrea.state import Married, OfferClosed, OfferMade, RentOffer, WeddingOffer
from tests.bench.figures import games_to_play

LENT = "H14"
MAX_ACTIONS = 20_000
"""A game still going after this many actions counts as one that did not end."""
TABLES = {"4 bots": ("strong", "easy", "strong", "easy"),
          "3 bots + you": ("strong", "strong", "easy", None)}
"""Each table's seats: a bot kind, or ``None`` for the passive seat."""


def _terms(offer, window) -> tuple:
    """An offer's terms, its id left out, and for a rent the wedding whose window it was
    made in: two offers with equal terms (a rent: at the same wedding) repeat each other."""
    pair = (window.stays, window.moves) if isinstance(offer, RentOffer) and window is not None else ()
    return attrs.astuple(attrs.evolve(offer, id=0)) + pair


def play(kinds: tuple[str | None, ...], seed: int) -> dict:
    """One seeded game with seats as ``kinds``; returns its figures."""
    state = GAME.setup(ZestreaOptions(), len(kinds), seed)
    bots = {s: GAME.bots[k]() for s, k in enumerate(kinds) if k is not None}
    passive = {s for s, k in enumerate(kinds) if k is None}
    rng = random.Random(seed)
    figures = dict(offers=0, per_turn={}, to_you=0, expired_to_you=0, lent_weddings=0,
                   repeats=0, most_open=0, weddings=0, ended=False)
    ended: set[tuple] = set()  # (turn, by, to, terms) of offers declined, withdrawn or expired
    made: dict[int, tuple] = {}  # offer id -> its terms
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            figures["ended"] = True
            break
        seat = rng.choice(sorted(awaited(GAME, state)))
        if seat in passive:
            action = game.default_action(state, seat)
        else:
            action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        turn = state.turn
        state, events = GAME.apply(state, seat, action)
        for e in events:
            if isinstance(e, OfferMade) and e.offer is not None:
                figures["offers"] += 1
                figures["per_turn"][turn] = figures["per_turn"].get(turn, 0) + 1
                figures["to_you"] += e.to in passive
                figures["lent_weddings"] += isinstance(e.offer, WeddingOffer) and state.time_card == LENT
                made[e.id] = _terms(e.offer, state.window)
                figures["repeats"] += (turn, e.by, e.to, made[e.id]) in ended
            elif isinstance(e, OfferClosed):
                if e.id in made and e.how in ("declined", "withdrawn", "expired"):
                    ended.add((turn, e.by, e.to, made[e.id]))
                figures["expired_to_you"] += e.how == "expired" and e.to in passive
            elif isinstance(e, Married):
                figures["weddings"] += 1
        for s in range(state.seats):
            figures["most_open"] = max(figures["most_open"], sum(
                o.by == s and not isinstance(o, RentOffer) for o in state.offers))
    return figures


def main(games: int) -> None:
    for name, kinds in TABLES.items():
        runs = [play(kinds, seed) for seed in range(games)]
        turns = [n for r in runs for n in r["per_turn"].values()]
        mean = lambda key: statistics.mean(r[key] for r in runs)  # noqa: E731
        print(f"{name} ({', '.join(k or 'passive seat' for k in kinds)}), {games} games:")
        print(f"  offers per game: mean {mean('offers'):.1f}, most {max(r['offers'] for r in runs)}")
        print(f"  offers per turn (turns with any): mean {statistics.mean(turns or [0]):.1f},"
              f" most {max(turns or [0])}")
        if any(k is None for k in kinds):
            print(f"  offers to the passive seat per game: mean {mean('to_you'):.1f},"
                  f" of which expired {mean('expired_to_you'):.1f}")
        print(f"  wedding offers under Great Lent: {sum(r['lent_weddings'] for r in runs)}"
              f" in {sum(r['lent_weddings'] > 0 for r in runs)} games")
        print(f"  repeated after decline/withdraw/expiry (same Boyar, same terms, same step;"
              f" a rent at the same wedding):"
              f" {sum(r['repeats'] for r in runs)}")
        print(f"  most wedding and trade offers one Boyar kept open at once: {max(r['most_open'] for r in runs)}")
        print(f"  weddings per game: mean {mean('weddings'):.1f}")
        print(f"  games that ended: {sum(r['ended'] for r in runs)} of {games}")


if __name__ == "__main__":
    main(games_to_play("tests.bench.zestrea_offers", __doc__, 40, sys.argv[1:]) or 40)
