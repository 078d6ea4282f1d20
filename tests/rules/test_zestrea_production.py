"""Zestrea step II, Production (rulebook "II. Production"; reference §3.3, Z-F9-Z-F12,
Z-R7-Z-R11, H06, H10, F08, F15)."""

from __future__ import annotations

import attrs
import pytest

from rules.core import SomeOf, kinds
from rules.zestrea import game
from rules.zestrea.state import Choose
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import Dice, answer_all, estate, reveal, seen_by, table

NEXT = ("H13",)
TWO = (("L01", "M01"), ("L10", "M10"))


def at_production(card="H13", **kw):
    state = table(estate(**kw.get("a", {})),
                  estate(**{"couples": (("L02", "M02"),), **kw.get("b", {})}),
                  estate(**{"couples": (("L03", "M03"),), **kw.get("c", {})}))
    return reveal(state, card, *NEXT)[0]


def test_every_boyar_chooses_at_once_up_to_one_couple_per_land():
    """Z-F9, Z-R8, §3.3: any subset of the Couples, in order, at most one per Land."""
    state = at_production(a=dict(land=2, couples=TWO + (("L11", "M11"),)))
    assert state.phase == "production" and game.active_seats(state) == {0, 1, 2}
    (kind,) = kinds(game.legal_actions(state, 0))
    assert kind.params == (SomeOf("picked", ("C1", "C2", "C3"), 0, 2, ordered=True),)
    refused_by(game, state, Choose(("C1", "C2", "C3")), 0)  # 3 Couples, 2 Land
    refused_by(game, state, Choose(("C1", "C1")), 0)         # each Couple once
    refused_by(game, state, Choose(("C4",)), 0)              # another Boyar's Couple
    assert game.default_action(state, 0) == Choose(("C1", "C2"))  # oldest first, up to Land


def test_choices_are_hidden_until_all_have_chosen(monkeypatch):
    """§3.3, Z-R36: one simultaneous choice; nothing rolls until every seat answered."""
    state = at_production(a=dict(couples=TWO))
    state, events = game.apply(state, 0, Choose(("C2",)))
    assert '"C2"]' not in seen_by(state, events, 1)
    assert not any(e.kind == "rolled" for e in events)
    Dice(monkeypatch, 4, 4)
    state, events = answer_all(state, {1: (), 2: ("C4",)})  # seat 1 skips its Couple
    assert [(e.seat, e.subject) for e in events if e.kind == "rolled"] == [(2, "C4"), (0, "C2")]


@pytest.mark.parametrize("die, zestre, baby", [(1, 1, True), (2, 2, True), (3, 2, True),
                                                (4, 2, False), (5, 2, False), (6, 3, False)])
def test_the_production_table(monkeypatch, die, zestre, baby):
    """Z-F10; Z-R10: a baby is drawn from the supply, single, born this turn (Z-F11)."""
    state = at_production()
    Dice(monkeypatch, die)
    state, events = answer_all(state, {1: (), 2: ()})
    e = state.estates[0]
    assert e.zestre == zestre
    assert len(e.singles) == baby and e.babies == frozenset(e.singles)
    assert (len(state.supply) == 84 - 6 - 1) == baby


def test_rolls_go_in_start_player_order_and_chosen_order(monkeypatch):
    """Z-R9, Z-R3: turn 2 starts at seat 1; each Boyar's Couples in the order given."""
    state = at_production(b=dict(couples=(("L02", "M02"), ("L12", "M12"))))
    Dice(monkeypatch, 6, 4, 5, 4)
    state, events = answer_all(state, {0: ("C1",), 1: ("C3", "C2"), 2: ("C4",)})
    assert [e.subject for e in events if e.kind == "rolled"] == ["C3", "C2", "C4", "C1"]
    assert [e.zestre for e in state.estates] == [2, 5, 2]


def test_same_sex_couples_never_have_babies(monkeypatch):
    """Z-R9 (RS): a same-sex Couple produces Zestre, never a baby."""
    state = at_production(a=dict(couples=(("L01", "L10"),)))
    Dice(monkeypatch, 1)
    state, _ = answer_all(state, {1: (), 2: ()})
    assert state.estates[0].zestre == 1 and state.estates[0].singles == ()


def test_seven_singles_stop_babies(monkeypatch):
    """Z-F12, Z-R9: with 7 singles (babies and villagers abroad counted) no baby; a
    baby born earlier in the same step counts."""
    six = ("L20", "L21", "L22", "M20", "M21", "M22")
    state = at_production(a=dict(couples=TWO, singles=six))
    state = attrs.evolve(state, roles=(("L20", "F15-1"),))
    Dice(monkeypatch, 1, 1)
    state, _ = answer_all(state, {1: (), 2: ()})
    assert len(state.estates[0].singles) == 7 and len(state.estates[0].babies) == 1


def test_chernobyl_drought_and_the_village_idiot(monkeypatch):
    """H06: no babies this turn. H10: 1 Zestre less per roll, never below 0; babies
    unaffected. F08: 1 less per Village Idiot in the Couple."""
    state = at_production("H06")
    Dice(monkeypatch, 2)
    state, _ = answer_all(state, {1: (), 2: ()})
    assert state.estates[0].zestre == 2 and not state.estates[0].singles
    state = at_production("H10")
    Dice(monkeypatch, 1)
    state, _ = answer_all(state, {1: (), 2: ()})
    assert state.estates[0].zestre == 0 and len(state.estates[0].babies) == 1
    state = attrs.evolve(at_production("H10"), roles=(("M01", "F08-1"),))
    Dice(monkeypatch, 6)
    state, _ = answer_all(state, {1: (), 2: ()})
    assert state.estates[0].zestre == 1  # 3 - 1 (Drought) - 1 (Idiot)


def test_truck_to_italy_pays_at_the_start_of_production():
    """F15: the villager abroad brings its Boyar 1 Zestre at every later Production."""
    state = table(estate(singles=("L10",)), estate(couples=(("L02", "M02"),)),
                  estate(couples=(("L03", "M03"),)), roles=(("L10", "F15-1"),))
    state, events = reveal(state, "H13", *NEXT)
    assert state.estates[0].zestre == 1
    assert [(e.seat, e.why) for e in events if e.kind == "zestre"] == [(0, "truck-to-italy")]


def test_an_empty_supply_gives_no_baby(monkeypatch):
    """Z-R11: with no villager in the supply, the gone pile is shuffled back first;
    if still none, no baby."""
    state = at_production()
    gone = state.supply
    state = attrs.evolve(state, supply=(), gone=gone[:1])
    Dice(monkeypatch, 1, 1)
    state, _ = answer_all(state, {1: (), 2: ()})
    assert state.estates[0].singles == gone[:1] and state.gone == ()
    state = attrs.evolve(at_production(), supply=(), gone=())
    state, _ = answer_all(state, {1: (), 2: ()})
    assert state.estates[0].singles == () and state.estates[0].zestre == 1
