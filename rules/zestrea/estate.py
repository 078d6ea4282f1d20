"""The shared vocabulary of Zestrea's effects: who is where, what counts as a food unit,
paying and gaining Zestre, drawing villagers and Fate cards, and a villager dying or
leaving. Every step and card goes through these, so each general rule has one place
(reference §0, Z-R4, Z-R5, Z-R11, Z-R17-Z-R21, Z-R24).

Functions that change the state take and return it, appending the events they cause
to ``events`` (a list the caller owns).
"""

from __future__ import annotations

import attrs

from ..core import Seat
from .cards import sex, title
from .state import (
    Couple, FateDrawn, Toll, VillagerCame, VillagerGone, ZestreaState, ZestreChanged, ZestreGiven,
)

TRUCK, PREACHER = "F15", "F04"
MAX_LAND, MAX_SINGLES = 5, 7  # Z-F27, Z-F12


def roles_of(state: ZestreaState, villager: str) -> tuple[str, ...]:
    """The Role cards attached to ``villager`` (Z-F24, Z-R19)."""
    return tuple(card for v, card in state.roles if v == villager)


def abroad(state: ZestreaState, villager: str) -> bool:
    """Whether ``villager`` carries Truck to Italy (F15; reference §0 "Abroad")."""
    return any(title(card).id == TRUCK for card in roles_of(state, villager))


def owner(state: ZestreaState, villager: str) -> Seat | None:
    """The seat on whose Estate ``villager`` lives now, ``None`` if in no Estate."""
    for seat, estate in enumerate(state.estates):
        if villager in estate.singles or any(villager in c.spouses for c in estate.couples):
            return seat
    return None


def adult_singles(state: ZestreaState, seat: Seat) -> tuple[str, ...]:
    """``seat``'s singles who are not babies and not abroad, oldest arrival first
    (the targets of H02, H07, H09, H12; the food units among singles, Z-R14)."""
    estate = state.estates[seat]
    return tuple(v for v in estate.singles if v not in estate.babies and not abroad(state, v))


def born_on(state: ZestreaState, seat: Seat) -> frozenset[str]:
    """The babies born on ``seat``'s Estate this turn, wherever they are now (Twins!,
    F22): its babies that Extended Vacation (F05) did not bring from another Estate,
    and those born here that it sent away (``state.sent_babies``)."""
    sent = dict(state.sent_babies)
    return (frozenset(v for v in state.estates[seat].babies if v not in sent)
            | {v for v, home in sent.items() if home == seat})


def food_units(state: ZestreaState, seat: Seat) -> int:
    """Z-R14 step 1: Couples + adult singles not abroad (this turn's babies excluded,
    villagers adopted this turn included)."""
    return len(state.estates[seat].couples) + len(adult_singles(state, seat))


def protected(state: ZestreaState, villager: str) -> bool:
    """Z-R17, Z-F31: a spouse of a Boyar's only Couple can never be removed."""
    seat = owner(state, villager)
    if seat is None:
        return False
    couples = state.estates[seat].couples
    return len(couples) == 1 and villager in couples[0].spouses


def set_estate(state: ZestreaState, seat: Seat, **changes) -> ZestreaState:
    """``state`` with ``seat``'s Estate changed by ``changes`` (attrs field names)."""
    estates = list(state.estates)
    estates[seat] = attrs.evolve(estates[seat], **changes)
    return attrs.evolve(state, estates=tuple(estates))


def gain(state: ZestreaState, seat: Seat, amount: int, why: str, events: list) -> ZestreaState:
    """``seat`` takes ``amount`` Zestre from the State. The State never runs out (Z-R4):
    the rulebook's flip of the Zestre cards when the State's run out ("II. Production",
    Z-F32) only stretches the 80 printed cards, so it is not played here."""
    if amount <= 0:
        return state
    events.append(ZestreChanged(seat, amount, why))
    return set_estate(state, seat, zestre=state.estates[seat].zestre + amount)


def lose(state: ZestreaState, seat: Seat, amount: int, why: str, events: list) -> tuple[ZestreaState, int]:
    """A forced loss to the State: as much of ``amount`` as ``seat`` has, down to 0
    (Z-R5). Returns the state and what was paid."""
    paid = min(amount, state.estates[seat].zestre)
    if paid <= 0:
        return state, 0
    events.append(ZestreChanged(seat, -paid, why))
    return set_estate(state, seat, zestre=state.estates[seat].zestre - paid), paid


def give_up_to(state: ZestreaState, giver: Seat, taker: Seat, most: int, why: str,
               events: list) -> ZestreaState:
    """``giver`` gives ``taker`` as much of ``most`` Zestre as it has (a card's "a Boyar
    with 0 gives nothing", "as much as they have": Just Married F09, Steal the Bride's
    ransom F10, The Godparents F20, Dowry Chest F25; Z-R5), told even when it is 0 (a
    ``ZestreGiven`` of 0: the giver had nothing to give, so nobody wonders why the
    log is silent about them)."""
    amount = max(0, min(most, state.estates[giver].zestre))
    state = set_estate(state, giver, zestre=state.estates[giver].zestre - amount)
    state = set_estate(state, taker, zestre=state.estates[taker].zestre + amount)
    events.append(ZestreGiven(giver, taker, amount, why))
    return state


