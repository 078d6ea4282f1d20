"""The setup forms by keys (issue 10, item 1): the first field has the first focus, so
Enter never starts a game (or hosts a table) unless Start is focused, and the focused
widget is plainly marked (not by colour alone)."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Select

from tui.app import TABLES
from tui.local_game import GAMES, RULES
from tui.screens.host_setup import HostSetupScreen
from tui.screens.local_setup import LocalSetupScreen
from tui.widgets.field_label import FieldLabel

from .helpers import SIZE, until
from .lan_helpers import app_for


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_games_form_starts_only_from_start_by_keys(game, tmp_path):
    """Each game chosen from the list by keys; Enter on a field does not start a game;
    Start, focused by Shift+Tab, does (issue 10 item 1)."""
    app = app_for(tmp_path, local_saves=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        form = app.screen
        assert isinstance(form, LocalSetupScreen)
        chooser = form.query_one("#game", Select)
        assert chooser.has_focus, "the game field has the first focus, not Start"
        await pilot.press("enter")  # opens the game's list: no game starts
        await pilot.press(*["down"] * list(GAMES).index(game), "enter")
        assert chooser.value == game and app.screen is form
        await pilot.press("tab", "enter", "escape")  # the next field: Enter opens it, no start
        assert app.screen is form
        for seat in range(2, RULES[game].min_seats):  # (Zestrea: 3 or more)
            form.query_one(f"#kind-{seat}", Select).value = "easy"
        await pilot.press("shift+tab", "shift+tab", "shift+tab")  # the game, Back, Start
        assert form.query_one("#start", Button).has_focus
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TABLES[game]), timeout=20)


async def test_the_focused_field_and_button_are_marked_not_by_colour_alone():
    """The focused field's label has ``▶``; the field is bold on a tinted background; a
    focused button is bold, reversed and underlined (issue 10 item 1: the mark was faint)."""
    from tui.app import ParlourApp

    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        form = app.screen
        seat = form.query_one("#kind-1", Select)
        current = seat.query_one("SelectCurrent")
        other = form.query_one("#kind-2", Select).query_one("SelectCurrent")

        def marked() -> set[str]:
            return {str(lb.render()) for lb in form.query(FieldLabel) if lb.has_class("-focused")}

        seat.focus()  # (the styles and marks follow the focus once the screen has settled)
        await until(pilot, lambda: current.styles.text_style.bold and marked() == {"▶ Player", "▶ 2"})
        assert current.styles.text_style.bold and not other.styles.text_style.bold
        assert current.styles.background != other.styles.background
        name = form.query_one("#name-1", Input)
        name.focus()
        await until(pilot, lambda: name.styles.text_style.bold)
        assert name.styles.text_style.bold
        start = form.query_one("#start", Button)
        start.focus()
        await until(pilot, lambda: start.styles.text_style.underline)
        style = start.styles.text_style
        assert style.bold and style.reverse and style.underline
        assert not form.query_one("#back", Button).styles.text_style.underline


async def test_the_host_form_gives_the_first_focus_to_the_game(tmp_path):
    """Enter on the opened host form chooses a game; it does not open a table (item 1)."""
    app = app_for(tmp_path, host_defaults={"bind": "127.0.0.1", "port": 0, "save": False})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        form = app.screen
        assert isinstance(form, HostSetupScreen)
        assert form.query_one("#host-game", Select).has_focus
        await pilot.press("enter", "down", "enter")
        assert form.query_one("#host-game", Select).value == list(GAMES)[1]
        assert app.screen is form and app.session is None and not form.starting


async def _enter_and_start(app, pilot) -> None:
    """Enter on an open list and ctrl+s pressed together: both keys queued before either
    is handled (player-tester 2, item 1)."""
    from textual import events

    app.post_message(events.Key("enter", "\r"))
    app.post_message(events.Key("ctrl+s", None))
    await pilot.pause()
    await pilot.pause()


async def test_ctrl_s_with_enter_on_the_game_list_takes_the_game_just_chosen(tmp_path):
    """Zestrea chosen by Enter with ctrl+s at once: the form refuses it for two seats, as
    after a pause, instead of starting the Zatre game shown before (player-tester 2,
    item 1); the fields are Zestrea's, and the refusal stays."""
    from textual.widgets import Static

    app = app_for(tmp_path, local_saves=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        form = app.screen
        await pilot.press("enter", *["down"] * list(GAMES).index("zestrea"))
        await _enter_and_start(app, pilot)
        assert app.screen is form, "no game started"
        assert form.query_one("#game", Select).value == "zestrea"
        error = str(form.query_one("#setup-error", Static).render())
        assert error == "✗ Zestrea needs 3 to 6 players: 2 seats are filled."
        assert not form.query_one("#profi", Select).display, "Zatre's Hints are gone"
        assert form.query_one("#kind-4", Select).display, "Zestrea's fifth seat is offered"


async def test_ctrl_s_with_enter_on_a_seat_list_seats_the_bot_just_chosen(tmp_path):
    """Estate with seat 2 just turned "Bot, strong" by Enter with ctrl+s at once: a
    two-player game starts, not the solo one, and the form kept has the bot (player-
    tester 2, item 1)."""
    app = app_for(tmp_path, local_saves=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        form = app.screen
        form.query_one("#game", Select).value = "estate"
        form.query_one("#kind-1", Select).value = "none"
        await pilot.pause()
        form.query_one("#kind-1", Select).focus()
        await pilot.press("enter", "up")  # from "(empty seat)" up to "Bot, strong"
        await _enter_and_start(app, pilot)
        assert app.screen is not form, "a game started"
        assert app.local_form.kinds[:2] == ("human", "strong")
        await until(pilot, lambda: app.table is not None)
        assert app.table.host.seats == 2


async def test_an_open_seat_list_is_framed_on_its_own_shade(tmp_path):
    """Player-tester 2, item 6: at 80x24 the open seat list looked like more seat rows;
    it is framed and on a shade of its own."""
    from textual.widgets._select import SelectOverlay

    app = app_for(tmp_path, local_saves=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        form = app.screen
        seat = form.query_one("#kind-2", Select)
        seat.focus()
        await pilot.press("enter")
        overlay = seat.query_one(SelectOverlay)
        assert seat.expanded and overlay.display
        assert overlay.styles.border_top[0] == "round" and overlay.styles.border_bottom[0] == "round"
        assert overlay.styles.background != form.styles.background
        assert overlay.styles.background.a > 0


@pytest.mark.parametrize("field, keys, chosen", [
    ("#host-game", ["down"] * list(GAMES).index("zestrea"), "zestrea"),
    ("#host-profi", ["down"], True),
])
async def test_ctrl_s_with_enter_on_a_host_form_list_hosts_with_the_entry_just_chosen(tmp_path, field, keys, chosen):
    """The host form, as the solo form (player-tester 2, item 1; tui-leftovers brief,
    item 4): an entry chosen by Enter with ctrl+s at once is what the table opens with,
    not the entry shown before: Zestrea rather than Zatre, hints hidden rather than
    shown. The table opens on 127.0.0.1, any free port (the app's host defaults)."""
    from tui.screens.lobby import LobbyScreen

    app = app_for(tmp_path, host_defaults={"bind": "127.0.0.1", "port": 0, "save": False, "advertise": False})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        form = app.screen
        assert isinstance(form, HostSetupScreen)
        form.query_one("#host-player", Input).value = "Ann"
        form.query_one(field, Select).focus()
        await pilot.press("enter", *keys)  # the list open, the entry highlighted: not yet chosen
        assert form.query_one(field, Select).value != chosen
        await _enter_and_start(app, pilot)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        hosted = app.session.hosted
        try:
            if field == "#host-game":
                assert app.session.link.game.name == hosted.table.game.name == "zestrea"
            else:
                assert app.session.link.game.name == "zatre"
                assert hosted.table.lobby.options.profi is True
        finally:
            await app.close_table()
