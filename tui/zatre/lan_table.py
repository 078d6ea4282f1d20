"""The Zatre table over the LAN: the same table, fed by a :class:`RemoteSeatLink`,
with what every LAN table adds (tui/screens/lan_table.py: the reconnect banner that
blocks moves, seats away, chat with ``t``, a game ended early)."""

from __future__ import annotations

from ..screens.lan_table import LanTable
from .table import TableScreen


class LanTableScreen(LanTable, TableScreen):
    """A Zatre table at a LAN table (arguments as for :class:`LanTable`)."""

    offline_words = "Moves wait until the table is back; tiles laid stay laid."
    watching_words = "You are watching: nobody's tiles are shown. t: chat, q leaves."
