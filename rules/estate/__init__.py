"""Estate: Raise the Realm (estate-raise-the-realm.txt; reference estate.md), 1-5 players.
``GAME`` is the rules.core.Game, listed in rules/registry.py.

Modules: data (the data files cards/leaders/events/secrets/realm.toml, loaded and checked
against the rulebook's counts and the effect vocabulary E-V1-E-V25), table (the Estates,
deck, discard pile and Market effects act on), effects (the one interpreter of the
vocabulary, with the rule modifiers in force), state (options, state, actions, events,
view types), pending (which ops a waiting effect resolves), setup (Leaders chosen or
random, the Realm board, Starting Builds and extra setup, Family Secrets, the draft with
the Warden's extra picks, solo's keep 4 of 10, the first player), turns (the four worker
actions, the Realm board's spaces, conversion, storage, the Market refill, Leader
abilities, Council bonus actions, until the Era's last worker), eras (Era start with the
Era Event or the solo A/B choice, Era end, objectives and their rewards, the reset,
solo failures), scoring (the eight categories, tie-break, solo titles), views (what each
seat sees), game (the phases joined), bots (easy and strong).
"""

from __future__ import annotations

from . import game as _game
from . import waiting as _waiting
from .bots import EasyBot, StrongBot
from .state import EstateAction, EstateEvent, EstateOptions, EstateState, EstateView


class EstateGame:
    """Estate for Parlour: see rules.core.Game. Every legal action is listed."""

    name = "estate"
    title = "Estate: Raise the Realm"
    min_seats = _game.MIN_SEATS
    max_seats = _game.MAX_SEATS
    options_type = EstateOptions
    state_type = EstateState
    action_type = EstateAction
    view_type = EstateView
    event_type = EstateEvent
    bots = {"easy": EasyBot, "strong": StrongBot}

    setup = staticmethod(_game.new_game)
    active_seats = staticmethod(_game.active_seats)
    awaited = staticmethod(_game.awaited)
    why_not_now = staticmethod(_waiting.why_not_now)
    legal_actions = staticmethod(_game.legal_actions)
    apply = staticmethod(_game.apply)
    view = staticmethod(_game.view)
    project_event = staticmethod(_game.project_event)
    is_over = staticmethod(_game.is_over)
    result = staticmethod(_game.result)
    seat_counts = staticmethod(_game.seat_counts)
    team_size = staticmethod(_game.team_size)
    describe = staticmethod(_game.describe)


GAME = EstateGame()

__all__ = ["GAME", "EstateGame", "EasyBot", "StrongBot", "EstateAction", "EstateEvent",
           "EstateOptions", "EstateState", "EstateView"]
