"""Step I, Hard Times (rulebook "I. Hard Times"; reference §3.2, §5, Z-R36, Z-R37).

The top Time card is revealed when the turn begins (Z-F8). Cards that need choices
(Tatars H07, Harsh Winter H12, Newcomers G2) prompt every affected Boyar at once; when
all have answered, the card resolves, dice and draws in start-player order (Z-R36).
Cholera (H11) rolls first and then asks the Boyars hit which spouse dies: its text
makes the choice follow the roll ("for each 1, one spouse dies, the Boyar chooses
which"), and a card's text wins over the general ruling (Z-R41).

A card that makes every Boyar pay (Bandits H03, Collectivisation H05, the Tatars' 2
Zestre H07, Harsh Winter H12, Tax Collector H13) tells each Boyar's payment, and what
it owed when it could not pay it all, by a ``Toll`` event (:func:`estate.pay_toll`).

Cards whose effect lasts the turn (Chernobyl H06, Drought H10, Great Lent H14, Wedding
Season G3) are read from ``state.time_card`` by the steps they change.
"""

from __future__ import annotations

import attrs

from ..core import RuleViolation, Seat
from .cards import TIMES
from .estate import (
    add_single, adult_singles, can_draw, draw_fate, draw_villager, gain, pay_toll, remove, set_estate,
)
from .state import (
    HandsCollected, LandChanged, Prompt, Rolled, TimeRevealed, TurnBegan, ZestreaState, FateDrawn,
)
from .dice import roll, shuffle

RULE = "zestrea.md §5"


def begin(state: ZestreaState, events: list) -> ZestreaState:
    """A new turn: the start player moves on (Z-R3), the top Time card is revealed
    (Z-F8) and carried out, or its prompts are opened."""
    card, stack = state.time_stack[0], state.time_stack[1:]
    state = attrs.evolve(state, turn=state.turn + 1, phase="hard-times", time_card=card,
                         time_stack=stack, time_revealed=state.time_revealed + (card,))
    events.append(TurnBegan(state.turn, state.start_player))
    events.append(TimeRevealed(card, len(stack)))
    prompts = _prompts(state)
    if prompts:
        return attrs.evolve(state, prompts=prompts)
    return resolve(state, events)


def _prompts(state: ZestreaState) -> tuple[Prompt, ...]:
    card = state.time_card
    prompts = []
    for seat in state.order():
        if card == "H07":  # The Tatars Are Coming
            singles = adult_singles(state, seat)
            if singles:
                prompts.append(Prompt(seat, "tatars", singles, 1, 1))
        elif card == "H12":  # Harsh Winter: a choice only for a Boyar who cannot pay all
            singles = adult_singles(state, seat)
            zestre = state.estates[seat].zestre
            if 0 < zestre < len(singles):
                prompts.append(Prompt(seat, "winter", singles, zestre, zestre))
        elif card == "G2":  # Newcomers
            sexes = tuple(s for s in ("lad", "maiden") if can_draw(state, s))
            if sexes:
                prompts.append(Prompt(seat, "newcomer", sexes, 1, 1))
    return tuple(prompts)


def check(state: ZestreaState, prompt: Prompt, picked: tuple[str, ...]) -> RuleViolation | None:
    """Checks of a Time card's answer beyond its choices: Cholera takes at most one
    spouse of each Couple hit (H11)."""
    if prompt.kind == "cholera":
        couples = state.estates[prompt.seat].couples
        for couple in couples:
            if sum(v in couple.spouses for v in picked) > 1:
                return RuleViolation("one-spouse", "Cholera takes one spouse of each Couple it "
                                     "hits, not both.", RULE + " H11")
    return None


