"""A seat given to a bot and given back (``/bot seat N KIND``, then ``/seat N NAME``) at
the Estate and Zestrea LAN tables (player-tester 4, item 8): once the host gives the
seat back, the player's table is a player's again at once: the Do list in the Tab
order with the keys, Enter does its entry; while the bot plays the seat, the table is a
watcher's (no Do list to Tab to). Both ways the player comes back: joining again after
leaving (a new table, mounted as a watcher's), and a connection that was down past the
grace period (the same table, turned from a player's into a watcher's and back).

Zatre's and the card game's tables have no Do list: their keys are the screen's and
read the table's seat on every update (tests/tui/test_lan_table.py,
``test_back_after_a_bot_took_the_seat_the_player_watches_then_plays_again``)."""

from __future__ import annotations

import asyncio
import random
from typing import Awaitable, Callable

import pytest

from net.client import RemoteSeatLink
from rules.zestrea import GAME as ZESTREA
from rules.zestrea.bots import EasyBot
from tui.estate.lan_table import EstateLanTableScreen
from tui.lan import join_table
from tui.screens.menu import MenuScreen
from tui.widgets.do_list import DoList
from tui.zestrea.lan_table import ZestreaLanTableScreen

from .helpers import SIZE, until
from .lan_helpers import LINK, TIMEOUT, app_for, estate_duo, hold_connection, hosted, step


def do_list(game) -> DoList:
    return game.query_one(DoList)


async def tab_order(pilot, game) -> list[str]:
    """The ids of the panels Tab visits, once round from the focused one."""
    seen: list[str] = []
    for _ in range(8):
        await pilot.press("tab")
        await pilot.pause()
        if game.focused is None or game.focused.id in seen:
            break
        seen.append(game.focused.id)
    return seen


async def away_and_given_to_a_bot(app, pilot, table, host: RemoteSeatLink, name: str, rejoin: bool):
    """The app's player (seat 2) goes away past the grace period, the host gives the
    seat to a strong bot, and the player is back: returns their table, a watcher's."""
    link = app.session.link
    lobby = table.table.lobby
    if rejoin:  # quits (the seat is held as after a drop), joins again later
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
    else:  # the network down past the grace period, the table kept
        gate = hold_connection(link)
    await until(pilot, lambda: lobby.seats[1].away and lobby.seats[1].deadline is None)
    await host.say("/bot seat 2 strong")
    await until(pilot, lambda: host.snapshot().bots[1] == "strong")
    if rejoin:
        await app.start_session(await join_table(table.join_address, name, tokens=app.tokens, **LINK))
    else:
        gate.set()
    await until(pilot, lambda: app.session.link.status.online and getattr(app.screen, "snap", None) is not None
                and app.screen.snap.seat is None and app.screen.seat is None)
    return app.screen


async def zestrea_step(link: RemoteSeatLink, rng: random.Random) -> None:
    """``link`` makes the easy bot's move if it owes one (Zestrea's legal actions are
    kinds of moves with their parameters' bounds: a bot makes one a move)."""
    snap = link.snapshot()
    if link.seat in snap.active_seats and snap.legal_actions and not snap.over:
        await link.submit(EasyBot().choose(snap.view, snap.legal_actions, rng))


async def given_back(pilot, game, host: RemoteSeatLink, others, name: str, kind: type,
                     move: Callable[[RemoteSeatLink, random.Random], Awaitable[None]] = step) -> None:
    """The seat given back with ``/seat 2 NAME``: the table is a player's at once, and
    (``others`` given) Enter on the Do list acts once the others played (each link
    ``move`` s) until the game waits on the player."""
    assert isinstance(game, kind)
    # a watcher's table: the Do list is out of the Tab order, the bot's seat is told
    assert not do_list(game).can_focus and game.focused is not do_list(game)
    assert f"plays your seat 2; you watch. The host can give it back: /seat 2 {name}" in game._instructions()
    assert "e-actions" not in await tab_order(pilot, game) and "z-actions" not in await tab_order(pilot, game)

    await host.say(f"/seat 2 {name}")
    await until(pilot, lambda: game.seat == 1 and game.snap is not None and game.snap.seat == 1
                and game.snap.bots[1] is None)
    assert do_list(game).can_focus and game.focused is do_list(game)  # the keys, at once
    assert do_list(game).id in await tab_order(pilot, game)  # and in the Tab order
    assert "you watch" not in game._instructions()
    if not others:
        return

    link, rng = game.link, random.Random(5)
    for _ in range(400):  # the others play until the game waits on this player
        if game.my_turn and game.snap.legal_actions and game.listening and not game.animating:
            break
        for other in others:
            await move(other, rng)
        await pilot.pause(0.02)
    assert game.my_turn
    do_list(game).focus()
    await pilot.pause()
    if do_list(game).choose_line:  # (the top line, "Choose with ↑↓, then Enter")
        await pilot.press("down")
    assert do_list(game).highlighted_action() is not None
    before = link.snapshot().version
    await pilot.press("enter")  # the Do list's Enter does its entry (or asks about it)
    await until(pilot, lambda: link.snapshot().version > before or pilot.app.screen is not game)


@pytest.mark.parametrize("rejoin", [True, False], ids=["joined-again", "connection-back"])
async def test_an_estate_seat_given_back_plays_again(tmp_path, rejoin):
    async with estate_duo(tmp_path, "Kim", grace=0.1) as (table, tokens, app, pilot, ann):
        assert do_list(app.screen).can_focus
        game = await away_and_given_to_a_bot(app, pilot, table, ann, "Kim", rejoin)
        await given_back(pilot, game, ann, [ann], "Kim", EstateLanTableScreen)


@pytest.mark.parametrize("rejoin", [True, False], ids=["joined-again", "connection-back"])
async def test_a_zestrea_seat_given_back_plays_again(tmp_path, rejoin):
    table = await hosted("Zestrea", seed=2, game=ZESTREA, grace=0.1)
    app = app_for(tmp_path)
    ann = RemoteSeatLink(table.local_url, "Ann", ZESTREA, room=table.code, host_key=table.host_key, **LINK)
    bob = RemoteSeatLink(table.local_url, "Bob", ZESTREA, room=table.code, **LINK)
    try:
        await asyncio.wait_for(ann.connect(), TIMEOUT)
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Kim", tokens=app.tokens, **LINK))
            await ann.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 1)
            await app.session.say("/join")  # Kim at seat 2
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await asyncio.wait_for(bob.connect(), TIMEOUT)
            await bob.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 3)
            await ann.say("/start")
            await until(pilot, lambda: isinstance(app.screen, ZestreaLanTableScreen) and app.screen.snap is not None)
            assert app.screen.seat == 1 and do_list(app.screen).can_focus
            game = await away_and_given_to_a_bot(app, pilot, table, ann, "Kim", rejoin)
            await given_back(pilot, game, ann, [ann, bob], "Kim", ZestreaLanTableScreen, zestrea_step)
    finally:
        await ann.close()
        await bob.close()
        await table.stop()
