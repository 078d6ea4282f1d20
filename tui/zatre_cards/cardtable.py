"""The open table: cards laid as two-cell dominoes on a grid without edges, seen
through a window that scrolls as the table grows.

Each cell is three characters wide; what a cell is shows without colour too:

    `[5─` `─3]`  a card lying across (its two halves joined by ──)
    `┌5┐` over `└3┘`  a card standing up
    `○`          a blank half (0 pips)
    underlined   the card (or cards) laid last
    reverse      the card in hand, where it would go (the cursor is its first half);
                 never over a laid card: there the laid card shows (``>5<`` under
                 the cursor), so the player sees what lies beneath
    ` + `        the chosen card's first half may go here (a hint; none in profi)
    `>·<`        the cursor on an empty cell
"""

from __future__ import annotations

from typing import Iterable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from rules.zatre_cards import LayCard
from rules.zatre_cards.cards import FACES

from .words import pips

CELL_WIDTH = 3
Cell = tuple[int, int]

# glyphs either side of a half, by where the other half of its card lies
SIDES = {"right": ("[", "─"), "left": ("─", "]"), "down": ("┌", "┐"), "up": ("└", "┘")}
_OTHER = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}


def halves(lay: LayCard, face: tuple[int, int] | None = None) -> list[tuple[Cell, int, str]]:
    """``(cell, pips, where the other half lies)`` for both halves of ``lay``."""
    a, b = face if face is not None else FACES[lay.card]
    first, second = lay.cell, lay.second
    to_second = _OTHER[(second[0] - first[0], second[1] - first[1])]
    to_first = _OTHER[(first[0] - second[0], first[1] - second[1])]
    return [(first, a, to_second), (second, b, to_first)]


class CardTable(Widget):
    """Renders the laid cards, the card being placed (``ghost``), hints and the cursor.
    No rules here: the screen passes in what the rules' helpers said.

    ``origin`` is the table cell shown at the top left; :meth:`keep_in_view` moves it
    so that given cells show (recentring on them)."""

    COMPONENT_CLASSES = {"cards--card", "cards--zero", "cards--recent", "cards--ghost",
                         "cards--cursor", "cards--hint", "cards--empty"}

    class CellClicked(Message):
        """The player clicked table cell ``cell``."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.laid: tuple[LayCard, ...] = ()
        self.recent: tuple[LayCard, ...] = ()
        self.ghost: tuple[LayCard, ...] = ()
        self.hints: frozenset[Cell] = frozenset()
        self.cursor: Cell = (0, 0)
        self.show_cursor = True
        self.origin: Cell | None = None
        self._want: tuple[Cell, ...] = ((0, 0),)

    def draw(self, laid: tuple[LayCard, ...], recent: tuple[LayCard, ...] = (),
             ghost: tuple[LayCard, ...] = (), hints: Iterable[Cell] = (), cursor: Cell = (0, 0),
             show_cursor: bool = True, keep: Iterable[Cell] = ()) -> None:
        """Show this; then make sure ``keep`` (and the cursor) are in the window."""
        self.laid, self.recent, self.ghost = laid, recent, ghost
        self.hints, self.cursor, self.show_cursor = frozenset(hints), cursor, show_cursor
        self.keep_in_view(tuple(keep) + ((cursor,) if show_cursor else ()))
        self.refresh()

    # ---- the window ----

    @property
    def columns(self) -> int:
        return max(1, self.size.width // CELL_WIDTH)

    @property
    def rows(self) -> int:
        return max(1, self.size.height)

    def visible(self, cell: Cell) -> bool:
        if self.origin is None:
            return False
        r0, c0 = self.origin
        return r0 <= cell[0] < r0 + self.rows and c0 <= cell[1] < c0 + self.columns

    def keep_in_view(self, cells: tuple[Cell, ...]) -> None:
        """Recentre the window when any of ``cells`` is outside it (or on the bounding
        box of the table if they cannot all show)."""
        self._want = cells or self._want
        cells = self._want
        if not self.size.width or (self.origin is not None and all(map(self.visible, cells))):
            return
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        mid_r, mid_c = (min(rows) + max(rows)) // 2, (min(cols) + max(cols)) // 2
        self.origin = (mid_r - self.rows // 2, mid_c - self.columns // 2)

    def on_resize(self, event: events.Resize) -> None:
        self.origin = None
        self.keep_in_view(self._want)
        self.refresh()

    # ---- drawing ----

    def render(self) -> Text:
        if self.origin is None:
            self.keep_in_view(self._want)
        r0, c0 = self.origin or (0, 0)

        def style(name: str) -> Style:
            return self.get_component_rich_style(name, partial=True)

        card_style, zero_style = style("cards--card"), style("cards--zero")
        recent_style, ghost_style = style("cards--recent"), style("cards--ghost")
        cursor_style, hint_style, empty_style = style("cards--cursor"), style("cards--hint"), style("cards--empty")
        cells: dict[Cell, tuple[int, str, Style]] = {}
        recent = set(self.recent)
        for lay in self.laid:
            extra = recent_style if lay in recent else Style()
            for cell, value, side in halves(lay):
                cells[cell] = (value, side, card_style + extra)
        ghost: set[Cell] = set()
        for lay in self.ghost:
            for cell, value, side in halves(lay):
                if cell not in cells:  # the laid card under it stays in sight
                    cells[cell] = (value, side, card_style + ghost_style)
                    ghost.add(cell)
        text = Text(no_wrap=True, overflow="crop")
        for r in range(r0, r0 + self.rows):
            if r != r0:
                text.append("\n")
            for c in range(c0, c0 + self.columns):
                cell = (r, c)
                at_cursor = self.show_cursor and cell == self.cursor
                if cell in cells:
                    value, side, cell_style = cells[cell]
                    left, right = SIDES[side]
                    mid = zero_style if value == 0 else Style()
                    if at_cursor and cell not in ghost:
                        left, right = ">", "<"
                        cell_style = cell_style + cursor_style
                    text.append(left, cell_style)
                    text.append(pips(value), cell_style + mid)
                    text.append(right, cell_style)
                elif at_cursor:
                    text.append(">", cursor_style)
                    text.append("+" if cell in self.hints else "·", cursor_style)
                    text.append("<", cursor_style)
                elif cell in self.hints:
                    text.append(" + ", hint_style)
                else:
                    text.append(" · ", empty_style)
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.origin is None:
            return
        cell = (self.origin[0] + offset.y, self.origin[1] + offset.x // CELL_WIDTH)
        self.post_message(self.CellClicked(cell))
