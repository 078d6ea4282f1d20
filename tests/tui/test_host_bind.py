"""The host form's *Listen on* field (leftovers item 2: a new table silently kept the
old bind address, and players could neither see nor change it): the default as
``parlour host`` has it (``0.0.0.0``, every network), validated (an IPv4 address or a
host name, else a sentence saying so), used to listen, and filled in from the table
just played, like the form's other fields."""

from __future__ import annotations

import socket

import attrs
import pytest
from textual.widgets import Button, Input

from tui.lan import HostSettings, host_error
from tui.screens.host_setup import EVERY_NETWORK, HostSetupScreen, parse_bind, parse_host_form
from tui.screens.lobby import LobbyScreen

from .helpers import until
from .lan_helpers import app_for

SMALL = (80, 24)


@pytest.mark.parametrize("typed, bind", [
    ("", "0.0.0.0"), ("0.0.0.0", "0.0.0.0"), (" 127.0.0.1 ", "127.0.0.1"),
    ("192.168.1.20", "192.168.1.20"), ("localhost", "localhost"), ("ann-laptop.lan", "ann-laptop.lan"),
])
def test_listen_on_takes_an_ipv4_address_or_a_host_name(typed, bind):
    assert parse_bind(typed) == bind
    assert parse_host_form("Friday", "Ann", "7531", "", False, True, "zatre", typed).bind == bind


@pytest.mark.parametrize("typed, words", [
    ("my table", "is neither"), ("300.1.1.1", "is neither"), ("1.2.3", "is neither"),
    ("-ann.lan", "is neither"), ("a" * 64 + ".lan", "is neither"), ("::1", "IPv6"),
])
def test_listen_on_refuses_anything_else_with_a_sentence(typed, words):
    with pytest.raises(ValueError, match=words) as err:
        parse_host_form("Friday", "Ann", "7531", "", False, True, "zatre", typed)
    assert str(err.value).startswith("Listen on an IPv4 address")


def test_a_host_name_that_names_nothing_is_said_in_a_sentence():
    settings = HostSettings("Friday", "Ann", bind="nowhere.invalid")
    err = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert host_error(err, settings) == (
        "This machine finds no address 'nowhere.invalid' to listen on (Name or service not "
        "known); type an IPv4 address or another host name.")


async def test_the_host_form_listens_where_it_is_told(tmp_path):
    """The field shows the default; a bad address is refused and nothing opens; a host
    name is used (the table listens on its IPv4 address and says so)."""
    app = app_for(tmp_path, host_defaults={"port": 0, "save": False})  # (no bind: the form's)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("h")
        form = app.screen
        assert isinstance(form, HostSetupScreen)
        field = form.query_one("#host-bind", Input)
        assert field.value == EVERY_NETWORK == HostSettings("t", "p").bind
        start = form.query_one("#host-start", Button)  # the field leaves the buttons in sight
        await until(pilot, lambda: 0 < start.region.bottom <= SMALL[1] - 1)  # (laid out)
        field.value = "my table"
        await pilot.press("ctrl+s")
        error = str(form.query_one("#host-error").render())
        assert "✗ Listen on an IPv4 address" in error and "'my table' is neither" in error
        assert app.session is None and app.screen is form
        field.value = "localhost"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.session.settings.bind == "localhost"
        assert app.session.hosted.url.startswith("ws://127.0.0.1:")
        assert app.session.hosted.join_address.startswith("127.0.0.1:")  # what players type
        await pilot.press("escape", "y")
        await until(pilot, lambda: app.session is None and not isinstance(app.screen, LobbyScreen))


async def test_a_new_table_shows_where_the_last_one_listened_and_may_change_it(tmp_path):
    """"Host a new table" fills the form from the table just played
    (:func:`tui.lan.next_table`): its address is in the field, not kept out of sight,
    and what the field says is what the new table uses."""
    app = app_for(tmp_path)
    previous = attrs.evolve(HostSettings("Friday", "Ann", bind="127.0.0.1"), grace=30.0)
    async with app.run_test(size=SMALL) as pilot:
        form = HostSetupScreen(previous)
        await app.push_screen(form)
        await pilot.pause()
        field = form.query_one("#host-bind", Input)
        assert field.value == "127.0.0.1"
        assert form.settings().bind == "127.0.0.1" and form.settings().grace == 30.0
        field.value = "0.0.0.0"
        assert form.settings().bind == "0.0.0.0" and form.settings().grace == 30.0
