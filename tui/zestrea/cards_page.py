"""The rules page's list of cards (F1), made from the game's own card data
(``rules/zestrea/fate.toml``, ``times.toml``) when the page is opened, so the page
tells what every card does in the words the cards show in play, marked as the data
marks them, and never goes out of date (player-tester 21, finding 2: the page named
the stand-in cards without what they do)."""

from __future__ import annotations

from typing import Iterable

from rules.zestrea.cards import FATE, TIMES

from .words import SOURCE_MARKS, card_text, time_text

MARKS = {**SOURCE_MARKS, "public-name": " [printed name, effect reconstructed]"}
"""The page's marks: a stand-in as in play, and the cards whose printed name is known
but whose effect is reconstructed from it (unmarked in play)."""
HEAD = """## The cards

Every card, as the game's data has it. **[stand-in]**: written for Parlour. **[printed
name, effect reconstructed]**: the printed card's name with an effect reconstructed from
it. Unmarked: from the rulebook or a public description. A Fate card's kind says when it
is played; a number after it is what it adds to a wedding's chance."""


def cards_section() -> str:
    """The page's last section: every Fate card (by title), Hard Times and Good Times
    card, each with its text."""
    parts = [HEAD, f"### Fate cards ({len(FATE)} titles)", _items(card_text(t, MARKS) for t in FATE)]
    for good, heading in ((False, "Hard Times"), (True, "Good Times")):
        cards = [t for t in TIMES.values() if t.good == good]
        parts += [f"### {heading} ({len(cards)})", _items(time_text(t.id, MARKS) for t in cards)]
    return "\n\n".join(parts) + "\n"


def _items(texts: Iterable[str]) -> str:
    return "\n".join(f"- {text}" for text in texts)


def rules_page(text: str) -> str:
    """The rules page: ``text`` (``rules.md``), then :func:`cards_section`."""
    return text.rstrip("\n") + "\n\n" + cards_section()
