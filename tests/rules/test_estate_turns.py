"""Turns within an Era: the four worker actions, the Realm board, conversion, storage,
the Market, limits and Leader abilities (issue 10; rulebook Play, Produce, Draw, Gather,
Expand, FAQ; reference E-F26-E-F31, E-F38, E-F39, E-F51, E-F59, E-R10-E-R17, E-R24,
E-R33-E-R35)."""

from __future__ import annotations

import random

import attrs

from rules.estate import setup as S
from rules.estate import turns as T
from rules.estate import views as V
from rules.estate.data import BY_NAME, CONTENT
from rules.estate.state import (Activate, Answer, ChooseLeader, Convert, Draw, EndTurn, EstateOptions,
                                EstateState, Expand, Gather, Produce, StopProducing, StoreOn, UseAbility)
from rules.estate.table import Estate
from tests.rules.contract import refused_by


class _Game:
    apply = staticmethod(T.apply)
    legal_actions = staticmethod(T.legal_actions)


def cp(name: str, k: int = 1) -> str:
    return f"{BY_NAME[name].id}-{k}"


def lid(name: str) -> str:
    return next(x for x, ld in CONTENT.leaders.items() if ld.name == name)


def ready(names: list[str], estates: list[Estate] | None = None, seed: int = 1,
          market=None, tiles=None) -> EstateState:
    """Set-up done with these Leaders (first player seat 0), Estates replaced by
    ``estates`` if given, then the Era's first turn."""
    st = S.setup(EstateOptions(), len(names), seed)
    for seat in reversed(range(len(names))):
        st, _ = S.apply(st, seat, ChooseLeader(lid(names[seat])))
    rnd = random.Random(seed)
    while S.active_seats(st):
        seat = min(S.active_seats(st))
        st, _ = S.apply(st, seat, rnd.choice(S.legal_actions(st, seat)))
    table = st.table
    if estates is not None:
        table = attrs.evolve(table, estates=tuple(estates))
    if market is not None:
        table = attrs.evolve(table, market=tuple(market))
    st = attrs.evolve(st, table=table, first=0, tiles=tuple(tiles or st.tiles))
    return T.begin_turns(st)


def act(st, seat, *actions, end: bool = True):
    """Apply ``actions``; then, with ``end``, end the turn if its action is done and
    conversions or storage moves still hold it open (E-R10)."""
    for a in actions:
        st, _ = T.apply(st, seat, a)
    if end and st.phase == "turns" and EndTurn() in T.legal_actions(st, seat):
        st, _ = T.apply(st, seat, EndTurn())
    return st


def draw_turn(st, seat):
    """A Draw action taking every card from the deck."""
    st = act(st, seat, Draw())
    while st.pending is not None and st.pending.source == "draw":
        st = act(st, seat, Answer("deck"))
    return st


def test_e_r10_turns_clockwise_one_worker_each_until_the_era_ends():
    """E-F26 / E-R10: each turn places one worker; seats take turns clockwise; a seat
    without free workers is skipped; with none left anywhere the Era ends (E-F40)."""
    st = ready(["Warlord", "Sorcerer", "Agrarian Lord"],
               [Estate(permanent=2), Estate(permanent=1), Estate(permanent=2)])
    order = []
    while st.phase == "turns":
        order.append(st.turn)
        st = act(st, st.turn, Draw())
        while st.pending is not None:
            seat = min(T.active_seats(st))
            st = act(st, seat, T.legal_actions(st, seat)[0])
    assert order == [0, 1, 2, 0, 2] and st.phase == "era_end"


def test_e_f27_produce_limit_and_each_card_once():
    """E-F27 / E-R16 / E-F31: Production value 3 activates 3 of 4 cards; a card once per
    action; a new Produce action may use them again; stop early."""
    farms = tuple(cp("Farm", k) for k in range(1, 5))
    st = ready(["Agrarian Lord", "Warlord"], [Estate(res=(0, 0, 0, 0), cards=farms, cubes=(3, 0, 0)), Estate()])
    assert T.track_value(st, 0, "Production") == 3
    st = act(st, 0, Produce())
    assert st.doing.limit == 3
    st = act(st, 0, Activate(farms[0]), Activate(farms[1]))
    assert Activate(farms[0]) not in T.legal_actions(st, 0)
    assert refused_by(_Game, st, Activate(farms[0]), 0).code == "not-legal"
    st = act(st, 0, Activate(farms[2]))
    assert st.doing is None and st.table.estates[0].res == (0, 0, 0, 3) and st.turn == 1
    st = draw_turn(st, 1)
    st = act(st, 0, Produce(), Activate(farms[3]), StopProducing())
    assert st.table.estates[0].res == (0, 0, 0, 4) and st.turn == 1


