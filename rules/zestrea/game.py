"""Zestrea as a Parlour game: setup, the order of the steps, who acts, what is legal,
applying an action, views and events (rulebook "Setup", "Game Steps"; reference §3).

The game moves on by itself while nobody owes anything: a new turn reveals its Time
card, steps without choices resolve at once, and the state waits where a prompt (any
number of seats at once) or the auction (one seat) is open.
"""

from __future__ import annotations

import attrs

from ..core import ActionKind, Result, Rng, RuleViolation, Seat, SomeOf, Whole, seat_name
from . import auction, fate, food, negotiation, offers, production, scoring, times, timers
from .cards import FATE_DECK, GOOD_IDS, HARD_IDS, VILLAGER_IDS, card_name, person, sex
from .estate import add_single, draw_villager, marry
from .weddings import chance, chance_parts
from .state import (
    Answered, Bid, CardsMoved, Choose, Estate, EstateView, FateDrawn, Foretold, OfferClosed,
    OfferMade, OfferSummary, Pass, PhaseBegan, PlayFate, Prompt, PromptView,
    RentOffer, Window, WindowOpened, ZestreaEvent, ZestreaOptions, ZestreaState, ZestreaView,
)

MIN_SEATS, MAX_SEATS = 3, 6  # Z-F1
START_LAND, HARD_TIMES_DRAWN = 3, 5  # Z-F3, Z-F4

CHECKS = {
    "cholera": "at most one spouse of each Couple hit",
    "starve": "not every Couple (one always stays, Z-R17)",
}
"""What :func:`apply` checks of an answer beyond its choices, per prompt kind."""


def seat_counts(options: ZestreaOptions) -> tuple[int, ...]:
    """Z-F1: 3 to 6 Boyars."""
    return tuple(range(MIN_SEATS, MAX_SEATS + 1))


def team_size(options: ZestreaOptions) -> int:
    """Every Boyar plays alone."""
    return 1


def setup_with_events(options: ZestreaOptions, seats: int,
                      seed: int) -> tuple[ZestreaState, tuple[ZestreaEvent, ...]]:
    """The opening state for ``seats`` Boyars (3-6) from ``seed`` and the events of the
    opening (Couples drawn, the first Time card). Raises ``ValueError`` for another
    number of seats.

    Z-R1, Z-F3: each Boyar gets a Boyar card (at random), ``starting_zestre`` Zestre
    (0 by default), 3 Land and one Couple of a random Lad and a random Maiden from the
    supply. Z-R2, Z-F4: 5 (+ ``extra_hard_times``) of the 14 Hard Times at random under
    the Good Times I, II, III; the rest are out of the game, unseen. Z-F5: the Fate
    deck (shuffled) and the villagers belong to the State. Then turn 1 begins.
    """
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Zestrea is played by {MIN_SEATS} to {MAX_SEATS} Boyars, not {seats}")
    rng = Rng.from_seed(seed)
    boyars, rng = rng.shuffled(range(1, 7))
    hard, rng = rng.shuffled(HARD_IDS)
    deck, rng = rng.shuffled(FATE_DECK)
    state = ZestreaState(
        options=options, seats=seats, rng=rng, boyars=tuple(boyars[:seats]),
        estates=(Estate(zestre=options.starting_zestre, land=START_LAND),) * seats,
        time_stack=GOOD_IDS + tuple(hard[:HARD_TIMES_DRAWN + options.extra_hard_times]),
        fate_deck=tuple(deck), supply=tuple(sorted(VILLAGER_IDS)),
    )
    events: list = []
    for seat in range(seats):
        state, lad = draw_villager(state, "lad")
        state, maiden = draw_villager(state, "maiden")
        assert lad is not None and maiden is not None  # 42 of each, at most 6 taken
        state = add_single(state, seat, lad, "start", events)
        state = add_single(state, seat, maiden, "start", events)
        state = marry(state, seat, lad, maiden)
    state = _proceed(times.begin(state, events), events)
    return state, tuple(events)


def setup(options: ZestreaOptions, seats: int, seed: int) -> ZestreaState:
    """The opening state (see :func:`setup_with_events`)."""
    return setup_with_events(options, seats, seed)[0]


