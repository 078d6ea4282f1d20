"""Hosting through a relay from the app (tester 5, finding 1): the host form has a
*Relay* field, validated as ``parlour host --relay`` takes it; a form with a relay opens
a room at a real standalone relay (127.0.0.1, ports 47341-47342) as ``parlour host
--relay`` does, and the results' ``g`` fills the field in again; a room code asked for
with a relay is refused in a sentence; and a joiner's ``g`` after a game at a relay
keeps the relay's address but not the old room code, saying to ask the host."""

from __future__ import annotations

import asyncio
import random

import attrs
import pytest
from textual.widgets import Input, Select, Static

from tui.__main__ import parse_args
from tui.lan import HostSettings, join_table, relay_made
from tui.screens import join as join_screen
from tui.screens.host_setup import RELAY_HINT, HostSetupScreen, parse_host_form
from tui.screens.join import NEW_CODE_NEEDED, NEW_CODE_NOTE, JoinScreen
from tui.screens.lobby import LobbyScreen

from .helpers import until
from .lan_helpers import LINK, TIMEOUT, app_for, play_duo_to_results, relay_at, relayed_table

SMALL = (80, 24)
HOST_PORT, JOIN_PORT = 47341, 47342
HERE_ONLY = ("#host-bind", "#host-port", "#host-advertise")
"""The fields that do not apply through a relay."""


def form(relay: str, code: str = "", port: str = "7531", bind: str = "0.0.0.0") -> HostSettings:
    return parse_host_form("Friday", "Ann", port, code, False, True, "zatre", bind, relay)


@pytest.mark.parametrize("typed, relay", [
    ("", None), ("   ", None),
    ("ws://relay.example:7532", "ws://relay.example:7532"),
    (" relay.example:7532 ", "ws://relay.example:7532"),  # as players type it on the join screen
    ("wss://relay.example", "wss://relay.example"), ("ws://127.0.0.1:47341/", "ws://127.0.0.1:47341"),
])
def test_the_relay_field_takes_what_parlour_host_relay_takes(typed, relay):
    """Tester 5, finding 1: the form's field and ``--relay`` read an address alike."""
    assert form(typed).relay == relay
    if relay is not None:
        assert parse_args(["host", "--relay", typed]).relay == relay


@pytest.mark.parametrize("typed", [
    "http://relay.example:7532", "relay.example", "ws://", "ws://relay.example:0",
    "ws://relay.example:99999", "ws://relay.example:7532/host", "relay example:7532",
])
def test_the_relay_field_refuses_anything_else_with_a_sentence(typed):
    with pytest.raises(ValueError) as err:
        form(typed)
    assert str(err.value).startswith("A relay's address is a websocket URL such as ws://")
    assert f"{typed.strip()!r} is not one." in str(err.value)


def test_through_a_relay_the_hidden_port_and_address_refuse_nothing():
    """*Listen on* and *Port* are hidden through a relay: what they hold is kept where
    usable, and nothing there stops the table (tester 5, finding 1: no field that
    silently does something)."""
    assert (form("relay.example:7532", port="7600", bind="127.0.0.1").port,
            form("relay.example:7532", port="7600", bind="127.0.0.1").bind) == (7600, "127.0.0.1")
    settings = form("relay.example:7532", port="", bind="my table")
    assert (settings.port, settings.bind, settings.relay) == (7531, "0.0.0.0", "ws://relay.example:7532")
    with pytest.raises(ValueError, match="The port is a number"):
        form("", port="")


def test_a_room_code_with_a_relay_is_refused_as_the_cli_refuses_it():
    """Tester 5, finding 1 (and player-tester 5, item 15 for ``--code``): the relay gives
    the code, so one asked for is refused, not dropped unsaid."""
    with pytest.raises(ValueError) as err:
        form("relay.example:7532", code="FRIDAY")
    assert str(err.value) == ("Room code cannot be chosen at a relay: the relay gives the room code "
                              "(the lobby shows it); leave Room code empty.")
    assert form("", code="FRIDAY").code == "FRIDAY"  # a table here takes it


async def test_the_form_refuses_a_code_with_a_relay_on_screen_and_opens_nothing(tmp_path):
    relay, url, _ = await relay_at(HOST_PORT)
    app = app_for(tmp_path, host_defaults={"save": False})
    try:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.press("h")
            screen = app.screen
            assert isinstance(screen, HostSetupScreen)
            screen.query_one("#host-relay", Input).value = url
            screen.query_one("#host-code", Input).value = "FRIDAY"
            await pilot.press("ctrl+s")
            error = str(screen.query_one("#host-error", Static).render())
            assert error.startswith("✗ Room code cannot be chosen at a relay")
            await pilot.pause(0.2)
            assert app.session is None and app.screen is screen and not relay.rooms
    finally:
        await relay.stop()