def test_e_r24_agrarian_lord_and_once_per_era_crest():
    """E-F20 / E-R24 / E-F16: the Agrarian Lord's Produce activates one card more; the
    ability is used once per Era."""
    farms = tuple(cp("Farm", k) for k in range(1, 5))
    st = ready(["Agrarian Lord", "Warlord"], [Estate(res=(0, 0, 0, 0), cards=farms, cubes=(2, 0, 0)), Estate()])
    assert Produce(lid("Agrarian Lord")) in T.legal_actions(st, 0)
    st = act(st, 0, Produce(lid("Agrarian Lord")))
    assert st.doing.limit == 3 and st.crests[0]
    st = draw_turn(act(st, 0, Activate(farms[0]), StopProducing()), 1)
    assert Produce(lid("Agrarian Lord")) not in T.legal_actions(st, 0)


def test_e_r26_druid_lord_forests_twice_and_day_laborer_once_per_era():
    """E-R24 / E-R26 / E-F18: the Druid Lord's Forests resolve twice in that action;
    E-F66 / E-R17: a Day Laborer, once per Era, gives a temporary worker that plays a turn
    this Era."""
    forest, dl = cp("Forest", 1), cp("Day Laborer", 1)
    st = ready(["Druid Lord", "Warlord"],
               [Estate(res=(0, 0, 0, 0), cards=(forest, dl), cubes=(2, 0, 0), permanent=1), Estate(permanent=1)])
    st = act(st, 0, Produce(lid("Druid Lord")), Activate(forest), Activate(dl))
    e = st.table.estates[0]
    assert e.res == (0, 0, 2, 0) and e.temporary == 1 and T.free_workers(st, 0) == 1
    st = draw_turn(st, 1)
    assert st.turn == 0 and st.phase == "turns"
    st = act(st, 0, Produce())
    assert T.activatable(st, 0) == [forest]  # E-R16: the Day Laborer is marked for the Era


def test_e_f28_draw_count_market_refill_after_the_turn():
    """E-F28 / E-R14 / E-R15: Noble value cards, each from the deck or the Market; the
    Market gap is filled only when the turn ends."""
    st = ready(["Pious One", "Warlord"], [Estate(cubes=(0, 1, 0)), Estate()])
    assert T.track_value(st, 0, "Noble") == 2
    m1 = st.table.market[1]
    st = act(st, 0, Draw(), Answer(m1))
    q = V.question(st)
    assert q.shown == (m1,) and m1 not in q.options and st.table.market[1] == m1
    st = act(st, 0, Answer("deck"))
    assert all(st.table.market) and m1 in st.table.estates[0].hand and st.turn == 1
    assert len(st.table.estates[0].hand) == 2


def test_e_f54_pious_one_extra_card_on_the_draw_action():
    """E-F19 / E-F54 / E-R24: the Pious One draws 1 more on a Draw action, once per Era."""
    st = ready(["Pious One", "Warlord"], [Estate(cubes=(0, 1, 0)), Estate()],
               market=("", "", "", ""))
    st = attrs.evolve(st, table=attrs.evolve(st.table, market=("", "", "", "")))
    st = act(st, 0, Draw(lid("Pious One")))
    while st.pending is not None:
        st = act(st, 0, Answer("deck"))
    assert len(st.table.estates[0].hand) == 3 and st.crests[0]


def test_e_f29_gather_exclusive_open_and_accumulating():
    """E-F29 / E-F51: an exclusive space is closed for the Era once used, the open spaces
    take any number; an accumulating space gives its tokens + 1 (Era 1: 2) and is
    emptied; a tile needs Gather value ≥ its level."""
    st = ready(["Agrarian Lord", "Sorcerer"], [Estate(res=(0, 0, 0, 0)), Estate(res=(0, 0, 0, 0))])
    st = act(st, 0, Gather("E-B1"))
    assert st.table.estates[0].res == (2, 0, 0, 0) and st.accumulated == (0, 1, 1, 1)
    assert Gather("E-B1") not in T.legal_actions(st, 1)
    assert refused_by(_Game, st, Gather("E-B1"), 1).code == "not-legal"
    st = act(st, 1, Gather("E-B9"))
    assert Gather("E-B9") in T.legal_actions(st, 0) and st.table.estates[1].gold == 1
    assert not any(isinstance(a, Gather) and a.space in st.tiles for a in T.legal_actions(st, 0))
    st2 = attrs.evolve(st, table=st.table.set(0, attrs.evolve(st.table.estates[0], cubes=(0, 0, 2))))
    assert Gather(st.tiles[0]) in T.legal_actions(st2, 0) and Gather(st.tiles[1]) not in T.legal_actions(st2, 0)


