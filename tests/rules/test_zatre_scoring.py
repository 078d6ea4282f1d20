"""What a turn scores and how the score sheet adds up: zatre-board.txt "Scoring"
rules 1-10, "How to Play", the final scoring example; reference/zatre.md "Score sheet",
rulings 1, 3, 4 and 8."""

from __future__ import annotations

import attrs
import pytest

from rules.zatre import GAME, ZatreOptions
from rules.zatre.sheet import Sheet, SheetEntry
from tests.rules.zatre_support import play, position, record

# ---- a turn's lines -----------------------------------------------------------------


@pytest.mark.parametrize("beside, total, column, points", [
    (4, 10, "ten", 1), (5, 11, "eleven", 2), (6, 12, "twelve", 4),
])
def test_scoring_rule3_10_11_12_score_1_2_4(beside, total, column, points):
    """Scoring rule 3 / "How to Play": a line of 10 scores 1 point, 11 scores 2, 12
    scores 4, noted in the matching column (Scoring rule 4)."""
    rec = record(position({(4, 5): beside}, (6,)), ((4, 6), 6))
    assert [line.total for line in rec.lines] == [total]
    entry = {"ten": 0, "eleven": 0, "twelve": 0, column: points}
    assert (rec.entry.ten, rec.entry.eleven, rec.entry.twelve) == (
        entry["ten"], entry["eleven"], entry["twelve"])


def test_scoring_counts_all_dots_of_the_connected_line():
    """"How to Play": you always count all the dots of the tiles that form a connected
    line: 1+2+3 already down plus a 4 is one line of 10, not 3+4."""
    rec = record(position({(4, 3): 1, (4, 4): 2, (4, 5): 3}, (4,)), ((4, 6), 4))
    assert [(len(line.cells), line.total) for line in rec.lines] == [(4, 10)]
    assert rec.entry.ten == 1


def test_scoring_lines_crossing_at_a_new_tile_both_score():
    """Ruling 1: every line holding a tile laid this turn scores: a 5 on (4,6) makes
    row 5+5 = 10 and column 6+5 = 11, so 1 point and 2 points."""
    rec = record(position({(4, 5): 5, (3, 6): 6}, (5,)), ((4, 6), 5))
    assert sorted(line.total for line in rec.lines) == [10, 11]
    assert (rec.entry.ten, rec.entry.eleven, rec.entry.twelve) == (1, 2, 0)


def test_scoring_two_new_tiles_in_one_line_count_once():
    """Ruling 1: a line is scored exactly once even when both new tiles lie in it."""
    rec = record(position({(4, 5): 2}, (4, 4)), ((4, 6), 4), ((4, 7), 4))
    assert len(rec.lines) == 1 and rec.entry.ten == 1


def test_scoring_old_lines_do_not_score_again():
    """Ruling 1 / Scoring rule 1: only lines holding a tile laid this turn score; the
    12 already on the board in column 5 is not scored again."""
    rec = record(position({(3, 5): 6, (4, 5): 6}, (3,)), ((4, 6), 3))
    assert rec.lines == () and rec.entry.points == 0


def test_scoring_rule7_same_sum_lines_added_into_one_box():
    """Scoring rule 7: two 12s in one turn are noted as 2 x 4 = 8 in the next free box
    of the 12 column (one box, one row)."""
    state = position({(4, 5): 6, (3, 6): 6}, (6,))
    new, _ = play(state, ((4, 6), 6))
    rec = new.log[-1]
    assert [line.total for line in rec.lines] == [12, 12]
    assert rec.entry.twelve == 8 and rec.rows == (("12", 1),)
    assert new.sheets[0].twelves == (8,)


def test_scoring_rule7_example_andrew_two_12s_and_x2():
    """Rule 7 example: Andrew places two tiles to note two 12s and mark the x2 column:
    6 on light (4,4) beside a 6 (row 12), 6 below it (column 12). One light tile, one
    cross, however many lines pass through it (ruling 3)."""
    rec = record(position({(4, 3): 6}, (6, 6)), ((4, 4), 6), ((5, 4), 6))
    assert rec.entry == SheetEntry(crosses=1, ten=0, eleven=0, twelve=8)
    assert rec.crosses_at == ((4, 4),)


