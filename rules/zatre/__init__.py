"""Zatre, the tile-laying game (zatre-board.txt), with the online table's ``profi``
option (zatre-online.txt). ``GAME`` is the rules.core.Game for the host and tests.

Modules, each with the rulebook sections it implements: board (the board as data),
sheet (the score sheet), placement (rules 1-7, the Exception to Rule No. 5),
scoring (Scoring rules 3, 6, 7), game (setup, drawing, turns, the end), bots, words
(a turn told as the log tells it, for printed replays).
"""

from __future__ import annotations

from . import game as _game
from .words import describe as _describe
from .bots import EasyBot, StrongBot
from .placement import check_partial, legal_cells
from .state import (
    GameEnded, Placement, PlaceTiles, PrematureEnd, TeamOrder, TilesDrawn, TurnPlayed,
    TurnRecord, ZatreAction, ZatreEvent, ZatreOptions, ZatreState, ZatreView,
)


class ZatreGame:
    """Zatre for Parlour: see rules.core.Game for what each function answers."""

    name = "zatre"
    title = "Zatre"
    min_seats = _game.MIN_SEATS
    max_seats = _game.MAX_SEATS
    options_type = ZatreOptions
    state_type = ZatreState
    action_type = ZatreAction
    view_type = ZatreView
    event_type = ZatreEvent
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


GAME = ZatreGame()

__all__ = [
    "GAME", "ZatreGame", "EasyBot", "StrongBot", "check_partial", "legal_cells", "Placement",
    "PlaceTiles", "TeamOrder", "ZatreAction", "TurnRecord", "ZatreOptions", "ZatreState", "ZatreView",
    "TilesDrawn", "TurnPlayed", "PrematureEnd", "GameEnded", "ZatreEvent",
]
