"""Every Solo Mode card revealed in solo is told, with what its solo effect did (issue 10;
reference E-R28, the solo cards' ``solo_reveal`` effects E-C06, E-C18, E-C19, E-C25,
E-C48, E-C49, E-C52): one public event per card, in a draw, a Market refill at the end
of a turn and the new Market of an Era's reset, whether it asked something or not, told
once, in the log and in ``describe`` (``parlour replay --text``)."""

from __future__ import annotations

import attrs

from rules.core import Rng
from rules.estate import eras, game as G
from rules.estate.data import BY_NAME
from rules.estate.effects import Ctx, resolve
from rules.estate.state import Activate, Answer, Convert, Draw, Expand, EstateOptions, EstateState, Produce, SetupEvent
from rules.estate.table import Estate, Table
from rules.estate.words import solo_card_event

DRAW1 = [{"op": "draw", "n": 1, "from": "deck"}]


def cp(name: str, k: int = 1) -> str:
    return f"{BY_NAME[name].id}-{k}"


def drawn(estate: Estate, solo_card: str, answers=()) -> tuple[list[str], Table]:
    """A solo draw of 1 from a deck whose top card is ``solo_card``: what is told of the
    Solo Mode cards revealed, and the table after."""
    t = Table((estate,), (solo_card, cp("Farm", 4)), (), ("",) * 4, Rng(7), solo=True)
    out = resolve(t, Ctx(0), DRAW1, tuple(answers))
    assert out.question is None, out.question
    assert out.table.estates[0].hand == (cp("Farm", 4),)  # E-R28: the next card comes instead
    return [solo_card_event(r).what for r in out.solo], out.table


def test_each_solo_mode_card_says_what_it_did():
    """E-R28 with each solo effect: the Thief takes 1 resource (its only type: nothing
    asked), the Treasurer 1 Gold, the Thieves Guild a stored resource, the Guild
    President gives 1 Gold per Production Citizen, the Barn Cat 1 resource per Farm (or
    nothing without one), the Harbor pays resources for Gold, the Merchant copies a
    Production card of the Estate."""
    told, t = drawn(Estate(res=(2, 0, 0, 0)), cp("Thief"))
    assert told == ["Thief (Solo Mode card) takes 1 Iron"] and t.estates[0].res == (1, 0, 0, 0)
    told, _ = drawn(Estate(res=(0, 0, 0, 0), gold=3), cp("Treasurer"))
    assert told == ["Treasurer (Solo Mode card) takes 1 Gold"]
    larder = cp("Larder")
    told, _ = drawn(Estate(res=(0, 0, 0, 0), cards=(larder,), stored=((larder, "W"),)), cp("Thieves Guild"))
    assert told == ["Thieves Guild (Solo Mode card) takes 1 Wood stored on Larder"]
    farmers = (cp("Farmer", 1), cp("Farmer", 2), cp("Farm", 1))
    told, t = drawn(Estate(res=(0, 0, 0, 0), cards=farmers), cp("Guild President"))
    assert told == ["Guild President (Solo Mode card) gives 2 Gold"] and t.estates[0].gold == 2
    told, _ = drawn(Estate(res=(0, 0, 0, 0), cards=(cp("Farm", 1),)), cp("Barn Cat"), ("W",))
    assert told == ["Barn Cat (Solo Mode card) gives 1 Wood"]
    told, _ = drawn(Estate(res=(0, 0, 0, 0)), cp("Barn Cat"))
    assert told == ["Barn Cat (Solo Mode card) has no effect"]
    told, _ = drawn(Estate(res=(2, 0, 0, 0)), cp("Harbor"), ("I", "I"))
    assert told == ["Harbor (Solo Mode card) takes 2 Iron and gives 2 Gold"]
    told, _ = drawn(Estate(res=(0, 0, 0, 0), cards=(cp("Farm", 1),)), cp("Merchant"))
    assert told == ["Merchant (Solo Mode card) copies Farm and gives 1 Grain"]
    told, _ = drawn(Estate(res=(0, 0, 0, 0)), cp("Thief"))
    assert told == ["Thief (Solo Mode card) has no effect"]


