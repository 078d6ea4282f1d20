"""The Zatre table driven by real key presses against a real local host and bot."""

from __future__ import annotations

from textual.widgets import Button, Select

from rules.zatre.placement import check_partial
from rules.zatre.state import Placement, PlaceTiles
from tui.app import ParlourApp
from tui.screens.local_setup import LocalSetupScreen
from tui.screens.rules import RulesScreen
from tui.zatre.board import ZatreBoard
from tui.zatre.hand import HandTiles
from tui.widgets.message import TableMessage
from tui.zatre.scores import ScoreStrip
from tui.zatre.sheet import ScoreSheet
from tui.zatre.status import TurnStatus
from tui.zatre.table import TableScreen

from .helpers import BOT_FIRST_SEED, SIZE, shown, solo, start, until, walk_to


async def lay_hinted_turn(pilot, table: TableScreen) -> tuple[Placement, ...]:
    """Lay a whole legal turn with keys: choose tile 1, walk to a hinted cell, Enter."""
    board = table.query_one(ZatreBoard)
    for _ in range(table.to_place):
        await pilot.press("1")
        assert board.hints, "hints show where the chosen tile may go"
        await walk_to(pilot, table, min(board.hints))
        await pilot.press("enter")
    return table.pending


async def test_start_a_solo_game_from_the_menu():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, LocalSetupScreen)
        # issue 10 item 1: the first field has the first focus, not Start (two testers
        # started a game they did not mean to with Enter): Enter opens the game's list
        assert app.screen.query_one("#game", Select).has_focus
        await pilot.press("enter", "escape")
        assert isinstance(app.screen, LocalSetupScreen)
        await pilot.press("shift+tab", "shift+tab")  # Back, then Start: Enter starts
        assert app.screen.query_one("#start", Button).has_focus
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await until(pilot, lambda: table.my_turn)
        assert table.seat == 0
        assert table.query_one(HandTiles).tiles == table.view.hand
        assert "your turn" in table._turn_text()


async def test_play_a_turn_with_keys_and_see_board_and_sheet():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        board = table.query_one(ZatreBoard)
        assert table.view.first_move and len(table.view.hand) == 3
        laid = await lay_hinted_turn(pilot, table)
        assert len(laid) == 3
        assert board.pending == laid, "tiles laid this turn show as pending"
        assert table.query_one(HandTiles).tiles == ()
        await pilot.press("c")
        await until(pilot, lambda: table.view.log and table.view.log[0].seat == 0 and not table.pending)
        record = table.view.log[0]
        assert set(record.placements) == set(laid)
        for p in laid:
            assert board.tiles[p.cell] == p.tile
        sheet = table.query_one(ScoreSheet)
        assert sheet.sheet == table.view.sheets[0]
        you = table.query_one(ScoreStrip).lines[0]
        assert you.total == table.view.sheets[0].total() and you.you
        # the bot answers, and it is our turn again
        await until(pilot, lambda: table.my_turn and len(table.view.log) >= 2)
        assert table.view.log[1].seat == 1


async def test_illegal_placement_is_refused_with_the_rule():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        message = table.query_one(TableMessage)
        await pilot.press("1", "up", "up", "enter")  # first move, but not on the red cell
        assert table.pending == ()
        assert message.kind == "error"
        assert "red cell" in message.text
        await pilot.press("down", "down", "enter")  # on the red cell: fine
        assert len(table.pending) == 1
        assert message.kind == "info"
        await pilot.press("1")
        await walk_to(pilot, table, (2, 2))  # far from every tile
        await pilot.press("enter")
        assert len(table.pending) == 1
        assert message.kind == "error" and "next to a tile" in message.text


async def test_line_over_twelve_is_refused():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(seed=2))  # hand 6 6 1
        assert sorted(table.view.hand) == [1, 6, 6]
        six = table.hand_left.index(6)
        await pilot.press(str(six + 1), "enter")
        six = table.hand_left.index(6)
        await pilot.press(str(six + 1), "right", "enter")
        six = table.hand_left.index(1)
        await pilot.press(str(six + 1), "right", "enter")  # 6 6 1 = 13
        message = table.query_one(TableMessage)
        assert len(table.pending) == 2
        assert message.kind == "error" and "13 or more" in message.text


async def test_take_back_returns_the_tile_to_the_hand():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        hand = table.query_one(HandTiles)
        before = hand.tiles
        await pilot.press("1", "enter")
        assert len(table.pending) == 1 and len(hand.tiles) == len(before) - 1
        await pilot.press("u")
        assert table.pending == () and sorted(hand.tiles) == sorted(before)
        assert table.query_one(ZatreBoard).pending == ()
        await pilot.press("1", "enter", "backspace")
        assert table.pending == ()


