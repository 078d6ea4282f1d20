"""Where tiles may go: zatre-board.txt "How to Place a Tile on the ZATRE Board"
(rules 1-7), "Exception to Rule No. 5", and reference/zatre.md rulings 1-6."""

from __future__ import annotations

import attrs
import pytest

from rules.zatre import (
    GAME, Placement, PlaceTiles, TilesDrawn, ZatreOptions, check_partial, legal_cells,
)
from rules.zatre.board import RED_CELL
from tests.rules.zatre_support import play, position, record, refused, tile_counts, turn

BETTY = {(0, 4): 4, (0, 5): 5, (0, 6): 2, (1, 5): 5}
"""Top edge: row 0 is 4+5+2 = 11, column 5 is 5+5. A 6 fits on (1,4) (a 10 and an
11) or on (1,6); after one 6 is down the other fits nowhere (13 or more)."""

EDGE = {(4, 0): 1, (4, 1): 6, (5, 0): 1, (5, 1): 6}
"""Left edge: rows 4 and 5 are 1+6, column 1 is 6+6. A 6 fits on no dark cell: the
only place for it is the light cell (6,0), where column 0 makes 1+1+6 = 8 (no score)."""

ELEVENS = {(2, 6): 5, (2, 7): 6, (3, 6): 6, (3, 7): 5}
"""A 2x2 block whose lines are all 11: only a 1 fits next to it (making a 12)."""


def first_move_state(hand=(6, 5, 5), seed=1):
    state = GAME.setup(ZatreOptions(), 2, seed)
    hands = tuple(tuple(hand) if s == state.current else () for s in range(2))
    return attrs.evolve(state, hands=hands)


def connected(cells) -> bool:
    cells = set(cells)
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    return seen == cells


# ---- rule 1: the first move ---------------------------------------------------


def test_rule1_first_move_must_cover_red_cell():
    """Rule 1 / "The Game Begins" Note: the first player must cover the red square;
    a first move beside it is refused with "red-cell"."""
    state = first_move_state()
    err = refused(state, turn(((7, 8), 6), ((7, 9), 5), ((8, 9), 5)))
    assert err.code == "red-cell"
    assert err.rule and "rule 1" in err.rule


def test_rule1_first_move_places_all_three_tiles_connected_over_red_cell():
    """Rule 1 and ruling 4: the first player places his three tiles, one on the red
    cell, all connected. Every legal first move does exactly that."""
    for hand in ((6, 5, 5), (1, 1, 1), (6, 6, 6), (2, 4, 6)):
        actions = GAME.legal_actions(first_move_state(hand), first_move_state(hand).current)
        assert actions
        for action in actions:
            cells = [p.cell for p in action.placements]
            assert len(cells) == 3 and RED_CELL in cells and connected(cells)
            assert sorted(p.tile for p in action.placements) == sorted(hand)


def test_rule1_first_move_with_a_disconnected_tile_is_refused():
    """Ruling 4: all three tiles connected; covering the red cell is not enough."""
    state = first_move_state()
    refused(state, turn(((7, 7), 6), ((7, 8), 5), ((9, 8), 5)))


def test_rule1_disconnected_first_move_is_explained_as_not_adjacent():
    """Ruling 4 / rule 2: a first move that does cover the red cell but leaves a tile
    unconnected breaks adjacency, not the red-cell rule: the refusal must say so
    ("not-adjacent"), not tell the player to cover the red cell he covered."""
    state = first_move_state()
    assert refused(state, turn(((7, 7), 6), ((7, 8), 5), ((9, 8), 5))).code == "not-adjacent"


def test_rule1_example_andrew_red_cell_and_two_fives():
    """Rule 1 example and Scoring rule 6 Note: Andrew puts a tile on the red square and
    uses his two 5s for a 10 and an 11, marking x2 twice: 6 on red, 5 beside it
    (6+5 = 11 through the red cell), 5 on light (8,8) below that (5+5 = 10)."""
    rec = record(first_move_state((6, 5, 5)), ((7, 7), 6), ((7, 8), 5), ((8, 8), 5))
    assert sorted(line.total for line in rec.lines) == [10, 11]
    assert rec.crosses_at == ((7, 7), (8, 8))
    assert (rec.entry.crosses, rec.entry.ten, rec.entry.eleven, rec.entry.twelve) == (2, 1, 2, 0)


