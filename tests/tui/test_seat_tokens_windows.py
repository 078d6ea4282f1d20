"""Seat tokens and several Parlour windows (player-tester 6, findings 2 and 3).

2: two windows on one machine joined one table under the same asked name ("Root", named
"Root 2" by the table); the second window's process died and `parlour join` again took
the *first* window's seat and threw it out. A token entry now names the process holding
it, and a new join never offers one whose process still runs.
3: a table that no longer knows a seat's token (resumed from a save older than the
seat's last change) closed the player's connection with "Unknown seat token." and left
them at the menu; now the app joins the same table again at once, to watch, and says
how to get the seat back."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import psutil

from net import closecodes as cc
from tui.lan import TokenStore, join_table
from tui.screens.lan_table import HELD_ELSEWHERE
from tui.screens.lobby import LobbyScreen
from tui.zatre.lan_table import LanTableScreen

from .helpers import SIZE, until
from .lan_helpers import LINK, app_for, guest, hosted, start_then_kill, type_line


def held_by(process: subprocess.Popen) -> dict:
    return {"pid": process.pid, "started": psutil.Process(process.pid).create_time()}


def keep(tokens: TokenStore, key: str, token: str, holder: dict) -> None:
    """``token`` under ``key`` as another Parlour window would have kept it."""
    tokens.put(key, token, "Friday")
    data = json.loads(tokens.path.read_text())
    data["tokens"][key].update(holder)
    tokens.path.write_text(json.dumps(data))


def test_a_token_held_by_a_running_window_is_never_claimed(tmp_path):
    tokens = TokenStore(tmp_path / "tokens.json")
    key = TokenStore.key("ws://10.0.0.9:7531", "Root")
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        keep(tokens, key, "first-window", held_by(other))
        assert tokens.claim(key) == (f"{key}\n2", None)  # its own slot, no token offered
        keep(tokens, f"{key}\n2", "second-window", {"pid": 999_999_999, "started": 1.0})  # died
        assert tokens.claim(key) == (f"{key}\n2", "second-window")  # that seat back
        assert tokens.find("Friday", "Root") == (f"{key}\n2", "second-window")
    finally:
        other.kill()
        other.wait()
    assert tokens.claim(key) == (key, "first-window")  # its window closed: offered again


async def test_a_second_window_under_the_same_name_does_not_take_the_first_ones_seat(tmp_path):
    table = await hosted("Friday", grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    root = await guest(table, "Root")  # the first window, still open
    await root.say("/join")
    await asyncio.wait_for(_until(lambda: root.seat is not None and root.token), 5)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    session = None
    try:
        keep(tokens, TokenStore.key(table.local_url, "Root", table.code), root.token, held_by(other))
        session = await join_table(table.local_url, "Root", table.code, tokens, **LINK)
        await asyncio.sleep(0.2)
        assert session.link.seat is None and session.link.name == "Root 2"  # a new player, watching
        assert root.status.online and root.seat == 0  # the first window keeps its seat
    finally:
        other.kill()
        other.wait()
        if session is not None:
            await session.close()
        await root.close()
        await table.stop()


async def _until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.01)


async def test_a_seat_token_the_table_does_not_know_joins_again_to_watch(tmp_path):
    table = await hosted("Friday", grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    ann = await guest(table, "Ann", host_key=table.host_key)
    app = app_for(tmp_path, tokens=tokens)
    try:
        async with app.run_test(size=SIZE) as pilot:
            from tui.app import JoinForm

            await app.open_join(JoinForm(table.join_address, "Bob", auto=True))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await ann.say("/join")
            await type_line(pilot, "/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await ann.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            first = app.session
            link = first.link
            told: list[str] = []
            notify = app.notify
            app.notify = lambda text, **kw: (told.append(text), notify(text, **kw))[1]
            link.token = "a token this table never gave"  # as after a resume from an older save
            link._ws.transport.abort()
            await until(pilot, lambda: link.status.state == "closed")
            assert link.status.code == cc.BAD_TOKEN
            await until(pilot, lambda: app.session is not None and app.session is not first
                        and app.session.link.status.online)
            assert app.session.link.seat is None  # watching the same table, not at the menu
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen))
            assert any("joining it again to watch" in t and "/seat N YOUR-NAME" in t for t in told), told
            assert tokens.get(first.key) is None  # the refused token is forgotten
            await app.close_table()
    finally:
        await ann.close()
        await table.stop()


def hand_over_tokens(tokens: TokenStore, holder: dict) -> None:
    """Every token this process keeps, as if ``holder``'s window kept it (the window
    a player just closed)."""
    data = json.loads(tokens.path.read_text())
    for entry in data["tokens"].values():
        if entry.get("pid") == os.getpid():
            entry.update(holder)
    tokens.path.write_text(json.dumps(data))


async def bob_seated_then_killed(pilot, app, table, ann) -> int:
    """Bob (the app) joins ``table``, sits, Ann starts, Bob's terminal is killed: his seat."""
    from tui.app import JoinForm

    await app.open_join(JoinForm(table.join_address, "Bob", auto=True))
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
    seat, _ = await start_then_kill(pilot, app, table, ann)
    return seat


