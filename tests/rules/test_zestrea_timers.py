"""Zestrea's timers and their defaults (reference §3.9, row by row; §8 "Timers";
pitfall Z-7 "phase never ends because one seat never readies"; issue 9 "Timers (§3.9)
are host options, off by default")."""

from __future__ import annotations

import random

import attrs

from rules.core import ActionKind, RuleViolation, Timeout, awaited, option_specs, sample, timeouts
from rules.zestrea import GAME, game
from rules.zestrea.state import (
    Bid, Choose, Decline, OfferClosed, Pass, PassWindow, ProposeTrade, Ready, RentMusician,
    ZestreaAction, ZestreaOptions,
)
from rules.zestrea.timers import TIMERS, waited
from rules.zatre import GAME as ZATRE
from tests.rules.test_zestrea_auction import at_auction
from tests.rules.test_zestrea_fate import BOGDAN, COSTACHE, WED, four, married, play, wedding
from tests.rules.test_zestrea_food_end import fed
from tests.rules.test_zestrea_times import NEXT, three
from tests.rules.zestrea_support import estate, reveal, step_four

AUCTION, PROMPT, WINDOW, STEP_IV = ("auction_timeout_s", "prompt_timeout_s", "window_timeout_s",
                                   "negotiation_timeout_s")


def timers_of(state, seat) -> list[tuple[str, object]]:
    """``(option, default action)`` of each timer over ``seat`` now."""
    return [(t.option, t.action) for t in GAME.timeouts(GAME.view(state, seat))]


def situation(state, seat, option: str):
    return next(t.situation for t in GAME.timeouts(GAME.view(state, seat)) if t.option == option)


def test_the_four_timers_are_whole_second_options_off_by_default():
    """§3.9, §8: four host options, whole seconds with bounds, 0 is off and the default;
    they are drawn into the setup form and the lobby's /option from the options type."""
    specs = {s.name: s for s in option_specs(ZestreaOptions)}
    assert set(TIMERS) <= specs.keys()
    for name in TIMERS:
        spec = specs[name]
        assert (spec.kind, spec.default, spec.off, spec.lo, spec.unit) == ("whole", 0, 0, 0, "s")
        assert spec.hi and spec.help and spec.label != name
        assert getattr(ZestreaOptions(), name) == 0


def test_a_game_without_timers_has_none():
    """rules.core.timeouts: the hook is optional; Zatre has no timers."""
    view = ZATRE.view(ZATRE.setup(ZATRE.options_type(), 2, 1), 0)
    assert timeouts(ZATRE, view) == ()
    assert all(isinstance(t, Timeout) for t in timeouts(GAME, GAME.view(three(), 0)))


def test_row_auction_turn_pass():
    """§3.9 "auction turn: Pass": the auction timer over the bidder only; each turn
    is a new situation (the timer starts again)."""
    state = at_auction(5, 5, 5, 5)
    assert timers_of(state, 1) == [(AUCTION, Pass())]
    assert [timers_of(state, s) for s in (0, 2, 3)] == [[], [], []]
    first = situation(state, 1, AUCTION)
    state, _ = game.apply(state, 1, Bid(2))
    assert timers_of(state, 2) == [(AUCTION, Pass())] and situation(state, 2, AUCTION) != first


def test_row_auction_win_play_now_keep():
    """§3.9 "auction win: play now? Keep", on the auction timer."""
    state = at_auction(5, 5, 5, 5)
    card = "F01-1"  # a Musician: a Role the winner may give at once (Z-R27 step 5)
    state = attrs.evolve(state, auction=attrs.evolve(state.auction, card=card),
                         fate_deck=tuple(c for c in state.fate_deck if c != card))
    state, _ = game.apply(state, 1, Bid(1))
    for seat in (2, 3, 0):
        state, _ = game.apply(state, seat, Pass())
    assert game.prompt_of(state, 1).kind == "play-now"
    assert timers_of(state, 1) == [(AUCTION, Choose(("keep",)))]


def test_row_production_rolls_every_eligible_couple():
    """§3.9 "Production: roll every eligible Couple (Z-R8 default)", on the prompt
    timer: one timer for every Boyar asked at once."""
    couples = (("L01", "M01"), ("L10", "M10"), ("L11", "M11"))
    state = reveal(three(a=dict(land=2, couples=couples)), "H13", *NEXT)[0]
    assert state.phase == "production"
    assert timers_of(state, 0) == [(PROMPT, Choose(("C1", "C2")))]
    assert len({situation(state, s, PROMPT) for s in range(3)}) == 1
    state, _ = game.apply(state, 0, Choose(()))
    assert timers_of(state, 0) == [] and timers_of(state, 1)[0][0] == PROMPT  # answered: not waited


def test_row_window_pass_window_and_the_step_timer_runs_on():
    """§3.9 "window: PassWindow": the window timer; inside step IV the step's own
    timer runs on (same situation as before the window opened). A seat that passed
    but has a rent offer to answer declines it (§3.6: rent offers live in windows)."""
    state = four(**WED, costache=dict(singles=("L12",)), roles=(("L12", "F01-1"),))
    step = situation(state, 0, STEP_IV)
    state = wedding(state)
    assert state.window is not None
    for seat in range(4):
        assert timers_of(state, seat) == [(WINDOW, PassWindow()), (STEP_IV, PassWindow())]
    assert situation(state, COSTACHE, STEP_IV) == step
    state, _ = game.apply(state, COSTACHE, PassWindow())
    assert timers_of(state, COSTACHE) == []
    window = situation(state, BOGDAN, WINDOW)
    state, _ = game.apply(state, BOGDAN, RentMusician("F01-1", 1))
    rent = state.offers[-1]
    assert timers_of(state, COSTACHE) == [(WINDOW, Decline(rent.id)), (STEP_IV, Decline(rent.id))]
    assert situation(state, BOGDAN, WINDOW) == window  # an offer is no change to the chance


