"""The results: standings, then each player's sheet (each team's, in the team
variant) with its arithmetic row by row (as the rules worked it out in ``Result``),
minus points and total."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from net.table import Snapshot
from rules.zatre import words as zatre_words

from ..screens.results import ResultsScreen as GameResultsScreen, places, win_line
from .words import sides

FORMULA = "Row = (10 + 11 + 12 + bonus if all three filled) x 2 if crossed."


def headline(snap: Snapshot) -> str:
    """``"Ada wins with 182 points!"`` (``"You win …"`` for a player named You, ``"Ada &
    Ben win …"`` for a team), or the tie."""
    result = snap.result
    winners = [name for seats, name in sides(snap.view, snap.names) if seats[0] in result.winners]
    return win_line(winners, max(s.total for s in result.scores))


def standings(snap: Snapshot) -> Table:
    """Places, sheet totals, minus points and totals, a line per player (per team in
    the team variant); winners marked with ★ and bold."""
    result = snap.result
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for header, justify in (("", "left"), ("Place", "right"), ("Player", "left"),
                            ("Sheet", "right"), ("Minus", "right"), ("Total", "right")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    names = {seats[0]: name for seats, name in sides(snap.view, snap.names, snap.bots)}
    ranked = sorted((s for s in result.scores if s.seat in names), key=lambda s: (-s.total, s.seat))
    for place, score in zip(places([s.total for s in ranked]), ranked):
        parts = dict(score.parts)
        won = score.seat in result.winners
        table.add_row(
            "★" if won else "", str(place), escape(names[score.seat]),
            str(parts.get("score sheet", score.total)), str(parts.get("minus points", 0)),
            str(score.total), style="bold" if won else "",
        )
    return table


def arithmetic(snap: Snapshot, seat: int) -> str:
    """The rows of ``seat``'s sheet, each with how its value arose."""
    return "\n".join(snap.result.scores[seat].breakdown) or "(nothing written on this sheet)"


def total_line(snap: Snapshot, seat: int) -> str:
    """``"sheet 40 - minus 7 = total 33"``: always in sight under the rows."""
    score = snap.result.scores[seat]
    parts = dict(score.parts)
    sheet, minus = parts.get("score sheet", score.total), -parts.get("minus points", 0)
    return f"sheet {sheet} - minus {minus} = total {score.total}"


class ResultsScreen(GameResultsScreen):
    """Shown over the Zatre table when the game ends (the shared results screen's keys
    and quiet moment): a tab per player, or per team in the team variant."""

    FORMULA = FORMULA
    headline_of = staticmethod(headline)

    def story_lines(self) -> list[str]:
        """How the game went, in Zatre's words (rules/zatre/words.py): a tie for first
        player, how it ended (the premature end and its deal-out)."""
        return zatre_words.story_lines(self.story, self.seat_names(), self.snap.view.opening)

    def sides(self, bots: bool = False) -> tuple[tuple[tuple[int, ...], str], ...]:
        snap = self.snap
        return sides(snap.view, snap.names, snap.bots if bots else ())

    def headline(self) -> str:
        return headline(self.snap)

    def standings(self) -> Table:
        return standings(self.snap)

    def arithmetic(self, seat: int) -> str:
        return arithmetic(self.snap, seat)

    def total_line(self, seat: int) -> str:
        return total_line(self.snap, seat)
