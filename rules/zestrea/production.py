"""Step II, Production (rulebook "II. Production"; reference §3.3, Z-F9-Z-F12, Z-R7-Z-R10).

Every Boyar answers one prompt at once: which Couples roll, in which order (any subset
of the Couples, at most one per Land, each once; Z-R8). When all have answered, the
host rolls in start-player order, each chosen Couple in the order given (Z-R9).
"""

from __future__ import annotations

import attrs

from .cards import title
from .estate import MAX_SINGLES, abroad, add_single, draw_villager, gain, roles_of
from .state import Prompt, Rolled, ZestreaState
from .dice import roll

PRODUCTION_TABLE = {1: (1, True), 2: (2, True), 3: (2, True), 4: (2, False), 5: (2, False),
                    6: (3, False)}
"""Z-F10: die -> (Zestre, whether a baby is born)."""
IDIOT = "F08"


def begin(state: ZestreaState, events: list) -> ZestreaState:
    """Villagers abroad pay their Boyar 1 Zestre each (F15, "at the start of every
    later Production step"); then every Boyar is asked which Couples roll."""
    state = attrs.evolve(state, phase="production")
    for seat in state.order():
        estate = state.estates[seat]
        income = sum(abroad(state, v) for v in estate.singles)
        state = gain(state, seat, income, "truck-to-italy", events)
    prompts = []
    for seat in state.order():
        estate = state.estates[seat]
        couples = tuple(c.id for c in estate.couples)
        prompts.append(Prompt(seat, "produce", couples, 0, min(estate.land, len(couples)),
                              ordered=True))
    return attrs.evolve(state, prompts=tuple(prompts))


def default(prompt: Prompt) -> tuple[str, ...]:
    """Z-R8 default: every Couple up to the Land count, oldest Couple first."""
    return prompt.choices[:prompt.hi]


def resolve(state: ZestreaState, events: list) -> ZestreaState:
    """Z-R9: roll for each chosen Couple; Zestre = table value - 1 under Drought (H10)
    - 1 per Village Idiot in the Couple (F08), never below 0; a baby when the table
    gives one, the Couple is a Lad and a Maiden, Chernobyl (H06) is not in force, the
    Boyar has fewer than 7 singles (babies just born and villagers abroad counted) and
    a villager can be drawn (Z-R11)."""
    answers = {p.seat: p.answer or () for p in state.prompts}
    state = attrs.evolve(state, prompts=())
    for seat in state.order():
        for couple_id in answers.get(seat, ()):
            couple = next(c for c in state.estates[seat].couples if c.id == couple_id)
            die, state = roll(state)
            events.append(Rolled(seat, die, "production", couple_id))
            zestre, baby = PRODUCTION_TABLE[die]
            zestre -= state.time_card == "H10"
            zestre -= sum(title(card).id == IDIOT for v in couple.spouses for card in roles_of(state, v))
            state = gain(state, seat, max(0, zestre), "production", events)
            mixed = couple.stayed[0] != couple.moved[0]
            if (baby and mixed and state.time_card != "H06"
                    and len(state.estates[seat].singles) < MAX_SINGLES):
                state, villager = draw_villager(state, None)
                if villager is not None:
                    state = add_single(state, seat, villager, "born", events, baby=True)
    return state
