"""Estate as one :class:`rules.core.Game`: the phases of setup.py, eras.py and turns.py
joined (rulebook Setup, Play; reference E-R1-E-R23). Listed in rules/registry.py (issue 10)."""

from __future__ import annotations

from typing import Sequence

from ..core import Result, Seat
from . import eras, scoring, setup, turns, views, words
from .state import EstateAction, EstateEvent, EstateOptions, EstateState, EstateView

MIN_SEATS, MAX_SEATS = 1, 5  # E-F2
SETUP_PHASES = ("leaders", "extra", "draft", "secrets")


def _part(state: EstateState):
    if state.phase in SETUP_PHASES:
        return setup
    if state.phase == "turns":
        return turns
    return eras


def new_game(options: EstateOptions, seats: int, seed: int) -> EstateState:
    """The opening state (set-up through to the first choice)."""
    return eras.progress(setup.setup(options, seats, seed))


def active_seats(state: EstateState) -> frozenset[Seat]:
    return _part(state).active_seats(state)


def legal_actions(state: EstateState, seat: Seat) -> Sequence[EstateAction]:
    return _part(state).legal_actions(state, seat)


def apply(state: EstateState, seat: Seat, action: EstateAction) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """Apply ``action`` in the current phase, then run the Era steps that follow without a
    choice; ``RuleViolation`` (nothing changed) if it is not legal."""
    state, events = _part(state).apply(state, seat, action)
    state, told = eras.advance(state)
    return state, (*events, *told)


def is_over(state: EstateState) -> bool:
    return state.phase == "over"


def result(state: EstateState) -> Result:
    return scoring.result(state)


def seat_counts(options: EstateOptions) -> tuple[int, ...]:
    return tuple(range(MIN_SEATS, MAX_SEATS + 1))


def team_size(options: EstateOptions) -> int:
    return 1


def view(state: EstateState, seat: Seat | None) -> EstateView:
    return views.view(state, seat)


def project_event(event: EstateEvent, seat: Seat | None) -> EstateEvent:
    return views.project_event(event, seat)


def describe(name: str, action: EstateAction, events: Sequence[EstateEvent] = (),
             names: Sequence[str] = ()) -> str:
    """The turn in words: ``"Ann gathers at Iron Seam"``; private details left out
    (:func:`rules.estate.words.describe`)."""
    return words.describe(name, action, events, names)


def awaited(state: EstateState) -> frozenset[Seat]:
    """Every active seat is waited for (the draft's seats all at once)."""
    return active_seats(state)