def test_e_r35_gather_bonuses_look_at_the_yield_and_sorcerer():
    """E-R35: Lumberyard adds 1 Wood to a yield with Wood, Wood Cart 1 of an accumulating
    space's type, Town Square 1 of choice on an open space; E-F23 / E-F58 the Sorcerer may
    add 1 of a yielded type once per Era."""
    ly, cart = cp("Lumberyard"), cp("Wood Cart")
    st = ready(["Sorcerer", "Warlord"], [Estate(res=(0, 0, 0, 0), cards=(ly, cart)), Estate()])
    st = act(st, 0, Gather("E-B3"))
    assert st.offer is not None and st.offer.leaders == (lid("Sorcerer"),)
    st = act(st, 0, UseAbility(lid("Sorcerer")))
    assert st.table.estates[0].res == (0, 0, 5, 0) and st.crests[0]  # 2 + Lumberyard + Cart + Sorcerer


def test_e_f30_expand_pays_removes_a_cube_and_respects_the_limit():
    """E-F30 / E-R8 / E-R9 / E-R11: Expand pays the cost (personal first, then stored),
    removes the track's leftmost cube; no Expand onto a full track."""
    farm, gran = cp("Farm", 1), cp("Granary", 1)
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(0, 1, 0, 0), cards=(gran,), stored=((gran, "W"),),
                                                hand=(farm,)), Estate()])
    st = act(st, 0, Expand(farm))
    e = st.table.estates[0]
    assert farm in e.cards and e.res == (0, 0, 0, 0) and e.stored == () and e.cubes == (1, 0, 0)
    full = tuple(cp("Quarry", k) for k in range(1, 5)) + tuple(cp("Smelter", k) for k in range(1, 4))
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(3, 3, 3, 3), cards=full, hand=(farm,)), Estate()])
    assert Expand(farm) not in T.legal_actions(st, 0)


def test_e_f38_conversion_3_to_1_and_auction_house():
    """E-F38 / E-R12: 3 resources of personal supply for 1; 2 with an Auction House;
    E-F37: Gold is no resource and is never converted."""
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(3, 0, 0, 0)), Estate(res=(2, 0, 0, 0), cards=(cp("Auction House"),))])
    assert Convert(("I", "I", "I"), "S") in T.legal_actions(st, 0)
    st = act(st, 0, Convert(("I", "I", "I"), "S"))
    assert st.table.estates[0].res == (0, 1, 0, 0) and st.turn == 0  # not a worker action
    st = draw_turn(st, 0)
    assert Convert(("I", "I"), "G") in T.legal_actions(st, 1)
    assert not any("Gold" in (*a.give, a.get) for a in T.legal_actions(st, 1) if isinstance(a, Convert))


def test_e_r33_council_gives_two_bonus_actions():
    """E-F59 / E-R33: Council of the Realm: 2 actions without workers; a bonus Gather
    leaves its space free for later turns; not Council itself; not the same exclusive
    space twice."""
    council = "E-A8"
    st = ready(["Warlord", "Sorcerer"], [Estate(cubes=(0, 0, 7), res=(0, 0, 0, 0)), Estate()],
               tiles=(CONTENT.tiles["E-A1"].id, "E-A4", "E-A6", council))
    st = act(st, 0, Gather(council))
    assert st.bonus == 2 and st.turn == 0
    legal = T.legal_actions(st, 0)
    assert Gather(council) not in legal and Gather("E-B5") in legal
    st = act(st, 0, Gather("E-B5"))
    assert Gather("E-B5") not in T.legal_actions(st, 0) and st.turn == 0
    st = draw_turn(st, 0)
    assert st.turn == 1 and Gather("E-B5") in T.legal_actions(st, 1)
    assert T.free_workers(st, 0) == 3


