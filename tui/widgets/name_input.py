"""A player's name field: it takes at most so many characters, and says so when one
more is typed or pasted (player-tester 21, finding 9: the 13th character of a name was
dropped without a word)."""

from __future__ import annotations

from typing import Any

from .told_input import ToldInput


def limit_words(limit: int) -> str:
    """What a name field says of its limit: ``"A name has at most 12 characters."``."""
    return f"A name has at most {limit} characters."


class NameInput(ToldInput):
    """A :class:`ToldInput` for a name of at most ``limit`` characters (``max_length``):
    a character refused for it brings a notice naming the limit."""

    def __init__(self, value: str, limit: int, **kwargs: Any) -> None:
        super().__init__(value, "Name too long", f"{limit_words(limit)} The rest was not taken.",
                         max_length=limit, **kwargs)
