"""What every game's rules tests check of the contract (rules/core.py): an illegal
action raises RuleViolation, is not among the legal actions (not listed, and within the
bounds of an ActionKind only if that kind says it checks more), and changes nothing."""

from __future__ import annotations

import cattrs
import pytest

from rules.core import RuleViolation, kinds, listed

CONVERTER = cattrs.Converter()


def refused_by(game, state, action, seat: int) -> RuleViolation:
    """Apply an illegal ``action`` of ``seat`` in ``game``: it must raise
    RuleViolation, be absent from the legal actions (within an ActionKind's bounds only
    where that kind names further checks), and leave ``state`` exactly as it
    was (compared through cattrs). Returns the violation."""
    before = CONVERTER.unstructure(state)
    with pytest.raises(RuleViolation) as caught:
        game.apply(state, seat, action)
    legal = game.legal_actions(state, seat)
    assert action not in listed(legal)
    assert all(kind.checks for kind in kinds(legal) if kind.bounds(action))
    assert CONVERTER.unstructure(state) == before
    return caught.value
