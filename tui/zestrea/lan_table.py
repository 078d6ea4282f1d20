"""Zestrea's table over the LAN: the Zestrea table fed by a RemoteSeatLink, with what
every LAN table adds (tui/screens/lan_table.py: the reconnect banner that blocks
moves, seats away, chat with ``t``, a game ended early).

Every Boyar acts at once, so a dropped player is told in the estates panel (``away,
held 1:42 more``, then ``away`` once the grace period is over) rather than only
when the table waits for them alone; and the host is told at the table, under it, how
to give such a seat to a bot (player-tester findings on issue 9, item 6)."""

from __future__ import annotations

from typing import Any, Sequence

from ..lan import away_words, bot_hint
from ..screens.lan_table import LanTable
from .table import ZestreaTableScreen


def seat_bot_hint(names: Sequence[str], seats: Sequence[Any]) -> str:
    """What the host may do for the first seat away past its grace period: ``"Bob is
    away: wait, or give the seat to a bot: t, then /bot seat 2 strong."``."""
    info = next((i for i in seats if i.status == "away" and not i.deadline), None)
    if info is None or not 0 <= info.seat < len(names):
        return ""
    return bot_hint(names[info.seat], info.seat, info.left)


class ZestreaLanTableScreen(LanTable, ZestreaTableScreen):
    """A Zestrea table at a LAN table (arguments as for :class:`LanTable`)."""

    offline_words = "Actions wait until the table is back; nothing is sent meanwhile."
    watching_words = "You are watching: nobody's hand or offers are shown. t: chat, q leaves."
    scores_selector = "#z-estates-box"
    scores_title = None  # (the table titles its panels: _mark_focus)

    def _fold(self, line: Any) -> None:
        """Comings and goings go into the log (and so stay in sight, untoasted)."""
        self._log.append(line.text)
        if self.snap is not None:
            self._update()

    def _lobby_seats(self) -> tuple[Any, ...]:
        lobby = self.session.lobby
        return tuple(lobby.seats) if lobby is not None else ()

    def _away_words(self, seat: int) -> str:
        return away_words(next((i for i in self._lobby_seats() if i.seat == seat), None))

    def _instructions(self) -> str:
        """The host sees how to seat a bot for a Boyar away, whoever the table waits for."""
        snap = self.snap
        if snap is not None and not snap.over and self.online and self.link.is_host:
            hint = seat_bot_hint(snap.names, self._lobby_seats())
            if hint:
                return hint
        return super()._instructions()
