"""Chance from the state's own RNG (design.md: a seed and the actions replay a game):
the six-sided die (rulebook "Game Contents") and shuffles."""

from __future__ import annotations

from typing import Sequence, TypeVar

import attrs

from ..core import Rng
from .state import ZestreaState

T = TypeVar("T")


def roll(state: ZestreaState) -> tuple[int, ZestreaState]:
    """One roll of the die, 1-6, and the state with the RNG moved on."""
    value, rng = state.rng.below(6)
    return value + 1, attrs.evolve(state, rng=rng)


def shuffle(items: Sequence[T], rng: Rng) -> tuple[tuple[T, ...], Rng]:
    """``items`` shuffled with ``rng`` (:meth:`rules.core.Rng.shuffled`)."""
    return rng.shuffled(items)
