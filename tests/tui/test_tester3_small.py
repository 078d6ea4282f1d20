"""Player-tester 3's findings 4-10 at the supported minimum, 80x24
(/work/briefs/tester-3-findings.md; README: 80x24 is the supported minimum)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.app import ParlourApp
from tui.names import wrap
from tui.widgets.message import TableMessage

from .helpers import BOT_FIRST_SEED, solo, start, until, walk_to

SMALL = (80, 24)
RULE_7 = ("✗ Not allowed (rule 7): A 4 could still go on a dark cell this turn, so it may "
          "not lie unscored on a light cell.")


def drawn(widget) -> list[str]:
    """The lines ``widget`` draws on screen, as text."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def test_a_rule7_refusal_in_profi_reads_whole_at_80x24():
    """Item 10 b) and item 4: solo profi Zatre, the first turn laid 6 on the red cell,
    2 beside it and 4 on the light cell (6, 6) (row 6 and column 6 make no 10-12: rule
    7). The refusal shows whole in the message area (the empty hand takes one line),
    and names no cell (profi hides where tiles may go)."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, solo(profi=True))
        assert table.view.hand == (6, 2, 4)
        for cell in ((7, 7), (7, 6), (6, 6)):
            await walk_to(pilot, table, cell)
            await pilot.press("1", "enter")
        message = table.query_one(TableMessage)
        await until(pilot, lambda: message.kind == "error" and message.size.height >= 3)
        await pilot.pause(0.2)
        assert " ".join(line for line in drawn(message) if line).strip() == RULE_7
        assert not app._notifications, "shown whole where it belongs: no notice as well"


async def test_what_to_do_comes_before_the_news_when_both_do_not_fit():
    """Item 10 a): the host told what to do for an away player, under a turn's news, in
    the message area as at 80x24 (two lines of 45 cells): all of the instructions (the
    news is in the log and the scores' "last" column); with room, the news as well."""
    text = "Mallory is away: wait, or give the seat to a bot: t, then /bot seat 2 strong."
    news = "Hana laid 1 6 → 10, 10: +2 points."

    class Area(App):
        def compose(self) -> ComposeResult:
            yield TableMessage()

    for height, shown in ((2, wrap(text, 45)), (3, [news, *wrap(text, 45)])):
        async with Area().run_test(size=(47, height)) as pilot:
            message = pilot.app.query_one(TableMessage)
            message.news, message.text = news, text
            await pilot.pause()
            assert drawn(message) == shown


async def test_a_lan_table_at_80x24_shows_its_keys_its_hint_and_a_seat_given_up(tmp_path):
    """Item 8: at 80x24 the LAN table's footer shows every key, chat's ``t Chat`` too,
    and the hint while another player moves is whole (``s: sheets``). Item 10: a player
    who gives the seat up (``/leave``) is shown as ``left``, not ``(away)`` like a dropped
    one, and the host reads all of what to do (``/bot seat 2 strong``)."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    from tui.lan import TokenStore
    from tui.zatre.scores import ScoreStrip

    from .lan_helpers import app_for, hosted
    from .test_lan_table import started

    table = await hosted("Friday", seed=1)  # seed 1: Ann (the host, in the app) plays first
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=SMALL) as pilot:
            game, bob = await started(pilot, app, table, tokens)
            await until(pilot, lambda: game.my_turn)
            await app.session.link.submit(game.snap.legal_actions[0])
            await until(pilot, lambda: game.snap.version == 1 and not game.my_turn)
            await pilot.pause(0.2)
            keys = list(game.query_one(Footer).query(FooterKey))
            assert "t" in [key.key for key in keys]
            assert all(key.region.right <= SMALL[0] for key in keys), [key.region for key in keys]
            message = game.query_one(TableMessage)
            rows = [row for row in drawn(message) if row]
            assert rows[-1] == "Not your turn. t: chat, F1: rules, s: sheets.", rows
            assert rows[0].startswith("Ann laid"), "the news still above it"

            await bob.say("/leave")
            told = "Bob left the seat: wait, or give the seat to a bot: t, then /bot seat 2 strong."
            await until(pilot, lambda: message.text == told)
            await pilot.pause(0.2)
            assert " ".join(line for line in drawn(message) if line).endswith(told)
            assert "Waiting for Bob (left)" in game._turn_text()
            assert game.query_one(ScoreStrip).lines[1].note == "left"
    finally:
        if bob is not None:
            await bob.close()
        await table.stop()


async def test_a_refusal_the_message_area_cuts_shows_whole_in_a_notice():
    """Item 10: with tiles still in hand (the hand's three lines) a long refusal (rule 5
    as the table words it when a tile leads to no legal turn) does not fit the two
    lines under it at 80x24: it is shown whole in a notice as well, once."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, solo())
        refusal = ("Not allowed (rule 5 and its Exception): You must place as many tiles as "
                   "possible: 3 of your tiles can go on the board, and from here only 2 can. "
                   "(u takes it back)")
        table._error = refusal
        table._update()
        message = table.query_one(TableMessage)
        await until(pilot, lambda: bool(app._notifications))
        assert message.cut() and message.size.height == 2
        table._update()
        await pilot.pause(0.3)
        assert [n.message for n in app._notifications] == [refusal]


def footer_actions(screen) -> set[str]:
    """The actions the footer of ``screen`` shows."""
    return {active.binding.action for active in screen.active_bindings.values() if active.binding.show}


async def test_one_score_sheet_offers_no_next_sheet_and_the_key_says_why(tmp_path):
    """Item 5: Estate's solo results have one score sheet: no "→ Next sheet" in the
    footer, and →, ← or Tab say why nothing turns; with two sheets → turns to the next."""
    from tui.estate.results import EstateResultsScreen

    from .test_estate_table import finished

    for seats in (1, 2):
        app = ParlourApp(pace=0, local_saves=tmp_path)
        async with app.run_test(size=SMALL) as pilot:
            app.push_screen(EstateResultsScreen(finished(seats, 5), quiet=False))
            await until(pilot, lambda: isinstance(app.screen, EstateResultsScreen)
                        and bool(app.screen.query(".arithmetic")))
            screen = app.screen
            tabs = screen.query_one("#result-sheets")
            before = tabs.active
            await pilot.press("right")
            await pilot.pause()
            if seats == 1:
                assert "tab(1)" not in footer_actions(screen)
                assert tabs.active == before
                assert [n.message for n in app._notifications] == [
                    "There is one score sheet here: no other to turn to."]
            else:
                assert "tab(1)" in footer_actions(screen)
                assert tabs.active != before and not app._notifications


async def test_a_finished_zestrea_replay_header_fits_80_columns_and_says_game_over_once(tmp_path):
    """Item 6: at the end of a Zestrea replay at 80x24 the status line was ``Replay: move
    284 of 284, game over (r: results… · turn 8 (final) · game over``: now the key is
    whole, its parenthesis closed, and "game over" said once (by the step)."""
    from .zestrea_helpers import finished_game_replay, replay_at_its_end

    snaps = await finished_game_replay(tmp_path, seats=3, seed=1)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await replay_at_its_end(pilot, snaps)
        await pilot.pause()
        line = drawn(table.query_one("#z-status"))[0]
        last = len(snaps) - 1
        assert f"Replay: move {last} of {last} (r: results)" in line, line
        assert line.count("game over") == 1 and line.rstrip().endswith("game over"), line
        assert len(line) <= SMALL[0]


async def test_the_estate_score_pad_names_bots_whole_at_80x24(tmp_path):
    """Item 12: Estate's score pad at 80x24 cut ``Ben (strong b…``; now a bot's name
    and kind read whole, a name too long for the column is cut before its ``(strong
    bot)``, and every total stays in sight."""
    import attrs

    from tui.estate.results import EstateResultsScreen

    from .test_estate_table import finished

    snap = finished(4, 5)
    snap = attrs.evolve(snap, names=("You", "Ben", "Cleo", "Bartholomew-Maximilian"),
                        bots=(None, "strong", "strong", "easy"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        app.push_screen(EstateResultsScreen(snap, quiet=False))
        await until(pilot, lambda: isinstance(app.screen, EstateResultsScreen)
                    and bool(app.screen.query("#standings")))
        await pilot.pause()
        rows = drawn(app.screen.query_one("#standings"))
        text = "\n".join(rows)
        assert "Ben (strong bot)" in text and "Cleo (strong bot)" in text, text
        assert "Barth… (easy bot)" in text, text
        for score in snap.result.scores:
            assert any(row.rstrip().endswith(f" {score.total}") for row in rows), (score.total, text)


async def test_leaving_a_game_whose_save_failed_says_it_may_be_lost(tmp_path):
    """Item 13: with a file where the saves' folder should be, the message line says
    what is in the way (not only "File exists"), and leaving asks with the truth: the
    game is not saved, leaving loses it (the question said "It is saved")."""
    from tui.app import LOCAL_LEAVE_QUESTION
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.game_table import UNSAVED_LEAVE_QUESTION

    blocked = tmp_path / "local"
    blocked.write_text("not a folder")
    app = ParlourApp(pace=0, local_saves=blocked)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, solo(seed=BOT_FIRST_SEED))  # (Ada's move 1: saved, or not)
        await until(pilot, lambda: bool(table.save_problem()))
        assert f"a file is in the way of the folder {blocked}" in table.save_problem()
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question == UNSAVED_LEAVE_QUESTION != LOCAL_LEAVE_QUESTION
        await pilot.press("n")
        await until(pilot, lambda: app.screen is table)

    app = ParlourApp(pace=0, local_saves=tmp_path / "saves")
    async with app.run_test(size=SMALL) as pilot:  # saved: the question says so
        table = await start(pilot, solo(seed=BOT_FIRST_SEED))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question == LOCAL_LEAVE_QUESTION
