"""The table of Zatre: Das Kartenspiel over the LAN: the card table, fed by a
:class:`RemoteSeatLink`, with what every LAN table adds (tui/screens/lan_table.py: the
reconnect banner that blocks moves, seats away, chat with ``t``, a game ended early)."""

from __future__ import annotations

from ..screens.lan_table import LanTable
from .table import CardTableScreen


class CardLanTableScreen(LanTable, CardTableScreen):
    """A card table at a LAN table (arguments as for :class:`LanTable`)."""

    offline_words = "Moves wait until the table is back; nothing is sent meanwhile."
    watching_words = "You are watching: nobody's cards are shown. t: chat, q leaves."
    scores_selector = "#card-scores"
