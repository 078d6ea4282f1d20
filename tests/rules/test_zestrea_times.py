"""Zestrea step I, Hard Times and Good Times (rulebook "I. Hard Times"; reference §3.2,
§5, Z-F8, Z-F36, Z-R5, Z-R6, Z-R17-Z-R21, Z-R36, Z-R37)."""

from __future__ import annotations

import attrs
import pytest

from rules.zestrea import game
from rules.zestrea.state import Choose
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import (
    Dice, answer_all, estate, prompt, reveal, seen_by, table, villager_count,
)

NEXT = ("H13",)  # a card left under the one tested, so the turn is not the final one


def three(**kw):
    """Three Boyars, seats 0-2 with Couples L01+M01, L02+M02, L03+M03 unless ``a``,
    ``b``, ``c`` say otherwise."""
    return table(estate(**kw.get("a", {})),
                 estate(**{"couples": (("L02", "M02"),), **kw.get("b", {})}),
                 estate(**{"couples": (("L03", "M03"),), **kw.get("c", {})}))


def test_reveal_starts_the_turn_and_moves_on():
    """Z-F8, Z-F7: step I reveals the top card; with no choice to make the game moves
    on to Production by itself (§3.2)."""
    state, events = reveal(three(), "H13", *NEXT)
    assert state.time_card == "H13" and state.phase == "production"
    assert state.turn == 2 and state.start_player == 1
    assert [e.kind for e in events[:2]] == ["turn", "time"]


def test_g1_each_boyar_draws_a_fate_card_while_the_deck_lasts():
    """Z-F36 (Good Times example), G1, Z-R24: top card, in start-player order; an empty
    deck gives nothing (Z-F25)."""
    state = three()
    top = state.fate_deck[:3]
    state, _ = reveal(state, "G1", *NEXT)  # turn 2: start player is seat 1
    assert [e.hand for e in state.estates] == [(top[2],), (top[0],), (top[1],)]
    state, _ = reveal(table(estate(), estate(couples=(("L02", "M02"),)),
                            estate(couples=(("L03", "M03"),)), fate_deck=("F03-1",)), "G1", *NEXT)
    assert [len(e.hand) for e in state.estates] == [0, 1, 0] and state.fate_deck == ()


def test_g2_newcomers_choose_at_once_and_answers_stay_hidden():
    """G2, Z-R36: every Boyar chooses a sex at the same time, hidden until all have
    chosen; each takes an adult of that sex, a food unit this turn."""
    state, events = reveal(three(), "G2", *NEXT)
    assert game.active_seats(state) == {0, 1, 2}
    assert set(game.legal_actions(state, 0)) == {Choose(("lad",)), Choose(("maiden",))}
    state, more = game.apply(state, 0, Choose(("lad",)))
    for seat in (None, 1, 2):  # the answer is seen by nobody else
        assert '["lad"]' not in seen_by(state, more, seat)
    assert [p.answered for p in game.view(state, 1).prompts if p.seat == 0] == [True]
    assert game.view(state, 0).my_prompt.answer == ("lad",)
    state, more = answer_all(state, {1: ("maiden",), 2: ("maiden",)})
    assert [e.singles[0][0] for e in state.estates] == ["L", "M", "M"]
    assert not state.estates[0].babies
    assert villager_count(state) == 84


def test_g2_default_is_the_sex_the_boyar_lacks():
    """§3.9: Newcomers default to the sex with fewer adult singles (Maiden if equal)."""
    state, _ = reveal(three(a=dict(singles=("M10",)), b=dict(singles=("L10",))), "G2", *NEXT)
    defaults = [game.default_action(state, s).picked for s in range(3)]
    assert defaults == [("lad",), ("maiden",), ("maiden",)]


