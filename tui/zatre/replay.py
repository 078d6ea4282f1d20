"""A saved Zatre game, step by step (``parlour replay FILE``): the Zatre table with
what every replay does (tui/screens/replay.py)."""

from __future__ import annotations

from ..screens.replay import ReplayTable, replay_snapshots
from .table import TableScreen

__all__ = ["ReplayScreen", "replay_snapshots"]


class ReplayScreen(ReplayTable, TableScreen):
    """A Zatre game replayed (arguments as for :class:`ReplayTable`)."""

    hand_id = "#hand"

    def move_note(self) -> str:
        """The log numbers turns, the header and ``--text`` moves; in teams the partners'
        order (ruling 12) is a move and no turn, so where the two differ the header
        says the log's turn too: ``"move 4 of 75 (turn 3 in the log)"`` (player-tester
        4, item 11)."""
        turns = len(self.snaps[self.index].view.log)
        return f" (turn {turns} in the log)" if turns != self.index else ""
