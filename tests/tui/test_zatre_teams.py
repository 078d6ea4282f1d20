"""Zatre's team variant at the table (zatre-board.txt "Variant for Advanced Players":
pairs share a sheet, "both players simultaneously draw two tiles each. They may then
discuss how to best place the tiles"): the setup, both partners' tiles in sight, no
hand-over between partners, sheets per team, results per team, and the partners' choice
of who places first (reference/zatre.md ruling 12), at one keyboard and over the LAN."""

from __future__ import annotations

import random

import pytest

from rules.zatre import PlaceTiles, TeamOrder, ZatreOptions
from tui.app import ParlourApp
from tui.lan import TokenStore
from tui.local_game import LocalGame, SeatChoice
from tui.screens.handover import HandOverScreen
from tui.screens.local_setup import parse_setup
from tui.zatre.hand import HandTiles
from tui.zatre.lan_table import LanTableScreen
from tui.widgets.message import TableMessage
from tui.zatre.results import ResultsScreen
from tui.zatre.scores import ScoreStrip
from tui.zatre.sheet import ScoreSheet
from tui.zatre.status import TurnStatus

from .helpers import SIZE, covered, hand_over, shown, start, until
from .lan_helpers import app_for, guest, host_session, hosted

SEED = 0  # seat 0 wins the draw for first player with four seats


def team_game(*humans: str, seed: int = SEED) -> LocalGame:
    names = ("You", "Pat", "Ben", "Cy")
    seats = tuple(SeatChoice(n, None if n in humans else "easy") for n in names)
    return LocalGame(seats, seed=seed, pace=0, teams=True)


def test_setup_pairs_need_four_or_six_players_and_zatre():
    """"If you want to play ZATRE with 4 or 6 players, you may also form pairs"."""
    kinds = ["human", "easy", "easy", "easy", "easy", "none"]
    names = ["You", "Ada", "Ben", "Cy", "Dan", "Eve"]
    with pytest.raises(ValueError, match="4 or 6"):
        parse_setup(kinds[:2] + ["none"] * 4, names, False, "", 0.0, "zatre", teams=True)
    # without teams seats 5 and 6 are not offered (issue 8 §4): what they hold is not played
    game = parse_setup(kinds[:5] + ["easy"], names, False, "", 0.0, "zatre")
    assert [s.name for s in game.seats] == names[:4] and not game.teams
    with pytest.raises(ValueError, match="Teams are a Zatre variant"):
        parse_setup(kinds[:4] + ["none", "none"], names, False, "", 0.0, "zatre-cards", teams=True)
    game = parse_setup(kinds[:5] + ["easy"], names, False, "", 0.0, "zatre", teams=True)
    assert game.teams and len(game.seats) == 6
    # "Players sit next to each other in their teams": seats 1+2, 3+4, 5+6
    split = ["human", "easy", "easy", "none", "easy", "none"]
    with pytest.raises(ValueError, match="Seat 4 is empty, but partners sit side by side"):
        parse_setup(split, names, False, "", 0.0, "zatre", teams=True)
    game = parse_setup(["human", "easy", "none", "none", "easy", "easy"], names, False, "", 0.0,
                       "zatre", teams=True)
    assert [s.name for s in game.seats] == ["You", "Ada", "Dan", "Eve"]


async def test_solo_with_a_bot_partner_sees_its_tiles_and_a_shared_sheet():
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, team_game("You"))
        view = table.view
        assert view.partner == 1 and view.partner_hand == table.links[0].snapshot().view.partner_hand
        hand = table.query_one(HandTiles)
        tiles = " ".join(map(str, view.partner_hand))
        assert hand.partner == f"Pat: {tiles}" and hand.partner_turn == "Pat lays next"
        strip = table.query_one(ScoreStrip).lines
        assert [line.team for line in strip] == [1, 1, 2, 2]
        assert [line.shown for line in strip] == [True, True, False, False]
        sheet = table.query_one(ScoreSheet)
        assert sheet.border_title == "Sheet: You & Pat (you)"
        await pilot.press("s")
        assert sheet.border_title == "Sheet: Ben & Cy" and sheet.sheet == view.sheets[1]
        await pilot.press("s")
        assert sheet.border_title.startswith("Sheet: You & Pat")
        # our turn, then our partner lays on the same sheet, then the other team
        for _ in range(table.to_place):
            await pilot.press("1", "n", "enter")
        await pilot.press("c")
        await until(pilot, lambda: len(table.view.log) >= 2)
        first, second = table.view.log[:2]
        assert (first.seat, second.seat) == (0, 1)
        assert table.view.sheets[0].total() == first.gain + second.gain
        lines = table.query_one(ScoreStrip).lines
        assert lines[0].total == lines[1].total == table.view.sheets[0].total()


