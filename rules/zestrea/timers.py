"""Zestrea's timers and defaults (reference §3.9): which timer governs what a Boyar is
waited for now, and what the Boyar is given when it runs out. Everything here reads
the Boyar's own view, so the host (which gives the default) and the Boyar's table
(which says what it will be) read the same answer; plain bots use the defaults too.

The four timers are host options (state.ZestreaOptions), each a whole number of
seconds, 0 (the default) off; one timer runs per situation:

- ``auction_timeout_s``: each auction turn (default ``Pass``) and the winner's "play
  it now?" (``Keep``);
- ``prompt_timeout_s``: Production, Hard Times' questions, starvation, Steal the
  Bride's ransom, the Fortune Teller (one timer for all the Boyars asked at once; the
  prompt's row of §3.9);
- ``window_timeout_s``: one wedding window, started again when a card or Musician
  changes the chance (every pass is cleared then, §3.6); ``PassWindow``, or declining
  a rent offer for a Boyar who passed already;
- ``negotiation_timeout_s``: the whole of step IV, one timer from its start to its
  end; every Boyar ``Ready`` (and what a window or prompt inside asks on the way), so
  the step ends and open offers expire (pitfall Z-7).
"""

from __future__ import annotations

from typing import Any

from ..core import Timeout
from . import food, production, times
from .cards import title
from .state import Choose, Decline, Pass, PassWindow, Prompt, Ready, RentOffer, ZestreaView

AUCTION_TIMER, PROMPT_TIMER = "auction_timeout_s", "prompt_timeout_s"
WINDOW_TIMER, NEGOTIATION_TIMER = "window_timeout_s", "negotiation_timeout_s"
TIMERS = (NEGOTIATION_TIMER, WINDOW_TIMER, PROMPT_TIMER, AUCTION_TIMER)
"""The options that are timers (reference §3.9), as state.ZestreaOptions names them."""
TRUCK = "F15"  # Truck to Italy: its villager is abroad (estate.abroad)


def default_answer(prompt: Prompt, singles: tuple[str, ...]) -> tuple[str, ...]:
    """The default answer to ``prompt`` (reference §3.9; ``singles``: the seat's adult
    singles not abroad, oldest first): the auction's winner keeps the card; the ransom
    is paid if possible, else the bride handed over (the prompt lists the ransom
    first only when it can be paid); the Fortune Teller leaves the card on top;
    Production rolls every Couple up to the Land (Z-R8); starvation takes Z-R15's
    default; Tatars, Cholera, Harsh Winter and Newcomers take their rows of §3.9
    (:func:`rules.zestrea.times.default`)."""
    if prompt.kind in ("play-now", "ransom", "fortune"):
        return prompt.choices[:1]
    if prompt.kind == "produce":
        return production.default(prompt)
    if prompt.kind == "starve":
        return food.default(prompt)
    return times.default(prompt, singles)


def singles_of(view: ZestreaView) -> tuple[str, ...]:
    """The adult singles of the view's seat that are not abroad, oldest first (as
    rules.zestrea.estate.adult_singles, read from the view)."""
    estate = view.estates[view.seat]
    away = {v for v, card in view.roles if title(card).id == TRUCK}
    return tuple(v for v in estate.singles if v not in estate.babies and v not in away)


def waited(view: ZestreaView) -> bool:
    """Whether the game waits for the seat of ``view`` (as rules.zestrea.game.awaited
    says from the state): it owes a prompt answer; it is to bid; in step IV it is not
    ready, or in a window it has not passed since the last change or has a rent offer
    to answer."""
    seat = view.seat
    if seat is None or view.phase == "over":
        return False
    if view.prompts:
        return view.my_prompt is not None and view.my_prompt.answer is None
    if view.auction is not None:
        return view.auction.turn == seat
    if view.phase != "negotiation":
        return False
    if view.window is None:
        return seat not in view.ready
    return seat not in view.window.passed or _rent_offer(view) is not None


def _rent_offer(view: ZestreaView) -> RentOffer | None:
    return next((o for o in view.my_offers if isinstance(o, RentOffer) and o.to == view.seat), None)


def default_action(view: ZestreaView) -> Any:
    """What the seat of ``view`` is given when its timer runs out, and what a plain
    bot does (reference §3.9): the default answer to its prompt, ``Pass`` on its
    auction turn, in a window ``PassWindow`` (or, passed already, declining the rent
    offer it has to answer), else in step IV ``Ready``; ``None`` if the game does not
    wait for the seat."""
    if not waited(view):
        return None
    prompt = view.my_prompt
    if prompt is not None:
        return Choose(default_answer(prompt, singles_of(view)))
    if view.auction is not None:
        return Pass()
    if view.window is not None:
        rent = _rent_offer(view)
        return PassWindow() if view.seat not in view.window.passed or rent is None else Decline(rent.id)
    return Ready()


def timeouts(view: ZestreaView) -> tuple[Timeout, ...]:
    """The timers over what the seat of ``view`` is waited for now (rules.core
    :class:`~rules.core.Timeout`), each with :func:`default_action` (see the module's
    table): the auction timer on an auction turn and the winner's play-now question;
    the prompt timer on any other prompt (one timer for all the seats asked at once);
    the window timer in a wedding window; in step IV also the step's own timer, which
    runs from the step's start to its end whatever is open inside it. ``()`` when the
    seat is not waited for. Whether a timer is on is the host's affair (its option's
    seconds, 0: off)."""
    action = default_action(view)
    if action is None:
        return ()
    prompt, auction, window, turn = view.my_prompt, view.auction, view.window, view.turn
    out = []
    if prompt is not None and prompt.kind == "play-now":
        out.append(Timeout(AUCTION_TIMER, ("play-now", turn, prompt.subject), action))
    elif prompt is not None:
        out.append(Timeout(PROMPT_TIMER, ("prompt", turn, view.phase, prompt.kind), action))
    elif auction is not None:
        out.append(Timeout(AUCTION_TIMER, ("bid", turn, auction.card, auction.turn, len(auction.bids),
                                           len(auction.out)), action))
    elif window is not None:
        out.append(Timeout(WINDOW_TIMER, ("window", turn, window.stays, window.moves, window.attempt,
                                          window.played, window.musicians), action))
    if view.phase == "negotiation":
        out.append(Timeout(NEGOTIATION_TIMER, ("step IV", turn), action))
    return tuple(out)
