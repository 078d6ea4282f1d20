"""The games Parlour can play, by name (``"zatre"``). Each is a rules.core.Game.

A game listed here is offered to players (``parlour host --game``, the setup form,
the join screen): Zatre, Zatre: Das Kartenspiel, Zestrea and Estate: Raise the Realm."""

from __future__ import annotations

from typing import Mapping

from .core import Game
from .estate import GAME as ESTATE
from .zatre import GAME as ZATRE
from .zatre_cards import GAME as ZATRE_CARDS
from .zestrea import GAME as ZESTREA

GAMES: Mapping[str, Game] = {ZATRE.name: ZATRE, ZATRE_CARDS.name: ZATRE_CARDS, ZESTREA.name: ZESTREA,
                            ESTATE.name: ESTATE}


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` names the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; Parlour has: {', '.join(GAMES)}") from None
