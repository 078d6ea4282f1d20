"""What every table shares lives in tui/screens and imports no game's folder (design.md
"tui/"; issue 10 item 5): the table's finished-game headline comes from the game's own
results screen (its ``headline_of``), the same words its title shows."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tui
from tui.app import LAN_TABLES, TABLES
from tui.screens.game_table import GameTableScreen
from tui.screens.results import ResultsScreen

GAME_FOLDERS = {"zatre", "zatre_cards", "zestrea", "estate"}


def test_no_shared_screen_imports_a_game_folder():
    screens = Path(tui.__file__).parent / "screens"
    for path in sorted(screens.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                parts = (node.module or "").split(".")
                assert not GAME_FOLDERS & set(parts), f"{path.name} imports {node.module}"


@pytest.mark.parametrize("table", [*TABLES.values(), *LAN_TABLES.values()], ids=lambda t: t.__name__)
def test_each_table_has_its_games_headline_hook(table):
    assert issubclass(table.results_screen, ResultsScreen)
    assert table.results_screen.headline_of is not ResultsScreen.headline_of, table.__name__
    assert table._headline is GameTableScreen._headline  # (no copy of its own)