def _proceed(state: ZestreaState, events: list) -> ZestreaState:
    """Move on through the steps while nobody owes anything (Z-F7)."""
    while not state.prompts and state.auction is None:
        before = state.phase
        if state.phase == "hard-times":
            state = production.begin(state, events)
        elif state.phase == "production":
            state = auction.begin(state, events)
        elif state.phase == "auction":
            state = negotiation.begin(state, events)
        elif state.phase == "negotiation" and negotiation.done(state):
            state = food.begin(negotiation.end(state, events), events)
        elif state.phase == "food":
            state = _end_turn(food.grow_up(state, events), events)
        else:
            return state
        if state.phase != before:
            events.append(PhaseBegan(state.phase))
    return state


def _end_turn(state: ZestreaState, events: list) -> ZestreaState:
    """After Food: this turn's effects end (Z-R14, Z-R36), then the next turn, or the
    end once the final turn's Food is done (Z-F33, Z-R40)."""
    state = attrs.evolve(state, ready=frozenset(), offers=(), closed=(), window=None, weddings=(),
                         named=(), barred=frozenset(), hora=False, amsterdam=False)
    if state.final_turn:
        return attrs.evolve(state, phase="over")
    return times.begin(state, events)


def _after_prompts(state: ZestreaState, events: list) -> ZestreaState:
    """Every prompt is answered: the step that asked carries on."""
    first = state.prompts[0]
    kind = first.kind
    if kind == "produce":
        return production.resolve(state, events)
    if kind == "cholera":
        return times.resolve_cholera(state, events)
    if kind == "starve":
        return food.resolve(state, events)
    if kind in ("play-now", "ransom", "fortune"):
        state = attrs.evolve(state, prompts=())
        choice = (first.answer or ("",))[0]
        if kind == "ransom":
            state = fate.resolve_ransom(state, first.by, first.seat, int(first.subject[1:]), choice, events)
        elif kind == "fortune":
            state = fate.resolve_fortune(state, first.seat, choice, events)
        return state
    return times.resolve(state, events)


def prompt_of(state: ZestreaState, seat: Seat) -> Prompt | None:
    """``seat``'s open prompt, if any."""
    return next((p for p in state.prompts if p.seat == seat), None)


def active_seats(state: ZestreaState) -> frozenset[Seat]:
    """Reference §3.1: the seats that owe a prompt answer; if none, the Boyar whose bid
    it is in the auction, or in step IV every seat (in a window as well: every seat is
    asked, §3.6). :func:`awaited` tells which of them the game waits for."""
    owing = frozenset(p.seat for p in state.prompts if p.answer is None)
    if owing or state.prompts:
        return owing
    if state.auction is not None:
        return frozenset((state.auction.turn,))
    if state.phase == "negotiation":
        # in a window too every seat is asked: who still holds a playable card stays
        # private (§3.6), so a seat that passed is active even with nothing left to play
        return frozenset(range(state.seats))
    return frozenset()


def judged_now(state: ZestreaState) -> bool:
    """Reference §3.1: in step IV an intent is checked against the current state, not
    the version it was made against (rules.core :func:`~rules.core.judged_now`): two
    Boyars racing for one villager get the wedding and "a wedding is being
    celebrated" (Z-R33), not a stale answer. Every other step: ``False``."""
    return state.phase == "negotiation"


def awaited(state: ZestreaState) -> frozenset[Seat]:
    """The seats the game waits for (rules.core :func:`~rules.core.awaited`): those of
    :func:`active_seats` except, in step IV, a seat that is ready, or in a window one
    that has passed since the last change and has no rent offer to answer (§3.5, §3.6).
    Bots and timers act for these; the others may act but need not."""
    active = active_seats(state)
    if state.phase != "negotiation" or state.prompts:
        return active
    if state.window is None:
        return active - state.ready
    renting = {o.to for o in state.offers if isinstance(o, RentOffer)}
    return frozenset(s for s in active if s not in state.window.passed or s in renting)


def legal_actions(state: ZestreaState, seat: Seat) -> tuple:
    """What ``seat`` may do now: a prompt's answers (listed when one item is chosen,
    else a ``choose`` :class:`~rules.core.ActionKind` whose ``picked`` is ``lo .. hi``
    of the choices; the auction's winner may also play the card won), in the auction
    :class:`Pass` and a ``bid`` kind with ``amount`` from the least raise to the seat's
    Zestre, in step IV what :func:`rules.zestrea.negotiation.legal` lists. Empty if the
    seat may not act."""
    if seat not in active_seats(state):
        return ()
    prompt = prompt_of(state, seat)
    if prompt is not None:
        if prompt.lo == prompt.hi == 1:
            out: tuple = tuple(Choose((c,)) for c in prompt.choices)
        else:
            out = (ActionKind("choose", (SomeOf("picked", prompt.choices, prompt.lo, prompt.hi,
                                                prompt.ordered),), checks=CHECKS.get(prompt.kind, "")),)
        if prompt.kind == "play-now":
            out += (fate.play_kind(state, seat, prompt.subject, "auction"),)
        return out
    if state.auction is not None:
        low, zestre = auction.least_bid(state), state.estates[seat].zestre
        return (Pass(), ActionKind("bid", (Whole("amount", low, zestre),)))
    return negotiation.legal(state, seat)


