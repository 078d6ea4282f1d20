"""Zatre bots. They see what a human in their seat sees: the view and the legal turns.

- :class:`EasyBot`, a beginner: any turn that scores something, else any turn.
- :class:`StrongBot` plays for the score sheet, not raw points (the rulebook's Hint
  after "Scoring"): it values a turn by what it adds to the sheet's total, rewards rows
  completed for their bonus and x2 crosses that will double rows, keeps the three sum
  columns even, and avoids leaving lines an opponent can finish with one tile. In the
  team variant it plays for the common sheet, and when its partner places next it
  weighs its best turns by the partner's best reply with the partner's tiles.

Team variant, who places first (reference ruling 12): a bot whose partner may still
choose leaves the choice to the partner (``TeamOrder("partner-chooses")``), so a human
partner always chooses; left the choice itself, the easy bot places first and the
strong bot compares the team's best with itself first and with its partner first.
"""

from __future__ import annotations

from typing import Sequence

import attrs

from .board import NEIGHBOURS, WIDTH, index, line_sum
from .placement import legal_turns
from .scoring import score_turn
from .sheet import Sheet
from .state import PARTNER_CHOOSES, PARTNER_FIRST, PlaceTiles, TeamOrder, ZatreView


def _grid(view: ZatreView) -> list[int]:
    g = [0] * (WIDTH * WIDTH)
    for cell, v in view.tiles:
        g[index(cell)] = v
    return g


def _board(view: ZatreView) -> tuple[int, ...]:
    return tuple(_grid(view))


def _entry(g: list[int], action: PlaceTiles, first_move: bool):
    for p in action.placements:
        g[index(p.cell)] = p.tile
    try:
        return score_turn(g, action.placements, first_move)[2]
    finally:
        for p in action.placements:
            g[index(p.cell)] = 0


def _turns(legal_actions: Sequence) -> list[PlaceTiles]:
    """The whole turns among ``legal_actions`` (not the team's order, ruling 12)."""
    return [a for a in legal_actions if isinstance(a, PlaceTiles)]


def _leaves_choice(legal_actions: Sequence) -> TeamOrder | None:
    """``TeamOrder("partner-chooses")`` if it is legal: the partner may still choose
    who places first, and a bot leaves that choice to them (ruling 12)."""
    order = TeamOrder(PARTNER_CHOOSES)
    return order if order in legal_actions else None


class EasyBot:
    """A beginner: picks at random among the turns that score, else among all turns.
    In teams it leaves the order to its partner, and places first when left it."""

    def choose(self, view: ZatreView, legal_actions: Sequence, rng) -> PlaceTiles | TeamOrder:
        leave = _leaves_choice(legal_actions)
        if leave is not None:
            return leave
        g = _grid(view)
        shuffled = _turns(legal_actions)
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
ORDER_LOOKAHEAD = 24
"""As :data:`LOOKAHEAD`, when choosing which partner places first (ruling 12): each
order's best is looked for wider, as the choice weighs two whole team turns."""


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
    or plus what it opens for a partner placing next. Left the team's order (ruling
    12), it places first if the team's best that way is at least as good as with its
    partner first (judged the same way, from the partner's seat), else lets the partner
    place first."""

    def choose(self, view: ZatreView, legal_actions: Sequence, rng) -> PlaceTiles | TeamOrder:
        leave = _leaves_choice(legal_actions)
        if leave is not None:
            return leave
        turns = _turns(legal_actions)
        if TeamOrder(PARTNER_FIRST) not in legal_actions:
            return turns[0] if len(turns) == 1 else self._best(view, turns, rng)[1]
        mine, action = self._best(view, turns, rng, ORDER_LOOKAHEAD)
        theirs = attrs.evolve(view, seat=view.partner, hand=view.partner_hand,
                              partner_hand=view.hand, after=(view.seat,))
        partner_turns = list(legal_turns(_board(view), view.partner_hand, view.first_move))
        if self._best(theirs, partner_turns, rng, ORDER_LOOKAHEAD)[0] > mine + 1e-9:
            return TeamOrder(PARTNER_FIRST)
        return action

    def _best(self, view: ZatreView, legal_actions: Sequence[PlaceTiles], rng,
              lookahead: int = LOOKAHEAD) -> tuple[float, PlaceTiles]:
        """The best turn of ``legal_actions`` and its value (ties: one at random),
        trying the ``lookahead`` best with the partner's reply when the partner places
        next."""
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
            scored = self._with_partner(view, g, sheet, base, scored, lookahead)
        top = max(score for score, _ in scored)
        return top, rng.choice([action for score, action in scored if score >= top - 1e-9])

    @staticmethod
    def _with_partner(view: ZatreView, g: list[int], sheet: Sheet, base: float,
                      scored: list[tuple[float, PlaceTiles]],
                      lookahead: int) -> list[tuple[float, PlaceTiles]]:
        """Team play: for the ``lookahead`` turns scoring best alone, the team's
        sheet value after this turn and the partner's best reply with the partner's
        tiles (both hands are known: Variant for Advanced Players), less what that
        leaves open for the next team."""
        shortlist = sorted(scored, key=lambda item: -item[0])[:lookahead]
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
