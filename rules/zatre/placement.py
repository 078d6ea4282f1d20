"""Where tiles may go: Zatre's placement rules 1-7 and the Exception to Rule No. 5.

Sources: zatre-board.txt "How to Place a Tile on the ZATRE Board" (rules 1-7),
"Exception to Rule No. 5"; reference/zatre.md rulings 1-5.

A turn is judged as a whole (:func:`legal_turns`):

- rule 1 / ruling 4: on the first move one tile covers the red cell and every tile
  is connected to it;
- rule 2 / ruling 2: tiles go down one at a time, each touching (orthogonally) a tile
  already on the board, tiles laid earlier this turn included; a set of tiles can be
  laid so exactly when every tile is joined to the old tiles through new ones;
- rule 3: no line (maximal run in a row or column, ruling 1) over 12 pips;
- rule 7 / ruling 3: a tile on a light cell needs a line of 10, 11 or 12 through it at
  the end of the turn. The exception (a tile "not able to be placed on a black square"
  may lie on a light cell without scoring) is judged for the turn as a whole: a tile of
  value ``v`` may lie unscored on a light cell only when no turn keeping the light-cell
  rule without the exception (every light tile scoring) lays a ``v`` on a dark cell,
  first or after some of the turn's other tiles. Laying another tile on the only dark
  cell a ``v`` could use therefore never frees the ``v`` for an unscored light cell;
- rule 5 / ruling 5: the turn lays the largest number of tiles any turn keeping
  ruling 3 could; nothing else is asked of it (an unscored light tile that ruling 3
  allows is as good as a scoring one).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, NamedTuple, Sequence

from ..core import RuleViolation, cell_text
from .board import (
    CELLS, LIGHT, NEIGHBOURS, RED, WIDTH, Cell, cell_of, index, is_cell, line_sum,
)
from .state import Placement, PlaceTiles

MAX_LINE = 12
SCORING = (10, 11, 12)

RULE_1 = "zatre-board.txt, How to Place a Tile, rule 1"
RULE_2 = "zatre-board.txt, How to Place a Tile, rule 2"
RULE_3 = "zatre-board.txt, How to Place a Tile, rule 3"
RULE_5 = "zatre-board.txt, How to Place a Tile, rule 5 and its Exception"
RULE_7 = "zatre-board.txt, How to Place a Tile, rule 7"


def frontier(board: Sequence[int], first_move: bool) -> frozenset[int]:
    """Empty cells (flat indices) where a tile may be laid first this turn."""
    if first_move:
        return frozenset((RED,))
    return frozenset(
        j for i in CELLS if board[i] for j in NEIGHBOURS[i] if not board[j]
    )


def _explore(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool) -> set[frozenset]:
    """Every set of ``(index, pips)`` placements reachable one tile at a time under
    rules 1-3 (rule 7 is judged on whole turns afterwards)."""
    g = list(board)
    remaining = Counter(hand)
    seen: set[frozenset] = {frozenset()}
    n = len(hand)

    def grow(placed: frozenset, front: frozenset) -> None:
        if len(placed) == n:
            return
        for c in front:
            for v in remaining:
                if not remaining[v]:
                    continue
                g[c] = v
                if line_sum(g, c, 1) <= MAX_LINE and line_sum(g, c, WIDTH) <= MAX_LINE:
                    key = placed | {(c, v)}
                    if key not in seen:
                        seen.add(key)
                        remaining[v] -= 1
                        grow(key, (front - {c}) | {j for j in NEIGHBOURS[c] if not g[j]})
                        remaining[v] += 1
                g[c] = 0

    grow(frozenset(), frontier(board, first_move))
    return seen


def _unscored_light(board: tuple[int, ...], placed: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``(index, pips)`` of ``placed`` that lie on light cells with no line of 10-12
    through them once all of ``placed`` is down."""
    if not any(c in LIGHT for c, _ in placed):
        return []
    g = list(board)
    for c, v in placed:
        g[c] = v
    return [(c, v) for c, v in placed
            if c in LIGHT and line_sum(g, c, 1) not in SCORING and line_sum(g, c, WIDTH) not in SCORING]


class _Judged(NamedTuple):
    """The legal turns of one position and, per tile value, the first dark cell (flat
    index) a tile of that value can go on in a turn keeping the light-cell rule without
    the exception (ruling 3); a value absent from ``dark`` may lie unscored on light."""

    turns: tuple[frozenset, ...]
    dark: dict[int, int]


