"""Zestrea's strong bot at trading (issue 9 "Bots": it "proposes and accepts weddings and
trades that pay ... answers human offers sensibly (accepts good ones, declines or
counters bad ones)"; Z-R35, reference §3.5, §3.6), in positions laid out by hand."""

from __future__ import annotations

import random

from rules.zestrea import GAME, EasyBot, StrongBot
from rules.zestrea.bots import OFFERS_TO_EACH, OPEN_OFFERS, TRADES_PER_TURN, card_value
from rules.zestrea.state import (
    Accept, Decline, PassWindow, ProposeTrade, ProposeWedding, Ready, RentMusician,
)
from tests.rules.zestrea_support import Dice, estate, step_four

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


def test_the_strong_bot_does_not_counter_for_a_card_worth_nothing_to_it():
    """Play-test 22, finding 1 (Z-R35, reference §3.5: a counter is a new offer): a human
    offered Ana Evil Eye (F03, worth nothing to her bot) for 2 Zestre; her counter was
    "gives 0 Zestre for 1 Zestre + Evil Eye", asking the card and Zestre for nothing.
    A card worth nothing to the bot is not asked for, and a counter that would move no
    card is a decline."""
    state = three(ana=dict(zestre=3), bogdan=dict(zestre=2, hand=("F03-1",), revealed=("F03-1",)))
    offered, _ = GAME.apply(state, BOGDAN, ProposeTrade(ANA, 0, ("F03-1",), 2, ()))
    assert choose(StrongBot(), offered, ANA) == Decline(offered.offers[0].id)


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


# ---- play-test 21, item 3: bots flooding a Boyar with offers (each clears its Ready, §3.5)


def four(ana=None, bogdan=None, costache=None, dana=None, **changes):
    people = [estate(**{"couples": ((f"L0{i}", f"M0{i}"),), **(kw or {})})
              for i, kw in enumerate((ana, bogdan, costache, dana), 1)]
    return step_four(*people, **changes)


def offers_until_ready(bot, state, seat, answer=None, limit=40):
    """Let ``bot`` act for ``seat`` until it presses Ready, ``answer(state, offer)``
    (if given) answering each offer it makes at once: ``(state, its offers)``."""
    made = []
    for _ in range(limit):
        action = choose(bot, state, seat)
        state, _ = GAME.apply(state, seat, action)
        if action == Ready():
            return state, made
        if isinstance(action, (ProposeWedding, ProposeTrade)):
            made.append(action)
            if answer is not None:
                state, _ = GAME.apply(state, action.to, answer(state, state.offers[-1]))
    raise AssertionError(f"no Ready after {limit} actions: {made}")


def test_no_wedding_offer_under_great_lent():
    """Reference §5 H14 (Great Lent): "proposals can be made but not accepted", so a
    bot proposes no wedding that turn (an easy bot neither), and answers one made to it
    with a decline, not a counter; it still presses Ready. The same table under another
    Time card gets a proposal."""
    people = dict(ana=dict(zestre=5, land=2, singles=("M10", "M11")),
                  bogdan=dict(zestre=5, singles=("L10",)), costache=dict(zestre=5, singles=("L11",)))
    lent = three(card="H14", **people)
    for bot in (StrongBot(), EasyBot()):
        _, made = offers_until_ready(bot, lent, ANA)
        assert not any(isinstance(a, ProposeWedding) for a in made)
    assert isinstance(choose(StrongBot(), three(card="H13", **people), ANA), ProposeWedding)
    asked, _ = GAME.apply(lent, BOGDAN, ProposeWedding(ANA, "L10", "M10", "each_1", attempts=3))
    assert choose(StrongBot(), asked, ANA) == Decline(asked.offers[0].id)