def test_a_solo_card_revealed_within_another_is_told_apart(monkeypatch):
    """E-R28: should a solo effect draw (data may say so), the Solo Mode card its draw
    reveals is told on its own and its loss is not told again as the outer card's: here
    a Merchant whose solo effect draws 1 card meets a Thief first."""
    from rules.estate import effects as fx
    real = fx.triggers
    monkeypatch.setattr(fx, "triggers", lambda copy, on: DRAW1 if (copy, on) == (cp("Merchant"), "solo_reveal")
                        else real(copy, on))
    t = Table((Estate(res=(2, 0, 0, 0)),), (cp("Merchant"), cp("Thief"), cp("Farm", 4), cp("Farm", 3)), (),
              ("",) * 4, Rng(7), solo=True)
    out = resolve(t, Ctx(0), DRAW1)
    assert [solo_card_event(r).what for r in out.solo] == [
        "Thief (Solo Mode card) takes 1 Iron", "Merchant (Solo Mode card) gives 1 card"]
    assert out.table.estates[0].hand == (cp("Farm", 4), cp("Farm", 3))


def test_a_solo_card_that_asks_is_counted_once_done():
    """E-R28: a Thief met with two resource types asks which (the question names it);
    while it waits it is not yet told (it did nothing yet), and once answered it is."""
    t = Table((Estate(res=(1, 1, 0, 0)),), (cp("Thief"), cp("Farm", 4)), (), ("",) * 4, Rng(7), solo=True)
    waiting = resolve(t, Ctx(0), DRAW1)
    assert waiting.question.by == cp("Thief") and waiting.solo == ()
    out = resolve(t, Ctx(0), DRAW1, ("S",))
    assert [solo_card_event(r).what for r in out.solo] == ["Thief (Solo Mode card) takes 1 Stone"]


def solo_turns(seed: int = 2) -> EstateState:
    """A solo game (first legal choices) at Era 1's first turn."""
    st = G.new_game(EstateOptions(leaders="random"), 1, seed)
    while st.phase != "turns":
        st, _ = G.apply(st, 0, G.legal_actions(st, 0)[0])
    return st


def with_deck(st: EstateState, top: tuple[str, ...], **estate) -> EstateState:
    """``st`` with ``top`` on top of the deck (taken out of wherever else they were)."""
    t = st.table
    rest = tuple(c for c in t.deck if c not in top)
    discard = tuple(c for c in t.discard if c not in top)
    market = tuple("" if c in top else c for c in t.market)
    e = attrs.evolve(t.estates[0], **estate)
    return attrs.evolve(st, table=attrs.evolve(t, deck=(*top, *rest), discard=discard, market=market,
                                               estates=(e,)))


def test_a_draw_tells_each_solo_card_it_revealed_once():
    """E-R28 in play: a Draw's card from the deck reveals a Treasurer, then a Thief, then
    a Farm (the card drawn). The Treasurer is told with the answer that drew it; the
    Thief, met with two resource types, asks (the question names it) and is told with
    its answer, the Treasurer not again."""
    st = with_deck(solo_turns(), (cp("Treasurer"), cp("Thief"), cp("Farm", 4)), res=(1, 1, 0, 0), gold=2)
    st, _ = G.apply(st, 0, Draw())
    assert G.view(st, 0).question.kind == "draw"
    st, events = G.apply(st, 0, Answer("deck"))
    assert [e for e in events if e.seat == -1] == [
        SetupEvent(-1, "Treasurer (Solo Mode card) takes 1 Gold", (cp("Treasurer"),))]
    assert G.view(st, 0).question.by == cp("Thief")
    st, events = G.apply(st, 0, Answer("S"))
    assert [e.what for e in events if e.seat == -1] == ["Thief (Solo Mode card) takes 1 Stone"]
    e = st.table.estates[0]
    assert cp("Farm", 4) in e.hand and e.gold == 1 and e.res == (1, 0, 0, 0)
    text = G.describe("You", Answer("S"), events, ["You"])
    assert "You discard Stone (Thief)" in text and "Thief (Solo Mode card) takes 1 Stone" in text