async def test_joining_again_while_the_closed_window_is_still_exiting_waits_and_retakes_the_seat(tmp_path):
    """Player-tester finding: Bob closed his window (its process took 1.4 s to exit) and
    at once ran parlour join again: he watched as "Bob 2". The join now waits for the
    window holding the token to exit, then takes the seat back with it."""
    table = await hosted("Friday", grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    ann = await guest(table, "Ann", host_key=table.host_key)
    dying = None
    try:
        first = app_for(tmp_path, tokens=tokens)
        async with first.run_test(size=SIZE) as pilot:
            seat = await bob_seated_then_killed(pilot, first, table, ann)
        dying = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1.4)"])
        hand_over_tokens(tokens, held_by(dying))
        from tui.app import JoinForm

        again = app_for(tmp_path, tokens=tokens, join=JoinForm(table.join_address, auto=True))
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(again.screen, LanTableScreen) and again.screen.snap is not None)
            assert dying.poll() is not None  # (it waited for the window to exit)
            assert again.session.link.name == "Bob" and again.screen.seat == seat
            assert table.table.lobby.seats[seat].status == "here"
            await again.close_table()
    finally:
        if dying is not None:
            dying.kill()
            dying.wait()
        await ann.close()
        await table.stop()


async def test_a_seat_held_by_a_window_still_open_is_said_at_the_table_with_the_way_to_take_it(tmp_path,
                                                                                            monkeypatch):
    monkeypatch.setattr("tui.lan.HOLDER_WAIT", 0.3)
    table = await hosted("Friday", grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    ann = await guest(table, "Ann", host_key=table.host_key)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        first = app_for(tmp_path, tokens=tokens)
        async with first.run_test(size=SIZE) as pilot:
            seat = await bob_seated_then_killed(pilot, first, table, ann)
        hand_over_tokens(tokens, held_by(other))
        from tui.app import JoinForm

        again = app_for(tmp_path, tokens=tokens, join=JoinForm(table.join_address, auto=True))
        told: list[str] = []
        notify = again.notify
        again.notify = lambda text, **kw: (told.append(text), notify(text, **kw))[1]
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(again.screen, LanTableScreen) and again.screen.snap is not None)
            screen = again.screen
            assert again.session.link.name == "Bob 2" and screen.seat is None
            held = (f"Seat {seat + 1} is held for Bob by another Parlour window still open (process "
                    f"{other.pid}, started ")
            lines = [line.text for line in again.session.lines]
            assert any(t.startswith(held) and t.endswith("close that window, then q and Join again.")
                       for t in lines), lines
            assert f"Bob is already at this table (seat {seat + 1}, away): you joined as Bob 2." in lines
            await until(pilot, lambda: any(t.startswith(held) for t in told))  # over the table
            assert screen._instructions() == HELD_ELSEWHERE
            await again.close_table()
    finally:
        other.kill()
        other.wait()
        await ann.close()
        await table.stop()
