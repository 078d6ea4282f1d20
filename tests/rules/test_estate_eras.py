"""Eras, objectives, game end, scoring and solo mode (issue 10; rulebook Play: Era Start,
Era End, Era Reset; Win; Solo; reference E-F3, E-F25, E-F40-E-F47, E-F50, E-R18-E-R23)."""

from __future__ import annotations

import random

import attrs

from rules.estate import eras, game as G, scoring
from rules.estate.data import BY_NAME, CONTENT
from rules.estate.state import Answer, ChooseOption, EstateOptions, EstateState
from rules.estate.table import Estate


def cp(name: str, k: int = 1) -> str:
    return f"{BY_NAME[name].id}-{k}"


def to_turns(seats: int, seed: int = 1, options=EstateOptions(leaders="random")) -> EstateState:
    """A new game played (first legal choices) until Era 1's turns begin."""
    st = G.new_game(options, seats, seed)
    rnd = random.Random(seed)
    while st.phase != "turns":
        seat = min(G.active_seats(st))
        st, _ = G.apply(st, seat, rnd.choice(list(G.legal_actions(st, seat))))
    return st


def end_era(st: EstateState, **changes) -> EstateState:
    """Jump to the end of the current Era with ``changes`` and run its steps."""
    return eras.progress(attrs.evolve(st, phase="era_end", doing=None, pending=None, queue=(),
                                      offer=None, **changes))


def answer_all(st: EstateState, until=lambda s: False) -> EstateState:
    while not until(st) and G.active_seats(st) and st.phase in ("era_start", "era_end"):
        seat = min(G.active_seats(st))
        st, _ = G.apply(st, seat, G.legal_actions(st, seat)[0])
    return st


def test_e_r20_objective_placings_golden():
    """E-F42 / E-R20 rulebook examples: Eras 1-4 a 2-way tie for 1st gives 3 each, a 4-way
    tie 1 each, a 5-way tie nothing; E-F43 Era 5 [6, 3, 1]: two tied first get 4 each and the next, third,
    1; Era 5 tie for 2nd 2 each; three tied for 3rd 0; zero measures tie too."""
    assert eras.placings([5, 5, 2, 1], False) == [(1, 3), (1, 3), (3, 0), (4, 0)]
    assert eras.placings([4, 4, 4, 4, 1], False) == [(1, 1)] * 4 + [(5, 0)]
    assert eras.placings([2] * 5, False) == [(1, 0)] * 5
    assert eras.placings([2] * 5, True) == [(1, 0)] * 5
    assert eras.placings([7, 7, 3, 0], True) == [(1, 4), (1, 4), (3, 1), (4, 0)]
    assert eras.placings([9, 5, 5, 0], True) == [(1, 6), (2, 2), (2, 2), (4, 0)]
    assert eras.placings([9, 8, 1, 1, 1], True) == [(1, 6), (2, 3), (3, 0), (3, 0), (3, 0)]
    assert eras.placings([0, 0], False) == [(1, 3), (1, 3)]


def test_e_f41_objective_rewards_and_first_places():
    """E-F41 / E-R19: 1st 6 VP (written down); 2nd 1 card + 1 resource; 3rd and lower 1
    card (E-R39: the rulebook, not the publisher's "1 resource"); friendly ties get the whole non-VP reward; E-R23 first places counted."""
    st = to_turns(4)
    eid = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Unrest")  # most cards
    none = (0, 0, 0, 0)
    estates = [Estate(res=none, cards=(cp("Farm", 1), cp("Farm", 2))), Estate(res=none, cards=(cp("Farm", 3),)),
               Estate(res=none, cards=(cp("Farm", 4),)), Estate(res=none)]
    st = attrs.evolve(st, events=(eid, *st.events[1:]), first=0,
                      table=attrs.evolve(st.table, estates=tuple(estates)))
    st = end_era(st)
    assert G.legal_actions(st, 1) and min(G.active_seats(st)) == 1  # 2nd chooses a resource
    st = answer_all(st, lambda s: s.phase == "era_start" and s.pending is None and not s.queue)
    hands = [len(e.hand) for e in st.table.estates]
    assert hands == [0, 1, 1, 1] and st.objective_vp == (6, 0, 0, 0) and st.firsts == (1, 0, 0, 0)
    # seats 1 and 2 tie for 2nd: each gets the whole non-VP reward of place 2 (E-F42)
    assert [sum(e.res) for e in st.table.estates] == [0, 1, 1, 0]
    assert st.places == ((1, 2, 2, 4),)


