"""Estate's set-up (issue 10 "Set-up (Realm board, Leaders with leaders = choose | random,
starting builds and resources, the simultaneous draft with the Warden's extra, Family
Secrets, first player)"; rulebook Setup 1-13; reference E-F5-E-F15, E-R1-E-R6, E-F47-E-F49;
pitfalls E-1)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import cattrs
import pytest

from rules.core import option_specs
from rules.estate import setup as S
from rules.estate import views as V
from rules.estate.data import BY_NAME, CONTENT, card
from rules.estate.state import Answer, ChooseLeader, EstateOptions, EstateState, KeepSecret, Pick
from tests.rules.contract import refused_by

RANDOM = EstateOptions(leaders="random")


class _Game:  # the contract helper needs apply and legal_actions only
    apply = staticmethod(S.apply)
    legal_actions = staticmethod(S.legal_actions)


def leader(name: str) -> str:
    return next(lid for lid, ld in CONTENT.leaders.items() if ld.name == name)


def choose(seats: int, names: list[str], seed: int = 1) -> EstateState:
    """Set up with ``names[s]`` for seat ``s``, chosen last seat first (E-R1)."""
    st = S.setup(EstateOptions(), seats, seed)
    for seat in reversed(range(seats)):
        st, _ = S.apply(st, seat, ChooseLeader(leader(names[seat])))
    return st


def finish_extra(st: EstateState, rnd: random.Random) -> EstateState:
    while st.phase == "extra":
        seat = min(S.active_seats(st))
        st, _ = S.apply(st, seat, rnd.choice(S.legal_actions(st, seat)))
    return st


def play_out(st: EstateState, seed: int = 0) -> EstateState:
    rnd = random.Random(seed)
    while S.active_seats(st):
        seat = min(S.active_seats(st))
        st, _ = S.apply(st, seat, rnd.choice(S.legal_actions(st, seat)))
    return st


def cards_total(st: EstateState) -> int:
    t = st.table
    packets = sum(len(p) for p in st.draft.packets) if st.draft else 0
    return (len(t.deck) + len(t.discard) + sum(1 for m in t.market if m) + packets
            + sum(len(e.cards) + len(e.hand) + len(e.tucked) for e in t.estates))


def test_options_are_described():
    """E-R1: leaders = choose | random (default choose); the Interactive Deck on or off;
    E-F2: 1-5 players."""
    specs = {s.name: s for s in option_specs(EstateOptions)}
    assert specs["leaders"].kind == "choice" and specs["leaders"].choices == ("choose", "random")
    assert specs["leaders"].default == "choose" and specs["interactive_deck"].kind == "yes-no"
    with pytest.raises(ValueError):
        EstateOptions(leaders="auction")
    with pytest.raises(ValueError):
        S.setup(EstateOptions(), 6, 1)
    with pytest.raises(ValueError):
        S.setup(EstateOptions(), 0, 1)
    from rules.estate import GAME
    assert GAME.seat_counts(EstateOptions()) == (1, 2, 3, 4, 5)


def test_e_r1_leaders_chosen_last_seat_first_and_eligibility():
    """E-R1 / E-F8 / E-F48: the last seat chooses first; 2 players: 7 Leaders (no Spy
    Master); solo: the 5 solo Leaders; a taken Leader is gone."""
    st = S.setup(EstateOptions(), 3, 5)
    assert S.active_seats(st) == {2} and len(S.legal_actions(st, 2)) == 8
    st, _ = S.apply(st, 2, ChooseLeader(leader("Warden")))
    assert S.active_seats(st) == {1} and ChooseLeader(leader("Warden")) not in S.legal_actions(st, 1)
    assert refused_by(_Game, st, ChooseLeader(leader("Warden")), 1).code == "not-legal"
    assert refused_by(_Game, st, ChooseLeader(leader("Sorcerer")), 0).code == "not-legal"
    assert len(S.eligible_leaders(2)) == 7 and leader("Spy Master") not in S.eligible_leaders(2)
    assert {CONTENT.leaders[x].name for x in S.eligible_leaders(1)} == {
        "Warlord", "Druid Lord", "Pious One", "Agrarian Lord", "Sorcerer"}


def test_random_leaders_are_different_and_eligible():
    """E-R1: with random, each seat a different eligible Leader, from the state's RNG."""
    for seats in range(1, 6):
        for seed in range(20):
            st = S.setup(RANDOM, seats, seed)
            assert len(set(st.leaders)) == seats
            assert set(st.leaders) <= set(S.eligible_leaders(seats))