def test_h01_beaten_by_fate_deals_equally(monkeypatch):
    """Z-R37 first case: H=4, n=3, k=2: 2 drawn from the deck, 2 dealt to each; only
    the counts are public."""
    state = three(a=dict(hand=("F01-1", "F02-1", "F03-1")), b=dict(hand=("F05-1",)))
    deck = len(state.fate_deck)
    state, events = reveal(state, "H01", *NEXT)
    assert [len(e.hand) for e in state.estates] == [2, 2, 2]
    assert len(state.fate_deck) == deck - 2
    for seat in (None, 0, 1, 2):
        text = seen_by(state, events, seat)
        for other in range(3):
            for card in state.estates[other].hand:
                assert (card in text) == (other == seat)


def test_h01_short_deck_surplus_goes_to_the_deck():
    """Z-R37 second case: H=4 >= n=3 but H+D < k*n: floor(4/3)=1 each, the leftover
    card is shuffled into the Fate deck (the State), not discarded (Z-R25)."""
    state = three(a=dict(hand=("F01-1", "F02-1", "F03-1")), b=dict(hand=("F05-1",)))
    state = attrs.evolve(state, fate_deck=())
    state, _ = reveal(state, "H01", *NEXT)
    assert [len(e.hand) for e in state.estates] == [1, 1, 1]
    assert len(state.fate_deck) == 1 and state.discard == ()


def test_h01_fewer_cards_than_boyars():
    """Z-R37 third case: H=1, D=1 < n: the deck is taken too and dealt one at a time
    from the start player (turn 2: seat 1)."""
    state = attrs.evolve(three(a=dict(hand=("F01-1",))), fate_deck=("F02-1",))
    state, _ = reveal(state, "H01", *NEXT)
    assert [len(e.hand) for e in state.estates] == [0, 1, 1] and state.fate_deck == ()


def test_h02_conscription_and_the_village_preacher(monkeypatch):
    """H02: each adult single Lad not abroad rolls; 1-3 dies. Z-R21: a death pays a
    Preacher on another Estate 1 Zestre, none for a death on his own Estate. Babies,
    Maidens and husbands are not called up; the Lad abroad neither (F15)."""
    state = three(a=dict(singles=("L10", "L11", "M10", "L12"), babies=("L12",)),
                  b=dict(singles=("L13", "L14")))
    state = attrs.evolve(state, roles=(("L02", "F04-1"), ("L14", "F15-1")))
    Dice(monkeypatch, 3, 1, 4)  # seat 1 first (turn 2): L13 dies; L10 dies, L11 stays
    state, events = reveal(state, "H02", *NEXT)
    assert state.gone == ("L13", "L10")
    assert state.estates[0].singles == ("L11", "M10", "L12")
    # the Preacher lives on seat 1: L10's death (seat 0) pays, L13's (seat 1) does not
    # (+1 at Production from L14 abroad, F15)
    assert state.estates[1].zestre == 2
    assert [e.seat for e in events if e.kind == "zestre" and e.why == "village-preacher"] == [1]


def test_h03_bandits_take_what_the_die_says_down_to_zero(monkeypatch):
    """H03, Z-R5: a forced loss takes as much as the Boyar has, never below 0."""
    Dice(monkeypatch, 5, 2, 6)  # start player is seat 1
    state, _ = reveal(three(a=dict(zestre=4), b=dict(zestre=4), c=dict(zestre=4)), "H03", *NEXT)
    assert [e.zestre for e in state.estates] == [0, 0, 2]


def test_h04_floods_roll_for_each_land_beyond_the_first(monkeypatch):
    """H04: 1-2 washes a Land away; the first Land is never rolled for (Z-F31)."""
    Dice(monkeypatch, 1, 2, 6, 5, 3, 1)  # seat 1: 2 rolls, seat 2: none (1 Land), seat 0: 4
    state, events = reveal(three(a=dict(land=5), c=dict(land=1)), "H04", *NEXT)
    assert [e.land for e in state.estates] == [4, 1, 1]
    assert sum(e.kind == "rolled" for e in events) == 6


