"""The log can be read at 80×24 (player-tester findings on Estate, item 8: the Estate
log showed two lines and did not grow when focused; after each round of bots one had
to Tab in and scroll to learn what they did). Estate's focused log takes the Do list's
room; ``L`` opens the whole log over any table, the latest line in sight."""

from __future__ import annotations

from tui.app import ParlourApp
from tui.screens.whole_log import WholeLogScreen

from .estate_helpers import SMALL, estate_game, ready, start
from .helpers import solo, start as start_zatre, until


async def test_the_focused_estate_log_grows_and_l_opens_the_whole_log():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(seed=2))
        await until(pilot, lambda: ready(app, table), timeout=20)
        while not table._log:  # something to read (the first entry, below "Choose with ↑↓, then Enter")
            await pilot.press(*["down"] * table.query_one("#e-actions").choosing(), "enter")
            await until(pilot, lambda: ready(app, table), timeout=20)
        log_box = table.query_one("#e-log-box")
        small = log_box.size.height
        assert small <= 2  # two lines of log at 80×24 (the tester's finding)
        log_box.focus()
        await pilot.pause()
        await pilot.pause()
        assert log_box.size.height >= 3 * small + 4 and not table.query_one("#e-actions").display
        table.query_one("#e-actions").focus()  # back in Do: the list is there again
        await pilot.pause()
        assert table.query_one("#e-actions").display and log_box.size.height == small

        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        whole = app.screen
        assert whole.lines == tuple(table._log) and whole.lines
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)


async def test_l_opens_the_whole_move_log_at_a_zatre_table():
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_zatre(pilot, solo())
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        from tui.widgets.movelog import MoveLog

        assert app.screen.lines == table.query_one(MoveLog).entries
        assert "L: all of it" in str(table.query_one(MoveLog).border_title)
        await pilot.press("L")
        await until(pilot, lambda: app.screen is table)