def default(prompt: Prompt, singles: tuple[str, ...]) -> tuple[str, ...]:
    """The answer of a timed-out seat or a plain bot (reference §3.9), ``singles`` the
    seat's adult singles (not abroad), oldest first: Tatars take the
    most recently arrived adult single; Harsh Winter pays for the earliest-arrived
    singles first; Newcomers bring the sex of which the Boyar has fewer adult singles
    (a Maiden if equal); Cholera takes the Wife (in a same-sex Couple the spouse who
    moved) of each Couple hit, keeping the oldest Couple whole if all are hit."""
    if prompt.kind == "tatars":
        return (prompt.choices[-1],)
    if prompt.kind == "winter":
        return prompt.choices[:prompt.hi]
    if prompt.kind == "newcomer":
        lads = sum(v.startswith("L") for v in singles)
        want = "lad" if lads < len(singles) - lads else "maiden"
        return (want,) if want in prompt.choices else prompt.choices[:1]
    # cholera: choices are the spouses of the Couples hit, (moved, stayed) per Couple
    moved = prompt.choices[0::2]
    return moved[len(moved) - prompt.hi:]


def resolve(state: ZestreaState, events: list) -> ZestreaState:
    """Carry out this turn's Time card once every prompt is answered (Z-R36)."""
    card = state.time_card
    answers = {p.seat: p.answer or () for p in state.prompts}
    state = attrs.evolve(state, prompts=())
    handler = _HANDLERS.get(card)
    if handler is not None:
        state = handler(state, answers, events)
    return state


def _spring_blessing(state, answers, events):  # G1
    for seat in state.order():
        state = draw_fate(state, seat, 1, "good-times", events)
    return state


def _newcomers(state, answers, events):  # G2
    for seat in state.order():
        if seat in answers:
            state, villager = draw_villager(state, answers[seat][0])
            if villager is not None:
                state = add_single(state, seat, villager, "newcomer", events)
    return state


