"""The join screen: tables found on the (fake) LAN as they appear and vanish, joining
one with Enter, typing an address when discovery cannot start, and a restarted client
getting its seat back with the remembered token."""

from __future__ import annotations

import asyncio

from textual.widgets import Input, OptionList

from net.discovery import FakeBackend, TableAd
from tui.lan import TokenStore
from tui.screens.join import NOT_OPEN_YET, JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.zatre.lan_table import LanTableScreen

from .helpers import SIZE, until
from .lan_helpers import app_for, guest, hosted, start_then_kill


def listed(screen: JoinScreen) -> list[str]:
    tables = screen.query_one("#join-tables", OptionList)
    return [str(tables.get_option_at_index(i).prompt) for i in range(tables.option_count)]


async def test_tables_appear_and_vanish_and_enter_joins(tmp_path):
    network: dict = {"ads": {}, "watchers": []}
    table = await hosted("Friday", advertise=FakeBackend(network))
    other = TableAd("Sunday (box:7600)._parlour._tcp.local.", "Sunday", "zatre", 3, True, "10.0.0.9", 7600)
    cards = TableAd("Monday (box:7601)._parlour._tcp.local.", "Monday", "zatre-cards", 0, False, "10.0.0.9", 7601)
    newer = TableAd("Tuesday (box:7602)._parlour._tcp.local.", "Tuesday", "gloomhaven", 2, False, "10.0.0.9", 7602)
    app = app_for(tmp_path, discovery=lambda: FakeBackend(network))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            screen = app.screen
            assert isinstance(screen, JoinScreen)
            await until(pilot, lambda: len(listed(screen)) == 1)
            assert listed(screen)[0] == f"Friday · Zatre · 4 seats free · {table.join_address}"
            assert "1 table found" in str(screen.query_one("#join-found").render())

            await FakeBackend(network).publish(other)  # another table appears ...
            await until(pilot, lambda: len(listed(screen)) == 2)
            assert "Sunday · Zatre · 3 seats free · room code needed · 10.0.0.9:7600" in listed(screen)
            await FakeBackend(network).withdraw(other)  # ... and vanishes
            await until(pilot, lambda: len(listed(screen)) == 1)
            await FakeBackend(network).publish(cards)  # listed by the game's title
            await FakeBackend(network).publish(newer)  # a game this Parlour lacks: its short name
            await until(pilot, lambda: len(listed(screen)) == 3)
            assert "Monday · Zatre: Das Kartenspiel · game on · 10.0.0.9:7601" in listed(screen)
            assert "Tuesday · gloomhaven · 2 seats free · 10.0.0.9:7602" in listed(screen)
            await FakeBackend(network).withdraw(cards)
            await FakeBackend(network).withdraw(newer)
            await until(pilot, lambda: len(listed(screen)) == 1)

            screen.query_one("#join-name", Input).value = "Bob"
            screen.query_one("#join-tables", OptionList).focus()
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.session.link.name == "Bob"
            assert "Friday" in str(app.screen.query_one("#lobby-title").render())
            await pilot.press("escape", "y")  # leave the table: back to the menu
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            assert app.session is None
    finally:
        await table.stop()


async def test_without_discovery_typing_the_address_joins(tmp_path):
    def broken():
        raise OSError("no multicast on this network")

    table = await hosted("Friday")
    app = app_for(tmp_path, discovery=broken)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            screen = app.screen
            await until(pilot, lambda: "no multicast" in str(screen.query_one("#join-found").render()))
            assert "type the address" in str(screen.query_one("#join-found").render())
            address = screen.query_one("#join-address", Input)
            assert address.has_focus
            await pilot.press(*"127.0.0.1:1", "enter")  # nobody there: said, no traceback
            await until(pilot, lambda: "Could not reach" in str(screen.query_one("#join-error").render()))
            assert isinstance(app.screen, JoinScreen)
            address.value = table.join_address
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
    finally:
        await app.close_table() if app.is_running else None
        await table.stop()


