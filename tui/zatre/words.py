"""How the table says things: a turn, what it wrote on the sheet, a seat's name.

Only wording: every fact comes from the view (``TurnRecord`` and friends).
"""

from __future__ import annotations

from typing import Sequence

from rules.zatre.state import TurnRecord

from ..names import fit, log_name, seat_name


def sides(view, names: Sequence[str], bots: Sequence[str | None] = ()) -> tuple[tuple[tuple[int, ...], str], ...]:
    """Who competes, in turn order: ``((seats, name), ...)``: each seat alone
    (``((0,), "Ada")``), or in the team variant each pair sharing a sheet
    (``((0, 1), "Ada & Ben")``); with ``bots``, bot seats say so (:func:`seat_name`)."""
    if view.options.teams:
        return tuple(((s, s + 1), f"{seat_name(names, bots, s)} & {seat_name(names, bots, s + 1)}")
                     for s in range(0, view.seats, 2))
    return tuple(((s,), seat_name(names, bots, s)) for s in range(view.seats))


PARTNER_NAME = 12
"""Cells of the partner's name beside the hand (a longer LAN name is cut)."""


def partner_text(view, names: Sequence[str]) -> str:
    """The team partner's tiles for the hand's top line (``""`` without teams):
    ``"Bob: 5 6"`` (Variant for Advanced Players: both partners see both hands). The
    name is whole up to 12 cells (the setup form's longest), and beside three tiles at
    80 columns so are two tiles of the partner's; whose turn it is goes on the hand's
    bottom line (:func:`partner_turn`)."""
    partner = view.partner
    if partner is None:
        return ""
    tiles = " ".join(map(str, view.partner_hand)) or "no tiles"
    return f"{fit(names[partner], PARTNER_NAME)}: {tiles}"


def partner_turn(view, names: Sequence[str]) -> str:
    """The hand's bottom line in the team variant: ``"Bob lays next"``, ``"Bob lays
    now"``, or ``""`` (no partner, the game over, the team's order still open: ruling
    12, or the partner done this turn)."""
    partner = view.partner
    if partner is None or view.over or view.choosing:
        return ""
    name = fit(names[partner], PARTNER_NAME)
    verb = "lay" if name == "You" else "lays"
    if partner in view.after:
        return f"{name} {verb} next"
    if partner == view.current:
        return f"{name} {verb} now"
    return ""


def turn_text(record: TurnRecord, name: str, short: bool = False) -> str:
    """One sentence for the turn ``record`` of the player ``name``: ``"Ada laid 5 6 →
    11, 12, x2: +12 points."``. ``short``: fewer cells for a narrow news line, the lines
    without commas and the points a bare sum (``"Ada laid 5 6 → 11 12 x2: +12."``,
    ``"Ada laid no tile; keeps 2."``; tester 6, finding 9)."""
    keeps = "keep" if name == "You" else "keeps"
    if not record.placements:
        if short:
            return f"{name} laid no tile; {keeps} {record.kept}."
        return f"{name} could lay no tile and {keeps} {record.kept} face down."
    tiles = " ".join(str(p.tile) for p in record.placements)
    lines = (" " if short else ", ").join([str(line.total) for line in record.lines]
                                          + ["x2"] * record.entry.crosses)
    scored = f" → {lines}" if record.lines else " → no line"  # (fits the news line: tester 2, item 7)
    kept = f"; {keeps} {record.kept}" if record.kept else ""
    points = "" if short else " point" if record.gain == 1 else " points"
    return f"{name} laid {tiles}{scored}: +{record.gain}{points}{kept}."


def log_line(number: int, record: TurnRecord, name: str) -> str:
    """A short line of the move log, the rise of the sheet total first so that it
    shows even when the rest is cut: ``" 7 Ada    +14 5 6: 11 12 x2"`` (tiles laid,
    then the lines of 10-12 they made and the crosses), ``" 8 Ben     +0 keeps 2"``.
    ``name``: as :func:`log_names` gives it (cut here if wider than :data:`LOG_NAME` cells)."""
    head = f"{number:>2} {log_name(name)} {'+' + str(record.gain):>4}"
    if not record.placements:
        return f"{head} keeps {record.kept}"
    tiles = " ".join(str(p.tile) for p in record.placements)
    if not record.lines:
        return f"{head} {tiles}: no line"
    lines = " ".join(str(line.total) for line in record.lines)
    return f"{head} {tiles}: {lines}" + " x2" * record.entry.crosses


def preview_text(turn) -> str:
    """What the tiles laid so far would score (a ``rules.zatre.scoring.TurnPreview``):
    ``"would score +14: 11 12 x2"``, ``"no line of 10-12 yet"``."""
    if not turn.lines:
        return "no line of 10-12 yet"
    lines = " ".join(str(line.total) for line in turn.lines)
    return f"would score +{turn.gain}: {lines}" + " x2" * len(turn.crosses_at)


def kept_from_last_turn(view, seat: int) -> int:
    """Tiles ``seat`` kept face down at the end of its last turn (0 before its first)."""
    return next((record.kept for record in reversed(view.log) if record.seat == seat), 0)


def in_front(view, seat: int) -> int:
    """Tiles face down in front of ``seat``, as the rulebook means it: between turns,
    all it holds; for the seat to move (whose hand holds this turn's draw as well),
    the tiles it kept from its last turn (in teams, for the partner placing after it too)."""
    if view.over or (seat != view.current and seat not in view.after):
        return view.held_counts[seat]
    return kept_from_last_turn(view, seat)


def hand_text(view, seat: int) -> str:
    """``"in hand: 3 (kept 1, drew 2)"``: what the seat to move holds this turn."""
    held = view.held_counts[seat]
    if view.first_move:
        return f"in hand: {held} (first move)"
    kept = kept_from_last_turn(view, seat)
    return f"in hand: {held} (kept {kept}, drew {held - kept})"


def last_turn_text(snap) -> str:
    """:func:`turn_text` for the latest turn of a Zatre snapshot (``""`` before any)."""
    return "\n".join(turns_since(snap, None, 1))


def last_turn_shorter(snap) -> tuple[str, ...]:
    """Shorter forms of :func:`last_turn_text`, longest first, for a news line too
    narrow for it (80x24; tester 6, finding 9): the player's name without its bot tag
    (``"Ada laid …"`` for ``"Ada (strong bot) laid …"``), then :func:`turn_text`'s short
    wording as well; ``()`` before any turn."""
    if not snap.view.log:
        return ()
    record = snap.view.log[-1]
    name = snap.names[record.seat]
    return turn_text(record, name), turn_text(record, name, short=True)


def turns_since(snap, seat: int | None, most: int = 4) -> list[str]:
    """:func:`turn_text` of each turn played since ``seat``'s last one (at most ``most``,
    the latest last)."""
    out: list[str] = []
    for record in reversed(snap.view.log):
        if record.seat == seat or len(out) == most:
            break
        out.append(turn_text(record, seat_name(snap.names, snap.bots, record.seat)))
    return out[::-1]
