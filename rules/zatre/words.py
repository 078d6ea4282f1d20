"""One turn in words, as the table's log tells it: ``describe(name, action, events)``.

For printed replays (``parlour replay --text``) and anything else that tells a game
move by move without a screen: every fact comes from the action and the events the
turn caused (the ``TurnRecord`` of Scoring rules 3, 6, 7).
"""

from __future__ import annotations

from typing import Sequence

from .state import PARTNER_FIRST, GameEnded, PlaceTiles, TeamOrder, TurnPlayed

ENDINGS = {
    "last-tile": "the last tile is drawn: the game is over",
    "no-tile-fits": "no tile fits anywhere: the game is over",
}


def cell_text(cell: tuple[int, int]) -> str:
    """``"(7, 7)"``: a cell as ``(row, col)``, as on the wire."""
    return f"({cell[0]}, {cell[1]})"


def describe(name: str, action: PlaceTiles | TeamOrder, events: Sequence[object] = ()) -> str:
    """``"Ann laid 6 at (7, 7), 1 at (7, 8) → 12 x2: +8"``, ``"Bob laid 3 at (5, 6) →
    no line: +0; keeps 1"``, ``"Cy could lay no tile and keeps 3"``, in teams ``"Ann
    lets the partner place first"`` (ruling 12); and, when the
    turn ended the game, why (``"; the last tile is drawn: the game is over"``)."""
    if isinstance(action, TeamOrder):  # ruling 12: the partners' order
        return (f"{name} lets the partner place first" if action.order == PARTNER_FIRST
                else f"{name} leaves the order to the partner")
    record = next((e.record for e in events if isinstance(e, TurnPlayed)), None)
    if not action.placements:
        kept = f" and keeps {record.kept}" if record is not None else ""
        text = f"{name} could lay no tile{kept}"
    else:
        text = f"{name} laid " + ", ".join(f"{p.tile} at {cell_text(p.cell)}" for p in action.placements)
        if record is not None:
            lines = " ".join(str(line.total) for line in record.lines) or "no line"
            text += f" → {lines}" + " x2" * record.entry.crosses + f": +{record.gain}"
            if record.kept:
                text += f"; keeps {record.kept}"
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    if ended is not None:
        text += "; " + ENDINGS.get(ended.reason, "the game is over")
    return text
