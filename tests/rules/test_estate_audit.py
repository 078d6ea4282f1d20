"""Audit of the Estate engine against the rulebook and reference estate.md (issue 10):
each test names the rule it checks and would fail if that rule were broken."""

from __future__ import annotations

import attrs

from rules.estate import turns as T
from rules.estate import views as V
from rules.estate.state import (Activate, Answer, Convert, EndTurn, Expand, Gather, Produce, StoreOn,
                                TakeBack, UseAbility)
from rules.estate.table import Estate
from tests.rules.contract import refused_by
from tests.rules.test_estate_turns import _Game, act, cp, lid, ready


# ---------------------------------------------------------------- E-R10: storage at any point

def test_e_r10_storage_just_before_paying_an_expand():
    """E-R10: "at any point in your own turn, even in the middle of an action (for example
    just before paying), you may also make ... storage moves (Larder, Storehouse)". While
    an Expand waits on which unit the Architect waives, the Larder and the Storehouse may
    take from the supply; the Expand's question then comes back unchanged and the stored
    resource pays the cost (E-R13)."""
    arch, larder, house, quarry = cp("Architect"), cp("Larder"), cp("Storehouse"), cp("Quarry")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(1, 0, 1, 1), cards=(arch, larder, house), hand=(quarry,)),
                                         Estate()])
    st = act(st, 0, Expand(quarry), end=False)
    q = V.question(st)
    assert q.why == "waive" and q.options == ("I", "W")
    legal = T.legal_actions(st, 0)
    assert StoreOn(larder) in legal and StoreOn(house) in legal
    st = act(st, 0, StoreOn(house), end=False)  # its own question first: which resource
    assert V.question(st).why == "store" and V.view(st, 0).question_from == house
    assert V.view(st, 1).question is None
    st = act(st, 0, Answer("W"), end=False)
    assert st.table.estates[0].stored == ((house, "W"),) and V.question(st) == q
    assert V.view(st, 0).question_from == "expand"
    st = act(st, 0, Answer("I"), end=False)  # waive the Iron: the stored Wood pays
    e = st.table.estates[0]
    assert quarry in e.cards and e.stored == () and e.res == (1, 0, 0, 1)


def test_e_r10_storage_mid_effect_only_when_the_answers_stand():
    """E-R10 / E-R12: a storage move in the middle of one's own effect is offered only if
    the questions already answered stay as they were, whatever it stores: during the
    Charcoal Burner's "discard up to 3 Wood", after one Wood, the Larder (Grain only) may
    store, the Storehouse (which could take the Wood) may not. TakeBack (pitfall E-11)
    restores the supply and the waiting effect."""
    burner, larder, house = cp("Charcoal Burner"), cp("Larder"), cp("Storehouse")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(0, 0, 2, 3), cards=(burner, larder, house)), Estate()])
    st = act(st, 0, Produce(), Activate(burner), Answer("W"), end=False)
    waiting = st.pending
    legal = T.legal_actions(st, 0)
    assert StoreOn(larder) in legal and StoreOn(house) not in legal
    assert refused_by(_Game, st, StoreOn(house), 0).code == "not-legal"
    assert refused_by(_Game, st, StoreOn(larder), 1).code == "not-legal"  # not their turn
    st = act(st, 0, StoreOn(larder), end=False)
    assert st.pending == waiting and st.table.estates[0].stored == ((larder, "G"),)
    assert TakeBack() in T.legal_actions(st, 0)
    st = act(st, 0, TakeBack(), end=False)
    assert st.pending == waiting and st.table.estates[0].stored == () and st.table.estates[0].res == (0, 0, 2, 3)
    st = act(st, 0, StoreOn(larder), Answer("W"), end=False)
    e = st.table.estates[0]
    assert e.gold == 2 and e.res == (0, 0, 0, 2) and e.stored == ((larder, "G"),)


