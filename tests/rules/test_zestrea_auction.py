"""Zestrea step III, the Auction (rulebook "III. Auction"; reference §3.4, Z-F13,
Z-R5, Z-R23, Z-R27, Z-R38; pitfalls Z-9 and Z-10)."""

from __future__ import annotations


from rules.core import Whole, kinds, listed
from rules.zestrea import game
from rules.zestrea.state import Bid, Pass
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import answer_all, estate, reveal, seen_by, table


def at_auction(*zestre: int, under=("H13",)):
    """Turn 2 (start player seat 1) at step III, Boyars with these Zestre."""
    state = table(*(estate(zestre=z, couples=((f"L0{i + 1}", f"M0{i + 1}"),))
                    for i, z in enumerate(zestre)))
    state, _ = reveal(state, "H14", *under)  # Great Lent: nothing happens at step I
    state, _ = answer_all(state, {s: () for s in range(len(zestre))})
    return state


def test_the_card_is_read_out_and_the_start_player_bids_first():
    """Z-F13, Z-R27 steps 2-3: the top Fate card is shown to all; bidding starts with
    the start player; legal: Pass, or a bid from 1 to the seat's Zestre."""
    state = at_auction(5, 5, 5, 5)
    top = state.auction.card
    assert state.phase == "auction" and game.active_seats(state) == {1}
    assert top in seen_by(state, (), None)
    legal = game.legal_actions(state, 1)
    assert listed(legal) == (Pass(),) and kinds(legal)[0].params == (Whole("amount", 1, 5),)
    assert game.legal_actions(state, 0) == ()


def test_z10_raises_are_strictly_higher_and_in_turn():
    """Pitfall Z-10 (Z-R27, Z-F13): equal bids refused; out-of-turn bids refused and not
    queued; the standing high bidder is the first to offer the top amount."""
    state = at_auction(5, 5, 5, 5)
    state, _ = game.apply(state, 1, Bid(2))
    assert refused_by(game, state, Bid(2), 2).code == "bid-too-low"
    state, _ = game.apply(state, 2, Bid(3))
    assert refused_by(game, state, Bid(4), 0).code == "not-your-turn"
    state, _ = game.apply(state, 3, Bid(4))
    assert game.active_seats(state) == {0}
    assert refused_by(game, state, Bid(4), 0).code == "bid-too-low"
    assert state.auction.bids == ((1, 2), (2, 3), (3, 4)) and state.auction.high == (3, 4)


def test_z9_a_bid_beyond_means_is_refused_and_the_winner_pays_exactly():
    """Pitfall Z-9 (Z-R27 step 3, Z-R5): no bid above the seat's Zestre; the refusal
    does not pass the seat; whole numbers only, at least 1; the winner pays exactly
    the bid and takes the card, which stays shown (Z-R23)."""
    state = at_auction(3, 5, 5, 5)
    card = state.auction.card
    assert refused_by(game, state, Bid(0), 1).code == "bid-too-low"
    assert refused_by(game, state, Bid(-1), 1).code == "bid-too-low"
    assert refused_by(game, state, Bid(2.5), 1).code == "whole-number"
    state, _ = game.apply(state, 1, Bid(2))
    state, _ = game.apply(state, 2, Pass())
    state, _ = game.apply(state, 3, Pass())
    assert refused_by(game, state, Bid(4), 0).code == "cannot-pay"
    assert game.active_seats(state) == {0}
    state, _ = game.apply(state, 0, Bid(3))
    state, events = game.apply(state, 1, Pass())
    assert state.auction is None
    assert state.estates[0].zestre == 0 and state.estates[0].hand == (card,)
    assert state.estates[0].revealed == {card}
    assert [e.hand for e in state.estates[1:]] == [(), (), ()]
    assert [(e.winner, e.amount) for e in events if e.kind == "auction-end"] == [(0, 3)]


def test_who_cannot_top_the_bid_passes_automatically():
    """Z-R27 step 3: a Boyar without enough Zestre is passed, never asked; the high
    bidder is skipped until someone else raises; step 4: it ends when all others
    passed."""
    state = at_auction(2, 4, 0, 1)  # seat 2 has nothing: never asked
    state, events = game.apply(state, 1, Bid(1))
    assert game.active_seats(state) == {0}  # seat 2 passed by itself, seat 3 cannot top 1
    assert [e.seat for e in events if e.kind == "bid-passed"] == [2, 3]
    state, _ = game.apply(state, 0, Bid(2))
    assert game.active_seats(state) == {1}
    state, _ = game.apply(state, 1, Bid(4))
    assert state.auction is None and state.estates[1].zestre == 0  # seat 0 cannot top 4


def test_no_bid_discards_the_card():
    """Z-R27 step 6, Z-F13: nobody bids: the card goes face up to the discard pile."""
    state = at_auction(1, 1, 1)
    card = state.auction.card
    for seat in (1, 2, 0):
        state, events = game.apply(state, seat, Pass())
    assert state.auction is None and state.discard == (card,)
    assert [e.winner for e in events if e.kind == "auction-end"] == [None]


def test_nobody_with_zestre_means_no_auction_turn():
    """Z-R27 step 3: when nobody can bid, the card is discarded at once."""
    state = at_auction(0, 0, 0)
    assert state.auction is None and len(state.discard) == 1


def test_no_auction_in_the_final_turn_or_from_an_empty_deck():
    """Z-R27 step 1, Z-R38, Z-F33: the final turn has no auction; nor an empty deck
    (Z-F25)."""
    state = at_auction(3, 3, 3, under=())
    assert state.final_turn and state.auction is None and state.discard == ()
    state = table(estate(zestre=3), estate(couples=(("L02", "M02"),)),
                  estate(couples=(("L03", "M03"),)), fate_deck=())
    state, _ = reveal(state, "H14", "H13")
    state, _ = answer_all(state, {0: (), 1: (), 2: ()})
    assert state.auction is None and state.discard == ()


def test_auction_actions_outside_the_auction_are_refused():
    state = reveal(table(estate(zestre=3), estate(couples=(("L02", "M02"),)),
                         estate(couples=(("L03", "M03"),))), "H14", "H13")[0]
    assert refused_by(game, state, Bid(1), 0).code == "no-auction"
    assert state.phase == "production"
