"""A saved game of Zatre: Das Kartenspiel, step by step (``parlour replay FILE``): the
card table with what every replay does (tui/screens/replay.py)."""

from __future__ import annotations

from ..screens.replay import ReplayTable
from .table import CardTableScreen


class CardReplayScreen(ReplayTable, CardTableScreen):
    """A card game replayed (arguments as for :class:`ReplayTable`)."""

    hand_id = "#card-hand"