def test_h05_collectivisation_rounds_down():
    """H05, Z-R6: halves into the pot, shared equally, the remainder to the State."""
    state, _ = reveal(three(a=dict(zestre=7), b=dict(zestre=4), c=dict(zestre=0)), "H05", *NEXT)
    # pot 3 + 2 + 0 = 5, share 1 each, 2 to the State
    assert [e.zestre for e in state.estates] == [5, 3, 1]


def test_h07_tatars_prompt_each_boyar_with_an_adult_single(monkeypatch):
    """H07, Z-R36: Boyars with adult singles (not babies, not abroad) choose at once;
    the chosen dies; a Boyar with none pays 2 (as much as they have, Z-R5)."""
    state = three(a=dict(singles=("L10", "M10")), b=dict(zestre=1, singles=("M11",), babies=("M11",)),
                  c=dict(zestre=5, singles=("L11",)))
    state = attrs.evolve(state, roles=(("L11", "F15-1"),))
    state, _ = reveal(state, "H07", *NEXT)
    assert game.active_seats(state) == {0}
    assert prompt(state, 0).choices == ("L10", "M10")
    assert game.default_action(state, 0) == Choose(("M10",))  # most recent (§3.9)
    refused_by(game, state, Choose(("L01",)), 0)
    state, _ = game.apply(state, 0, Choose(("L10",)))
    assert state.gone == ("L10",)
    # seat 2 paid 2 of 5, then L11 abroad brought 1 at Production (F15)
    assert [e.zestre for e in state.estates] == [0, 0, 4]


def test_h08_highway_takes_land_from_all_who_have_the_most():
    """H08: every Boyar tied for most Land gives 1 for 2 Zestre; 1 Land loses nothing."""
    state, _ = reveal(three(a=dict(land=4), b=dict(land=4)), "H08", *NEXT)
    assert [(e.land, e.zestre) for e in state.estates] == [(3, 2), (3, 2), (3, 0)]
    state, _ = reveal(three(a=dict(land=1), b=dict(land=1), c=dict(land=1)), "H08", *NEXT)
    assert [(e.land, e.zestre) for e in state.estates] == [(1, 0)] * 3


def test_h09_strawberry_pickers_leave_without_paying_the_preacher(monkeypatch):
    """H09, Z-R18, Z-R21: leaving is not dying: no Preacher payout."""
    state = attrs.evolve(three(a=dict(singles=("M10", "M11"))), roles=(("L02", "F04-1"),))
    Dice(monkeypatch, 2, 3)
    state, _ = reveal(state, "H09", *NEXT)
    assert state.gone == ("M10",) and state.estates[1].zestre == 0


def test_h11_cholera_one_spouse_and_one_couple_always_survives(monkeypatch):
    """H11, Z-R17: one spouse of each Couple rolling a 1 dies, chosen by the Boyar; if
    every Couple is hit one stays whole; a Boyar's only Couple is never touched."""
    state = three(a=dict(couples=(("L01", "M01"), ("L10", "M10"), ("L11", "M11"))),
                  b=dict(couples=(("L02", "M02"), ("L12", "M12"))))
    # seat 1 (start): both Couples hit; seat 2: its only Couple hit; seat 0: 1, 5, 1
    Dice(monkeypatch, 1, 1, 1, 1, 5, 1)
    state, _ = reveal(state, "H11", *NEXT)
    assert game.active_seats(state) == {0, 1}
    p0, p1 = prompt(state, 0), prompt(state, 1)
    assert (p0.lo, p1.lo) == (2, 1)  # seat 0: 2 of 3 hit; seat 1: all hit, one kept
    assert set(p0.choices) == {"L01", "M01", "L11", "M11"}
    e = refused_by(game, state, Choose(("L01", "M01")), 0)
    assert e.code == "one-spouse"
    assert game.default_action(state, 1) == Choose(("M12",))  # the Wife; the oldest kept
    state, _ = answer_all(state, {0: ("L01", "M11")})
    assert set(state.gone) == {"L01", "M11", "M12"}
    assert [len(e.couples) for e in state.estates] == [1, 1, 1]
    assert state.estates[0].singles == ("M01", "L11") and state.estates[1].singles == ("L12",)
    assert villager_count(state) == 84