def test_e_r34_smugglers_den_uses_a_taken_space_once():
    """E-R34: once per Era a Smugglers Den lets its owner Gather on a taken exclusive
    space; an emptied accumulating space gives only its +1."""
    den = cp("Smugglers Den")
    st = ready(["Warlord", "Agrarian Lord"], [Estate(res=(0, 0, 0, 0)), Estate(res=(0, 0, 0, 0), cards=(den,))])
    st = act(st, 0, Gather("E-B1"))
    assert Gather("E-B1", True) in T.legal_actions(st, 1)
    st = act(st, 1, Gather("E-B1", True))
    assert st.table.estates[1].res == (1, 0, 0, 0)
    st = draw_turn(st, 0)
    assert not any(isinstance(a, Gather) and a.smuggle for a in T.legal_actions(st, 1))


def test_e_r24_warlord_after_own_assassin_and_trade_queen_merchant_twice():
    """E-F17 / E-R24: right after their own Assassin resolves the Warlord may gain 1
    resource; E-F21 / E-F56: the Trade Queen's Merchant works once more, copying a
    different card, not counting against L."""
    assassin = cp("Assassin")
    st = ready(["Warlord", "Trade Queen"],
               [Estate(res=(1, 0, 0, 0), cards=(assassin,)),
                Estate(res=(0, 0, 0, 0), cards=(cp("Merchant"),))])
    st = act(st, 0, Produce(), Activate(assassin), Answer(True))
    assert st.offer is not None and st.table.estates[0].gold == 2
    st = act(st, 0, UseAbility(lid("Warlord")), Answer("S"))
    assert st.table.estates[0].res == (0, 1, 0, 0) and st.crests[0]
    st = act(st, 0, StopProducing()) if st.turn == 0 and st.doing else st
    st = attrs.evolve(st, table=st.table.set(0, attrs.evolve(st.table.estates[0], cards=(assassin, cp("Farm"), cp("Quarry")))))
    st = act(st, 1, Produce(), Activate(cp("Merchant")))
    st = act(st, 1, Answer(cp("Farm")))
    assert st.offer is not None and st.offer.leaders == (lid("Trade Queen"),)
    st = act(st, 1, UseAbility(lid("Trade Queen")))
    assert T.legal_actions(st, 1) == [Answer(cp("Assassin")), Answer(cp("Quarry"))]  # not the Farm again
    st = act(st, 1, Answer(cp("Quarry")))
    assert st.table.estates[1].res == (0, 1, 0, 1) and st.turn == 0


def test_storage_moves_in_your_turn():
    """E-R10 / E-C23: the Larder takes Grain from personal supply during your turn."""
    larder = cp("Larder")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(0, 0, 0, 2), cards=(larder,)), Estate()])
    st = act(st, 0, StoreOn(larder))
    assert st.table.estates[0].stored == ((larder, "G"),) and st.turn == 0


def test_e_r10_conversion_and_storage_after_the_action():
    """E-R10 (FAQ General: 3 for 1 "during your turn"): after the worker action the turn
    stays open for conversions and storage moves until EndTurn; the Market gap is filled
    only then (E-R15)."""
    larder = cp("Larder")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(3, 0, 0, 0), cards=(larder,)), Estate()])
    m = st.table.market[0]
    st = act(st, 0, Draw(), Answer(m), end=False)
    legal = T.legal_actions(st, 0)
    assert st.turn == 0 and st.placed and st.pending is None and EndTurn() in legal
    assert Convert(("I", "I", "I"), "G") in legal and not any(isinstance(a, (Draw, Produce)) for a in legal)
    st = act(st, 0, Convert(("I", "I", "I"), "G"), end=False)
    assert StoreOn(larder) in T.legal_actions(st, 0)
    st = act(st, 0, StoreOn(larder), end=False)
    assert st.table.estates[0].stored == ((larder, "G"),) and st.table.market[0] == "" and st.turn == 0
    st = act(st, 0, EndTurn(), end=False)
    assert st.turn == 1 and all(st.table.market)
    assert refused_by(_Game, st, EndTurn(), 1).code == "not-legal"  # no action taken yet