# ---- rule 2: adjacency ----------------------------------------------------------


def test_rule2_tile_not_adjacent_is_refused():
    """Rule 2: all subsequent tiles must be placed adjacent to tiles on the board."""
    state = position({(4, 6): 3}, (2, 3))
    err = refused(state, turn(((4, 7), 2), ((9, 9), 3)))
    assert err.code == "not-adjacent"
    assert all(p.cell != (9, 9) for a in GAME.legal_actions(state, 0) for p in a.placements)


def test_rule2_second_tile_may_touch_the_first_tile_of_the_turn():
    """Rule 2 / ruling 2: tiles go down one at a time and each must touch a tile
    already on the board, a tile laid earlier this turn included."""
    state = position({(4, 6): 3}, (1, 2))
    new, _ = play(state, ((4, 7), 1), ((4, 8), 2))
    assert new.log[-1].placements == turn(((4, 7), 1), ((4, 8), 2)).placements


# ---- rule 3: no line over 12 ------------------------------------------------


def test_rule3_line_of_13_is_refused():
    """Rule 3: you may not form lines with a total of 13 or more. Filling the gap
    between 5 and 5 with a 3 joins them into one line of 13."""
    state = position({(4, 5): 5, (4, 7): 5}, (3,))
    err = refused(state, turn(((4, 6), 3)))
    assert err.code == "over-12"
    assert all(p.cell != (4, 6) for a in GAME.legal_actions(state, 0) for p in a.placements)


def test_rule3_line_of_exactly_12_is_allowed():
    """Rule 3 (13 or more is refused) and ruling 1 (a line is the whole run): 5+2+5
    joins two tiles into one line of 12, which is allowed and scores 4 once."""
    rec = record(position({(4, 5): 5, (4, 7): 5}, (2,)), ((4, 6), 2))
    assert [(line.cells, line.total) for line in rec.lines] == [(((4, 5), (4, 6), (4, 7)), 12)]
    assert rec.entry.twelve == 4


def test_rule3_second_tile_may_not_push_the_first_tiles_line_over_12():
    """Rule 3: 6+4 = 10 is fine, but the second tile making 6+4+3 = 13 is refused."""
    state = position({(4, 5): 6}, (4, 3))
    assert refused(state, turn(((4, 6), 4), ((4, 7), 3))).code == "over-12"


def test_rule3_column_over_12_is_refused():
    """Rule 3 holds for vertical lines as well: 6 over 6 over 1 is 13."""
    state = position({(3, 6): 6, (4, 6): 6}, (1,))
    assert refused(state, turn(((5, 6), 1))).code == "over-12"


# ---- rule 4: lines of 9 or less --------------------------------------------


def test_rule4_line_of_9_or_less_is_allowed_but_scores_nothing():
    """Rule 4 (and Scoring rule 5): lines of 9 or less may be formed, for no points."""
    state = position({(4, 5): 4}, (5,))
    new, _ = play(state, ((4, 6), 5))
    rec = new.log[-1]
    assert rec.lines == () and rec.entry.points == 0 and rec.crosses_at == ()
    assert new.sheets[0] == state.sheets[0]


def test_rule4_example_betty_two_threes_make_only_9():
    """Exception example: Betty holds one tile, draws one more of the same, places
    both, and earns nothing because the line is only 9 (3+3+3)."""
    state = position({(4, 8): 3}, (3, 3))
    new, _ = play(state, ((4, 6), 3), ((4, 7), 3))
    assert new.log[-1].entry.points == 0 and new.log[-1].lines == ()


# ---- rule 5: both tiles if possible -------------------------------------------


