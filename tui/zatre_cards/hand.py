"""The cards in hand, drawn as little dominoes with the key (1-4) that chooses each;
the chosen one has a heavy frame and is shown turned as it would be laid."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from rules.zatre_cards import Card

from ..names import fit

from .words import pips

CARD_WIDTH = 6  # "┌─┬─┐" and a gap
LABEL = ("      ", " Hand ", "      ")
TURNED = {"right": "→", "down": "↓", "left": "←", "up": "↑"}


def _domino(card: Card, key: str, chosen: bool) -> tuple[str, str, str]:
    a, b = pips(card.a), pips(card.b)
    if chosen:
        return ("┏━┳━┓", f"┃{a}┃{b}┃", f"┗{key}┻━┛")
    return ("┌─┬─┐", f"│{a}│{b}│", f"└{key}┴─┘")


class HandCards(Widget):
    """``cards``: the cards still in hand this turn; ``chosen``: index of the chosen
    one or ``None``; ``note``: words on the right (what laying here would score)."""

    COMPONENT_CLASSES = {"hand--tile", "hand--chosen", "hand--note"}

    cards: reactive[tuple[Card, ...]] = reactive(tuple)
    chosen: reactive[int | None] = reactive(None)
    note: reactive[str] = reactive("")
    note2: reactive[str] = reactive("")

    class CardClicked(Message):
        """The player clicked the card at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def render(self) -> Text:
        tile_style = self.get_component_rich_style("hand--tile")
        chosen_style = self.get_component_rich_style("hand--chosen")
        note_style = self.get_component_rich_style("hand--note")
        lines = [Text(LABEL[i]) for i in range(3)]
        for i, card in enumerate(self.cards):
            key = str(i + 1) if i < 9 else "─"
            box = _domino(card, key, i == self.chosen)
            for row in range(3):
                lines[row].append(box[row], chosen_style if i == self.chosen else tile_style)
                lines[row].append(" ")
        width = self.size.width  # (notes cut to the hand's width, never wrapped under it)
        if not self.cards:
            lines[1].append(fit(self.note or "(no cards)", width - lines[1].cell_len), note_style)
        else:
            lines[0].append(fit(" " + self.note, width - lines[0].cell_len), note_style)
            lines[1].append(fit(" " + self.note2, width - lines[1].cell_len), note_style)
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = (offset.x - len(LABEL[0])) // CARD_WIDTH
        if offset.x >= len(LABEL[0]) and 0 <= index < len(self.cards):
            self.post_message(self.CardClicked(index))