def test_scoring_rule6_two_crosses_in_one_turn():
    """Scoring rule 6: two x2 crosses in one turn are noted one beneath the other: a 5
    on light (4,4) makes 10 and a 6 on light (5,5) makes 11."""
    state = position({(4, 3): 5, (5, 6): 5}, (5, 6))
    new, _ = play(state, ((4, 4), 5), ((5, 5), 6))
    rec = new.log[-1]
    assert rec.crosses_at == ((4, 4), (5, 5))
    assert rec.entry == SheetEntry(crosses=2, ten=1, eleven=2, twelve=0)
    assert rec.rows == (("x2", 1), ("x2", 2), ("10", 1), ("11", 1))
    assert new.sheets[0] == Sheet(crosses=2, tens=(1,), elevens=(2,))


def test_scoring_rule6_note_red_cell_cross_needs_a_10_on_the_first_move():
    """Scoring rule 6 Note / ruling 4: on the first move the red cell earns a cross
    only with a line of at least 10 through it; 1+1+1 earns nothing."""
    state = GAME.setup(ZatreOptions(), 2, 3)
    seat = state.current
    state = attrs.evolve(state, hands=tuple((1, 1, 1) if s == seat else () for s in range(2)))
    rec = record(state, ((7, 7), 1), ((7, 8), 1), ((7, 9), 1))
    assert rec.crosses_at == () and rec.entry.crosses == 0


def test_scoring_red_cell_no_cross_after_the_first_move():
    """Ruling 4: the red cell counts like a light cell only on the first move; a later
    10 through the red tile earns no cross (the new tile is on a dark cell)."""
    rec = record(position({(7, 7): 4}, (6,)), ((7, 8), 6))
    assert rec.entry.ten == 1 and rec.crosses_at == () and rec.entry.crosses == 0


def test_turn_record_lists_lines_crosses_entry_and_rows_written():
    """Scoring rules 1-2 and reference "Score sheet": the turn record holds the scoring
    lines (cells and totals), where the crosses were earned, what was written and in
    which row of each column; with 1 cross, two 10s and one 11 already on the sheet a
    new cross and 10 go in row 2 of x2 and row 3 of the 10 column."""
    state = position({(4, 5): 4}, (6,))
    state = attrs.evolve(state, sheets=(Sheet(crosses=1, tens=(1, 1), elevens=(2,)), Sheet()))
    new, events = play(state, ((4, 4), 6))
    rec = new.log[-1]
    assert rec.seat == 0 and rec.drew == 1 and rec.kept == 0
    assert [(line.cells, line.total) for line in rec.lines] == [(((4, 4), (4, 5)), 10)]
    assert rec.crosses_at == ((4, 4),)
    assert rec.entry == SheetEntry(crosses=1, ten=1)
    assert rec.rows == (("x2", 2), ("10", 3))
    assert new.sheets[0] == Sheet(crosses=2, tens=(1, 1, 1), elevens=(2,))
    # "points just scored" is the rise of the sheet total (rules 8-9): the new cross
    # doubles row 2's old 10 (+1) and the new 10 lands in row 3 (+1)
    assert rec.gain == new.sheets[0].total() - state.sheets[0].total() == 2
    assert events[0].record == rec


# ---- the score sheet ----------------------------------------------------------------


def test_sheet_columns_fill_independently():
    """Scoring rule 2 / reference "Score sheet": each column fills on its own, top to
    bottom without gaps: the third 11 goes in row 3 of the 11 column even though the
    10 and 12 columns are empty, and a first 10 then goes in row 1."""
    sheet = Sheet()
    for _ in range(3):
        sheet = sheet.write(SheetEntry(eleven=2))
    sheet = sheet.write(SheetEntry(ten=1))
    rows = sheet.rows()
    assert [r.eleven for r in rows[:4]] == [2, 2, 2, None]
    assert [r.ten for r in rows[:4]] == [1, None, None, None]
    assert all(r.twelve is None for r in rows)


