"""A saved game of Estate, step by step (``parlour replay FILE``): the Estate table as a
spectator saw it (no hand, packet or secret) with what every replay does
(tui/screens/replay.py)."""

from __future__ import annotations

from ..screens.replay import ReplayTable
from .table import EstateTableScreen


class EstateReplayScreen(ReplayTable, EstateTableScreen):
    """An Estate game replayed (arguments as for :class:`ReplayTable`)."""

    hand_id = "#e-page"

    def _forget_events(self) -> None:
        super()._forget_events()
        self._log.clear()
