"""Zestrea as a Parlour game: the contract object, the log's words and the bots (issue 9
"Bots", "The contract carries Zestrea as it is")."""

from __future__ import annotations

import random

from rules import registry
from rules.core import Game, awaited
from rules.zestrea import GAME, EasyBot, StrongBot
from rules.zestrea.state import (
    Accept, Attempted, Bid, Choose, Decline, Gift, PlayFate, ProposeTrade, ProposeWedding, Ready,
    VillagerGone,
)
from tests.rules.zestrea_support import estate, step_four

ANA, BOGDAN, COSTACHE = range(3)


def test_zestrea_keeps_the_contract_and_is_offered_with_its_table():
    """Issue 9: a game in the registry is offered to players; with its table built
    (tui/zestrea) Zestrea is listed."""
    assert isinstance(GAME, Game) and registry.get("zestrea") is GAME
    assert GAME.seat_counts(GAME.options_type()) == (3, 4, 5, 6) and GAME.team_size(None) == 1
    assert set(GAME.bots) == {"easy", "strong"}


def test_the_log_tells_what_everyone_may_know():
    """The log is public: an offer's terms and given cards' titles are not told."""
    assert GAME.describe("Ana", Bid(3)) == "Ana bid 3"
    assert GAME.describe("Ana", ProposeTrade(1, 2, ("F07-1",))) == "Ana made a trade offer to seat 2"
    assert GAME.describe("Ana", Gift(2, 1, ("F07-1",))) == "Ana gave seat 3 1 Zestre and 1 Fate card"
    assert GAME.describe("Ana", PlayFate("F07-1")) == "Ana played Bad Eyesight"
    text = GAME.describe("Bob", Accept(3), (Attempted("L01", "M01", 1, (("base", 2),), 2, 1, True),))
    assert text == "Bob accepted offer 3; Alimoș (♂) and Aglaia (♀) married: rolled 1, needed 2 or less"
    assert GAME.describe("Cy", Choose(("L02",)), (VillagerGone(2, "L02", "died", "tatars"),)) == (
        "Cy answered; Dumitru (♂) died (The Tatars Are Coming)")


def three(**kw):
    people = [estate(**{"couples": ((f"L0{i}", f"M0{i}"),), **kw.get(n, {})})
              for i, n in enumerate(("ana", "bogdan", "costache"), 1)]
    return step_four(*people)


def test_the_strong_bot_answers_human_offers_sensibly():
    """Issue 9: the strong bot accepts good offers, declines or counters bad ones."""
    state = three(ana=dict(zestre=5, singles=("M10",)), bogdan=dict(zestre=1, singles=("L10",)))
    bot = StrongBot()
    rng = random.Random(1)

    def reply(state, offer_action):
        state, _ = GAME.apply(state, ANA, offer_action)
        return bot.choose(GAME.view(state, BOGDAN), GAME.legal_actions(state, BOGDAN), rng), state

    action, s = reply(state, ProposeWedding(BOGDAN, "M10", "L10", "proposer_2"))
    assert action == Accept(s.offers[0].id)
    action, s = reply(state, ProposeTrade(BOGDAN, 3))
    assert action == Accept(s.offers[0].id)
    action, s = reply(state, ProposeTrade(BOGDAN, 0, (), 1))
    assert action == Decline(s.offers[0].id)
    poor = three(ana=dict(zestre=5, singles=("M10",)), bogdan=dict(zestre=0, singles=("L10",)))
    action, s = reply(poor, ProposeWedding(BOGDAN, "M10", "L10", "target_2"))
    assert isinstance(action, ProposeWedding) and action.counter == s.offers[0].id
    assert action.split == "target_2" and action.to == ANA  # Ana is asked to pay


def test_bots_never_stall_and_ready_when_done():
    """Issue 9: bots answer every prompt and window at once and press Ready; a game of
    bots ends, each seat acting only when awaited."""
    for seed, kinds in ((1, ("easy",)), (2, ("strong",)), (3, ("strong", "easy"))):
        state = GAME.setup(GAME.options_type(), 4, seed)
        bots = [GAME.bots[kinds[s % len(kinds)]]() for s in range(4)]
        rng = random.Random(seed)
        for _ in range(5000):
            if GAME.is_over(state):
                break
            seat = rng.choice(sorted(awaited(GAME, state)))
            action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
            state, _ = GAME.apply(state, seat, action)
        assert GAME.is_over(state)


def test_a_bot_with_nothing_to_do_presses_ready():
    state = three()
    for bot in (EasyBot(), StrongBot()):
        assert bot.choose(GAME.view(state, ANA), GAME.legal_actions(state, ANA), random.Random(0)) == Ready()


def test_z7_defaults_for_timers_and_taken_seats():
    """Pitfall Z-7, §3.9: when a timer runs out (or a bot takes a dropped seat) the seat
    gets the table's default: Ready in step IV, a pass in a window, the prompt's
    default; a seat nobody waits for gets nothing; a bot sees the seat's own hand."""
    from rules.zestrea.game import default_action
    state = three(ana=dict(zestre=2, singles=("M10",), hand=("F07-1",)),
                  bogdan=dict(zestre=2, singles=("L10",)))
    assert [default_action(state, s) for s in range(3)] == [Ready()] * 3
    state, _ = GAME.apply(state, COSTACHE, Ready())
    assert default_action(state, COSTACHE) is None and COSTACHE not in awaited(GAME, state)
    state, _ = GAME.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10"))
    state, _ = GAME.apply(state, BOGDAN, Accept(state.offers[0].id))
    from rules.zestrea.state import PassWindow
    assert [default_action(state, s) for s in range(3)] == [PassWindow()] * 3
    assert GAME.view(state, ANA).hand == ("F07-1",)  # what a bot in Ana's seat sees
    assert GAME.view(state, BOGDAN).hand == ()