def test_row_step_iv_every_seat_ready_and_open_offers_expire():
    """§3.9 "step IV timer: every seat Ready; open offers expire" (pitfall Z-7): the
    default of every seat waited for is Ready, one timer for the whole step; given to
    every seat, the step ends and the open offer expires with an event."""
    state = step_four(estate(zestre=3), estate(couples=(("L02", "M02"),)),
                      estate(couples=(("L03", "M03"),)))
    state, _ = game.apply(state, 0, ProposeTrade(1, give_zestre=1))
    keys = {situation(state, s, STEP_IV) for s in range(3)}
    assert len(keys) == 1 and [timers_of(state, s) for s in range(3)] == [[(STEP_IV, Ready())]] * 3
    events = []
    for seat in range(3):
        state, more = game.apply(state, seat, timers_of(state, seat)[0][1])
        events += more
    assert state.phase != "negotiation" and not state.offers
    assert [e.how for e in events if isinstance(e, OfferClosed)] == ["expired"]


def test_row_starvation_z_r15_default():
    """§3.9 "starvation: Z-R15 default" (the most recent single first), prompt timer."""
    state, _ = fed(estate(zestre=1, land=2, couples=(("L01", "M01"), ("L10", "M10")),
                          singles=("L11", "M11", "L12")),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    assert timers_of(state, 0) == [(PROMPT, Choose(("L12",)))]


def test_rows_hard_times_tatars_cholera_winter_newcomers(monkeypatch):
    """§3.9 rows Tatars (the most recently arrived adult single), Harsh Winter (pay for
    the earliest-arrived first), Newcomers (the sex with fewer adult singles, Maiden if
    equal), Cholera (the Wife dies): each on the prompt timer."""
    from tests.rules.zestrea_support import Dice
    state, _ = reveal(three(a=dict(singles=("L10", "M10"))), "H07", *NEXT)
    assert timers_of(state, 0) == [(PROMPT, Choose(("M10",)))]
    state, _ = reveal(three(a=dict(zestre=1, singles=("L10", "M10", "L11"))), "H12", *NEXT)
    assert timers_of(state, 0) == [(PROMPT, Choose(("L10",)))]
    state, _ = reveal(three(a=dict(singles=("M10",)), b=dict(singles=("L10",))), "G2", *NEXT)
    assert [timers_of(state, s) for s in range(3)] == [
        [(PROMPT, Choose(("lad",)))], [(PROMPT, Choose(("maiden",)))], [(PROMPT, Choose(("maiden",)))]]
    Dice(monkeypatch, 1, 5, 5, 5)
    state, _ = reveal(three(b=dict(couples=(("L02", "M02"), ("L12", "M12")))), "H11", *NEXT)
    assert timers_of(state, 1) == [(PROMPT, Choose(("M02",)))]


def test_row_steal_the_bride_ransom_if_able_else_the_bride(monkeypatch):
    """§3.9 "Steal the Bride (F10): pay the ransom if able, else hand over the bride",
    on the prompt timer, and the step IV timer runs on (§3.7: nothing else may be done).
    A Boyar who cannot pay is asked nothing: the bride goes at once, nothing to time."""
    state = married(monkeypatch, costache=dict(hand=("F10-1",)))
    able, _ = play(state, COSTACHE, "F10-1", record=1)
    assert timers_of(able, BOGDAN) == [(PROMPT, Choose(("ransom",))), (STEP_IV, Choose(("ransom",)))]
    assert [timers_of(able, s) for s in (0, 2, 3)] == [[], [], []]  # only the asked seat
    poor = attrs.evolve(state, estates=tuple(attrs.evolve(e, zestre=0) if i == BOGDAN else e
                                             for i, e in enumerate(state.estates)))
    unable, _ = play(poor, COSTACHE, "F10-1", record=1)
    assert game.prompt_of(unable, BOGDAN) is None and "M10" in unable.estates[COSTACHE].singles
    assert timers_of(unable, BOGDAN) == [(STEP_IV, Ready())]


def test_every_default_is_legal_and_waited_matches_awaited():
    """Random playouts (3-6 Boyars): at every step the view-read :func:`waited` agrees
    with the state's awaited seats, each waited-for seat has a timer whose default
    ``apply`` takes, and seats asked at once share their timer (one situation)."""
    for seats, seed in ((3, 11), (4, 12), (5, 13), (6, 14)):
        state = GAME.setup(ZestreaOptions(), seats, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if GAME.is_over(state):
                break
            wait = awaited(GAME, state)
            keys = set()
            for seat in range(seats):
                view = GAME.view(state, seat)
                assert waited(view) == (seat in wait), (seat, state.phase)
                found = GAME.timeouts(view)
                assert bool(found) == (seat in wait)
                if found:
                    GAME.apply(state, seat, found[0].action)  # raises if not legal
                    keys.add((found[0].option, found[0].situation))
            if state.prompts and wait:
                assert len({k for k in keys if k[0] == PROMPT}) <= 1
            seat = rng.choice(sorted(wait))
            legal = GAME.legal_actions(state, seat)
            entry = rng.choice(legal)
            action = sample(entry, ZestreaAction, rng) if isinstance(entry, ActionKind) else entry
            if rng.random() < 0.5:
                action = GAME.timeouts(GAME.view(state, seat))[0].action
            try:
                state, _ = GAME.apply(state, seat, action)
            except RuleViolation:
                continue
