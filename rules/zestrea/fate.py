"""Playing Fate cards (reference §4, Z-R22, Z-R24-Z-R26, Z-R41, Z-R42; rulebook "Fate
card examples"): when each kind may be played, the legal targets of each title, and
each card's effect.

:func:`play_kind` gives, for one card in hand, the bounds of its legal targets (an
:class:`~rules.core.ActionKind`, or the one :class:`PlayFate` when it takes none), or
``None`` when it cannot be played now. A card that can do nothing cannot be played
(Z-R42), so those bounds are exact except for an Elopement's pair (Z-R28, checked in
:func:`check`).
"""

from __future__ import annotations

import attrs

from ..core import ActionKind, OneOf, RuleViolation, Seat
from .cards import FATE, title
from .estate import (
    MAX_LAND, MAX_SINGLES, abroad, add_single, adult_singles, born_on, can_draw, draw_villager, gain,
    give_up_to, owner, remove, set_estate,
)
from .state import (
    ChanceChanged, FatePlayed, Foretold, LandChanged, PlayFate, Prompt, RoleAttached, Rolled,
    Separated, VillagerMoved, Window, ZestreaState, ZestreChanged,
)
from .weddings import can_marry, open_window, sides
from .dice import roll

LENT, CHERNOBYL = "H14", "H06"
WEDDING_KINDS = ("wedding", "wedding-or-action")
FREE_KINDS = ("role", "action", "after-wedding", "wedding-or-action")


def _all_villagers(state: ZestreaState) -> tuple[str, ...]:
    return tuple(v for e in state.estates for v in e.villagers)


def _others(state: ZestreaState, seat: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in range(state.seats) if s != seat)


def _couple_home(state: ZestreaState, number: int) -> Seat | None:
    for seat, estate in enumerate(state.estates):
        if any(c.number == number for c in estate.couples):
            return seat
    return None


def _records(state: ZestreaState, seat: Seat, title_id: str) -> tuple[int, ...]:
    """Wedding records ``seat`` may name with ``title_id`` (each record once per title)."""
    named = {r for r, t in state.named if t == title_id}
    out = []
    for rec in state.weddings:
        if rec.id in named:
            continue
        if title_id == "F09" and seat in (rec.receiver, rec.giver):
            out.append(rec.id)
        elif title_id == "F25" and seat == rec.receiver:
            out.append(rec.id)
        elif title_id == "F10":
            home = _couple_home(state, rec.couple)
            if home is not None and home != seat:
                out.append(rec.id)
    return tuple(out)


def _params(state: ZestreaState, seat: Seat, card: str, context: str):
    """The target parameters of ``card`` now: a tuple of Params (empty: no target), or
    ``None`` if it cannot be played (no legal target, or nothing would happen)."""
    t = title(card)
    estate = state.estates[seat]
    if context == "window":
        window = state.window
        assert window is not None
        if t.id == "F20" and seat in (window.proposer, window.target):
            return None  # The Godparents: not a party
        if t.id == "F19" and window.elopement:
            return None  # nothing to give back (Z-R41, Z-R42)
        return (OneOf("mode", ("wedding",)),) if t.kind == "wedding-or-action" else ()
    if t.id in ("F01", "F02", "F08"):
        return (OneOf("villager", _all_villagers(state)),)
    if t.id == "F04":
        males = tuple(v for v in _all_villagers(state) if v[0] == "L")
        return (OneOf("villager", males),) if males else None
    if t.id == "F15":
        singles = adult_singles(state, seat)
        return (OneOf("villager", singles),) if singles else None
    if t.id == "F05":
        singles = tuple(v for v in estate.singles if not abroad(state, v))
        return (OneOf("villager", singles), OneOf("to", _others(state, seat))) if singles else None
    if t.id == "F06":
        return None if state.amsterdam else ()
    if t.id in ("F09", "F10", "F25"):
        if context == "auction":
            return None
        records = _records(state, seat, t.id)
        return (OneOf("record", records),) if records else None
    if t.id == "F11":
        couples = tuple(c.id for e in state.estates if len(e.couples) > 1 for c in e.couples)
        return (OneOf("couple", couples),) if couples else None
    if t.id == "F12":
        singles = tuple(v for s in range(state.seats) for v in adult_singles(state, s))
        return (OneOf("villager", singles),) if singles else None
    if t.id == "F13":
        lads = tuple(v for s in _others(state, seat) for v in adult_singles(state, s) if v[0] == "L")
        return (OneOf("villager", lads),) if lads else None
    if t.id == "F14":
        return (OneOf("mode", ("action",)),)
    if t.id == "F16":
        return ()
    if t.id == "F18":
        return None if state.hora else ()
    if t.id == "F21":
        return ()
    if t.id == "F22":  # a baby born here this turn, even if since sent away (F05)
        ok = (born_on(state, seat) and len(estate.singles) < MAX_SINGLES and state.time_card != CHERNOBYL
              and can_draw(state, None))
        return () if ok else None
    if t.id == "F23":
        if context == "auction" or state.time_card == LENT:
            return None
        mine = adult_singles(state, seat)
        theirs = tuple(v for s in _others(state, seat) for v in adult_singles(state, s))
        return (OneOf("villager", mine), OneOf("other", theirs)) if mine and theirs else None
    if t.id == "F24":
        return () if estate.land < MAX_LAND and estate.zestre >= 1 else None
    return None  # a Wedding card outside a window