async def test_a_form_with_a_relay_opens_a_room_there_and_g_fills_it_in_again(tmp_path):
    """Tester 5, finding 1: typed in the *Relay* field, the table is hosted as ``parlour
    host --relay`` hosts it (a room at the relay, its code in the lobby), the fields that
    do not apply are hidden and the hint says so; the results' ``g`` (the app's
    ``close_table("host")``) opens the form with the relay filled in, not a port."""
    relay, url, _ = await relay_at(HOST_PORT)
    app = app_for(tmp_path, host_defaults={"save": False})
    try:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.press("h")
            screen = app.screen
            assert isinstance(screen, HostSetupScreen)
            assert all(screen.query_one(field).display for field in HERE_ONLY)
            await pilot.press("tab", "tab", "tab")
            assert screen.focused is screen.query_one("#host-relay")
            await pilot.press(*url.removeprefix("ws://"))  # as the join screen takes it
            await pilot.pause()
            assert not any(screen.query_one(field).display for field in HERE_ONLY)
            assert str(screen.query_one("#host-hint", Static).render()) == RELAY_HINT
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            hosted = app.session.hosted
            assert hosted.relay_link is not None and hosted.relay is None  # no relay of its own
            assert app.session.settings.relay == url and hosted.join_address == url
            assert relay_made(hosted.code) and hosted.code.upper() in relay.rooms
            assert f"room code {hosted.code}" in str(app.screen.query_one("#lobby-title").render())

            await app.close_table("host")  # what g on the host's results does
            await until(pilot, lambda: isinstance(app.screen, HostSetupScreen) and app.screen.is_mounted)
            again = app.screen
            await pilot.pause()
            assert again.query_one("#host-relay", Input).value == url
            assert not any(again.query_one(field).display for field in HERE_ONLY)
            assert again.query_one("#host-code", Input).value == ""
            assert again.settings().relay == url
            await until(pilot, lambda: not relay.rooms)  # the last table's room closed
    finally:
        await relay.stop()


async def test_emptying_the_relay_field_shows_the_fields_of_a_table_here(tmp_path):
    app = app_for(tmp_path)
    previous = HostSettings("Friday", "Ann", relay="ws://relay.example:7532", port=7600)
    async with app.run_test(size=SMALL) as pilot:
        screen = HostSetupScreen(previous)
        await app.push_screen(screen)
        await pilot.pause()
        assert not any(screen.query_one(field).display for field in HERE_ONLY)
        assert [w.id for w in screen.focus_chain][:5] == [
            "host-game", "host-table", "host-player", "host-relay", "host-code"]  # Tab skips them
        screen.query_one("#host-relay", Input).value = ""
        await pilot.pause()
        assert all(screen.query_one(field).display for field in HERE_ONLY)
        assert screen.query_one("#host-port", Input).value == "7600"
        assert screen.query_one("#host-advertise", Select).value is True
        assert screen.settings() == attrs.evolve(previous, relay=None)


async def test_g_on_a_joiners_results_after_a_relay_game_asks_for_the_new_code(tmp_path, monkeypatch):
    """Tester 5, finding 1: the join screen kept the old room code, which no new table
    has (and Enter spent one of the address's wrong codes at the relay). Now: the relay's
    address, no code, a line saying to ask the host, and Enter with the code still empty
    gets the field's own error without going to the relay."""
    relay, url, _ = await relay_at(JOIN_PORT)
    table = await relayed_table(url)
    app = app_for(tmp_path)
    ann = table.link("Ann", **LINK)
    rng = random.Random(3)
    try:
        await asyncio.wait_for(ann.connect(), TIMEOUT)
        async with app.run_test(size=SMALL) as pilot:
            await app.start_session(await join_table(url.removeprefix("ws://"), "Bob", code=table.code,
                                                     tokens=app.tokens, **LINK))
            await play_duo_to_results(pilot, app, table, ann, rng)
            await pilot.press("g")
            await until(pilot, lambda: isinstance(app.screen, JoinScreen) and bool(app.screen.query("#join-code")))
            join = app.screen
            await pilot.pause()
            assert join.query_one("#join-address", Input).value == url.removeprefix("ws://")
            assert join.query_one("#join-name", Input).value == "Bob"
            assert join.query_one("#join-code", Input).value == ""
            assert str(join.query_one("#join-note", Static).render()) == NEW_CODE_NOTE
            assert join.focused is join.query_one("#join-code")  # what is typed next is the code

            tried: list[str] = []
            monkeypatch.setattr(join_screen, "join_table", lambda address, *a, **k: tried.append(address))
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert str(join.query_one("#join-error", Static).render()) == f"✗ {NEW_CODE_NEEDED}"
            assert tried == [] and app.screen is join and join.focused is join.query_one("#join-code")
    finally:
        await ann.close()
        await table.stop()
        await relay.stop()


def test_a_code_of_the_relays_shape_is_taken_as_the_relays():
    """What tells a joiner's ``g`` that the next table will have a new code: the relay's
    codes are six of its letters and digits (a code its host typed keeps, as the join
    screen's test in test_lan_again.py shows with ``ROOM7``)."""
    assert relay_made("BS2B2Y") and relay_made("bs2b2y")
    assert not relay_made("ROOM7") and not relay_made("FRIDAY") and not relay_made(None)
