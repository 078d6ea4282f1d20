"""The Zestrea table driven by key presses against a real local host and bots
(issue 9, "The table (tui)" and "Pilot tests of the table"): a whole solo game from the
menu to the results, an offer made and accepted, the starvation prompt, hotseat
hand-over hiding hands, the footer true to what may be done, the rules page."""

from __future__ import annotations

import attrs

from textual.widgets import Select, Static

from rules.core import ActionKind
from rules.zestrea.state import Ready, Unready
from tui.app import ParlourApp
from tui.local_game import SeatChoice
from tui.screens.handover import HandOverScreen
from tui.screens.local_setup import LocalSetupScreen
from tui.screens.rules import RulesScreen, rules_text
from tui.zestrea.form import ActionForm
from tui.zestrea.results import ZestreaResultsScreen
from tui.zestrea.table import ZestreaTableScreen

from .helpers import covered, hand_over, shown, until
from .zestrea_helpers import (
    FOUR_SEATS, SMALL, answer_form, play_step, play_to_the_end, play_until, start, waiting_for_keys, zestrea_game,
)


async def test_a_whole_solo_game_from_the_menu_to_the_results_by_keys(tmp_path):
    """Menu → setup (Zestrea, a third seat made a bot) → every prompt, the auction, the
    windows and Ready answered by keys → results with Zestre, Land, the couples bonus
    and the villagers of the tie-break (rulebook "Final Turn"; reference Z-R40)."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        setup = app.screen
        assert isinstance(setup, LocalSetupScreen)
        setup.query_one("#game", Select).focus()
        await pilot.press("enter", "down", "down", "enter")
        await until(pilot, lambda: setup.query_one("#game", Select).value == "zestrea")
        await until(pilot, lambda: setup.query_one("#kind-2", Select).display)
        setup.query_one("#kind-2", Select).focus()
        await pilot.press("enter", "up", "up", "enter")  # (empty seat) -> Bot, easy
        await until(pilot, lambda: setup.query_one("#kind-2", Select).value == "easy")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ZestreaTableScreen) and app.screen.snap is not None)
        table = app.screen
        estates = shown(table.query_one("#z-estates"))
        assert "You (you)" in estates and "Couple" in estates
        seen: list[str] = []
        await play_to_the_end(pilot, table, seen)
        assert "produce" in seen  # step II asked every game
        results = app.screen
        assert isinstance(results, ZestreaResultsScreen)
        standings = shown(results.query_one("#standings")) if results.query("#standings") else ""
        text = standings or str(results.standings())
        for column in ("Zestre", "Land", "Bonus", "Villagers"):
            assert column in text or column in str([c.header for c in results.standings().columns])
        assert results.headline()


async def test_the_starvation_prompt_is_answered_by_choosing(tmp_path):
    """Food (Z-R15, Z-R17): the villagers that cannot be fed are chosen in a form (the
    singles ticked); the table takes the answer and the game goes on."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=STARVE_SEED))
        seen: list[str] = []
        for _ in range(400):  # (a Boyar who never rolls, so that he must let some starve)
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            if "starve" in seen:
                break
            await play_step(pilot, table, seen, roll=False)
        assert "starve" in seen
        assert table.view.my_prompt is None or table.view.my_prompt.kind != "starve"


