"""Zatre's board, tiles and the draw for first player.

Sources: reference/zatre.md "Board (printed edition)" and "Tiles"; zatre-board.txt
"Contents" and "The Game Begins"; ruling 9 (2-4 players)."""

from __future__ import annotations

import pytest

from rules.zatre import GAME, ZatreOptions
from rules.zatre import board as zboard
from tests.rules.zatre_support import FULL_BAG, position, record, refused, tile_counts, turn

REFERENCE_MAP = """\
####..x#x..####
#x...........x#
#.x.........x.#
#..x.......x..#
....x.....x....
.....x...x.....
x.....x.x.....x
#......R......#
x.....x.x.....x
.....x...x.....
....x.....x....
#..x.......x..#
#.x.........x.#
#x...........x#
####..x#x..####"""

LIGHT_CELLS = {
    (0, 6), (0, 8), (1, 1), (1, 13), (2, 2), (2, 12), (3, 3), (3, 11), (4, 4), (4, 10),
    (5, 5), (5, 9), (6, 0), (6, 6), (6, 8), (6, 14), (8, 0), (8, 6), (8, 8), (8, 14),
    (9, 5), (9, 9), (10, 4), (10, 10), (11, 3), (11, 11), (12, 2), (12, 12), (13, 1),
    (13, 13), (14, 6), (14, 8),
}


def test_board_has_193_cells_as_in_the_reference_map():
    """reference/zatre.md "Board": a 13x13 square plus three-cell groups on each side,
    193 cells, laid out as the reference map shows."""
    rows = REFERENCE_MAP.split("\n")
    expected = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch != "#"}
    assert len(expected) == 193
    assert len(zboard.ALL_CELLS) == 193
    assert set(zboard.ALL_CELLS) == expected
    assert all(zboard.is_cell(cell) for cell in expected)


def test_board_light_cells_are_the_32_listed():
    """reference/zatre.md "Board": the 32 light cells (both diagonals but the centre,
    and the cell next to the centre line in each outer group)."""
    assert len(LIGHT_CELLS) == 32
    assert zboard.LIGHT_CELLS == LIGHT_CELLS


def test_board_red_start_cell_is_the_centre():
    """reference/zatre.md "Board": R, the red start cell, is (7,7) and is not light."""
    assert zboard.RED_CELL == (7, 7)
    assert (7, 7) not in zboard.LIGHT_CELLS


@pytest.mark.parametrize("cell", [
    (0, 0), (0, 3), (3, 0), (0, 14), (0, 11), (3, 14), (14, 0), (14, 3), (11, 0),
    (14, 14), (14, 11), (11, 14), (1, 0), (13, 14),
])
def test_board_corners_are_not_cells(cell):
    """reference/zatre.md "Board": the corners of the 15x15 box are not cells."""
    assert not zboard.is_cell(cell)


@pytest.mark.parametrize("cell", [(0, 7), (14, 7), (7, 0), (7, 14)])
def test_board_position_7_of_each_side_is_not_a_cell(cell):
    """reference/zatre.md "Board": outer groups sit at positions 4-6 and 8-10 of each
    side; position 7 is not a cell, and no tile can be laid there."""
    assert not zboard.is_cell(cell)
    # a tile next to it cannot be put on it
    r, c = cell
    inner = {(0, 7): (0, 6), (14, 7): (14, 6), (7, 0): (6, 0), (7, 14): (6, 14)}[cell]
    state = position({inner: 1}, (1,))
    assert all(p.cell != cell for a in GAME.legal_actions(state, 0) for p in a.placements)
    assert refused(state, turn((cell, 1))).code == "not-a-cell"


def test_board_corner_cannot_take_a_tile():
    """reference/zatre.md "Board": a corner is no cell; a tile put there is refused."""
    state = position({(1, 1): 2}, (1,))
    assert refused(state, turn(((1, 0), 1))).code == "not-a-cell"
    assert refused(state, turn(((0, 1), 1))).code == "not-a-cell"


def test_board_non_cell_at_position_7_breaks_a_row():
    """reference/zatre.md "Board": a line is broken by a non-cell as by an empty cell.
    (0,6) and (0,8) are not in one line across the non-cell (0,7): a 6 on (0,6) next to
    6+6 on (0,8),(0,9) makes no 18; its column 6+4 = 10 scores and earns the cross."""
    state = position({(0, 8): 6, (0, 9): 6, (1, 6): 4}, (6,))
    rec = record(state, ((0, 6), 6))
    assert [(line.cells, line.total) for line in rec.lines] == [(((0, 6), (1, 6)), 10)]
    assert rec.crosses_at == ((0, 6),)


def test_board_non_cell_at_position_7_breaks_a_column():
    """reference/zatre.md "Board": (6,0) and (8,0) are not in one column across the
    non-cell (7,0)."""
    state = position({(8, 0): 6, (9, 0): 6, (6, 1): 5}, (6,))
    rec = record(state, ((6, 0), 6))
    assert [(line.cells, line.total) for line in rec.lines] == [(((6, 0), (6, 1)), 11)]