async def test_host_refusal_on_confirm_shows_the_reason():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        await pilot.press("1", "enter", "c")  # one tile of three: the host says why not
        message = table.query_one(TableMessage)
        await until(pilot, lambda: message.kind == "error")
        assert "as many tiles as possible" in message.text
        assert len(table.pending) == 1 and table.my_turn


async def test_profi_hides_the_hints():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(profi=True))
        await pilot.press("1")
        assert table.query_one(ZatreBoard).hints == frozenset()
        await pilot.press("enter")  # the red cell: still a legal placement
        assert len(table.pending) == 1


async def test_rules_screen_round_trip_keeps_the_game():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        await pilot.press("1", "enter", "right")
        pending, cursor = table.pending, table.cursor
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("down", "pagedown", "escape")
        assert app.screen is table
        assert table.pending == pending and table.cursor == cursor
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert app.screen is table and table.query_one(ZatreBoard).pending == pending


async def test_bot_first_then_our_turn_and_sheets_cycle():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(seed=BOT_FIRST_SEED))
        assert table.view.log[0].seat == 1
        assert table.query_one(ScoreSheet).border_title.startswith("Sheet: You")
        await pilot.press("s")
        assert table.query_one(ScoreSheet).border_title.startswith("Sheet: Ada")
        assert table.query_one(ScoreSheet).sheet == table.view.sheets[1]
        assert "Ada" in table.query_one(TableMessage).news


def test_check_partial_is_what_the_table_asks():
    """The table's refusal texts are the rules' own (no wording of its own)."""
    from rules.zatre import GAME, ZatreOptions

    view = GAME.view(GAME.setup(ZatreOptions(), 2, 1), 0)
    try:
        check_partial(view, (Placement((0, 5), view.hand[0]),))
    except Exception as err:
        assert "red cell" in err.message


async def test_tab_chooses_the_next_tile_and_the_mouse_lays_it():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        hand = table.query_one(HandTiles)
        assert hand.chosen == 0
        await pilot.press("tab")
        assert hand.chosen == 1
        await pilot.press("shift+tab", "shift+tab")
        assert hand.chosen == len(hand.tiles) - 1
        await pilot.click(HandTiles, offset=(6 + 1, 1))  # the first tile's box
        assert hand.chosen == 0
        tile = hand.tiles[0]
        board = table.query_one(ZatreBoard)
        red = (7, 7)
        where = (1 + red[1] * 3 + 1, 1 + red[0])  # inside the border, the cell's middle
        await pilot.click(ZatreBoard, offset=where)  # cursor is already there: lays it
        assert table.pending == (Placement(red, tile),)
        assert board.pending == table.pending


async def test_sheet_shows_complete_rows_crosses_and_overflow_rows():
    from rules.zatre.sheet import Sheet
    from textual.app import App

    sheet = Sheet(crosses=2, tens=(1,) * 18, elevens=(2, 4), twelves=(4,))

    class One(App):
        def compose(self):
            yield ScoreSheet()

    app = One()
    async with app.run_test(size=(40, 30)) as pilot:
        widget = app.query_one(ScoreSheet)
        widget.sheet, widget.minus, widget.total = sheet, "Minus: none", f"Sheet total: {sheet.total()}"
        await pilot.pause()
        text = shown(widget).splitlines()
        assert text[0].split() == ["Row", "x2", "10", "11", "12", "bonus", "="]
        assert text[1].split() == ["1", "×", "1", "2", "4", "+3", "20"]  # (1+2+4+3) x 2
        assert text[2].split() == ["2", "×", "1", "4", "·", "(3)", "10"]  # (1+4) x 2, no bonus
        assert text[3].split() == ["3", "·", "1", "·", "·", "(3)", "1"]
        assert any(line.split()[:3] == ["18*", "·", "1"] for line in text)  # past row 16
        assert text[-1].strip() == f"Sheet total: {sheet.total()}"


