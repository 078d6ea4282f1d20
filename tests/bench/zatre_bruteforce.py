"""A deliberately naive Zatre turn generator: every ordered choice of cells and tiles,
each re-validated from scratch against rules 1, 2, 3, 5 and 7 (zatre-board.txt,
"How to Place a Tile"; reference/zatre.md rulings 3 and 5: a tile may lie unscored on a
light cell only if no tile of its value goes on a dark cell in any turn whose light
tiles all score; the turn lays as many tiles as any such turn can). Slow on purpose; the reference the fast generator in
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


def _scores(g, c) -> bool:
    return _run(g, c, 1) in (10, 11, 12) or _run(g, c, WIDTH) in (10, 11, 12)


def _unscored_values(board, placed) -> list[int]:
    """Pips of the tiles of ``placed`` lying on light cells in no line of 10-12."""
    g = list(board)
    for c, v in placed:
        g[c] = v
    return [v for c, v in placed if c in LIGHT and not _scores(g, c)]


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
    fits_dark = set()
    for s in valid:
        if not _unscored_values(board, s):
            fits_dark |= {v for c, v in s if c not in LIGHT}
    kept = [s for s in valid if not set(_unscored_values(board, s)) & fits_dark]
    most = max(len(s) for s in kept)
    return {s for s in kept if len(s) == most}