@lru_cache(maxsize=256)
def _judge(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool) -> _Judged:
    sets = _explore(board, hand, first_move)
    dark: dict[int, int] = {}
    unscored = {s: _unscored_light(board, s) for s in sets}
    for s, bad in unscored.items():
        if not bad:  # a turn keeping rule 7 without the exception
            for c, v in s:
                if c not in LIGHT and c < dark.get(v, c + 1):
                    dark[v] = c
    allowed = [s for s, bad in unscored.items() if all(v not in dark for _, v in bad)]
    most = max(len(s) for s in allowed)  # the empty turn is always allowed
    return _Judged(tuple(s for s in allowed if len(s) == most), dark)


def _legal(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool) -> tuple[frozenset, ...]:
    return _judge(board, hand, first_move).turns


def _to_action(placed: frozenset) -> PlaceTiles:
    return PlaceTiles(tuple(Placement(cell_of(c), v) for c, v in placed))


def legal_turns(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool) -> tuple[PlaceTiles, ...]:
    """Every legal whole turn for ``hand`` (pips) on flat ``board``.

    Returns ``(PlaceTiles(()),)`` when no tile can be laid (Exception to Rule No. 5).
    Turns differing only in the order of laying are one turn.
    """
    return _legal_actions(board, tuple(sorted(hand)), first_move)


@lru_cache(maxsize=64)
def _legal_actions(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool) -> tuple[PlaceTiles, ...]:
    return tuple(_to_action(s) for s in _legal(board, hand, first_move))


def max_placeable(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool) -> int:
    """The largest number of tiles from ``hand`` that a legal turn can lay (rule 5)."""
    return len(next(iter(_legal(board, tuple(sorted(hand)), first_move))))


def is_legal(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool, action: PlaceTiles) -> bool:
    """Whether ``action`` is one of :func:`legal_turns` (one tile per cell)."""
    placed = frozenset((index(p.cell), p.tile) for p in action.placements if is_cell(p.cell))
    if len(placed) != len(action.placements) or len({c for c, _ in placed}) != len(placed):
        return False
    return placed in set(_legal(board, tuple(sorted(hand)), first_move))


# ---- explaining refusals ----------------------------------------------------


def _check_steps(board: Sequence[int], hand: Sequence[int], first_move: bool,
                 pending: Sequence[Placement]) -> list[int]:
    """Check ``pending`` laid in this order under rules 1-3; return the grid with them on it."""
    g = list(board)
    left = Counter(hand)
    for n, p in enumerate(pending):
        _check_tile(g, left, p)
        i = index(p.cell)
        if first_move and n == 0 and i != RED:
            raise RuleViolation("red-cell", "Rule 1: the first tile of the game must cover the red cell.", RULE_1)
        if not (first_move and n == 0) and not any(g[j] for j in NEIGHBOURS[i]):
            raise _not_adjacent()
        g[i] = p.tile
        left[p.tile] -= 1
        _check_lines(g, i)
    return g


def _check_tile(g: Sequence[int], left: Counter, p: Placement) -> None:
    if left[p.tile] <= 0:
        raise RuleViolation("not-in-hand", f"You have no {p.tile} left among your tiles.")
    if not is_cell(p.cell):
        raise RuleViolation("not-a-cell", f"{p.cell} is not a cell of the board.")
    if g[index(p.cell)]:
        raise RuleViolation("occupied", "That cell already holds a tile.")


def _check_lines(g: Sequence[int], i: int) -> None:
    for step in (1, WIDTH):
        total = line_sum(g, i, step)
        if total > MAX_LINE:
            raise RuleViolation(
                "over-12", f"Rule 3: that would make a line of {total}; lines of 13 or more are not allowed.",
                RULE_3)


def _not_adjacent() -> RuleViolation:
    return RuleViolation(
        "not-adjacent", "Rule 2: each tile must be placed next to a tile already on the board.", RULE_2)


def _view_board(view) -> list[int]:
    g = [0] * (WIDTH * WIDTH)
    for cell, v in view.tiles:
        g[index(cell)] = v
    return g


