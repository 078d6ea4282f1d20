"""Whole-game flows: the results, hotseat hand-over, replayed bot moves, a turn in
which no tile can be laid, and a terminal too small for the table."""

from __future__ import annotations

from typing import Callable

import attrs

from net.table import Outcome, Snapshot
from rules.zatre import GAME, ZatreOptions
from rules.zatre.state import PlaceTiles
from tui.app import LOCAL_LEAVE_QUESTION, ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.screens.confirm import ConfirmScreen
from tui.screens.game_table import taken_back_words
from tui.screens.handover import HandOverScreen
from tui.screens.local_setup import LocalSetupScreen
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen
from tui.widgets.too_small import TooSmall
from tui.zatre.board import ZatreBoard
from tui.zatre.hand import HandTiles
from tui.widgets.message import TableMessage
from tui.zatre.results import ResultsScreen
from tui.zatre.table import TableScreen

from .helpers import BOT_FIRST_SEED, HUMAN_FIRST_SEED, SIZE, covered, hand_over, shown, solo, start, until, walk_to


async def test_results_after_a_game_of_bots(monkeypatch):
    # the results' quiet moment never ends by itself, however slow the machine
    monkeypatch.setattr(ResultsScreen, "QUIET", 60.0)
    app = ParlourApp(pace=0)
    # names that look like markup show as typed (a name "Ben[/]" once closed Parlour)
    game = LocalGame((SeatChoice("[AFK] Ada", "easy"), SeatChoice("Ben[/]", "easy"),
                      SeatChoice("Cy", "easy")), seed=5, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_local(game)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), timeout=30)
        await pilot.pause()
        results = app.screen
        # keys meant for the table as the game ended act not here: "next hint" starts
        # no new game and "q" (leave) does not leave (issue 8 §4: a quiet moment first)
        assert not results.listening
        await pilot.press("n", "q")
        assert app.screen is results and app.table is not None
        story = " ".join(shown(results.query_one("#story")).split())
        end = [e for e in results.snap.events if type(e).__name__ in ("GameEnded", "PrematureEnd")]
        assert end and ("the game ends early" in story if results.snap.view.blocked
                        else "The last tile is drawn and its turn played: the game is over" in story)
        results.QUIET = 0.05  # now let the quiet moment end: a short wait, started again
        results.wait_for_quiet()
        await until(pilot, lambda: results.listening)  # (after its quiet moment)
        result = results.snap.result
        assert result is not None and results.snap.over
        headline = shown(results.query_one("#headline"))
        for seat in result.winners:
            assert results.snap.names[seat] in headline
        standings = shown(results.query_one("#standings")).splitlines()
        ranked = sorted(result.scores, key=lambda s: -s.total)
        for line, score in zip(standings[1:], ranked):
            parts = dict(score.parts)
            assert line.split()[-3:] == [str(parts["score sheet"]), str(parts["minus points"]),
                                         str(score.total)]
            assert results.snap.names[score.seat] in line
            assert ("★" in line) == (score.seat in result.winners)
        first = shown(results.query(".arithmetic").first())
        assert result.scores[0].breakdown[0] in first
        # the totals line is in sight under the rows at 80x24, however many rows, and
        # after the terminal changes size
        def laid_out(seat: int, size: tuple[int, int]) -> bool:
            total = results.query_one(f"#seat-{seat}").query_one(".result-total")
            return (total.region.height == 1 and total.region.bottom <= size[1] - 1
                    and app.screen.get_widget_at(total.region.x + 1, total.region.y)[0] is total)

        async def total_in_sight(seat: int, size: tuple[int, int]) -> None:
            await until(pilot, lambda: laid_out(seat, size))  # (once the layout settled)
            pane = results.query_one(f"#seat-{seat}")
            rows, total = pane.query_one(".result-rows"), pane.query_one(".result-total")
            assert f"total {result.scores[seat].total}" in shown(total)
            assert total.region.height == 1 and total.region.bottom <= size[1] - 1  # footer
            assert app.screen.get_widget_at(total.region.x + 1, total.region.y)[0] is total
            assert rows.region.height >= min(len(result.scores[seat].breakdown), 5)

        for seat in range(len(result.scores)):  # each sheet, → moves on
            await total_in_sight(seat, (80, 24))
            await pilot.press("right")
        for size in ((100, 40), (80, 24)):  # laid out again after a resize
            await pilot.resize_terminal(*size)
            await total_in_sight(0, size)
        await pilot.press("b")
        assert isinstance(app.screen, TableScreen)
        assert "Game over" in app.screen._turn_text()
        await pilot.press("r")
        assert isinstance(app.screen, ResultsScreen)
        keys = {b.key: b.description for _, b, enabled, _ in app.screen.active_bindings.values()
                if b.show and enabled}
        assert keys.get("g") == "New game", "shown in the footer"
        await pilot.press("g")  # a new game: back to the setup, this table closed
        await until(pilot, lambda: isinstance(app.screen, LocalSetupScreen))
        assert app.table is None
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_hotseat_hides_the_table_between_players(monkeypatch):
    monkeypatch.setattr(HandOverScreen, "QUIET", 0.2)
    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice("Al"), SeatChoice("[b]Bo")), seed=HUMAN_FIRST_SEED, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(game)
        await covered(pilot)
        assert "Al" in str(app.screen.query(".dialog-title").first().render())
        await until(pilot, lambda: app.screen.listening)
        prompt = str(app.screen.query_one("#handover-prompt").render())
        assert "Your tiles are shown only after that" in prompt
        await hand_over(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.seat == 0
        await until(pilot, lambda: table.my_turn)
        # lay the first move with the hints: n jumps to a cell where the tile may go
        for _ in range(3):
            await pilot.press("1", "n", "enter")
        assert len(table.pending) == 3
        await pilot.press("c")
        await covered(pilot)
        assert "[b]Bo" in str(app.screen.query(".dialog-title").first().render())  # as typed
        assert "Al laid" in app.screen.note  # what happened since Bo last played
        assert not app.screen.query(HandTiles), "nothing of the table shows through"
        await hand_over(pilot)
        await until(pilot, lambda: app.screen is table and table.my_turn)
        assert table.seat == 1
        assert table.query_one(HandTiles).tiles == table.view.hand == table.links[1].snapshot().view.hand
        for _ in range(table.to_place):
            await pilot.press("1", "n", "enter")
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.listening)
        cover = app.screen
        await pilot.press("q")  # the players would rather stop: asked first, over the cover
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen_stack[-2] is cover, "the table does not show behind the question"
        await pilot.press("n")
        assert app.screen is cover
        await pilot.press("escape", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.table is None)


