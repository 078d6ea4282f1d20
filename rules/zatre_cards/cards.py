"""The 50 cards of Zatre: Das Kartenspiel (data in cards.toml, a stand-in deck).

A card is known by its id ``0..49`` (its place in :data:`FACES`); its face is the pair
of pips ``(a, b)`` of its two halves, 0-6. Ids of cards in hands and piles are hidden
information; the faces of all ids are public data (the deck list).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import attrs

DECK_SIZE = 50
ROUND_CARDS = 25  # "The first round requires 25 cards."


@cache
def data() -> dict:
    """The parsed ``cards.toml`` (cached)."""
    return tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text())


def _load() -> tuple[tuple[int, int], ...]:
    d = data()["deck"]
    faces = [(a, b) for a in range(1, 7) for b in range(a, 7) for _ in range(d["doubles"])]
    faces += [tuple(pair) for pair in d["blanks"]]
    if len(faces) != d["cards"] or len(faces) != DECK_SIZE:
        raise ValueError(f"cards.toml: the deck must hold {DECK_SIZE} cards, not {len(faces)}")
    if any(not (0 <= v <= 6) for face in faces for v in face):
        raise ValueError("cards.toml: halves show 0 to 6 pips")
    return tuple(faces)


FACES: tuple[tuple[int, int], ...] = _load()
"""``FACES[id] = (a, b)``: the pips of the card's first and second half."""


@attrs.frozen(order=True)
class Card:
    """A card as a player sees it: its ``id`` and the pips of its halves ``a``, ``b``."""

    id: int
    a: int
    b: int


def card(card_id: int) -> Card:
    """The :class:`Card` with id ``card_id``."""
    a, b = FACES[card_id]
    return Card(card_id, a, b)