def test_rule5_one_tile_turn_refused_when_both_fit():
    """Rule 5: if possible you must place both tiles; laying one is refused with
    "place-more"."""
    state = position({(4, 5): 1}, (1, 2))
    assert refused(state, turn(((4, 6), 1))).code == "place-more"
    assert all(len(a.placements) == 2 for a in GAME.legal_actions(state, 0))


def test_rule5_keeping_all_tiles_refused_when_one_fits():
    """Rule 5: a turn laying nothing is refused while a tile can be laid."""
    state = position({(4, 5): 1}, (1, 2))
    assert refused(state, PlaceTiles(())).code == "place-more"


def test_rule5_more_tiles_placeable_wins_even_without_points():
    """Rule 5 ("even if you do not get any points") / ruling 5: the turn lays the
    largest number of tiles possible, so a scoring one-tile turn is refused."""
    state = position({(4, 5): 4}, (6, 1))
    assert refused(state, turn(((4, 6), 6))).code == "place-more"


# ---- the Exception to Rule No. 5 ------------------------------------------------


def test_exception_rule5_example_betty_keeps_the_tile_that_does_not_fit():
    """Exception to Rule No. 5 and rule 3 example: Betty places one tile for a 10 and
    an 11 and cannot place the other without a 13; she keeps it face down."""
    state = position(BETTY, (6, 6))
    actions = GAME.legal_actions(state, 0)
    assert set(actions) == {turn(((1, 4), 6)), turn(((1, 6), 6))}
    new, _ = play(state, ((1, 4), 6))
    rec = new.log[-1]
    assert sorted(line.total for line in rec.lines) == [10, 11]
    assert rec.kept == 1 and new.hands[0] == (6,)
    assert tile_counts(new) == tile_counts(state)


def test_exception_rule5_kept_tiles_face_down_count_public_values_private():
    """Exception to Rule No. 5 / ruling 5: unplaced tiles are kept face down; their
    number is public, their values are not. The owner sees them; others and a
    spectator see only how many."""
    state = position(BETTY, (6, 6))
    new, _ = play(state, ((1, 6), 6))
    mine, theirs, spectator = GAME.view(new, 0), GAME.view(new, 1), GAME.view(new, None)
    assert mine.hand == (6,)
    assert theirs.hand == new.hands[1] and len(theirs.hand) == 2
    assert spectator.hand == ()
    for view in (mine, theirs, spectator):
        assert view.held_counts == (1, 2)
        assert view.left_over == ()


def test_exception_rule5_drawn_tiles_shown_only_to_the_drawer():
    """Exception to Rule No. 5 / ruling 5 ("their number is public, their values are
    not"): the draw event shows the tiles to the seat that drew them; every other seat
    and a spectator learn only how many."""
    state = position({(4, 5): 3}, (4,), seats=3, others={1: (), 2: (5,)})
    _, events = play(state, ((4, 6), 4))
    drawn = events[-1]
    assert isinstance(drawn, TilesDrawn) and drawn.seat == 1 and len(drawn.tiles) == 2
    assert GAME.project_event(drawn, 1) == drawn
    for seat in (0, 2, None):
        seen = GAME.project_event(drawn, seat)
        assert seen.tiles == () and seen.count == 2 and seen.seat == 1
    assert GAME.project_event(events[0], None) == events[0]  # the turn itself is public


def test_exception_rule5_duplicate_placement_is_refused():
    """Exception to Rule No. 5 with rule 5: with two 6s of which only one fits, a turn
    naming the same 6 on the same cell (1,4) twice is no legal turn: one tile goes on
    a cell. It must be refused and change nothing (no tile may vanish from the game)."""
    state = position(BETTY, (6, 6))
    refused(state, PlaceTiles((Placement((1, 4), 6), Placement((1, 4), 6))))