def pay_toll(state: ZestreaState, seat: Seat, owed: int, why: str, events: list) -> tuple[ZestreaState, int]:
    """A Time card's forced payment of ``owed`` Zestre to the State (reference §5): as
    much of it as ``seat`` has, down to 0 (Z-R5), told by a :class:`Toll` even when
    nothing could be paid (nothing owed: no event). Returns the state and what was paid,
    in Zestre."""
    if owed <= 0:
        return state, 0
    paid = min(owed, state.estates[seat].zestre)
    events.append(Toll(seat, owed, paid, why))
    return set_estate(state, seat, zestre=state.estates[seat].zestre - paid), paid


def draw_villager(state: ZestreaState, want: str | None) -> tuple[ZestreaState, str | None]:
    """One villager from the supply, uniformly at random among those of sex ``want``
    (``None``: any). If none fits, the gone pile is shuffled back into the supply
    first; if there is still none, nothing is drawn (``None``) (Z-R10, Z-R11)."""
    fits = [v for v in state.supply if want is None or sex(v) == want]
    if not fits and state.gone:
        state = attrs.evolve(state, supply=tuple(sorted(state.supply + state.gone)), gone=())
        fits = [v for v in state.supply if want is None or sex(v) == want]
    if not fits:
        return state, None
    index, rng = state.rng.below(len(fits))
    villager = fits[index]
    supply = tuple(v for v in state.supply if v != villager)
    return attrs.evolve(state, rng=rng, supply=supply), villager


def can_draw(state: ZestreaState, want: str | None) -> bool:
    """Whether :func:`draw_villager` would find one (the gone pile counted, Z-R11)."""
    return any(want is None or sex(v) == want for v in state.supply + state.gone)


def add_single(state: ZestreaState, seat: Seat, villager: str, how: str, events: list,
               baby: bool = False) -> ZestreaState:
    """``villager`` arrives on ``seat``'s Estate as a single (a baby if ``baby``)."""
    estate = state.estates[seat]
    events.append(VillagerCame(seat, villager, how))
    return set_estate(state, seat, singles=estate.singles + (villager,),
                      babies=estate.babies | {villager} if baby else estate.babies)


def marry(state: ZestreaState, seat: Seat, stayed: str, moved: str) -> ZestreaState:
    """A new Couple of ``stayed`` and ``moved`` on ``seat``'s Estate, both taken out of
    the singles (the caller moved ``moved`` there)."""
    number = state.couples_made + 1
    estate = state.estates[seat]
    state = attrs.evolve(state, couples_made=number)
    return set_estate(state, seat, couples=estate.couples + (Couple(number, stayed, moved),),
                      singles=tuple(v for v in estate.singles if v not in (stayed, moved)))


def remove(state: ZestreaState, villager: str, how: str, why: str, events: list) -> ZestreaState:
    """``villager`` dies (``how="died"``) or leaves (``"left"``) (Z-R18): to the gone
    pile; a spouse left behind becomes an adult single on the same Estate; their Roles
    go to the discard pile (Z-R19). Each death pays every Village Preacher living on
    another Estate 1 Zestre for its Boyar (Z-R21). Raises ``ValueError`` for a spouse
    of a Boyar's only Couple, whom nothing can remove (Z-R17)."""
    if protected(state, villager):
        raise ValueError(f"{villager} is in the only Couple of their Boyar (Z-R17)")
    seat = owner(state, villager)
    if seat is None:
        raise ValueError(f"{villager} is on no Estate")
    estate = state.estates[seat]
    couple = next((c for c in estate.couples if villager in c.spouses), None)
    if couple is not None:
        other = couple.moved if couple.stayed == villager else couple.stayed
        state = set_estate(state, seat, couples=tuple(c for c in estate.couples if c != couple),
                           singles=estate.singles + (other,))
    else:
        state = set_estate(state, seat, singles=tuple(v for v in estate.singles if v != villager),
                           babies=estate.babies - {villager},
                           )
    roles = roles_of(state, villager)
    state = attrs.evolve(state, gone=state.gone + (villager,), discard=state.discard + roles,
                         roles=tuple(r for r in state.roles if r[0] != villager))
    events.append(VillagerGone(seat, villager, how, why))  # type: ignore[arg-type]
    if how == "died":
        for preacher, card in state.roles:
            home = owner(state, preacher)
            if title(card).id == PREACHER and home is not None and home != seat:
                state = gain(state, home, 1, "village-preacher", events)
    return state


def draw_fate(state: ZestreaState, seat: Seat, count: int, why: str, events: list) -> ZestreaState:
    """``seat`` takes up to ``count`` cards from the top of the Fate deck; an empty deck
    gives nothing (Z-R24, Z-F25)."""
    cards, deck = state.fate_deck[:count], state.fate_deck[count:]
    if not cards:
        return state
    events.append(FateDrawn(seat, len(cards), why, cards))
    state = attrs.evolve(state, fate_deck=deck)
    return set_estate(state, seat, hand=state.estates[seat].hand + cards)