def check_partial(view, pending: Sequence[Placement]) -> None:
    """Raise :class:`RuleViolation` if tiles ``pending`` (laid in this order) already
    break rule 1, 2 or 3 on ``view``'s board, or use tiles ``view.hand`` lacks.

    ``view`` is a :class:`~rules.zatre.state.ZatreView` (or any object with ``tiles``,
    ``hand`` and ``first_move``). Rule 7 and rule 5 are judged on the whole turn.
    """
    _check_steps(_view_board(view), view.hand, view.first_move, pending)


def explain_turn(view, pending: Sequence[Placement]) -> RuleViolation:
    """:func:`explain` for a turn ``pending`` on ``view``'s board and hand (for the
    table, before the turn is confirmed), naming no cell when ``view.options.profi``
    hides the hints. Call it only for a turn that is not legal."""
    return explain(tuple(_view_board(view)), view.hand, view.first_move, PlaceTiles(tuple(pending)),
                   hints=not view.options.profi)


def explain(board: tuple[int, ...], hand: tuple[int, ...], first_move: bool,
            action: PlaceTiles, *, hints: bool = True) -> RuleViolation:
    """The rule an illegal whole turn ``action`` breaks, in the rulebook's words.

    Checked in this order: the tiles and cells themselves, rule 1 (red cell), rule 2
    (every tile joined to the board, in some order of laying), rule 3 (lines), rule 7
    (a tile unscored on a light cell although a tile of its value could go on a dark
    cell this turn, ruling 3), rule 5 (as many tiles as possible, ruling 5). Each
    message begins with the rule it names (``"Rule 7: ..."``). ``hints``: whether the
    rule-7 refusal may name the dark cell ``(row, col)`` the tile could go on; ``False``
    under ``profi``, which hides where tiles may go (zatre-online.txt "Options").
    """
    g = list(board)
    left = Counter(hand)
    try:
        for p in action.placements:
            _check_tile(g, left, p)
            g[index(p.cell)] = p.tile
            left[p.tile] -= 1
        new = {index(p.cell) for p in action.placements}
        if first_move and new and RED not in new:
            return RuleViolation("red-cell", "Rule 1: the first tile of the game must cover the red cell.", RULE_1)
        reached = {RED} & new if first_move else {i for i in new if any(
            board[j] for j in NEIGHBOURS[i])}
        todo = list(reached)
        while todo:
            for j in NEIGHBOURS[todo.pop()]:
                if j in new and j not in reached:
                    reached.add(j)
                    todo.append(j)
        if reached != new:
            return _not_adjacent()
        for i in new:
            _check_lines(g, i)
    except RuleViolation as err:
        return err
    placed = [(index(p.cell), p.tile) for p in action.placements]
    dark = _judge(board, tuple(sorted(hand)), first_move).dark
    for _, v in sorted(_unscored_light(board, placed)):
        if v in dark:
            where = f" {cell_text(cell_of(dark[v]))}" if hints else ""
            return RuleViolation(
                "light-cell",
                f"Rule 7: a {v} could still go on a dark cell this turn{where}, "
                "so it may not lie unscored on a light cell.", RULE_7)
    most = max_placeable(board, hand, first_move)
    return RuleViolation(
        "place-more",
        f"Rule 5: you must place as many tiles as possible: {most} of your tiles can go on the board.",
        RULE_5)


# ---- hints for the table ----------------------------------------------------


def legal_cells(view, legal_actions: Sequence[PlaceTiles], pending: Sequence[Placement],
                tile: int) -> frozenset[Cell]:
    """Cells ``(row, col)`` where ``tile`` may be laid next, after ``pending``, so that
    the turn can still end legally (the hint shown unless ``profi`` is on).

    ``view`` supplies the board (a cell must touch a tile already down, rule 2, or be
    the red cell for the first tile of the game); ``legal_actions`` are the seat's.
    """
    done = Counter(pending)
    down = {cell for cell, _ in view.tiles} | {p.cell for p in pending}
    out = set()
    for action in legal_actions:
        rest = Counter(action.placements)
        rest.subtract(done)
        if any(n < 0 for n in rest.values()):
            continue
        for p, n in rest.items():
            if n > 0 and p.tile == tile:
                out.add(p.cell)
    if view.first_move and not pending:
        return frozenset(c for c in out if c == cell_of(RED))
    return frozenset(
        c for c in out
        if any((c[0] + dr, c[1] + dc) in down for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    )