def test_realm_board_events_tiles_market_and_supplies():
    """E-F5: Era 1 negative, 3 negative and 2 positive in all; E-F6: one tile per level
    1-4; E-F7: 1 token on each accumulating space, 1 I S W G per player, 4 Market cards;
    E-F9: 4 workers each (2 on the tower); E-F13 + E-R4: 5 cards each dealt."""
    for seed in range(30):
        st = S.setup(RANDOM, 4, seed)
        pol = [CONTENT.events[e].polarity for e in st.events]
        assert pol[0] == "negative" and Counter(pol) == {"negative": 3, "positive": 2}
        assert [CONTENT.tiles[t].level for t in st.tiles] == [1, 2, 3, 4]
        assert st.accumulated == (1, 1, 1, 1) and all(st.table.market)
        st = finish_extra(st, random.Random(seed))
        for e in st.table.estates:
            assert (e.permanent, e.pending, e.temporary) == (4, 0, 0)
        assert [len(p) for p in st.draft.packets] == [5] * 4


def test_e_f10_starting_builds_and_cubes():
    """E-F10 / E-R8 / §5: the Starting Build lies in the Estate and removes a cube per
    card; E-F18 the Druid Lord also resolves the Innkeeper (+2 resources); E-F23 the
    Sorcerer's Mage removes one more cube of choice; E-F17 Warlord: 2 Production cubes."""
    st = choose(3, ["Warlord", "Druid Lord", "Sorcerer"])
    assert st.phase == "extra"
    names = [[card(c).name for c in e.cards] for e in st.table.estates]
    assert names == [["Assassin", "Forge"], ["Forest", "Innkeeper"], ["Mage"]]
    assert st.table.estates[0].cubes == (2, 0, 0) and st.table.estates[1].cubes == (1, 0, 1)
    assert S.active_seats(st) == {1}  # the Druid Lord's 2 resources of choice first
    st, _ = S.apply(st, 1, Answer("S"))
    st, _ = S.apply(st, 1, Answer("S"))
    assert st.table.estates[1].res == (1, 3, 1, 1)
    assert S.active_seats(st) == {2} and S.legal_actions(st, 2) == [
        Answer("Production"), Answer("Noble"), Answer("Gather")]
    st, _ = S.apply(st, 2, Answer("Noble"))
    assert st.table.estates[2].cubes == (0, 2, 0) and st.phase == "draft"
    total = sum(len(e.cards) for e in st.table.estates)
    assert cards_total(st) == 156 and total == 5


def test_e_r4_pious_one_keeps_a_card_and_drafts_to_five():
    """E-F19 / E-R4 / E-R30: the Place of Worship's When Played resolves in extra setup;
    the kept card joins the hand before the draft, so the Pious One ends with 5 (more if
    the card played draws); a played card removes one more cube."""
    for seed in range(8):
        st = choose(2, ["Pious One", "Warlord"], seed)
        rnd = random.Random(seed)
        st = finish_extra(st, rnd)
        e = st.table.estates[0]
        played = len(e.cards) - 1
        assert e.cubes[1] == 1 + sum(card(c).track == "Noble" for c in e.cards[1:])
        assert sum(e.cubes) == 1 + played and len(e.hand) >= 1
        before = len(e.hand)
        st = play_out(st, seed)
        assert len(st.table.estates[0].hand) == 4 + before and len(st.table.estates[1].hand) == 4
        assert cards_total(st) == 156