def light_cell_mistake(table: TableScreen) -> tuple[Placement, ...]:
    """A whole turn for the hand shown that every step allows (rules 1-3) but rule 7
    refuses: its last tile on a light cell in no line of 10-12."""
    from itertools import permutations

    from rules.core import RuleViolation
    from rules.zatre.board import ALL_CELLS, LIGHT_CELLS

    view, legal = table.view, table.snap.legal_actions
    down = {cell for cell, _ in view.tiles}
    near = [c for c in ALL_CELLS if c not in down and any(
        (c[0] + dr, c[1] + dc) in down for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
    for first in near:
        for a, b in permutations(range(len(view.hand)), 2):
            for last in LIGHT_CELLS:
                turn = (Placement(first, view.hand[a]), Placement(last, view.hand[b]))
                if last in down or last == first or PlaceTiles(turn) in legal:
                    continue
                try:
                    check_partial(view, turn)
                except RuleViolation:
                    continue
                return turn
    raise AssertionError("no such turn in this position")


async def test_profi_says_hints_are_off_and_refuses_a_light_cell_before_the_confirm():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(seed=BOT_FIRST_SEED, profi=True))
        message = table.query_one(TableMessage)
        await pilot.press("n")
        assert message.kind == "error" and "Hints are off (profi)" in message.text
        turn = light_cell_mistake(table)
        assert table.to_place == len(turn) == 2
        for placement in turn:
            await pilot.press(str(table.hand_left.index(placement.tile) + 1))
            await walk_to(pilot, table, placement.cell)
            await pilot.press("enter")
        assert table.pending == turn
        # all laid, and not allowed: said now, in the rulebook's terms, not at the confirm
        assert message.kind == "error" and "rule 7" in message.text and "light cell" in message.text
        await pilot.press("u")
        assert message.kind == "info"


async def test_the_tiles_laid_show_what_they_would_score():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        hand, sheet = table.query_one(HandTiles), table.query_one(ScoreSheet)
        laid = await lay_hinted_turn(pilot, table)
        await pilot.pause()
        note, total = hand.note, sheet.total
        await pilot.press("c")
        await until(pilot, lambda: table.view.log and table.view.log[0].seat == 0)
        record = table.view.log[0]
        assert set(record.placements) == set(laid)
        if record.lines:
            lines = " ".join(str(line.total) for line in record.lines)
            assert note.startswith(f"would score +{record.gain}: {lines}")
            assert total.endswith(f"→ {record.gain}")
        else:
            assert note == "no line of 10-12 yet"


async def test_tiles_in_front_are_the_kept_ones_not_this_turns_draw():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(seed=BOT_FIRST_SEED))  # the bot played first
        view = table.view
        assert view.held_counts[0] == len(view.hand) == view.drawn == 2
        you, ada = table.query_one(ScoreStrip).lines
        assert you.kept == 0, "the two tiles just drawn are in hand, not kept face down"
        assert "kept" in shown(table.query_one(ScoreStrip)).splitlines()[0]
        sheet = table.query_one(ScoreSheet)
        assert sheet.minus == "In hand: 2 (kept 0, drew 2)"
        assert table.query_one(HandTiles).note == "kept 0, drew 2"
        await pilot.press("s")  # Ada's sheet: the tiles she keeps between turns
        kept = view.held_counts[1]
        assert sheet.minus == (f"Tiles in front: {kept} (minus at end)" if kept else "Tiles in front: none")
        assert ada.kept == kept


async def test_log_lines_are_never_cut_off():
    from tui.widgets.movelog import MoveLog
    from tui.zatre.words import log_line
    from rules.zatre.sheet import SheetEntry
    from rules.zatre.state import ScoredLine, TurnRecord

    record = TurnRecord(
        seat=0, drew=2, placements=(Placement((7, 7), 4), Placement((7, 8), 5), Placement((7, 9), 3)),
        lines=(ScoredLine(((7, 7), (7, 8), (7, 9)), 12), ScoredLine(((6, 8), (7, 8)), 11),
               ScoredLine(((7, 9), (8, 9)), 10)),
        crosses_at=((7, 7), (7, 9)), entry=SheetEntry(crosses=2, ten=1, eleven=2, twelve=4),
        rows=(), gain=104, kept=0)
    line = log_line(12, record, "Cleopatra")
    assert line.startswith("12 Cleopat… +104 4 5 3:")  # the gain before anything that may wrap
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(pilot, solo())
        log = table.query_one(MoveLog)
        log.entries = (line, log_line(13, record, "Ada"))
        await pilot.pause()
        text = shown(log).splitlines()
        width = log.size.width
        assert all(len(row.rstrip()) <= width for row in text)
        assert "…" not in "".join(text).replace("Cleopat…", "")  # (a long name is cut, not the line)
        assert " ".join(" ".join(text).split()).endswith("13 Ada +104 4 5 3: 12 11 10 x2 x2")


async def test_the_same_version_sent_again_leaves_the_turn_line_true():
    # a seat change (a bot takes a seat, /seat gives it back) sends every seat its
    # snapshot again at the same version; the spinner may draw "Waiting for …" while it
    # is queued, and the turn line must say "your turn" again once it is dropped
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        status = table.query_one(TurnStatus)
        table._queue.append(table.snap)  # as the story link's listener does
        table._spin()
        assert "Waiting for" in status.turn or "thinking" in status.turn
        table._start_pump()
        await until(pilot, lambda: not table._pumping)
        assert "your turn" in status.turn


async def test_the_board_title_names_the_cursors_cell_as_refusals_do():
    """A refusal names a cell as (row, col) ("a 5 could still go on a dark cell this turn
    (6, 9)"); the board has no labels, so its title names the cursor's cell the same way
    (a player-tester's report)."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        board = table.query_one(ZatreBoard)
        row, col = table.cursor
        assert board.border_title.startswith(f"Zatre · cursor ({row}, {col}): ")
        await pilot.press("right")
        assert board.border_title.startswith(f"Zatre · cursor ({row}, {col + 1}): ")
