"""The quiet moment: a screen whose question has just changed under the keyboard (the
results as the game ends, the hotseat hand-over, a table's new question or Do list)
takes the keys that would act only once the keyboard has been quiet for ``QUIET``
seconds. A key still queued or auto-repeating from the moment before (a double Enter, a
held Space) is swallowed and starts the wait again, so it never acts on a question the
player has not seen (issue 8 §4; player-tester findings on Estate, item 1)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events

ALWAYS = frozenset({"ctrl+c", "ctrl+q"})
"""Keys that work even during the quiet moment (copy, quit)."""


class QuietKeys:
    """Mixin for a screen: :meth:`wait_for_quiet` starts (or restarts) the quiet moment;
    meanwhile :attr:`listening` is ``False`` and every key :meth:`holds_key` names is
    swallowed; when it is over :meth:`heard` is called (redraw what says "one moment")
    and the footer's keys are drawn again."""

    QUIET: ClassVar[float] = 0.6
    """Seconds without a held-back key before the screen listens (``0``: never waits)."""
    listening = True
    _quiet_timer: Any = None

    def wait_for_quiet(self) -> None:
        """Hold the keys back until the keyboard has been quiet for ``QUIET`` seconds."""
        if self.QUIET <= 0:
            if not self.listening:
                self._quiet_over()
            return
        self.listening = False
        if self._quiet_timer is not None:
            self._quiet_timer.stop()
        self._quiet_timer = self.set_timer(self.QUIET, self._quiet_over)  # type: ignore[attr-defined]
        self.refresh_bindings()  # type: ignore[attr-defined]  # (the footer dims its keys)

    def _quiet_over(self) -> None:
        self._quiet_timer = None
        self.listening = True
        self.heard()
        self.refresh_bindings()  # type: ignore[attr-defined]

    def heard(self) -> None:
        """The quiet moment is over: the screen listens again (a hook)."""

    def holds_key(self, key: str) -> bool:
        """Whether ``key`` waits for the quiet moment (default: every key but copy and quit)."""
        return key not in ALWAYS

    def on_key(self, event: events.Key) -> None:
        """During the quiet moment a held-back key is swallowed and starts the wait again."""
        if not self.listening and self.holds_key(event.key):
            event.stop()
            event.prevent_default()
            self.wait_for_quiet()