def test_exception_rule5_draw_two_when_nothing_held():
    """Ruling 6 (Description; Exception to Rule No. 5): nothing held -> draw 2."""
    state = position({(4, 5): 3}, (4,), others={1: ()})
    new, events = play(state, ((4, 6), 4))
    assert new.current == 1 and len(new.hands[1]) == 2 and new.drawn[1] == 2
    assert new.bag_count == state.bag_count - 2
    assert events[-1].seat == 1 and events[-1].count == 2


def test_exception_rule5_draw_one_when_one_held():
    """Exception to Rule No. 5 / ruling 6: a single tile held -> draw 1."""
    state = position({(4, 5): 3}, (4,), others={1: (6,)})
    new, events = play(state, ((4, 6), 4))
    assert new.drawn[1] == 1 and len(new.hands[1]) == 2 and new.hands[1][0] == 6
    assert new.bag_count == state.bag_count - 1


def test_exception_rule5_no_draw_when_two_held_and_one_placeable():
    """Exception to Rule No. 5 / ruling 6: two or more held and one of them can be
    placed -> no new tile; the held tiles must be used."""
    state = position({(4, 5): 3}, (4,), others={1: (6, 6)})
    new, events = play(state, ((4, 6), 4))
    assert new.current == 1 and new.drawn[1] == 0 and new.hands[1] == (6, 6)
    assert new.bag == state.bag
    assert events[-1].count == 0
    assert all(a.placements for a in GAME.legal_actions(new, 1))


def test_exception_rule5_draw_one_when_two_held_none_placeable_then_use_all():
    """Exception to Rule No. 5 / ruling 6: two or more held and none can be placed ->
    draw 1; if a tile can then be placed, he may use all his tiles (more than two).
    Two 6s fit nowhere by a block of 11s; the drawn 1 makes a 12 there, and then both
    6s fit beside the 1: the turn lays all three."""
    state = position(ELEVENS, (6,), others={1: (6, 6)}, bag=(4, 0, 0, 0, 0, 0))
    assert GAME.legal_actions(state, 0) == (PlaceTiles(()),)
    new, events = GAME.apply(state, 0, PlaceTiles(()))
    assert new.current == 1 and new.drawn[1] == 1 and sorted(new.hands[1]) == [1, 6, 6]
    actions = GAME.legal_actions(new, 1)
    assert actions and all(len(a.placements) == 3 for a in actions)
    after, _ = GAME.apply(new, 1, actions[0])
    assert after.hands[1] == () and after.log[-1].kept == 0


# ---- rule 6: same line or different lines --------------------------------------


def test_rule6_both_tiles_in_the_same_line():
    """Rule 6: both tiles may go in the same line (2+4+4 = 10, one line)."""
    rec = record(position({(4, 5): 2}, (4, 4)), ((4, 6), 4), ((4, 7), 4))
    assert [line.total for line in rec.lines] == [10]


def test_rule6_tiles_in_different_lines():
    """Rule 6: or one tile each in different lines (rows 3 and 5, columns 5 and 6)."""
    state = position({(4, 5): 2, (4, 6): 3}, (5, 5))
    new, _ = play(state, ((3, 5), 5), ((5, 6), 5))
    assert {p.cell for p in new.log[-1].placements} == {(3, 5), (5, 6)}


# ---- rule 7: light cells ----------------------------------------------------------


def test_rule7_light_cell_without_10_11_12_is_refused():
    """Rule 7: a tile may go on a light square only if it forms a 10, 11 or 12; here
    row 4 is 1+2+1 = 4 and both tiles fit on dark cells: refused "light-cell"."""
    state = position({(4, 5): 2}, (1, 1))
    err = refused(state, turn(((4, 4), 1), ((4, 6), 1)))
    assert err.code == "light-cell"
    assert all(p.cell != (4, 4) for a in GAME.legal_actions(state, 0) for p in a.placements)


def test_rule7_light_cell_with_10_allowed_and_crossed():
    """Rule 7 and Scoring rule 6: 6 on light (4,4) next to 4 makes 10: allowed, and
    the tile earns an x2 cross."""
    rec = record(position({(4, 5): 4}, (6,)), ((4, 4), 6))
    assert rec.crosses_at == ((4, 4),) and rec.entry.crosses == 1 and rec.entry.ten == 1


