"""Helpers for the Zatre rules tests: positions built with ``attrs.evolve`` on a
``GAME.setup`` state, turns written as ``(cell, pips)`` pairs, and a refusal check
that proves an illegal action changes nothing."""

from __future__ import annotations

from collections import Counter

import attrs
import cattrs

from rules.core import RuleViolation
from rules.zatre import GAME, Placement, PlaceTiles, ZatreOptions, ZatreState
from rules.zatre.board import CELLS, EMPTY_BOARD, WIDTH, index, line_sum
from tests.rules.contract import refused_by

FULL_BAG = (21, 20, 20, 20, 20, 20)
"""Contents: 121 tiles, 21 with one pip and 20 each with 2..6 pips."""

CONVERTER = cattrs.Converter()


def board_of(tiles: dict[tuple[int, int], int]) -> tuple[int, ...]:
    """A flat board holding ``tiles`` (``{(row, col): pips}``)."""
    board = list(EMPTY_BOARD)
    for cell, pips in tiles.items():
        board[index(cell)] = pips
    return tuple(board)


def position(tiles: dict, hand, *, seats: int = 2, seat: int = 0, others=None, bag=None,
             first_move: bool = False, **changes) -> ZatreState:
    """A state with ``tiles`` on the board where ``seat`` is to move holding ``hand``.

    ``others`` maps other seats to their face-down tiles; ``bag`` is the bag's counts of
    pips 1..6 (the setup bag if omitted)."""
    base = GAME.setup(ZatreOptions(), seats, 1)
    hands = [()] * seats
    for s, held in (others or {}).items():
        hands[s] = tuple(held)
    hands[seat] = tuple(hand)
    return attrs.evolve(
        base, board=board_of(tiles), hands=tuple(hands), current=seat,
        drawn=tuple(len(hand) if s == seat else 0 for s in range(seats)),
        first_move=first_move, bag=tuple(bag) if bag is not None else base.bag, **changes)


def turn(*placements) -> PlaceTiles:
    """A whole turn from ``((row, col), pips)`` pairs."""
    return PlaceTiles(tuple(Placement(cell, pips) for cell, pips in placements))


def play(state: ZatreState, *placements):
    """Apply ``placements`` as the current seat's turn; it must be one of the legal
    actions. Returns ``(new_state, events)``."""
    action = turn(*placements)
    assert action in GAME.legal_actions(state, state.current), f"{action} should be legal"
    return GAME.apply(state, state.current, action)


def record(state: ZatreState, *placements):
    """The TurnRecord of the current seat's turn ``placements``."""
    new, _ = play(state, *placements)
    return new.log[-1]


def refused(state: ZatreState, action, seat: int | None = None) -> RuleViolation:
    """Apply an illegal ``action`` (of the current seat unless ``seat``): it must raise
    RuleViolation, be absent from the legal actions, and leave the state exactly as it
    was (tests/rules/contract.py). Returns the violation."""
    return refused_by(GAME, state, action, state.current if seat is None else seat)


def tile_counts(state: ZatreState) -> tuple[int, ...]:
    """Tiles of each pip value on the board, in every hand and in the bag."""
    counts = Counter(v for v in state.board if v)
    for hand in state.hands:
        counts.update(hand)
    return tuple(counts[v] + state.bag[v - 1] for v in range(1, 7))


def longest_line(board) -> int:
    """The largest line total on ``board`` (0 if empty)."""
    return max((line_sum(board, i, step) for i in CELLS if board[i] for step in (1, WIDTH)),
               default=0)
