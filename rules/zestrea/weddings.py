"""Weddings (rulebook "IV. Weddings and Negotiations"; reference §3.6, Z-F15-Z-F20,
Z-R28-Z-R34): who may marry, paying an attempt, the window before the roll, the
chance and how it is made up, the roll and its result.
"""

from __future__ import annotations

import attrs

from ..core import RuleViolation, Seat, seat_name
from .cards import person, sex, title
from .estate import adult_singles, draw_fate, give_up_to, marry, owner, roles_of, set_estate
from .state import (
    MAX_ATTEMPTS, Attempted, CardsMoved, Married, Window, WindowOpened, WeddingRecord, ZestreaState, ZestreGiven,
    ZestreChanged,
)
from .dice import roll

RULE = "zestrea.md Z-R28"
BASE_CHANCE = 2  # faces 1 and 2 (Z-F17)
LENT, SEASON = "H14", "G3"
MUSICIAN, RUMPLED, IDIOT = "F01", "F02", "F08"


def can_marry(state: ZestreaState, a: str, b: str, receiver: Seat = -1) -> str:
    """Why ``a`` and ``b`` cannot marry now, ``""`` if they can (Z-R28, Z-F15): two adult
    singles, not abroad, not barred, on two different Estates; a Lad and a Maiden, or
    the same sex while Weddings in Amsterdam (F06) is in force, with a ``receiver``
    who is one of the two Boyars."""
    home_a, home_b = owner(state, a), owner(state, b)
    for v, home in ((a, home_a), (b, home_b)):
        if home is None or v not in adult_singles(state, home):
            return f"{person(v)} is not an adult single on an Estate"
        if v in state.barred:
            return f"{person(v)} is barred from weddings this turn (Bar Fight)"
    if home_a == home_b:
        return "a wedding joins villagers of two different Boyars"
    if sex(a) == sex(b):
        if not state.amsterdam:
            return "a wedding joins a Lad and a Maiden (Weddings in Amsterdam allows more)"
        if receiver not in (home_a, home_b):
            return "a same-sex wedding names which of the two Boyars receives the Couple"
    return ""


def sides(state: ZestreaState, a: str, b: str, receiver: Seat = -1) -> tuple[str, str, Seat, Seat]:
    """``(stays, moves, receiver, giver)``: the Maiden moves to the Lad's Estate
    (Z-F18); in a same-sex wedding the one not on ``receiver``'s Estate moves (Z-F19)."""
    if sex(a) != sex(b):
        lad, maiden = (a, b) if sex(a) == "lad" else (b, a)
        stays, moves = lad, maiden
    else:
        stays, moves = (a, b) if owner(state, a) == receiver else (b, a)
    return stays, moves, owner(state, stays), owner(state, moves)  # type: ignore[return-value]


def shares(split: str, proposer: Seat, target: Seat) -> tuple[tuple[Seat, int], ...]:
    """Who pays an attempt's 2 Zestre (Z-F16, Z-R29)."""
    if split == "proposer_2":
        return ((proposer, 2),)
    if split == "target_2":
        return ((target, 2),)
    return ((proposer, 1), (target, 1))


def short_of(state: ZestreaState, payers: tuple[tuple[Seat, int], ...],
             extra: dict | None = None) -> tuple[Seat, int] | None:
    """The first payer (seat order) who cannot pay what they owe now, with what they
    owe (``extra``: more each must pay); ``None`` if all can (Z-R5, Z-R29)."""
    need: dict[Seat, int] = dict(extra or {})
    for seat, amount in payers:
        need[seat] = need.get(seat, 0) + amount
    for seat in sorted(need):
        if state.estates[seat].zestre < need[seat]:
            return seat, need[seat]
    return None


def attempts_payable(state: ZestreaState, payers: tuple[tuple[Seat, int], ...], extra: dict | None = None,
                     most: int = MAX_ATTEMPTS) -> tuple[int, tuple[Seat, int] | None]:
    """How many attempts in a row, up to ``most``, ``payers`` could pay with the Zestre
    they hold now (``extra``: more each must pay once, a sweetener), and the first payer
    who could not pay one more, with what that would take in all (``None``: all
    ``most`` can be paid). Acceptance asks only for the first attempt (§3.6); each later
    one goes ahead only if its payers can pay it then (Z-R5, Z-R29; ``close_window``),
    so an offer may ask for more attempts than this: the rest are paid or not later."""
    for n in range(1, most + 1):
        short = short_of(state, payers * n, extra)
        if short is not None:
            return n - 1, short
    return most, None


def can_pay(state: ZestreaState, payers: tuple[tuple[Seat, int], ...], extra: dict | None = None) -> str:
    """Why the payers cannot pay (``extra``: more each must pay), ``""`` if they can:
    ``"seat 2 cannot pay 2 Zestre (has 1)"`` (:func:`rules.core.named` tells the Boyar by
    name)."""
    short = short_of(state, payers, extra)
    if short is None:
        return ""
    seat, amount = short
    return f"{seat_name(seat)} cannot pay {amount} Zestre (has {state.estates[seat].zestre})"