async def test_hand_over_takes_only_a_deliberate_enter(monkeypatch):
    """Space (confirm at the table) and keys queued or repeating from the last turn
    never pass the hand-over; only Enter pressed once it listens does."""
    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice("Al"), SeatChoice("Bo")), seed=HUMAN_FIRST_SEED, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(game)
        await hand_over(pilot)
        # the next hand-over's quiet moment never ends by itself, however slow the machine
        monkeypatch.setattr(HandOverScreen, "QUIET", 60.0)
        table = app.screen
        await until(pilot, lambda: isinstance(table, TableScreen) and table.my_turn)
        for _ in range(3):
            await pilot.press("1", "n", "enter")
        await pilot.press("1", "c", "s", "space", "enter", "space", "enter")  # a hasty confirm
        await covered(pilot)
        cover = app.screen
        await pilot.press("enter", "space", "f1", "escape")  # before it listens: nothing
        assert app.screen is cover and not cover.listening
        cover.QUIET = 0.05  # now let the quiet moment end: a short wait, started again
        cover.wait_for_quiet()
        await until(pilot, lambda: cover.listening)
        await pilot.press("space")
        assert app.screen is cover, "Space does not pass the hand-over"
        await pilot.press("f1")  # the rules open over the cover, and come back to it
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert app.screen is cover and table.seat == 0
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is table and table.seat == 1 and table.my_turn)
        assert table.query_one(HandTiles).tiles == table.links[1].snapshot().view.hand


