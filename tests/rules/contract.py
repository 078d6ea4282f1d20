"""What every game's rules tests check of the contract (rules/core.py): an illegal
action raises RuleViolation, is not among the legal actions, and changes nothing."""

from __future__ import annotations

import cattrs
import pytest

from rules.core import RuleViolation

CONVERTER = cattrs.Converter()


def refused_by(game, state, action, seat: int) -> RuleViolation:
    """Apply an illegal ``action`` of ``seat`` in ``game``: it must raise
    RuleViolation, be absent from the legal actions, and leave ``state`` exactly as it
    was (compared through cattrs). Returns the violation."""
    before = CONVERTER.unstructure(state)
    with pytest.raises(RuleViolation) as caught:
        game.apply(state, seat, action)
    assert action not in game.legal_actions(state, seat)
    assert CONVERTER.unstructure(state) == before
    return caught.value
