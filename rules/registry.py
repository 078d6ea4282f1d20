"""The games Parlour can play, by name (``"zatre"``). Each is a rules.core.Game.

Zestrea's rules (``rules.zestrea``) play from setup to result with bots, but it is not
listed here until its table in tui/ and its host in net/ are built: a game listed here
is offered to players (``parlour host --game``, the setup form, the join screen)."""

from __future__ import annotations

from typing import Mapping

from .core import Game
from .zatre import GAME as ZATRE
from .zatre_cards import GAME as ZATRE_CARDS

GAMES: Mapping[str, Game] = {ZATRE.name: ZATRE, ZATRE_CARDS.name: ZATRE_CARDS}


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` names the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; Parlour has: {', '.join(GAMES)}") from None
