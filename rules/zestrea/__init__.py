"""Zestrea (zestrea.txt; reference zestrea.md), 3-6 Boyars. ``GAME`` is the
rules.core.Game.

Modules: cards (the Fate, Time, Boyar and villager data files, loaded and checked),
state (options, state, actions, events, views), estate (the shared vocabulary of
effects: food units, paying, drawing, dying and leaving), dice, times (step I),
production (step II), auction (step III), negotiation (step IV), offers (proposals,
trades, rents and the sweep), weddings (who may marry, windows, the chance, the roll),
fate (playing each Fate card), food (step V), scoring (the end), game (setup, the order
of steps, legal actions, apply, views), timers (the §3.9 timers and defaults), bots,
words (an action told as the log tells it).
"""

from __future__ import annotations

from . import game as _game
from . import timers as _timers
from . import waiting as _waiting
from .bots import EasyBot, StrongBot
from .state import ZestreaAction, ZestreaEvent, ZestreaOptions, ZestreaState, ZestreaView
from .words import describe as _describe
from .words import describe_in as _describe_in


class ZestreaGame:
    """Zestrea for Parlour: see rules.core.Game. Step IV's offers are given as
    :class:`~rules.core.ActionKind` entries of the legal actions (parameter bounds);
    ``awaited`` names the seats the table waits for; ``timeouts`` the timers of
    reference §3.9 over what a seat is waited for, with its default; in step IV an
    out-of-date intent is judged against the state as it is (``judged_now``, reference
    §3.1); a seat that may not act is told why (``why_not_now``); ``describe_in`` names
    the Couples of a turn's Production rolls from the state."""

    name = "zestrea"
    title = "Zestrea"
    min_seats = _game.MIN_SEATS
    max_seats = _game.MAX_SEATS
    options_type = ZestreaOptions
    state_type = ZestreaState
    action_type = ZestreaAction
    view_type = ZestreaView
    event_type = ZestreaEvent
    bots = {"easy": EasyBot, "strong": StrongBot}

    setup = staticmethod(_game.setup)
    active_seats = staticmethod(_game.active_seats)
    awaited = staticmethod(_game.awaited)
    judged_now = staticmethod(_game.judged_now)
    why_not_now = staticmethod(_waiting.why_not_now)
    legal_actions = staticmethod(_game.legal_actions)
    apply = staticmethod(_game.apply)
    view = staticmethod(_game.view)
    project_event = staticmethod(_game.project_event)
    is_over = staticmethod(_game.is_over)
    result = staticmethod(_game.result)
    seat_counts = staticmethod(_game.seat_counts)
    team_size = staticmethod(_game.team_size)
    describe = staticmethod(_describe)
    describe_in = staticmethod(_describe_in)
    timeouts = staticmethod(_timers.timeouts)


GAME = ZestreaGame()

__all__ = ["GAME", "ZestreaGame", "EasyBot", "StrongBot", "ZestreaAction", "ZestreaEvent",
           "ZestreaOptions", "ZestreaState", "ZestreaView"]
