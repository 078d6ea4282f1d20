"""One turn in words, as the table's log tells it: ``describe(name, action, events)``.

For printed replays (``parlour replay --text``) and anything else that tells a game
move by move without a screen. A card is told by its pips, ``a|b`` (a blank half is
``0``), its first half on the cell named and its second half one step ``orientation``
from there (state.py).
"""

from __future__ import annotations

from typing import Sequence

from .cards import card
from .state import CardsDrawn, GameEnded, HandShown, LayCard, LayOpening, Pass, RoundEnded, TurnPlayed


def cell_text(cell: tuple[int, int]) -> str:
    """``"(0, 1)"``: a cell as ``(row, col)``, as on the wire."""
    return f"({cell[0]}, {cell[1]})"


def card_text(card_id: int) -> str:
    """``"2|5"``: a card's pips, first half then second."""
    face = card(card_id)
    return f"{face.a}|{face.b}"


def lay_text(lay: LayCard) -> str:
    """``"2|5 at (0, 1) right"``."""
    return f"{card_text(lay.card)} at {cell_text(lay.cell)} {lay.orientation}"


def describe(name: str, action: object, events: Sequence[object] = ()) -> str:
    """``"Bob laid 2|5 at (0, 1) right → 11: +4"``, ``"Ann opened with 3|4 at (0, 0)
    right and 6|1 at (1, 0) right → no line: +0"``, ``"Cy showed 5|6 2|5 (none fit) and
    drew 3"``, ``"Dee passed (no card fits)"``; then the end of a round or the game."""
    if isinstance(action, LayCard):
        text = f"{name} laid {lay_text(action)}"
    elif isinstance(action, LayOpening):
        text = f"{name} opened with {lay_text(action.first)} and {lay_text(action.second)}"
    elif isinstance(action, Pass):
        text = f"{name} passed (no card fits)"
    else:
        shown = next((e for e in events if isinstance(e, HandShown)), None)
        cards = " ".join(f"{c.a}|{c.b}" for c in shown.cards) if shown is not None else "the hand"
        drew = sum(e.count for e in events if isinstance(e, CardsDrawn) and e.source == "set-aside")
        text = f"{name} showed {cards} (none fit) and drew {drew}"
    record = next((e.record for e in events if isinstance(e, TurnPlayed)), None)
    if record is not None:
        lines = " ".join(str(line.total) for line in record.lines) or "no line"
        text += f" → {lines}" + (" +super" if record.entry.supers else "") + f": +{record.gain}"
    for event in events:
        if isinstance(event, RoundEnded):
            text += f"; round {event.round} is over"
        elif isinstance(event, GameEnded):
            text += "; the game is over"
    return text
