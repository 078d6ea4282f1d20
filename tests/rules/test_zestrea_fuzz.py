"""Whatever a client sends, Zestrea's apply either applies it or raises RuleViolation,
never another error, and a refusal changes nothing (common.md "the host never crashes
because of what a client sent"; design.md, one authority)."""

from __future__ import annotations

import random

import attrs

from rules.core import RuleViolation
from rules.zestrea import GAME, ZestreaAction
from rules.zestrea.state import Accept, PlayFate, ProposeWedding
from tests.rules.zestrea_support import estate, step_four

JUNK = (None, -1, 0, 1, 2, 7, 10**9, 2.5, True, "", "x", "C1", "L10", "M10", "F07-1", "F99-1",
        (), ("L10",), ("C1", "C1"), ("a", ["b"]), ["L10"], {"a": 1}, "proposer", "on_success",
        "each_1", "wedding", "lad", "any")


def positions():
    """States with windows, offers, prompts and an auction to aim junk at."""
    state = step_four(estate(zestre=4, singles=("M10",), hand=("F07-1", "F10-1", "F14-1")),
                      estate(zestre=4, singles=("L10",)), estate(zestre=2, singles=("L12",)),
                      roles=(("L12", "F01-1"),))
    out = [state]
    state, _ = GAME.apply(state, 0, ProposeWedding(1, "M10", "L10"))
    out.append(state)
    state, _ = GAME.apply(state, 1, Accept(state.offers[0].id))
    out.append(state)
    out.append(GAME.setup(GAME.options_type(), 4, 5))
    return out


def test_junk_actions_are_refused_cleanly():
    rnd = random.Random(9)
    classes = list(ZestreaAction.__args__)
    for state in positions():
        for _ in range(400):
            cls = rnd.choice(classes)
            fields = [f for f in attrs.fields(cls) if f.name != "kind"]
            action = cls(**{f.name: rnd.choice(JUNK) for f in fields})
            seat = rnd.choice((0, 1, 2, -1, 9, "0", None))
            try:
                after, _ = GAME.apply(state, seat, action)
            except RuleViolation:
                continue
            assert after is not state  # applied: a real change


def test_junk_inside_good_actions():
    state = positions()[0]
    for action in (PlayFate("F07-1", villager=["x"]), PlayFate("F14-1", mode=None),
                   ProposeWedding(1, "M10", "L10", sweet_payer="proposer", sweet_cards=["F07-1"]),
                   ProposeWedding(1, "M10", "L10", attempts=2.0), Accept(None)):
        try:
            GAME.apply(state, 0, action)
        except RuleViolation:
            pass