def test_e_f40_reset():
    """E-F40 / E-R19 (3): accumulating spaces +1, a new Market (the old one discarded),
    pending workers become permanent, temporary ones leave, Crests turn back, the first
    player passes clockwise, the next Era starts (E-R18) with its event revealed."""
    st = to_turns(3, seed=2)
    old_market = st.table.market
    estates = list(st.table.estates)
    estates[0] = attrs.evolve(estates[0], pending=1, temporary=1)
    st = attrs.evolve(st, first=1, crests=(True, False, True), accumulated=(0, 1, 2, 3),
                      table=attrs.evolve(st.table, estates=tuple(estates)))
    growth = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Growth")
    st = attrs.evolve(st, events=(st.events[0], growth, *st.events[2:]))
    st = answer_all(end_era(st))
    e = st.table.estates[0]
    assert st.era == 2 and st.first == 2 and st.crests == (False, False, False)
    assert (e.permanent, e.pending, e.temporary) == (5, 0, 0)
    assert st.accumulated == (1, 2, 3, 4)
    assert set(old_market) <= set(st.table.discard) and all(st.table.market)
    assert not set(old_market) & set(st.table.market)
    assert st.phase == "turns" and st.turn == 2 and st.used_workers == (0, 0, 0)
    assert any(m.rule == "resolve_twice" for m in st.table.modifiers)  # Growth holds


def test_e_f40_drought_blocks_the_accumulation():
    """§6.1 E-E9: at the Drought Era's reset the accumulating spaces gain nothing."""
    st = to_turns(2, seed=3)
    drought = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Drought")
    st = eras._apply_event(attrs.evolve(st, events=(drought, *st.events[1:])), drought,
                           list(CONTENT.events[drought].effects), lambda on: on)
    st = answer_all(end_era(st))
    assert st.accumulated == (1, 1, 1, 1) and st.era == 2


def test_e_r18_era_start_immediate_event_in_turn_order_and_start_cards():
    """E-R18: the Era Event's immediate effect resolves for each player in turn order
    (Taxation: 1 Gold, else 1 resource); At Era Start cards follow (Royal Consort)."""
    st = to_turns(2, seed=4)
    tax = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Taxation")
    consort = cp("Royal Consort", 3)
    estates = (Estate(gold=2, cards=(consort,)), Estate(res=(0, 0, 1, 0)))
    storms = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Storms")  # a tie
    st = attrs.evolve(st, events=(storms, tax, *st.events[2:]),
                      table=attrs.evolve(st.table, estates=estates), first=1)
    st = answer_all(end_era(st))
    e0, e1 = st.table.estates
    assert e0.gold == 1 and e1.res == (0, 0, 0, 0)
    assert st.places[0] == (1, 1) and len(e0.hand) == 1  # the Consort's card


def test_e_r19_era_end_cards():
    """E-R19 (1): At Era End cards resolve before the objective (Granary stores Grain;
    Knight with a Castle gains Gold)."""
    st = to_turns(2, seed=5)
    gran, knight, castle = cp("Granary"), cp("Knight"), cp("Castle")
    st = attrs.evolve(st, table=attrs.evolve(st.table, estates=(Estate(cards=(gran, knight, castle)), Estate())))
    st = answer_all(end_era(st))
    assert st.table.estates[0].stored == ((gran, "G"),) and st.table.estates[0].gold == 1


def test_e_f44_scoring_categories_and_e_r22():
    """E-F44: the eight categories; E-R22 / E-F35: a tucked card scores 1 whatever it
    prints; E-F36: personal resources score nothing; E-F37: Gold, personal and stored, 1
    each; E-F62 Royal Guard counts itself."""
    st = to_turns(2, seed=6)
    guard, castle, gran = cp("Royal Guard"), cp("Castle"), cp("Granary")
    e = Estate(res=(5, 5, 5, 5), gold=3, cards=(guard, castle, gran), cubes=(7, 2, 0),
               tucked=((castle, cp("Royal Palace")),), stored=((gran, "G"), (gran, "Gold")))
    secret = next(s for s, x in CONTENT.secrets.items() if x.name == "Buried Secrets")
    st = attrs.evolve(st, table=attrs.evolve(st.table, estates=(e, Estate())), objective_vp=(9, 0),
                      secrets=((secret,), st.secrets[1]), phase="over")
    parts = dict(scoring.categories(st, 0))
    assert parts == {"cards": 1 + 5 + 1, "game end": 1, "gold": 4, "tucked": 1, "stored": 1,
                     "objectives": 9, "secret": 0, "tracks": 7}
    assert G.result(st).scores[0].total == sum(parts.values())