def test_sheet_rule8_bonus_only_for_complete_rows_by_band():
    """Scoring rule 8 / reference "Score sheet": a row with all of 10, 11 and 12 filled
    earns its printed bonus: 3 in rows 1-4, 4 in rows 5-8, 5 in 9-12, 6 in 13-16."""
    full = Sheet(tens=(1,) * 16, elevens=(2,) * 16, twelves=(4,) * 16)
    rows = full.rows()
    assert len(rows) == 16
    assert [r.bonus for r in rows] == [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4
    assert [r.value for r in rows] == [7 + b for b in [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4]
    assert all(r.complete for r in rows)
    partial = Sheet(tens=(1, 1), elevens=(2, 2), twelves=(4,))
    assert [r.value for r in partial.rows()[:2]] == [1 + 2 + 4 + 3, 1 + 2]
    assert not partial.rows()[1].complete


def test_sheet_rule9_cross_doubles_a_row_complete_or_not():
    """Scoring rule 9: a row with an x2 cross counts double, complete or not."""
    sheet = Sheet(crosses=2, tens=(1, 1), elevens=(2,), twelves=(4,))
    rows = sheet.rows()
    assert rows[0].value == (1 + 2 + 4 + 3) * 2
    assert rows[1].value == 1 * 2
    assert sheet.total() == 22


def test_sheet_ruling8_overflow_rows_past_16_bonus_6():
    """Ruling 8: a column passing row 16 continues on extra rows with bonus 6."""
    sheet = Sheet(crosses=17, tens=(1,) * 17, elevens=(2,) * 17, twelves=(4,) * 18)
    rows = sheet.rows()
    assert len(rows) == 18
    assert rows[16].bonus == 6 and rows[16].complete and rows[16].value == (7 + 6) * 2
    assert rows[17].bonus == 6 and not rows[17].complete and rows[17].value == 4


FINAL_EXAMPLE = Sheet(crosses=3, tens=(1, 1, 1, 1), elevens=(2, 2), twelves=(8, 4, 4, 4))
"""The rulebook's final scoring example: (1+2+8+3)x2, (1+2+4+3)x2, (1+4)x2, 1+4."""


def test_final_scoring_example_rows_28_20_10_5_total_63():
    """"End of the Game" example: rows (1+2+8+3)x2 = 28, (1+2+4+3)x2 = 20, (1+4)x2 =
    10, 1+4 = 5: 63 before minus points."""
    assert [r.value for r in FINAL_EXAMPLE.rows()[:4]] == [28, 20, 10, 5]
    assert all(r.value == 0 for r in FINAL_EXAMPLE.rows()[4:])
    assert FINAL_EXAMPLE.total() == 63


@pytest.mark.parametrize("left_over", [(5,), (2, 6)])
def test_final_scoring_rule10_left_over_tiles_are_minus_points(left_over):
    """Scoring rule 10 / "End of the Game" example: Andrew still has a tile in front
    of him; its dots are minus points: the result's total is 63 - pips."""
    state = position({(7, 7): 1}, left_over)
    state = attrs.evolve(state, sheets=(FINAL_EXAMPLE, Sheet(tens=(1,))), over=True)
    result = GAME.result(state)
    andrew = result.scores[0]
    assert andrew.total == 63 - sum(left_over)
    assert dict(andrew.parts) == {"score sheet": 63, "minus points": -sum(left_over)}
    assert result.scores[1].total == 1
    assert result.winners == frozenset({0})
    # the results screen shows how the total arose, each box named by its column
    assert andrew.breakdown[:4] == (
        "row 1: (1 [10] + 2 [11] + 8 [12] + 3 bonus) x 2 = 28",
        "row 2: (1 [10] + 2 [11] + 4 [12] + 3 bonus) x 2 = 20",
        "row 3: (1 [10] + 4 [12]) x 2 = 10",
        "row 4: 1 [10] + 4 [12] = 5",
    )
    assert andrew.breakdown[4] == f"minus: {' + '.join(map(str, left_over))} = -{sum(left_over)}"


def test_final_scoring_equal_totals_share_the_win():
    """"End of the Game": the player with the highest score wins; equal best totals
    are all winners."""
    state = position({(7, 7): 1}, ())
    state = attrs.evolve(state, sheets=(Sheet(tens=(1,)), Sheet(tens=(1,))), over=True)
    assert GAME.result(state).winners == frozenset({0, 1})


def test_preview_scores_pending_tiles_like_the_turn_would():
    """Scoring rules 3, 6, 7 (and the sheet, rules 8-9): the table's preview of tiles
    laid but not yet confirmed scores exactly what confirming them writes."""
    from rules.zatre.scoring import preview
    from rules.zatre.state import Placement

    state = position({(4, 5): 4}, (6, 1))
    state = attrs.evolve(state, sheets=(Sheet(crosses=1, tens=(1, 1), elevens=(2,)), Sheet()))
    pending = (Placement((4, 4), 6),)
    seen = preview(GAME.view(state, 0), pending)
    rec = record(state, ((4, 4), 6), ((3, 4), 1))
    assert seen.entry == SheetEntry(crosses=1, ten=1) and seen.crosses_at == ((4, 4),)
    assert seen.gain == 2
    assert [line.total for line in seen.lines] == [10]
    both = preview(GAME.view(state, 0), pending + (Placement((3, 4), 1),))
    assert (both.lines, both.crosses_at, both.entry, both.gain) == (
        rec.lines, rec.crosses_at, rec.entry, rec.gain)