def _beaten_by_fate(state: ZestreaState, answers, events):  # H01, Z-R37
    n = state.seats
    counts = tuple(len(e.hand) for e in state.estates)
    held = [c for e in state.estates for c in e.hand]
    h, d = len(held), len(state.fate_deck)
    k = max(1, -(-h // n))
    deck = state.fate_deck
    to_deck: tuple[str, ...] = ()
    if h + d >= k * n:
        pool, deck = held + list(deck[:k * n - h]), deck[k * n - h:]
        each = k
    elif h >= n:
        pool, each = held, h // n
    else:
        pool, deck, each = held + list(deck), (), 0
    cards, rng = shuffle(pool, state.rng)
    hands: list[list[str]] = [[] for _ in range(n)]
    if each:
        for i, seat in enumerate(state.order()):
            hands[seat] = list(cards[i * each:(i + 1) * each])
        rest = cards[n * each:]
        if rest:  # the leftover goes to the State: shuffled into the Fate deck
            to_deck = rest
            deck, rng = shuffle(tuple(deck) + rest, rng)
    else:  # one at a time in start-player order until the cards run out
        for i, c in enumerate(cards):
            hands[state.order()[i % n]].append(c)
    state = attrs.evolve(state, rng=rng, fate_deck=tuple(deck))
    events.append(HandsCollected(counts, len(to_deck)))
    for seat in state.order():
        state = set_estate(state, seat, hand=tuple(hands[seat]), revealed=frozenset())
        events.append(FateDrawn(seat, len(hands[seat]), "dealt", tuple(hands[seat])))
    return state


def _conscription(state, answers, events):  # H02
    return _by_dice(state, "lad", 3, "died", "conscription", events)


def _strawberry_pickers(state, answers, events):  # H09
    return _by_dice(state, "maiden", 2, "left", "strawberry-pickers", events)


def _by_dice(state, sex: str, faces: int, how: str, why: str, events):
    for seat in state.order():
        for villager in adult_singles(state, seat):
            if (villager[0] == "L") != (sex == "lad"):
                continue
            die, state = roll(state)
            events.append(Rolled(seat, die, why, villager))
            if die <= faces:
                state = remove(state, villager, how, why, events)
    return state


def _bandits(state, answers, events):  # H03
    for seat in state.order():
        die, state = roll(state)
        events.append(Rolled(seat, die, "bandits"))
        state, _ = pay_toll(state, seat, die, "bandits", events)
    return state


def _floods(state, answers, events):  # H04
    for seat in state.order():
        washed = 0
        for _ in range(state.estates[seat].land - 1):
            die, state = roll(state)
            events.append(Rolled(seat, die, "floods"))
            washed += die <= 2
        if washed:
            state = _land(state, seat, -washed, "floods", events)
    return state


def _land(state, seat: Seat, delta: int, why: str, events) -> ZestreaState:
    events.append(LandChanged(seat, delta, why))
    return set_estate(state, seat, land=state.estates[seat].land + delta)


def _collectivisation(state, answers, events):  # H05
    pot = 0
    for seat in state.order():
        state, paid = pay_toll(state, seat, state.estates[seat].zestre // 2, "collectivisation", events)
        pot += paid
    share = pot // state.seats  # Z-R6; the remainder stays with the State
    for seat in state.order():
        state = gain(state, seat, share, "collectivisation", events)
    return state


def _tatars(state, answers, events):  # H07
    for seat in state.order():
        if seat in answers:
            state = remove(state, answers[seat][0], "died", "tatars", events)
        else:
            state, _ = pay_toll(state, seat, 2, "tatars", events)
    return state


def _highway(state, answers, events):  # H08
    most = max(e.land for e in state.estates)
    for seat in state.order():
        if state.estates[seat].land == most and most > 1:
            state = _land(state, seat, -1, "highway", events)
            state = gain(state, seat, 2, "highway", events)
    return state


def _cholera(state: ZestreaState, answers, events):  # H11: dice first, then the choice
    prompts = []
    for seat in state.order():
        couples = state.estates[seat].couples
        hit = []
        for couple in couples:
            die, state = roll(state)
            events.append(Rolled(seat, die, "cholera", couple.id))
            if die == 1:
                hit.append(couple)
        deaths = len(hit) - (1 if len(hit) == len(couples) else 0)  # Z-R17: one survives
        if deaths:
            choices = tuple(v for c in hit for v in (c.moved, c.stayed))
            prompts.append(Prompt(seat, "cholera", choices, deaths, deaths))
    if prompts:
        return attrs.evolve(state, prompts=tuple(prompts))
    return state


def resolve_cholera(state: ZestreaState, events: list) -> ZestreaState:
    """After the Cholera prompts: the chosen spouses die, in start-player order."""
    answers = {p.seat: p.answer or () for p in state.prompts}
    state = attrs.evolve(state, prompts=())
    for seat in state.order():
        for villager in answers.get(seat, ()):
            state = remove(state, villager, "died", "cholera", events)
    return state


def _harsh_winter(state, answers, events):  # H12
    for seat in state.order():
        singles = adult_singles(state, seat)
        paid_for = answers.get(seat, singles[:state.estates[seat].zestre])
        state, _ = pay_toll(state, seat, len(singles), "harsh-winter", events)
        for villager in singles:
            if villager not in paid_for:
                state = remove(state, villager, "died", "harsh-winter", events)
    return state


def _tax_collector(state, answers, events):  # H13
    for seat in state.order():
        state, _ = pay_toll(state, seat, state.estates[seat].land, "tax-collector", events)
    return state


_HANDLERS = {
    "G1": _spring_blessing, "G2": _newcomers, "H01": _beaten_by_fate, "H02": _conscription,
    "H03": _bandits, "H04": _floods, "H05": _collectivisation, "H07": _tatars, "H08": _highway,
    "H09": _strawberry_pickers, "H11": _cholera, "H12": _harsh_winter, "H13": _tax_collector,
}
"""The cards that act at step I. The rest act later in the turn: G3 Wedding Season and
H14 Great Lent in step IV (and H14 at Food), H06 Chernobyl and H10 Drought at Production."""
if set(_HANDLERS) | {"G3", "H06", "H10", "H14"} != set(TIMES):
    raise ValueError("Zestrea: every Time card in times.toml needs its effect here")
