"""Bots as seats of the host: they act through the queue, off the event loop."""

from __future__ import annotations

import asyncio
import logging

from net.host import BOT_SEAT, Host, Intent
from tests.net.toygame import GAME, GatedBot, Pick, ToyOptions

TIMEOUT = 5.0


def bounded(awaitable, timeout: float = TIMEOUT):
    return asyncio.wait_for(awaitable, timeout)


def bot_host(bots: dict[int, str], seats: int = 2, rounds: int = 3, delay: float = 0, seed: int = 7) -> Host:
    names = tuple(f"P{s}" for s in range(seats))
    return Host(GAME, ToyOptions(rounds=rounds), seats, seed, names, bots, bot_delay=delay)


async def test_bots_play_a_whole_game():
    host = bot_host({0: "random", 1: "high", 2: "random"}, seats=3, rounds=5)
    async with host:
        result = await bounded(host.wait_over())
    assert host.version == 15
    assert len(host.state.history) == 5
    assert result == GAME.result(host.state)
    assert all(picks[1] == 3 for picks in host.state.history)  # the "high" bot


async def test_bot_intents_are_versioned_and_logged_like_a_humans():
    host = bot_host({0: "random", 1: "random"})
    watcher = host.link(None)
    versions: list[int] = []
    watcher.listen(lambda snap: versions.append(snap.version))
    async with host:
        await bounded(host.wait_over())
    assert versions == list(range(1, 7))
    assert [a.version for a in host.applied] == versions
    assert all(a.action_id.startswith("bot:") for a in host.applied)


async def test_a_bot_and_a_human_share_a_round():
    host = bot_host({1: "high"}, rounds=2)
    async with host:
        me = host.link(0)
        for number in (1, 2):
            round_done = asyncio.Event()
            stop = me.listen(lambda snap, r=number: snap.view.round == r and round_done.set())
            assert (await bounded(me.submit(Pick(number)))).accepted
            await bounded(round_done.wait())
            stop()
        assert await bounded(host.wait_over()) == GAME.result(host.state)
    assert host.state.history == ((1, 3), (2, 3))


async def test_bot_games_replay_exactly_from_their_seed():
    results = []
    for _ in range(2):
        host = bot_host({0: "random", 1: "random", 2: "random"}, seats=3, rounds=6, seed=42)
        async with host:
            await bounded(host.wait_over())
        results.append(host.state.history)
    assert results[0] == results[1]


async def test_a_thinking_bot_does_not_block_the_table():
    GatedBot.gate.clear()
    GatedBot.thinking.clear()
    host = bot_host({1: "gated"})
    async with host:
        me = host.link(0)
        assert await bounded(asyncio.to_thread(GatedBot.thinking.wait, TIMEOUT))
        # the bot's thread is blocked, yet the host answers and applies a human intent
        assert (await bounded(me.submit(Pick(2)))).accepted
        assert host.version == 1
        GatedBot.gate.set()
        changed = asyncio.Event()
        me.listen(lambda snap: snap.version == 2 and changed.set())
        await bounded(changed.wait())
        assert host.state.history == ((2, 1),)


async def test_bot_delay_paces_a_bots_move():
    host = bot_host({1: "high"}, delay=0.3)
    async with host:
        me = host.link(0)
        assert (await bounded(me.submit(Pick(1)))).accepted
        await asyncio.sleep(0.05)
        assert host.version == 1  # the bot has chosen, but waits its delay
        done = asyncio.Event()
        me.listen(lambda snap: snap.version == 2 and done.set())
        await bounded(done.wait())


async def test_a_bot_that_raises_or_cheats_still_finishes_the_game(caplog):
    host = bot_host({0: "raising", 1: "cheating"})
    with caplog.at_level(logging.WARNING, logger="net.host"):
        async with host:
            await bounded(host.wait_over())
    assert len(host.state.history) == 3
    assert "a bot bug" in caplog.text
    assert "out-of-range" in caplog.text


async def test_stop_cancels_bots_mid_game():
    GatedBot.gate.clear()
    GatedBot.thinking.clear()
    host = bot_host({0: "gated", 1: "gated"})
    await host.start()
    assert await bounded(asyncio.to_thread(GatedBot.thinking.wait, TIMEOUT))
    await bounded(host.stop())
    GatedBot.gate.set()
    await asyncio.sleep(0.05)
    assert host.version == 0
    leftovers = [t for t in asyncio.all_tasks() if t.get_name().startswith("parlour-")]
    assert leftovers == []


async def test_a_peer_cannot_pre_empt_a_bots_action_id():
    GatedBot.gate.clear()
    host = bot_host({1: "gated"}, rounds=1)
    intruder = host.connect(1, lambda snap: None)
    async with host:
        for n in range(1, 4):
            outcome = await bounded(host.submit(intruder, Intent(Pick(2), f"bot:1:{n}", 0)))
            assert outcome.code == BOT_SEAT
        GatedBot.gate.set()
        assert (await bounded(host.link(0).submit(Pick(3)))).accepted
        await bounded(host.wait_over())
    assert host.state.history == ((3, 1),)


async def test_a_bot_taken_off_its_seat_mid_thought_plays_nothing_and_its_player_moves():
    GatedBot.gate.clear()
    GatedBot.thinking.clear()
    host = bot_host({1: "gated"}, rounds=1)
    seen: list[tuple] = []
    host.connect(None, lambda snap: seen.append(snap.bots))
    async with host:
        assert await bounded(asyncio.to_thread(GatedBot.thinking.wait, TIMEOUT))
        host.seat_player(1)  # the host gives the seat back while the bot thinks
        assert host.bot_kinds == (None, None) and seen[-1] == (None, None)
        GatedBot.gate.set()
        await asyncio.sleep(0.05)
        assert host.version == 0  # its choice was dropped
        assert (await bounded(host.link(1).submit(Pick(2)))).accepted
        assert (await bounded(host.link(0).submit(Pick(3)))).accepted
        await bounded(host.wait_over())
    assert host.state.history == ((3, 2),)
