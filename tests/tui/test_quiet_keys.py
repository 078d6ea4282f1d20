"""Keys pressed as the question changes never act on the new question unseen
(player-tester findings on Estate, item 1: a double Enter on "End turn" spent a
worker on Produce before the new turn was shown; a hotseat double Enter on the Leader
kept the first draft card blind). The table waits for a quiet moment after its
question or Do list changes, as the results and the hand-over do (tui/screens/quiet.py),
and says so on the message line."""

from __future__ import annotations

from textual.widgets import OptionList

from tui.local_game import LocalGame, SeatChoice
from tui.screens.game_table import GameTableScreen
from tui.screens.handover import HandOverScreen

from .estate_helpers import SMALL, estate_game, ready, start
from .helpers import HUMAN_FIRST_SEED, shown, until
from .helpers import start as start_zatre


def applied_by(app, seat: int) -> int:
    return sum(1 for a in app.table.host.applied if a.seat == seat)


async def test_two_enters_in_a_row_act_once_at_the_estate_table(monkeypatch):
    """Tester item 1 (solo): Enter twice quickly does the highlighted entry once; the
    second Enter falls in the quiet moment of the next question, which the message line
    says, and Enter acts again once the keyboard has been quiet."""
    monkeypatch.setattr(GameTableScreen, "QUIET", 1.5)  # (long: a loaded machine is slow)
    from tui.app import ParlourApp

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(seed=2))
        await until(pilot, lambda: ready(app, table) and table.listening, timeout=20)
        table.query_one("#e-actions", OptionList).focus()
        before, version = applied_by(app, 0), table.snap.version
        await pilot.press("down", "enter", "enter")  # (below "Choose with ↑↓, then Enter")
        await until(pilot, lambda: table.snap.version > version and not table.busy)
        await pilot.pause(0.1)
        assert applied_by(app, 0) == before + 1, app.table.host.applied
        if not table.snap.over and table.my_turn:  # the next question, not yet listened to
            assert not table.listening
            assert "one moment" in shown(table.query_one("#message"))
            await until(pilot, lambda: table.listening)
            assert "one moment" not in shown(table.query_one("#message"))
            version = table.snap.version
            await pilot.press("enter")
            await until(pilot, lambda: table.snap.version > version)
            assert applied_by(app, 0) == before + 2


async def test_a_hotseat_leader_double_enter_does_not_pick_a_draft_card_blind(monkeypatch):
    """Tester item 1 (hotseat): choosing the Leader with a double Enter keeps no draft
    card: the second Enter waits for the draft's question to be seen."""
    monkeypatch.setattr(GameTableScreen, "QUIET", 1.5)  # (long: a loaded machine is slow)
    monkeypatch.setattr(HandOverScreen, "QUIET", 0.05)
    from tui.app import ParlourApp

    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice("Ann"), SeatChoice("Bob")), seed=2, pace=0, game="estate",
                     options=(("leaders", "choose"),))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, game)
        picks = {"pick", "leader"}
        for _ in range(6):  # each Leader chosen with a double Enter, over the hand-overs
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen) or
                        (ready(app, table) and table.listening), timeout=20)
            if isinstance(app.screen, HandOverScreen):
                await until(pilot, lambda: app.screen.listening)
                await pilot.press("enter")
                continue
            if table.view.phase != "leaders":
                break
            table.query_one("#e-actions", OptionList).focus()
            await pilot.press("down", "enter", "enter")  # (below "Choose with ↑↓, then Enter")
            await pilot.pause(0.2)
        kinds = [a.action.kind for a in app.table.host.applied]
        assert "leader" in kinds
        assert "pick" not in kinds  # no draft card kept blind
        assert set(kinds) <= picks


async def test_zatre_confirm_pressed_twice_is_sent_once(monkeypatch):
    """The same quiet moment at every table (Zatre here): the new turn's question holds
    Enter and the play keys back for a moment, and the message line says so."""
    # the quiet moment never ends by itself, however slow the machine (1.5 s once ran out
    # before the first check at a load of 6)
    monkeypatch.setattr(GameTableScreen, "QUIET", 60.0)
    from tui.app import ParlourApp

    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 32)) as pilot:
        from .helpers import solo

        table = await start_zatre(pilot, solo(HUMAN_FIRST_SEED))
        await pilot.pause()  # laid out: shown() at the line's own width (at 20 cells it broke the words)
        assert not table.listening and "one moment" in shown(table.query_one("#message"))
        await pilot.press("enter")  # swallowed: the wait starts again
        assert table.pending == ()
        table.QUIET = 0.05  # now let the quiet moment end: a short wait, started again
        table.wait_for_quiet()
        await until(pilot, lambda: table.listening)
        assert table.holds_key("enter") and table.holds_key("c") and not table.holds_key("left")


