"""No repr reaches a player: a game's refusal that holds the action's repr (as
Estate's "KeepSecret(secret='E-FS6', kind='secret') is not allowed now" did, player-tester
report) is told in the game's words for the move (``describe``), for every game."""

from __future__ import annotations

import asyncio

from net.host import Host
from rules.core import RuleViolation
from tests.net.toygame import GAME, Pick, ToyOptions


class Blunt:
    """The toy game, refusing 9 with its repr (the way a game's message might)."""

    def __getattr__(self, name):
        return getattr(GAME, name)

    def apply(self, state, seat, action):
        if action == Pick(9):
            raise RuleViolation("not-legal", f"{action!r} is not allowed now")
        return GAME.apply(state, seat, action)


async def test_a_refusal_holding_the_actions_repr_is_told_in_the_games_words():
    host = Host(Blunt(), ToyOptions(), 2, seed=7, names=("Ann", "Bob"), bot_delay=0)
    await host.start()
    try:
        refused = await asyncio.wait_for(host.link(0).submit(Pick(9)), 5)
        assert not refused.accepted and refused.code == "not-legal"
        assert refused.reason == "“seat 1 picked a number” is not allowed now"  # (named by the client)
        assert "Pick(" not in refused.reason
        kept = await asyncio.wait_for(host.link(0).submit(Pick(99)), 5)  # a message without a repr: as it was
        assert kept.reason.startswith("Pick a whole number from 1 to")
    finally:
        await host.stop()
