"""A text field that says why it refused a character (player-tester 21, finding 9: the
13th character of a name was dropped without a word; player-tester 23, finding 8: the
seed field ignored letters and a chat line stopped at 400 characters, silently)."""

from __future__ import annotations

import time
from typing import Any

from textual.widgets import Input


class ToldInput(Input):
    """An :class:`~textual.widgets.Input` whose refused characters (over its
    ``max_length``, outside its ``restrict``) bring a notice: ``title`` and ``words``
    (and the terminal's bell, as any refused character), once while the notice is in
    sight however many keys are pressed. A paste longer than the room left is taken as
    far as it fits, as if typed key by key."""

    def __init__(self, value: str, title: str, words: str, **kwargs: Any) -> None:
        super().__init__(value, **kwargs)
        self.refusal = (title, words)
        self._told = -float("inf")  # (when the notice was last given, time.monotonic)

    def restricted(self) -> None:
        """A character (or a paste) refused: say why."""
        super().restricted()
        now = time.monotonic()
        if now - self._told > self.app.NOTIFICATION_TIMEOUT:
            self._told = now
            title, words = self.refusal
            self.notify(words, title=title, severity="warning", markup=False)

    def replace(self, text: str, start: int, end: int) -> None:
        """:meth:`Input.replace`, with ``text`` cut to the room ``max_length`` leaves
        (and the rest refused, so told)."""
        if self.max_length:
            lo, hi = sorted((max(0, start), min(len(self.value), end)))
            room = self.max_length - (len(self.value) - (hi - lo))
            if 0 < room < len(text):
                super().replace(text[:room], start, end)
                self.restricted()
                return
        super().replace(text, start, end)
