"""A LAN table's log after a rejoin or a dropped connection, and the footer of a player
waiting (player-tester findings on Estate, items 7 and 11: Cara, killed mid-Draw and
back, got her question again but a blank log that never told "Cara draws …"; a player
waiting saw "⏎ Do it" in the footer; player-tester 2, item 2: "her log holds only 'You
activate Forge'; the draft, Era 1's Event and every turn are gone"). The log is built
from the events between versions: a table whose first snapshot comes mid-game begins it
from the host's ``history`` of the earlier versions (docs/protocol.md), so it holds the
whole game; one that missed versions says which; both keep appending what happens next."""

from __future__ import annotations

import asyncio
import random

import pytest

import net.host

from net.client import RemoteSeatLink
from rules.estate import GAME as ESTATE
from rules.zatre import GAME as ZATRE
from rules.zatre.bots import EasyBot as ZatreBot
from rules.estate.state import Draw, EstateOptions
from tui.estate.lan_table import EstateLanTableScreen
from tui.widgets.movelog import MoveLog
from tui.zatre.lan_table import LanTableScreen
from tui.lan import join_table
from tui.screens.menu import MenuScreen

from .helpers import SIZE, until
from .lan_helpers import LINK, TIMEOUT, app_for, estate_duo, hold_connection, hosted, step


async def test_a_rejoined_estate_table_holds_the_whole_log_and_keeps_appending(tmp_path):
    rng = random.Random(3)
    async with estate_duo(tmp_path, "Cara") as (table, tokens, app, pilot, ann):
        link = app.session.link
        for _ in range(300):  # to Cara's Draw (a question follows it: mid-Draw)
            snap = link.snapshot()
            draws = [a for a in snap.legal_actions if isinstance(a, Draw)] \
                if snap.view.phase == "turns" and link.seat in snap.active_seats else []
            if draws:
                await link.submit(draws[0])
                break
            await step(ann, rng)
            await step(link, rng)
            await pilot.pause(0.01)
        await until(pilot, lambda: link.snapshot().view.question is not None)
        game = app.screen
        await until(pilot, lambda: game.snap.version == link.snapshot().version)
        before = list(game._log)  # the log Cara's table built live, from the game's start

        await pilot.press("q", "y")  # gone mid-Draw (the seat is held as after a drop), then back
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await app.start_session(await join_table(table.join_address, "Cara", tokens=tokens, **LINK))
        await until(pilot, lambda: isinstance(app.screen, EstateLanTableScreen) and app.screen.snap is not None)
        again, link = app.screen, app.session.link
        version = again.snap.version
        assert again.snap.view.question is not None  # the question came back
        assert not any("This log starts" in line or "not in this log" in line for line in again._log)
        assert again._log[:len(before)] == before, (before, again._log)  # the draft and every turn
        lines = again._log
        assert sum(line.startswith("You picked a card: ") for line in lines) == 4  # the draft (E-F14)
        assert lines.count("Ann picked a card") == 4  # her cards unseen (E-R32)
        assert any(line.startswith("Era 1 begins: the Era Event is ") for line in lines)
        told = len(again._log)
        while not any(line.startswith("Ann ") for line in again._log[told:]):  # the game goes on
            await step(link, rng)
            await step(ann, rng)
            await pilot.pause(0.02)
            assert again.snap.version < version + 200
        assert len(again._log) > told


async def test_an_estate_table_back_after_a_drop_logs_the_moves_it_missed_or_says_which(tmp_path):
    """Back after a drop, the table logs the moves made while it was away from the
    host's history; without one (a table that does not take it) it says which it missed."""
    rng = random.Random(4)
    async with estate_duo(tmp_path, "Cara") as (table, tokens, app, pilot, ann):
        game, link = app.screen, app.session.link
        for _ in range(300):  # to a turn of Ann's with more than one move in it
            snap = ann.snapshot()
            if snap.view.phase == "turns" and ann.seat in snap.active_seats:
                break
            await step(ann, rng)
            await step(link, rng)
            await pilot.pause(0.01)
        await until(pilot, lambda: game.snap.version == ann.snapshot().version)
        seen = game.snap.version  # Ann's turn: Cara waits, and her footer has no "⏎ Do it" (item 11)
        assert game.focused is game.query_one("#e-actions") and not game.my_turn
        assert "enter" not in {key for key, active in game.active_bindings.items() if active.binding.show}
        told = len(game._log)
        gate = hold_connection(link)
        await until(pilot, lambda: not link.status.online)
        await step(ann, rng)
        await step(ann, rng)  # (two moves, or one and the turn is Cara's)
        missed = ann.snapshot().version
        gate.set()
        await until(pilot, lambda: link.status.online and game.snap.version == missed)
        assert missed > seen + 1  # (seed 4: both of Ann's moves made while Cara was away)
        assert not any("not in this log" in line or "This log starts" in line for line in game._log)
        assert any(line.startswith("Ann ") for line in game._log[told:]), game._log[told:]
        assert link.history is not None and link.history.until == missed - 1

        game.history_log = False  # a table that takes no history: the moves missed are named
        for _ in range(300):  # to Ann's turn again
            snap = ann.snapshot()
            if snap.view.phase == "turns" and ann.seat in snap.active_seats and len(snap.legal_actions) > 1:
                break
            await step(ann, rng)
            await step(link, rng)
            await pilot.pause(0.01)
        await until(pilot, lambda: game.snap.version == ann.snapshot().version)
        seen = game.snap.version
        gate = hold_connection(link)
        await until(pilot, lambda: not link.status.online)
        await step(ann, rng)
        await step(ann, rng)
        missed = ann.snapshot().version
        gate.set()
        await until(pilot, lambda: link.status.online and game.snap.version == missed)
        assert missed > seen + 1
        gap = f"── Move {seen + 1} is" if missed == seen + 2 else f"── Moves {seen + 1}–{missed - 1} are"
        assert any(line.startswith(gap) and "not in this log" in line for line in game._log)
        assert not any(line.startswith("── This log starts") for line in game._log)


