"""How the table says things: a turn, what it wrote on the sheet, a seat's name.

Only wording: every fact comes from the view (``TurnRecord`` and friends).
"""

from __future__ import annotations

from typing import Sequence

from rules.zatre.state import TurnRecord


def seat_name(names: Sequence[str], bots: Sequence[str | None], seat: int) -> str:
    """``"Ada"`` or, for a bot seat, ``"Ada (strong bot)"``."""
    bot = bots[seat] if seat < len(bots) else None
    return f"{names[seat]} ({bot} bot)" if bot else names[seat]


def turn_text(record: TurnRecord, name: str) -> str:
    """One sentence for the turn ``record`` of the player ``name``: ``"Ada laid 5 6 → 11, 12, x2: +12 points."``"""
    if not record.placements:
        return f"{name} could lay no tile and keeps {record.kept} face down."
    tiles = " ".join(str(p.tile) for p in record.placements)
    lines = ", ".join(str(line.total) for line in record.lines)
    crosses = ", x2" * record.entry.crosses
    scored = f" → {lines}{crosses}" if record.lines else " → no line of 10-12"
    kept = f"; keeps {record.kept}" if record.kept else ""
    return f"{name} laid {tiles}{scored}: +{record.gain} points{kept}."


def log_line(number: int, record: TurnRecord, name: str) -> str:
    """A short line of the move log: ``" 7 Ada     5 6 → 11 12 x2 +14"``: the tiles
    laid, the lines of 10-12 they made, crosses, and the rise of the sheet total."""
    if not record.placements:
        return f"{number:>2} {name[:7]:<7} keeps {record.kept}"
    tiles = " ".join(str(p.tile) for p in record.placements)
    text = f"{number:>2} {name[:7]:<7} {tiles} →"
    if record.lines:
        text += " " + " ".join(str(line.total) for line in record.lines)
        text += " x2" * record.entry.crosses
    else:
        text += " no line"
    return text + f" +{record.gain}"


def last_turn_text(snap) -> str:
    """:func:`turn_text` for the latest turn of a Zatre snapshot (``""`` before any)."""
    return "\n".join(turns_since(snap, None, 1))


def turns_since(snap, seat: int | None, most: int = 4) -> list[str]:
    """:func:`turn_text` of each turn played since ``seat``'s last one (at most ``most``,
    the latest last)."""
    out: list[str] = []
    for record in reversed(snap.view.log):
        if record.seat == seat or len(out) == most:
            break
        out.append(turn_text(record, seat_name(snap.names, snap.bots, record.seat)))
    return out[::-1]
