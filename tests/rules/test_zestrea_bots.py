"""Zestrea's strong bot at trading (issue 9 "Bots": it "proposes and accepts weddings and
trades that pay ... answers human offers sensibly (accepts good ones, declines or
counters bad ones)"; Z-R35, reference §3.5, §3.6), in positions laid out by hand."""

from __future__ import annotations

import random

from rules.zestrea import GAME, StrongBot
from rules.zestrea.bots import TRADES_PER_TURN, card_value
from rules.zestrea.state import (
    Accept, Decline, ProposeTrade, ProposeWedding, Ready, RentMusician,
)
from tests.rules.zestrea_support import estate, step_four

ANA, BOGDAN, COSTACHE = range(3)


def three(ana=None, bogdan=None, costache=None, **changes):
    people = [estate(**{"couples": ((f"L0{i}", f"M0{i}"),), **(kw or {})})
              for i, kw in enumerate((ana, bogdan, costache), 1)]
    return step_four(*people, **changes)


def choose(bot, state, seat):
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(0))


def until_ready(bot, state, seat, limit=20):
    """Let ``bot`` act for ``seat`` until it presses Ready: ``(state, its actions)``."""
    actions = []
    for _ in range(limit):
        action = choose(bot, state, seat)
        actions.append(action)
        state, _ = GAME.apply(state, seat, action)
        if action == Ready():
            return state, actions
    raise AssertionError(f"no Ready after {limit} actions: {actions}")


def test_the_strong_bot_sells_a_card_worth_more_to_another_boyar():
    """The Notary's Bribe (F24) is worth 1 to Ana at 5 Land but 3 to Bogdan at 3 Land:
    she offers it to him for 2, a price that pays both; his strong bot accepts; then she
    presses Ready, having made no other offer of that card."""
    state = three(ana=dict(zestre=0, land=5, hand=("F24-1",)), bogdan=dict(zestre=4, land=3))
    view = GAME.view(state, ANA)
    assert (card_value(view, ANA, "F24-1"), card_value(view, BOGDAN, "F24-1")) == (1, 3)
    ana, bogdan = StrongBot(), StrongBot()
    offer = choose(ana, state, ANA)
    assert offer == ProposeTrade(BOGDAN, 0, ("F24-1",), 2)
    state, _ = GAME.apply(state, ANA, offer)
    (made,) = state.offers
    assert choose(bogdan, state, BOGDAN) == Accept(made.id)
    state, _ = GAME.apply(state, BOGDAN, Accept(made.id))
    assert state.estates[BOGDAN].hand == ("F24-1",) and state.estates[ANA].zestre == 2
    state, actions = until_ready(ana, state, ANA)
    assert actions == [Ready()]


def test_the_strong_bot_buys_a_revealed_card_worth_more_to_it():
    """Pickle Business (F16) pays 1 Zestre a Couple: worth 3 to Ana's three Couples, 1
    to Bogdan's one. Bogdan revealed it; Ana offers 2 Zestre for it."""
    state = three(ana=dict(zestre=6, land=5, couples=(("L01", "M01"), ("L11", "M11"), ("L12", "M12"))),
                  bogdan=dict(hand=("F16-1",), revealed=("F16-1",)))
    assert choose(StrongBot(), state, ANA) == ProposeTrade(BOGDAN, 2, (), 0, ("F16-1",))


def test_trade_offers_are_bounded_and_the_bot_still_presses_ready():
    """No offer spam: each card and Boyar once a turn and at most TRADES_PER_TURN trade
    offers a turn, then Ready; nobody accepting changes nothing."""
    hand = ("F05-1", "F06-1", "F15-1", "F17-1", "F19-1")  # of no use to a strong bot
    state = three(ana=dict(zestre=0, land=3, hand=hand), bogdan=dict(zestre=3), costache=dict(zestre=2))
    bot = StrongBot()
    state, actions = until_ready(bot, state, ANA)
    trades = [a for a in actions if isinstance(a, ProposeTrade)]
    assert 1 <= len(trades) <= TRADES_PER_TURN and actions[-1] == Ready()
    assert all(t.ask_zestre == 1 and len(t.give_cards) == 1 and t.to == BOGDAN for t in trades)
    assert len({t.give_cards for t in trades}) == len(trades)


def test_the_strong_bot_never_sells_a_card_that_strikes_at_others():
    """Evil Eye, Steal the Bride, Trouble in Paradise, the Dog and the Bar Fight stay in
    its hand: in another's they strike at its own weddings, Couples and singles."""
    state = three(ana=dict(hand=("F03-1", "F10-1", "F11-1", "F12-1", "F13-1")), bogdan=dict(zestre=5))
    assert choose(StrongBot(), state, ANA) == Ready()


def test_the_strong_bot_counters_a_bad_trade_and_accepts_a_good_one():
    """Issue 9: a human asks for Ana's revealed Țuică (worth 2 Zestre to her) for 1
    Zestre: her bot counters at 3; offered 3 it accepts; a second bad offer the same
    turn from the same Boyar is declined (no endless haggling); one it cannot be paid
    for is declined too."""
    state = three(ana=dict(zestre=1, hand=("F14-1",), revealed=("F14-1",)), bogdan=dict(zestre=5))
    bot = StrongBot()
    low, _ = GAME.apply(state, BOGDAN, ProposeTrade(ANA, 1, (), 0, ("F14-1",)))
    counter = choose(bot, low, ANA)
    assert counter == ProposeTrade(BOGDAN, 0, ("F14-1",), 3, (), counter=low.offers[0].id)
    after, _ = GAME.apply(low, ANA, counter)
    assert [(o.by, o.to) for o in after.offers] == [(ANA, BOGDAN)]  # the first was countered
    again, _ = GAME.apply(after, BOGDAN, ProposeTrade(ANA, 2, (), 0, ("F14-1",)))
    bad = next(o for o in again.offers if o.to == ANA)
    assert choose(bot, again, ANA) == Decline(bad.id)
    fair, _ = GAME.apply(state, BOGDAN, ProposeTrade(ANA, 3, (), 0, ("F14-1",)))
    assert choose(StrongBot(), fair, ANA) == Accept(fair.offers[0].id)
    poor = three(ana=dict(zestre=1, hand=("F14-1",), revealed=("F14-1",)), bogdan=dict(zestre=1))
    poor, _ = GAME.apply(poor, BOGDAN, ProposeTrade(ANA, 1, (), 0, ("F14-1",)))
    assert choose(StrongBot(), poor, ANA) == Decline(poor.offers[0].id)  # he cannot pay 3


def test_a_rent_offer_that_pays_nothing_is_declined():
    """Z-R34: a Musician is rented for pay; asked to play for nothing the bot declines,
    for 1 Zestre it accepts."""
    state = three(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                  costache=dict(singles=("L12",)), roles=(("L12", "F01-1"),))
    state, _ = GAME.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10"))
    state, _ = GAME.apply(state, BOGDAN, Accept(state.offers[0].id))
    free, _ = GAME.apply(state, ANA, RentMusician("F01-1", 0))
    assert choose(StrongBot(), free, COSTACHE) == Decline(free.offers[0].id)
    paid, _ = GAME.apply(state, ANA, RentMusician("F01-1", 1))
    assert choose(StrongBot(), paid, COSTACHE) == Accept(paid.offers[0].id)
