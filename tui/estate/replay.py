"""A saved game of Estate, step by step (``parlour replay FILE``): the Estate table as a
spectator saw it (no hand, packet or secret) with what every replay does
(tui/screens/replay.py)."""

from __future__ import annotations

from textual.binding import Binding

from ..screens.replay import ReplayTable
from .table import PAGE, EstateTableScreen


class EstateReplayScreen(ReplayTable, EstateTableScreen):
    """An Estate game replayed (arguments as for :class:`ReplayTable`). ``h`` stays the
    Hand page the page's border names (← steps back): a replay's ``h`` and ``l`` are
    only the cursor's letters (player-tester findings on Estate, item 10)."""

    BINDINGS = [Binding("h", "page('hand')", "Hand", group=PAGE)]
    hand_id = "#e-page"
