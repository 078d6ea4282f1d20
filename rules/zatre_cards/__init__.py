"""Zatre: Das Kartenspiel, the card game (zatre-card-game.txt), 2-4 players, with the
``profi`` option (hides placement hints). ``GAME`` is the rules.core.Game.

Modules: cards (the 50 cards, a stand-in deck, cards.toml), sheet (the score sheet,
stand-in row bonuses), state (state, actions, events, views), placement (lines, the
Note, the zero, legal placements, hints and checks in the rule's words), scoring
(Scoring, Triple Scores and the Super Bonus), game (Setup, Gameplay, the Exception,
End of the Game), bots, words (a turn told as the log tells it, for printed replays).
"""

from __future__ import annotations

from . import game as _game
from .words import describe as _describe
from .bots import EasyBot, StrongBot
from .cards import FACES, Card, card
from .placement import check, hint_cells, legal_lays, legal_openings, opening_hint_cells
from .scoring import TurnPreview, preview
from .state import (
    ORIENTATIONS, CardsDrawn, GameEnded, HandShown, LayCard, LayOpening, Pass, Passed,
    RoundEnded, RoundStarted, ScoredLine, ShowHand, TurnPlayed, TurnRecord, ZatreCardsAction,
    ZatreCardsEvent, ZatreCardsOptions, ZatreCardsState, ZatreCardsView,
)


class ZatreCardsGame:
    """Zatre: Das Kartenspiel for Parlour: see rules.core.Game."""

    name = "zatre-cards"
    title = "Zatre: Das Kartenspiel"
    min_seats = _game.MIN_SEATS
    max_seats = _game.MAX_SEATS
    options_type = ZatreCardsOptions
    state_type = ZatreCardsState
    action_type = ZatreCardsAction
    view_type = ZatreCardsView
    event_type = ZatreCardsEvent
    bots = {"easy": EasyBot, "strong": StrongBot}
    # the online table's "card game" option (zatre-online.txt, Options): option name ->
    # (the game with it off, the game with it on); the lobby switches between them
    table_variants = {"cardgame": ("zatre", "zatre-cards")}

    setup = staticmethod(_game.setup)
    active_seats = staticmethod(_game.active_seats)
    legal_actions = staticmethod(_game.legal_actions)
    apply = staticmethod(_game.apply)
    view = staticmethod(_game.view)
    project_event = staticmethod(_game.project_event)
    is_over = staticmethod(_game.is_over)
    result = staticmethod(_game.result)
    seat_counts = staticmethod(_game.seat_counts)
    team_size = staticmethod(_game.team_size)
    describe = staticmethod(_describe)


GAME = ZatreCardsGame()

__all__ = [
    "GAME", "ZatreCardsGame", "EasyBot", "StrongBot", "FACES", "Card", "card", "check",
    "hint_cells", "legal_lays", "legal_openings", "opening_hint_cells", "preview",
    "TurnPreview", "ORIENTATIONS", "LayCard", "LayOpening", "ShowHand", "Pass",
    "ZatreCardsAction", "ScoredLine", "TurnRecord", "ZatreCardsOptions", "ZatreCardsState",
    "ZatreCardsView", "RoundStarted", "CardsDrawn", "TurnPlayed", "HandShown", "Passed",
    "RoundEnded", "GameEnded", "ZatreCardsEvent",
]
