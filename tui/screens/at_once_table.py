"""The table of a game whose seats act at once (Zestrea: Boyars in step IV and the
windows; Estate: the draft, Newcomers, the solo bot's turns) and whose log is lines of
text the screen writes itself: what both share.

Hotseat, the keyboard goes to the human seat that still owes something (the one shown
while it does, else the next in seat order); between two humans a hand-over screen hides
the table and shows the public log lines that seat has not seen yet."""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from net.table import Snapshot
from rules.core import Seat

from .game_table import GameTableScreen

NEWS_LINES = 6
"""Public log lines a hand-over screen shows at most: the latest the seat has not seen."""


class AtOnceTableScreen(GameTableScreen):
    """A :class:`GameTableScreen` for a game whose seats act at once (arguments as
    for it). A game's screen sets :attr:`owes` and appends its log lines to
    :attr:`_log`; :meth:`_hide_hand` (what leaves the screen before a hand-over) is
    its own."""

    owes: ClassVar[Callable[[Snapshot], bool]]
    """Whether the seat of a snapshot owes something the table waits for (a
    staticmethod of the game's screen)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._log: list[str] = []  # the log's lines, oldest first
        self._hidden = False  # the seat's private panels are hidden for a hand-over
        self._log_seen: dict[Seat, int] = {}  # hotseat: log lines each seat has seen

    def _forget_events(self) -> None:
        """A replay stepping back: the log is told again from the first step."""
        super()._forget_events()
        self._log.clear()

    def _told_events(self, snap: Snapshot) -> tuple[Any, ...]:
        """The log's lines (the results tell the last of them)."""
        return tuple(self._log)

    def _whole_log(self) -> list[str]:
        return list(self._log)

    def _awaited_seat(self) -> Seat:
        """Several seats act at once: the first other seat the table waits for."""
        snap = self.snap
        others = sorted(s for s in snap.active_seats if s != snap.seat) if snap is not None else []
        if others:
            return others[0]
        return snap.seat if snap is not None and snap.seat is not None else 0

    def _hides_hand(self) -> bool:
        return self._hidden

    async def _hand_over(self, story: Snapshot) -> bool:
        """The keyboard goes to a human seat that owes something at ``story``'s version:
        the one shown while it does, else the next in seat order; between two humans a
        hand-over screen hides the table and shows the last :data:`NEWS_LINES` public
        log lines that seat has not seen. ``False``: the players chose to leave
        instead."""
        owes = type(self).owes
        snaps = {seat: self._seat_snaps[seat].get(story.version) for seat in self.links}
        owing = [seat for seat, snap in sorted(snaps.items()) if snap is not None and owes(snap)]
        target = self.seat
        if target is None or target not in owing:
            later = [s for s in owing if self.seat is None or s > self.seat]
            target = (later or owing or [self.seat if self.seat is not None else min(self.links, default=None)])[0]
        if target is None:
            return True
        if len(self.links) > 1 and target in owing and target != self._at_keyboard:
            since = self._log[self._log_seen.get(target, 0):][-NEWS_LINES:]
            self._log_seen[target] = len(self._log)
            if not await self._cover_for(story.names[target], "\n".join(since)):
                return False
            self._at_keyboard = target
        if target != self.seat:
            self.seat = target
        self._hidden = False
        return True
