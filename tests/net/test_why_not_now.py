"""A seat that may not act is told why in the game's words (issue 10 item 2): in
Estate's draft, where every seat picks at once (E-F14, E-R32), a second pick is refused
with "You have picked; waiting for ... to pick.", not the host's generic "It is not
Bob's turn."; a game without the hook keeps the generic words (tests/net/test_host.py)."""

from __future__ import annotations

import asyncio
import random
import re

import attrs

from net.host import NOT_YOUR_TURN, Host
from rules.core import kinds, listed, named, sample, why_not_now
from rules.estate import GAME as ESTATE
from rules.estate.state import EstateOptions
from rules.zestrea import GAME as ZESTREA

NAMES = ("Ann", "Bob", "Cy")


async def until_phase(host: Host, phase: str) -> None:
    """Answer for whoever is asked (their first legal action) until ``phase``."""
    for _ in range(200):
        if host.state.phase == phase:
            return
        seat = min(ESTATE.active_seats(host.state))
        action = ESTATE.legal_actions(host.state, seat)[0]
        assert (await asyncio.wait_for(host.link(seat).submit(action), 5)).accepted
    raise AssertionError(f"never reached {phase}")


async def test_a_second_draft_pick_is_told_who_is_still_picking():
    """E-R32: Bob has picked; Ann and Cy have not: his second pick is refused with that."""
    host = Host(ESTATE, EstateOptions(leaders="random"), 3, seed=11, names=NAMES, bot_delay=0)
    await host.start()
    try:
        await until_phase(host, "draft")
        first = ESTATE.legal_actions(host.state, 1)[0]
        assert (await asyncio.wait_for(host.link(1).submit(first), 5)).accepted
        second = next(p for p in host.state.draft.packets[1])  # another card of his packet
        refused = await asyncio.wait_for(host.link(1).submit(attrs.evolve(first, card=second)), 5)
        assert not refused.accepted and refused.code == NOT_YOUR_TURN
        assert refused.reason == "You have picked; waiting for seat 1 and seat 3 to pick."
        assert named(refused.reason, NAMES) == "You have picked; waiting for Ann and Cy to pick."
        for seat in (0, 2):  # the others pick: the packets pass, Bob picks again
            pick = ESTATE.legal_actions(host.state, seat)[0]
            assert (await asyncio.wait_for(host.link(seat).submit(pick), 5)).accepted
        assert 1 in ESTATE.active_seats(host.state)
    finally:
        await host.stop()


async def test_a_kept_family_secret_is_told_who_is_still_choosing():
    """E-F15: the secrets are kept at once; one kept, the others still to choose."""
    host = Host(ESTATE, EstateOptions(leaders="random"), 3, seed=11, names=NAMES, bot_delay=0)
    await host.start()
    try:
        await until_phase(host, "secrets")
        keep = ESTATE.legal_actions(host.state, 2)[0]
        assert (await asyncio.wait_for(host.link(2).submit(keep), 5)).accepted
        refused = await asyncio.wait_for(host.link(2).submit(keep), 5)
        assert refused.code == NOT_YOUR_TURN
        assert named(refused.reason, NAMES) == (
            "You have kept your Family Secret; waiting for Ann and Bob to keep theirs.")
    finally:
        await host.stop()


def test_estate_turns_say_whose_turn_it_is():
    """Estate's Play (one seat acts): whose turn it is, named as the rules name players."""
    state = ESTATE.setup(EstateOptions(leaders="random"), 2, 5)
    while state.phase != "turns" or state.pending is not None or state.offer is not None:
        seat = min(ESTATE.active_seats(state))
        state, _ = ESTATE.apply(state, seat, ESTATE.legal_actions(state, seat)[0])
    assert why_not_now(ESTATE, state, 1 - state.turn) == f"It is seat {state.turn + 1}'s turn."


def test_zestrea_says_who_still_answers_and_whose_bid_it_is():
    """Zestrea: prompts answered at once (reference §3.1: a Boyar that answered is told
    who has not), the auction one Boyar at a time (Z-R27: whose bid it is)."""
    state, rng, said = ZESTREA.setup(ZESTREA.options_type(), 3, 1), random.Random(1), {}
    for _ in range(40):
        for seat in set(range(3)) - ZESTREA.active_seats(state):
            said.setdefault(state.phase, why_not_now(ZESTREA, state, seat))
        seat = min(ZESTREA.awaited(state) or ZESTREA.active_seats(state))
        legal = ZESTREA.legal_actions(state, seat)
        action = rng.choice(listed(legal)) if listed(legal) else sample(kinds(legal)[0], ZESTREA.action_type, rng)
        state, _ = ZESTREA.apply(state, seat, action)
    assert said["production"] == "You have answered; waiting for seat 2 and seat 3 to answer."
    assert re.fullmatch(r"It is seat \d's turn to bid\.", said["auction"])
