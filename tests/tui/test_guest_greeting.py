"""A guest's chat says where they are and what to type (found playing, stop 21): the
host's chat opened with where players join and where the game is saved, a guest's with
nothing at all. Now its first line names the table and the game and says what to type:
``/join`` for a seat when the game has not started, only ``/help`` once they are seated or
watching a game under way."""

from __future__ import annotations

from net.protocol import LobbyState
from tui.lan import TokenStore, guest_greeting, join_table

from .helpers import SIZE, until
from .lan_helpers import LINK, app_for, host_session, hosted


async def test_a_guest_who_joins_a_table_is_told_where_and_what_to_type(tmp_path):
    table = await hosted("Friday", seed=1)
    ann = await host_session(table, "Ann", TokenStore(tmp_path / "ann-tokens.json"))
    app = app_for(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Bob", tokens=app.tokens, **LINK))
            await until(pilot, lambda: app.session is not None and app.session.lines)
            assert app.session.lines[0].kind == "notice"
            assert app.session.lines[0].text == (
                "You joined Friday (Zatre). /join takes a seat; /help lists the commands.")
            await app.close_table()
    finally:
        await ann.close()
        await table.stop()


def _lobby(started: bool) -> LobbyState:
    return LobbyState(table="Friday", game="zatre", title="Zatre", host="Ann", min_seats=2, max_seats=4,
                      seat_counts=(2, 3, 4), variants={}, seats=(), spectators=(), options={},
                      started=started, over=False, code_needed=False, save_problem="")


def test_the_greeting_follows_the_seat_and_the_game():
    assert guest_greeting(_lobby(False), 1) == "You are at Friday (Zatre), in seat 2. /help lists the commands."
    assert guest_greeting(_lobby(True), 0) == (
        "You are back at Friday (Zatre), in seat 1. /help lists the commands.")
    assert guest_greeting(_lobby(True), None) == (
        "You joined Friday (Zatre) to watch: its game is under way. /help lists the commands.")
    assert guest_greeting(None, None) == "/help lists the commands."
