"""The host form's *Table name* follows *Your name* while the player has not typed one
of their own (tester 23, finding 10: it stayed "Root's table", made from the login
name, after *Your name* became "Hana"); a name typed for the table stays put, and so
does the name of the table just played."""

from __future__ import annotations

from textual.widgets import Input

from tui.lan import HostSettings
from tui.screens.host_setup import HostSetupScreen

from .helpers import until
from .lan_helpers import app_for

SMALL = (80, 24)


async def open_form(app, pilot, previous: HostSettings | None = None) -> HostSetupScreen:
    form = HostSetupScreen(previous)
    await app.push_screen(form)
    await until(pilot, lambda: form.is_mounted)
    await pilot.pause()
    return form


async def test_the_table_name_follows_your_name_until_one_is_typed(tmp_path, monkeypatch):
    monkeypatch.setattr("tui.screens.host_setup.default_player_name", lambda: "Root")
    app = app_for(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        form = await open_form(app, pilot)
        table, player = form.query_one("#host-table", Input), form.query_one("#host-player", Input)
        assert (table.value, player.value) == ("Root's table", "Root")
        player.focus()
        await pilot.press("ctrl+u", *"Hana")
        await until(pilot, lambda: table.value == "Hana's table")
        await pilot.press("backspace", "backspace", "backspace", "backspace")  # empty: left be
        await pilot.press(*"Ivo")
        await until(pilot, lambda: table.value == "Ivo's table")
        assert form.settings().table == "Ivo's table"
        table.focus()
        await pilot.press("ctrl+u", *"Friday")
        player.focus()
        await pilot.press("ctrl+u", *"Jo")
        await pilot.pause()
        assert table.value == "Friday" and form.settings().table == "Friday"


async def test_the_table_just_played_keeps_its_own_name(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        form = await open_form(app, pilot, HostSettings("Friday", "Ann"))
        form.query_one("#host-player", Input).value = "Bob"
        await pilot.pause()
        assert form.query_one("#host-table", Input).value == "Friday"
        form = await open_form(app, pilot, HostSettings("Ann's table", "Ann"))
        form.query_one("#host-player", Input).value = "Bob"
        await until(pilot, lambda: form.query_one("#host-table", Input).value == "Bob's table")