def test_h12_harsh_winter(monkeypatch):
    """H12: 1 Zestre per adult single, forced while Zestre lasts; a Boyar short of
    Zestre chooses who is paid for; the rest freeze and die; with 0 Zestre no choice."""
    state = three(a=dict(zestre=1, singles=("L10", "M10", "L11")), b=dict(zestre=5, singles=("M11",)),
                  c=dict(zestre=0, singles=("L12",)))
    state, _ = reveal(state, "H12", *NEXT)
    assert game.active_seats(state) == {0}
    assert game.default_action(state, 0) == Choose(("L10",))  # earliest arrived (§3.9)
    state, _ = game.apply(state, 0, Choose(("M10",)))
    assert set(state.gone) == {"L10", "L11", "L12"}
    assert [e.zestre for e in state.estates] == [0, 4, 0]


def test_h13_tax_collector():
    """H13: 1 Zestre per Land, forced (Z-R5)."""
    state, _ = reveal(three(a=dict(zestre=5, land=4), b=dict(zestre=2)), "H13", *NEXT)
    assert [e.zestre for e in state.estates] == [1, 0, 0]


def tolls(events) -> list[tuple[int, int, int]]:
    """``(seat, owed, paid)`` of each Boyar's payment to the Time card, in order."""
    return [(e.seat, e.owed, e.paid) for e in events if e.kind == "toll"]


def test_each_boyars_payment_to_a_time_card_is_told(monkeypatch):
    """Play-test 21, item 4 (reference §5, Z-R5): a Time card that makes Boyars pay
    tells each Boyar's payment as an event, in start-player order (seat 1 first in
    turn 2), with what it owed when it could pay only part: Tax Collector 1 a Land;
    Bandits the die; Collectivisation half; the Tatars 2 from a Boyar with no single
    to give; Harsh Winter 1 a single (a Boyar with no single owes nothing)."""
    rich, short, none = dict(zestre=6, land=4), dict(zestre=1, land=2), dict(zestre=0)
    _, events = reveal(three(a=rich, b=short, c=none), "H13", *NEXT)
    assert tolls(events) == [(1, 2, 1), (2, 3, 0), (0, 4, 4)]
    Dice(monkeypatch, 5, 2, 6)
    _, events = reveal(three(a=rich, b=short, c=none), "H03", *NEXT)
    assert tolls(events) == [(1, 5, 1), (2, 2, 0), (0, 6, 6)]
    _, events = reveal(three(a=rich, b=short, c=dict(zestre=3)), "H05", *NEXT)
    assert tolls(events) == [(2, 1, 1), (0, 3, 3)]  # (nothing owed: no payment told)
    state, _ = reveal(three(a=dict(zestre=1, singles=("L10",)), b=short, c=none), "H07", *NEXT)
    _, events = game.apply(state, 0, Choose(("L10",)))
    assert tolls(events) == [(1, 2, 1), (2, 2, 0)]
    winter = three(a=dict(zestre=1, singles=("L10", "M10")), b=dict(zestre=3, singles=("M11",)), c=none)
    state, _ = reveal(winter, "H12", *NEXT)
    _, events = game.apply(state, 0, Choose(("M10",)))
    assert tolls(events) == [(1, 1, 1), (0, 2, 1)]


@pytest.mark.parametrize("card", ["G3", "H06", "H10", "H14"])
def test_turn_long_cards_do_nothing_at_step_one(card):
    """G3, H06, H10, H14 act later in the turn (§5): step I changes nothing."""
    before = three(a=dict(zestre=3))
    state, _ = reveal(before, card, *NEXT)
    assert state.estates == before.estates and state.time_card == card
