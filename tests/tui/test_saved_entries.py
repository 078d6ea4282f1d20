"""The saved games' entries (the menu's and its lists'): a hosted game says where it was
hosted (the LAN, or which relay), players are cut by one rule (no space before ``…``),
and the lists fit their entries to the width they have, so a wide screen shows more."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual.widgets import OptionList

from net.saves import SavedGame
from tui.app import ParlourApp
from tui.screens.menu import ENTRY_CELLS, MenuScreen, continue_text, hosted_text
from tui.screens.saved_games import HOSTED_TITLE, SavedGamesScreen

from .helpers import until

RELAY = "ws://relay.example:7749"


def hosted(relay: str | None = None, names=("Ann", "Bob", "Eve"), bots=(None, None, None)) -> SavedGame:
    return SavedGame(Path("Friday.json"), "Zatre", tuple(names), tuple(bots), 12, 0.0, False,
                     "Friday", "zatre", relay)


def test_a_game_hosted_through_a_relay_says_which_relay():
    assert hosted_text(hosted()).endswith(" · hosted (LAN)")
    wide = hosted_text(hosted(RELAY), 110)
    assert wide.endswith(f" · hosted (relay {RELAY})") and "Ann, Bob, Eve" in wide
    narrow = hosted_text(hosted(RELAY))
    assert narrow.endswith(" · hosted through a relay") and cell_len(narrow) <= ENTRY_CELLS


def test_players_are_cut_without_a_space_before_the_ellipsis():
    for cut in range(ENTRY_CELLS - 10, ENTRY_CELLS + 10):
        game = hosted(names=("Ann", "Easy bot", "Easy bot 2"), bots=(None, "easy", "easy"))
        text = continue_text(game, cut)
        assert cell_len(text) <= cut and " …" not in text, text


async def test_the_hosted_list_uses_a_wide_screens_width():
    games = [hosted(RELAY, names=("Ann", "Bob", "Eve", "Easy bot"),
                    bots=(None, None, None, "easy"))]
    for size, whole in (((80, 24), False), ((120, 32), True)):
        app = ParlourApp(pace=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            app.push_screen(SavedGamesScreen(games, hosted_text, HOSTED_TITLE))
            await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen) and app.screen.cells is not None)
            options = app.screen.query_one(OptionList)
            entry = str(options.get_option_at_index(0).prompt)
            assert cell_len(entry) <= options.scrollable_content_region.width
            assert ("Ann, Bob, Eve, Easy bot ·" in entry) == whole, entry
            assert entry.endswith(f"hosted (relay {RELAY})" if whole else "hosted through a relay"), entry
