"""The tiles in hand: the seat's own tiles, drawn as little boxes with their pips and
the key (1-9) that chooses each; the chosen one has a heavy frame. In Zatre's team
variant the partner's tiles are named on the top line (``partner``), whose turn it is
on the bottom line (``partner_turn``)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..names import fit

TILE_WIDTH = 6  # "┌───┐" and a gap
LABEL = ("      ", " Hand ", "      ")


def _box(pips: int, key: str, chosen: bool) -> tuple[str, str, str]:
    if chosen:
        return ("┏━━━┓", f"┃ {pips} ┃", f"┗━{key}━┛")
    return ("┌───┐", f"│ {pips} │", f"└─{key}─┘")


class HandTiles(Widget):
    """``tiles``: pips of the tiles still in hand this turn (laid ones are on the board);
    ``chosen``: index of the chosen tile or ``None``; ``note``: a word on the right;
    ``partner``: the team partner's tiles in words (``""``: no partner), on the top
    line; ``partner_turn``: the partner's turn in words (``"Bob lays next"``), on the
    bottom line. With no tiles and no partner it takes one line, its note's."""

    COMPONENT_CLASSES = {"hand--tile", "hand--chosen", "hand--note"}

    tiles: reactive[tuple[int, ...]] = reactive(tuple, layout=True)  # (none: one line)
    chosen: reactive[int | None] = reactive(None)
    note: reactive[str] = reactive("")
    partner: reactive[str] = reactive("", layout=True)
    partner_turn: reactive[str] = reactive("")

    class TileClicked(Message):
        """The player clicked the tile at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def render(self) -> Text:
        tile_style = self.get_component_rich_style("hand--tile")
        chosen_style = self.get_component_rich_style("hand--chosen")
        note_style = self.get_component_rich_style("hand--note")
        room = max(0, (self.size.width - len(LABEL[0]) - 1) // TILE_WIDTH)
        shown = self.tiles[:room] if len(self.tiles) > room else self.tiles
        lines = [Text(LABEL[i]) for i in range(3)]
        for i, pips in enumerate(shown):
            key = str(i + 1) if i < 9 else " "
            box = _box(pips, key, i == self.chosen)
            for row in range(3):
                lines[row].append(box[row], chosen_style if i == self.chosen else tile_style)
                lines[row].append(" ")
        if len(shown) < len(self.tiles):
            lines[1].append(f"+{len(self.tiles) - len(shown)}")
        width = self.size.width
        if not self.tiles:
            lines[1].append(fit(self.note or "(no tiles)", width - lines[1].cell_len), note_style)
        elif self.note:
            lines[1].append(fit(" " + self.note, width - lines[1].cell_len), note_style)
        if self.partner:  # (lines cut to the hand's width, never wrapped under it)
            lead = "" if self.tiles else " "
            lines[0].append(fit(lead + self.partner, width - lines[0].cell_len), note_style)
            if self.partner_turn:
                lines[2].append(fit(lead + self.partner_turn, width - lines[2].cell_len), note_style)
        elif not self.tiles:  # one line: the message under it gets the rest (player-tester 3, item 10)
            return lines[1]
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = (offset.x - len(LABEL[0])) // TILE_WIDTH
        if offset.x >= len(LABEL[0]) and 0 <= index < len(self.tiles):
            self.post_message(self.TileClicked(index))
