"""Offers in step IV (reference §3.5, §3.6; Z-R29, Z-R33-Z-R35): wedding proposals,
trades and Musician rents, their answers, and the one check that keeps them honest.

Offers never change once made (a counter is a new offer). Goods named in an offer are
not set aside (only an on-success sweetener is, once accepted), so after every action
:func:`sweep` cancels, with an event both parties see, each offer whose villagers or
cards are no longer eligible (§3.6); Zestre is checked again at acceptance, and an offer
that cannot be paid then is cancelled (pitfall Z-1). When two acceptances race for one
villager, the first processed wins and the other offer is cancelled by the sweep.
"""

from __future__ import annotations

import attrs

from ..core import RuleViolation, Seat, seat_name
from .cards import person, title
from .estate import owner, set_estate
from .state import (
    CardsMoved, ChanceChanged, MAX_ATTEMPTS, OfferClosed, OfferMade, ProposeTrade, ProposeWedding,
    RentOffer, SPLITS, TradeOffer, WeddingOffer, Window, ZestreaState, ZestreGiven,
)
from .weddings import can_marry, can_pay, open_window, shares, short_of, sides

RULE = "zestrea.md §3.6"
LENT = "H14"


def whole(value: object, what: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        bound = f"from {lo}" + (f" to {hi}" if hi is not None else "")
        raise RuleViolation("bad-amount", f"{what} is a whole number {bound}.", RULE)
    return value


def other_seat(state: ZestreaState, seat: Seat, to: object, rule: str = RULE) -> Seat:
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < state.seats:
        raise RuleViolation("no-seat", f"No Boyar sits at seat number {to!r} (seats count from 0).", rule)
    if to == seat:
        raise RuleViolation("self", "Offers, trades and gifts are made to another Boyar.",
                            "zestrea.md Z-R35")
    return to


def own_cards(state: ZestreaState, seat: Seat, cards: object, what: str) -> tuple[str, ...]:
    """``cards`` as a tuple of distinct cards in ``seat``'s hand, else RuleViolation."""
    if not isinstance(cards, tuple) or len(set(cards)) != len(cards):
        raise RuleViolation("bad-cards", f"{what}: a list of different Fate cards.", RULE)
    hand = state.estates[seat].hand
    if any(c not in hand for c in cards):
        raise RuleViolation("not-held", f"{what}: you can offer only Fate cards in your hand.", RULE)
    return cards


def _shown_cards(state: ZestreaState, seat: Seat, cards: object, what: str) -> tuple[str, ...]:
    """Cards asked of ``seat``: only cards it has revealed (a hand is hidden, Z-R23;
    asking for an unseen card would probe it)."""
    if not isinstance(cards, tuple) or len(set(cards)) != len(cards):
        raise RuleViolation("bad-cards", f"{what}: a list of different Fate cards.", RULE)
    estate = state.estates[seat]
    if any(c not in estate.hand or c not in estate.revealed for c in cards):
        raise RuleViolation("not-shown", f"{what}: you can ask only for cards the other Boyar "
                            "has revealed.", "zestrea.md Z-R23")
    return cards


def _counter(state: ZestreaState, seat: Seat, counter: object, to: Seat, events: list) -> ZestreaState:
    """Close the offer ``counter`` answers (a counter closes the original, §3.6)."""
    if counter == 0:
        return state
    offer = find(state, counter)
    if offer is None or offer.to != seat or offer.by != to or isinstance(offer, RentOffer):
        raise RuleViolation("not-yours", "You can counter only an open offer made to you, "
                            "answering its maker.", "zestrea.md §3.5")
    return close(state, offer, "countered", "", events)


def lent(holder) -> bool:
    """Whether Great Lent (H14) is this turn's Time card: "No wedding attempt this turn
    (proposals may be made, not accepted)" (reference §5 H14), so no wedding offer can
    be accepted until the turn ends. ``holder``: a state or a view (its Time card)."""
    return holder.time_card == LENT


def find(state: ZestreaState, offer_id: object):
    return next((o for o in state.offers if o.id == offer_id), None)


def _add(state: ZestreaState, offer, what: str, events: list) -> ZestreaState:
    events.append(OfferMade(offer.by, offer.to, offer.id, what, offer))
    return attrs.evolve(state, offers=state.offers + (offer,), offers_made=offer.id,
                        ready=state.ready - {offer.to})


def propose_wedding(state: ZestreaState, seat: Seat, a: ProposeWedding, events: list) -> ZestreaState:
    """A wedding offer (§3.6). Refused: to yourself, villagers who cannot marry (Z-R28),
    a split or attempt count out of range, a same-sex proposal without a receiver, a
    sweetener of cards the payer does not hold (or, asked of the target, has not
    revealed) or of more Zestre than the payer has now."""
    to = other_seat(state, seat, a.to, "zestrea.md Z-R28")
    if owner(state, a.mine) != seat or owner(state, a.theirs) != to:
        raise RuleViolation("not-theirs", "Propose one of your singles and one of theirs.", RULE)
    if a.split not in SPLITS:
        raise RuleViolation("bad-split", f"The split is one of {', '.join(SPLITS)}.", "zestrea.md Z-R29")
    whole(a.attempts, "The number of attempts", 1, MAX_ATTEMPTS)
    same = a.mine[0] == a.theirs[0]
    if not same and a.receiver != -1:
        raise RuleViolation("no-receiver", "A Lad and a Maiden: the Couple goes to the Lad's "
                            "Estate; name no receiver.", "zestrea.md Z-R32")  # Z-F18
    why = can_marry(state, a.mine, a.theirs, a.receiver)
    if why:
        raise RuleViolation("cannot-marry", why[0].upper() + why[1:] + ".", "zestrea.md Z-R28")
    if a.sweet_payer not in ("", "proposer", "target") or a.sweet_when not in ("on_accept", "on_success"):
        raise RuleViolation("bad-sweetener", "A sweetener is paid by the proposer or the target, "
                            "on acceptance or on success.", RULE)
    payer = seat if a.sweet_payer == "proposer" else to
    if a.sweet_payer == "":
        if a.sweet_zestre or a.sweet_cards:
            raise RuleViolation("bad-sweetener", "Name who pays the sweetener.", RULE)
    else:
        whole(a.sweet_zestre, "The sweetener's Zestre", 0, state.estates[payer].zestre)
        if payer == seat:
            own_cards(state, seat, a.sweet_cards, "The sweetener")
        else:
            _shown_cards(state, to, a.sweet_cards, "The sweetener")
    _check_payable(state, seat, a)
    state = _counter(state, seat, a.counter, to, events)
    offer = WeddingOffer(state.offers_made + 1, seat, to, a.mine, a.theirs, a.split, a.attempts,
                         a.receiver, a.sweet_payer, a.sweet_zestre, a.sweet_cards, a.sweet_when)
    return _add(state, offer, "wedding", events)


def propose_trade(state: ZestreaState, seat: Seat, a: ProposeTrade, events: list) -> ZestreaState:
    """A trade offer (Z-R35, §3.5): Zestre and your own Fate cards for Zestre and cards
    the other Boyar has revealed; at least one side not empty."""
    to = other_seat(state, seat, a.to)
    whole(a.give_zestre, "Zestre given", 0, state.estates[seat].zestre)
    whole(a.ask_zestre, "Zestre asked", 0, state.estates[to].zestre)
    own_cards(state, seat, a.give_cards, "Cards given")
    _shown_cards(state, to, a.ask_cards, "Cards asked")
    if not (a.give_zestre or a.give_cards or a.ask_zestre or a.ask_cards):
        raise RuleViolation("empty", "A trade gives or asks something.", "zestrea.md §3.5")
    state = _counter(state, seat, a.counter, to, events)
    offer = TradeOffer(state.offers_made + 1, seat, to, a.give_zestre, a.give_cards,
                       a.ask_zestre, a.ask_cards)
    return _add(state, offer, "trade", events)


def rent(state: ZestreaState, seat: Seat, musician: object, zestre: object, cards: object,
         events: list) -> ZestreaState:
    """Inside a window, ask a Musician's Boyar to play it for pay (Z-R34); only another
    Boyar's Musician (your own plays for free), not yet used at this attempt."""
    window = state.window
    assert window is not None
    controller = musician_controller(state, musician)
    if controller is None:
        raise RuleViolation("no-musician", "That is not a Musician in play.", "zestrea.md Z-R34")
    if controller == seat:
        raise RuleViolation("self", "Your own Musician plays for free: use it.", "zestrea.md Z-R34")
    if musician in window.musicians:
        raise RuleViolation("used", "That Musician already plays at this attempt.", "zestrea.md Z-R34")
    whole(zestre, "The rent's Zestre", 0, state.estates[seat].zestre)
    own_cards(state, seat, cards, "The rent")
    offer = RentOffer(state.offers_made + 1, seat, controller, musician,  # type: ignore[arg-type]
                      zestre, cards)
    return _add(state, offer, "rent", events)


def musician_controller(state: ZestreaState, card: object) -> Seat | None:
    """The Boyar of the villager carrying Musician Role ``card`` (Z-R20), else None."""
    for villager, role in state.roles:
        if role == card and title(role).id == "F01":
            return owner(state, villager)
    return None


def use_musician(state: ZestreaState, seat: Seat, card: str, events: list) -> ZestreaState:
    """Add Musician ``card`` to the open attempt: +1, every pass cleared (Z-R34, §3.6)."""
    window = state.window
    assert window is not None
    window = attrs.evolve(window, musicians=window.musicians + (card,), passed=frozenset())
    events.append(ChanceChanged(seat, card, 1))
    return attrs.evolve(state, window=window)


def close(state: ZestreaState, offer, how: str, why: str, events: list,
          short: tuple[Seat, int] | None = None) -> ZestreaState:
    """End ``offer`` (``how``: accepted, declined, withdrawn, countered, cancelled,
    expired), with a public event; a later answer to it is refused naming why.
    ``short``: the seat that could not pay and what it owed (told to the parties)."""
    seat, owed = short if short is not None else (-1, 0)
    events.append(OfferClosed(offer.by, offer.to, offer.id, how, why, seat, owed))
    reason = f"{how}: {why}" if why else how
    return attrs.evolve(state, offers=tuple(o for o in state.offers if o.id != offer.id),
                        closed=state.closed + ((offer.id, offer.by, offer.to, reason),))


def answerable(state: ZestreaState, seat: Seat, offer_id: object, by_maker: bool = False):
    """The open offer ``offer_id`` that ``seat`` may answer (or, ``by_maker``, withdraw)."""
    offer = find(state, offer_id)
    if offer is None:
        # why it closed is told to its two parties only (its terms are theirs, §3.6)
        reason = next((r for i, by, to, r in state.closed if i == offer_id and seat in (by, to)), None)
        if reason is not None:
            raise RuleViolation("closed", f"Offer {offer_id} is no longer open ({reason}).", RULE)
        raise RuleViolation("no-offer", f"There is no offer {offer_id!r}.", RULE)
    if by_maker and offer.by != seat:
        raise RuleViolation("not-yours", "Only the Boyar who made an offer can withdraw it.",
                            "zestrea.md §3.5")
    if not by_maker and offer.to != seat:
        raise RuleViolation("not-yours", "Only the Boyar an offer is made to can accept, "
                            "decline or counter it.", "zestrea.md §3.5")
    return offer


def accept(state: ZestreaState, seat: Seat, offer_id: object, events: list) -> ZestreaState:
    """Accept an offer made to you. A wedding waits for no open window (refused, the
    offer stays, Z-R33) and none under Great Lent (H14); if a payer cannot pay now the
    offer is cancelled (Z-R5, pitfall Z-1); else payment, sweetener and the window."""
    offer = answerable(state, seat, offer_id)
    if isinstance(offer, RentOffer):
        return _accept_rent(state, offer, events)
    if state.window is not None:
        raise RuleViolation("window-open", "A wedding is being celebrated: wait until its die "
                            "is rolled.", "zestrea.md Z-R33")
    if isinstance(offer, TradeOffer):
        if not payable(state, offer):
            return _unpaid(state, offer, (), {offer.by: offer.give_zestre, offer.to: offer.ask_zestre}, events)
        state = close(state, offer, "accepted", "", events)
        state = transfer(state, offer.by, offer.to, offer.give_zestre, offer.give_cards, "trade", events)
        return transfer(state, offer.to, offer.by, offer.ask_zestre, offer.ask_cards, "trade", events)
    if lent(state):
        raise RuleViolation("great-lent", "Great Lent: no wedding may start this turn.",
                            "zestrea.md §5 H14")
    payer = {"proposer": offer.by, "target": offer.to}.get(offer.sweet_payer)
    payers = shares(offer.split, offer.by, offer.to)
    sweet = {payer: offer.sweet_zestre} if payer is not None else {}
    if can_pay(state, payers, sweet):
        return _unpaid(state, offer, payers, sweet, events)
    state = close(state, offer, "accepted", "", events)
    escrow = None
    if payer is not None:
        taker = offer.to if payer == offer.by else offer.by
        if offer.sweet_when == "on_accept":
            state = transfer(state, payer, taker, offer.sweet_zestre, offer.sweet_cards, "sweetener", events)
        else:  # held until the first success (escrow); escrowed cards cannot be played
            estate = state.estates[payer]
            state = set_estate(state, payer, zestre=estate.zestre - offer.sweet_zestre,
                               hand=tuple(c for c in estate.hand if c not in offer.sweet_cards),
                               revealed=estate.revealed - set(offer.sweet_cards))
            escrow = (payer, offer.sweet_zestre, offer.sweet_cards)
    stays, moves, receiver, giver = sides(state, offer.mine, offer.theirs, offer.receiver)
    window = Window(offer.by, offer.to, stays, moves, receiver, giver, offer.split,
                    attempts=offer.attempts, escrow=escrow)
    return sweep(open_window(state, window, events), events)


def _unpaid(state: ZestreaState, offer, payers: tuple[tuple[Seat, int], ...], extra: dict,
            events: list) -> ZestreaState:
    """Cancel ``offer``: a payer cannot pay now (§3.6 acceptance checks, Z-R5); the
    parties are told who and what (pitfall Z-1)."""
    short = short_of(state, payers, extra)
    return close(state, offer, "cancelled", can_pay(state, payers, extra), events, short)


def payable(state: ZestreaState, offer) -> bool:
    """Whether both sides of ``offer`` could pay now what its acceptance takes (§3.6
    acceptance checks: the first attempt's split and the sweetener; a trade's Zestre;
    a rent's): only then is its acceptance listed."""
    if isinstance(offer, TradeOffer):
        return not can_pay(state, (), {offer.by: offer.give_zestre, offer.to: offer.ask_zestre})
    if isinstance(offer, RentOffer):
        return not can_pay(state, (), {offer.by: offer.zestre})
    payer = {"proposer": offer.by, "target": offer.to}.get(offer.sweet_payer)
    return not can_pay(state, shares(offer.split, offer.by, offer.to),
                       {payer: offer.sweet_zestre} if payer is not None else {})


def proposal_payers(seat: Seat, action) -> tuple[tuple[tuple[Seat, int], ...], dict[Seat, int]]:
    """What ``action`` (``seat``'s :class:`ProposeWedding` or :class:`ProposeTrade`)
    would take at acceptance: each attempt's shares (Z-R29) and, once, the rest (a
    sweetener; a trade's Zestre both ways), as :func:`short_of` reads them."""
    if isinstance(action, ProposeTrade):
        return (), {seat: action.give_zestre, action.to: action.ask_zestre}
    payer = {"proposer": seat, "target": action.to}.get(action.sweet_payer)
    return shares(action.split, seat, action.to), {payer: action.sweet_zestre} if payer is not None else {}


def proposal_short(state, seat: Seat, action) -> tuple[Seat, int] | None:
    """Who could not pay now what ``action`` (``seat``'s :class:`ProposeWedding` or
    :class:`ProposeTrade`) asks, and what: payment is taken at acceptance (Z-R29, §3.6),
    so neither side may be named for Zestre it does not have when the offer is made.
    ``state`` may be a view (its public Zestre counts are all that is read)."""
    return short_of(state, *proposal_payers(seat, action))


def _check_payable(state: ZestreaState, seat: Seat, action) -> None:
    """RuleViolation naming who could not pay what ``action`` asks of them now."""
    short = proposal_short(state, seat, action)
    if short is not None:
        who, owed = short
        has = state.estates[who].zestre
        whose = "You have" if who == seat else f"{seat_name(who)} has"
        raise RuleViolation("cannot-pay", f"{whose} {has} Zestre and could not pay the {owed} "
                            "this offer asks at acceptance.", "zestrea.md Z-R29, §3.6")


def _accept_rent(state: ZestreaState, offer: RentOffer, events: list) -> ZestreaState:
    why = musician_unable(state, offer) if state.window is not None else "the wedding window closed"
    if why:
        return close(state, offer, "cancelled", why, events)
    if not payable(state, offer):
        return _unpaid(state, offer, (), {offer.by: offer.zestre}, events)
    state = close(state, offer, "accepted", "", events)
    state = transfer(state, offer.by, offer.to, offer.zestre, offer.cards, "rent", events)
    return use_musician(state, offer.to, offer.musician, events)


def transfer(state: ZestreaState, giver: Seat, taker: Seat, zestre: int, cards: tuple[str, ...],
             why: str, events: list) -> ZestreaState:
    """Move ``zestre`` and ``cards`` from ``giver`` to ``taker``; the cards' identities
    are seen only by the two (§3.6), and a revealed card is hidden again."""
    if zestre:
        state = set_estate(state, giver, zestre=state.estates[giver].zestre - zestre)
        state = set_estate(state, taker, zestre=state.estates[taker].zestre + zestre)
        events.append(ZestreGiven(giver, taker, zestre, why))
    if cards:
        g = state.estates[giver]
        state = set_estate(state, giver, hand=tuple(c for c in g.hand if c not in cards),
                           revealed=g.revealed - set(cards))
        state = set_estate(state, taker, hand=state.estates[taker].hand + cards)
        events.append(CardsMoved(giver, taker, len(cards), why, cards))
    return state


def _invalid(state: ZestreaState, offer) -> str:
    """Why ``offer`` has become impossible (its villagers or cards), ``""`` if not."""
    hand = {s: state.estates[s].hand for s in (offer.by, offer.to)}
    if isinstance(offer, WeddingOffer):
        for villager, seat in ((offer.mine, offer.by), (offer.theirs, offer.to)):
            if owner(state, villager) != seat:
                return f"{person(villager)} is no longer on that Estate"
        why = can_marry(state, offer.mine, offer.theirs, offer.receiver)
        if why:
            return why
        payer = {"proposer": offer.by, "target": offer.to}.get(offer.sweet_payer)
        if payer is not None and any(c not in hand[payer] for c in offer.sweet_cards):
            return "a card of the sweetener is no longer held"
        return ""
    if isinstance(offer, TradeOffer):
        if any(c not in hand[offer.by] for c in offer.give_cards) or any(
                c not in hand[offer.to] for c in offer.ask_cards):
            return "a card of it is no longer held"
        return ""
    if state.window is None:
        return "the wedding window closed"
    if any(c not in hand[offer.by] for c in offer.cards):
        return "a card of it is no longer held"
    return musician_unable(state, offer)


def musician_unable(state: ZestreaState, offer: RentOffer) -> str:
    """Why the Musician of rent offer ``offer`` can no longer be rented for the open
    attempt, ``""`` if it still can (Z-R34: once per attempt, played by the Boyar it
    lives with now, Z-R20)."""
    window = state.window
    if window is not None and offer.musician in window.musicians:
        return "that Musician already plays at this attempt"
    controller = musician_controller(state, offer.musician)
    if controller is None:
        return "that Musician is no longer in play"
    if controller != offer.to:
        return "that Musician no longer lives on their Estate"
    return ""


def sweep(state: ZestreaState, events: list) -> ZestreaState:
    """Cancel every open offer that has become impossible, with an event (§3.6)."""
    for offer in state.offers:
        why = _invalid(state, offer)
        if why:
            state = close(state, offer, "cancelled", why, events)
    return state


def expire_rents(state: ZestreaState, events: list) -> ZestreaState:
    """The window closes: rent offers still open expire (§3.6)."""
    for offer in state.offers:
        if isinstance(offer, RentOffer):
            state = close(state, offer, "expired", "the wedding window closed", events)
    return state


def expire_all(state: ZestreaState, events: list) -> ZestreaState:
    """Step IV ends: offers still open expire (§3.5)."""
    for offer in state.offers:
        state = close(state, offer, "expired", "step IV ended", events)
    return attrs.evolve(state, closed=())

