"""A file in the way of Parlour's data or saves folder (player-tester 6, finding 7:
Parlour died at start with a traceback, ``FileExistsError`` from the menu listing the
saved games). The menu opens and says games cannot be saved, and why; a solo game
still plays (its failed save is said at the table, as tests/tui/test_local_saves.py
checks)."""

from __future__ import annotations

import pytest

from net.saves import folder_problem, local_saves_dir
from tui.app import ParlourApp
from tui.screens.menu import MenuScreen
from tui.zatre.table import TableScreen

from .helpers import SIZE, solo, start


@pytest.mark.parametrize("in_the_way", ["parlour", "parlour/saves", "parlour/saves/local"])
async def test_a_file_in_the_way_of_the_saves_folder_is_said_at_the_menu(tmp_path, monkeypatch, in_the_way):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    blocked = tmp_path / in_the_way
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file where a folder should be")
    assert local_saves_dir() == tmp_path / "parlour" / "saves" / "local" and not local_saves_dir().is_dir()
    assert folder_problem(local_saves_dir()) == f"a file is in the way of the folder {blocked}"
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        text = str(menu.query_one("#menu-problems").render())
        assert text.startswith("⚠ Games cannot be saved: a file is in the way of the folder ") and str(blocked) in text
        table = await start(pilot, solo())
        assert isinstance(table, TableScreen)
    assert blocked.is_file()  # the player's file is left as it was


def test_a_missing_saves_folder_is_no_problem(tmp_path):
    assert folder_problem(tmp_path / "parlour" / "saves" / "local") is None