def play_kind(state: ZestreaState, seat: Seat, card: str, context: str):
    """Playing ``card`` now (``context``: ``"free"`` in step IV with nothing open,
    ``"window"`` inside a window, ``"auction"`` the auction winner's immediate play):
    an :class:`ActionKind` of ``play`` with the card fixed and the targets' bounds, the
    one :class:`PlayFate` when there is no target, or ``None`` (Z-R22, Z-R42)."""
    t = title(card)
    allowed = {"free": FREE_KINDS, "window": WEDDING_KINDS,
               "auction": ("role", "action", "wedding-or-action")}[context]
    if t.kind not in allowed:
        return None
    params = _params(state, seat, card, context)
    if params is None:
        return None
    if not params:
        return PlayFate(card)
    if len(params) == 1 and params[0].name == "mode":
        return PlayFate(card, mode=params[0].values[0])
    checks = "the two can marry (Z-R28)" if t.id == "F23" else ""
    return ActionKind("play", tuple(params), fixed=(("card", card),), checks=checks)


def check(state: ZestreaState, seat: Seat, action) -> None:
    """Checks beyond the bounds: an Elopement's pair must be able to marry, a same-sex
    one only under Weddings in Amsterdam, with you as the receiver (F23, Z-R28)."""
    if title(action.card).id == "F23":
        why = can_marry(state, action.villager, action.other, seat)
        if why:
            raise RuleViolation("cannot-marry", why[0].upper() + why[1:] + ".", "zestrea.md Z-R28")


def play(state: ZestreaState, seat: Seat, action, events: list) -> ZestreaState:
    """Take the card from the hand, carry out its effect; Roles stay on their villager,
    other cards go face up to the discard pile (Z-F23, Z-R25)."""
    card = action.card
    t = title(card)
    estate = state.estates[seat]
    state = set_estate(state, seat, hand=tuple(c for c in estate.hand if c != card),
                       revealed=estate.revealed - {card})
    events.append(FatePlayed(seat, card, action.villager, action.other, action.couple,
                             action.to, action.record, action.mode))
    if t.kind == "role":
        events.append(RoleAttached(action.villager, card))
        return attrs.evolve(state, roles=state.roles + ((action.villager, card),))
    state = attrs.evolve(state, discard=state.discard + (card,))
    return EFFECTS[t.id](state, seat, action, events)


def _in_window(state, seat, action, events):  # F03, F07, F14 (wedding), F17, F20
    window = state.window
    window = attrs.evolve(window, played=window.played + ((seat, action.card),), passed=frozenset())
    events.append(ChanceChanged(seat, action.card, title(action.card).chance))
    return attrs.evolve(state, window=window)


def _matchmaker(state, seat, action, events):  # F19
    state = _in_window(state, seat, action, events)
    for payer, amount in state.window.payers:
        state = gain(state, payer, amount, "matchmaker", events)
    return attrs.evolve(state, window=attrs.evolve(state.window, payers=()))


def _tuica(state, seat, action, events):  # F14
    if action.mode == "wedding":
        return _in_window(state, seat, action, events)
    return gain(state, seat, 2, "tuica", events)


def _vacation(state, seat, action, events):  # F05: a baby stays a baby, and born where it was
    v, to = action.villager, action.to
    estate = state.estates[seat]
    baby = v in estate.babies
    if baby and v not in dict(state.sent_babies):
        state = attrs.evolve(state, sent_babies=state.sent_babies + ((v, seat),))
    state = set_estate(state, seat, singles=tuple(x for x in estate.singles if x != v),
                       babies=estate.babies - {v})
    target = state.estates[to]
    state = set_estate(state, to, singles=target.singles + (v,),
                       babies=target.babies | {v} if baby else target.babies)
    events.append(VillagerMoved(seat, to, v, "extended-vacation"))
    return state


def _named(state, action, title_id):
    return attrs.evolve(state, named=state.named + ((action.record, title_id),))


def _just_married(state, seat, action, events):  # F09: a Boyar with 0 gives nothing (and is told)
    state = _named(state, action, "F09")
    for other in _others(state, seat):
        state = give_up_to(state, other, seat, 1, "just-married", events)
    return state


def _steal_the_bride(state, seat, action, events):  # F10
    state = _named(state, action, "F10")
    record = next(r for r in state.weddings if r.id == action.record)
    home = _couple_home(state, record.couple)
    options = ransom_options(state, home, record.couple)
    if len(options) == 1:
        return resolve_ransom(state, seat, home, record.couple, options[0], events)
    prompt = Prompt(home, "ransom", options, 1, 1, by=seat, subject=f"C{record.couple}")
    return attrs.evolve(state, prompts=(prompt,), ready=state.ready - {home})