def pay(state: ZestreaState, payers: tuple[tuple[Seat, int], ...], events: list) -> ZestreaState:
    for seat, amount in payers:
        if amount:
            events.append(ZestreChanged(seat, -amount, "wedding-attempt"))
            state = set_estate(state, seat, zestre=state.estates[seat].zestre - amount)
    return state


def open_window(state: ZestreaState, window: Window, events: list) -> ZestreaState:
    """Pay the attempt (nothing for an Elopement) and open its window (§3.6)."""
    payers = () if window.elopement else shares(window.split, window.proposer, window.target)
    state = pay(state, payers, events)
    window = attrs.evolve(window, payers=payers, played=(), musicians=(), passed=frozenset())
    events.append(WindowOpened(window))
    return attrs.evolve(state, window=window)


def chance_parts(state: ZestreaState, window: Window) -> tuple[tuple[str, int], ...]:
    """How the open attempt's chance is made up (Z-R30): the base 2, Roles on the two
    villagers, Musicians used, Wedding cards played, the turn's effects, Elopement's +1;
    under Red Thread (F17) the negative parts count 0."""
    parts: list[tuple[str, int]] = [("base", BASE_CHANCE)]
    for v in (window.stays, window.moves):
        for card in roles_of(state, v):
            if title(card).id in (RUMPLED, IDIOT):
                parts.append((card, title(card).chance))
    parts += [(card, 1) for card in window.musicians]
    red = False
    for _, card in window.played:
        t = title(card)
        red = red or t.id == "F17"
        if t.chance:
            parts.append((card, t.chance))
    if state.time_card == SEASON:
        parts.append((SEASON, 1))
    if state.hora:
        parts.append(("F18", 1))
    if window.elopement:
        parts.append(("F23", 1))
    if red:
        parts = [(name, max(0, value)) for name, value in parts]
    return tuple(parts)


def chance(parts: tuple[tuple[str, int], ...]) -> int:
    """Z-R30: the sum, clamped to 0..6."""
    return max(0, min(6, sum(v for _, v in parts)))


def close_window(state: ZestreaState, events: list) -> ZestreaState:
    """Every seat passed: roll (Z-R31). On success the Couple forms on the receiver's
    Estate, the giver draws a Fate card (Z-R32), the escrow and the Godparents are paid;
    on a failure the next agreed attempt starts at once if both can pay, else the
    escrow goes back. (The caller first lets open rent offers expire, §3.6.)"""
    window = state.window
    assert window is not None
    parts = chance_parts(state, window)
    need = chance(parts)
    die, state = roll(state)
    success = die <= need
    attempted = Attempted(window.stays, window.moves, window.attempt, parts, need, die, success,
                          1 if window.elopement else window.attempts)
    state = attrs.evolve(state, window=None)
    if success:
        events.append(attempted)
        return _wed(state, window, events)
    then, short = "", -1
    if attempted.attempt < attempted.attempts:
        short = next((seat for seat, amount in shares(window.split, window.proposer, window.target)
                      if state.estates[seat].zestre < amount), -1)
        if can_marry(state, window.stays, window.moves, window.receiver):
            then, short = "cannot-marry", -1
        else:
            then = "again" if short < 0 else "cannot-pay"
    events.append(attrs.evolve(attempted, then=then, short=short))
    if then == "again":
        nxt = attrs.evolve(window, attempt=window.attempt + 1)
        return open_window(state, nxt, events)
    if window.escrow is not None:
        seat, zestre, cards = window.escrow
        state = set_estate(state, seat, zestre=state.estates[seat].zestre + zestre,
                           hand=state.estates[seat].hand + cards)
        events.append(ZestreGiven(seat, seat, zestre, "escrow-returned"))
    return state


def _wed(state: ZestreaState, window: Window, events: list) -> ZestreaState:
    receiver, giver = window.receiver, window.giver
    giver_estate = state.estates[giver]
    state = set_estate(state, giver, singles=tuple(v for v in giver_estate.singles if v != window.moves))
    state = set_estate(state, receiver, singles=state.estates[receiver].singles + (window.moves,))
    state = marry(state, receiver, window.stays, window.moves)
    record = WeddingRecord(len(state.weddings) + 1, receiver, giver, state.couples_made)
    state = attrs.evolve(state, weddings=state.weddings + (record,))
    events.append(Married(record, window.stays, window.moves))
    state = draw_fate(state, giver, 1, "wedding", events)
    if window.escrow is not None:
        payer, zestre, cards = window.escrow
        taker = window.target if payer == window.proposer else window.proposer
        state = set_estate(state, taker, zestre=state.estates[taker].zestre + zestre,
                           hand=state.estates[taker].hand + cards)
        if zestre:
            events.append(ZestreGiven(payer, taker, zestre, "sweetener"))
        if cards:
            events.append(CardsMoved(payer, taker, len(cards), "sweetener", cards))
    for godparent, card in window.played:
        if title(card).id == "F20":
            for party in (window.proposer, window.target):  # a Boyar with 0 gives nothing
                state = give_up_to(state, party, godparent, 1, "godparents", events)
    return state


def refuse_if_window(state: ZestreaState) -> None:
    """Z-R33: one attempt at a time."""
    if state.window is not None:
        raise RuleViolation("window-open", "A wedding is being celebrated: wait until its die "
                            "is rolled.", "zestrea.md Z-R33")

