"""Host.restore (resuming a saved log) and Host.seat_bot (a bot takes a dropped seat)."""

from __future__ import annotations

import asyncio

import pytest

from net.host import Applied, Host, Intent
from tests.net.toygame import GAME, Pick, ToyOptions

TIMEOUT = 5.0


def make(bots=None) -> Host:
    return Host(GAME, ToyOptions(rounds=3), 2, seed=1, names=("A", "B"), bots=bots, bot_delay=0)


async def test_restore_replays_a_log_and_remembers_its_action_ids():
    host = make()
    host.restore([Applied(1, 0, Pick(1), "a"), Applied(2, 1, Pick(2), "b")])
    assert host.version == 2 and host.state.history == ((1, 2),)
    async with host:
        peer = host.connect(0, lambda snap: None)
        again = await asyncio.wait_for(host.submit(peer, Intent(Pick(3), "a", 2)), TIMEOUT)
        assert again.accepted and host.version == 2  # answered, not applied twice


def test_restore_refuses_a_log_that_is_not_this_games():
    host = make()
    with pytest.raises(ValueError, match="illegal"):
        host.restore([Applied(1, 0, Pick(7), "a")])
    with pytest.raises(ValueError, match="version"):
        host.restore([Applied(2, 0, Pick(1), "a")])
    assert host.version == 0 and host.applied == ()


async def test_a_bot_takes_a_seat_and_every_peer_hears_of_it():
    host = make()
    seen = []
    host.connect(None, seen.append)
    async with host:
        peer = host.connect(0, lambda snap: None)
        host.seat_bot(1, "high")
        assert seen[-1].bots == (None, "high") and seen[-1].version == 0
        assert (await asyncio.wait_for(host.submit(peer, Intent(Pick(1), "x", 0)), TIMEOUT)).accepted
        await asyncio.wait_for(_until(lambda: host.version >= 2), TIMEOUT)
        assert host.state.history[0] == (1, 3)  # the high bot picked 3 for seat 1
    with pytest.raises(ValueError):
        host.seat_bot(5, "high")
    with pytest.raises(ValueError):
        host.seat_bot(0, "genius")


async def _until(predicate) -> None:
    while not predicate():
        await asyncio.sleep(0.01)


async def test_a_resumed_host_names_whose_time_ran_out_in_the_last_version():
    """Issue 10 item 6: after ``parlour host --resume`` the live snapshot of the last
    saved version names the seat a timer gave its default (``timed_out``, from the log's
    ``timer:`` action id), as the replay of that save does; an earlier default is not."""
    from net.table import timed_out
    from net.timers import TIMER_ACTION_ID

    log = [Applied(1, 0, Pick(1), "a"), Applied(2, 1, Pick(2), f"{TIMER_ACTION_ID}1:2")]
    host = make()
    host.restore(log)
    assert timed_out(log[-1]) == 1
    for seat in (0, 1, None):
        assert host.snapshot(seat).version == 2 and host.snapshot(seat).timed_out == 1
    async with host:
        assert host.snapshot(0).timed_out == 1  # (the timers' start keeps it)
    earlier = make()
    earlier.restore([Applied(1, 0, Pick(1), f"{TIMER_ACTION_ID}0:1"), Applied(2, 1, Pick(2), "b")])
    assert earlier.snapshot(0).timed_out is None
