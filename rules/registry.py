"""The games Parlour can play, by name (``"zatre"``). Each is a rules.core.Game.

Zestrea's rules play from setup to result (with bots); its table in tui/ is not built
yet, so the menus that list games from tui.local_game do not offer it."""

from __future__ import annotations

from typing import Mapping

from .core import Game
from .zatre import GAME as ZATRE
from .zatre_cards import GAME as ZATRE_CARDS
from .zestrea import GAME as ZESTREA

GAMES: Mapping[str, Game] = {ZATRE.name: ZATRE, ZATRE_CARDS.name: ZATRE_CARDS, ZESTREA.name: ZESTREA}


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` names the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; Parlour has: {', '.join(GAMES)}") from None
