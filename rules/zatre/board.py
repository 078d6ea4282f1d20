"""The Zatre board: 193 cells, 32 light cells, the red start cell (data in zatre.toml).

Cells are ``(row, col)`` in the 15x15 box of reference/zatre.md. Internally a board
is a flat tuple over a padded 17x17 grid (``index = (row + 1) * 17 + col + 1``) where
``0`` is an empty cell *or* no cell at all (a line is broken by both, ruling on
lines) and ``1..6`` are a tile's pips; that makes line walks a few integer steps.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

Cell = tuple[int, int]

SIZE = 15
WIDTH = SIZE + 2  # padded grid width
GRID = WIDTH * WIDTH
STEPS = (1, WIDTH)  # along a row, along a column


@cache
def data() -> dict:
    """The parsed ``zatre.toml`` (cached)."""
    return tomllib.loads(resources.files(__package__).joinpath("zatre.toml").read_text())


def index(cell: Cell) -> int:
    """Flat grid index of ``(row, col)``."""
    r, c = cell
    return (r + 1) * WIDTH + c + 1


def cell_of(i: int) -> Cell:
    """``(row, col)`` of a flat grid index."""
    return (i // WIDTH - 1, i % WIDTH - 1)


def _load() -> tuple[frozenset[int], frozenset[int], int]:
    d = data()["board"]
    rows = [line for line in d["map"].strip("\n").split("\n")]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("zatre.toml: the board map must be 15 rows of 15 characters")
    cells, light, red = set(), set(), []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "#":
                continue
            if ch not in ".xR":
                raise ValueError(f"zatre.toml: unknown board character {ch!r}")
            cells.add(index((r, c)))
            if ch == "x":
                light.add(index((r, c)))
            elif ch == "R":
                red.append(index((r, c)))
    if len(cells) != d["cells"] or len(light) != d["light_cells"] or len(red) != 1:
        raise ValueError("zatre.toml: board map does not match its cell counts")
    return frozenset(cells), frozenset(light), red[0]


CELLS, LIGHT, RED = _load()
"""Flat indices of every cell, of the light cells, and of the red start cell."""

NEIGHBOURS: dict[int, tuple[int, ...]] = {
    i: tuple(j for j in (i - 1, i + 1, i - WIDTH, i + WIDTH) if j in CELLS) for i in CELLS
}
"""Orthogonal neighbours of each cell that are cells themselves."""

EMPTY_BOARD: tuple[int, ...] = (0,) * GRID

ALL_CELLS: tuple[Cell, ...] = tuple(sorted(cell_of(i) for i in CELLS))
LIGHT_CELLS: frozenset[Cell] = frozenset(cell_of(i) for i in LIGHT)
RED_CELL: Cell = cell_of(RED)


def is_cell(cell: Cell) -> bool:
    r, c = cell
    return 0 <= r < SIZE and 0 <= c < SIZE and index(cell) in CELLS


def line_through(board, i: int, step: int) -> tuple[int, int]:
    """``(start, end)`` flat indices of the occupied run through ``i`` along ``step``.

    ``board[i]`` must be occupied. A run is a maximal line of tiles in one row
    (``step=1``) or one column (``step=WIDTH``): ruling 1 of reference/zatre.md.
    """
    a = i
    while board[a - step]:
        a -= step
    b = i
    while board[b + step]:
        b += step
    return a, b


def line_sum(board, i: int, step: int) -> int:
    """Pips of the run through occupied index ``i`` along ``step``."""
    total = board[i]
    j = i - step
    while board[j]:
        total += board[j]
        j -= step
    j = i + step
    while board[j]:
        total += board[j]
        j += step
    return total


def tiles_on(board) -> dict[Cell, int]:
    """``{(row, col): pips}`` of every tile on a flat board."""
    return {cell_of(i): v for i, v in enumerate(board) if v}
