"""Tester 7, finding 2: "Rejoining from the menu's Join screen makes you a spectator."
A player who dropped out of a LAN game and came back through the menu's Join screen
found the address empty and the name set to their login; seat tokens are kept by
address and name, so theirs was missed and they watched. The Join screen is now filled
in with the last join (a seat still held for this player first), and so is
`parlour join ADDRESS` without `--name`; a refused `/join N` says whose the seat is and
how to get it back (the words themselves: tests/net/test_tester7_seat_refusal.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tui.app import JoinForm
from tui.lan import TokenStore, default_player_name
from tui.screens.join import JoinScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.zatre.lan_table import LanTableScreen

from .helpers import SIZE, until
from .lan_helpers import app_for, guest, hosted, start_then_kill

NAME = "Jo"
assert default_player_name() != NAME  # else the old empty form would have found the seat too


def fields(screen: JoinScreen) -> tuple[str, str, str]:
    return tuple(screen.query_one(f"#join-{field}", Input).value  # type: ignore[return-value]
                 for field in ("address", "name", "code"))


async def join_from_the_menu(pilot, address: str, name: str) -> None:
    """The menu's Join, the address and name typed over whatever is there, Enter."""
    await pilot.press("j")
    await until(pilot, lambda: isinstance(pilot.app.screen, JoinScreen))
    pilot.app.screen.query_one("#join-name", Input).value = name
    pilot.app.screen.query_one("#join-address", Input).value = address
    pilot.app.screen.query_one("#join-address", Input).focus()
    await pilot.press("enter")


async def test_the_join_screen_is_filled_in_with_the_last_join(tmp_path):
    table = await hosted("Friday")
    try:
        first = app_for(tmp_path)  # (its TokenStore: tmp_path / "tokens.json", as every app_for's)
        async with first.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            assert fields(first.screen) == ("", default_player_name(), "")  # nothing joined yet
            await pilot.press("escape")
            await join_from_the_menu(pilot, table.join_address, NAME)
            await until(pilot, lambda: isinstance(first.screen, LobbyScreen))
            await pilot.press("escape", "y")  # leave the table: back to the menu
            await until(pilot, lambda: isinstance(first.screen, MenuScreen))
            await pilot.press("j")
            assert fields(first.screen) == (table.join_address, NAME, "")
            assert first.screen.query_one("#join-button").has_focus  # Enter joins it again

        again = app_for(tmp_path)  # Parlour restarted: remembered on disk
        async with again.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            assert fields(again.screen) == (table.join_address, NAME, "")
    finally:
        await table.stop()


@pytest.mark.parametrize("how", ["menu", "parlour join ADDRESS"])
async def test_a_dropped_player_joining_again_with_what_is_filled_in_retakes_the_seat(tmp_path, how):
    """Jo joins from the menu, sits, the game starts, Jo's terminal is killed; Jo's
    Parlour again, through the menu's Join (Enter on what is filled in) or
    `parlour join ADDRESS` without `--name`, gets seat and hand back: not a spectator."""
    table = await hosted("Friday", grace=60)
    ann = await guest(table, "Ann", host_key=table.host_key)
    first = app_for(tmp_path)
    try:
        async with first.run_test(size=SIZE) as pilot:
            await join_from_the_menu(pilot, table.join_address, NAME)
            await until(pilot, lambda: isinstance(first.screen, LobbyScreen))
            seat, hand = await start_then_kill(pilot, first, table, ann)

        form = JoinForm(table.join_address, auto=True) if how != "menu" else None  # (as __main__ makes it)
        again = app_for(tmp_path, join=form)  # the same tokens.json: the same machine
        async with again.run_test(size=SIZE) as pilot:
            if how == "menu":
                await pilot.press("j")
                assert fields(again.screen) == (table.join_address, NAME, "")
                await pilot.press("enter")
            await until(pilot, lambda: isinstance(again.screen, LanTableScreen) and again.screen.snap is not None)
            assert again.session.link.name == NAME
            assert again.screen.seat == seat and again.screen.view.hand == hand
            assert table.table.lobby.seats[seat].status == "here"
            await again.close_table()
    finally:
        await ann.close()
        await table.stop()


async def test_someone_else_asking_for_a_held_seat_is_told_whose_it_is_and_the_way_back(tmp_path):
    table = await hosted("Friday", grace=60)
    ann = await guest(table, "Ann", host_key=table.host_key)
    jo = await guest(table, NAME)
    app = app_for(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await ann.say("/join")
            await jo.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await ann.say("/start")
            await until(pilot, lambda: jo.has_snapshot)
            await jo.close()
            await app.open_join(JoinForm(table.join_address, "Bob", auto=True))
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen))
            await until(pilot, lambda: table.table.lobby.seats[1].status == "away")
            await app.session.say("/join 2")
            await until(pilot, lambda: app.session.lines[-1].kind == "error")
            assert app.session.lines[-1].text == (
                "Seat 2 is held for Jo, who dropped out; to retake it, join again as Jo from the "
                "machine Jo played on, or ask the host for /seat 2 Jo.")
            await app.close_table()
    finally:
        await ann.close()
        await table.stop()


def test_a_seat_still_held_is_offered_before_a_later_join(tmp_path):
    """The newest join whose seat token is still kept comes first; once the token is
    gone (the game over), the newest join; `parlour join ADDRESS` looks only at joins
    to that table (however its address was typed)."""
    tokens = TokenStore(tmp_path / "tokens.json")
    assert tokens.last_join() is None
    tokens.joined("10.0.0.9:7531", NAME)
    key = TokenStore.key("ws://10.0.0.9:7531", NAME)
    tokens.put(key, "seat-token", "Friday")
    tokens.joined("relay.example:7532", "Bob", "k7qx2m")  # watched another table since
    assert tokens.last_join() == ("10.0.0.9:7531", NAME, "")
    assert tokens.last_join("ws://relay.example:7532") == ("relay.example:7532", "Bob", "K7QX2M")
    tokens.drop(key)
    assert tokens.last_join() == ("relay.example:7532", "Bob", "K7QX2M")
    assert tokens.get("ws://relay.example:7532 #K7QX2M bob") is None  # joins are not tokens
