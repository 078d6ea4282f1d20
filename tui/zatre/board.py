"""The Zatre board as printed: 15x15 box, 193 cells, light cells, the red cell.

Each cell is three characters wide, and what it is shows without colour too:

    ` · `  dark cell        `[·]`  light cell (x2)      `(·)`  red start cell
    ` 5 `  a tile (pips)    ` + `  the chosen tile may go here (hint)
    `>·<`  the cursor       reverse video: a tile laid this turn, not yet confirmed
    underlined pips: the tiles of the turn just played
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from rules.zatre.board import ALL_CELLS, LIGHT_CELLS, RED_CELL, SIZE, Cell
from rules.zatre.state import Placement

CELL_WIDTH = 3
_CELLS = frozenset(ALL_CELLS)


def cell_kind(cell: Cell) -> str:
    """``"red"``, ``"light"``, ``"dark"`` or ``"none"`` (not a cell of the board)."""
    if cell == RED_CELL:
        return "red"
    if cell in LIGHT_CELLS:
        return "light"
    return "dark" if cell in _CELLS else "none"


BRACKETS = {"dark": (" ", " "), "light": ("[", "]"), "red": ("(", ")")}


class ZatreBoard(Widget):
    """Renders tiles, this turn's pending tiles, hints and the cursor. No rules here:
    ``hints`` come from the legal actions (``rules.zatre.placement.legal_cells``)."""

    COMPONENT_CLASSES = {
        "board--dark", "board--light", "board--red", "board--tile-dark", "board--tile-light",
        "board--hint-dark", "board--hint-light", "board--pending", "board--cursor", "board--recent",
    }

    tiles: reactive[dict[Cell, int]] = reactive(dict, always_update=True)
    pending: reactive[tuple[Placement, ...]] = reactive(tuple)
    hints: reactive[frozenset[Cell]] = reactive(frozenset)
    recent: reactive[frozenset[Cell]] = reactive(frozenset)
    cursor: reactive[Cell] = reactive(RED_CELL)
    show_cursor: reactive[bool] = reactive(True)

    class CellClicked(Message):
        """The player clicked ``cell``."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def render(self) -> Text:
        pending = {p.cell: p.tile for p in self.pending}
        def style(name: str) -> Style:
            return self.get_component_rich_style(name, partial=True)

        base = {k: style(f"board--{k}") for k in ("dark", "light", "red")}
        tile_style = {"dark": style("board--tile-dark"), "light": style("board--tile-light")}
        hint_style = {"dark": style("board--hint-dark"), "light": style("board--hint-light")}
        pending_style, cursor_style = style("board--pending"), style("board--cursor")
        recent_style = style("board--recent")
        text = Text(no_wrap=True, overflow="crop")
        for r in range(SIZE):
            if r:
                text.append("\n")
            for c in range(SIZE):
                cell = (r, c)
                kind = cell_kind(cell)
                if kind == "none":
                    text.append(" " * CELL_WIDTH)
                    continue
                left, right = BRACKETS[kind]
                cell_style = base[kind]
                shade = "light" if kind == "light" else "dark"
                mid_style = Style()
                if cell in pending:
                    mid, cell_style = str(pending[cell]), cell_style + pending_style
                elif cell in self.tiles:
                    mid, mid_style = str(self.tiles[cell]), tile_style[shade]
                    if cell in self.recent:
                        mid_style += recent_style
                elif cell in self.hints:
                    mid, mid_style = "+", hint_style[shade]
                else:
                    mid = "·"
                if self.show_cursor and cell == self.cursor:
                    left, right = ">", "<"
                    cell_style += cursor_style
                text.append(left, cell_style)
                text.append(mid, cell_style + mid_style)
                text.append(right, cell_style)
        return text

    def get_content_width(self, container, viewport) -> int:
        return SIZE * CELL_WIDTH

    def get_content_height(self, container, viewport, width: int) -> int:
        return SIZE

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = (offset.y, offset.x // CELL_WIDTH)
        if cell in _CELLS:
            self.post_message(self.CellClicked(cell))