async def test_partners_at_one_keyboard_need_no_hand_over(monkeypatch):
    monkeypatch.setattr(HandOverScreen, "QUIET", 0.1)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(team_game("You", "Pat"))
        await covered(pilot)  # the first human to play gets the keyboard
        await hand_over(pilot)
        table = app.screen
        await until(pilot, lambda: table.my_turn and table.seat == 0)
        assert table.query_one(HandTiles).partner_turn == "Pat lays next"
        for _ in range(table.to_place):
            await pilot.press("1", "n", "enter")
        await pilot.press("c")
        await until(pilot, lambda: table.my_turn and table.seat == 1)
        assert app.screen is table, "partners see each other's tiles: no cover between them"
        assert table.query_one(HandTiles).tiles == table.links[1].snapshot().view.hand
        assert table.query_one(HandTiles).partner.startswith("You: ")
        assert table.query_one(HandTiles).partner_turn == ""  # You laid: nobody after


async def test_a_team_game_of_bots_ends_with_results_per_team():
    app = ParlourApp(pace=0)
    names = ("Ada", "Ben", "Cy", "Dee", "Eve", "Flo")
    game = LocalGame(tuple(SeatChoice(n, "easy") for n in names), seed=3, pace=0, teams=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_local(game)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), timeout=30)
        await pilot.pause()
        results = app.screen
        result = results.snap.result
        standings = shown(results.query_one("#standings")).splitlines()[1:]
        assert len(standings) == 3, "a line per team"
        assert "Ada (easy bot) & Ben (easy bot)" in "\n".join(standings)
        headline = shown(results.query_one("#headline"))
        winners = sorted(result.winners)
        assert len(winners) % 2 == 0 and all(s ^ 1 in result.winners for s in winners)
        assert f"{names[winners[0]]} & {names[winners[0] ^ 1]}" in headline
        assert len(results.query(".arithmetic")) == 3


def test_the_lobby_marks_each_seat_with_its_team():
    """Variant for Advanced Players: the lobby says who partners whom (seats 1+2, 3+4,
    5+6) once teams are on, and nothing of teams without them."""
    from net import lobby as lb
    from rules.zatre import GAME
    from tui.screens.lobby import players_text, seat_text

    lobby = lb.Lobby(GAME, "Friday")
    ann = lobby.add_player("Ann", host=True)
    lobby.command(ann.pid, lb.parse_line("/join"))
    state = lobby.state()
    assert "team" not in seat_text(state.seats[0], state, 0)
    lobby.command(ann.pid, lb.parse_line("/option teams on"))
    state = lobby.state()
    lines = [seat_text(seat, state, 0) for seat in state.seats]
    assert lines[0].startswith("1 Ann") and lines[0].endswith(" T1")
    assert [line[-3:] for line in lines] == [" T1", " T1", " T2", " T2", " T3", " T3"]
    assert players_text(state) == "4 or 6 players · T1-T3: teams"


async def test_a_human_in_the_second_team_lays_and_sees_its_teams_preview():
    """A player at seat 3 (team 2) lays tiles with a preview on team 2's sheet (the
    preview once read a sheet that does not exist and closed Parlour)."""
    app = ParlourApp(pace=0)
    seats = (SeatChoice("Ada", "easy"), SeatChoice("Ben", "easy"), SeatChoice("You"),
             SeatChoice("Cy", "easy"))
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, LocalGame(seats, seed=SEED, pace=0, teams=True))
        assert table.seat == 2
        before = table.view.sheets[1].total()
        await pilot.press("1", "n", "enter")
        turn = table.preview()
        assert turn is not None and table.query_one(HandTiles).note.startswith(("would score", "no line"))
        for _ in range(table.to_place - 1):
            await pilot.press("1", "n", "enter")
        gain = table.preview().gain
        await pilot.press("c")
        await until(pilot, lambda: any(r.seat == 2 for r in table.view.log))
        mine = next(r for r in table.view.log if r.seat == 2)
        assert mine.gain == gain
        assert table.view.sheets[1].total() >= before + gain


