"""A saved game of Zestrea, step by step (``parlour replay FILE``): the Zestrea table as
a spectator saw it (no hand, no offer's terms) with what every replay does
(tui/screens/replay.py)."""

from __future__ import annotations

from ..screens.replay import ReplayTable
from .table import ZestreaTableScreen


class ZestreaReplayScreen(ReplayTable, ZestreaTableScreen):
    """A Zestrea game replayed (arguments as for :class:`ReplayTable`)."""

    hand_id = "#z-hand"
    status_says_over = True  # (its step, "game over", ends the status line)
    catch_up = False
    AUTO_FOCUS = "*"  # (its Do list cannot focus: the first panel has the focus)
