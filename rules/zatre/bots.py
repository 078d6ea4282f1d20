"""Zatre bots. They see what a human in their seat sees: the view and the legal turns.

- :class:`EasyBot`, a beginner: any turn that scores something, else any turn.
- :class:`StrongBot` plays for the score sheet, not raw points (the rulebook's Hint
  after "Scoring"): it values a turn by what it adds to the sheet's total, rewards rows
  completed for their bonus and x2 crosses that will double rows, keeps the three sum
  columns even, and avoids leaving lines an opponent can finish with one tile. In the
  team variant it plays for the common sheet, and when its partner places next it
  weighs its best turns by the partner's best reply with the partner's tiles.
"""

from __future__ import annotations

from typing import Sequence

from .board import NEIGHBOURS, WIDTH, index, line_sum
from .placement import legal_turns
from .scoring import score_turn
from .sheet import Sheet
from .state import PlaceTiles, ZatreView


def _grid(view: ZatreView) -> list[int]:
    g = [0] * (WIDTH * WIDTH)
    for cell, v in view.tiles:
        g[index(cell)] = v
    return g


def _entry(g: list[int], action: PlaceTiles, first_move: bool):
    for p in action.placements:
        g[index(p.cell)] = p.tile
    try:
        return score_turn(g, action.placements, first_move)[2]
    finally:
        for p in action.placements:
            g[index(p.cell)] = 0


class EasyBot:
    """A beginner: picks at random among the turns that score, else among all turns."""

    def choose(self, view: ZatreView, legal_actions: Sequence[PlaceTiles], rng) -> PlaceTiles:
        g = _grid(view)
        shuffled = list(legal_actions)
        rng.shuffle(shuffled)  # the first scoring turn of a shuffle: any scoring turn alike
        return next((a for a in shuffled if _entry(g, a, view.first_move).points), shuffled[0])


CROSS_AHEAD = 5.0
"""Worth of an x2 cross in a row not yet filled: it will double that row (points)."""
UNEVEN = 1.5
"""Cost per sheet row by which the longest sum column runs ahead of the shortest."""
OPENING = 0.35
"""Cost per point an opponent could score next turn on a line this turn left open."""


def sheet_value(sheet: Sheet) -> float:
    """The strong bot's estimate of a sheet's worth in points: its total, plus crosses
    waiting for rows, minus unevenness of the 10, 11 and 12 columns."""
    filled = max(len(sheet.tens), len(sheet.elevens), len(sheet.twelves))
    lengths = (len(sheet.tens), len(sheet.elevens), len(sheet.twelves))
    ahead = max(0, sheet.crosses - filled)
    return sheet.total() + CROSS_AHEAD * ahead - UNEVEN * (max(lengths) - min(lengths))


PARTNER = 0.5
"""Worth per point the partner, placing next this team turn, could take with one of
their tiles on a line this turn left open (to shortlist turns for :data:`LOOKAHEAD`)."""
LOOKAHEAD = 8
"""How many of its best turns the strong bot tries with its partner's best reply."""


def _openings(g: list[int], action: PlaceTiles, tiles: Sequence[int] = (6, 5, 4, 3, 2, 1)) -> int:
    """Points one tile of ``tiles`` (pips) could take on a cell next to this turn's tiles."""
    best = 0
    cells = {j for p in action.placements for j in NEIGHBOURS[index(p.cell)] if not g[j]}
    for c in cells:
        for v in set(tiles):
            g[c] = v
            h, w = line_sum(g, c, 1), line_sum(g, c, WIDTH)
            g[c] = 0
            if h > 12 or w > 12:
                continue
            pts = (h == 10) + 2 * (h == 11) + 4 * (h == 12) + (w == 10) + 2 * (w == 11) + 4 * (w == 12)
            best = max(best, pts)
    return best


class StrongBot:
    """Plays for the sheet (its team's in the team variant): maximises
    :func:`sheet_value` after the turn, less what the turn opens up for the next player,
    or plus what it opens for a partner placing next."""

    def choose(self, view: ZatreView, legal_actions: Sequence[PlaceTiles], rng) -> PlaceTiles:
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = _grid(view)
        sheet = view.sheet_of(view.seat)
        base = sheet_value(sheet)
        partner_next = view.partner is not None and view.partner in view.after
        scored = []
        for action in legal_actions:
            gain = sheet_value(sheet.write(_entry(g, action, view.first_move))) - base
            for p in action.placements:
                g[index(p.cell)] = p.tile
            if partner_next:
                score = gain + PARTNER * _openings(g, action, view.partner_hand)
            else:
                score = gain - OPENING * _openings(g, action)
            for p in action.placements:
                g[index(p.cell)] = 0
            scored.append((score, action))
        if partner_next and view.partner_hand:
            scored = self._with_partner(view, g, sheet, base, scored)
        top = max(score for score, _ in scored)
        return rng.choice([action for score, action in scored if score >= top - 1e-9])

    @staticmethod
    def _with_partner(view: ZatreView, g: list[int], sheet: Sheet, base: float,
                      scored: list[tuple[float, PlaceTiles]]) -> list[tuple[float, PlaceTiles]]:
        """Team play: for the :data:`LOOKAHEAD` turns scoring best alone, the team's
        sheet value after this turn and the partner's best reply with the partner's
        tiles (both hands are known: Variant for Advanced Players), less what that
        leaves open for the next team."""
        shortlist = sorted(scored, key=lambda item: -item[0])[:LOOKAHEAD]
        out = []
        for _, action in shortlist:
            mine = _entry(g, action, view.first_move)
            for p in action.placements:
                g[index(p.cell)] = p.tile
            after = sheet.write(mine)
            best = float("-inf")
            for reply in legal_turns(tuple(g), view.partner_hand, False):
                value = sheet_value(after.write(_entry(g, reply, False))) - base
                for p in reply.placements:
                    g[index(p.cell)] = p.tile
                value -= OPENING * _openings(g, reply)
                for p in reply.placements:
                    g[index(p.cell)] = 0
                best = max(best, value)
            for p in action.placements:
                g[index(p.cell)] = 0
            out.append((best, action))
        return out