async def test_the_card_game_greys_the_teams_choice_in_the_setup():
    """Teams are Zatre's Variant for Advanced Players; the card game has none."""
    from textual.widgets import Select

    from tui.screens.local_setup import LocalSetupScreen

    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        setup = app.screen
        assert isinstance(setup, LocalSetupScreen)
        teams, game = setup.query_one("#teams", Select), setup.query_one("#game", Select)
        teams.value = True
        game.value = "zatre-cards"
        await pilot.pause()
        assert teams.value is False and teams.disabled
        game.value = "zatre"
        await pilot.pause()
        assert not teams.disabled


async def test_seats_five_and_six_are_offered_only_for_zatre_in_teams():
    """Issue 8 §4: seats 5-6 were offered with teams off and for the card game (2-4
    players); "If you want to play ZATRE with 4 or 6 players, you may also form pairs"."""
    from textual.widgets import Input, Select

    from tui.screens.local_setup import LocalSetupScreen

    def offered(setup) -> list[int]:
        return [i for i in range(6) if setup.query_one(f"#kind-{i}", Select).display
                and setup.query_one(f"#name-{i}", Input).display]

    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        setup = app.screen
        assert isinstance(setup, LocalSetupScreen)
        assert offered(setup) == [0, 1, 2, 3]
        setup.query_one("#teams", Select).value = True
        await pilot.pause()
        assert offered(setup) == [0, 1, 2, 3, 4, 5]
        setup.query_one("#game", Select).value = "zatre-cards"  # teams go off with it
        await pilot.pause()
        assert offered(setup) == [0, 1, 2, 3] and setup.query_one("#teams", Select).value is False
        assert all(setup.query_one(f"#kind-{i}").region.height == 0 for i in (4, 5))


async def test_a_bot_never_keeps_the_humans_default_name():
    """Issue 8 §4: seat 1 turned into a bot kept "You" ("You & Ada win")."""
    from textual.widgets import Input, Select

    from tui.screens.local_setup import parse_setup

    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        setup = app.screen
        setup.query_one("#kind-0", Select).value = "strong"
        await pilot.pause()
        # not "Ben" either: empty seat 3 has it (tester 6, finding 4)
        assert setup.query_one("#name-0", Input).value == "Fay", "Ada is seat 2's"
        setup.query_one("#name-0", Input).value = "Moe"
        setup.query_one("#kind-0", Select).value = "easy"
        await pilot.pause()
        assert setup.query_one("#name-0", Input).value == "Moe", "a name typed stays"
    game = parse_setup(["easy", "human", "strong", "none"], ["you", "Ada", "Ben", ""], False, "", 0.0)
    assert [s.name for s in game.seats] == ["Cleo", "Ada", "Ben"]


# ---- reference/zatre.md ruling 12: the partners choose who places first ------------


async def lay_whole_turn(pilot, table) -> None:
    """Lay as many tiles as the turn lays, each on its first hinted cell, and confirm."""
    for _ in range(table.to_place):
        await pilot.press("1", "n", "enter")
    await pilot.press("c")


async def test_ruling12_partners_at_one_keyboard_choose_who_places_first(monkeypatch):
    """Ruling 12: at the start of their team's placing both partners may act; the table
    says so with its keys, and p lets the partner place first: Pat lays before You."""
    monkeypatch.setattr(HandOverScreen, "QUIET", 0.1)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(team_game("You", "Pat"))
        await covered(pilot)
        await hand_over(pilot)
        table = app.screen
        await until(pilot, lambda: table.my_turn and table.seat == 0)
        assert not table.may_let_partner_first, "the first move is the starting player's"
        await lay_whole_turn(pilot, table)
        await until(pilot, lambda: table.my_turn and table.seat == 1)
        await lay_whole_turn(pilot, table)
        # the other team (bots) plays, then our team's placing: both of us may go first
        await until(pilot, lambda: table.my_turn and table.view.choosing == (0, 1), timeout=20)
        message = table.query_one(TableMessage)
        assert table.seat == 0 and table.may_let_partner_first
        assert table.query_one(TurnStatus).turn == "You, your team places: you or Pat first"
        assert message.text == "Enter: you lay first; p: Pat first."
        assert table.query_one(HandTiles).partner.startswith("Pat: ")
        assert table.query_one(HandTiles).partner_turn == "", "the order is still open"
        assert table.check_action("partner_first", ()) is True
        # the footer makes room for p at 80 columns: nothing to take back or confirm yet
        assert table.check_action("take_back", ()) is False and table.check_action("confirm", ()) is False
        await pilot.press("1", "n", "enter")  # one tile laid: going first; p steps aside
        assert table.check_action("partner_first", ()) is False and table.pending
        await pilot.press("u")
        assert table.check_action("partner_first", ()) is True
        turns = len(table.view.log)
        await pilot.press("p")
        await until(pilot, lambda: table.my_turn and table.seat == 1)
        assert table.view.choosing == () and not table.may_let_partner_first
        assert app.screen is table
        await lay_whole_turn(pilot, table)
        await until(pilot, lambda: table.my_turn and table.seat == 0)
        await lay_whole_turn(pilot, table)
        await until(pilot, lambda: len(table.view.log) >= turns + 2)
        assert [r.seat for r in table.view.log[turns:turns + 2]] == [1, 0]


