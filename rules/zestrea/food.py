"""Step V, Food (rulebook "V. Food"; reference §3.8, Z-F29-Z-F31, Z-R14-Z-R16).

For every Boyar at once: Land feeds as many food units as it can (Couples and adult
singles not abroad; this turn's babies do not eat); Great Lent (H14) feeds 2 more for
free; Zestre pays the rest, one each, before any Land; then Land is exchanged, one for
each unit still unfed, down to the last Land; whoever is still unfed starves, chosen
by the Boyar at once (a prompt), never their only Couple. Then babies grow up, and
what Food did to each Estate is told in one summary per Boyar (issue 9 item 4).
"""

from __future__ import annotations

import attrs

from ..core import RuleViolation
from .estate import adult_singles, food_units, lose, remove, set_estate
from .state import FoodSummary, LandChanged, Prompt, ZestreaState

RULE = "zestrea.md Z-R15"
LENT = "H14"


def begin(state: ZestreaState, events: list) -> ZestreaState:
    """Z-R14 steps 1-5 for every Boyar in start-player order (the order only of the
    events), then a starvation prompt for each Boyar with units left unfed (step 6)."""
    state = attrs.evolve(state, phase="food")
    prompts, summaries = [], []
    for seat in state.order():
        estate = state.estates[seat]
        units = food_units(state, seat)
        by_land = min(estate.land, units)
        rest = units - by_land  # fed by Land: a count (Z-R7, Z-R16)
        free = min(2, rest) if state.time_card == LENT else 0
        rest -= free
        state, paid = lose(state, seat, rest, "food", events)
        rest -= paid
        exchanged = min(rest, state.estates[seat].land - 1)  # Z-R13, Z-F31: never the last
        if exchanged:
            events.append(LandChanged(seat, -exchanged, "food"))
            state = set_estate(state, seat, land=state.estates[seat].land - exchanged)
            rest -= exchanged
        if rest:
            prompts.append(Prompt(seat, "starve", starving_choices(state, seat), rest, rest))
        summaries.append(FoodSummary(seat, units, by_land, free, paid, exchanged))
    return attrs.evolve(state, prompts=tuple(prompts), food=tuple(summaries))


def starving_choices(state: ZestreaState, seat: int) -> tuple[str, ...]:
    """The units that may starve: adult singles not abroad, then Couples (``"C<n>"``),
    except a Boyar's only Couple (Z-R15, Z-R17)."""
    couples = state.estates[seat].couples
    return adult_singles(state, seat) + (tuple(c.id for c in couples) if len(couples) > 1 else ())


def check(state: ZestreaState, prompt: Prompt, picked: tuple[str, ...]) -> RuleViolation | None:
    """At least one Couple must be left (Z-R17): not every Couple may starve."""
    couples = state.estates[prompt.seat].couples
    if couples and sum(c.id in picked for c in couples) >= len(couples):
        return RuleViolation("last-couple", "A Boyar always keeps one Couple: it cannot starve.",
                             "zestrea.md Z-R17")
    return None


def default(prompt: Prompt) -> tuple[str, ...]:
    """Z-R15's default: adult singles first, most recently arrived first, then Couples,
    youngest Couple first."""
    singles = [c for c in prompt.choices if not c.startswith("C")]
    couples = [c for c in prompt.choices if c.startswith("C")]
    ranked = singles[::-1] + sorted(couples, key=lambda c: -int(c[1:]))
    return tuple(ranked[:prompt.hi])


def resolve(state: ZestreaState, events: list) -> ZestreaState:
    """The chosen units starve: a Couple's two spouses both die (Z-R15); each death
    pays the Village Preachers elsewhere (Z-R21)."""
    answers = {p.seat: p.answer or () for p in state.prompts}
    state = attrs.evolve(state, prompts=())
    starved: dict[int, tuple[str, ...]] = {}
    for seat in state.order():
        for unit in answers.get(seat, ()):
            couple = next((c for c in state.estates[seat].couples if c.id == unit), None)
            for villager in couple.spouses if couple else (unit,):
                state = remove(state, villager, "died", "starvation", events)
                starved[seat] = starved.get(seat, ()) + (villager,)
    food = tuple(attrs.evolve(f, starved=starved.get(f.seat, ())) for f in state.food)
    return attrs.evolve(state, food=food)


def grow_up(state: ZestreaState, events: list) -> ZestreaState:
    """After every Boyar's Food, this turn's babies become adult singles (Z-F11, Z-R14);
    then each Boyar's :class:`FoodSummary` is told, in start-player order."""
    grown = {seat: tuple(v for v in state.estates[seat].singles if v in state.estates[seat].babies)
             for seat in range(state.seats)}
    for seat in range(state.seats):
        state = set_estate(state, seat, babies=frozenset())
    events.extend(attrs.evolve(f, grown=grown[f.seat]) for f in state.food)
    return attrs.evolve(state, food=(), sent_babies=())