def test_pitfall_e1_draft_passes_left_to_the_next_seat():
    """Pitfall E-1 / E-F14: seat s passes to s+1; at pick k seat s holds the packet dealt
    to s-(k-1) less earlier picks; each keeps 4; the leftovers go face up to the discard
    pile; the view names the seat passed to. With 4, 3 and 2 players."""
    for seats in (4, 3, 2):
        st = finish_extra(S.setup(attrs.evolve(RANDOM), seats, 11), random.Random(1))
        st = attrs.evolve(st, leaders=tuple(leader("Warlord") if CONTENT.leaders[x].name == "Warden" else x
                                            for x in st.leaders))
        dealt = st.draft.packets
        taken: list[str] = []
        for k in range(1, 5):
            for s in range(seats):
                expected = [c for c in dealt[(s - (k - 1)) % seats] if c not in taken]
                assert list(st.draft.packets[s]) == expected, (seats, k, s)
                assert V.view(st, s).passing_to == (s + 1) % seats
                assert V.view(st, s).packet == st.draft.packets[s]
            for s in range(seats):
                c = st.draft.packets[s][0]
                taken.append(c)
                st, _ = S.apply(st, s, Pick(c))
        assert all(len(e.hand) == 4 + (CONTENT.leaders[x].name == "Pious One") * len(e.hand[4:])
                   for e, x in zip(st.table.estates, st.leaders))
        assert [e.hand[-4:] for e in st.table.estates] == [
            tuple(taken[s::seats]) for s in range(seats)]
        leftover = {c for p in dealt for c in p} - set(taken)
        assert set(st.table.discard[-seats:]) == leftover and len(leftover) == seats
        assert set(V.view(st, 0).discard[-seats:]) == leftover  # public (E-R32)


def test_e_r5_warden_tucks_two_draft_cards():
    """E-F22 / E-R5: at most twice, once per pick, the Warden tucks a second card of the
    packet under the Dungeon and puts the deck's top card into the packet, so it passes
    on as large; the Warden sees the replacement."""
    st = finish_extra(choose(2, ["Warden", "Warlord"], 3), random.Random(0))
    dungeon = st.table.estates[0].cards[0]
    packet = st.draft.packets[0]
    top = st.table.deck[0]
    assert Pick(packet[0], packet[1]) in S.legal_actions(st, 0)
    assert not any(a.tuck for a in S.legal_actions(st, 1))
    st, events = S.apply(st, 0, Pick(packet[0], packet[1]))
    assert st.table.estates[0].tucked == ((dungeon, packet[1]),)
    assert st.draft.packets[0] == (*packet[2:], top) and top in events[0].cards
    assert V.project_event(events[0], 1).cards == ()
    st, _ = S.apply(st, 1, S.legal_actions(st, 1)[0])
    st, _ = S.apply(st, 0, S.legal_actions(st, 0)[-1])  # a second tuck
    assert len(st.table.estates[0].tucked) == 2
    assert not any(a.tuck for a in S.legal_actions(st, 0))  # at most 2 (E-R5)
    st = play_out(st)
    assert len(st.table.estates[0].hand) == 4 and cards_total(st) == 156


def test_e_f12_family_secrets_and_first_player():
    """E-F12: 2 Family Secrets dealt, one kept after the draft, hidden from the others;
    E-R1 / E-F15: then a random first player and Era 1."""
    st = S.setup(RANDOM, 3, 4)
    assert all(len(s) == 2 for s in st.secrets)
    assert len({x for s in st.secrets for x in s}) == 6
    while st.phase != "secrets":
        seat = min(S.active_seats(st))
        st, _ = S.apply(st, seat, S.legal_actions(st, seat)[0])
    assert S.active_seats(st) == {0, 1, 2}
    assert V.view(st, 0).estates[1].secrets == () and V.view(st, 1).estates[1].secrets == st.secrets[1]
    keep = st.secrets[1][1]
    assert refused_by(_Game, st, KeepSecret(st.secrets[0][0]), 1).code == "not-legal"
    st, events = S.apply(st, 1, KeepSecret(keep))
    assert st.secrets[1] == (keep,) and V.project_event(events[0], 0).cards == ()
    for seat in (0, 2):
        st, events = S.apply(st, seat, KeepSecret(st.secrets[seat][0]))
    assert st.phase == "era" and st.era == 1 and 0 <= st.first < 3
    firsts = {play_out(S.setup(RANDOM, 3, seed), seed).first for seed in range(30)}
    assert firsts == {0, 1, 2}


