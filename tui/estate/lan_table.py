"""Estate's table over the LAN: the Estate table fed by a RemoteSeatLink, with what every
LAN table adds (tui/screens/lan_table.py: the reconnect banner that blocks moves, seats
away, chat with ``t``, a game ended early)."""

from __future__ import annotations

from ..screens.lan_table import LanTable
from .table import EstateTableScreen


class EstateLanTableScreen(LanTable, EstateTableScreen):
    """An Estate table at a LAN table (arguments as for :class:`LanTable`)."""

    offline_words = "Actions wait until the table is back; nothing is sent meanwhile."
    watching_words = "You are watching: nobody's hand, packet or secret is shown. t: chat, q leaves."
    scores_selector = "#e-log-box"
    scores_title = None  # (the table titles its panels: _mark_focus)
