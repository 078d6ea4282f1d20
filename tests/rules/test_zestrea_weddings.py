"""Zestrea weddings (rulebook "IV. Weddings and Negotiations"; reference §3.6, Z-F11,
Z-F15-Z-F20, Z-F28, Z-R20, Z-R28-Z-R34; pitfalls Z-5 and Z-12; issue 9's race)."""

from __future__ import annotations

import attrs

from rules.zestrea import game
from rules.zestrea.words import who
from rules.zestrea.state import (
    Accept, Gift, PassWindow, PlayFate, ProposeWedding, RentMusician, UseMusician,
)
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import Dice, act, estate, pass_all, seen_by, step_four

ANA, BOGDAN, COSTACHE, DANA = range(4)


def four(ana=None, bogdan=None, costache=None, dana=None, **changes):
    people = []
    for i, kw in enumerate((ana, bogdan, costache, dana), 1):
        people.append(estate(**{"couples": ((f"L0{i}", f"M0{i}"),), **(kw or {})}))
    return step_four(*people, **changes)


def proposed(state, by, to, mine, theirs, **terms):
    state, _ = game.apply(state, by, ProposeWedding(to, mine, theirs, **terms))
    return state, state.offers[-1].id


def test_a_wedding_moves_the_maiden_and_the_giver_draws(monkeypatch):
    """Z-F18, Z-R32: on success the Maiden joins the Lad's Estate as a Couple; her
    former Boyar draws a Fate card; a wedding record is kept. Z-R31: every attempt is
    public in full, the die rolled by the host."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
    top = state.fate_deck[0]
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, events = game.apply(state, BOGDAN, Accept(offer))
    assert [e.zestre for e in state.estates[:2]] == [1, 1]  # each_1 (Z-F16)
    assert state.window is not None and game.view(state, None).chance == 2  # faces 1, 2
    Dice(monkeypatch, 2)
    state, events = pass_all(state)
    (attempt,) = [e for e in events if e.kind == "attempted"]
    assert (attempt.die, attempt.chance, attempt.success) == (2, 2, True)
    assert "attempted" in seen_by(state, events, None)
    couple = state.estates[1].couples[-1]
    assert (couple.stayed, couple.moved) == ("L10", "M10")
    assert state.estates[0].singles == () and state.estates[0].hand == (top,)
    assert state.weddings[0].receiver == BOGDAN and state.weddings[0].giver == ANA


def test_a_failure_refunds_nothing_and_more_attempts_follow(monkeypatch):
    """Z-F17: paid Zestre is never refunded; both stay; §3.6: agreed attempts follow at
    once while the payers can pay, then stop."""
    state = four(ana=dict(zestre=3, singles=("M10",)), bogdan=dict(singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", split="proposer_2", attempts=3)
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    Dice(monkeypatch, 5)
    state, events = pass_all(state)
    assert [e.success for e in events if e.kind == "attempted"] == [False]
    assert state.estates[0].singles == ("M10",) and state.estates[1].singles == ("L10",)
    assert state.window is None and state.estates[0].zestre == 1  # 1 left: no 2nd attempt


def test_splits(monkeypatch):
    """Z-F16, Z-R29: proposer pays 2, each 1, or the target pays 2."""
    for split, paid in (("proposer_2", (2, 0)), ("each_1", (1, 1)), ("target_2", (0, 2))):
        state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
        state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", split=split)
        state, _ = game.apply(state, BOGDAN, Accept(offer))
        assert (2 - state.estates[0].zestre, 2 - state.estates[1].zestre) == paid


def test_who_may_marry():
    """Z-R28, Z-F15, Z-F11: two adult singles of different Boyars, a Lad and a Maiden;
    babies, villagers abroad, the barred and married villagers cannot."""
    state = four(ana=dict(singles=("M10", "M11", "M12", "L13"), babies=("M11",)),
                 bogdan=dict(singles=("L10", "M13")), barred=frozenset({"L10"}),
                 roles=(("M12", "F15-1"),))
    refused_by(game, state, ProposeWedding(BOGDAN, "M11", "L10"), ANA)   # baby
    refused_by(game, state, ProposeWedding(BOGDAN, "M12", "L10"), ANA)   # abroad
    refused_by(game, state, ProposeWedding(BOGDAN, "M10", "L10"), ANA)   # barred
    refused_by(game, state, ProposeWedding(BOGDAN, "L13", "M02"), ANA)   # married
    e = refused_by(game, state, ProposeWedding(BOGDAN, "M10", "M13"), ANA)
    assert "Lad and a Maiden" in e.message
    e = refused_by(game, state, ProposeWedding(BOGDAN, "L13", "M10"), ANA)  # M10 is Ana's own
    assert e.code == "not-theirs"


def test_same_sex_weddings_under_weddings_in_amsterdam(monkeypatch):
    """F06, Z-F19, Z-R32: same-sex proposals name the receiving Boyar; the other
    villager moves and the other Boyar draws the Fate card."""
    state = four(ana=dict(zestre=2, singles=("M10",), hand=("F06-1",)),
                 bogdan=dict(zestre=2, singles=("M11",)))
    state, _ = game.apply(state, ANA, PlayFate("F06-1"))
    assert state.amsterdam
    refused_by(game, state, ProposeWedding(BOGDAN, "M10", "M11"), ANA)   # no receiver
    refused_by(game, state, ProposeWedding(BOGDAN, "M10", "M11", receiver=COSTACHE), ANA)
    state, offer = proposed(state, ANA, BOGDAN, "M10", "M11", receiver=ANA)
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    Dice(monkeypatch, 1)
    state, _ = pass_all(state)
    couple = state.estates[0].couples[-1]
    assert (couple.stayed, couple.moved) == ("M10", "M11")
    assert len(state.estates[1].hand) == 1 and state.estates[0].hand == ()


def test_z_r33_one_attempt_at_a_time():
    """Z-R33: while a window is open an acceptance is refused and the offer stays."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(zestre=2, singles=("M11",)), dana=dict(zestre=2, singles=("L11",)))
    state, first = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, second = proposed(state, COSTACHE, DANA, "M11", "L11")
    state, _ = game.apply(state, BOGDAN, Accept(first))
    e = refused_by(game, state, Accept(second), DANA)
    assert e.code == "window-open" and "celebrated" in e.message
    assert [o.id for o in state.offers] == [second]