def test_e_f48_solo_setup():
    """E-F48 / E-F49 / E-R28 / E-F47: solo has no Interactive Deck (149 cards), no Family
    Secrets; the player draws 10 and keeps 4, never a Solo Mode card; one Solo Era Event
    per Era; the other 6 are discarded."""
    for seed in range(15):
        st = finish_extra(S.setup(RANDOM, 1, seed), random.Random(seed))
        assert [CONTENT.solo_events[e].era for e in st.events] == [1, 2, 3, 4, 5]
        assert st.secrets == () and len(st.draft.packets[0]) == 10
        assert not any(card(c).solo for c in st.draft.packets[0])
        assert not any(card(c).solo for c in st.table.market if c)
        st = play_out(st, seed)
        e = st.table.estates[0]
        assert st.phase == "era" and cards_total(st) == 149
        assert len(e.hand) == 4 + (CONTENT.leaders[st.leaders[0]].name == "Pious One")
        assert not any(card(c).interactive for c in (*st.table.deck, *st.table.discard, *e.hand))


def test_interactive_deck_option_off():
    """E-R27: with the Interactive Deck off, Judge, Royal Ambassador and City Watch are
    out of the deck (149 cards)."""
    st = play_out(S.setup(EstateOptions(leaders="random", interactive_deck=False), 3, 2))
    assert cards_total(st) == 149
    assert cards_total(play_out(S.setup(RANDOM, 3, 2))) == 156


def test_views_hide_hands_packets_tucked_and_the_deck():
    """E-R32: a hand's contents and tucked cards only for their owner, the deck as a count,
    the draft packet only the seat's own, an answer's cards only to who answers; a
    canary card in seat 1's hand never shows in another view."""
    st = finish_extra(choose(3, ["Warden", "Warlord", "Sorcerer"], 9), random.Random(2))
    canary = st.draft.packets[1][0]
    st, _ = S.apply(st, 1, Pick(canary))
    st, _ = S.apply(st, 0, Pick(st.draft.packets[0][0], st.draft.packets[0][1]))
    for viewer in (0, 2, None):
        v = V.view(st, viewer)
        assert canary not in repr(v) or viewer == 1
        assert v.estates[1].hand == () and v.estates[1].hand_count == 1
        if viewer != 0:
            assert v.estates[0].tucked == () and v.estates[0].tucked_under == (st.table.estates[0].cards[0],)
    assert V.view(st, 1).estates[1].hand == (canary,)
    assert V.view(st, 2).packet == st.draft.packets[2] and V.view(st, 2).deck_count == len(st.table.deck)
    assert all(ev == "" for ev in V.view(st, 0).era_events)


def test_determinism_and_cattrs_round_trip():
    """Same seed, same game; the state survives a cattrs round trip at every step."""
    conv = cattrs.Converter()
    a, b = S.setup(RANDOM, 4, 77), S.setup(RANDOM, 4, 77)
    assert a == b
    rnd = random.Random(3)
    while S.active_seats(a):
        assert conv.structure(conv.unstructure(a), EstateState) == a
        seat = min(S.active_seats(a))
        a, _ = S.apply(a, seat, rnd.choice(S.legal_actions(a, seat)))
    assert play_out(S.setup(RANDOM, 4, 77), 3) == a


def test_bad_answer_is_refused_and_changes_nothing():
    """Bad input gets a clear error and loses nothing (common.md)."""
    st = choose(2, ["Sorcerer", "Warlord"])
    assert refused_by(_Game, st, Answer("Heaven"), 0).code == "not-legal"
    assert refused_by(_Game, st, Pick(st.table.deck[0]), 1).code == "not-legal"
    assert BY_NAME["Mage"].id in st.table.estates[0].cards[0]
