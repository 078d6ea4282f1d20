"""Why a seat may not act now, in words (rules.core ``why_not_now``; issue 10 item 2):
in the simultaneous steps (the draft, E-F14 / E-R32; keeping a Family Secret, E-F15)
a seat that has done its part is told whom the table waits for, not whose turn it is
not. Players are named ``"seat N"`` (:func:`rules.core.seat_name`); the table that
shows the words puts their names in."""

from __future__ import annotations

from typing import Iterable

from ..core import Seat, seat_name
from . import pending, setup
from .state import EstateState


def _and(seats: Iterable[Seat]) -> str:
    """``"seat 1"``, ``"seat 1 and seat 3"``, ``"seat 1, seat 2 and seat 4"``."""
    said = [seat_name(s) for s in sorted(seats)]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def why_not_now(state: EstateState, seat: Seat) -> str | None:
    """Why ``seat`` may not act in ``state`` (it is not among the active seats):
    ``"You have picked; waiting for seat 1 and seat 3 to pick."`` in the draft,
    ``"You have kept your Family Secret; waiting for seat 2 to keep theirs."``, else
    whom the game waits for (an answer owed, an Era's option, a turn). ``None`` once
    the game is over (the host says so)."""
    if state.phase == "over" or not 0 <= seat < state.seats:
        return None
    if state.pending is not None:
        return f"Waiting for {seat_name(pending.question(state).seat)} to choose."
    if state.phase == "draft" and state.draft is not None:
        waiting = [s for s in range(state.seats) if not state.draft.picked[s]]
        return f"You have picked; waiting for {_and(waiting)} to pick." if waiting else None
    if state.phase == "secrets":
        waiting = [s for s in range(state.seats) if len(state.secrets[s]) == 2]
        if waiting:
            return f"You have kept your Family Secret; waiting for {_and(waiting)} to keep theirs."
        return None
    if state.phase == "leaders":
        return f"Waiting for {_and(setup.active_seats(state))} to choose a Leader."
    if state.phase == "turns":
        if state.offer is not None:
            return f"Waiting for {seat_name(state.offer.seat)} to answer."
        return f"It is {seat_name(state.turn)}'s turn."
    return None