def test_e_r10_storage_and_conversion_between_activations():
    """E-R10: between two activations of a Produce action the player may store (Larder)
    and convert; the action then goes on."""
    larder, f1, f2 = cp("Larder"), cp("Farm", 1), cp("Farm", 2)
    st = ready(["Agrarian Lord", "Warlord"],
               [Estate(res=(1, 1, 1, 0), cards=(larder, f1, f2), cubes=(3, 0, 0)), Estate()])
    st = act(st, 0, Produce(), Activate(f1))
    legal = T.legal_actions(st, 0)
    assert StoreOn(larder) in legal and Convert(("I", "S", "W"), "G") in legal
    st = act(st, 0, StoreOn(larder), Convert(("I", "S", "W"), "G"))
    assert st.doing is not None and st.table.estates[0].stored == ((larder, "G"),)
    st = act(st, 0, Activate(f2))
    assert st.table.estates[0].res == (0, 0, 0, 2) and st.doing is None


def test_e_r10_conversion_while_your_effect_waits():
    """E-R10 / E-R12: while one's own effect waits on an answer (the Charcoal Burner's
    "discard up to 3 Wood"), a conversion may be made if the questions already answered
    stay as they were, and the effect then offers what the new supply allows; a
    conversion that would change an answered question (the Harbor's choice of types) is
    not offered and is refused."""
    burner = cp("Charcoal Burner")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(0, 0, 2, 3), cards=(burner,)), Estate()])
    st = act(st, 0, Produce(), Activate(burner), Answer("W"))
    assert st.pending is not None and V.question(st).options == ("stop", "W")
    assert Convert(("G", "G", "G"), "W") in T.legal_actions(st, 0)
    st = act(st, 0, Convert(("G", "G", "G"), "W"), Answer("W"), Answer("W"))
    assert st.table.estates[0].gold == 3 and st.table.estates[0].res == (0, 0, 0, 0)
    harbor = cp("Harbor")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(0, 3, 1, 0), cards=(harbor,)), Estate()])
    st = act(st, 0, Produce(), Activate(harbor), Answer("W"))
    assert V.question(st).options == ("stop", "S")
    # the first question (stop, Stone or Wood) stays as it was only if Stone and Wood are
    # both still there, without any Iron or Grain: SSS for S and SSW for W
    offered = [a for a in T.legal_actions(st, 0) if isinstance(a, Convert)]
    assert offered == [Convert(("S", "S", "S"), "S"), Convert(("S", "S", "W"), "W")]
    assert refused_by(_Game, st, Convert(("S", "S", "S"), "I"), 0).code == "not-legal"
    assert refused_by(_Game, st, Convert(("S", "S", "S"), "I"), 1).code == "not-legal"  # not their turn


def test_e_f4_e_f67_a_card_drives_the_action_of_its_track_symbol():
    """E-F4 / E-F31 / E-R7: a Noble card raises the Draw count, a Production card the
    Produce limit, a Gather card the Advanced tile level; E-F67 / E-F30: the FAQ's
    "Progress" track is Gather, and it holds at most 7 cards (an 8th Gather card is
    refused, a Noble card is not)."""
    monk, farm, larder = cp("Monk"), cp("Farm"), cp("Larder")
    st = ready(["Agrarian Lord", "Sorcerer"], [Estate(res=(5, 5, 5, 5), cubes=(1, 1, 0), hand=(monk, farm, larder),
                                                      permanent=6), Estate(permanent=6)])
    assert [T.track_value(st, 0, t) for t in ("Production", "Noble", "Gather")] == [1, 1, 0]
    level1 = st.tiles[0]
    assert Gather(level1) not in T.legal_actions(st, 0)
    st = draw_turn(act(st, 0, Expand(monk)), 1)
    assert T.track_value(st, 0, "Noble") == 2
    st = act(st, 0, Draw(), end=False)
    assert st.pending.part == "2"  # the Draw takes 2 cards
    st = act(st, 0, Answer("deck"), Answer("deck"))
    st = draw_turn(act(draw_turn(st, 1), 0, Expand(farm)), 1)
    assert T.track_value(st, 0, "Production") == 2
    st = draw_turn(act(st, 0, Expand(larder)), 1)
    assert T.track_value(st, 0, "Gather") == 1 and Gather(level1) in T.legal_actions(st, 0)
    gather7 = tuple(cp(n, k) for n in ("Larder", "Plow", "Wood Cart") for k in (1, 2)) + (cp("Granary"),)
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(5, 5, 5, 5), cards=gather7, cubes=(0, 0, 7),
                                                hand=(cp("Granary", 2), monk)), Estate()])
    assert refused_by(_Game, st, Expand(cp("Granary", 2)), 0).code == "not-legal"
    assert Expand(monk) in T.legal_actions(st, 0)


