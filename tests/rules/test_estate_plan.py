"""The strong bot's plan (rules/estate/plan.py; issue 10 "the strong bot plans its engine"):
what it counts a play from under a card as worth."""

from __future__ import annotations

import attrs

from rules.estate import effects as fx
from rules.estate import plan as pl
from rules.estate import views as V
from rules.estate.table import Estate
from tests.rules.test_estate_effects import res
from tests.rules.test_estate_turns import cp, ready

DUNGEON = cp("Dungeon")
RELEASE = fx.triggers(DUNGEON, "production")[0]["options"][1]
"""E-C11 Dungeon's option (b): play a Citizen tucked under it, paying its cost."""


def warden_plan(**kw) -> pl.Plan:
    """The Warden's plan with the Dungeon and an Assassin (cost 1 Grain, 1 Iron) tucked
    under it (E-R5's draft card), its Estate's other fields from ``kw``."""
    warden = Estate(**{"cards": (DUNGEON,), "tucked": ((DUNGEON, cp("Assassin")),), **kw})
    st = ready(["Warden", "Warlord"])
    st = attrs.evolve(st, table=attrs.evolve(st.table, estates=(warden, st.table.estates[1])))
    return pl.Plan(V.view(st, 0))


def test_e_c11_a_tucked_citizen_it_cannot_pay_is_not_worth_a_produce():
    """E-C11 / E-R11: the Dungeon's option (b) is a paid play; with a tucked Citizen (the
    Warden's draft cards, E-R5) but nothing to pay with, the play and the whole activation
    are worth nothing to the strong bot (it once spent Produce actions on them)."""
    plan = warden_plan(res=res())
    assert pl.ops_value(plan, RELEASE, "Dungeon") == 0.0
    assert pl.activation_value(plan, DUNGEON) == 0.0
    short = warden_plan(res=res(G=1))  # the Assassin also needs 1 Iron
    assert pl.ops_value(short, RELEASE, "Dungeon") == 0.0


def test_e_c11_a_tucked_citizen_it_can_pay_is_worth_the_play():
    """E-C11 / E-R11: with the Assassin's cost in personal supply, or stored on a card,
    the strong bot values releasing it, as it values a payable card from hand."""
    for kw in ({"res": res(G=1, I=1)},
               {"res": res(), "stored": ((DUNGEON, "G"), (DUNGEON, "I"))}):
        plan = warden_plan(**kw)
        assert pl.ops_value(plan, RELEASE, "Dungeon") > 1.0
        assert pl.activation_value(plan, DUNGEON) > 1.0


def test_e_c11_only_a_citizen_under_the_dungeon_counts():
    """E-V9 `play(tucked(this))`: a payable Citizen tucked under another card (the
    Monastery) is not the Dungeon's to release."""
    monastery = cp("Monastery")
    plan = warden_plan(res=res(G=1, I=1), cards=(DUNGEON, monastery),
                       tucked=((monastery, cp("Assassin")),))
    assert pl.ops_value(plan, RELEASE, "Dungeon") == 0.0