def test_rule7_second_tile_completes_the_line_through_the_light_tile():
    """Rule 7 ("with this tile or with both tiles together") / ruling 3: a 1 on light
    (4,4) makes only 1+4 = 5, but the second tile, a 5 on (4,3), completes that line
    to 10: the light tile is allowed and earns its cross."""
    state = position({(4, 5): 4}, (1, 5))
    assert turn(((4, 4), 1), ((4, 3), 5)) in GAME.legal_actions(state, 0)
    rec = record(state, ((4, 4), 1), ((4, 3), 5))
    assert [(line.cells, line.total) for line in rec.lines] == [(((4, 3), (4, 4), (4, 5)), 10)]
    assert rec.crosses_at == ((4, 4),)


def test_rule7_second_tile_elsewhere_leaves_the_light_tile_unscored():
    """Rule 7: the same 1 on light (4,4) with the 5 put above it (5+1 = 6) forms no
    10-12 through the light tile: refused "light-cell"."""
    state = position({(4, 5): 4}, (1, 5))
    assert refused(state, turn(((4, 4), 1), ((3, 4), 5))).code == "light-cell"


def test_rule7_scoring_line_must_pass_through_the_light_tile():
    """Ruling 3: the 10-12 line must pass through the tile on the light cell; a 10
    made by the other tile elsewhere (6 over 4 in column 5) does not allow a 1 on
    light (4,4) whose own row is only 1+4 = 5."""
    state = position({(4, 5): 4}, (1, 6))
    assert refused(state, turn(((4, 4), 1), ((3, 5), 6))).code == "light-cell"


def test_rule7_exception_tile_fitting_no_dark_cell_goes_on_light_without_cross():
    """Rule 7 Exception / ruling 3: a tile that fits on no dark cell must go on a light
    cell even without scoring, and earns no cross. The 6 fits only on light (6,0)
    (column 1+1+6 = 8): that is the only legal turn, and the sheet gets nothing."""
    state = position(EDGE, (6,))
    assert GAME.legal_actions(state, 0) == (turn(((6, 0), 6)),)
    new, _ = play(state, ((6, 0), 6))
    rec = new.log[-1]
    assert rec.lines == () and rec.crosses_at == () and rec.entry.crosses == 0
    assert new.sheets[0].crosses == 0 and new.hands[0] == ()


def test_rule7_exception_with_two_tiles_one_on_light_one_kept():
    """Rule 7 Exception with the Exception to Rule No. 5: of two 6s, one must go on the
    light cell (6,0) unscored; after it the other fits nowhere and is kept."""
    state = position(EDGE, (6, 6))
    assert GAME.legal_actions(state, 0) == (turn(((6, 0), 6)),)
    assert refused(state, PlaceTiles(())).code == "place-more"
    new, _ = play(state, ((6, 0), 6))
    assert new.hands[0] == (6,) and new.log[-1].kept == 1 and new.sheets[0].crosses == 0


def test_exception_rule5_no_tile_fits_keeps_both():
    """Exception to Rule No. 5: a player who can place neither tile keeps both face down
    (the only legal turn lays nothing)."""
    state = position(ELEVENS, (5, 6))
    assert GAME.legal_actions(state, 0) == (PlaceTiles(()),)
    new, _ = GAME.apply(state, 0, PlaceTiles(()))
    assert new.hands[0] == (5, 6) and new.log[-1].kept == 2


# ---- other refusals --------------------------------------------------------------


def test_description_only_own_tiles_may_be_placed():
    """Description: a player places the tiles he holds, no others."""
    state = position({(4, 5): 2}, (1, 1))
    assert refused(state, turn(((4, 6), 3), ((4, 7), 1))).code == "not-in-hand"


def test_rule2_occupied_cell_is_refused():
    """Rule 2: tiles go on free cells next to tiles already on the board."""
    state = position({(4, 5): 2}, (1, 1))
    assert refused(state, turn(((4, 5), 1), ((4, 6), 1))).code == "occupied"


