"""Game end and the score pad (rulebook Win, Solo; reference E-F44, E-F45, E-F50, E-R22,
E-R23, E-R37): the eight categories, the tie-break, and solo's title."""

from __future__ import annotations

from ..core import Result, SeatScore
from .data import CONTENT, card
from .effects import Ctx, evaluate, resolve, triggers
from .state import EstateState
from .table import TRACK_LIMIT

CATEGORIES = ("cards", "game end", "gold", "tucked", "stored", "objectives", "secret", "tracks")
"""The scorepad's eight rows in order (E-F44)."""
EMPTY_TRACK_VP = 7  # E-F44 (8)
TITLES = ((110, "Empire Builder"), (90, "Monarch"), (75, "Duke/Duchess"), (50, "Baron/Baroness"),
          (40, "Traveling Minstrel"), (0, "Pauper"))  # E-F50


def game_end_vp(state: EstateState, seat: int) -> int:
    """Category 2: every At Game End effect of ``seat``'s Estate cards, evaluated on the
    final state (E-R22, E-V16)."""
    total = 0
    for c in state.table.estates[seat].cards:
        ops = triggers(c, "game_end")
        if ops:
            before = state.table.estates[seat].end_vp
            total += resolve(state.table, Ctx(seat, c), ops).table.estates[seat].end_vp - before
    return total


def secret_vp(state: EstateState, seat: int) -> int:
    """Category 7: the kept Family Secret's highest step reached, 0 below the first
    (E-R37); 0 in solo (E-R21)."""
    if state.solo or not state.secrets:
        return 0
    secret = CONTENT.secrets[state.secrets[seat][0]]
    m = evaluate(state.table, seat, secret.measure)
    return max([vp for at_least, vp in secret.steps if m >= at_least], default=0)


def categories(state: EstateState, seat: int) -> tuple[tuple[str, int], ...]:
    """``seat``'s score in the eight categories of E-F44, in scorepad order: printed VP of
    face-up cards (a tucked card scores only in "tucked", E-R22), At Game End VP, Gold
    (personal and stored, E-R13), tucked cards, stored resources, objective VP, Family
    Secret, 7 per track with no cube left."""
    e = state.table.estates[seat]
    values = (sum(card(c).vp for c in e.cards), game_end_vp(state, seat),
              e.gold + sum(i == "Gold" for _, i in e.stored), len(e.tucked),
              sum(i != "Gold" for _, i in e.stored), state.objective_vp[seat],
              secret_vp(state, seat), EMPTY_TRACK_VP * sum(n >= TRACK_LIMIT for n in e.cubes))
    return tuple(zip(CATEGORIES, values))


def title(total: int) -> str:
    """E-F50: the solo title for a final score."""
    return next(name for at_least, name in TITLES if total >= at_least)


def result(state: EstateState) -> Result:
    """Final standings (E-F45, E-R23): most VP; tied, more Era Objective first places,
    then more face-up Estate cards; still tied, a shared victory. Solo: lost after three
    failed objectives (no title), else the title (E-R21)."""
    scores = []
    for s in range(state.seats):
        parts = categories(state, s)
        total = sum(v for _, v in parts)
        lines = tuple(f"{name}: {v}" for name, v in parts)
        if state.solo:
            lines += (("lost: three Era Objectives failed",) if state.lost
                      else (f"title: {title(total)}",))
        scores.append(SeatScore(s, total, parts, lines))
    if state.solo:
        return Result(tuple(scores), frozenset() if state.lost else frozenset({0}))

    def key(s: int):
        return (scores[s].total, state.firsts[s], len(state.table.estates[s].cards))

    best = max(key(s) for s in range(state.seats))
    return Result(tuple(scores), frozenset(s for s in range(state.seats) if key(s) == best))