def apply(state: ZestreaState, seat: Seat, action) -> tuple[ZestreaState, tuple[ZestreaEvent, ...]]:
    """Play ``action`` for ``seat``: ``(new state, events)``. Raises
    :class:`RuleViolation` and changes nothing if it is not allowed."""
    if state.phase == "over":
        raise RuleViolation("game-over", "The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise RuleViolation("no-seat", f"No Boyar sits at seat number {seat!r} (seats count from 0).")
    events: list = []
    prompt = prompt_of(state, seat)
    if isinstance(action, Choose):
        state = _choose(state, seat, action.picked, events)
    elif isinstance(action, PlayFate) and prompt is not None and prompt.kind == "play-now":
        state = negotiation.play_now(state, seat, action, events)
    elif isinstance(action, (Bid, Pass)):
        if state.auction is None or state.prompts:
            raise RuleViolation("no-auction", "No auction is being held now.", auction.RULE)
        if seat != state.auction.turn:
            raise RuleViolation("not-your-turn", "It is not your turn to bid.", auction.RULE)
        if isinstance(action, Bid):
            state = auction.bid(state, seat, action.amount, events)
        else:
            state = auction.pass_(state, seat, events)
    elif state.phase == "negotiation":
        if state.prompts:
            waiting = ", ".join(seat_name(p.seat) for p in state.prompts)  # named by the table
            raise RuleViolation("prompt-open", f"Waiting for {waiting} to answer; nothing else "
                                "can be done until then.", "zestrea.md §3.7")
        state = negotiation.act(state, seat, action, events)
    else:
        raise RuleViolation("not-now", f"That cannot be done in this step ({STEP_NAMES.get(state.phase, state.phase)}).",
                            "zestrea.md §3.1")
    if state.phase == "negotiation":
        state = offers.sweep(state, events)
    return _proceed(state, events), tuple(events)


CHOICE_WORDS = {"keep": "keep it for later", "top": "on top", "bottom": "to the bottom",
                "ransom": "pay the ransom", "bride": "hand over the bride", "lad": "a Lad",
                "maiden": "a Maiden", "any": "at random"}
"""Prompt choices that are no id, in words (the table's words use them too)."""
STEP_NAMES = {"hard-times": "I. Hard Times", "production": "II. Production", "auction": "III. Auction",
              "negotiation": "IV. Weddings and Negotiations", "food": "V. Food"}
"""The steps by their rulebook names."""


def choice_text(state: ZestreaState, choice: str) -> str:
    """A prompt's choice in words: a villager by name and sex, a Couple by its spouses'
    names, a card by title (``"C3"`` -> ``"Ion (♂) and Ana (♀)"``)."""
    if choice in CHOICE_WORDS:
        return CHOICE_WORDS[choice]
    if choice[:1] == "C" and choice[1:].isdigit():
        for estate in state.estates:
            for couple in estate.couples:
                if couple.id == choice:
                    return f"{person(couple.stayed)} and {person(couple.moved)}"
    return person(choice) if choice[:1] in "LM" else card_name(choice)


def _choose(state: ZestreaState, seat: Seat, picked, events: list) -> ZestreaState:
    prompt = prompt_of(state, seat)
    if prompt is None:
        raise RuleViolation("no-prompt", "Nothing is asked of you now.")
    if prompt.answer is not None:
        raise RuleViolation("answered", "You have answered already; the others are choosing.")
    if not SomeOf("picked", prompt.choices, prompt.lo, prompt.hi).holds(picked):
        count = str(prompt.lo) if prompt.lo == prompt.hi else f"{prompt.lo} to {prompt.hi}"
        raise RuleViolation("bad-choice", f"Choose {count} different of: "
                            + ", ".join(choice_text(state, c) for c in prompt.choices) + ".")
    check = {"cholera": times.check, "starve": food.check}.get(prompt.kind)
    err = check(state, prompt, picked) if check else None
    if err is not None:
        raise err
    prompts = tuple(attrs.evolve(p, answer=tuple(picked)) if p is prompt else p for p in state.prompts)
    state = attrs.evolve(state, prompts=prompts)
    events.append(Answered(seat))
    if all(p.answer is not None for p in prompts):
        state = _after_prompts(state, events)
    return state


def default_action(state: ZestreaState, seat: Seat):
    """What a seat does when its timer runs out, and what a plain bot does (reference
    §3.9): :func:`rules.zestrea.timers.default_action` read from ``seat``'s view;
    ``None`` if the game does not wait for the seat."""
    return timers.default_action(view(state, seat))


def _window_for(window: Window | None, seat: Seat | None) -> Window | None:
    """A window as ``seat`` sees it: the escrowed cards only for the two parties."""
    if window is None or window.escrow is None or seat in (window.proposer, window.target):
        return window
    payer, zestre, _ = window.escrow
    return attrs.evolve(window, escrow=(payer, zestre, ()))


def view(state: ZestreaState, seat: Seat | None) -> ZestreaView:
    """What ``seat`` may see (``None``: a spectator), reference §3.10."""
    estates = tuple(
        EstateView(boyar=state.boyars[s], zestre=e.zestre, land=e.land, couples=e.couples,
                   singles=e.singles, babies=e.babies, hand_count=len(e.hand),
                   revealed=tuple(c for c in e.hand if c in e.revealed))
        for s, e in enumerate(state.estates))
    mine = prompt_of(state, seat) if seat is not None else None
    parts = chance_parts(state, state.window) if state.window is not None else ()
    return ZestreaView(
        seat=seat, seats=state.seats, options=state.options, boyars=state.boyars,
        turn=state.turn, phase=state.phase, start_player=state.start_player,
        final_turn=state.final_turn, time_card=state.time_card, time_left=len(state.time_stack),
        time_revealed=state.time_revealed, fate_deck_count=len(state.fate_deck),
        discard=state.discard, gone=state.gone,
        supply_lads=sum(sex(v) == "lad" for v in state.supply),
        supply_maidens=sum(sex(v) == "maiden" for v in state.supply),
        estates=estates, roles=state.roles,
        prompts=tuple(PromptView(p.seat, p.kind, p.answer is not None) for p in state.prompts),
        auction=state.auction,
        hand=state.estates[seat].hand if seat is not None else (),
        my_prompt=mine,
        ready=state.ready,
        offers=tuple(OfferSummary(o.id, o.by, o.to, o.kind) for o in state.offers),
        my_offers=tuple(o for o in state.offers if seat in (o.by, o.to)),
        window=_window_for(state.window, seat), chance_parts=parts,
        chance=chance(parts) if parts else 0,
        weddings=state.weddings, barred=state.barred, hora=state.hora, amsterdam=state.amsterdam,
        foretold=tuple(card for s, card in state.foretold if s == seat),
    )


PUBLIC_WHY = {"cancelled": "it could no longer go ahead", "expired": "the wedding window closed"}
"""Why an offer ended, as told to the Boyars not party to it (its real reason may tell
the terms, §3.6): a cancelled or expired offer always says why."""


def project_event(event: ZestreaEvent, seat: Seat | None) -> ZestreaEvent:
    """``event`` as ``seat`` may see it (§3.6 "Who sees what", §3.10, Z-R23, Z-R37):
    drawn and dealt Fate cards only to their taker; an offer's terms and the cards
    that change hands and why an offer was cancelled only to the two parties; what the
    Fortune Teller showed only to
    its player; escrowed cards only to the wedding's parties."""
    if isinstance(event, FateDrawn) and event.seat != seat:
        return attrs.evolve(event, cards=())
    if isinstance(event, OfferMade) and seat not in (event.by, event.to):
        return attrs.evolve(event, offer=None)
    if isinstance(event, OfferClosed) and seat not in (event.by, event.to):
        return attrs.evolve(event, why=PUBLIC_WHY.get(event.how, ""))
    if isinstance(event, CardsMoved) and seat not in (event.giver, event.taker):
        return attrs.evolve(event, cards=())
    if isinstance(event, Foretold) and event.seat != seat:
        return attrs.evolve(event, card="")
    if isinstance(event, WindowOpened):
        return attrs.evolve(event, window=_window_for(event.window, seat))
    return event


def is_over(state: ZestreaState) -> bool:
    return state.phase == "over"


def result(state: ZestreaState) -> Result:
    """Final scores (see :mod:`rules.zestrea.scoring`)."""
    return scoring.result(state)