def test_an_offer_declined_is_not_made_again_the_same_turn():
    """Play-test 21: the same offer, to the same Boyar, never twice in a step. Bogdan's
    bot asks Ana to pay 3 attempts at his Lad's wedding; she declines and asks him to
    share them instead; his counter (ask her to pay) would be his first offer again, so
    he declines hers."""
    state = three(ana=dict(zestre=5, singles=("M10",)), bogdan=dict(zestre=5, singles=("L10",)),
                  costache=dict(couples=(("L03", "M03"), ("L13", "M13"))), under=("H06",))
    bot = StrongBot()
    first = choose(bot, state, BOGDAN)
    assert first == ProposeWedding(ANA, "L10", "M10", "target_2", attempts=3)
    state, _ = GAME.apply(state, BOGDAN, first)
    state, _ = GAME.apply(state, ANA, Decline(state.offers[0].id))
    state, _ = GAME.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10", "each_1", attempts=3))
    assert choose(bot, state, BOGDAN) == Decline(state.offers[0].id)
    assert choose(StrongBot(), state, BOGDAN) == ProposeWedding(  # (a bot that never made it)
        ANA, "L10", "M10", "target_2", attempts=3, counter=state.offers[0].id)


def test_a_bot_keeps_few_offers_open_and_waits_for_answers():
    """Play-test 21: Boyars who do not answer (humans away from the keys) get at most
    one open offer each from a bot, and it keeps at most OPEN_OFFERS open in all, then
    presses Ready; a Boyar who declines every offer at once gets at most OFFERS_TO_EACH
    a turn."""
    lads = dict(bogdan=dict(zestre=5, singles=("L10", "L11", "L12")),
                costache=dict(zestre=5, singles=("L13", "L14")), dana=dict(zestre=5, singles=("L15",)))
    ana = dict(zestre=9, land=3, singles=("M10", "M11", "M12"))  # 4 mouths on 3 Land
    state, made = offers_until_ready(StrongBot(), four(ana=ana, **lads), ANA)
    assert 1 <= len(made) <= OPEN_OFFERS and len({a.to for a in made}) == len(made)
    assert len([o for o in state.offers if o.by == ANA]) == len(made)
    two = three(ana=ana, bogdan=lads["bogdan"])
    _, made = offers_until_ready(StrongBot(), two, ANA, answer=lambda s, o: Decline(o.id))
    assert 1 <= len(made) <= OFFERS_TO_EACH
    assert len(set(made)) == len(made)


def test_a_musician_let_go_is_not_asked_again_at_the_next_attempt(monkeypatch):
    """Play-test 21, Z-R34: Ana's bot asks Costache to rent his Musician for her
    wedding's first attempt; he lets the ask go (declines); after the failed attempt the
    next one opens (§3.6) and she does not ask again. A Musician rented at the first
    attempt is asked for again at the next."""
    Dice(monkeypatch, 6, 6)
    for answer in (Decline, Accept):
        state = three(ana=dict(zestre=6, singles=("M10",)), bogdan=dict(zestre=6, singles=("L10",)),
                      costache=dict(zestre=2, singles=("L12",)), roles=(("L12", "F01-1"),))
        state, _ = GAME.apply(state, BOGDAN, ProposeWedding(ANA, "L10", "M10", "each_1", attempts=2))
        state, _ = GAME.apply(state, ANA, Accept(state.offers[0].id))
        bot = StrongBot()
        ask = choose(bot, state, ANA)
        assert ask == RentMusician("F01-1", 1)
        state, _ = GAME.apply(state, ANA, ask)
        state, _ = GAME.apply(state, COSTACHE, answer(state.offers[0].id))
        for seat in (ANA, BOGDAN, COSTACHE):
            if seat == ANA:
                assert choose(bot, state, ANA) == PassWindow()
            state, _ = GAME.apply(state, seat, PassWindow())
        assert state.window is not None and state.window.attempt == 2
        again = choose(bot, state, ANA)
        assert again == (PassWindow() if answer is Decline else RentMusician("F01-1", 1))