async def test_bot_moves_are_laid_one_tile_at_a_time():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        for _ in range(3):
            await pilot.press("1", "n", "enter")
        table.pace = 0.02
        board = table.query_one(ZatreBoard)
        seen: list[tuple[int, str]] = []
        table.watch(board, "tiles", lambda tiles: seen.append((len(tiles), table._news)), init=False)
        await pilot.press("c")
        await until(pilot, lambda: table.my_turn and len(table.view.log) >= 2)
        bot_tiles = len(table.view.log[1].placements)
        replayed = [count for count, news in seen if "laying tiles" in news]
        steps = [n for i, n in enumerate(replayed) if i == 0 or replayed[i - 1] != n]
        assert steps == [3 + k for k in range(1, bot_tiles + 1)], seen  # after our first 3
        assert "Ada (easy bot) laid" in table.query_one(TableMessage).news


class FakeLink:
    """A seat link serving one fixed snapshot and answering every intent."""

    def __init__(self, snap: Snapshot) -> None:
        self.seat = snap.seat
        self.snap = snap
        self.sent: list[PlaceTiles] = []
        self.listeners: list[Callable[[Snapshot], None]] = []

    def snapshot(self) -> Snapshot:
        return self.snap

    def listen(self, listener):
        self.listeners.append(listener)
        return lambda: None

    async def submit(self, action) -> Outcome:
        self.sent.append(action)
        return Outcome("x", True)


async def test_no_tile_can_be_laid_and_the_player_keeps_them():
    state = GAME.setup(ZatreOptions(), 2, HUMAN_FIRST_SEED)
    snap = Snapshot(
        version=3, seat=0, view=attrs.evolve(GAME.view(state, 0), first_move=False),
        legal_actions=(PlaceTiles(()),), active_seats=frozenset({0}), events=(),
        names=("You", "Ada"), bots=(None, "easy"), over=False,
    )
    link = FakeLink(snap)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen({0: link}, pace=0)
        await app.push_screen(table)
        await until(pilot, lambda: table.my_turn)
        assert "no tile can be laid" in table._turn_text()
        assert "keeps them" in table.query_one(TableMessage).text or "keep" in table.query_one(TableMessage).text
        assert table.check_action("place", ()) is None  # dimmed in the footer
        await pilot.press("enter")
        assert table.pending == ()
        await pilot.press("c")
        await until(pilot, lambda: link.sent)
        assert link.sent == [PlaceTiles(())]


async def test_terminal_too_small_then_big_enough_again():
    app = ParlourApp(pace=0)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        cover = app.screen.query_one(TooSmall)
        assert cover.display and "need 80x24, have 70x20" in str(cover.render())
        await pilot.resize_terminal(*SIZE)
        await until(pilot, lambda: not app.screen.query_one(TooSmall).display)
        table = await start(pilot, solo())
        await pilot.press("1", "enter")
        await pilot.resize_terminal(79, 30)
        await until(pilot, lambda: table.query_one(TooSmall).display)
        assert "have 79x30" in str(table.query_one(TooSmall).render())
        await pilot.press("u", "s", "q", "f1", "escape")  # nothing happens out of sight
        assert len(table.pending) == 1 and app.screen is table and table.sheet_seat == 0
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not table.query_one(TooSmall).display)
        assert len(table.pending) == 1 and table.my_turn


async def test_leaving_a_game_asks_first():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is table
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.table is None)


async def test_leaving_with_tiles_laid_says_they_are_taken_back(tmp_path):
    """Player-tester 23, finding 10: ``q`` after laying a tile, before confirming the
    turn, asked "Leave this game? It is saved" and the tile was dropped without a word:
    the question now says the tiles laid this turn are taken back (the saved game goes
    on from the start of the turn), and only when some were laid."""
    app = ParlourApp(pace=0, local_saves=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(seed=BOT_FIRST_SEED))  # saved after Ada's move
        await until(pilot, lambda: table.my_turn)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == LOCAL_LEAVE_QUESTION
        await pilot.press("n", "1")
        await walk_to(pilot, table, min(table.query_one(ZatreBoard).hints))
        await pilot.press("enter")
        assert len(table.pending) == 1
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == LOCAL_LEAVE_QUESTION + (
            " The tile laid this turn (not confirmed) is taken back: the turn starts again from its beginning.")
        await pilot.press("n")
        assert app.screen is table and len(table.pending) == 1
    assert taken_back_words(2, "tile").startswith(" The 2 tiles laid this turn (not confirmed) are taken back")
    assert taken_back_words(0, "card") == ""


