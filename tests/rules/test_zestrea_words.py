"""Zestrea's messages name villagers by name and sex, cards by title, offers by kind, never
by id (issue: player-tester's "text that shows internal ids"; reference §3.6 "Who sees what")."""

from __future__ import annotations

import re

import attrs

from rules.core import RuleViolation, option_specs
from rules.zestrea import game
from rules.zestrea.cards import reason
from rules.zestrea.state import (
    Accept, AuctionEnded, Bid, BuyLand, FateDrawn, Gift, OfferClosed, PlayFate, ProposeWedding, Ready,
    VillagerGone, ZestreaOptions,
)
from rules.zestrea.words import describe, describe_in, who
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import estate, step_four

ID = re.compile(r"\b[LMFGHC]\d\d?\b|\(Z-|§|stand-in|\b[a-z]+-[a-z]+\b")
ANA, BOGDAN, COSTACHE = range(3)


def three(**changes):
    return step_four(estate(zestre=4, singles=("M10",), couples=(("L01", "M01"),)),
                     estate(zestre=4, singles=("L10",), couples=(("L02", "M02"),)),
                     estate(couples=(("L03", "M03"),)), **changes)


def test_a_barred_villager_is_refused_by_name():
    """F13 Bar Fight bars a Lad for the turn (Z-R28); the refusal names him, not ``L10``."""
    e = refused_by(game, three(barred=frozenset({"L10"})), ProposeWedding(BOGDAN, "M10", "L10"), ANA)
    assert isinstance(e, RuleViolation) and "is barred from weddings this turn (Bar Fight)" in e.message
    assert "(♂)" in e.message and not ID.search(e.message), e.message


def test_a_villager_who_is_no_single_is_refused_by_name():
    """Z-R28: only adult singles marry; the refusal names the married villager."""
    e = refused_by(game, three(), ProposeWedding(BOGDAN, "M01", "L10"), ANA)
    assert "is not an adult single on an Estate" in e.message and "(♀)" in e.message
    assert not ID.search(e.message), e.message


def test_choices_are_told_in_words():
    """A Couple by its spouses' names, ``keep`` as words, a villager with their sex."""
    state = three()
    couple = state.estates[ANA].couples[0]
    both = game.choice_text(state, couple.id)
    assert "(♂) and " in both and both.endswith("(♀)") and not ID.search(both)
    assert game.choice_text(state, "keep") == "keep it for later"
    assert game.choice_text(state, "F23") == "Elopement"


def test_reasons_and_the_log_name_cards_by_title():
    """Events' ``why`` slugs and ids read as card titles; "You" takes "are"."""
    assert [reason(w) for w in ("harsh-winter", "strawberry-pickers", "tatars", "G3", "F23")] == [
        "Harsh Winter", "Strawberry Pickers", "The Tatars Are Coming", "Wedding Season", "Elopement"]
    text = describe("Cy", Ready(), (VillagerGone(2, "L02", "died", "harsh-winter"),))
    assert text == "Cy is ready; Dumitru (♂) died (Harsh Winter)"
    assert describe("You", Ready()) == "You are ready"
    won = describe("Cy", Bid(2), (AuctionEnded("F07-1", 0, 2),), names=("Ana", "Bob", "Cy"))
    assert won.endswith("Bad Eyesight went for 2 Zestre to Ana"), won


def test_a_cancelled_offer_always_says_why():
    """§3.6: the two parties hear the real reason; everyone else a reason telling no terms."""
    closed = OfferClosed(ANA, BOGDAN, 1, "cancelled", "seat 1 cannot pay 2 Zestre")
    assert game.project_event(closed, ANA).why == "seat 1 cannot pay 2 Zestre"
    assert game.project_event(closed, 2).why == "it could no longer go ahead"
    assert describe("Bob", Ready(), (game.project_event(closed, 2),)).endswith(
        "offer 1 was cancelled: it could no longer go ahead")


def test_an_expired_offer_reads_expired():
    """§3.5 (offers lapse when step IV or their window ends): the line said "offer 25
    was expired: step IV ended" (player-test 22); it says "offer 25 expired"."""
    lapsed = OfferClosed(ANA, BOGDAN, 25, "expired", "step IV ended")
    assert describe("Bob", Ready(), (lapsed,)).endswith("offer 25 expired: step IV ended")


def test_option_help_is_player_words():
    """LAN ``/help`` shows the options' help: no rule ids, sections or stand-in marks."""
    for spec in option_specs(ZestreaOptions):
        assert not re.search(r"Z-R\d|§|reference|stand-in", spec.help), spec.help


