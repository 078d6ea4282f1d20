"""The Zestrea table at 80x24 by keys (a player-tester's report at the Zestrea table,
items 1-6): the Now panel back at its top when what it shows changes in kind, Enter
only in the Do list and focus shown without colour, the log reachable by Tab, the
header whole at 80 columns, ``p`` with nothing to pass explained, your estate first."""

from __future__ import annotations

from rules.zestrea.state import Pass, PassWindow
from tui.app import ParlourApp
from tui.local_game import SeatChoice
from tui.zestrea import words

from .helpers import shown, until
from .zestrea_helpers import SMALL, play_step, start, waiting_for_keys, zestrea_game


async def test_the_now_panel_goes_back_to_its_top_when_it_changes_in_kind(tmp_path):
    """Item 1: scrolled down, the Now panel shows a new auction, window, prompt, Time
    card or step from its first line."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    seats = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"), SeatChoice("Cleo", "strong"))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*seats, seed=7))
        box = table.query_one("#z-now-box")
        checked, kind = 0, None
        for _ in range(300):
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            if table.snap.over:
                break
            await pilot.pause()
            now = _kind(table.view)
            if now != kind and box.max_scroll_y > 0 and kind is not None:
                assert box.scroll_y == 0, (kind, now)
                checked += 1
                if checked >= 2:
                    break
            kind = now
            box.scroll_end(animate=False, immediate=True)
            await pilot.pause()
            await play_step(pilot, table, [])
        assert checked


def _kind(view) -> tuple:
    """What the Now panel shows, in kind (item 1's list)."""
    w = view.window
    return (view.turn, view.phase, view.time_card, view.auction.card if view.auction else None,
            (w.stays, w.moves, w.attempt) if w else None, view.my_prompt.kind if view.my_prompt else None)


async def test_enter_acts_only_in_the_do_list_and_focus_shows_without_colour(tmp_path):
    """Item 2: on Estates, Enter does not run the Do list's highlighted entry (it moves
    focus there); the focused panel's title starts with ▶ and its border is double;
    the line under the table names Tab."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table) and not table.snap.over)
        actions = table.query_one("#z-actions")
        assert actions.has_focus and actions.border_title.startswith("▶")
        assert "Tab" in shown(table.query_one("#message"))
        estates = table.query_one("#z-estates-box")
        estates.focus()  # (Tab gets there too; the panels' order is not what this checks)
        await pilot.pause()
        assert estates.has_focus
        assert estates.border_title.startswith("▶") and not actions.border_title.startswith("▶")
        assert estates.styles.border_top[0] == "double"
        sent = []  # the bots act at once too, so watch what this table sends, not the version
        send = table._send
        table._send = lambda action: (sent.append(action), send(action))[1]
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert sent == [] and not table.busy  # nothing was sent
        assert actions.has_focus


async def test_the_log_is_reached_by_tab_and_grows(tmp_path):
    """Item 3: Tab reaches the log; focused, it takes the Do list's room and scrolls."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table) and not table.snap.over)
        log = table.query_one("#z-log-box")
        small = log.size.height
        await pilot.press("tab")
        await pilot.pause()
        assert log.has_focus and log.border_title.startswith("▶")
        assert log.size.height > small + 3
        assert not table.query_one("#z-actions").display or table.query_one("#z-actions").size.height == 0


async def test_the_header_fits_80_columns_with_its_step(tmp_path):
    """Item 4: the step is whole on the top line at 80 columns in every step seen."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        seen = set()
        for _ in range(80):
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            if table.snap.over:
                break
            status = table.query_one("#z-status")
            await until(pilot, lambda: status.size.width >= 78)  # laid out across the screen
            top = shown(status).strip()
            turn = f"turn {table.view.turn}" + (" (final)" if table.view.final_turn else "")
            step = words.PHASE_WORDS[table.view.phase]
            assert len(top) <= 78, top
            assert top.endswith(f"{turn} · {step}") or top.endswith(f"{turn} · {step.split(' and ')[0]}"), top
            seen.add(table.view.phase)
            if "negotiation" in seen:
                break
            await play_step(pilot, table, [])
        assert "negotiation" in seen


async def test_p_with_nothing_to_pass_says_why(tmp_path):
    """Item 5: ``p`` where no pass is legal (its footer key hidden) gives a message."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        for _ in range(50):
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            if table._listed(Pass, PassWindow) is None:
                break
            await play_step(pilot, table, [])
        assert table.check_action("pass_", ()) is False
        await pilot.press("p")
        await pilot.pause()
        assert "Nothing to pass" in shown(table.query_one("#message"))


async def test_your_estate_comes_first(tmp_path):
    """Item 6: sitting in seat 2, your estate is the Estates panel's first line."""
    seats = (SeatChoice("Ada", "easy"), SeatChoice("You"), SeatChoice("Ben", "easy"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*seats, seed=2))
        await until(pilot, lambda: table.snap.seat == 1)
        first = shown(table.query_one("#z-estates")).splitlines()[0]
        assert first.startswith("▶") and "(you)" in first
