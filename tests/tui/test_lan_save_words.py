"""The lobby tells the host where the game is saved only once it is: nothing is written
before ``/start`` (net/saves.py saves a game, not a lobby); a save that fails is said
at the table until one works (issue 8 §1)."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from tui.lan import Line, TokenStore
from tui.widgets.chat_log import LogEntry
from tui.widgets.message import TableMessage

from .helpers import SIZE, until
from .lan_helpers import app_for, host_session, hosted
from .test_lan_table import started


async def test_the_save_is_promised_in_the_lobby_and_told_at_the_start(tmp_path):
    save = tmp_path / "friday.json"
    table = await hosted(save=save)
    session = await host_session(table, "Ann", TokenStore(tmp_path / "tokens.json"))
    try:
        notices = lambda: [line.text for line in session.lines if str(save) in line.text]  # noqa: E731
        assert notices() == [f"The game will be saved once it starts, to:\n{save}"]
        assert not save.exists()
        await session.say("/join")
        await session.say("/bot add easy")
        await session.say("/start")
        for _ in range(200):
            if len(notices()) == 2:
                break
            await asyncio.sleep(0.01)
        assert notices()[1] == f"The game is saved (parlour host --resume FILE continues it), to:\n{save}"
        assert save.exists()
    finally:
        await session.close()


async def test_a_failed_save_shows_on_the_hosts_table_and_clears_when_a_save_works(tmp_path):
    folder = tmp_path / "saves"
    folder.write_text("a file where the saves folder should be")  # nothing can be saved there
    table = await hosted(save=folder / "friday.json")
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            game, bob = await started(pilot, app, table, tokens)
            message = game.query_one(TableMessage)
            await until(pilot, lambda: message.warning.startswith("The host could not save the game after move 0: "))
            assert message.warning.endswith("it will try again after the next move.")
            assert bob.lobby.save_problem == message.warning  # every player's table is told the same
            assert any("could not save" in line.text for line in app.session.lines)

            folder.unlink()  # the folder can be made now: the next move saves
            await until(pilot, lambda: game.my_turn)
            await pilot.press(*["1", "n", "enter"] * game.to_place, "c")
            await until(pilot, lambda: message.warning == "" and bob.lobby.save_problem == "")
            assert any(line.text == "The game is saved again (move 1)." for line in app.session.lines)
    finally:
        if bob is not None:
            await bob.close()
        await table.stop()


def test_the_save_path_has_a_line_of_its_own_broken_between_folders():
    """At 80x24 (a lobby log 39 cells wide) the path broke mid-name after "The game will
    be saved to": it has a line of its own, broken after a ``/``, the file name whole."""
    save = "/home/annabelle/.local/share/parlour/saves/Mon-20261205-231748.json"
    rows = [row.rstrip() for row in drawn(Line("notice", f"The game will be saved once it starts, to:\n{save}"), 39)]
    assert rows[-2:] == ["  /home/annabelle/.local/share/parlour/", "    saves/Mon-20261205-231748.json"]


def drawn(line: Line, width: int) -> list[str]:
    """``line`` as the lobby's log draws it ``width`` cells wide."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(LogEntry(line))
    return console.export_text().splitlines()
