"""Estate's score pad (rulebook Win; reference E-F44, E-F45, E-F50, E-R23): the eight
categories for every player, the tie-break (Era Objective first places, then face-up
cards), and in solo the title the score earns (Pauper to Empire Builder) or the loss
after three failed objectives. Keys and tabs are every game's (tui.screens.results)."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from net.table import Snapshot
from rules.estate.scoring import CATEGORIES, TITLES

from ..names import fit, seat_name
from ..screens.results import ResultsScreen, places

SHORT = {"cards": "Card", "game end": "End", "gold": "Gold", "tucked": "Tuck", "stored": "Stor",
         "objectives": "Obj", "secret": "Secr", "tracks": "Trk"}
"""Each category's column head (80 columns hold the eight and the total)."""
LONG = {"cards": "Cards (printed VP)", "game end": "At Game End effects", "gold": "Gold (1 VP each)",
        "tucked": "Tucked cards (1 VP each)", "stored": "Stored resources (1 VP each)",
        "objectives": "Era Objectives", "secret": "Family Secret", "tracks": "Empty tracks (7 VP each)"}
"""The score pad's rows (E-F44), in words."""


def solo_title(snap: Snapshot) -> str:
    """The solo title line of the result (``""``: none, or not solo)."""
    lines = snap.result.scores[0].breakdown if snap.result.scores else ()
    return next((l.split(": ", 1)[1] for l in lines if l.startswith("title: ")), "")


def solo_lost(snap: Snapshot) -> bool:
    return any(l.startswith("lost: ") for l in snap.result.scores[0].breakdown)


def headline(snap: Snapshot) -> str:
    """``"You score 62 VP: Baron/Baroness"`` in solo; else who wins (a tie told)."""
    result = snap.result
    if len(snap.names) == 1:
        total = result.scores[0].total
        if solo_lost(snap):
            return f"Lost: three Era Objectives failed ({total} VP)."  # (80 columns: tester 2, item 7)
        return f"{snap.names[0]} score{'s' * (snap.names[0] != 'You')} {total} VP: {solo_title(snap)}!"
    winners = sorted(result.winners)
    best = max(s.total for s in result.scores)
    names = " and ".join(snap.names[s] for s in winners)
    if len(winners) > 1:
        return f"A shared victory: {names} with {best} VP."
    tied = sum(s.total == best for s in result.scores)
    verb = "win" if names == "You" else "wins"
    return f"{names} {verb} with {best} VP" + (" on the tie-break." if tied > 1 else "!")


PLAYER = 17
"""Cells of the Player column: the score pad fits 80 columns, ``Cleo (strong bot)`` whole
(player-tester 3, item 12: ``Ben (strong b…``); a longer name is cut before its
``(strong bot)``."""


def _player(snap: Snapshot, seat: int) -> str:
    """The seat's name in :data:`PLAYER` cells, its ``(strong bot)`` kept whole."""
    name = seat_name(snap.names, snap.bots, seat)
    return fit(name, PLAYER, len(name) - len(snap.names[seat]))


def standings(snap: Snapshot) -> Table:
    """Place, player, the eight categories, total; winners ★ and bold."""
    result = snap.result
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for head, justify in (("", "left"), ("#", "right"), ("Player", "left"),
                          *((SHORT[c], "right") for c in CATEGORIES), ("Total", "right")):
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    ranked = sorted(result.scores, key=lambda s: (-s.total, s.seat))
    for place, score in zip(places([s.total for s in ranked]), ranked):
        won = score.seat in result.winners
        parts = dict(score.parts)
        table.add_row("★" if won else "", str(place),
                      escape(_player(snap, score.seat)),
                      *(str(parts.get(c, 0)) for c in CATEGORIES), str(score.total),
                      style="bold" if won else "")
    return table


def solo_story(snap: Snapshot) -> list[str]:
    """Solo: after a loss, the loss first (E-F46: three Era Objectives failed, no title),
    the ladder only below its own heading; after a win, the ladder (E-F50)."""
    ladder = " · ".join(f"{name} {at}+" if at else f"{name} under {TITLES[-2][0]}"
                        for at, name in reversed(TITLES))
    if solo_lost(snap):
        return ["Lost: three Era Objectives failed, so no title is earned (rulebook Solo Mode).",
                f"Titles a game that survives all five Eras earns: {ladder}."]
    return [f"Solo titles (rulebook Solo Mode Scoring): {ladder}."]


class EstateResultsScreen(ResultsScreen):
    """The score pad over the Estate table when the game ends; ``b`` goes back."""

    FORMULA = ("Card printed VP · End At Game End · Gold · Tuck tucked · Stor stored · "
               "Obj objectives · Secr Family Secret · Trk 7 per empty track.")
    headline_of = staticmethod(headline)

    def story_lines(self) -> list[str]:
        if len(self.snap.names) == 1:
            return solo_story(self.snap)
        result = self.snap.result
        best = max(s.total for s in result.scores)
        if sum(s.total == best for s in result.scores) > 1:
            return ["Tied on VP: most Era Objective first places win, then most face-up cards "
                    "(rulebook Win); still tied, a shared victory."]
        return []

    def headline(self) -> str:
        return headline(self.snap)

    def standings(self) -> Table:
        return standings(self.snap)

    def arithmetic(self, seat: int) -> str:
        score = self.snap.result.scores[seat]
        rows = [f"{LONG.get(name, name):<30} {points:>4}" for name, points in score.parts]
        extra = [l for l in score.breakdown if l.startswith(("title: ", "lost: "))]
        return "\n".join(rows + [l.replace("title: ", "Title: ").replace("lost: ", "Lost: ") for l in extra])

    def total_line(self, seat: int) -> str:
        score = self.snap.result.scores[seat]
        return f"{'Total':<30} {score.total:>4} VP"
