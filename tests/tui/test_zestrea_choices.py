"""Zestrea's forms offer only what the rules permit given the fields before (issue 9,
"The table (tui)"; player-testers: the wedding form listed every Boyar's singles, the
trade form asked for cards not revealed): tui/zestrea/choices.py narrows each field
from the view, and what the form sends is accepted by the rules."""

from __future__ import annotations

import attrs
from textual.widgets import Select, SelectionList

from rules.core import ActionKind
from rules.zestrea import GAME, ZestreaOptions
from rules.zestrea.state import ProposeTrade, ProposeWedding
from tui.app import ParlourApp
from tui.zestrea.choices import narrow
from tui.zestrea.form import ActionForm

from .helpers import until
from .zestrea_helpers import SMALL

NAMES = ("You", "Ada", "Ben")


def negotiation_state():
    """Step IV, 3 Boyars: you hold Lad L01 and Maiden M01; Ada two Maidens and a
    revealed card; Ben two Lads, a hidden card and 4 Zestre."""
    state = GAME.setup(ZestreaOptions(), 3, 1)
    e0, e1, e2 = state.estates
    estates = (attrs.evolve(e0, zestre=6, singles=("L01", "M01")),
               attrs.evolve(e1, zestre=3, singles=("M02", "M03"), revealed=frozenset(e1.hand)),
               attrs.evolve(e2, zestre=4, singles=("L02", "L03")))
    taken = {"L01", "M01", "M02", "M03", "L02", "L03"}
    return attrs.evolve(state, phase="negotiation", prompts=(), estates=estates,
                        supply=tuple(v for v in state.supply if v not in taken))


def _kind(state, name: str) -> ActionKind:
    return next(a for a in GAME.legal_actions(state, 0) if getattr(a, "kind", "") == name)


def _param(params, name):
    return next(p for p in params if p.name == name)


def test_the_wedding_form_lists_the_chosen_boyars_singles_of_the_other_sex():
    """Z-R28, Z-F15: their single is the chosen Boyar's, a Maiden for your Lad (and
    the other way round); your single only one that can marry there; the receiver
    is the Lad's Boyar for a Lad and a Maiden; no sweetener payer, no sweetener."""
    state = negotiation_state()
    view, kind = GAME.view(state, 0), _kind(state, "propose-wedding")
    to_ada = narrow(view, kind, {"to": 1, "mine": "L01", "sweet_payer": ""})
    assert _param(to_ada, "theirs").values == ("M02", "M03")
    assert _param(to_ada, "mine").values == ("L01",)
    assert _param(to_ada, "receiver").values == (-1,)
    assert _param(to_ada, "sweet_zestre").hi == 0 and _param(to_ada, "sweet_cards").values == ()
    to_ben = narrow(view, kind, {"to": 2, "mine": "M01", "sweet_payer": "target"})
    assert _param(to_ben, "theirs").values == ("L02", "L03")
    assert _param(to_ben, "mine").values == ("M01",)
    assert _param(to_ben, "sweet_zestre").hi == 4  # Ben's Zestre
    assert _param(to_ben, "sweet_cards").values == ()  # Ben's card is not revealed (Z-R23)


def test_the_trade_form_asks_only_for_cards_the_chosen_boyar_revealed():
    """Z-R35 and the ruling beside rules/zestrea/offers.py (asked cards are ones the
    other Boyar has revealed, Z-R23): Ada's revealed card is offered when asking Ada,
    none when asking Ben, whose card is hidden; asked Zestre up to theirs."""
    state = negotiation_state()
    view, kind = GAME.view(state, 0), _kind(state, "propose-trade")
    ada = narrow(view, kind, {"to": 1})
    assert _param(ada, "ask_cards").values == state.estates[1].hand
    assert _param(ada, "ask_zestre").hi == 3
    ben = narrow(view, kind, {"to": 2})
    assert _param(ben, "ask_cards").values == ()
    assert _param(ben, "ask_zestre").hi == 4


async def test_the_wedding_form_follows_the_boyar_chosen_and_the_rules_accept_it():
    """By keys: choose Ben in *to*; *their single* then offers Ben's Lads only, *your
    single* your Maiden; the offer sent is one the rules accept (reference §3.6)."""
    state = negotiation_state()
    view, kind = GAME.view(state, 0), _kind(state, "propose-wedding")
    params = [p.name for p in kind.params]
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        form = ActionForm(kind, GAME.legal_actions(state, 0), NAMES, GAME.action_type,
                          narrow=lambda k, chosen: narrow(view, k, chosen))
        await app.push_screen(form, sent.append)
        to = form.query_one(f"#p{params.index('to')}", Select)
        await until(pilot, lambda: to.has_focus)
        await pilot.press("enter", "down", "enter")  # Ada -> Ben
        await until(pilot, lambda: form._chosen()["to"] == 2)
        await until(pilot, lambda: form._chosen()["theirs"] in ("L02", "L03"))
        theirs = form.query_one(f"#p{params.index('theirs')}", Select)
        offered = [str(prompt) for prompt, _ in theirs._options]
        assert not any("M02" in o or "Ada" in o for o in offered) and len(offered) == 2
        assert form._chosen()["mine"] == "M01"
        for decided in ("receiver", "sweet_zestre", "sweet_cards", "sweet_when", "counter"):
            assert not form.query_one(f"#r{params.index(decided)}").display, decided  # nothing to choose
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(sent) == 1)
    action = sent[0]
    assert isinstance(action, ProposeWedding) and action.to == 2 and action.mine == "M01"
    GAME.apply(state, 0, action)  # no RuleViolation


async def test_the_trade_form_hides_cards_not_revealed():
    """The trade form asking Ben shows no card to ask (his is hidden), asking Ada
    shows hers; the trade sent is accepted by the rules (Z-R35)."""
    state = negotiation_state()
    view, kind = GAME.view(state, 0), _kind(state, "propose-trade")
    params = [p.name for p in kind.params]
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        form = ActionForm(kind, GAME.legal_actions(state, 0), NAMES, GAME.action_type,
                          narrow=lambda k, chosen: narrow(view, k, chosen))
        await app.push_screen(form, sent.append)
        ask = form.query_one(f"#p{params.index('ask_cards')}", SelectionList)
        row = form.query_one(f"#r{params.index('ask_cards')}")
        await until(pilot, lambda: ask.option_count == 1 and row.display)
        await pilot.press("enter", "down", "enter")  # Ada -> Ben
        await until(pilot, lambda: ask.option_count == 0 and not row.display)
        await pilot.press("enter", "up", "enter")  # back to Ada
        await until(pilot, lambda: ask.option_count == 1)
        ask.focus()
        await pilot.press("space", "ctrl+s")
        await until(pilot, lambda: len(sent) == 1)
    action = sent[0]
    assert isinstance(action, ProposeTrade) and action.ask_cards == state.estates[1].hand
    GAME.apply(state, 0, action)