def test_ruling10_profi_option_changes_no_rule():
    """Ruling 10: ``profi`` hides the legal-cell hints and changes no rule."""
    state = position({(4, 5): 2, (6, 6): 3}, (4, 5))
    profi = attrs.evolve(state, options=ZatreOptions(profi=True))
    assert GAME.legal_actions(profi, 0) == GAME.legal_actions(state, 0)


# ---- placement helpers for the table ------------------------------------------


def test_rules_1_to_3_checked_tile_by_tile_while_composing():
    """Rules 1-3 judged tile by tile while a turn is composed (placement.check_partial)."""
    view = GAME.view(first_move_state((6, 5, 5)), first_move_state().current)
    with pytest.raises(Exception) as err:
        check_partial(view, [Placement((7, 8), 6)])
    assert err.value.code == "red-cell"
    check_partial(view, [Placement((7, 7), 6), Placement((7, 8), 5)])
    with pytest.raises(Exception) as err:
        check_partial(view, [Placement((7, 7), 6), Placement((7, 8), 5), Placement((7, 10), 5)])
    assert err.value.code == "not-adjacent"
    state = position({(4, 5): 5, (4, 7): 5}, (3, 1))
    with pytest.raises(Exception) as err:
        check_partial(GAME.view(state, 0), [Placement((4, 6), 3)])
    assert err.value.code == "over-12"


def test_rule1_hint_first_tile_of_the_game_only_on_red():
    """Rule 1 hint: the first tile of the game can only go on the red cell."""
    state = first_move_state((6, 5, 5))
    seat = state.current
    view, actions = GAME.view(state, seat), GAME.legal_actions(state, seat)
    assert legal_cells(view, actions, (), 6) == {RED_CELL}
    assert legal_cells(view, actions, (), 5) == {RED_CELL}
    after = legal_cells(view, actions, (Placement(RED_CELL, 6),), 5)
    assert after and all(abs(r - 7) + abs(c - 7) == 1 for r, c in after)


def test_rule7_hint_light_cell_offered_only_to_a_scoring_tile():
    """Rule 7 hint: light (4,4) is offered for the 6 (6+6 = 12) but not for the 1,
    which can make no 10-12 there (1+6 = 7, and a 6 beside it would make 13)."""
    state = position({(4, 5): 6}, (6, 1))
    view, actions = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert (4, 4) in legal_cells(view, actions, (), 6)
    assert (4, 4) not in legal_cells(view, actions, (), 1)


def test_rule7_explained_from_a_view_before_confirming():
    """Rule 7 (light cells), as the table reports it before a turn is confirmed:
    ``explain_turn`` judges the turn from what the seat's view shows."""
    from rules.zatre.placement import explain_turn

    state = position({(4, 5): 1, (4, 6): 2, (4, 7): 1}, (1, 2))
    view = GAME.view(state, 0)
    pending = turn(((4, 4), 1), ((4, 8), 2)).placements
    assert PlaceTiles(pending) not in GAME.legal_actions(state, 0)
    assert explain_turn(view, pending).code == refused(state, PlaceTiles(pending)).code == "light-cell"


def test_rule7_refusal_names_the_dark_cell_only_while_hints_are_shown():
    """Rule 7 refusal and the ``profi`` option (zatre-online.txt "Options": profi omits
    the displays of possible cells; player-tester 3, item 4): with hints shown the
    refusal names the dark cell the tile could go on; in profi it says the rule only,
    from the host (``apply``) and from the table's own check (``explain_turn``) alike."""
    from rules.zatre.placement import explain_turn

    tiles, laid = {(4, 5): 2}, turn(((4, 4), 1), ((4, 6), 1))
    shown = position(tiles, (1, 1))
    assert refused(shown, laid).message.startswith("Rule 7: a 1 could still go on a dark cell this turn (")
    profi = attrs.evolve(shown, options=attrs.evolve(shown.options, profi=True))
    for err in (refused(profi, laid), explain_turn(GAME.view(profi, 0), laid.placements)):
        assert err.code == "light-cell"
        assert err.message == ("Rule 7: a 1 could still go on a dark cell this turn, "
                               "so it may not lie unscored on a light cell.")