async def test_a_restarted_client_gets_its_seat_back(tmp_path):
    table = await hosted("Friday", grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    ann = await guest(table, "Ann", host_key=table.host_key)
    first = app_for(tmp_path, tokens=tokens)
    try:
        async with first.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            first.screen.query_one("#join-name", Input).value = "Bob"
            first.screen.query_one("#join-address", Input).value = table.join_address
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(first.screen, LobbyScreen))
            seat, hand = await start_then_kill(pilot, first, table, ann)
            assert tokens.get(TokenStore.key(f"ws://{table.join_address}", "Bob"))

        again = app_for(tmp_path, tokens=tokens)
        async with again.run_test(size=SIZE) as pilot:
            from tui.app import JoinForm

            # another address for the same table (a table found on the LAN, then typed)
            await again.open_join(JoinForm(f"ws://{table.join_address}/", "Bob", auto=True))
            await until(pilot, lambda: isinstance(again.screen, LanTableScreen) and again.screen.snap is not None)
            game = again.screen
            assert game.seat == seat and game.view.hand == hand
            assert table.table.lobby.seats[seat].status == "here"
            await again.close_table()
    finally:
        await ann.close()
        await table.stop()


async def until_table(condition, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


async def test_a_join_with_the_hosts_name_on_the_hosts_machine_leaves_the_host_seated(tmp_path):
    """The host's seat token is kept apart from the joiners' (TokenStore.host_key): a
    `parlour join` on the same machine with the host's name is a newcomer, never the
    host's seat (it once took the seat, and with it the whole table, away)."""
    from tui.lan import HostSettings, host_table, join_table

    tokens = TokenStore(tmp_path / "tokens.json")
    settings = HostSettings("Friday", "Ann", port=0, bind="127.0.0.1", advertise=False,
                            save=False)
    host = await host_table(settings, tokens)
    hosted = host.hosted
    other = None
    try:
        await host.link.say("/join")
        await until_table(lambda: host.link.seat == 0)
        await until_table(lambda: tokens.get(TokenStore.host_key(hosted.local_url, "Ann")))
        assert tokens.get(TokenStore.key(hosted.local_url, "Ann")) is None
        other = await join_table(hosted.local_url, "Ann", tokens=tokens)
        await until_table(lambda: other.link.lobby is not None)
        assert other.link.seat is None and other.link.name != "Ann"
        assert host.link.seat == 0 and hosted.table.lobby.seats[0].status == "here"
    finally:
        if other is not None:
            await other.link.close()
        await host.link.close()
        await hosted.stop()


async def test_a_table_that_needs_a_room_code_puts_the_focus_on_the_code(tmp_path):
    """Issue 8 §4: after "This table needs a room code" what the player types next goes
    into the code field (it once went nowhere, and Tab Tab Enter joined another table);
    the same after a wrong code, whose text is then replaced by what is typed."""
    network: dict = {"ads": {}, "watchers": []}
    table = await hosted("Friday", code="PLUM42", advertise=FakeBackend(network))
    other = await hosted("Sunday", advertise=FakeBackend(network))
    app = app_for(tmp_path, discovery=lambda: FakeBackend(network))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            screen = app.screen
            await until(pilot, lambda: len(listed(screen)) == 2)
            code = screen.query_one("#join-code", Input)
            tables = screen.query_one("#join-tables", OptionList)
            tables.focus()
            tables.highlighted = next(i for i, text in enumerate(listed(screen)) if "Friday" in text)
            await pilot.press("enter")  # a listed table that needs a code
            await until(pilot, lambda: "needs a room code" in str(screen.query_one("#join-error").render()))
            assert code.has_focus
            await pilot.press(*"NOPE99", "enter")  # a wrong code: the table says so
            await until(pilot, lambda: "No room with that code" in str(screen.query_one("#join-error").render()))
            assert str(screen.query_one("#join-error").render()).endswith(NOT_OPEN_YET)  # (a relay's room may close)
            assert code.has_focus and isinstance(app.screen, JoinScreen)
            await pilot.press(*"PLUM42", "enter")  # typed over the wrong one
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert "Friday" in str(app.screen.query_one("#lobby-title").render())
            await app.close_table()
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))

            await pilot.press("j")  # the address typed, no code: the table's own words
            screen = app.screen
            screen.query_one("#join-address", Input).value = table.join_address
            screen.query_one("#join-code", Input).value = ""
            screen.query_one("#join-address", Input).focus()
            await pilot.press("enter")
            await until(pilot, lambda: "needs a room code" in str(screen.query_one("#join-error").render()))
            assert screen.query_one("#join-code", Input).has_focus
    finally:
        await app.close_table() if app.is_running else None
        await table.stop()
        await other.stop()