def test_e_r10_storage_while_an_ability_is_offered():
    """E-R10 / E-R24: while the Sorcerer's ability is offered after a Gather, the turn is
    still the player's: storage moves (and conversions) are offered, and the offer stays."""
    larder = cp("Larder")
    st = ready(["Sorcerer", "Warlord"], [Estate(res=(0, 0, 0, 1), cards=(larder,)), Estate()])
    st = act(st, 0, Gather("E-B2"), end=False)
    assert st.offer is not None and StoreOn(larder) in T.legal_actions(st, 0)
    st = act(st, 0, StoreOn(larder), end=False)
    assert st.offer is not None and st.table.estates[0].stored == ((larder, "G"),)
    st = act(st, 0, UseAbility(lid("Sorcerer")), end=False)
    assert st.table.estates[0].amount("S") == 3  # 1 on the space + 1 + the Sorcerer's 1


def test_e_r10_no_moves_once_the_turn_is_ending():
    """E-R10 / E-R15: the Market refill comes when the turn ends: in solo a Harbor revealed
    by it (E-R28, E-F49) asks what to pay, but the turn is over, so no conversion or
    storage move is offered then (EndTurn said: no more this turn)."""
    larder, harbor = cp("Larder"), cp("Harbor")
    st = ready(["Warlord"], [Estate(res=(3, 0, 0, 1), cards=(larder,))])
    t = st.table
    market = ("",) + t.market[1:]
    st = attrs.evolve(st, table=attrs.evolve(t, market=market, deck=(harbor, *(c for c in t.deck if c != harbor))))
    st = act(st, 0, Produce(), end=False)
    assert Convert(("I", "I", "I"), "G") in T.legal_actions(st, 0) and StoreOn(larder) in T.legal_actions(st, 0)
    st = act(st, 0, EndTurn(), end=False)
    assert st.pending is not None and st.pending.source == "refill" and V.question(st).why == "exchange"
    legal = T.legal_actions(st, 0)
    assert legal and all(isinstance(a, Answer) for a in legal)


# ---------------------------------------------------------------- determinism per seed

_DRAFT_SCRIPT = """
import random
from rules.estate import GAME, StrongBot
from rules.estate.state import EstateOptions
st = GAME.setup(EstateOptions(leaders="random"), 3, 5)
bot, rng, out = StrongBot(), random.Random(5), []
while st.phase in ("leaders", "extra", "draft", "secrets"):
    seat = min(GAME.active_seats(st))
    a = bot.choose(GAME.view(st, seat), GAME.legal_actions(st, seat), rng)
    out.append(repr(a))
    st, _ = GAME.apply(st, seat, a)
print(out)
"""


