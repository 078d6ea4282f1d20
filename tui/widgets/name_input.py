"""A player's name field: it takes at most so many characters, and says so when one
more is typed or pasted (player-tester 21, finding 9: the 13th character of a name was
dropped without a word)."""

from __future__ import annotations

import time
from typing import Any

from textual.widgets import Input


def limit_words(limit: int) -> str:
    """What a name field says of its limit: ``"A name has at most 12 characters."``."""
    return f"A name has at most {limit} characters."


class NameInput(Input):
    """An :class:`~textual.widgets.Input` for a name of at most ``limit`` characters
    (``max_length``); a character refused for it brings a notice naming the limit (and
    the terminal's bell, as any refused character), once while the notice is in sight
    however many keys are pressed."""

    def __init__(self, value: str, limit: int, **kwargs: Any) -> None:
        super().__init__(value, max_length=limit, **kwargs)
        self._told = -float("inf")  # (when the notice was last given, time.monotonic)

    def restricted(self) -> None:
        """A character (or a paste) refused: the name would be too long."""
        super().restricted()
        now = time.monotonic()
        if now - self._told > self.app.NOTIFICATION_TIMEOUT:
            self._told = now
            self.notify(f"{limit_words(self.max_length or 0)} The rest was not taken.",
                        title="Name too long", severity="warning", markup=False)