def test_the_market_refill_after_a_turn_tells_the_solo_card():
    """E-R15 / E-R28: the Market's gap filled at the end of the turn (a Produce with one
    Farmer: its activation ends it) reveals a Guild President: told with the turn's
    last action (in ``describe`` too), the Gold it gave with it, the next card filling
    the gap."""
    farmer = cp("Farmer", 1)
    st = with_deck(solo_turns(), (cp("Guild President"), cp("Farm", 4)), res=(0, 0, 0, 0), gold=0,
                   cards=(farmer,))
    st = attrs.evolve(st, table=attrs.evolve(st.table, market=("", *st.table.market[1:])))
    st, events = G.apply(st, 0, Produce())
    assert not [e for e in events if e.seat == -1]
    st, events = G.apply(st, 0, Activate(farmer))
    assert [e.what for e in events if e.seat == -1] == ["Guild President (Solo Mode card) gives 1 Gold"]
    assert st.table.estates[0].gold == 1 and st.table.market[0] == cp("Farm", 4)
    text = G.describe("You", Activate(farmer), events, ["You"])
    assert text == "You activate Farmer; You gain 1 Grain (Farmer); Guild President (Solo Mode card) gives 1 Gold"


def test_the_new_market_of_an_eras_reset_tells_the_solo_card():
    """E-F40 / E-R19 (3) / E-R28: the new Market dealt at an Era's reset reveals a
    Treasurer: told among the Era's end events."""
    st = with_deck(solo_turns(), (cp("Treasurer"),), gold=2)
    st = attrs.evolve(st, phase="era_end", doing=None, pending=None, queue=(), offer=None)
    st, told = eras.advance(st)
    assert SetupEvent(-1, "Treasurer (Solo Mode card) takes 1 Gold", (cp("Treasurer"),)) in told
    assert cp("Treasurer") in st.table.discard and cp("Treasurer") not in st.table.market


def test_a_conversion_in_the_middle_of_an_effect_tells_nothing_again():
    """E-R10 / E-R28: an Expand with a Place of Worship (paid, so conversions may come in
    its middle) reveals a Treasurer (told) then a Harbor, which asks what to pay; a
    conversion then resolves the Expand again from its start: the Treasurer is not told
    a second time, the Harbor once it is done."""
    worship = cp("Place of Worship")
    st = with_deck(solo_turns(), (cp("Treasurer"), cp("Harbor"), cp("Farm", 4), cp("Farm", 3), cp("Farm", 2)),
                   res=(4, 2, 1, 1), gold=2, hand=(worship,), cards=())
    st, events = G.apply(st, 0, Expand(worship))
    assert [e.what for e in events if e.seat == -1] == ["Treasurer (Solo Mode card) takes 1 Gold"]
    assert G.view(st, 0).question.by == cp("Harbor")
    convert = Convert(("I", "I", "I"), "W")
    assert convert in G.legal_actions(st, 0)
    st, events = G.apply(st, 0, convert)
    assert [e.what for e in events] == ["converted 3 Iron to 1 Wood"]
    assert G.view(st, 0).question.by == cp("Harbor")
    st, events = G.apply(st, 0, Answer("I"))
    assert not [e for e in events if e.seat == -1]  # the Harbor asks on: Wood too, or stop
    st, events = G.apply(st, 0, Answer("stop"))
    assert [e.what for e in events if e.seat == -1] == ["Harbor (Solo Mode card) takes 1 Iron and gives 1 Gold"]