def test_no_refusal_text_names_an_id():
    """Every RuleViolation message written in rules/zestrea is player words: no villager,
    card or rule id in its text (the rule id goes in the violation's ``rule`` field)."""
    import ast
    from pathlib import Path

    import rules.zestrea

    found = 0
    for path in Path(rules.zestrea.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleViolation":
                for part in ast.walk(node.args[1]):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found += 1
                        assert not re.search(r"\b[LMFGH]\d\d\b|Z-[RF]\d|§", part.value), (path.name, part.value)
    assert found > 40


def test_a_cannot_pay_refusal_names_the_boyar():
    """Z-R5, §3.6 acceptance checks (issue 9 item 3): an offer its payer cannot pay is
    cancelled with the reason, and the reason (in the log, in a later refusal) tells
    that Boyar by name where names are known, as "seat N" where they are not."""
    from rules.core import named
    from rules.zestrea.state import Accept
    names = ("Ana", "Bogdan", "Costache")
    state = step_four(estate(zestre=2, singles=("M10",)), estate(zestre=4, singles=("L10",),
                      couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    state, _ = game.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10", split="proposer_2"))
    offer = state.offers[-1].id
    state, _ = game.apply(state, ANA, Gift(COSTACHE, zestre=1))  # Ana now has 1 of the 2
    state, events = game.apply(state, BOGDAN, Accept(offer))
    (closed,) = [e for e in events if e.kind == "offer-closed"]
    assert (closed.how, closed.why) == ("cancelled", "seat 1 cannot pay 2 Zestre (has 1)")
    assert describe("Bogdan", Accept(offer), events, names) == (
        f"Bogdan accepted offer {offer}; offer {offer} was cancelled: Ana cannot pay 2 Zestre (has 1)")
    refusal = refused_by(game, state, Accept(offer), BOGDAN)
    assert named(refusal.message, names) == (
        f"Offer {offer} is no longer open (cancelled: Ana cannot pay 2 Zestre (has 1)).")
    assert named(refusal.message, ()) == refusal.message  # no names: "seat 1" stays


def test_a_reason_names_a_card_only_when_it_is_that_card():
    """Player-tester 5, item 2: the Fate card drawn by the Boyar who gave the Maiden
    away (Z-R28) was logged "(Wedding Season)", a Time card not in play: a word of a
    card's title is no card. Whole titles, ids and the engine's short names still are."""
    assert reason("wedding") == "gave the Maiden away"
    assert "Wedding Season" not in describe("Hana", Ready(), (FateDrawn(0, 1, "wedding", ()),))
    assert [reason(w) for w in ("fate", "dog", "food", "ransom")] == ["fate", "dog", "food", "ransom"]
    assert [reason(w) for w in ("tuica", "highway", "matchmaker", "bar-fight", "just-married")] == [
        "Țuică (Plum Brandy)", "Highway Through Your Yard", "The Matchmaker", "Bar Fight", "Just Married"]


NAMES = ("Ann", "Ben", "Cy")


def test_each_boyars_tax_is_told_with_what_it_owed():
    """Play-test 21, item 4 (reference §5 H13 Tax Collector, Z-R5): after "Tax Collector
    is the Time card" the log and ``parlour replay --text`` tell each Boyar's payment,
    and what a Boyar owed when it could pay only part (or nothing)."""
    from tests.rules.zestrea_support import reveal, table
    state = table(estate(zestre=6, land=4), estate(zestre=1, land=2, couples=(("L02", "M02"),)),
                  estate(couples=(("L03", "M03"),)))
    state, events = reveal(state, "H13", "H06")
    text = describe_in(state, "Cy", Ready(), events, NAMES)
    assert text.endswith("; Tax Collector is the Time card; Ben pays 1 of the 2 Zestre owed (Tax "
                         "Collector); Cy pays 0 of the 3 Zestre owed (Tax Collector); Ann pays 4 "
                         "Zestre (Tax Collector)"), text
    mine = describe("You", Ready(), events, ("Ann", "You", "Cy"))
    assert "; You pay 1 of the 2 Zestre owed (Tax Collector);" in mine


def test_zestre_land_and_villagers_a_card_moves_are_told():
    """Play-test 21 (reference §4): what a Fate card gives, takes or sends away is told
    beside its play: Țuică's 2 Zestre (F14), The Notary's Bribe's Land and the 1 Zestre
    paid for it (F24), the single Extended Vacation sends to another Estate (F05), and
    The Matchmaker's refund of the attempt's payment to each payer (F19, Z-R41); a
    purchase or a Production roll's Zestre is told once, by its own line."""
    state = three(time_stack=("H06",))
    state = attrs.evolve(state, estates=(
        attrs.evolve(state.estates[ANA], hand=("F14-1", "F24-1", "F05-1")),
        state.estates[BOGDAN], attrs.evolve(state.estates[COSTACHE], zestre=2, hand=("F19-1",))))
    lines = []
    for action in (PlayFate("F14-1", mode="action"), PlayFate("F24-1"),
                   PlayFate("F05-1", villager="M10", to=COSTACHE), BuyLand()):
        state, events = game.apply(state, ANA, action)
        lines.append(describe_in(state, "Ann", action, events, NAMES))
    assert lines == [
        "Ann played Țuică (Plum Brandy); Ann gets 2 Zestre (Țuică (Plum Brandy))",
        "Ann played The Notary's Bribe; Ann gained 1 Land (The Notary's Bribe); "
        "Ann pays 1 Zestre (The Notary's Bribe)",
        f"Ann played Extended Vacation; {who('M10')} moved from Ann to Cy (Extended Vacation)",
        "Ann bought a Land for 4 Zestre"]
    state, _ = game.apply(state, BOGDAN, ProposeWedding(COSTACHE, "L10", "M10", "each_1"))
    state, _ = game.apply(state, COSTACHE, Accept(state.offers[0].id))
    state, events = game.apply(state, COSTACHE, PlayFate("F19-1"))
    assert describe_in(state, "Cy", PlayFate("F19-1"), events, NAMES) == (
        "Cy played The Matchmaker; Ben gets 1 Zestre back (The Matchmaker); "
        "Cy gets 1 Zestre back (The Matchmaker)")


def test_each_wedding_attempt_tells_who_paid_what(monkeypatch):
    """Rulebook "IV. Weddings and Negotiations" ("Wedding attempts cost 2 Zestre per die
    roll, payable to the State. The Boyars can decide, per attempt, if they pay one
    Zestre each, or one of them pays both"; Z-F16, Z-R29; §3.6 "Who sees what":
    completed payments are public): the log and ``parlour replay --text`` tell each
    attempt's payers, one by one, the next attempt's too; an Elopement's costs nothing
    and tells no payment (F23)."""
    from tests.rules.zestrea_support import Dice, pass_all
    state = three()
    state, _ = game.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10", "each_1", attempts=2))
    state, events = game.apply(state, BOGDAN, Accept(state.offers[0].id))
    assert describe_in(state, "Ben", Accept(1), events, NAMES) == (
        "Ben accepted offer 1; Ann pays 1 Zestre and Ben pays 1 Zestre for wedding attempt 1 of 2")
    Dice(monkeypatch, 6)
    state, events = pass_all(state)
    assert describe_in(state, "Cy", Ready(), events, NAMES).endswith(
        "the next starts now; Ann pays 1 Zestre and Ben pays 1 Zestre for wedding attempt 2 of 2")
    state = three()
    state, _ = game.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10", "target_2"))
    state, events = game.apply(state, BOGDAN, Accept(state.offers[0].id))
    assert describe("You", Accept(1), events, ("Ann", "You", "Cy")) == (
        "You accepted offer 1; You pay 2 Zestre for the wedding attempt")
    state = three()
    state = attrs.evolve(state, estates=(attrs.evolve(state.estates[ANA], hand=("F23-1",)),
                                         *state.estates[1:]))
    state, events = game.apply(state, ANA, PlayFate("F23-1", villager="M10", other="L10"))
    assert "pay" not in describe_in(state, "Ann", PlayFate("F23-1"), events, NAMES)


def test_trouble_in_paradise_names_the_couple_it_separates():
    """Reference §4 F11 Trouble In Paradise ("Choose any Couple on any Estate ... The
    Couple separates"): the log and ``parlour replay --text`` name the Couple by its
    spouses, as every Couple is named, and whose it was; the view after the play no
    longer holds the Couple, so the event names it."""
    state = three()
    state = attrs.evolve(state, estates=(
        attrs.evolve(state.estates[ANA], hand=("F11-1",)),
        attrs.evolve(state.estates[BOGDAN], couples=state.estates[BOGDAN].couples + (
            attrs.evolve(state.estates[BOGDAN].couples[0], number=9, stayed="L20", moved="M20"),)),
        state.estates[COSTACHE]))
    action = PlayFate("F11-1", couple="C9")
    state, events = game.apply(state, ANA, action)
    assert describe_in(state, "Ann", action, events, NAMES) == (
        f"Ann played Trouble In Paradise; {who('L20')} and {who('M20')} of Ben separated "
        "(Trouble In Paradise)")
