"""A table run through a standalone relay (issue 8, item 4): the room code is on screen
in the lobby and at the table, for the host and for a player who joined with it, and
when the relay restarts the table waits for its room (never the menu) and plays on."""

from __future__ import annotations

import asyncio

from net.cli import serve_table
from net.client import RemoteSeatLink
from net.relay import Relay
from rules.zatre import GAME
from tui.lan import TokenStore, join_table
from tui.screens.lobby import LobbyScreen
from tui.zatre.lan_table import LanTableScreen
from tui.zatre.status import TurnStatus

from .helpers import until
from .lan_helpers import FAST, LINK, TIMEOUT, app_for, fast_delays, host_session, relay_at, relayed_table


def screen_lines(app) -> list[str]:
    """The screen as drawn, line by line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def title(screen) -> str:
    return str(screen.query_one("#lobby-title").render())


async def test_the_host_sees_the_room_code_in_the_lobby_and_at_the_table_through_a_relay_restart(tmp_path):
    relay, url, port = await relay_at()
    table = await relayed_table(url)
    code = table.code
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = RemoteSeatLink(url, "Bob", GAME, room=code, **LINK)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert f"room code {code}" in title(app.screen)
            assert title(app.screen).index(code) + len(code) < 80  # in sight at 80 columns
            await asyncio.wait_for(bob.connect(), TIMEOUT)
            await app.session.say("/join")
            await bob.say("/join")
            await until(pilot, lambda: app.session.link.seat == 0 and bob.seat == 1)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game = app.screen
            assert game.query_one("#scores").border_title == f"Room code {code} · Scores"
            await until(pilot, lambda: f"Room code {code} · Scores" in "\n".join(screen_lines(app)))  # drawn, at 80×24

            await relay.stop()
            status = game.query_one(TurnStatus)
            await until(pilot, lambda: status.alert)
            relay, _, _ = await relay_at(port)
            await until(pilot, lambda: app.session.link.status.online and bob.status.online)
            assert app.screen is game  # never the menu
            assert table.code == code and f"Room code {code} · Scores" in "\n".join(screen_lines(app))
            await until(pilot, lambda: not status.alert)
    finally:
        await bob.close()
        await table.stop()
        await relay.stop()


async def test_a_player_who_joined_by_code_sees_it_and_waits_for_the_room_to_reopen(tmp_path):
    relay, url, port = await relay_at()
    table = await relayed_table(url)
    code = table.code
    ann = table.link("Ann", **LINK)
    app = app_for(tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(ann.connect(), TIMEOUT)
            session = await join_table(url.removeprefix("ws://"), "Bob", code=code.lower(),
                                       tokens=app.tokens, **LINK)
            await app.start_session(session)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert f"room code {code}" in title(lobby)  # as the relay spells it

            # the table's link to the relay is held back, so the player finds no room for a while
            link, gate = table.relay_link, asyncio.Event()
            reopen = link._open_room

            async def held():
                await gate.wait()
                return await reopen()

            link._open_room = held
            await relay.stop()
            relay, _, _ = await relay_at(port)
            status = lobby.query_one("#lobby-status")
            await until(pilot, lambda: "not back at the relay" in str(status.render()))
            assert f"Room {code} not back at the relay (try" in str(status.render())
            gate.set()
            await until(pilot, lambda: session.link.status.online)
            assert app.screen is lobby
    finally:
        await ann.close()
        await table.stop()
        await relay.stop()


def test_a_player_waiting_for_a_shut_room_is_told_about_a_new_code():
    """Player-tester 5, items 5 and 6: the wait fits a top line at 80 columns, and after
    a few attempts the player hears what to do should the host have a new code."""
    from net.client import LinkStatus
    from net.closecodes import NO_ROOM
    from tui.lan import NEW_CODE_AFTER, new_code_words, offline_text

    waiting = LinkStatus("reconnecting", code=NO_ROOM, attempt=NEW_CODE_AFTER - 1)
    assert offline_text(waiting, "BS2B2Y") == f"Room BS2B2Y not back at the relay (try {NEW_CODE_AFTER - 1})"
    assert len(offline_text(LinkStatus("reconnecting", code=NO_ROOM, attempt=99), "BS2B2Y")) <= 45
    assert new_code_words(waiting, "BS2B2Y") == ""
    longer = LinkStatus("reconnecting", code=NO_ROOM, attempt=NEW_CODE_AFTER)
    assert new_code_words(longer, "BS2B2Y") == (
        "If the host has a new room code: q, then Join with it; the host gives your seat back.")
    assert new_code_words(LinkStatus("reconnecting", attempt=9), "BS2B2Y") == ""  # the host, not the room


async def test_the_host_keeps_saying_a_new_room_code_until_everyone_is_back(tmp_path):
    """Player-tester 5, item 5: a relay restarted without its key gives the table a new
    code; the host's message line says it (not only a toast) while a player is away, and
    ``/seat N NAME`` gives a player back under the new code the seat held for them."""
    relay, url, port = await relay_at()
    table = await relayed_table(url)
    code = table.code
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = RemoteSeatLink(url, "Bob", GAME, room=code, **LINK)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            await asyncio.wait_for(bob.connect(), TIMEOUT)
            await app.session.say("/join")
            await bob.say("/join")
            await until(pilot, lambda: app.session.link.seat == 0 and bob.seat == 1)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game = app.screen
            await relay.stop()
            relay = Relay(require_code=True, key=bytes(range(1, 33)))  # the key file lost
            await relay.start("127.0.0.1", port)
            await until(pilot, lambda: table.code != code, timeout=20)
            await until(pilot, lambda: app.session.link.status.online, timeout=20)
            new = table.code
            told = f"New room code {new} (it was {code}): tell your players; once back, /seat N NAME gives each their seat."
            latest = app.session.link.snapshot()  # (not the table's my_turn: False while it lays out)
            if 0 in latest.active_seats:  # the host's own turn is told first: Ann plays
                await app.session.link.submit(latest.legal_actions[0])
            await until(pilot, lambda: game._instructions() == told, timeout=20)
            assert not bob.status.online  # Bob still asks for the old room
            await bob.close()
            # Bob joins the new room: his token is for the old one (TokenStore keys by room
            # code, player-tester 5, item 13), so he watches until the host gives his seat back
            bob = RemoteSeatLink(url, "Bob", GAME, room=new, **LINK)
            await asyncio.wait_for(bob.connect(), TIMEOUT)
            assert bob.seat is None and bob.name == "Bob 2" and game._instructions() == told
            await app.session.say("/seat 2 Bob")
            await until(pilot, lambda: bob.seat == 1 and bob.token is not None, timeout=20)
            await until(pilot, lambda: game._instructions() != told, timeout=20)  # everyone is back
    finally:
        await bob.close()
        await table.stop()
        await relay.stop()


async def test_the_room_code_shows_whole_at_estate_and_zestrea_tables_at_80x24(tmp_path):
    """Player-tester 5, item 16: the panel title cut the code at 80 columns
    (``room code …``); the code comes first now."""
    from rules.estate import GAME as ESTATE
    from rules.zestrea import GAME as ZESTREA
    from tui.screens.lan_table import LanTable

    for game in (ESTATE, ZESTREA):
        relay, url, port = await relay_at()
        table = await serve_table(game, "Friday", relay_url=url, advertise=False, save=False, limits=FAST,
                                  bot_delay=0, seed=1, relay_options={"reconnect_delays": fast_delays})
        tokens = TokenStore(tmp_path / f"{game.name}.json")
        app = app_for(tmp_path, tokens=tokens)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await app.start_session(await host_session(table, "Ann", tokens))
                await app.session.say("/join")
                await app.session.say("/bot add easy")
                await app.session.say("/bot add easy")
                await until(pilot, lambda: table.table.lobby.seated_count() == 3)
                await app.session.say("/start")
                await until(pilot, lambda: isinstance(app.screen, LanTable) and app.screen.snap is not None)
                await until(pilot, lambda: f"Room code {table.code}" in "\n".join(screen_lines(app)))
        finally:
            await table.stop()
            await relay.stop()
