"""The rules cases of ../shared/cases/estate-pitfalls.md (E-6, E-7, E-9, E-11, E-12,
E-13, E-14); E-1 is in test_estate_setup.py, E-3 (reconnect during the draft, at the
host) in test_estate_lan.py."""

from __future__ import annotations

import attrs

from rules.estate import effects as fx, scoring, turns as T
from rules.estate.data import CONTENT
from rules.estate.effects import Ctx
from rules.estate import views as V
from rules.estate.state import (Activate, Answer, Convert, Draw, EndTurn, Expand, Gather, Produce,
                                StopProducing, TakeBack, UseAbility)
from rules.estate.table import Estate
from tests.rules.contract import refused_by
from tests.rules.test_estate_effects import ask, cp, done, table
from tests.rules.test_estate_turns import _Game, act, draw_turn, ready

NONE = (0, 0, 0, 0)


def test_pitfall_e6_state_by_physical_card():
    """E-6 / E-R16 / E-F63 / E-R25: two Farms and two Day Laborers are four cards."""
    f1, f2, d1, d2 = cp("Farm", 1), cp("Farm", 2), cp("Day Laborer", 1), cp("Day Laborer", 2)
    st = ready(["Agrarian Lord", "Trade Queen"],
               [Estate(res=NONE, cards=(f1, f2, d1, d2), cubes=(4, 0, 0)), Estate(res=NONE, cards=(cp("Merchant"),))])
    assert T.track_value(st, 0, "Production") == 3
    st = act(st, 0, Produce(), Activate(f1), Activate(f2))
    assert refused_by(_Game, st, Activate(f1), 0).code == "not-legal"
    st = act(st, 0, Activate(d1))
    e = st.table.estates[0]
    assert e.res == (0, 0, 0, 2) and e.temporary == 1
    st = act(st, 1, Produce(), Activate(cp("Merchant")), Answer(f1))  # the copy marks nothing of seat 0
    st = act(st, 1, UseAbility("")) if st.offer else st
    assert st.turn == 0 and st.table.estates[1].res == (0, 0, 0, 1)
    st = act(st, 0, Produce())
    assert refused_by(_Game, st, Activate(d1), 0).code == "not-legal"
    st = act(st, 0, Activate(d2), StopProducing())
    assert st.table.estates[0].temporary == 2
    done_state = attrs.evolve(st, phase="over", objective_vp=(0, 0), secrets=())
    assert dict(scoring.categories(done_state, 0))["cards"] == 4  # two Farms, 2 VP each


def test_pitfall_e7_exclusive_space_used_twice():
    """E-7 / E-F29 / E-F51 / E-F59 / E-R33 / E-R34."""
    den = cp("Smugglers Den")
    st = ready(["Warlord", "Agrarian Lord", "Sorcerer"],
               [Estate(res=NONE, cubes=(0, 0, 7)), Estate(res=NONE), Estate(res=NONE, cards=(den,))],
               tiles=("E-A1", "E-A4", "E-A6", "E-A8"))
    st = act(st, 0, Gather("E-B6"))
    assert refused_by(_Game, st, Gather("E-B6"), 1).code == "not-legal"
    st = act(st, 1, Gather("E-B8"), Answer("I"))
    assert refused_by(_Game, st, Gather("E-A1"), 2).code == "not-legal"  # Gather value 0
    st = act(st, 2, Gather("E-B8"), Answer("I"))  # open: a second worker
    st = act(st, 2, UseAbility("")) if st.offer else st
    assert st.table.estates[1].res == (1, 0, 0, 0) and st.table.estates[2].res[0] == 1
    st = act(st, 0, Gather("E-A8"))
    assert refused_by(_Game, st, Gather("E-B6"), 0).code == "not-legal"
    st = act(st, 0, Gather("E-B2"))
    assert refused_by(_Game, st, Gather("E-B2"), 0).code == "not-legal"
    st = draw_turn(st, 0)
    assert ("E-B2", 0) not in st.occupied
    st = act(st, 1, Gather("E-B2"))
    assert st.table.estates[1].res[1] == 1  # emptied by the bonus Gather: only its +1
    st = act(st, 2, Gather("E-B6", True))
    st = act(st, 2, UseAbility("")) if st.offer else st
    st = draw_turn(st, 0)
    st = draw_turn(st, 1)
    assert not any(isinstance(a, Gather) and a.smuggle for a in T.legal_actions(st, 2))