# ---- rule 7 judged for the turn as a whole (reference/zatre.md rulings 3 and 5; issue 8 §3)


def cells_laid(actions) -> set[tuple]:
    """The legal turns as sets of ``((row, col), pips)``, for comparing."""
    return {tuple(sorted((p.cell, p.tile) for p in a.placements)) for a in actions}


OPENS_A_CELL = {(5, 6): 4, (5, 7): 3, (6, 6): 1, (6, 7): 4, (6, 8): 6, (7, 6): 6, (7, 7): 4, (7, 8): 1}


def test_ruling3_a_tile_fitting_dark_may_not_lie_unscored_to_open_a_cell():
    """Ruling 3, first example (issue 8 §3): hand 2 and 6. The 2 fits dark (5,8), so it
    may not lie unscored on light (5,5) or (8,8), not even to open a cell for the 6;
    the turn lays the 2 alone on (5,8) and keeps the 6 (ruling 5: only turns keeping
    ruling 3 count for "as many as possible")."""
    state = position(OPENS_A_CELL, (2, 6))
    assert cells_laid(GAME.legal_actions(state, 0)) == {(((5, 8), 2),)}
    assert refused(state, turn(((8, 8), 2), ((8, 9), 6))).code == "light-cell"
    new, _ = play(state, ((5, 8), 2))
    assert new.hands[0] == (6,) and new.log[-1].kept == 1


def test_ruling3_a_tile_fitting_no_dark_cell_may_take_the_light_cell_a_scoring_tile_could():
    """Ruling 3, second example: only light (8,6) is free for the 5 or the 6. The 6
    scores a 10 there (4+6 in column 6); the 5 fits no dark cell at all, so it may lie
    there unscored too. Either is laid alone, the other kept."""
    state = position({(6, 7): 3, (6, 8): 6, (7, 6): 4, (7, 7): 2, (7, 8): 6, (8, 7): 3}, (5, 6))
    assert cells_laid(GAME.legal_actions(state, 0)) == {(((8, 6), 5),), (((8, 6), 6),)}
    rec = record(state, ((8, 6), 5))
    assert rec.crosses_at == () and rec.gain == 0 and rec.kept == 1  # unscored: no cross


def test_ruling3_one_of_two_equal_tiles_fitting_dark_may_not_lie_unscored():
    """Ruling 3, third example: hand 4 and 4 beside 5+6. A 4 fits dark cells (6,7)
    and (8,7), so no 4 may lie unscored on a light cell: one 4 is laid, one kept
    (the second 4 would fit only unscored on light (6,6) or (6,8))."""
    state = position({(7, 6): 5, (7, 7): 6}, (4, 4))
    assert cells_laid(GAME.legal_actions(state, 0)) == {(((6, 7), 4),), (((8, 7), 4),)}
    err = refused(state, turn(((6, 7), 4), ((6, 6), 4)))
    assert err.code == "light-cell"
    assert err.message.startswith("Rule 7: a 4 could still go on a dark cell this turn")
    assert "so it may not lie unscored on a light cell" in err.message


def test_ruling3_two_tiles_fitting_dark_but_not_together():
    """Issue 8 §3, fourth case: board 6 over 4, hand 4 and 5. Both fit dark (7,6) and
    (7,8), but not both in row 7 (4+6+5 = 15); the 4 may not lie unscored on light
    (6,6) for the 5 to go beside it, since a 4 could go dark: one tile is laid on (7,6)
    or (7,8) and the other kept."""
    state = position({(7, 7): 6, (8, 7): 4}, (4, 5))
    assert cells_laid(GAME.legal_actions(state, 0)) == {
        (((7, 6), 4),), (((7, 6), 5),), (((7, 8), 4),), (((7, 8), 5),)}
    err = refused(state, turn(((7, 6), 5), ((6, 6), 4)))
    assert err.code == "light-cell" and err.rule.endswith("rule 7")


