"""Player-tester 7's findings, each test naming the finding it checks."""

from __future__ import annotations

from rules.core import ActionKind, SomeOf
from rules.zestrea import GAME
from rules.zestrea.state import Choose
from tui.app import ParlourApp
from tui.zestrea.form import ActionForm

from .helpers import shown, until
from .zestrea_helpers import SMALL


async def test_a_form_refusal_goes_once_the_ticks_change():
    """Tester 7, finding 4: "✗ Tick exactly 3 villagers." stays no longer than the ticks
    it told of; ticking the missing boxes clears it, and Send then sends."""
    kind = ActionKind("choose", (SomeOf("picked", ("L01", "M01", "L02", "M02"), 3, 3),))
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        await app.push_screen(ActionForm(kind, (kind,), ("You", "Ada"), GAME.action_type), sent.append)
        form = app.screen
        await pilot.press("space", "ctrl+s")
        error = form.query_one("#form-error")
        assert "Tick exactly 3 villagers" in shown(error)
        await pilot.press("tab", "space")
        await until(pilot, lambda: "✗" not in shown(error))
        await pilot.press("tab", "space", "ctrl+s")
        await until(pilot, lambda: sent == [Choose(("L01", "M01", "L02"))])


async def test_the_zestrea_game_over_line_keeps_the_tie_break_whole(tmp_path):
    """Tester 7, finding 5: at game over the Zestrea top line was cut at 78 cells ("wins
    with 17 points on the tie-…") even at 120 columns; now it takes the width there is,
    and at 80x24 a second line, so the tie-break reads whole at both sizes."""
    import attrs

    from rules.core import Result, SeatScore
    from tui.local_game import SeatChoice
    from tui.zestrea.results import ZestreaResultsScreen
    from tui.zestrea.table import ZestreaStatus, ZestreaTableScreen

    from .zestrea_helpers import start, zestrea_game

    def score(seat: int, villagers: int) -> SeatScore:
        return SeatScore(seat, 17, (("Zestre", 12), ("Land", 5), ("couples bonus", 0)),
                         (f"villagers (tie-break): {villagers}",))

    bots = (SeatChoice("Annabelle", "easy"), SeatChoice("Bob", "easy"), SeatChoice("Cy", "easy"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot, zestrea_game(*bots, seed=2))
        await until(pilot, lambda: isinstance(app.screen, ZestreaResultsScreen), timeout=60)
        await until(pilot, lambda: app.screen.listening)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ZestreaTableScreen))
        table = app.screen
        tied = Result((score(0, 9), score(1, 4), score(2, 2)), frozenset({0}))
        table._show(attrs.evolve(table.snap, result=tied))
        status = table.query_one(ZestreaStatus)
        whole = "Annabelle wins with 17 points on the tie-break (9 villagers). (r: results)"
        for (width, height), rows in (((120, 40), 1), ((80, 24), 2)):
            await pilot.resize_terminal(width, height)
            await until(pilot, lambda: status.size == (width - 2, rows))  # (less its padding)
            await pilot.pause()
            lines = " ".join(status.render_line(y).text.strip() for y in range(rows))
            assert whole in lines and "…" not in lines, (width, lines)


async def test_a_seat_given_to_a_bot_is_marked_in_the_zatre_scores(tmp_path):
    """Tester 7, finding 6: after the host's ``/bot seat 2 easy`` the scores row said
    just "Bob"; a bot seat named after its kind says so by its name, so the row of a
    seat a bot took over says "easy bot" after it, as long as the bot plays it."""
    from tui.zatre.scores import ScoreStrip

    from .lan_helpers import hold_connection, hosting_duo, type_line

    async with hosting_duo(tmp_path, seed=1, grace=0.1) as (table, app, pilot, bob):
        game = app.screen
        strip = game.query_one(ScoreStrip)
        assert [line.note for line in strip.lines] == ["", ""]  # two players
        hold_connection(bob)  # Bob's network down past the grace period
        lobby = table.table.lobby
        await until(pilot, lambda: lobby.seats[1].away and lobby.seats[1].deadline is None)
        await pilot.press("t")
        await type_line(pilot, "/bot seat 2 easy")
        await pilot.press("escape")
        await until(pilot, lambda: game.snap.bots[1] == "easy")
        assert [line.note for line in strip.lines] == ["", "easy bot"]
        row = next(strip.render_line(y).text for y in range(strip.size.height) if "Bob" in strip.render_line(y).text)
        assert row.rstrip().endswith("easy bot"), row


