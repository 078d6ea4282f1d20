"""The menu's footer and its ``d`` (player-tester findings on issue 9, item 11): a key
for the rules of every game (Estate included) shows in the footer at 80 columns, and ``d`` with no
Continue entry highlighted says what it needs."""

from __future__ import annotations

from textual.widgets._footer import FooterKey, FooterLabel

from tui.app import ParlourApp
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen

from .helpers import until


async def test_the_footer_has_a_key_for_each_games_rules_at_80_columns(tmp_path):
    app = ParlourApp(pace=0, discovery=None, local_saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        def laid_out() -> bool:  # the footer is laid out a refresh after the menu
            keys = {k.key: k for k in app.screen.query(FooterKey)}
            return all(key in keys and keys[key].region.width for key in "rcze")

        await until(pilot, laid_out)
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        for key in "rcze":
            assert key in keys and 0 < keys[key].region.width and keys[key].region.right <= 80
        assert "Rules" in " ".join(str(label.render()) for label in app.screen.query(FooterLabel))
        entries = [str(o.prompt) for o in app.screen.query_one("#menu-options").options]
        assert any("Zestrea" in e and "(z)" in e for e in entries)
        await pilot.press("z")
        assert isinstance(app.screen, RulesScreen)


async def test_d_says_what_it_needs_without_a_continue_entry(tmp_path):
    app = ParlourApp(pace=0, discovery=None, local_saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("d")
        await until(pilot, lambda: any("discards an unfinished game" in str(n.message)
                                       for n in app._notifications))