def test_pitfall_e9_score_categories():
    """E-9 / E-F44 / E-R22 / E-R13 / E-F36 / E-R36 / E-F45: the hand-built Warden Estate
    scores 17 / 2 / 5 / 2 / 3 / 9 / 3 / 0 = 41."""
    castle, f1, f2, gran, gp, dun, gh = (cp("Castle"), cp("Farm", 1), cp("Farm", 2), cp("Granary"),
                                         cp("Guild President"), cp("Dungeon"), cp("Guild Hall"))
    e = Estate(res=(1, 1, 1, 1), gold=3, cards=(castle, f1, f2, gran, gp, dun, gh),
               tucked=((dun, cp("Castle", 2)), (dun, cp("Monk"))),
               stored=((gran, "G"),) * 3 + ((gp, "Gold"),) * 2)
    st = ready(["Warden", "Warlord"], [e, Estate(res=NONE)])
    master = next(s for s, x in CONTENT.secrets.items() if x.name == "Master Builders")
    st = attrs.evolve(st, phase="over", objective_vp=(9, 0), secrets=((master,), (master,)), firsts=(0, 0))
    assert scoring.categories(st, 0) == (("cards", 17), ("game end", 2), ("gold", 5), ("tucked", 2),
                                         ("stored", 3), ("objectives", 9), ("secret", 3), ("tracks", 0))
    assert scoring.result(st).scores[0].total == 41


def test_pitfall_e12_paid_play_costs():
    """E-12 / E-E7 / E-R11 / E-R13 / E-C03 / E-E5 / E-R38 / E-R12."""
    knight, larder = cp("Knight"), cp("Larder")
    famine = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Famine")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(2, 0, 0, 1), hand=(knight,)), Estate()])
    st = attrs.evolve(st, table=fx.add_modifier(st.table, -1, CONTENT.events[famine].effects[0].do[0]))
    assert refused_by(_Game, st, Expand(knight), 0).code == "not-legal"
    e = attrs.evolve(st.table.estates[0], cards=(larder,), stored=((larder, "G"),))
    st = attrs.evolve(st, table=st.table.set(0, e))
    st = act(st, 0, Expand(knight))
    assert knight in st.table.estates[0].cards and st.table.estates[0].stored == ()
    builders = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Builders")
    t = fx.add_modifier(table(Estate(cards=(cp("Architect"),))), -1, CONTENT.events[builders].effects[0].do[0])
    assert fx.paid_cost(t, 0, cp("Castle")) == ({"S": 3, "W": 1, "I": 1}, 2)
    t = table(Estate(res=(1, 1, 0, 0), cards=(cp("Architect"),), hand=(cp("Castle"),)))
    t = fx.add_modifier(t, -1, CONTENT.events[builders].effects[0].do[0])
    assert not fx.can_afford(t, 0, cp("Castle"), 0)  # S3 W1 I1 less 2 still needs 3
    dun = cp("Dungeon")
    t = table(Estate(res=NONE, cards=(dun, larder), stored=((larder, "G"),)), market=(cp("Monk"), "", "", ""))
    assert done(t, Ctx(0, dun), fx.triggers(dun, "production")).estates[0].tucked == ()


def test_pitfall_e13_limits_at_the_right_point():
    """E-13 / E-R9 / E-F30 / E-R11 / E-R29 / E-F65 / E-F28 / E-R8."""
    nobles = tuple(cp("Monk", k) for k in range(1, 6)) + (cp("Actor", 1), cp("Actor", 2))
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(3, 3, 3, 3), cards=nobles, hand=(cp("Monk", 6), cp("Farm"))), Estate()])
    legal = T.legal_actions(st, 0)
    assert Expand(cp("Monk", 6)) not in legal and Expand(cp("Farm")) in legal
    castle = fx.triggers(cp("Castle"), "when_played")
    six = nobles[:6]
    t = table(Estate(cards=(*six, cp("Castle")), hand=(cp("Monk", 6), cp("Farmer"))))
    assert ask(t, Ctx(0, cp("Castle")), castle).options == ("none", cp("Farmer"))
    assert done(t, Ctx(0, cp("Castle")), castle, ["none"]).estates[0].cards == (*six, cp("Castle"))
    many = table(Estate(hand=tuple(cp("Farm", k) for k in range(1, 11)) * 1), deck=(cp("Monk", 7),))
    assert len(done(many, Ctx(0, ""), [{"op": "draw", "n": 1, "from": "deck"}]).estates[0].hand) == 11
    mage = fx.triggers(cp("Mage"), "when_played")
    assert done(table(Estate(cubes=(7, 7, 7))), Ctx(0, ""), mage).estates[0].cubes == (7, 7, 7)