def test_strong_bot_drafts_the_same_whatever_the_hash_seed():
    """Issue 10 "determinism per seed": the strong bot's draft pick among equally worthy
    cards (two copies of a card) followed a set's order, which changes with Python's
    string hashing (PYTHONHASHSEED) from one process to the next, so the same seed played
    differently (the estate-table screenshot's game); now the first such card listed."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    runs = {subprocess.run([sys.executable, "-c", _DRAFT_SCRIPT], cwd=root, capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": str(h), "PYTHONPATH": str(root)}).stdout
            for h in (1, 2, 3)}
    assert len(runs) == 1


# ---------------------------------------------------------------- E-R28: solo cards stay out

def test_e_r28_solo_mode_cards_never_reach_a_solo_hand_or_estate():
    """E-R28 / E-F49 (RB Solo: the Solo Mode cards act when revealed, "once completed,
    discard the card"): they never enter a solo player's hand or Estate. The Necromancer
    (take 2 from the discard pile) may not take a discarded Merchant or Thief in solo, only
    the others; in multiplayer they are ordinary cards it may take. A Solo Mode card
    tucked under a Dungeon (moved there by E-R31) is not played from it in solo."""
    from rules.estate import effects as fx
    from rules.estate.effects import Ctx, resolve
    from rules.estate.table import Table
    from rules.core import Rng

    nec = fx.triggers(cp("Necromancer"), "when_played")
    pile = (cp("Merchant"), cp("Monk"), cp("Thief"))
    for solo, offered in ((True, ("stop", cp("Monk"))), (False, ("stop", *pile))):
        t = Table((Estate(),), (), pile, ("",) * 4, Rng(7), solo=solo)
        q = resolve(t, Ctx(0), nec).question
        assert q.options == offered
    dungeon = cp("Dungeon")
    play = [{"op": "play", "source": "tucked", "filter": {"type": "Citizen"}, "cost": "paid"}]
    for solo, played in ((True, ()), (False, (dungeon, cp("Thief")))):
        t = Table((Estate(res=(5, 5, 5, 5), cards=(dungeon,), tucked=((dungeon, cp("Thief")),)),), (), (),
                  ("",) * 4, Rng(7), solo=solo)
        out = resolve(t, Ctx(0, dungeon), play, (cp("Thief"),) if not solo else ())
        assert out.question is None and out.table.estates[0].cards == (played or (dungeon,))


def test_e_r6_e_r28_a_solo_draw_never_loops_on_solo_mode_cards():
    """E-R6 / E-R28: a solo draw from an empty deck reshuffles the discard pile; when that
    pile holds only Solo Mode cards, each resolves once (Thief: lose 1 resource;
    Treasurer: lose 1 Gold) and then nothing is drawn, instead of revealing them for
    ever (the host would hang)."""
    from rules.core import Rng
    from rules.estate.effects import Ctx, resolve
    from rules.estate.table import Table

    pile = (cp("Thief"), cp("Treasurer"))
    t = Table((Estate(res=(2, 0, 0, 0), gold=2),), (), pile, ("",) * 4, Rng(7), solo=True)
    out = resolve(t, Ctx(0), [{"op": "draw", "n": 2, "from": "deck"}])
    e = out.table.estates[0]
    assert out.question is None and e.hand == () and e.res == (1, 0, 0, 0) and e.gold == 1
    assert sorted(out.table.deck + out.table.discard) == sorted(pile)


def test_e_r10_moves_in_the_middle_of_effects_in_random_play():
    """E-R10 over random play (issue 10 "someone can always act"): with a Larder, a
    Storehouse and effects that spend (Charcoal Burner, Harbor, Forge, an Architect's
    waiver) in every Estate, a storage move or conversion offered while an effect waits
    never fails, the waiting effect comes back with its answers kept (E-11's TakeBack
    included), and the Eras still end."""
    import random

    from rules.estate import GAME
    from rules.estate.state import EstateOptions

    names = ("Larder", "Storehouse", "Charcoal Burner", "Harbor", "Forge", "Architect")
    offered = 0
    for seed in range(3):
        st = GAME.setup(EstateOptions(leaders="random"), 1 + seed, seed)
        rnd = random.Random(seed)
        while st.phase != "turns":
            seat = min(GAME.active_seats(st))
            st, _ = GAME.apply(st, seat, rnd.choice(list(GAME.legal_actions(st, seat))))
        es = tuple(attrs.evolve(e, res=(3, 3, 3, 3), cards=(*e.cards, *(cp(n, s + 1) for n in names)))
                   for s, e in enumerate(st.table.estates))
        st = attrs.evolve(st, table=attrs.evolve(st.table, estates=es))
        for _ in range(400):
            if st.era > 1 or GAME.is_over(st):
                break
            seat = min(GAME.active_seats(st))
            legal = list(GAME.legal_actions(st, seat))
            moves = [a for a in legal if isinstance(a, (StoreOn, Convert, TakeBack))]
            if st.phase == "turns" and st.pending is not None and moves and rnd.random() < 0.3:
                offered += 1
                waiting = st.pending
                st, _ = GAME.apply(st, seat, rnd.choice(moves))
                while st.pending is not None and st.pending.part == "own_turn":  # its own question
                    st, _ = GAME.apply(st, seat, rnd.choice(GAME.legal_actions(st, seat)[:1]))
                assert st.pending.source == waiting.source and st.pending.answers == waiting.answers
                continue
            rest = [a for a in legal if a not in moves]  # a worker action, an answer, EndTurn
            st, _ = GAME.apply(st, seat, rnd.choice(rest if rest and rnd.random() < 0.9 else legal))
        assert st.era > 1
    assert offered


def test_e_r11_architect_makes_the_screenshot_quarry_payable():
    """The estate-table screenshot's "Expand: Quarry (1 Wood 1 Iron)" while holding I1 S1
    W0 G0: its Warlord had an Architect (E-C03: each Construction you pay for costs 1
    resource less, you choose which; E-R11 discounts waive a unit of the cost). The Quarry
    is a Construction, so waiving the Wood leaves 1 Iron: payable, and with one waiver
    that works no question is asked. Without the Architect the Expand is not offered."""
    arch, quarry = cp("Architect"), cp("Quarry")
    st = ready(["Warlord", "Sorcerer"], [Estate(res=(1, 1, 0, 0), cards=(arch,), hand=(quarry,)), Estate()])
    assert Expand(quarry) in T.legal_actions(st, 0)
    after = act(st, 0, Expand(quarry))
    e = after.table.estates[0]
    assert quarry in e.cards and e.res == (0, 1, 0, 0) and after.turn == 1
    bare = ready(["Warlord", "Sorcerer"], [Estate(res=(1, 1, 0, 0), hand=(quarry,)), Estate()])
    assert Expand(quarry) not in T.legal_actions(bare, 0)
    assert refused_by(_Game, bare, Expand(quarry), 0).code == "not-legal"


# ---------------------------------------------------------------- E-R35: Drought first

def _drought(st):
    from rules.estate import effects as fx
    from rules.estate.data import CONTENT

    eid = next(e for e, ev in CONTENT.events.items() if ev.name == "Era of Drought")
    t = st.table
    for op in CONTENT.events[eid].effects[0].do:
        t = fx.add_modifier(t, -1, op)
    return attrs.evolve(st, table=t)


def test_e_r35_drought_takes_1_off_the_yield_before_the_bonuses_look_at_it():
    """E-R35 / E-E9: "Drought takes 1 off the yield first, never below 1"; the Lumberyard
    (E-C24: a yield with Wood gives 1 more) and the Sorcerer look only at the yield left.
    Mill Road (G1 W1) under Drought: losing the Wood leaves a yield of 1 Grain, so no
    Lumberyard Wood and the Sorcerer may add only Grain; losing the Grain leaves 1 Wood
    and the Lumberyard adds 1. A yield of 1 (Common Land) loses nothing. The Drought's
    question takes no conversion (it is no payment)."""
    ly = cp("Lumberyard")
    base = _drought(ready(["Sorcerer", "Warlord"], [Estate(res=(1, 1, 1, 0), cards=(ly,)), Estate()]))
    st = act(base, 0, Gather("E-B5"), end=False)
    assert st.pending.source == "drought" and V.question(st).options == ("G", "W")
    assert not any(isinstance(a, Convert) for a in T.legal_actions(st, 0))
    lose_w = act(st, 0, Answer("W"), end=False)
    assert lose_w.offer is not None and lose_w.offer.yielded == ("G",)
    lose_w = act(lose_w, 0, UseAbility(lid("Sorcerer")))
    assert lose_w.table.estates[0].res == (1, 1, 1, 2)  # Grain 1 + the Sorcerer's Grain; no Lumberyard
    lose_g = act(act(st, 0, Answer("G"), end=False), 0, UseAbility(""))
    assert lose_g.table.estates[0].res == (1, 1, 3, 0)  # Wood 1 + the Lumberyard's 1
    one = act(base, 0, Gather("E-B8"), end=False)
    assert one.pending is not None and one.pending.source == "E-B8"  # the choice of resource
    one = act(one, 0, Answer("S"), UseAbility(""))
    assert one.table.estates[0].res == (1, 2, 1, 0)
