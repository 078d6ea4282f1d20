"""Zestrea clients for the loopback tests and the bench: what a client owes the table,
read from its view, and legal actions picked from its snapshot (issue 9, "Tests, speed,
screenshots"). Nothing here reads the host's state: only what a seat is sent."""

from __future__ import annotations

import asyncio
import random

from net.host import STALE
from rules.core import ActionKind, kinds, listed, sample
from rules.zestrea import GAME as ZESTREA
from rules.zestrea.state import Pass
from rules.zestrea.timers import default_action, waited
from tests.net.wire import TIMEOUT, until


def pick(snap, rng: random.Random):
    """A legal action for a client: one listed in its legal actions or drawn within the
    bounds of one of its action kinds (rules.core ``sample``; ``apply`` may still refuse
    it for what the kind's ``checks`` say). It leans to what ends a step (the default
    answer, Pass, PassWindow, Ready) so that a game ends in a few hundred actions."""
    view, legal = snap.view, snap.legal_actions
    if view.my_prompt is not None and rng.random() < 0.5:
        return default_action(view)
    if rng.random() < 0.5:
        ending = [a for a in listed(legal) if a.kind in ("pass", "pass-window", "ready")]
        if ending:
            return ending[0]
    choices = [a for a in listed(legal) if a.kind != "unready"] + list(kinds(legal))
    entry = rng.choice(choices)
    return sample(entry, ZESTREA.action_type, rng) if isinstance(entry, ActionKind) else entry


def _calm(snap) -> bool:
    view = snap.view
    return view.phase == "negotiation" and not view.prompts and view.auction is None


async def to_step_iv(links, timeout: float = 3 * TIMEOUT) -> None:
    """Answer every prompt with its default (reference §3.9's table) and pass in every
    auction until each link holds the same snapshot of step IV with nothing open."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not all(_calm(link.snapshot()) for link in links):
        if loop.time() > end:
            raise AssertionError("step IV never came")
        acted = False
        for link in links:
            snap = link.snapshot()
            view = snap.view
            if link.seat in snap.active_seats and waited(view) and not _calm(snap):
                action = default_action(view) if view.my_prompt is not None else Pass()
                outcome = await asyncio.wait_for(link.submit(action), TIMEOUT)
                assert outcome.accepted or outcome.code == STALE, outcome
                acted = True
        if not acted:
            await asyncio.sleep(0.005)
    await until(lambda: len({link.snapshot().version for link in links}) == 1, what="step IV everywhere")