def test_great_lent_allows_proposals_but_no_attempt():
    """H14: proposals can be made, not accepted; no Elopement."""
    state = four(ana=dict(zestre=2, singles=("M10",), hand=("F23-1",)),
                 bogdan=dict(zestre=2, singles=("L10",)), card="H14")
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    assert refused_by(game, state, Accept(offer), BOGDAN).code == "great-lent"
    refused_by(game, state, PlayFate("F23-1", villager="M10", other="L10"), ANA)


def test_two_acceptances_naming_one_villager_make_one_wedding(monkeypatch):
    """Issue 9 "Races are settled by the one queue": Bogdan and Costache both hold offers
    naming Ana's M10; the first processed weds; the other offer is cancelled with an
    event both parties see, and the second acceptance is refused naming why."""
    state = four(ana=dict(zestre=4, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(zestre=2, singles=("L11",)))
    state, to_bogdan = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, to_costache = proposed(state, ANA, COSTACHE, "M10", "L11")
    state, _ = game.apply(state, BOGDAN, Accept(to_bogdan))
    Dice(monkeypatch, 1)
    state, events = pass_all(state)
    (closed,) = [e for e in events if e.kind == "offer-closed"]
    assert (closed.id, closed.how, closed.by, closed.to) == (to_costache, "cancelled", ANA, COSTACHE)
    assert "Catinca (♀)" in closed.why and "M10" not in closed.why  # named, not by id
    e = refused_by(game, state, Accept(to_costache), COSTACHE)
    assert e.code == "closed" and "Catinca (♀)" in e.message
    assert len(state.weddings) == 1


def test_sweeteners_on_accept_and_in_escrow(monkeypatch):
    """§3.6: on_accept moves at acceptance; on_success is held (escrowed cards cannot be
    played) and returned when every agreed attempt fails, or handed over on success."""
    state = four(ana=dict(zestre=4, singles=("M10",), hand=("F07-1",)),
                 bogdan=dict(zestre=2, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", sweet_payer="proposer", sweet_zestre=1,
                            sweet_cards=("F07-1",), sweet_when="on_success")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    assert state.estates[0].zestre == 2 and state.estates[0].hand == ()   # 1 paid, 1 held
    assert refused_by(game, state, PlayFate("F07-1"), ANA).code == "not-held"
    Dice(monkeypatch, 6)
    state, _ = pass_all(state)
    assert state.estates[0].zestre == 3 and state.estates[0].hand == ("F07-1",)
    state = four(ana=dict(zestre=4, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", sweet_payer="proposer", sweet_zestre=2)
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    assert [e.zestre for e in state.estates[:2]] == [1, 3]
    state = four(ana=dict(zestre=4, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", sweet_payer="proposer", sweet_zestre=2,
                            sweet_when="on_success")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    Dice(monkeypatch, 1)
    state, _ = pass_all(state)
    assert [e.zestre for e in state.estates[:2]] == [1, 3]


def test_an_unaffordable_acceptance_cancels_and_says_who_could_not_pay():
    """§3.6, Z-R5: the payers must afford the first attempt and the sweetener. Ana could
    pay 2 when she proposed, then gave 1 away: her offer's acceptance is not listed, and
    accepting it anyway cancels it, telling both parties who could not pay what
    (player-tester finding 4); the others see only that it was cancelled."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", split="proposer_2")
    state, _ = game.apply(state, ANA, Gift(COSTACHE, 1))
    assert Accept(offer) not in game.legal_actions(state, BOGDAN)
    state, events = game.apply(state, BOGDAN, Accept(offer))
    closed = [e for e in events if e.kind == "offer-closed"]
    assert state.window is None and [e.how for e in closed] == ["cancelled"]
    assert (closed[0].short, closed[0].owed) == (ANA, 2) and "cannot pay 2 Zestre (has 1)" in closed[0].why
    assert game.project_event(closed[0], DANA).short == -1
    assert [e.zestre for e in state.estates[:2]] == [1, 2]


def test_an_offer_nobody_could_pay_cannot_be_made():
    """§3.6, Z-R29: payment is taken at acceptance, so a proposal naming a payer for
    Zestre they do not have now is refused, saying who (player-tester finding 4: "you
    pay 2" at 0 Zestre); the form's splits are those the proposer can pay."""
    state = four(ana=dict(zestre=0, singles=("M10",)), bogdan=dict(zestre=1, singles=("L10",)))
    refusal = refused_by(game, state, ProposeWedding(BOGDAN, "M10", "L10", "proposer_2"), ANA)
    assert refusal.code == "cannot-pay" and "You have 0 Zestre" in refusal.message
    assert refused_by(game, state, ProposeWedding(BOGDAN, "M10", "L10", "target_2"), ANA).code == "cannot-pay"
    kind = next(k for k in game.legal_actions(state, ANA) if getattr(k, "kind", "") == "propose-wedding")
    assert next(p for p in kind.params if p.name == "split").values == ("target_2",)
    state = four(ana=dict(zestre=0, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", split="target_2")
    assert Accept(offer) in game.legal_actions(state, BOGDAN)


def test_z12_changes_clear_every_pass(monkeypatch):
    """Pitfall Z-12, §3.6: a card or Musician clears every pass, the player's own too;
    the die is rolled once, after all have passed since the last change, with chance
    2 + 2 - 2 + 1 = 3, every modifier listed."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10", "L11")),
                 costache=dict(hand=("F03-1",)), dana=dict(hand=("F07-1",)),
                 roles=(("L11", "F01-1"),))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, _ = act(state, (ANA, PassWindow()), (BOGDAN, PassWindow()), (COSTACHE, PassWindow()))
    state, _ = game.apply(state, DANA, PlayFate("F07-1"))
    assert state.window.passed == frozenset()
    state, _ = game.apply(state, COSTACHE, PlayFate("F03-1"))
    state, _ = game.apply(state, BOGDAN, UseMusician("F01-1"))
    assert game.view(state, None).chance == 3 and state.window.passed == frozenset()
    Dice(monkeypatch, 3)
    state, events = pass_all(state)
    (attempt,) = [e for e in events if e.kind == "attempted"]
    assert attempt.chance == 3 and attempt.success
    assert dict(attempt.parts) == {"base": 2, "F07-1": 2, "F03-1": -2, "F01-1": 1}


def test_musicians_are_used_free_or_rented(monkeypatch):
    """Z-R34, Z-R20: the Boyar where the Musician lives now uses it for free, once per
    attempt; another Boyar asks to rent it (an offer), never their own (pitfall Z-5);
    open rent offers expire when the window closes."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(zestre=3, singles=("L12",)), roles=(("L12", "F01-1"), ("M10", "F01-2")))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    assert UseMusician("F01-1") not in game.legal_actions(state, ANA)
    assert refused_by(game, state, RentMusician("F01-2", 1), ANA).code == "self"
    state, _ = game.apply(state, ANA, UseMusician("F01-2"))  # her own, free
    refused_by(game, state, UseMusician("F01-2"), ANA)        # once per attempt
    state, _ = game.apply(state, BOGDAN, RentMusician("F01-1", 1))
    rent = state.offers[-1]
    assert rent.to == COSTACHE
    state, _ = game.apply(state, COSTACHE, Accept(rent.id))
    assert [e.zestre for e in state.estates[1:3]] == [0, 4]
    assert game.view(state, None).chance == 4
    assert refused_by(game, state, RentMusician("F01-1", 0), DANA).code == "used"


def test_a_rent_offer_for_a_musician_who_already_plays_is_cancelled():
    """Z-R34, §3.6 (issue 9 item 2): a Musician plays once per attempt, so once it
    plays (rented by another Boyar, or used by its own) every other rent offer for it
    is cancelled at once, saying why in words to both parties, and can no longer be
    accepted; so is one whose Musician has left the village."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(zestre=3, singles=("L12",)), dana=dict(zestre=2),
                 roles=(("L12", "F01-1"),))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, _ = act(state, (ANA, RentMusician("F01-1", 1)), (DANA, RentMusician("F01-1", 2)))
    anas, danas = (o.id for o in state.offers)
    state, events = game.apply(state, COSTACHE, Accept(danas))
    (closed,) = [e for e in events if e.kind == "offer-closed" and e.id == anas]
    assert (closed.how, closed.why) == ("cancelled", "that Musician already plays at this attempt")
    assert game.project_event(closed, ANA).why == closed.why
    assert Accept(anas) not in game.legal_actions(state, COSTACHE)
    refusal = refused_by(game, state, Accept(anas), COSTACHE)
    assert refusal.code == "closed" and "already plays at this attempt" in refusal.message
    assert state.estates[0].zestre == 1  # Ana paid nothing for it

    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(singles=("L12",)), roles=(("L12", "F01-1"),))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, _ = game.apply(state, ANA, RentMusician("F01-1", 1))
    state, events = game.apply(state, COSTACHE, UseMusician("F01-1"))  # played for free
    assert [(e.how, e.why) for e in events if e.kind == "offer-closed"] == [
        ("cancelled", "that Musician already plays at this attempt")]
    assert state.offers == ()


def test_rent_offers_expire_with_the_window(monkeypatch):
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(singles=("L12",)), roles=(("L12", "F01-1"),))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, _ = game.apply(state, ANA, RentMusician("F01-1", 1))
    Dice(monkeypatch, 6)
    state, events = pass_all(state, first=BOGDAN)
    assert [e.how for e in events if e.kind == "offer-closed"] == ["expired"]
    assert state.offers == () and state.estates[0].zestre == 1


def test_z13_an_escrowed_sweetener_card_is_seen_by_the_two_only():
    """Pitfall Z-13, §3.6: the on-success sweetener card is shown to both parties only,
    in the offer, the window and their events."""
    state = four(ana=dict(zestre=2, singles=("M10",), hand=("F25-1",)),
                 bogdan=dict(zestre=2, singles=("L10",)))
    state, events = game.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10", sweet_payer="proposer",
                                                         sweet_cards=("F25-1",), sweet_when="on_success"))
    state, more = game.apply(state, BOGDAN, Accept(state.offers[0].id))
    events += more
    for seat in (COSTACHE, DANA, None):
        assert "F25" not in seen_by(state, events, seat)
    assert game.view(state, COSTACHE).window.escrow == (ANA, 0, ())
    assert game.view(state, BOGDAN).window.escrow == (ANA, 0, ("F25-1",))
    assert "F25-1" in seen_by(state, events, BOGDAN)


def test_z_r31_chance_zero_and_six_are_still_rolled(monkeypatch):
    """Z-R30, Z-R31: the chance is clamped to 0..6; 0 is rolled and fails, 6 is rolled
    and succeeds."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 roles=(("M10", "F02-1"), ("M10", "F02-2"), ("L10", "F02-3")))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    Dice(monkeypatch, 1)
    state, events = pass_all(state)
    (attempt,) = [e for e in events if e.kind == "attempted"]
    assert (attempt.chance, attempt.die, attempt.success) == (0, 1, False)
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(hand=("F07-1", "F07-2")), card="G3")
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, _ = act(state, (COSTACHE, PlayFate("F07-1")), (COSTACHE, PlayFate("F07-2")))
    assert game.view(state, None).chance == 6  # 2 + 2 + 2 + 1, clamped
    Dice(monkeypatch, 6)
    state, events = pass_all(state)
    assert [e.success for e in events if e.kind == "attempted"] == [True]


def test_a_window_does_not_tell_who_holds_a_card():
    """§3.6: every seat is asked; whether a seat that passed still holds a Wedding card
    shows nowhere (active seats are all seats; the game waits for those not passed)."""
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)),
                 costache=dict(hand=("F07-1",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, _ = act(state, (COSTACHE, PassWindow()), (DANA, PassWindow()))
    assert game.active_seats(state) == {0, 1, 2, 3}
    assert game.awaited(state) == {ANA, BOGDAN}
    assert game.legal_actions(state, COSTACHE) == (PlayFate("F07-1"),)
    assert game.legal_actions(state, DANA) == ()


def test_a_failed_attempt_says_what_comes_next(monkeypatch):
    """§3.6 attempt life cycle, Z-R31, Z-R32 (issue 9 item 4): a failed attempt of several
    says the die, the faces needed and what comes next: the next attempt at once, or no
    wedding because a payer cannot pay it (named) or none is left."""
    from rules.zestrea.words import attempt_text
    names = ("Ana", "Bogdan", "Costache", "Dana")
    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=5, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", attempts=3)
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    Dice(monkeypatch, 5, 4)
    state, events = pass_all(state)
    (first,) = [e for e in events if e.kind == "attempted"]
    assert (first.attempt, first.attempts, first.then) == (1, 3, "again")
    assert attempt_text(first, names).endswith(
        "attempt 1 of 3 failed: rolled 5, needed 2 or less; 2 attempts left: the next starts now")
    state, events = pass_all(state)
    (second,) = [e for e in events if e.kind == "attempted"]
    assert (second.then, second.short) == ("cannot-pay", ANA) and state.window is None
    assert attempt_text(second, names).endswith(
        "attempt 2 of 3 failed: rolled 4, needed 2 or less; 1 attempt left, but Ana cannot pay "
        "the next: no wedding")

    state = four(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", attempts=2, split="target_2")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state = attrs.evolve(state, estates=tuple(attrs.evolve(e, zestre=2) for e in state.estates))
    Dice(monkeypatch, 6, 3)
    state, _ = pass_all(state)
    state, events = pass_all(state)
    (last,) = [e for e in events if e.kind == "attempted"]
    assert attempt_text(last).endswith("attempt 2 of 2 failed: rolled 3, needed 2 or less; "
                                       "no attempt left: no wedding")
    Dice(monkeypatch, 1)
    state, offer = proposed(state, ANA, BOGDAN, "M10", "L10", split="proposer_2")
    state, _ = game.apply(state, BOGDAN, Accept(offer))
    state, events = pass_all(state)
    (won,) = [e for e in events if e.kind == "attempted"]
    assert attempt_text(won) == f"{who('L10')} and {who('M10')} married: rolled 1, needed 2 or less"


def test_attempts_payable_counts_the_attempts_the_payers_can_pay_now(monkeypatch):
    """Reference §3.6 (``max_attempts``: "after a failure the next attempt starts at once
    ... as long as both payers can still pay"), Z-F16, Z-R29: an offer may ask for more
    attempts than its payers hold Zestre for; :func:`attempts_payable` counts those the
    Zestre held now pays (the sweetener taken first), and names the payer who runs
    short, as the rules find when the attempts are played out."""
    from rules.zestrea.offers import proposal_payers
    from rules.zestrea.weddings import attempts_payable
    state = four(ana=dict(zestre=3, singles=("M10",)), bogdan=dict(zestre=6, singles=("L10",)))
    offer = ProposeWedding(BOGDAN, "M10", "L10", "each_1", attempts=4)
    assert attempts_payable(state, *proposal_payers(ANA, offer), most=4) == (3, (ANA, 4))
    sweet = attrs.evolve(offer, sweet_payer="proposer", sweet_zestre=1)
    assert attempts_payable(state, *proposal_payers(ANA, sweet), most=4) == (2, (ANA, 4))
    assert attempts_payable(state, *proposal_payers(BOGDAN, ProposeWedding(ANA, "L10", "M10", "proposer_2",
                                                                           attempts=2)), most=2) == (2, None)
    state, offer_id = proposed(state, ANA, BOGDAN, "M10", "L10", split="each_1", attempts=4)
    state, _ = game.apply(state, BOGDAN, Accept(offer_id))
    Dice(monkeypatch, 6, 6, 6)
    events = []
    for _ in range(3):
        state, more = pass_all(state)
        events += more
    last = [e for e in events if e.kind == "attempted"][-1]
    assert (last.attempt, last.then, last.short) == (3, "cannot-pay", ANA)
