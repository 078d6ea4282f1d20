"""Zatre: Das Kartenspiel bots. They see what a human in their seat sees: the view
and the legal actions.

- :class:`EasyBot`, a beginner: any laying that scores something, else any.
- :class:`StrongBot` plays for the sheet: it values a laying by what it adds to the
  sheet's total (row bonuses and the super bonus included), keeps the 10, 11 and 12
  columns even so rows fill up for their bonus, prefers triple scores (the super
  bonus is in the total), and avoids leaving lines the next player finishes with one
  half; with two players it also values lines left open that its own remaining
  cards can finish ("playing ahead", the rulebook's words for triple scores).
"""

from __future__ import annotations

from typing import Sequence

from .cards import FACES
from .placement import AXES, grid_of, run_cells
from .scoring import score_cells
from .sheet import LINE_POINTS, Sheet
from .state import LayCard, LayOpening, ZatreCardsView


def _lays(action) -> tuple[LayCard, ...]:
    if isinstance(action, LayOpening):
        return (action.first, action.second)
    if isinstance(action, LayCard):
        return (action,)
    return ()


def _put(g: dict, lays) -> list:
    cells = []
    for lay in lays:
        a, b = FACES[lay.card]
        g[lay.cell], g[lay.second] = a, b
        cells += lay.cells
    return cells


class EasyBot:
    """A beginner: picks at random among the layings that score, else among all."""

    def choose(self, view: ZatreCardsView, legal_actions: Sequence, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = dict(grid_of(view.laid))
        scoring = []
        for action in legal_actions:
            cells = _put(g, _lays(action))
            if score_cells(g, cells)[1].points:
                scoring.append(action)
            for c in cells:
                del g[c]
        return rng.choice(scoring or list(legal_actions))


UNEVEN = 1.5
"""Cost per sheet row by which the longest sum column runs ahead of the shortest."""
OPENING = 0.4
"""Cost per point the next player could score on a line this laying left open."""
AHEAD = 0.3
"""Worth per point the bot's own remaining cards could score on a line left open."""


def sheet_value(sheet: Sheet) -> float:
    """The strong bot's estimate of a sheet's worth: its total less the unevenness of
    the 10, 11 and 12 columns (rows only earn their bonus when all three are filled)."""
    lengths = (len(sheet.tens), len(sheet.elevens), len(sheet.twelves))
    return sheet.total() - UNEVEN * (max(lengths) - min(lengths))


def _open_points(g: dict, cells, halves: set[int]) -> int:
    """Most points one more half from ``halves`` could score at an open end of a
    line through ``cells``."""
    best = 0
    for cell in cells:
        for axis in AXES:
            run = run_cells(g, cell, axis)
            t = sum(g[c] for c in run)
            ends = ((run[0][0] - axis[0], run[0][1] - axis[1]),
                    (run[-1][0] + axis[0], run[-1][1] + axis[1]))
            if all(e in g for e in ends):
                continue
            for target in (12, 11, 10):
                if target - t in halves:
                    best = max(best, LINE_POINTS[target])
                    break
    return best


ANY_HALF = {1, 2, 3, 4, 5, 6}


class StrongBot:
    """Maximises :func:`sheet_value` after the laying, less what it opens up for the
    next player, plus what it keeps open for its own next card."""

    def choose(self, view: ZatreCardsView, legal_actions: Sequence, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        g = dict(grid_of(view.laid))
        sheet = view.sheets[view.seat]
        base = sheet_value(sheet)
        best, best_score = [], float("-inf")
        for action in legal_actions:
            lays = _lays(action)
            cells = _put(g, lays)
            entry = score_cells(g, cells)[1]
            used = {lay.card for lay in lays}
            mine = {v for c in view.hand if c.id not in used for v in (c.a, c.b) if v}
            danger = _open_points(g, cells, ANY_HALF)
            ahead = _open_points(g, cells, mine) if view.seats == 2 else 0
            for c in cells:
                del g[c]
            score = sheet_value(sheet.write(entry)) - base - OPENING * danger + AHEAD * ahead
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return rng.choice(best)
