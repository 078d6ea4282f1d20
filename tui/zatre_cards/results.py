"""The card game's results: standings with the points of each round, then each
player's sheet with its arithmetic row by row (as the rules worked it out in
``Result.breakdown``) and the rounds adding up to the total.

The keys and the tabs are every game's (tui.screens.results)."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from net.table import Snapshot
from rules.zatre_cards import words as card_words

from ..screens.results import ResultsScreen, places, win_line
from .words import seat_name

FORMULA = "Row = 10 + 11 + 12, + its bonus once all three are filled; super bonus: 6 each."


def headline(snap: Snapshot) -> str:
    """``"Ada wins with 75 points!"`` (``"You win …"`` for a player named You), or the
    tie (every player plays alone in the card game)."""
    result = snap.result
    winners = [snap.names[s] for s in sorted(result.winners)]
    return win_line(winners, max(s.total for s in result.scores))


def standings(snap: Snapshot) -> Table:
    """Places, the points of each round and totals; winners marked with ★ and bold."""
    result = snap.result
    table = Table(box=None, padding=(0, 1), show_edge=False)
    rounds = [name for name, _ in result.scores[0].parts]
    for header, justify in (("", "left"), ("Place", "right"), ("Player", "left"),
                            *((name.capitalize(), "right") for name in rounds), ("Total", "right")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    ranked = sorted(result.scores, key=lambda s: (-s.total, s.seat))
    for place, score in zip(places([s.total for s in ranked]), ranked):
        won = score.seat in result.winners
        name = escape(seat_name(snap.names, snap.bots, score.seat))
        table.add_row("★" if won else "", str(place), name,
                      *(str(points) for _, points in score.parts), str(score.total),
                      style="bold" if won else "")
    return table


def arithmetic(snap: Snapshot, seat: int) -> str:
    """The rows of ``seat``'s sheet with how each value arose, and the super bonuses."""
    lines = [line for line in snap.result.scores[seat].breakdown if not line.startswith("round ")]
    return "\n".join(lines) or "(nothing written on this sheet)"


def total_line(snap: Snapshot, seat: int) -> str:
    """``"round 1 35 + round 2 40 = total 75"``: always in sight under the rows."""
    score = snap.result.scores[seat]
    rounds = " + ".join(f"{name} {points}" for name, points in score.parts)
    return f"{rounds} = total {score.total}"


class CardResultsScreen(ResultsScreen):
    """Shown over the card table when the game ends; ``b`` goes back to the table.
    Its keys and their quiet moment are every game's results screen's."""

    FORMULA = FORMULA
    headline_of = staticmethod(headline)

    def story_lines(self) -> list[str]:
        """How the game went, in the card game's words (rules/zatre_cards/words.py):
        hands shown, passes, rounds ended early, how the game ended."""
        return card_words.story_lines(self.story, self.seat_names())

    def headline(self) -> str:
        return headline(self.snap)

    def standings(self) -> Table:
        return standings(self.snap)

    def arithmetic(self, seat: int) -> str:
        return arithmetic(self.snap, seat)

    def total_line(self, seat: int) -> str:
        return total_line(self.snap, seat)
