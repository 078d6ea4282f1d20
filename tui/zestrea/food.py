"""The Food summary of the Now panel: for each Boyar, how many villagers had to be fed
and how (Land, Great Lent, Zestre paid, Land given up), how many were left to starve
and who did, and the babies who grew up (rulebook "V. Food"; reference §3.8, Z-R14-Z-R17).

Built from what the table already holds: the estates as they were just before Food
(the view of the version before), and the events of Food (Zestre and Land changed
``"food"``, villagers gone for ``"starvation"``), so it needs no event of its own.
Nothing here decides a rule: the counts are read off the estates and the events; the
one sum made (what was left unfed) is what Food's prompt then asks to starve."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import attrs

from rules.zestrea.cards import title
from rules.zestrea.estate import TRUCK
from rules.zestrea.food import LENT
from rules.zestrea.state import LandChanged, VillagerGone, ZestreChanged

from . import words

FREE_IN_LENT = 2
"""Great Lent (H14) feeds 2 more for free (rules.zestrea.food, Z-R14 step 3)."""


@attrs.frozen
class FoodRow:
    """One Boyar's Food: ``units`` to feed (Couples and adult singles at home), fed by
    ``land``, ``lent`` (free in Great Lent), ``paid`` Zestre, ``land_lost`` (Land given
    up); ``unfed`` left to starve; ``starved`` the villagers who did; ``grown`` the
    babies who grew up after Food."""

    seat: int
    units: int
    land: int
    lent: int = 0
    paid: int = 0
    land_lost: int = 0
    unfed: int = 0
    starved: tuple[str, ...] = ()
    grown: tuple[str, ...] = ()


@attrs.frozen
class FoodSummary:
    """The Food of ``turn``: a :class:`FoodRow` per seat."""

    turn: int
    rows: tuple[FoodRow, ...]

    def with_starved(self, events: Sequence[Any]) -> "FoodSummary":
        """The summary with the villagers ``events`` tell starved added to their rows."""
        dead = [e for e in events if isinstance(e, VillagerGone) and e.why == "starvation"]
        if not dead:
            return self
        rows = tuple(attrs.evolve(r, starved=r.starved + tuple(e.villager for e in dead if e.seat == r.seat))
                     for r in self.rows)
        return attrs.evolve(self, rows=rows)


def _at_home(view: Any, villager: str) -> bool:
    """Not abroad: carries no Truck to Italy (F15) Role (reference §0 "Abroad")."""
    return not any(v == villager and title(card).id == TRUCK for v, card in view.roles)


def summary(before: Any, events: Sequence[Any]) -> FoodSummary:
    """The Food that began with ``events``, the estates as ``before`` (a view from just
    before Food) shows them."""
    paid: dict[int, int] = {}
    lost: dict[int, int] = {}
    for e in events:
        if isinstance(e, ZestreChanged) and e.why == "food":
            paid[e.seat] = paid.get(e.seat, 0) - e.delta
        elif isinstance(e, LandChanged) and e.why == "food":
            lost[e.seat] = lost.get(e.seat, 0) - e.delta
    rows = []
    for seat, estate in enumerate(before.estates):
        adults = [v for v in estate.singles if v not in estate.babies and _at_home(before, v)]
        units = len(estate.couples) + len(adults)
        land = min(estate.land, units)
        lent = min(FREE_IN_LENT, units - land) if before.time_card == LENT else 0
        unfed = max(0, units - land - lent - paid.get(seat, 0) - lost.get(seat, 0))
        grown = tuple(v for v in estate.singles if v in estate.babies)
        rows.append(FoodRow(seat, units, land, lent, paid.get(seat, 0), lost.get(seat, 0), unfed, (), grown))
    return FoodSummary(before.turn, tuple(rows))


def food_lines(food: FoodSummary, names: Sequence[str], you: int | None,
               couples: Mapping[str, str] | None = None) -> list[str]:
    """The summary in words, a line per Boyar (yours first):
    ``"Ada: 5 to feed: Land 3, 1 Zestre, 1 Land given up; 0 starve"``."""
    lines = [f"Food of turn {food.turn} (fed by Land first, then Zestre, then Land):"]
    for row in sorted(food.rows, key=lambda r: r.seat != you):
        how = [f"Land {row.land}"]
        if row.lent:
            how.append(f"Great Lent {row.lent}")
        if row.paid:
            how.append(f"{row.paid} Zestre")
        if row.land_lost:
            how.append(f"{row.land_lost} Land given up")
        line = f"  {words.seat_word(names, row.seat)}: {row.units} to feed: {', '.join(how)}"
        if row.starved:
            line += f"; starved: {', '.join(words.who(v) for v in row.starved)}"
        elif row.unfed:
            line += f"; {row.unfed} to starve"
        if row.grown:
            line += f"; grown up: {', '.join(words.who(v) for v in row.grown)}"
        lines.append(line)
    return lines
