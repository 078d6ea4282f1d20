"""Zatre in teams at 80x24 with names as long as the setup form takes (12 letters): every
place the table names a player shows the name whole (player-tester finding, leftovers
item 1: ``p: Strong… first``). Zatre rulebook, "Variant for Advanced Players": partners
share a score sheet and see each other's tiles; reference/zatre.md ruling 12: at the
start of their team's placing the partners choose who places first."""

from __future__ import annotations

from tui.app import ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.names import cells
from tui.screens.local_setup import MAX_NAME
from tui.widgets.message import TableMessage
from tui.zatre.hand import HandTiles
from tui.zatre.scores import ScoreStrip
from tui.zatre.sheet import ScoreSheet
from tui.zatre.status import TurnStatus

from .helpers import start, until

SMALL = (80, 24)
YOU, PARTNER = "Maximilianaa", "Strongbowwww"
OTHERS = ("Benedictusss", "Cleopatraaaa")
SEED = 0  # seat 0 wins the draw for first player with four seats


def drawn(widget) -> list[str]:
    """The lines ``widget`` draws on screen, as text."""
    return [widget.render_line(y).text for y in range(widget.size.height)]


def long_named_team_game() -> LocalGame:
    seats = (SeatChoice(YOU), SeatChoice(PARTNER, "easy")) + tuple(SeatChoice(n, "easy") for n in OTHERS)
    return LocalGame(seats, seed=SEED, pace=0, teams=True)


async def lay_whole_turn(pilot, table) -> None:
    """Lay as many tiles as the turn lays, each on its first hinted cell, and confirm."""
    for _ in range(table.to_place):
        await pilot.press("1", "n", "enter")
    await pilot.press("c")


async def test_twelve_letter_names_show_whole_at_a_team_table_at_80x24():
    """The Scores strip (team number and name), the sheet's title, the partner's tiles
    and turn beside the hand, the turn line and, at ruling 12's choice, the keys line
    name each player whole; the sheet's "In hand" line gives the counts in the
    title's order when the names do not fit beside them."""
    assert all(len(name) == MAX_NAME for name in (YOU, PARTNER, *OTHERS))
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, long_named_team_game())
        await pilot.pause()
        strip = drawn(table.query_one(ScoreStrip))
        for team, name in ((1, YOU), (1, PARTNER), (2, OTHERS[0]), (2, OTHERS[1])):
            assert any(f"{team}·{name}" in row for row in strip), strip
        sheet = table.query_one(ScoreSheet)
        title = str(sheet.border_title)
        assert f"{YOU} & {PARTNER}" in title and cells(title) <= sheet.size.width - 2, title
        assert drawn(sheet)[-2].strip() == "In hand: " + " & ".join(
            str(table.view.held_counts[s]) for s in (0, 1)), drawn(sheet)
        hand = drawn(table.query_one(HandTiles))
        assert f"{PARTNER}: " in hand[0] and hand[2].rstrip().endswith(f"{PARTNER} lays next"), hand
        assert "…" not in "".join(hand)
        status = drawn(table.query_one(TurnStatus))[0]
        assert f"{YOU}, your turn: lay 3 tiles" in status and "bag:" in status, status

        # ruling 12: the bots have played; our team's placing, the bot partner leaves the order to us
        await lay_whole_turn(pilot, table)
        await until(pilot, lambda: table.my_turn and table.view.choosing == (0,), timeout=20)
        await pilot.pause()
        message = table.query_one(TableMessage)
        assert message.text == f"Enter: you lay first; p: {PARTNER} first."
        assert not message.cut() and any(message.text in row for row in drawn(message))
        status_bar = table.query_one(TurnStatus)
        words = f"{YOU}, your team places: you choose who goes first"
        assert words in drawn(status_bar)[0]
        status_bar.extra = "profi: no hints"  # the options make way for the turn, the bag stays
        await pilot.pause()
        assert words in drawn(status_bar)[0] and "bag:" in drawn(status_bar)[0]
        assert "profi" not in drawn(status_bar)[0]
        hand = drawn(table.query_one(HandTiles))
        assert f"{PARTNER}: " in hand[0] and "lays" not in hand[2], "the order is still open"
