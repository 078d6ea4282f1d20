"""The end of the game (rulebook "Final Turn"; reference Z-F34, Z-F35, Z-R40).

After the final Food step, and after babies grow up, each Boyar scores their Zestre,
1 for each Land, and 5 more for the one Boyar alone with the most Couples (same-sex
Couples count; a tie for most gives nobody the 5). The most points win; a tie goes to
the Boyar with the most villagers on their Estate (every card counts 1: a Couple 2,
babies and villagers abroad too); a tie there too is a shared win.
"""

from __future__ import annotations

from ..core import Result, SeatScore
from .state import ZestreaState

COUPLES_BONUS = 5


def result(state: ZestreaState) -> Result:
    """Each seat's total with ``parts`` ``("Zestre", z)``, ``("Land", l)``,
    ``("couples bonus", 0 or 5)`` adding up to it, and a ``breakdown`` in words ending
    with the villager count of the tie-break; ``winners`` every seat with the best total
    and, among those, the most villagers."""
    couples = [len(e.couples) for e in state.estates]
    most = max(couples)
    sole = couples.count(most) == 1
    scores, keys = [], []
    for seat, estate in enumerate(state.estates):
        bonus = COUPLES_BONUS if sole and couples[seat] == most else 0
        villagers = len(estate.villagers)
        total = estate.zestre + estate.land + bonus
        note = ("; alone with the most: +5" if bonus else
                "; tied for the most: no bonus" if couples[seat] == most else "")
        lines = (f"Zestre: {estate.zestre}", f"Land: {estate.land} × 1 = {estate.land}",
                 f"Couples: {couples[seat]}{note}", f"villagers (tie-break): {villagers}")
        scores.append(SeatScore(seat, total, (("Zestre", estate.zestre), ("Land", estate.land),
                                              ("couples bonus", bonus)), lines))
        keys.append((total, villagers))
    best = max(keys)
    return Result(tuple(scores), frozenset(s for s, k in enumerate(keys) if k == best))