def test_pitfall_e14_conversion_rates():
    """E-14 / E-F38 / E-R12 / E-R10 / E-S8."""
    ah1, ah2, larder = cp("Auction House", 1), cp("Auction House", 2), cp("Larder")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(1, 1, 1, 0), gold=3, cards=(larder,), stored=((larder, "G"),)),
                                         Estate(res=(2, 0, 0, 0), cards=(ah1, ah2))])
    assert Convert(("I", "S", "W"), "G") in T.legal_actions(st, 0)
    assert refused_by(_Game, st, Convert(("I", "S"), "G"), 0).code == "not-legal"
    assert refused_by(_Game, st, Convert(("G", "G", "G"), "I"), 0).code == "not-legal"  # stored Grain
    assert refused_by(_Game, st, Convert(("I", "S"), "G"), 1).code == "not-legal"  # not their turn
    trade = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Trade")
    t = fx.add_modifier(st.table, -1, CONTENT.events[trade].effects[0].do[0])
    assert fx.conversion_rate(t, 1) == 2  # never 1 for 1
    fleet = CONTENT.solo_events["E-S8"]
    t = fx.add_modifier(table(Estate()), 0, fleet.a[0].do[0])
    assert fx.conversion_rate(t, 0) == 2
    assert fx.conversion_rate(attrs.evolve(t, modifiers=()), 0) == 3  # the reset clears it
    # mid-Expand, just before paying (E-R10): an Architect's waiver question is pending
    farm = cp("Farm")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(3, 1, 1, 0), cards=(cp("Architect"),), hand=(farm,)), Estate()])
    st = act(st, 0, Expand(farm))
    assert st.pending is not None and Convert(("I", "I", "I"), "S") in T.legal_actions(st, 0)
    st = act(st, 0, Convert(("I", "I", "I"), "S"))
    assert st.pending is not None or farm in st.table.estates[0].cards


def _taken_back_refused(st, seat: int = 0) -> None:
    """A take-back is refused (not offered, nothing changed, the deck order kept for
    every view)."""
    decks = [V.view(st, s).deck_count for s in (0, 1, None)]
    assert refused_by(_Game, st, TakeBack(), seat).code == "not-legal"
    assert [V.view(st, s).deck_count for s in (0, 1, None)] == decks


def test_pitfall_e11_take_back_only_before_anything_hidden_is_seen():
    """E-11 / E-R32: a plain conversion (E-R12) may be taken back, and the other seat sees
    the revert as an event; after a Draw from the deck top (E-R14), Place of Worship's
    reveal (E-R30), a Surveyor's reveal (E-R29), the Scriptorium tile (E-A3) or a Royal
    Ambassador's look at a hand (E-C34) the take-back is refused, and a conversion made
    before such a step can no longer be taken back either."""
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(6, 0, 0, 0)), Estate()])
    before = st.table
    st = act(st, 0, Convert(("I", "I", "I"), "S"))
    assert TakeBack() in T.legal_actions(st, 0) and TakeBack() not in T.legal_actions(st, 1)
    after, events = T.apply(st, 0, TakeBack())
    assert after.table == before and after.turn == 0 and not after.undo
    assert [V.project_event(e, 1).what for e in events] == ["takes back a conversion or storage move"]
    # a conversion, then a Draw from the deck top: neither may be taken back
    st = act(st, 0, Draw(), Answer("deck"), end=False)
    assert st.turn == 0 and st.placed and EndTurn() in T.legal_actions(st, 0)
    _taken_back_refused(st)

    rich = (5, 5, 5, 5)
    worship = cp("Place of Worship")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=rich, hand=(worship,)), Estate()])
    st = act(st, 0, Convert(("I", "I", "I"), "S"), Expand(worship), end=False)
    assert len(V.question(st).shown) == 3 and V.view(st, 1).question is None  # seen by seat 0 only
    _taken_back_refused(st)
    surveyor = cp("Surveyor")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=rich, hand=(surveyor,)), Estate()])
    top, discarded = st.table.deck[0], len(st.table.discard)
    st = act(st, 0, Convert(("I", "I", "I"), "S"), Expand(surveyor), end=False)
    assert top not in st.table.deck and (st.pending is not None or len(st.table.discard) > discarded)
    _taken_back_refused(st)
    envoy = cp("Royal Ambassador")
    theirs = (cp("Castle"), cp("Monk"))
    st = ready(["Warlord", "Sorcerer"], [Estate(res=rich, hand=(envoy,)), Estate(hand=theirs)])
    st = act(st, 0, Expand(envoy), end=False)
    assert V.question(st).shown == theirs  # seat 1's hand, seen by seat 0
    _taken_back_refused(st)
    scriptorium = next(t for t, x in CONTENT.tiles.items() if x.name == "Scriptorium")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=rich, cubes=(0, 0, 1)), Estate()],
               tiles=(scriptorium, *ready(["Warlord", "Sorcerer"]).tiles[1:]))
    st = act(st, 0, Gather(scriptorium), Answer("deck"), end=False)
    _taken_back_refused(st)
