"""Helpers for Zestrea's rules tests: tables laid out by hand, and seeing everything a
seat is sent as text (for leak checks)."""

from __future__ import annotations

import json

import attrs
import cattrs

from rules.zestrea import game
from rules.zestrea.cards import VILLAGER_IDS
from rules.zestrea.state import Couple, Estate, Prompt, ZestreaOptions, ZestreaState

CONVERTER = cattrs.Converter()


def estate(zestre: int = 0, land: int = 3, couples=(("L01", "M01"),), singles=(), babies=(),
           hand=(), revealed=()) -> dict:
    """An Estate's contents; :func:`table` numbers the Couples."""
    return dict(zestre=zestre, land=land, couples=couples, singles=tuple(singles),
                babies=frozenset(babies), hand=tuple(hand), revealed=frozenset(revealed))


def table(*estates: dict, seed: int = 1, options: ZestreaOptions | None = None,
          **changes) -> ZestreaState:
    """A state with these Estates (seat order), built from a real setup's so the RNG,
    decks and Time stack are real; every villager not on an Estate is in the supply.
    ``changes`` set other state fields (``phase``, ``time_card``, ``roles``...)."""
    base = game.setup(options or ZestreaOptions(), len(estates), seed)
    built, number, used = [], 0, set()
    for e in estates:
        couples = []
        for stayed, moved in e["couples"]:
            number += 1
            couples.append(Couple(number, stayed, moved))
            used |= {stayed, moved}
        used |= set(e["singles"])
        built.append(Estate(e["zestre"], e["land"], tuple(couples), e["singles"], e["babies"],
                            e["hand"], e["revealed"]))
    held = {c for e in estates for c in e["hand"]}
    fields = dict(estates=tuple(built), supply=tuple(v for v in sorted(VILLAGER_IDS) if v not in used),
                  gone=(), prompts=(), auction=None, couples_made=number,
                  fate_deck=tuple(c for c in base.fate_deck if c not in held))
    fields.update(changes)
    return attrs.evolve(base, **fields)


def answer_all(state: ZestreaState, answers: dict | None = None):
    """Answer every open prompt (``answers[seat]`` or the default), in seat order;
    returns the state and all events."""
    events = []
    for prompt in sorted((p for p in state.prompts if p.answer is None), key=lambda p: p.seat):
        picked = (answers or {}).get(prompt.seat)
        action = game.default_action(state, prompt.seat) if picked is None else \
            game.Choose(tuple(picked))
        state, more = game.apply(state, prompt.seat, action)
        events += more
    return state, events


def seen_by(state: ZestreaState, events, seat) -> str:
    """Everything ``seat`` (``None``: a spectator) is sent: its view and the events as
    projected for it, as JSON text."""
    data = {"view": CONVERTER.unstructure(game.view(state, seat)),
            "events": [CONVERTER.unstructure(game.project_event(e, seat)) for e in events]}
    return json.dumps(data, ensure_ascii=False, default=sorted)


def villager_count(state: ZestreaState) -> int:
    """Villagers on Estates + supply + gone pile (84 if conserved, Z-F2, Z-R11)."""
    on_estates = [v for e in state.estates for v in e.villagers]
    everyone = on_estates + list(state.supply) + list(state.gone)
    assert len(set(everyone)) == len(everyone), "a villager is in two places"
    return len(everyone)


def prompt(state: ZestreaState, seat: int) -> Prompt:
    p = game.prompt_of(state, seat)
    assert p is not None, f"seat {seat} has no prompt"
    return p


class Dice:
    """Fixed die results for the steps that roll (``monkeypatch`` the ``roll`` the
    step modules use): each roll takes the next value."""

    def __init__(self, monkeypatch, *values: int):
        self.values = list(values)
        from rules.zestrea import dice as dice_module, fate, production, times, weddings
        real = dice_module.roll

        def roll(state):
            if not self.values:
                raise AssertionError("more rolls than the test gave")
            _, state = real(state)
            return self.values.pop(0), state

        for module in (times, production, weddings, fate):
            monkeypatch.setattr(module, "roll", roll)


def reveal(state: ZestreaState, card: str, *rest: str):
    """Turn ``card`` up as the next turn's Time card (``rest`` under it) and carry on
    until someone owes something: ``(state, events)``."""
    from rules.zestrea import times
    events: list = []
    state = attrs.evolve(state, time_stack=(card, *rest), phase="food")
    state = times.begin(state, events)
    state = game._proceed(state, events)
    return state, events


def step_four(*estates: dict, card: str = "H13", under=("H06", "H13"), **changes) -> ZestreaState:
    """A table at step IV of turn 2 (start player seat 1), ``card`` the Time card of the
    turn (H13 acts only at step I), ``under`` the Time cards left (H06 does nothing at
    the next step I)."""
    fields = dict(phase="negotiation", turn=2, time_card=card, time_stack=tuple(under),
                  time_revealed=("G1", card))
    fields.update(changes)
    return table(*estates, **fields)


def act(state: ZestreaState, *moves):
    """Apply ``(seat, action)`` moves in order; returns the state and all events."""
    events = []
    for seat, action in moves:
        state, more = game.apply(state, seat, action)
        events += more
    return state, events


def pass_all(state: ZestreaState, first: int = 0):
    """Every seat passes the open window, from ``first`` on."""
    from rules.zestrea.state import PassWindow
    events = []
    for k in range(state.seats):
        seat = (first + k) % state.seats
        if state.window is not None and seat not in state.window.passed:
            state, more = game.apply(state, seat, PassWindow())
            events += more
    return state, events
