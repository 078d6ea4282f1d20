"""How the card table says things: a card, a turn, what it scored, a shown hand.

Only wording: every fact comes from the view (``TurnRecord`` and friends).
"""

from __future__ import annotations

from typing import Sequence

from rules.zatre_cards import Card, TurnRecord

from ..names import log_name, seat_name

ZERO = "○"
"""A blank half (0 pips): drawn as a ring so it never reads as a missing pip."""


def pips(value: int) -> str:
    return ZERO if value == 0 else str(value)


def card_text(card: Card) -> str:
    """``"5|3"``, ``"○|6"``."""
    return f"{pips(card.a)}|{pips(card.b)}"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_text(c) for c in cards)


def lines_text(record_or_preview) -> str:
    """``"11 12 +super"``: the lines of 10-12 made, and a super bonus."""
    out = " ".join(str(line.total) for line in record_or_preview.lines)
    if record_or_preview.entry.supers:
        out += " +super"
    return out


def turn_text(record: TurnRecord, name: str) -> str:
    """``"Ada laid 5|6 → 11, 12: +8 points."``"""
    laid = cards_text(record.faces)
    if not record.lines:
        return f"{name} laid {laid} → no line of 10-12: +0."
    lines = ", ".join(str(line.total) for line in record.lines)
    extra = " and a super bonus (+6)" if record.entry.supers else ""
    return f"{name} laid {laid} → {lines}{extra}: +{record.gain} point{'' if record.gain == 1 else 's'}."


def log_line(number: int, record: TurnRecord, name: str) -> str:
    """A short line of the move log, the points just scored first:
    ``" 7 Ada     +8 5|6: 11 12"`` (``name`` as :func:`log_names` gives it)."""
    head = f"{number:>2} {log_name(name)} {'+' + str(record.gain):>4}"
    laid = cards_text(record.faces)
    if not record.lines:
        return f"{head} {laid}: no line"
    return f"{head} {laid}: {lines_text(record)}"


def preview_text(turn) -> str:
    """What laying here would score (a ``TurnPreview``)."""
    if not turn.lines:
        return "+0: no line"
    return f"+{turn.gain}: {lines_text(turn)}"


def turns_since(snap, seat: int | None, most: int = 4) -> list[str]:
    """:func:`turn_text` of each turn played since ``seat``'s last one (the latest last)."""
    out: list[str] = []
    for record in reversed(snap.view.log):
        if record.seat == seat or len(out) == most:
            break
        out.append(turn_text(record, seat_name(snap.names, snap.bots, record.seat)))
    return out[::-1]