async def test_ctrl_q_asks_during_a_game_and_quits_at_once_otherwise():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen) and "Quit Parlour?" in app.screen.question
        await pilot.press("ctrl+q")  # asked once only
        assert isinstance(app.screen, ConfirmScreen) and app.screen_stack[-2] is table
        await pilot.press("n")
        assert app.screen is table and app.is_running
        await pilot.press("q", "y")  # leave the game: at the menu Ctrl+Q quits at once
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.table is None)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_setup_remembers_the_last_game_and_marks_the_focused_field():
    from textual.widgets import Input, Select

    from tui.widgets.field_label import FieldLabel

    app = ParlourApp(pace=0.4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        form = app.screen
        assert isinstance(form, LocalSetupScreen)
        labels = {label.text: label for label in form.query(FieldLabel)}
        while not form.query_one("#seed", Input).has_focus:
            await pilot.press("tab")
        assert labels["Seed"].has_class("-focused") and str(labels["Seed"].render()).startswith("▶")
        assert not labels["Hints"].has_class("-focused")
        await pilot.press(*"4242", "enter")  # typed, Enter moves on to the pace
        assert form.query_one("#pace", Select).has_focus and labels["Bot pace"].has_class("-focused")
        assert not labels["Seed"].has_class("-focused")
        form.query_one("#kind-1", Select).value = "easy"
        form.query_one("#pace", Select).value = 0.0
        form.query_one("#profi", Select).value = True
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.table is not None)
        assert app.table.seed == 4242 and app.screen.view.options.profi
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("s")  # as "g New game" from the results does
        form = app.screen
        assert isinstance(form, LocalSetupScreen)
        assert form.query_one("#kind-1", Select).value == "easy"
        assert form.query_one("#pace", Select).value == 0.0 and form.query_one("#profi", Select).value
        assert form.query_one("#seed", Input).value == "", "a new game: a random seed again"
        assert "seed 4242" in str(form.query_one("#last-seed").render())


async def test_hotseat_hides_a_hand_while_others_play(monkeypatch):
    """A bot opens the game: Al's tiles are not on show meanwhile, and when his turn
    comes the keyboard is handed to him first."""
    monkeypatch.setattr(HandOverScreen, "QUIET", 0.1)
    state = GAME.setup(ZatreOptions(), 3, HUMAN_FIRST_SEED)

    def snap(seat: int, version: int, current: int) -> Snapshot:
        return Snapshot(
            version=version, seat=seat,
            view=attrs.evolve(GAME.view(state, seat), current=current, first_move=False),
            legal_actions=(PlaceTiles(()),) if seat == current else (),
            active_seats=frozenset({current}), events=(),
            names=("Al", "Bo", "Cy"), bots=(None, None, "easy"), over=False,
        )

    links = {seat: FakeLink(snap(seat, 3, current=2)) for seat in (0, 1)}
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(links, pace=0)
        await app.push_screen(table)
        await until(pilot, lambda: table.snap is not None)
        assert table.seat == 0 and table.view.hand, "Al holds tiles"
        hand = table.query_one(HandTiles)
        assert hand.tiles == () and "hidden" in hand.note
        for seat, link in links.items():  # the bot has played: Al's turn
            link.snap = snap(seat, 4, current=0)
            for listener in link.listeners:
                listener(link.snap)
        await covered(pilot)
        assert "Al" in str(app.screen.query(".dialog-title").first().render())
        await hand_over(pilot)
        await until(pilot, lambda: app.screen is table and table.my_turn)
        assert hand.tiles == table.view.hand