def ransom_options(state: ZestreaState, home: Seat, couple: int) -> tuple[str, ...]:
    """F10: pay 3 (if able) or hand over the bride (not from the only Couple, Z-R17);
    with neither, the ransom of all they have, up to 3."""
    options = []
    if state.estates[home].zestre >= 3:
        options.append("ransom")
    if len(state.estates[home].couples) > 1:
        options.append("bride")
    return tuple(options) or ("ransom",)


def resolve_ransom(state: ZestreaState, thief: Seat, home: Seat, couple_number: int, choice: str,
                   events: list) -> ZestreaState:
    """Carry out the answer to Steal the Bride (F10)."""
    if choice == "ransom":
        return give_up_to(state, home, thief, 3, "ransom", events)
    estate = state.estates[home]
    couple = next(c for c in estate.couples if c.number == couple_number)
    state = set_estate(state, home, couples=tuple(c for c in estate.couples if c != couple),
                       singles=estate.singles + (couple.stayed,))
    state = set_estate(state, thief, singles=state.estates[thief].singles + (couple.moved,))
    events.append(VillagerMoved(home, thief, couple.moved, "steal-the-bride"))
    return state


def _trouble(state, seat, action, events):  # F11
    number = int(action.couple[1:])
    home = _couple_home(state, number)
    estate = state.estates[home]
    couple = next(c for c in estate.couples if c.number == number)
    events.append(Separated(home, couple.id, couple.stayed, couple.moved, "trouble-in-paradise"))
    return set_estate(state, home, couples=tuple(c for c in estate.couples if c != couple),
                      singles=estate.singles + couple.spouses)


def _dog(state, seat, action, events):  # F12
    return remove(state, action.villager, "left", "unleash-the-dog", events)


def _bar_fight(state, seat, action, events):  # F13
    die, state = roll(state)
    events.append(Rolled(owner(state, action.villager), die, "bar-fight", action.villager))
    if die <= 2:
        return remove(state, action.villager, "died", "bar-fight", events)
    return attrs.evolve(state, barred=state.barred | {action.villager})


def _amsterdam(state, seat, action, events):  # F06
    return attrs.evolve(state, amsterdam=True)


def _pickles(state, seat, action, events):  # F16
    return gain(state, seat, min(4, len(state.estates[seat].couples)), "pickle-business", events)


def _hora(state, seat, action, events):  # F18
    return attrs.evolve(state, hora=True)


def _fortune_teller(state, seat, action, events):  # F21
    if not state.time_stack:
        return state
    top = state.time_stack[0]
    state = attrs.evolve(state, foretold=state.foretold + ((seat, top),))
    events.append(Foretold(seat, top))
    if title_is_good(top):
        return state  # a Good Times card cannot be moved (Z-R39)
    prompt = Prompt(seat, "fortune", ("top", "bottom"), 1, 1, subject=top)
    return attrs.evolve(state, prompts=(prompt,))


def title_is_good(card: str) -> bool:
    return card.startswith("G")


def resolve_fortune(state: ZestreaState, seat: Seat, choice: str, events: list) -> ZestreaState:
    """F21: the Hard Times card seen goes to the bottom, or stays (Z-R39)."""
    if choice == "bottom":
        state = attrs.evolve(state, time_stack=state.time_stack[1:] + state.time_stack[:1])
        events.append(Foretold(seat, "", moved=True))
    return state


def _twins(state, seat, action, events):  # F22
    state, villager = draw_villager(state, None)
    return add_single(state, seat, villager, "born", events, baby=True)


def _elopement(state, seat, action, events):  # F23
    other_home = owner(state, action.other)
    stays, moves, receiver, giver = sides(state, action.villager, action.other, seat)
    window = Window(seat, other_home, stays, moves, receiver, giver, "each_1", elopement=True)
    return open_window(state, window, events)


def _notary(state, seat, action, events):  # F24
    estate = state.estates[seat]
    events.append(LandChanged(seat, 1, "notarys-bribe"))
    events.append(ZestreChanged(seat, -1, "notarys-bribe"))
    return set_estate(state, seat, zestre=estate.zestre - 1, land=estate.land + 1)


def _dowry_chest(state, seat, action, events):  # F25
    state = _named(state, action, "F25")
    record = next(r for r in state.weddings if r.id == action.record)
    return give_up_to(state, record.giver, seat, 2, "dowry-chest", events)


EFFECTS = {
    "F03": _in_window, "F05": _vacation, "F06": _amsterdam, "F07": _in_window, "F09": _just_married,
    "F10": _steal_the_bride, "F11": _trouble, "F12": _dog, "F13": _bar_fight, "F14": _tuica,
    "F16": _pickles, "F17": _in_window, "F18": _hora, "F19": _matchmaker, "F20": _in_window,
    "F21": _fortune_teller, "F22": _twins, "F23": _elopement, "F24": _notary, "F25": _dowry_chest,
}
"""The effect of every title that is not a Role (Roles attach, Z-F24)."""
if set(EFFECTS) | {t for t, f in FATE.items() if f.kind == "role"} != set(FATE):
    raise ValueError("Zestrea: every Fate title in fate.toml needs its effect here")
