"""The menu: every entry opens what it says, and Escape comes back."""

from __future__ import annotations

from textual.widgets import OptionList

from tui.__main__ import parse_args
from tui.app import ParlourApp
from tui.screens.local_setup import LocalSetupScreen, parse_setup
from tui.screens.menu import MenuScreen
from tui.screens.host_setup import HostSetupScreen
from tui.screens.join import JoinScreen
from tui.screens.rules import RulesScreen

from .helpers import SIZE, shown


async def test_menu_keys_open_each_screen_and_escape_returns():
    app = ParlourApp(pace=0, discovery=None)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("h")
        assert isinstance(app.screen, HostSetupScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("j")
        assert isinstance(app.screen, JoinScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s")
        assert isinstance(app.screen, LocalSetupScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_menu_arrow_keys_and_enter():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one(OptionList)
        assert options.has_focus
        await pilot.press("down", "down", "down", "enter")  # the fourth entry: Rules of Zatre
        assert isinstance(app.screen, RulesScreen) and app.screen.package == "tui.zatre"
        await pilot.press("q")
        await pilot.press("down", "enter")  # the fifth: the card game's rules
        assert isinstance(app.screen, RulesScreen) and app.screen.package == "tui.zatre_cards"
        await pilot.press("q")
        await pilot.press("down", "enter")  # the sixth: Zestrea's rules (issue 9)
        assert isinstance(app.screen, RulesScreen) and app.screen.package == "tui.zestrea"
        await pilot.press("q")
        await pilot.press("down", "enter")  # the seventh: Estate's rules (issue 10)
        assert isinstance(app.screen, RulesScreen) and app.screen.package == "tui.estate"
        await pilot.press("q")
        await pilot.press("down", "enter")  # Quit
        await pilot.pause()
    assert app.return_code == 0


async def test_menu_reaches_each_games_rules_by_keys():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for key, package, words in (("r", "tui.zatre", "light cell"),
                                    ("c", "tui.zatre_cards", "Kartenspiel")):
            await pilot.press(key)
            assert isinstance(app.screen, RulesScreen) and app.screen.package == package
            assert words in shown(app.screen.query_one("#rules-text"))
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
        keys = {binding.key for _, binding, enabled, _ in app.screen.active_bindings.values()
                if binding.show and enabled}
        assert {"r", "c"} <= keys, "both shown in the footer"


def test_setup_form_is_checked_before_a_game_starts():
    game = parse_setup(["human", "strong", "none", "easy"], ["You", "Ada", "", "Cleo"], True, "42", 0.0)
    assert [s.name for s in game.seats] == ["You", "Ada", "Cleo"]
    assert [s.bot for s in game.seats] == [None, "strong", "easy"]
    assert game.profi and game.seed == 42 and game.humans == 1
    for kinds, names, seed, words in [
        (["human", "none", "none", "none"], ["You", "", "", ""], "", "2 to 4"),
        (["human", "easy", "none", "none"], ["You", " ", "", ""], "", "name"),
        (["human", "human", "none", "none"], ["Al", "al", "", ""], "", "same name"),
        (["human", "easy", "none", "none"], ["Al", "Bo", "", ""], "x1", "seed"),
    ]:
        try:
            parse_setup(kinds, names, False, seed, 0.0)
        except ValueError as err:
            assert words in str(err)
        else:
            raise AssertionError(f"accepted {kinds} {names} {seed!r}")


def test_command_line():
    assert parse_args([]).pace > 0
    assert parse_args(["--pace", "0"]).pace == 0
    assert parse_args(["menu"]).command == "menu"
    assert parse_args(["join", "--pace", "10"]).pace == 10


def test_pace_must_be_a_finite_sane_number(capsys):
    import pytest

    for argv in (["--pace", "inf"], ["--pace", "nan"], ["--pace", "-1"], ["--pace", "11"],
                 ["join", "--pace", "inf"], ["--pace", "soon"]):
        with pytest.raises(SystemExit) as exit:
            parse_args(argv)
        assert exit.value.code == 2
        assert "--pace" in capsys.readouterr().err, argv


async def test_three_continue_entries_keep_their_time_on_one_line_at_80_columns():
    """Player-tester findings on Estate, item 15: with three games to continue (the list
    scrolls) an Estate entry read "move 102 · 01 Dec", its time on a hidden second line."""
    import time
    from pathlib import Path

    from net.saves import SavedGame

    saved = [SavedGame(Path(f"g{i}.json"), "Estate: Raise the Realm", ("You", "Ada", "Ben"),
                       (None, "strong", "easy"), 102, time.time(), False) for i in range(3)]
    app = ParlourApp(pace=0, discovery=None)
    app.saved_local_games = lambda problems=None: saved
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        when = time.strftime("%d %b %H:%M", time.localtime(saved[0].saved_at))
        lines = [menu.render_line(y).text for y in range(menu.size.height)]
        assert sum(1 for line in lines if line.strip().endswith(f"· move 102 · {when}")) == 3
