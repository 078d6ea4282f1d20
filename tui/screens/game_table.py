"""What every game's table screen does alike: listen to the links, leave, rules,
results, cycle sheets, re-lay itself after a resize.

A subclass sets up, in its ``__init__``: ``links`` (seat -> SeatLink at this keyboard),
``story`` (the link driving the table), ``seat``, ``snap``, ``sheet_seat``,
``leave_question``, ``_leave`` (called on leaving), ``_stops``, ``_seat_snaps``
(seat -> {version: Snapshot}), ``_queue`` and ``_allowed``; and provides ``view``,
``_show(snap)``, ``_start_pump()`` and ``_update()``. ``results_screen`` is the game's
results screen class, built from a finished Snapshot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from net.table import Snapshot
from rules.core import Seat

from .base import ParlourScreen
from .confirm import ConfirmScreen


class GameTableScreen(ParlourScreen):
    """Base of the game tables (tui/zatre/table.py, tui/zatre_cards/table.py)."""

    results_screen: ClassVar[type]

    def on_unmount(self) -> None:
        self._stop_listening()

    def _stop_listening(self) -> None:
        for stop in self._stops:
            stop()
        self._stops.clear()

    def _got_seat(self, seat: Seat, snap: Snapshot) -> None:
        self._seat_snaps[seat][snap.version] = snap
        if seat == self.seat and self.snap is not None and snap.version == self.snap.version:
            self._show(snap)  # the same version again (after a stale intent): refresh

    def _got_story(self, snap: Snapshot) -> None:
        self._queue.append(snap)
        self._start_pump()

    def action_cycle_sheet(self) -> None:
        if self.view is not None:
            self.sheet_seat = (self.sheet_seat + 1) % self.view.seats
            self._update()

    def action_rules(self) -> None:
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_results(self) -> None:
        if self.snap is not None and self.snap.over:
            self.app.push_screen(self.results_screen(self.snap))

    def action_leave(self) -> None:
        if self.snap is not None and self.snap.over:
            self.leave()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.leave()

        self.app.push_screen(ConfirmScreen(self.leave_question, "Leave", "Stay"), answered)

    def leave(self) -> None:
        """Stop listening and hand over to ``_leave`` (stop the table, back to the menu)."""
        self._stop_listening()
        if self._leave is not None:
            self._leave()

    def size_changed(self, small: bool) -> None:
        super().size_changed(small)
        self._allowed: Any = ()
        if not small and self.snap is not None:
            self._update()