def test_ruling3_order_of_laying_cannot_free_a_tile_for_an_unscored_light_cell():
    """Issue 8 §3, fifth case: board 6 6 / 2 6, hand 6 and 1. The 1 fits dark (8,5)
    and (9,6), so it may not lie unscored on light (6,6) or (8,8) to open a cell for
    the 6; the legal turns lay the 1 on a dark cell and the 6 where it may then go
    (it fits no dark cell in any turn whose light tiles all score, so unscored on
    light (9,5))."""
    state = position({(7, 6): 6, (7, 7): 6, (8, 6): 2, (8, 7): 6}, (6, 1))
    assert cells_laid(GAME.legal_actions(state, 0)) == {
        (((8, 5), 1), ((9, 5), 6)), (((9, 5), 6), ((9, 6), 1))}
    for light in ((6, 6), (8, 8)):
        err = refused(state, turn((light, 1)))
        assert err.code == "light-cell", light
        assert "a 1 could still go on a dark cell this turn (8, 5)" in err.message


def test_ruling3_and_5_explain_names_the_rule():
    """RuleViolation messages name the rule: the first example's 2 on light (5,5)
    with the 6 beside it breaks rule 7 (ruling 3); laying nothing breaks rule 5."""
    state = position(OPENS_A_CELL, (2, 6))
    err = refused(state, turn(((5, 5), 2), ((4, 5), 6)))
    assert err.code == "light-cell"
    assert err.message == ("Rule 7: a 2 could still go on a dark cell this turn (5, 8), "
                           "so it may not lie unscored on a light cell.")
    err = refused(state, PlaceTiles(()))
    assert err.code == "place-more" and err.message.startswith("Rule 5: ")


def test_ruling3_the_brute_force_finds_the_same_turns():
    """The generator and the naive brute force (tests/bench/zatre_bruteforce.py, an
    independent reading of rulings 3 and 5) agree on every position of issue 8 §3."""
    from rules.zatre.board import index
    from tests.bench.zatre_bruteforce import brute_legal
    from tests.rules.zatre_support import board_of

    cases = ((OPENS_A_CELL, (2, 6)),
             ({(6, 7): 3, (6, 8): 6, (7, 6): 4, (7, 7): 2, (7, 8): 6, (8, 7): 3}, (5, 6)),
             ({(7, 6): 5, (7, 7): 6}, (4, 4)), ({(7, 7): 6, (8, 7): 4}, (4, 5)),
             ({(7, 6): 6, (7, 7): 6, (8, 6): 2, (8, 7): 6}, (6, 1)), (EDGE, (6, 6)))
    for tiles, hand in cases:
        state = position(tiles, hand)
        fast = {frozenset((index(p.cell), p.tile) for p in a.placements)
                for a in GAME.legal_actions(state, 0)}
        assert fast == brute_legal(board_of(tiles), hand, False), (tiles, hand)


def test_ruling3_hints_follow_the_turn_as_a_whole():
    """Hints (``n``, ``+``) follow ruling 3: in the first example the 2 is offered
    only dark (5,8), the 6 nowhere; in the fifth, after the 1 on (8,5), the 6 is
    offered light (9,5), where it may lie unscored."""
    state = position(OPENS_A_CELL, (2, 6))
    view, actions = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert legal_cells(view, actions, (), 2) == {(5, 8)}
    assert legal_cells(view, actions, (), 6) == frozenset()
    state = position({(7, 6): 6, (7, 7): 6, (8, 6): 2, (8, 7): 6}, (6, 1))
    view, actions = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert legal_cells(view, actions, (), 1) == {(8, 5), (9, 6)}
    assert legal_cells(view, actions, (Placement((8, 5), 1),), 6) == {(9, 5)}