async def test_the_last_seed_shows_only_for_its_game(tmp_path):
    """Tester 7, finding 7a: "The last game had seed …" stayed after switching the form to
    another game, whose seed it is not; it shows for the game that had it, and again
    once the form is back on that game."""
    from textual.widgets import Select

    from tui.screens.local_setup import SetupForm

    from .helpers import setup_shown

    app = ParlourApp(pace=0, local_saves=tmp_path)
    app.local_form = SetupForm(last_seed=4242, last_game="zatre")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: setup_shown(app))
        form = app.screen
        last = form.query_one("#last-seed")
        assert last.display and "seed 4242" in shown(last)
        for game, there in (("zestrea", False), ("zatre", True)):
            form.query_one("#game", Select).value = game
            await until(pilot, lambda: last.display == there)


async def test_n_names_a_tile_that_fits_when_the_chosen_one_fits_nowhere(monkeypatch):
    """Tester 7, finding 7d: ``n`` with a chosen tile that fits nowhere said only "The
    chosen tile fits nowhere now."; when another tile of the hand fits, it names that
    tile and its key, as laying it first may make room (zatre-board.txt, "How to Place a
    Tile", rule 2). ``legal_cells`` is narrowed so the chosen tile has no cell."""
    import tui.zatre.table as zatre_table
    from tui.widgets.message import TableMessage

    from .helpers import HUMAN_FIRST_SEED, solo, start

    app = ParlourApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start(pilot, solo(seed=HUMAN_FIRST_SEED))
        await until(pilot, lambda: table.my_turn)
        hand = list(table.hand_left)
        chosen = table.chosen if table.chosen is not None else 0
        real = zatre_table.legal_cells
        monkeypatch.setattr(zatre_table, "legal_cells",
                            lambda view, turns, pending, tile: (
                                () if tile == hand[chosen] else real(view, turns, pending, tile)))
        table._hint_cache = None
        await pilot.press("n")
        other = next(i for i, tile in enumerate(hand) if tile != hand[chosen])
        words = " ".join(shown(table.query_one(TableMessage)).split())
        assert "The chosen tile fits nowhere now;" in words
        assert f"{hand[other]} does: lay it first ({other + 1} picks it)" in words


async def test_a_refusal_notice_goes_once_a_move_is_made():
    """Tester 7, finding 7b: a refusal the message line cut was also shown whole in a
    notice, which stayed after the next move succeeded; a new version of the game (a
    move made) clears it, with the message line's refusal."""
    import attrs

    from tui.widgets.message import TableMessage

    from .helpers import solo, start

    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await start(pilot, solo())
        table._error = ("Not allowed (rule 5 and its Exception): You must place as many tiles as "
                        "possible: 3 of your tiles can go on the board, and from here only 2 can. "
                        "(u takes it back)")
        table._update()
        await until(pilot, lambda: bool(app._notifications))
        table._show(attrs.evolve(table.snap, version=table.snap.version + 1))
        table._update()
        await pilot.pause(0.3)  # (a notice lives 5 s unless cleared)
        assert not app._notifications
        assert table.query_one(TableMessage).kind != "error"


async def test_the_estate_game_over_line_is_not_cut_where_there_is_room(tmp_path):
    """Tester 7, finding 5, at Estate's table too: its top line was cut at 78 cells at
    any width; now it fits the width it has, and at game over the headline is whole (a
    second line at 80x24 if it needs one)."""
    import attrs

    from rules.core import Result, SeatScore
    from tui.estate.table import EstateStatus
    from tui.local_game import SeatChoice

    from .estate_helpers import estate_game, start

    seats = (SeatChoice("Maximiliana"), SeatChoice("Bartholomew", "easy"), SeatChoice("Annabelle", "easy"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start(pilot, estate_game(*seats))
        await until(pilot, lambda: table.snap is not None)
        status = table.query_one(EstateStatus)
        await until(pilot, lambda: status.size.width == 118)
        assert "…" not in status.render_line(0).text, "room at 120 columns: nothing cut"
        shared = Result(tuple(SeatScore(s, 40, (("Estate", 40),), ()) for s in range(3)),
                        frozenset({0, 1, 2}))  # three winners: a headline over 78 cells
        table._show(attrs.evolve(table.snap, over=True, result=shared))
        table._update()
        whole = table._turn_text()
        assert len(whole) > 78
        for (width, height), rows in (((120, 40), 1), ((80, 24), 2)):
            await pilot.resize_terminal(width, height)
            await until(pilot, lambda: status.size == (width - 2, rows))  # (less its padding)
            await pilot.pause()
            lines = " ".join(status.render_line(y).text.strip() for y in range(rows))
            assert whole in f"▶ {lines}".replace("▶ ▶", "▶") and "…" not in lines, (width, lines)
