"""``/end`` asks its host first (player-tester finding 7 of stop 20, left then): typed in
the chat in the middle of a game, it ended the game for everyone at once and for good.
Now the host is asked ("End the game for everyone now? ..."); "Play on" keeps the game
and says so, "End it" ends it. A line that is not ``/end``, and an ``/end`` the table
refuses (no game started), go as before."""

from __future__ import annotations

from tui.screens.chat import ChatScreen
from tui.screens.confirm import ConfirmScreen

from .helpers import SIZE, until
from .lan_helpers import app_for, host_session, hosted, hosting_duo, type_line


async def test_end_in_the_chat_asks_the_host_first(tmp_path):
    save = tmp_path / "friday.json"
    async with hosting_duo(tmp_path, save=save, grace=60) as (table, app, pilot, bob):
        session, screen = app.session, app.screen
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, ChatScreen))
        await type_line(pilot, "/END")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question == ("End the game for everyone now? Nobody can play on from "
                                       f"here.\nIt stays saved; parlour replay shows it:\n{save}")
        await pilot.press("n")  # play on
        await until(pilot, lambda: isinstance(app.screen, ChatScreen))
        await pilot.pause(0.2)
        assert not table.table.lobby.over and not screen.ended
        assert session.lines[-1].text == "The game goes on (not ended)."
        await type_line(pilot, "good luck")  # chat is not asked about
        await until(pilot, lambda: any(line.text == "good luck" for line in session.lines))
        assert isinstance(app.screen, ChatScreen)
        await type_line(pilot, "/end")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")  # end it
        await until(pilot, lambda: screen.ended)
        assert table.table.lobby.over
        assert session.end_question("/end") is None  # over: nothing more to ask
        await app.close_table()


async def test_end_before_the_start_is_not_asked_about(tmp_path):
    table = await hosted("Friday")
    app = app_for(tmp_path)
    try:
        async with app.run_test(size=SIZE):
            await app.start_session(await host_session(table, "Ann", app.tokens))
            assert app.session.end_question("/end") is None  # the table says why it refuses
            assert app.session.end_question("hello") is None
            await app.close_table()
    finally:
        await table.stop()
