"""How the table says things: a turn, what it wrote on the sheet, a seat's name.

Only wording: every fact comes from the view (``TurnRecord`` and friends).
"""

from __future__ import annotations

from typing import Sequence

from rules.zatre.sheet import SheetEntry
from rules.zatre.state import TurnRecord

COLUMNS = (("ten", "10"), ("eleven", "11"), ("twelve", "12"))


def seat_name(names: Sequence[str], bots: Sequence[str | None], seat: int) -> str:
    """``"Ada"`` or, for a bot seat, ``"Ada (strong bot)"``."""
    bot = bots[seat] if seat < len(bots) else None
    return f"{names[seat]} ({bot} bot)" if bot else names[seat]


def entry_text(entry: SheetEntry) -> str:
    """What a turn wrote on the sheet: ``"12: 8, 10: 1, x2 twice"`` or ``"nothing"``."""
    parts = [f"{label}: {getattr(entry, field)}" for field, label in COLUMNS if getattr(entry, field)]
    if entry.crosses:
        parts.append("x2" if entry.crosses == 1 else f"x2 {entry.crosses} times")
    return ", ".join(parts) if parts else "nothing"


def turn_text(record: TurnRecord, name: str, gained: int) -> str:
    """One sentence for the turn ``record`` of the player ``name`` whose sheet total
    rose by ``gained``: ``"Ada laid 5 6 → 11, 12, x2: +12 points."``"""
    if not record.placements:
        return f"{name} could lay no tile and keeps {record.kept} face down."
    tiles = " ".join(str(p.tile) for p in record.placements)
    lines = ", ".join(str(line.total) for line in record.lines)
    crosses = ", x2" * record.entry.crosses
    scored = f" → {lines}{crosses}" if record.lines else " → no line of 10-12"
    kept = f"; keeps {record.kept}" if record.kept else ""
    return f"{name} laid {tiles}{scored}: +{gained} points{kept}."


def log_line(number: int, record: TurnRecord, name: str) -> str:
    """A short line of the move log: ``" 7 Ada   5 6 → 11 12 +6 x2"``."""
    if not record.placements:
        return f"{number:>2} {name[:7]:<7} keeps {record.kept}"
    tiles = " ".join(str(p.tile) for p in record.placements)
    text = f"{number:>2} {name[:7]:<7} {tiles}"
    if record.lines:
        text += " → " + " ".join(str(line.total) for line in record.lines)
        text += f" +{record.entry.points}"
        if record.entry.crosses:
            text += " x2" * record.entry.crosses
    else:
        text += " → -"
    return text