def test_random_turns_keep_the_invariants():
    """Issue 10 invariants over random Eras, 1-5 players: at most 7 cards a track, no
    negative tokens, cards conserved, someone can always act until the Era ends."""
    for n in range(1, 6):
        for seed in range(6):
            st = S.setup(EstateOptions(leaders="random"), n, seed)
            rnd = random.Random(seed)
            while S.active_seats(st):
                seat = min(S.active_seats(st))
                st, _ = S.apply(st, seat, rnd.choice(S.legal_actions(st, seat)))
            t = st.table
            total = lambda t: (len(t.deck) + len(t.discard) + sum(1 for m in t.market if m)  # noqa: E731
                               + sum(len(e.cards) + len(e.hand) + len(e.tucked) for e in t.estates))
            cards = total(t)
            st = T.begin_turns(st)
            while st.phase == "turns":
                seat = min(T.active_seats(st))
                legal = T.legal_actions(st, seat)
                assert legal
                st = act(st, seat, rnd.choice(legal))
                assert total(st.table) == cards
                for e in st.table.estates:
                    assert min(e.res) >= 0 and e.gold >= 0
                    assert all(len(e.on_track(tr)) <= 7 for tr in ("Production", "Noble", "Gather"))
                    assert e.permanent + e.pending + e.temporary <= 6
            assert st.phase == "era_end"


def test_views_in_turns_show_a_choice_only_to_who_makes_it():
    """E-R32: a drawing player's choice (with the cards drawn so far) shows only in their
    view; the others see the hand's size; E-R24 an ability offer only to its seat."""
    st = ready(["Pious One", "Sorcerer"], [Estate(cubes=(0, 1, 0)), Estate(res=(0, 0, 0, 0))])
    st = act(st, 0, Draw(), Answer("deck"))
    drawn = V.question(st).shown
    assert len(drawn) == 1
    assert V.view(st, 0).question.shown == drawn and V.view(st, 1).question is None
    assert drawn[0] not in repr(V.view(st, 1)) and drawn[0] not in repr(V.view(st, None))
    st = act(st, 0, Answer("deck"))
    assert V.view(st, 1).estates[0].hand == () and V.view(st, 1).estates[0].hand_count == 2
    st = act(st, 1, Gather("E-B2"))
    assert V.view(st, 1).offer == (lid("Sorcerer"),) and V.view(st, 0).offer == ()
    assert V.view(st, 0).occupied == (("E-B2", 1),) and V.view(st, 0).used_workers == (1, 1)


def test_a_worker_action_counts_with_the_views_one_action_limit(monkeypatch):
    """Issue 10 (E-R16, E-R38, E-R24): the Produce limit and Draw count a placed action
    uses are the ones the table's preview shows (``views.action_limit``, one function),
    with and without the Leader ability; the Agrarian Lord's +1 stays in force for the
    action's activations and is dropped at its end."""
    assert V.action_limit is T.action_limit
    farms = tuple(cp("Farm", k) for k in range(1, 5))
    base = ready(["Agrarian Lord", "Pious One"], [Estate(cards=farms, cubes=(1, 1, 0)), Estate(cubes=(0, 1, 0))])
    for ability in ("", lid("Agrarian Lord")):
        shown = V.action_limit(base, 0, "produce", ability)
        st, events = T.apply(base, 0, Produce(ability))
        assert st.doing.limit == shown and f"produces (up to {shown} card" in events[0].what
        assert (len(st.table.modifiers) > len(base.table.modifiers)) == bool(ability)
    assert V.action_limit(base, 0, "produce", lid("Agrarian Lord")) == V.action_limit(base, 0, "produce") + 1
    st = act(base, 0, Produce(), StopProducing())
    for ability in ("", lid("Pious One")):
        shown = V.action_limit(st, 1, "draw", ability)
        after, events = T.apply(st, 1, Draw(ability))
        assert after.pending.part == str(shown) and f"draws {shown} card" in events[0].what
        assert after.table.modifiers == st.table.modifiers  # the Pious One's +1: this count only
    assert V.action_limit(st, 1, "draw", lid("Pious One")) == V.action_limit(st, 1, "draw") + 1
    calls = []
    monkeypatch.setattr(T, "action_limit", lambda *a: calls.append(a) or 4)
    assert T.apply(base, 0, Produce())[0].doing.limit == 4 and [c[1:] for c in calls] == [(0, "produce", "")]
