"""A deliberately naive Zatre turn generator: every ordered choice of cells and tiles,
each re-validated from scratch against rules 1, 2, 3, 5 and 7 (zatre-board.txt,
"How to Place a Tile"). Slow on purpose; the reference the fast generator in
rules/zatre/placement.py is checked and timed against.
"""

from __future__ import annotations

from itertools import permutations

from rules.zatre.board import CELLS, LIGHT, NEIGHBOURS, RED, WIDTH


def _run(g, i, step):
    total, j = g[i], i - step
    while g[j]:
        total, j = total + g[j], j - step
    j = i + step
    while g[j]:
        total, j = total + g[j], j + step
    return total


def _valid_sequence(board, cells, tiles, first_move) -> bool:
    g = list(board)
    for n, (c, v) in enumerate(zip(cells, tiles)):
        if first_move and n == 0:
            if c != RED:
                return False
        elif not any(g[j] for j in NEIGHBOURS[c]):
            return False
        g[c] = v
        if _run(g, c, 1) > 12 or _run(g, c, WIDTH) > 12:
            return False
    return True


def _unscored_light(board, placed) -> int:
    g = list(board)
    for c, v in placed:
        g[c] = v
    return sum(1 for c, _ in placed if c in LIGHT
               and _run(g, c, 1) not in (10, 11, 12) and _run(g, c, WIDTH) not in (10, 11, 12))


def brute_legal(board, hand, first_move) -> set[frozenset]:
    """Legal turns as frozensets of ``(flat index, pips)``; hands of up to 3 tiles."""
    empties = [i for i in sorted(CELLS) if not board[i]]
    valid = {frozenset()}
    for k in range(1, len(hand) + 1):
        tile_orders = set(permutations(hand, k))
        for cells in permutations(empties, k):
            for tiles in tile_orders:
                if _valid_sequence(board, cells, tiles, first_move):
                    valid.add(frozenset(zip(cells, tiles)))
    most = max(len(s) for s in valid)
    biggest = [s for s in valid if len(s) == most]
    least = min(_unscored_light(board, s) for s in biggest)
    return {s for s in biggest if _unscored_light(board, s) == least}
