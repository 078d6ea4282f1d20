"""Why a seat may not act now, in words (rules.core ``why_not_now``; issue 10 item 2):
where several Boyars owe prompt answers at once (reference §3.1, Z-R36), one that has
answered is told whom the table waits for, not whose turn it is not; in the auction
(Z-R27) whose bid it is. Players are named ``"seat N"`` (:func:`rules.core.seat_name`)."""

from __future__ import annotations

from ..core import Seat, seat_name
from .state import ZestreaState


def why_not_now(state: ZestreaState, seat: Seat) -> str | None:
    """Why ``seat`` may not act in ``state``: ``"You have answered; waiting for seat 2
    and seat 4 to answer."``, ``"Waiting for seat 3 to answer."``, ``"It is seat 2's turn
    to bid."``; ``None`` where the host's words serve (the game over)."""
    if state.phase == "over":
        return None
    owing = sorted(p.seat for p in state.prompts if p.answer is None)
    if owing:
        said = [seat_name(s) for s in owing]
        who = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
        if any(p.seat == seat for p in state.prompts):
            return f"You have answered; waiting for {who} to answer."
        return f"Waiting for {who} to answer."
    if state.auction is not None:
        return f"It is {seat_name(state.auction.turn)}'s turn to bid."
    return None