def test_contents_121_tiles_21_ones_and_20_of_each_other():
    """zatre-board.txt "Contents" / reference "Tiles": 121 tiles, 21 ones, 20 each of
    2-6; the bag and the first player's three tiles hold all of them after setup."""
    assert sum(FULL_BAG) == 121
    for seats in (2, 3, 4):
        for seed in range(30):
            state = GAME.setup(ZatreOptions(), seats, seed)
            assert tile_counts(state) == FULL_BAG
            assert state.bag_count == 118


def _rounds(opening, seats):
    """Split the draw for first player into rounds; check who draws in each round."""
    rounds, i, contenders = [], 0, list(range(seats))
    while True:
        this = opening[i:i + len(contenders)]
        assert [s for s, _ in this] == contenders, "only tied players draw again"
        rounds.append(this)
        i += len(contenders)
        best = max(t for _, t in this)
        contenders = [s for s, t in this if t == best]
        if len(contenders) == 1:
            assert i == len(opening), "the draw stops once one player is ahead"
            return rounds, contenders[0], max(t for s, t in opening if s == contenders[0])


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_game_begins_highest_draw_begins_and_holds_three_tiles(seats):
    """zatre-board.txt "The Game Begins": each player draws a tile, the highest begins;
    tied players draw again until one is ahead; the first player keeps his (highest)
    tile, the other tiles go back into the bag, and he draws two more: three tiles,
    one of them on the red cell."""
    for seed in range(60):
        state = GAME.setup(ZatreOptions(), seats, seed)
        rounds, first, tile = _rounds(state.opening, seats)
        assert state.current == first
        assert state.hands[first][0] == tile and len(state.hands[first]) == 3
        assert all(state.hands[s] == () for s in range(seats) if s != first)
        assert state.first_move and state.drawn[state.current] == 2
        # every other draw-off tile is back in the bag: only the three held are out
        bag = list(FULL_BAG)
        for t in state.hands[first]:
            bag[t - 1] -= 1
        assert state.bag == tuple(bag)
        assert GAME.active_seats(state) == frozenset({first})


def test_game_begins_ties_draw_again():
    """zatre-board.txt "The Game Begins": "If more than one player draws an equally
    high number, each of these players continues drawing tiles". A seed whose first
    round is tied: the tied players (and only they) draw again, the winner of the last
    round begins with his highest tile drawn (ruling 11), and all other tiles are back
    in the bag."""
    seed = next(s for s in range(1000) if len(GAME.setup(ZatreOptions(), 2, s).opening) > 2)
    state = GAME.setup(ZatreOptions(), 2, seed)
    rounds, first, tile = _rounds(state.opening, 2)
    assert len(rounds) >= 2
    assert rounds[0][0][1] == rounds[0][1][1], "the first round was a tie"
    assert state.current == first and state.hands[first][0] == tile
    assert tile_counts(state) == FULL_BAG and state.bag_count == 118
    # a three-way tie among four players: only the tied three draw again
    seed4 = next(s for s in range(5000)
                 if len(_rounds(GAME.setup(ZatreOptions(), 4, s).opening, 4)[0]) >= 2
                 and len(_rounds(GAME.setup(ZatreOptions(), 4, s).opening, 4)[0][1]) == 3)
    rounds4, _, _ = _rounds(GAME.setup(ZatreOptions(), 4, seed4).opening, 4)
    assert len(rounds4[1]) == 3


def test_ruling11_after_a_tie_the_first_player_keeps_his_highest_tile():
    """reference/zatre.md ruling 11 (issue 8 §3): after a tie for first player the first
    player keeps his highest tile drawn (the rulebook's "his (highest) tile"), not the
    one that broke the tie; every other drawn tile goes back into the bag. Searched
    seeds: a tie broken by a tile lower than the tied one."""
    for seats in (2, 3, 4):
        for seed in range(400):
            state = GAME.setup(ZatreOptions(), seats, seed)
            rounds, first, _ = _rounds(state.opening, seats)
            last = dict(rounds[-1])[first]
            highest = max(t for s, t in state.opening if s == first)
            if last < highest:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no seed with a tie broken by a lower tile")
    assert state.hands[first][0] == highest != last
    bag = list(FULL_BAG)
    for t in state.hands[first]:
        bag[t - 1] -= 1
    assert state.bag == tuple(bag), "the tile that broke the tie went back into the bag"


@pytest.mark.parametrize("seats", [1, 5, 6])
def test_ruling9_two_to_four_players(seats):
    """reference ruling 9: 2-4 players (without teams)."""
    assert GAME.seat_counts(ZatreOptions()) == (2, 3, 4)
    with pytest.raises(ValueError):
        GAME.setup(ZatreOptions(), seats, 0)


@pytest.mark.parametrize("seats", [2, 3, 5, 7])
def test_teams_take_four_or_six_players(seats):
    """Variant for Advanced Players: "with 4 or 6 players, you may also form pairs"."""
    assert GAME.seat_counts(ZatreOptions(teams=True)) == (4, 6)
    with pytest.raises(ValueError, match="4 or 6"):
        GAME.setup(ZatreOptions(teams=True), seats, 0)


def test_contract_setup_is_deterministic_per_seed():
    """design.md "rules/": the opening state, RNG included, comes from the seed."""
    assert GAME.setup(ZatreOptions(), 3, 42) == GAME.setup(ZatreOptions(), 3, 42)
    assert any(GAME.setup(ZatreOptions(), 3, 42).hands != GAME.setup(ZatreOptions(), 3, s).hands
               for s in range(43, 50))
