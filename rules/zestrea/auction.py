"""Step III, the Auction (rulebook "III. Auction"; reference §3.4, Z-F13, Z-R27, Z-R38).

One Fate card is turned up; starting with the start player and going clockwise, each
Boyar still in raises to a whole amount above the standing bid (the first bid at
least 1), never more than their Zestre, or passes for good. A Boyar who cannot top the
standing bid passes automatically; the high bidder is skipped until someone else
raises. Every raise is strictly higher, so the standing high bidder is always the
first to have offered the top amount (Z-F13's winner).
"""

from __future__ import annotations

import attrs

from ..core import RuleViolation, Seat
from .estate import lose, set_estate
from . import fate
from .state import Auction, AuctionEnded, AuctionOpened, BidMade, BidPassed, Prompt, ZestreaState

RULE = "zestrea.md Z-R27"


def begin(state: ZestreaState, events: list) -> ZestreaState:
    """Turn up the top Fate card, or skip the step if the deck is empty or this is the
    final turn (Z-R27 step 1, Z-R38)."""
    state = attrs.evolve(state, phase="auction")
    if not state.fate_deck or state.final_turn:
        return state
    card = state.fate_deck[0]
    state = attrs.evolve(state, fate_deck=state.fate_deck[1:],
                         auction=Auction(card, turn=state.start_player))
    events.append(AuctionOpened(card))
    return _next(state, state.start_player, events, include=True)


def _next(state: ZestreaState, after: Seat, events: list, include: bool = False) -> ZestreaState:
    """Ask the next Boyar in, clockwise from ``after`` (``after`` itself first if
    ``include``), passing those who cannot top the standing bid; end the auction when
    only the high bidder is left, or nobody."""
    auction = state.auction
    assert auction is not None
    high = auction.high
    standing = high[1] if high else 0
    out = set(auction.out)
    for k in range(0 if include else 1, state.seats + 1):
        seat = (after + k) % state.seats
        if seat in out or (high and seat == high[0]):
            continue
        if state.estates[seat].zestre <= standing:
            out.add(seat)
            events.append(BidPassed(seat))
            continue
        return attrs.evolve(state, auction=attrs.evolve(auction, turn=seat, out=frozenset(out)))
    return _end(attrs.evolve(state, auction=attrs.evolve(auction, out=frozenset(out))), events)


def _end(state: ZestreaState, events: list) -> ZestreaState:
    """Z-R27 steps 5-6: the winner pays the bid to the State and takes the card, and is
    asked whether to play it at once when it is a Role or an Action card that can be
    played now (an Elopement cannot: an attempt belongs to step IV); with no bid the
    card goes face up to the discard pile."""
    auction = state.auction
    assert auction is not None
    state = attrs.evolve(state, auction=None)
    if auction.high is None:
        events.append(AuctionEnded(auction.card, None))
        return attrs.evolve(state, discard=state.discard + (auction.card,))
    seat, amount = auction.high
    state, _ = lose(state, seat, amount, "auction", events)
    estate = state.estates[seat]
    events.append(AuctionEnded(auction.card, seat, amount))
    # the card was read out to all (Z-R23): it stays shown in the winner's hand
    state = set_estate(state, seat, hand=estate.hand + (auction.card,),
                       revealed=estate.revealed | {auction.card})
    if fate.play_kind(state, seat, auction.card, "auction") is None:
        return state
    # the winner may play it at once or keep it (Z-F13, Z-R27 step 5)
    return attrs.evolve(state, prompts=(Prompt(seat, "play-now", ("keep",), 1, 1, subject=auction.card),))


def least_bid(state: ZestreaState) -> int:
    """The smallest raise allowed now: 1 above the standing bid (the first at least 1)."""
    assert state.auction is not None
    high = state.auction.high
    return high[1] + 1 if high else 1


def bid(state: ZestreaState, seat: Seat, amount: object, events: list) -> ZestreaState:
    """``seat`` raises to ``amount``; :class:`RuleViolation` if it is not a whole number,
    not above the standing bid, or more than the seat's Zestre (Z-R27 step 3, Z-R5)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RuleViolation("whole-number", "A bid is a whole number of Zestre.", RULE)
    low = least_bid(state)
    if amount < low:
        first = state.auction is not None and state.auction.high is None
        raise RuleViolation("bid-too-low", "The first bid is at least 1 Zestre." if first else
                            f"A raise must be higher than the standing bid: at least {low}.", RULE)
    if amount > state.estates[seat].zestre:
        raise RuleViolation("cannot-pay", f"You have {state.estates[seat].zestre} Zestre; a bid "
                            "must be paid in full.", RULE)  # Z-R5
    auction = state.auction
    assert auction is not None
    events.append(BidMade(seat, amount))
    state = attrs.evolve(state, auction=attrs.evolve(auction, bids=auction.bids + ((seat, amount),)))
    return _next(state, seat, events)


def pass_(state: ZestreaState, seat: Seat, events: list) -> ZestreaState:
    """``seat`` leaves the auction for good (Z-R27 step 3)."""
    auction = state.auction
    assert auction is not None
    events.append(BidPassed(seat))
    state = attrs.evolve(state, auction=attrs.evolve(auction, out=auction.out | {seat}))
    return _next(state, seat, events)
