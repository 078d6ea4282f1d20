"""Zestrea's log after a LAN rejoin (tui-leftovers brief, item 1): like Estate's and
Zatre's, the table begins its log from the host's ``history`` of the earlier versions
(docs/protocol.md, "History"), so a player back mid-game has every line the log held
before they left, instead of "you joined here: earlier lines are not kept". Only the
opening (turn 1's Time card and draws, dealt at setup in no version's events) is told
from the view, without repeating a line the history tells."""

from __future__ import annotations

import asyncio
import random

import pytest

import net.host

from net.client import RemoteSeatLink
from rules.zestrea import GAME as ZESTREA
from rules.zestrea.bots import EasyBot
from tui.lan import join_table
from tui.screens.menu import MenuScreen
from tui.zestrea.lan_table import ZestreaLanTableScreen
from tui.zestrea.story import opening_lines

from .helpers import SIZE, until
from .lan_helpers import LINK, TIMEOUT, app_for, hosted


async def play(link: RemoteSeatLink, bot: EasyBot, rng: random.Random) -> None:
    """``link`` makes the easy bot's move if it owes one."""
    snap = link.snapshot()
    if link.seat in snap.active_seats and snap.legal_actions and not snap.over:
        await link.submit(bot.choose(snap.view, snap.legal_actions, rng))


async def to_turn(links, turn: int, rng: random.Random, pilot) -> None:
    """Every link plays (the easy bot's moves) until ``turn`` has begun."""
    bot = EasyBot()
    for _ in range(3000):
        if links[0].snapshot().view.turn >= turn:
            return
        for link in links:
            await play(link, bot, rng)
        await pilot.pause(0.005)
    raise AssertionError("the game did not reach turn %d" % turn)


@pytest.mark.parametrize("kept", [500, 5])
async def test_a_rejoined_zestrea_table_logs_the_whole_game_from_the_history(tmp_path, monkeypatch, kept):
    monkeypatch.setattr(net.host, "HISTORY_VERSIONS", kept)
    table = await hosted("Zestrea", seed=2, game=ZESTREA)
    tokens = app_for(tmp_path).tokens
    app = app_for(tmp_path, tokens=tokens)
    ann = RemoteSeatLink(table.local_url, "Ann", ZESTREA, room=table.code, host_key=table.host_key, **LINK)
    bob = RemoteSeatLink(table.local_url, "Bob", ZESTREA, room=table.code, **LINK)
    rng = random.Random(7)
    try:
        await asyncio.wait_for(ann.connect(), TIMEOUT)
        await asyncio.wait_for(bob.connect(), TIMEOUT)
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Cara", tokens=tokens, **LINK))
            await ann.say("/join")
            await bob.say("/join")
            await app.session.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 3)
            await ann.say("/start")
            await until(pilot, lambda: isinstance(app.screen, ZestreaLanTableScreen) and app.screen.snap is not None)
            game = app.screen
            assert game.snap.version == 0
            head = len(game._log)  # the opening, told from the first view (no events at version 0)
            assert game._log[0].startswith("— turn 1, ") and game._log[1].startswith("Time card: ")
            await to_turn([app.session.link, ann, bob], 2, rng, pilot)
            await until(pilot, lambda: game.snap.version == ann.snapshot().version)
            before = list(game._log)
            assert any(line.startswith("— turn 2, ") for line in before)

            await pilot.press("q", "y")  # gone (the seat is held as after a drop), then back
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await app.start_session(await join_table(table.join_address, "Cara", tokens=tokens, **LINK))
            await until(pilot, lambda: isinstance(app.screen, ZestreaLanTableScreen) and app.screen.snap is not None)
            again = app.screen
            await until(pilot, lambda: again._seen_version == again.snap.version)
            lines = again._log
            assert not any("you joined here" in line for line in lines), lines
            if kept == 5:  # a host that kept the last 5 versions: the log says where it starts
                assert lines[0] == f"── This log starts at move {again.snap.version - 5}: earlier moves are not in it."
                assert not any(line.startswith("— turn 1") for line in lines)
                return
            view = again.snap.view
            assert lines[:2] == opening_lines(view, again.snap.names)  # turn 1: its Time card
            assert lines[0] == "— turn 1 · Time card: Spring Blessing"
            assert lines[2:len(before) - head + 2] == before[head:], (before, lines)  # every line since
            assert sum(line.startswith("— turn ") for line in lines) == view.turn  # each turn once
            assert sum(line.startswith("Time card: ") for line in lines) == view.turn - 1  # (turn 1's in the head)
    finally:
        await ann.close()
        await bob.close()
        await table.stop()