async def test_an_offer_made_by_keys_and_accepted(tmp_path):
    """Step IV (reference §3.6): a trade offer made in the form (1 Zestre given for
    nothing) goes to a strong bot, which accepts it: the Zestre moves."""
    seats = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*seats, seed=3, options=(("starting_zestre", 5),)))
        seen: list[str] = []
        for _ in range(200):  # to step IV with nothing open
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            view = table.view
            if view.phase == "negotiation" and view.window is None and view.my_prompt is None:
                break
            await play_step(pilot, table, seen)
        trade = next(i for i, a in enumerate(table.snap.legal_actions) if getattr(a, "kind", "") == "propose-trade")
        before = table.view.estates[0].zestre
        table.query_one("#z-actions").focus()
        await pilot.press("home", *["down"] * trade, "enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        form = app.screen
        give = next(i for i, p in enumerate(form.kind.params) if p.name == "give_zestre")
        form.query_one(f"#p{give}").focus()
        await pilot.press("end", "backspace", "1", "ctrl+s")
        await pilot.pause(0.1)
        assert app.screen is table, shown(form.query_one("#form-error"))
        await until(pilot, lambda: table.view.estates[0].zestre == before - 1, timeout=20)
        assert any("accepted" in line for line in table._log)


async def test_hotseat_hand_over_hides_hands(tmp_path):
    """Two humans at one keyboard (issue 9): the table goes to the next human who owes
    something behind a hand-over screen, the last player's hand and offers gone."""
    seats = (SeatChoice("Ann"), SeatChoice("Bob"), SeatChoice("Ada", "easy"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        app.start_local(zestrea_game(*seats, seed=2))
        await covered(pilot)
        await hand_over(pilot)
        table = app.screen
        assert isinstance(table, ZestreaTableScreen)
        await until(pilot, lambda: table.my_turn)
        first = table.seat
        hand = shown(table.query_one("#z-hand"))
        assert "(hidden)" not in hand
        assert table.view.my_prompt is not None  # step II: each Boyar chooses at once
        await pilot.press("home", "enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        await answer_form(pilot, table.snap.legal_actions[0])
        await covered(pilot)  # the other human still owes an answer
        assert not any(isinstance(s, ActionForm) for s in app.screen_stack), "the form closed first"
        assert app.screen_stack[-2] is table
        assert shown(table.query_one("#z-hand")).strip() == "(hidden)"
        assert shown(table.query_one("#z-now")).strip() == "(hidden)"
        await hand_over(pilot)
        await until(pilot, lambda: table.seat != first and table.my_turn)


async def test_the_footer_keys_follow_what_may_be_done(tmp_path):
    """y (Ready) only where Ready or Unready is legal, p only for a pass, and the
    line under the table names only those keys; Enter ("Do it", or "Choose" while
    nothing is highlighted) is in the footer while the Do list has something to do (issue 9: footer keys true to what may be
    done now); the rules page says which cards are stand-ins."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table))
        for _ in range(50):
            legal = table.snap.legal_actions
            assert table.check_action("ready", ()) == any(getattr(a, "kind", "") == "ready" for a in legal)
            assert table.check_action("unready", ()) == any(getattr(a, "kind", "") == "unready" for a in legal)
            may_ready = table.check_action("ready", ()) or table.check_action("unready", ())
            assert table.check_action("pass_", ()) == any(getattr(a, "kind", "") in ("pass", "pass-window") for a in legal)
            keys = {key: b.binding.description for key, b in table.active_bindings.items() if b.enabled}
            line = shown(table.query_one("#message"))
            assert ("y: " in line) == may_ready, line
            assert ("p: " in line) == table.check_action("pass_", ()), line
            actions = table.query_one("#z-actions")
            # (nothing highlighted: Enter highlights the first entry, player-tester 6, finding 12)
            enter = "select" if actions.highlighted is not None else "highlight_first"
            assert actions.has_focus and keys.get("enter") == {"select": "Do it", "highlight_first": "Choose"}[enter]
            assert actions.check_action(enter, ()) is True
            if any(isinstance(a, Ready) for a in legal):
                assert keys.get("y") == "Ready"
                # once ready (a Boyar others still wait for), y takes it back: the footer
                # says so (player-tester 5, item 11: it still said "y Ready")
                table.snap = attrs.evolve(table.snap, legal_actions=(Unready(),))
                table.refresh_bindings()
                await pilot.pause()
                keys = {key: b.binding.description for key, b in table.active_bindings.items() if b.enabled}
                assert keys.get("y") == "Not ready" and table.check_action("ready", ()) is False
                break
            await play_step(pilot, table, [])
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "stand-in" in rules_text("tui.zestrea") and "Elopement" in rules_text("tui.zestrea")


STARVE_SEED = 116  # (a game in which the Boyar who never rolls must let some starve)


async def test_a_window_with_a_card_played_by_keys(tmp_path):
    """The window before a wedding roll (reference §3.6, Z-R30, Z-R33): the Now panel
    shows the chance and how it is made up; a Wedding card from the hand is played
    from the Do list and the log tells it; then p passes."""
    seats = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"), SeatChoice("Cleo", "strong"))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*seats, seed=7))
        for _ in range(400):
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            view = table.view
            plays = [i for i, a in enumerate(table.snap.legal_actions) if getattr(a, "kind", "") == "play"]
            if view.window is not None and plays:
                break
            await play_step(pilot, table, [])
        assert "chance" in shown(table.query_one("#z-now"))
        legal = table.snap.legal_actions
        table.query_one("#z-actions").focus()
        await pilot.press("home", *["down"] * plays[0], "enter")
        if isinstance(legal[plays[0]], ActionKind):  # a card with targets: its form
            await until(pilot, lambda: isinstance(app.screen, ActionForm))
            await answer_form(pilot, legal[plays[0]])
        await until(pilot, lambda: any(line.startswith("You played") for line in table._log), timeout=20)


async def test_an_offer_countered_by_keys(tmp_path):
    """Reference §3.6: an offer made to you is answered by a counter-offer (the Do
    list's "Counter offer N…" after its Decline, the form giving its Boyar and the offer
    answered): the offer answered is closed as countered and the counter goes to its maker."""
    def incoming(table) -> list:
        return [o for o in table.view.my_offers if o.to == table.view.seat]

    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*FOUR_SEATS, seed=7, options=(("starting_zestre", 5),)))
        await play_until(pilot, table, lambda t: bool(incoming(t)) and t.view.window is None
                         and t.view.my_prompt is None and t.view.estates[0].zestre)
        offer = incoming(table)[0]
        await until(pilot, lambda: any(dict(getattr(e, "fixed", ())).get("counter") == offer.id
                                       for e in table._entries))
        counter = next(i for i, e in enumerate(table._entries)
                       if dict(getattr(e, "fixed", ())).get("counter") == offer.id)
        table.query_one("#z-actions").focus()
        await pilot.press("home", *["down"] * counter, "enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        form = app.screen
        assert any("Counter-offer to" in shown(w) for w in form.query(Static)), "it names the offer answered"
        params = [p.name for p in form.kind.params]
        assert "to" not in params and "counter" not in params, "given by the offer countered"
        if "give_zestre" in params:
            form.query_one(f"#p{params.index('give_zestre')}").focus()
            await pilot.press("end", "backspace", "1")
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        assert app.screen is table, shown(form.query_one("#form-error"))
        await until(pilot, lambda: any(f"offer {offer.id} from" in line and "was countered" in line for line in table._log), timeout=20)