def test_a_zestrea_offer_made_meanwhile_is_no_new_question():
    """Zestrea's Boyars act at once: another Boyar's offer changes this Boyar's legal
    actions, yet it is not a new question (the Do list keeps Enter on its action), so
    it starts no quiet moment that would hold the keys back again and again; a new
    prompt does."""
    from types import SimpleNamespace

    from tui.zestrea.table import ZestreaTableScreen

    def snap(legal, prompt):
        view = SimpleNamespace(turn=2, phase="production", time_card="T01", auction=None, window=None,
                               my_prompt=SimpleNamespace(kind=prompt) if prompt else None)
        return SimpleNamespace(over=False, seat=0, active_seats=frozenset({0, 1}), legal_actions=legal, view=view)

    asked = ZestreaTableScreen._question
    table = ZestreaTableScreen.__new__(ZestreaTableScreen)  # (no screen: only what it is asked)
    before = asked(table, snap(("answer",), "produce"))
    assert asked(table, snap(("answer", "accept #7"), "produce")) == before
    assert asked(table, snap(("answer",), "hard-times")) != before
    assert asked(table, snap((), "produce")) == ()


async def test_enter_held_as_bots_move_places_no_worker_on_the_turn_that_appears(monkeypatch):
    """Player-tester 2, item 3: Enter pressed every 0.1 s while the bots move never acts
    on the turn that appears meanwhile (it placed a worker 1 time in 3 before the quiet
    moment): each Enter falls in the quiet moment and starts it again."""
    from tui.app import ParlourApp

    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice("Ada", "easy"), SeatChoice("Ben", "easy"), SeatChoice("You")),
                     seed=2, pace=0.3, game="estate", options=(("leaders", "random"),))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, game)
        table.query_one("#e-actions", OptionList).focus()
        for _ in range(40):  # the draft (and a first turn if it is the player's) by plain keys
            await until(pilot, lambda: table.view.phase == "turns" and not table.my_turn
                        or ready(app, table) and table.listening, timeout=20)
            if table.view.phase == "turns" and not table.my_turn:
                break
            version = table.snap.version
            await pilot.press("home", *["down"] * table.query_one("#e-actions").choose_line, "enter")
            await until(pilot, lambda: table.snap.version != version)
        monkeypatch.setattr(GameTableScreen, "QUIET", 5)  # (long: a loaded machine is slow)
        mine, appeared, waited = applied_by(app, 2), 0, 0
        while appeared < 10 and waited < 100:  # Enter every 0.1 s while the bots move, and after
            waited += not table.my_turn
            appeared += waited > 0 and table.my_turn
            await pilot.press("enter")
            await pilot.pause(0.1)
        assert waited and appeared, "the player's turn appeared while Enter was pressed"
        assert applied_by(app, 2) == mine, app.table.host.applied
        assert not table.listening and "one moment" in shown(table.query_one("#message"))


async def test_enter_with_nothing_highlighted_says_why_on_the_message_line():
    """Player-tester 2, item 4: an Enter lost as the list changed under it (another
    player's move; the highlight went to none) says why on the message line; player-
    tester 6, finding 12: the footer says "⏎ Choose" then, and that Enter highlights
    the first entry, which the next Enter does."""
    from tui.app import ParlourApp
    from tui.widgets.do_list import DoList

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(seed=2))
        await until(pilot, lambda: ready(app, table) and table.listening, timeout=20)
        actions = table.query_one("#e-actions", DoList)
        actions.focus()
        actions.highlighted = None  # (as the list just changed under the key)
        actions.refresh_bindings()
        await pilot.pause()
        # player-tester 6, finding 12: the footer offers what Enter does now, not "Do it"
        assert table.active_bindings["enter"].binding.description == "Choose"
        version = table.snap.version
        await pilot.press("enter")
        await pilot.pause()
        assert table.snap.version == version  # nothing done
        # (a list whose entries all commit: its top line, "Choose with ↑↓, then Enter")
        assert "only says how to choose" in shown(table.query_one("#message"))
        assert actions.highlighted == 0 and actions.choosing()
        assert table.active_bindings["enter"].binding.description == "Choose"
        await pilot.press("down")
        assert table.active_bindings["enter"].binding.description == "Do it"
        await pilot.press("enter")  # now it does it
        await until(pilot, lambda: table.snap.version > version)
