"""Zestrea's results: standings with Zestre, Land and the couples bonus, the tie-break
by villagers, then each Boyar's score worked out (rules/zestrea/scoring.py's
breakdown). Keys and tabs are every game's (tui.screens.results)."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from net.table import Snapshot
from rules.core import plural

from ..names import seat_name
from ..screens.results import ResultsScreen, places

TIE_BREAK = "villagers (tie-break): "


def _villagers(snap: Snapshot, seat: int) -> int:
    line = next((l for l in snap.result.scores[seat].breakdown if l.startswith(TIE_BREAK)), "")
    return int(line[len(TIE_BREAK):]) if line[len(TIE_BREAK):].isdigit() else 0


def headline(snap: Snapshot) -> str:
    """``"Ana wins with 14 points!"``, ``"… on the tie-break (9 villagers)"``, or a
    shared win."""
    result = snap.result
    winners = sorted(result.winners)
    best = max(s.total for s in result.scores)
    names = " and ".join(snap.names[s] for s in winners)
    tied = [s.seat for s in result.scores if s.total == best]
    if len(winners) > 1:
        return f"A tie: {names} share the win with {plural(best, 'point')}."
    verb = "win" if names == "You" else "wins"
    if len(tied) > 1:
        return (f"{names} {verb} with {plural(best, 'point')} on the tie-break "
                f"({plural(_villagers(snap, winners[0]), 'villager')}).")
    return f"{names} {verb} with {plural(best, 'point')}!"


def standings(snap: Snapshot) -> Table:
    """Places, Zestre, Land, the couples bonus, total and villagers; winners ★ and bold."""
    result = snap.result
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for header, justify in (("", "left"), ("Place", "right"), ("Boyar", "left"), ("Zestre", "right"),
                            ("Land", "right"), ("Bonus", "right"), ("Total", "right"),
                            ("Villagers", "right")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    ranked = sorted(result.scores, key=lambda s: (-s.total, -_villagers(snap, s.seat), s.seat))
    # a tie on points goes to the most villagers; only a tie on both is shared (Z-R40)
    for place, score in zip(places([(s.total, _villagers(snap, s.seat)) for s in ranked]), ranked):
        won = score.seat in result.winners
        parts = dict(score.parts)
        table.add_row("★" if won else "", str(place), escape(seat_name(snap.names, snap.bots, score.seat)),
                      str(parts.get("Zestre", 0)), str(parts.get("Land", 0)),
                      str(parts.get("couples bonus", 0)), str(score.total),
                      str(_villagers(snap, score.seat)), style="bold" if won else "")
    return table


class ZestreaResultsScreen(ResultsScreen):
    """Shown over the Zestrea table when the game ends; ``b`` goes back to the table.
    The story above the standings tells the tie-break when it decided."""

    FORMULA = ("Zestre + 1 per Land + 5 for the one Boyar alone with the most Couples; "
               "a tie goes to the most villagers.")
    headline_of = staticmethod(headline)

    def story_lines(self) -> list[str]:
        """The tie-break, when it decided (the headline says who won)."""
        result = self.snap.result
        best = max(s.total for s in result.scores)
        tied = [s.seat for s in result.scores if s.total == best]
        if len(tied) < 2:
            return []
        counts = ", ".join(f"{self.snap.names[s]} {_villagers(self.snap, s)}" for s in tied)
        return [f"Tied on {plural(best, 'point')}; the most villagers win the tie (rulebook \"Final Turn\"): {counts}."]

    def headline(self) -> str:
        return headline(self.snap)

    def standings(self) -> Table:
        return standings(self.snap)

    def arithmetic(self, seat: int) -> str:
        return "\n".join(self.snap.result.scores[seat].breakdown)

    def total_line(self, seat: int) -> str:
        score = self.snap.result.scores[seat]
        return " + ".join(f"{name} {points}" for name, points in score.parts) + f" = total {score.total}"