def test_e_f45_tie_break():
    """E-F45 / E-R23: tied VP: more objective first places wins, then more Estate cards;
    still tied, a shared victory."""
    st = to_turns(3, seed=7)
    blank = (Estate(), Estate(), Estate())
    st = attrs.evolve(st, table=attrs.evolve(st.table, estates=blank), objective_vp=(6, 6, 0),
                      firsts=(1, 1, 0), secrets=(), phase="over")
    assert G.result(st).winners == {0, 1}
    st2 = attrs.evolve(st, firsts=(1, 2, 0))
    assert G.result(st2).winners == {1}
    monk = cp("Monk")
    more = attrs.evolve(st.table, estates=(Estate(), Estate(cards=(monk,)), Estate()))
    st3 = attrs.evolve(st, table=more, objective_vp=(6 + BY_NAME["Monk"].vp, 6, 0), firsts=(1, 1, 0))
    assert G.result(st3).scores[0].total == G.result(st3).scores[1].total  # the Monk's VP
    assert G.result(st3).winners == {1}  # tied VP and firsts; more Estate cards


def test_e_f50_solo_titles():
    """E-F50: 0-39 Pauper, 40-49 Traveling Minstrel, 50-74 Baron/Baroness, 75-89
    Duke/Duchess, 90-109 Monarch, 110+ Empire Builder."""
    for total, name in [(0, "Pauper"), (39, "Pauper"), (40, "Traveling Minstrel"),
                        (49, "Traveling Minstrel"), (50, "Baron/Baroness"), (74, "Baron/Baroness"),
                        (75, "Duke/Duchess"), (89, "Duke/Duchess"), (90, "Monarch"),
                        (109, "Monarch"), (110, "Empire Builder"), (150, "Empire Builder")]:
        assert scoring.title(total) == name


def test_e_f47_solo_option_choice_and_e_r21_objectives():
    """E-F47: on reveal the solo player picks option A or B; E-R21 / E-F46: meeting the
    objective gives 6 VP, the third failure ends the game at once, lost, with no title."""
    st = G.new_game(EstateOptions(leaders="random"), 1, 8)
    rnd = random.Random(8)
    while not st.choosing:
        st, _ = G.apply(st, 0, rnd.choice(list(G.legal_actions(st, 0))))
    assert G.legal_actions(st, 0) == [ChooseOption("a"), ChooseOption("b")]
    first = st.events[0]
    st, _ = G.apply(st, 0, ChooseOption("b"))
    assert st.solo_options == ("b",)
    ev = CONTENT.solo_events[first]
    if any(t.on == "era" for t in ev.b):
        assert st.table.modifiers
    st = answer_all(st)
    cards = tuple(cp("Farm", k) for k in range(1, 5)) + tuple(cp("Monk", k) for k in range(1, 3))
    met = attrs.evolve(st.table, estates=(attrs.evolve(st.table.estates[0], cards=cards),))
    after = end_era(attrs.evolve(st, table=met))
    assert after.objective_vp == (6,) and after.failures == 0
    lost = end_era(attrs.evolve(st, failures=2, table=attrs.evolve(st.table, estates=(Estate(),))))
    assert lost.phase == "over" and lost.lost and G.result(lost).winners == frozenset()
    assert not any("title" in line for line in G.result(lost).scores[0].breakdown)


def test_e_f3_five_eras_and_the_game_ends():
    """E-F3 / E-R22: the game ends after Era 5's objective; the score pad has eight
    categories (and a title in solo); Family Secrets are shown to all at the end."""
    for seats in (1, 3):
        st = G.new_game(EstateOptions(leaders="random"), seats, 21)
        rnd = random.Random(1)
        eras_seen = set()
        while not G.is_over(st):
            seat = min(G.active_seats(st))
            st, _ = G.apply(st, seat, rnd.choice(list(G.legal_actions(st, seat))))
            eras_seen.add(st.era)
        res = G.result(st)
        assert [name for name, _ in res.scores[0].parts] == list(scoring.CATEGORIES)
        if seats == 1:
            assert st.lost or any("title" in x for x in res.scores[0].breakdown)
        else:
            assert eras_seen - {0} == {1, 2, 3, 4, 5} and len(st.places) == 5
            assert G.view(st, 0).estates[1].secrets == st.secrets[1]


def test_pending_answer_at_era_end_is_checked():
    """Bad input gets a clear error and loses nothing: an answer not offered at Era end
    is refused."""
    st = to_turns(4)
    eid = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Unrest")
    estates = (Estate(cards=(cp("Farm", 1), cp("Farm", 2))), Estate(cards=(cp("Farm", 3),)), Estate(), Estate())
    st = end_era(attrs.evolve(st, events=(eid, *st.events[1:]), first=0,
                              table=attrs.evolve(st.table, estates=estates)))
    from tests.rules.contract import refused_by

    class _G:
        apply = staticmethod(G.apply)
        legal_actions = staticmethod(G.legal_actions)
    assert refused_by(_G, st, Answer("Gold"), 1).code == "not-legal"