async def test_ruling12_a_bot_partner_leaves_the_order_to_you():
    """Ruling 12, "a bot partner lets a human partner choose": at our team's placing the
    bot partner leaves the choice to us, the table says so, and laying our tiles first
    places first; the bot then places."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, team_game("You"))
        await lay_whole_turn(pilot, table)  # the first move, then Pat's, then the bots'
        await until(pilot, lambda: table.my_turn and table.view.choosing == (0,), timeout=20)
        message = table.query_one(TableMessage)
        assert table.query_one(TurnStatus).turn == "You, your team places: you choose who goes first"
        assert message.text == "Enter: you lay first; p: Pat first."
        turns = len(table.view.log)
        await lay_whole_turn(pilot, table)
        await until(pilot, lambda: len(table.view.log) >= turns + 2)
        assert [r.seat for r in table.view.log[turns:turns + 2]] == [0, 1]


async def test_ruling12_over_the_lan_each_partner_is_told_what_they_may_do(tmp_path):
    """Ruling 12 at a LAN table: at the start of their team's placing both partners'
    views say the order is open (``choosing``) and both may act; Ann, in the app, is
    told her keys and presses p; Bob, on his own client, then places first, and Ann
    after him."""
    table = await hosted("Friday", seed=2, options=ZatreOptions(teams=True))
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    rng = random.Random(5)

    async def place(link) -> None:  # a random turn, never the team's order
        snap = link.snapshot()
        if link.seat in snap.active_seats and not snap.over:
            turns = [a for a in snap.legal_actions if isinstance(a, PlaceTiles)]
            await link.submit(rng.choice(turns))

    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            bob = await guest(table, "Bob")
            await app.session.say("/join")
            await until(pilot, lambda: app.session.link.seat == 0)
            await bob.say("/join")
            await until(pilot, lambda: bob.seat == 1)
            for _ in range(2):
                await app.session.say("/bot add easy")
            await until(pilot, lambda: table.table.lobby.seated_count() == 4)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game, ann = app.screen, app.session.link
            for _ in range(500):  # turns by links until our team's placing starts
                if game.snap.view.choosing == (0, 1) and game.my_turn:
                    break
                if not game.snap.view.choosing:
                    await place(ann)
                    await place(bob)
                await pilot.pause(0.02)
            else:
                raise AssertionError("our team's placing never came")
            await until(pilot, lambda: bob.snapshot().version == game.snap.version)
            theirs = bob.snapshot()
            assert theirs.view.choosing == (0, 1) and theirs.active_seats == {0, 1}
            assert TeamOrder("partner-first") in theirs.legal_actions
            assert game.query_one(TurnStatus).turn == "Ann, your team places: you or Bob first"
            assert game.query_one("#message").text == "Enter: you lay first; p: Bob first."
            await pilot.press("p")
            await until(pilot, lambda: bob.snapshot().view.choosing == () and bob.seat in bob.snapshot().active_seats)
            assert not game.my_turn and game.snap.view.current == 1
            turns = len(game.snap.view.log)
            await place(bob)
            await until(pilot, lambda: game.my_turn and len(game.snap.view.log) == turns + 1)
            assert game.snap.view.log[-1].seat == 1
    finally:
        if bob is not None:
            await bob.close()
        await table.stop()
