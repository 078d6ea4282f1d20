"""Estate's Do list is quick to scan and to cross (player-tester 21, finding 10: at 100x30
about six rows of long, wrapped entries; "Expand: Farmer" some twenty presses of ↓ below
ten Gather entries; End went to the bottom but nothing said so)."""

from __future__ import annotations

from rules.estate.state import Gather
from tui.app import ParlourApp
from tui.estate.do_list import GROUP_KEYS, group_of
from tui.estate.table import CONVERT
from tui.widgets.do_list import CHOOSE_TEXT

from .estate_helpers import SMALL, estate_game, start
from .helpers import until
from .test_estate_polish import to_first_turn


def listed(table) -> tuple:
    """The table's entries where the Do list shows them: below its top line, "Choose
    with ↑↓, then Enter" (``None`` here), where it has one."""
    return (None,) * table.query_one("#e-actions").choose_line + table._entries


def shown_rows(actions) -> list[str]:
    """The Do list's rows as the player sees them."""
    return [actions.render_line(y).text.rstrip(" ▁▂▃▄▅▆▇█") for y in range(actions.size.height)]


async def test_each_entry_that_can_be_done_takes_one_line():
    """Finding 10: at 80x24 the first worker turn's list shows six entries in its six
    rows (Produce, Draw, Gathers), each on one line, a long one cut with "…" (the Now
    panel says the whole of the highlighted one)."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game())
        await to_first_turn(pilot, table)
        actions = table.query_one("#e-actions")
        await pilot.press("home")
        await pilot.pause()
        texts = [str(o.prompt) for o in actions.options]
        rows = shown_rows(actions)
        assert len(rows) == 6 and all(not isinstance(e, tuple) for e in listed(table)[:6])
        assert any(isinstance(e, Gather) for e in listed(table)[:6])
        for row, text in zip(rows, texts):
            assert text.startswith(row.strip().rstrip("…")), (row, text)
        cut = [r for r, t in zip(rows, texts) if len(t) > actions.scrollable_content_region.width - 2
               and t != CHOOSE_TEXT]  # (the top line fits)
        assert cut and all(r.strip().endswith("…") for r in cut)


def group_starts(entries: tuple) -> list[int]:
    """Where each run of one kind of action starts (the greyed ✗ lines one run)."""
    starts, last = [], None
    for i, e in enumerate(entries):
        if group_of(e) != last:
            starts.append(i)
            last = group_of(e)
    return starts


async def test_page_keys_jump_from_group_to_group_and_the_border_says_so():
    """Finding 10: PageDown goes to the next kind of action's first entry (from Produce
    through Draw to the first Gather, past every Gather to what follows them), PageUp
    back to the start of the group or the one before; the list's lower border names
    the keys, with Home and End."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game())
        await to_first_turn(pilot, table)
        actions = table.query_one("#e-actions")
        assert str(actions.border_subtitle) == GROUP_KEYS
        entries = listed(table)
        starts = group_starts(entries)
        gathers = [i for i, e in enumerate(entries) if isinstance(e, Gather)]
        assert len(gathers) >= 8 and gathers[0] in starts and gathers[-1] + 1 < len(entries)
        await pilot.press("home")
        passed = [actions.highlighted]
        for _ in starts[1:]:
            await pilot.press("pagedown")
            passed.append(actions.highlighted)
        assert passed == starts  # one press per group: the Gathers are crossed in one
        assert entries[passed[-1]] == CONVERT
        await pilot.press("pagedown")  # (the last group: the last entry stays highlighted)
        assert entries[actions.highlighted] == CONVERT
        at = starts.index(gathers[0])
        await pilot.press("home", *["pagedown"] * at, "down", "down", "pageup")
        assert actions.highlighted == gathers[0]  # back to the first Gather
        await pilot.press("pageup")
        assert actions.highlighted == starts[at - 1]
        await pilot.press("end", "home")
        assert actions.highlighted == 0


async def test_a_wider_taller_terminal_gives_the_do_list_more_room():
    """Finding 10: at 100x30 the Do list had the 6 rows and 30 columns of 80x24; now its
    height grows with the Now panel's and its column with the terminal."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await start(pilot, estate_game())
        await to_first_turn(pilot, table)
        await until(pilot, lambda: table.query_one("#e-actions").size.height > 0)
        actions = table.query_one("#e-actions")
        assert actions.size.height >= 9 and actions.size.width > 30
        assert len([r for r in shown_rows(actions) if r.strip()]) >= 9


async def test_a_greyed_card_takes_one_line_and_its_why_is_read_in_now():
    """Player-test 22: a greyed "✗ card: short of …" line wrapped to two or three rows at
    80x24, pushed the doable entries down and could not be highlighted, so nothing showed
    its why whole (below the list's end, ↓ never reached it). Now each greyed card takes
    one row, cut with "…"; ↑↓ stop on it, Now says its whole why and what the card is,
    the footer says "⏎ Why not", and Enter there sends nothing and says why."""
    from tui.estate import words
    from tui.estate.convert import useful

    from .helpers import shown
    from .test_estate_polish import WAR_SEED, SeatChoice

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), SeatChoice("Ada", "easy"), seed=WAR_SEED))
        await to_first_turn(pilot, table)
        actions = table.query_one("#e-actions")
        entries = listed(table)
        greyed = [i for i, e in enumerate(entries) if isinstance(e, tuple)]
        assert greyed and actions.virtual_size.height == len(entries)  # one row each
        legal = useful(table.snap.legal_actions)
        why = {i: words.why_not(table.view, table.snap.seat, entries[i][1], legal) for i in greyed}
        long = [i for i in greyed if len(f"✗ {words.card_name(entries[i][1])}: {why[i]}")
                > actions.scrollable_content_region.width - 2]
        assert long, why  # (a line that wrapped before)
        await pilot.press("home", *["down"] * long[0])
        assert actions.highlighted == long[0] and actions.highlighted_action() is None
        row = actions.highlighted - actions.scroll_offset.y
        assert shown_rows(actions)[row].strip().startswith("✗") and shown_rows(actions)[row].strip().endswith("…")
        await pilot.pause(0.2)
        now = " ".join(shown(table.query_one("#e-now")).split())
        assert f"You cannot Expand {words.card_name(entries[long[0]][1])} now: {why[long[0]]}." in now
        assert table.active_bindings["enter"].binding.description == "Why not"
        version = table.snap.version
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert table.snap.version == version and table._error.startswith("Nothing done.")
        assert why[long[0]] in table._error
        await pilot.press("home")  # the top line, "Choose with ↑↓, then Enter"
        assert table.active_bindings["enter"].binding.description == "Choose"
        await pilot.press("down")
        assert table.active_bindings["enter"].binding.description == "Do it"
