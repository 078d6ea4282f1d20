"""A saved Zatre game, step by step (``parlour replay FILE``): the Zatre table with
what every replay does (tui/screens/replay.py)."""

from __future__ import annotations

from ..screens.replay import ReplayTable, replay_snapshots
from .table import TableScreen

__all__ = ["ReplayScreen", "replay_snapshots"]


class ReplayScreen(ReplayTable, TableScreen):
    """A Zatre game replayed (arguments as for :class:`ReplayTable`)."""

    hand_id = "#hand"