@pytest.mark.parametrize("kept", [500, 5])
async def test_a_spectator_joining_estate_mid_game_logs_it_from_the_start(tmp_path, monkeypatch, kept):
    """Player-tester 2, item 2 (a spectator too): Sam joins after the draft and Era 1's
    first turns; his log holds every pick (no card named: E-R32, they are private), the
    Era Event and the turns, and does not say it starts later. A host that keeps only
    the last 5 versions: the log holds those and says where it starts."""
    monkeypatch.setattr(net.host, "HISTORY_VERSIONS", kept)
    table = await hosted("Estate", seed=3, game=ESTATE, options=EstateOptions(leaders="random"))
    app = app_for(tmp_path)
    ann = RemoteSeatLink(table.local_url, "Ann", ESTATE, room=table.code, host_key=table.host_key, **LINK)
    bob = RemoteSeatLink(table.local_url, "Bob", ESTATE, room=table.code, **LINK)
    rng = random.Random(5)
    try:
        await asyncio.wait_for(ann.connect(), TIMEOUT)
        await asyncio.wait_for(bob.connect(), TIMEOUT)
        await ann.say("/join")
        await bob.say("/join")
        for _ in range(500):
            if table.table.lobby.seated_count() == 2:
                break
            await asyncio.sleep(0.01)
        await ann.say("/start")
        for _ in range(2000):  # past the draft, into Era 1's turns
            if ann.has_snapshot and ann.snapshot().view.phase == "turns" and ann.snapshot().version > 30:
                break
            if ann.has_snapshot and bob.has_snapshot:
                await step(ann, rng)
                await step(bob, rng)
            await asyncio.sleep(0.005)
        assert ann.snapshot().view.phase == "turns"
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Sam", **LINK))
            await until(pilot, lambda: isinstance(app.screen, EstateLanTableScreen) and app.screen.snap is not None)
            game = app.screen
            assert game.snap.seat is None
            lines = game._log
            if kept == 5:
                first = game.snap.version - 5
                assert lines[0] == f"── This log starts at move {first}: earlier moves are not in it.", lines
                assert not any("picked a card" in line for line in lines)
                assert len(lines) > 1
                return
            assert not any("This log starts" in line or "not in this log" in line for line in lines), lines
            for name in ("Ann", "Bob"):
                assert lines.count(f"{name} picked a card") == 4, lines  # E-F14's four picks, unseen
            assert not any("picked a card:" in line for line in lines)  # E-R32
            assert any(line.startswith("Era 1 begins: the Era Event is ") for line in lines)
            era = next(i for i, line in enumerate(lines) if line.startswith("Era 1 begins"))
            assert len(lines) > era + 2  # the turns since
    finally:
        await ann.close()
        await bob.close()
        await table.stop()


async def test_a_spectator_joining_zatre_mid_game_has_its_whole_log(tmp_path):
    """Zatre too (player-tester 2, item 2): Sam joins after several turns; his log holds
    the draw for first player and every turn (the view's log), with nothing said missing,
    and his table took the history of every earlier version (net.table.History)."""
    table = await hosted("Zatre", seed=3)
    app = app_for(tmp_path)
    ann = RemoteSeatLink(table.local_url, "Ann", ZATRE, room=table.code, host_key=table.host_key, **LINK)
    chooser, rng = ZatreBot(), random.Random(6)
    try:
        await asyncio.wait_for(ann.connect(), TIMEOUT)
        await ann.say("/join")
        await ann.say("/bot add easy")
        for _ in range(500):
            if table.table.lobby.seated_count() == 2:
                break
            await asyncio.sleep(0.01)
        await ann.say("/start")
        for _ in range(2000):  # some turns each
            snap = ann.snapshot() if ann.has_snapshot else None
            if snap is not None and len(snap.view.log) >= 6:
                break
            if snap is not None and ann.seat in snap.active_seats and not snap.over:
                await ann.submit(chooser.choose(snap.view, snap.legal_actions, rng))
            await asyncio.sleep(0.005)
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Sam", **LINK))
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game = app.screen
            await pilot.pause()
            history = app.session.link.history
            assert history is not None and history.seat is None and history.left_out == 0
            assert game._seen_version == game.snap.version  # every version noted
            lines = game.query_one(MoveLog).entries
            assert len(game.snap.view.log) >= 6
            assert not any("not in" in line for line in lines), lines
            assert sum(1 for line in lines if not line.startswith("──")) >= len(game.snap.view.log)
    finally:
        await ann.close()
        await table.stop()
