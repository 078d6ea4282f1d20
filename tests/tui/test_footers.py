"""Footers true to what may be done now (player-tester findings on Estate, item 11):
the Leave and Convert dialogs show their own keys (y/n, Esc), not the table's ("⏎ Do
it c Convert ...") under them."""

from __future__ import annotations

from rules.estate.state import Convert
from textual.widgets import Footer

from tui.app import ParlourApp
from tui.estate.convert import ConvertScreen
from tui.screens.confirm import ConfirmScreen

from .estate_helpers import SMALL, estate_game, ready, start
from .helpers import until


def footer_keys(screen) -> set[str]:
    """The keys the footer of ``screen`` shows."""
    return {key for key, active in screen.active_bindings.items() if active.binding.show}


async def test_the_leave_and_convert_dialogs_show_their_own_keys():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(seed=2))
        await until(pilot, lambda: ready(app, table), timeout=20)
        assert "enter" in footer_keys(table)  # (the Do list's ⏎ Do it, on your turn)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        dialog = app.screen
        await pilot.pause()
        assert dialog.query(Footer)  # its own footer, over the table's
        keys = footer_keys(dialog)
        assert {"y", "n"} <= keys and not keys & {"enter", "c", "e", "h"}
        await pilot.press("n")
        await until(pilot, lambda: app.screen is table)

        app.push_screen(ConvertScreen([Convert(("S", "W", "G"), "I")], "I0 S1 W1 G1"))
        await until(pilot, lambda: isinstance(app.screen, ConvertScreen))
        await pilot.pause()
        convert = app.screen
        assert convert.query(Footer)
        keys = footer_keys(convert)
        assert "escape" in keys and not keys & {"c", "e", "h", "q"}
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
