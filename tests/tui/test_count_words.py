"""A count of one is said in the singular wherever the table shows one (player-tester
23, finding 10: Zatre's status line said "bag: 1 tiles"): the bag, the tiles dealt out
at a premature end (Zatre rulebook, "End of the Game"), a win by one point, the whole
log's line count."""

from __future__ import annotations

from textual.app import App, ComposeResult

from rules.zatre import PrematureEnd
from rules.zatre import words as zatre_words
from tui.screens.results import win_line
from tui.screens.whole_log import WholeLogScreen
from tui.zatre.status import TurnStatus


class StatusOnly(App):
    def compose(self) -> ComposeResult:
        yield TurnStatus()


async def test_the_status_line_says_one_tile_in_the_bag():
    app = StatusOnly()
    async with app.run_test(size=(80, 3)) as pilot:
        status = app.query_one(TurnStatus)
        status.turn, status.bag = "Ann lays tiles", 1
        await pilot.pause()
        assert str(status.render()).endswith("bag: 1 tile"), str(status.render())
        status.bag = 2
        await pilot.pause()
        assert str(status.render()).endswith("bag: 2 tiles")


def test_one_tile_dealt_out_and_a_win_by_one_point():
    line = zatre_words.event_line(PrematureEnd(bag=1, dealt=(0, 1), first=1), ("Ann", "Bob"))
    assert line == "no tile fits: the game ends early; 1 tile dealt out: 1 to Bob (minus points)"
    assert win_line(["Ada"], 1) == "Ada wins with 1 point!"
    assert win_line(["Ada", "Ben"], 1) == "A tie: Ada and Ben share the win with 1 point."


async def test_the_whole_log_counts_one_line():
    app = StatusOnly()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(WholeLogScreen(["Ann laid a 3"], "Moves"))
        await pilot.pause()
        assert "· 1 line ·" in "\n".join(str(s.render()) for s in app.screen.query("Static"))