def test_a_seat_token_is_kept_for_its_room_only(tmp_path):
    """Player-tester 5, item 13: at a relay every room shares one address; a token kept
    by address and name went in the hello to whatever room the player joined next, whose
    table could take the seat. Tokens are kept by address, room code and name, and
    found by table name only within the same room (or a table of its own)."""
    tokens = TokenStore(tmp_path / "tokens.json")
    relay = "ws://relay.example:7532"
    tokens.put(TokenStore.key(relay, "Jo", "vfz2u8"), "jo-token", "Ann's table", "vfz2u8")
    assert tokens.get(TokenStore.key(relay, "Jo", "VFZ2U8")) == "jo-token"  # any case
    assert tokens.get(TokenStore.key(relay, "Jo", "DHXXCS")) is None
    assert tokens.get(TokenStore.key(relay, "Jo")) is None
    assert tokens.find("Ann's table", "Jo", "DHXXCS") is None  # a room naming itself alike
    assert tokens.find("Ann's table", "Jo", "VFZ2U8") == (TokenStore.key(relay, "Jo", "VFZ2U8"), "jo-token")
    tokens.put(TokenStore.key("ws://192.168.1.5:7531", "Jo"), "lan-token", "Bob's table")
    assert tokens.find("Bob's table", "jo") == (TokenStore.key("ws://192.168.1.5:7531", "Jo"), "lan-token")
    assert tokens.find("Bob's table", "Jo", "VFZ2U8") is None


async def test_a_resumed_table_gives_the_host_their_seat_whatever_name_they_give(tmp_path):
    """Player-tester 5, item 14: ``parlour host --resume FILE`` without ``--player``
    (the login's name, not the one the host played as) found no token: the host only
    watched their own game. The host's token is also kept by save file."""
    from rules.zatre import GAME
    from tui.lan import HostSettings, host_table

    tokens = TokenStore(tmp_path / "tokens.json")
    save = tmp_path / "friday.json"
    settings = HostSettings("Friday", "Hana", port=0, bind="127.0.0.1", advertise=False, save=save,
                            game=GAME.name)
    host = await host_table(settings, tokens)
    try:
        await host.link.say("/join")
        await host.link.say("/bot add easy")
        await until_table(lambda: host.link.seat == 0 and host.hosted.table.lobby.seated_count() == 2)
        await host.link.say("/start")
        await until_table(lambda: host.link.has_snapshot)
        await until_table(lambda: tokens.get(TokenStore.save_key(save)))
    finally:
        await host.link.close()
        await host.hosted.stop()
    again = await host_table(HostSettings(None, "root", port=0, bind="127.0.0.1", advertise=False,
                                          resume=save), tokens)
    try:
        await until_table(lambda: again.link.seat == 0)
        assert again.link.lobby.seats[0].name == "Hana"
    finally:
        await again.link.close()
        await again.hosted.stop()


async def test_ctrl_s_joins_from_any_field_as_the_other_forms_start(tmp_path):
    """Tester 23, finding 5: ``ctrl+s`` did nothing here (the setup and host forms start
    with it), and the footer offered no key to join; it joins now, shown as *Join*."""
    from textual.widgets import Footer

    table = await hosted("Friday")
    app = app_for(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            screen = app.screen
            assert isinstance(screen, JoinScreen)
            await pilot.pause()
            keys = {(item.key_display, item.description) for item in screen.query_one(Footer).query("FooterKey")}
            assert ("^s", "Join") in keys
            screen.query_one("#join-address", Input).value = table.join_address
            screen.query_one("#join-name", Input).focus()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await app.close_table()
    finally:
        await table.stop()
