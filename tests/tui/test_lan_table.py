"""The Zatre table over the LAN: a turn by keys, the other player's turn seen, the
reconnect banner while the connection is down (moves blocked), a seat away in the
scores strip, a game played to the results, and the table closing under a player."""

from __future__ import annotations

import asyncio
import random

from tui.lan import TokenStore, join_table
from tui.screens.chat import ChatScreen
from tui.screens.menu import MenuScreen
from tui.screens.notice import NoticeScreen
from tui.zatre.lan_table import LanTableScreen
from tui.widgets.movelog import MoveLog
from tui.zatre.results import ResultsScreen
from tui.zatre.scores import ScoreStrip
from tui.zatre.status import TurnStatus

from .helpers import SIZE, shown, until
from .lan_helpers import LINK, app_for, guest, hold_connection, host_session, hosted


async def started(pilot, app, table, tokens, seed_first_ann=True):
    """Ann (in the app, the host) and Bob (a link outside) seated; the game started."""
    await app.start_session(await host_session(table, "Ann", tokens))
    bob = await guest(table, "Bob")
    await app.session.say("/join")
    await until(pilot, lambda: app.session.link.seat is not None)
    await bob.say("/join")
    await until(pilot, lambda: bob.seat is not None)
    await app.session.say("/start")
    await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
    await until(pilot, lambda: bob.has_snapshot)
    return app.screen, bob


async def play_bob(bob, rng: random.Random) -> None:
    """Bob plays a random legal turn if it is his."""
    snap = bob.snapshot()
    if bob.seat in snap.active_seats and snap.legal_actions and not snap.over:
        await bob.submit(rng.choice(snap.legal_actions))


async def test_turns_the_reconnect_banner_and_the_results(tmp_path):
    table = await hosted("Friday", seed=1)  # seed 1: seat 0 (Ann) plays first
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            game, bob = await started(pilot, app, table, tokens)
            assert game.seat == 0
            await until(pilot, lambda: game.my_turn)
            for _ in range(game.to_place):  # a turn by keys: tile 1, next hint, Enter; c
                await pilot.press("1", "n", "enter")
            await pilot.press("c")
            await until(pilot, lambda: game.snap.version == 1 and not game.busy)
            await play_bob(bob, random.Random(1))
            await until(pilot, lambda: game.snap.version == 2 and game.my_turn)
            assert "Bob laid" in game.query_one("#message").news

            # the connection drops and stays down until the gate opens
            link = app.session.link
            gate = hold_connection(link)
            status = game.query_one(TurnStatus)
            await until(pilot, lambda: status.alert and "reconnecting" in status.turn)
            assert "Connection lost: reconnecting… (attempt" in status.turn
            assert not game.my_turn
            assert game.check_action("place", ()) is None and game.check_action("confirm", ()) is None
            assert "Moves wait" in game._instructions()
            await pilot.press("1", "n", "enter", "c")  # nothing happens while offline
            assert game.pending == ()
            await until(pilot, lambda: table.table.lobby.seats[0].status == "away")
            await asyncio.sleep(0.05)
            # bob sees Ann away (the strip of a second app would say so; here: the lobby state)
            assert bob.lobby.seats[0].status == "away" and bob.lobby.seats[0].deadline

            gate.set()
            await until(pilot, lambda: link.status.online and not status.alert)
            await until(pilot, lambda: game.my_turn)
            assert "reconnecting" not in status.turn
            assert table.table.lobby.seats[0].status == "here"

            # Bob drops: Ann's strip shows him away with the time his seat is held
            bob_dial = bob._dial
            bob_gate = asyncio.Event()

            async def bob_held():
                await bob_gate.wait()
                return await bob_dial()

            bob._dial = bob_held
            bob._ws.transport.abort()
            strip = game.query_one(ScoreStrip)
            await until(pilot, lambda: "away, held 1:" in shown(strip) or "away, held 2:" in shown(strip))
            bob_gate.set()
            await until(pilot, lambda: "away" not in shown(strip))

            # the rest of the game, played through the links (Ann reads the rules
            # meanwhile: quicker than drawing every turn), ends on the results
            await pilot.press("f1")
            rng = random.Random(2)
            while not game.snap.over:
                if game.my_turn:
                    await link.submit(rng.choice(game.snap.legal_actions))
                await play_bob(bob, rng)
                await pilot.pause(0.01)
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
            results = app.screen
            assert results.snap.result is not None
            story = " ".join(shown(results.query_one("#story")).split())  # how it ended
            assert "the game is over (End of the Game)" in story or "ends early" in story
            await until(pilot, lambda: results.listening)  # (after its quiet moment)
            await pilot.press("t")  # "good game", from the results
            assert isinstance(app.screen, ChatScreen)
            assert "back to the results" in shown(app.screen.query_one(".dialog-title"))
            await pilot.press(*"gg", "enter")
            await until(pilot, lambda: any(line.text == "gg" and line.name == "Ann" for line in app.session.lines))
            await pilot.press("escape")
            assert app.screen is results
            await pilot.press("b", "escape")  # the results, then the rules page
            assert app.screen is game and "Game over" in game._turn_text()
            await pilot.press("r", "m")  # results, then the menu: the table closes
            await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.session is None)
    finally:
        if bob is not None:
            await bob.close()
        await table.stop()


async def bob_in_the_app(pilot, app, table, tokens, ann) -> None:
    """Bob joins in the app, Ann (the host, a link outside) and he sit down, she starts."""
    await app.start_session(await join_table(table.join_address, "Bob", tokens=tokens, **LINK))
    await ann.say("/join")
    await app.session.say("/join")
    await until(pilot, lambda: table.table.lobby.seated_count() == 2)
    await ann.say("/start")
    await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)


async def test_kicked_mid_game_a_notice_and_back_to_the_menu(tmp_path):
    table = await hosted("Friday", seed=1)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    ann = await guest(table, "Ann", host_key=table.host_key)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await bob_in_the_app(pilot, app, table, tokens, ann)
            await ann.say("/kick Bob")
            await until(pilot, lambda: isinstance(app.screen, NoticeScreen))
            assert "sent you away" in app.screen.text
            assert app.session is None
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
    finally:
        await ann.close()
        await table.stop()


async def test_a_player_gone_past_the_grace_the_host_seats_a_bot_from_the_chat(tmp_path):
    table = await hosted("Friday", seed=1, grace=0.3)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            game, bob = await started(pilot, app, table, tokens)

            async def gone():
                await asyncio.Event().wait()

            bob._dial = gone  # Bob's terminal is closed
            bob._ws.transport.abort()
            await until(pilot, lambda: game.my_turn)
            await app.session.link.submit(game.snap.legal_actions[0])
            await until(pilot, lambda: "Waiting for Bob (away)" in game._turn_text())  # grace over
            assert "Bob is away" in game._instructions()
            assert "/bot seat 2 strong" in game._instructions()
            await pilot.press("t")
            await pilot.press(*"/bot seat 2 strong", "enter", "escape")
            assert app.screen is game
            await until(pilot, lambda: game.snap.version >= 2)  # the bot played Bob's turn
            assert game.snap.bots[1] == "strong"
            # a table fact, over the wire, told in the log (issue 8 §4)
            assert [(t.seat, t.kind, t.since) for t in game.snap.bot_took] == [(1, "strong", 1)]
            assert "── Seat 2 (Bob) was played by a strong bot from move 2." in \
                game.query_one(MoveLog).entries
    finally:
        if bob is not None:
            await bob.close()
        await table.stop()


async def test_back_after_a_bot_took_the_seat_the_player_watches_then_plays_again(tmp_path):
    table = await hosted("Friday", seed=1, grace=0.1)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    ann = await guest(table, "Ann", host_key=table.host_key)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await bob_in_the_app(pilot, app, table, tokens, ann)
            game, link = app.screen, app.session.link
            assert game.seat == 1 and game.snap.seat == 1

            gate = hold_connection(link)  # Bob's network stays down past the grace period
            await until(pilot, lambda: table.table.lobby.seats[1].away
                        and table.table.lobby.seats[1].deadline is None)
            await ann.say("/bot seat 2 strong")
            await until(pilot, lambda: ann.snapshot().bots[1] == "strong")
            gate.set()  # back: he watches, told so on the table and in a notice
            await until(pilot, lambda: link.status.online and game.seat is None and game.snap is not None
                        and game.snap.seat is None)
            assert app.screen is game and not game.my_turn
            words = game._instructions()
            assert "A strong bot plays your seat 2; you watch" in words and "/seat 2 Bob" in words
            assert any("gave your seat 2 to a strong bot" in line.text for line in app.session.lines)

            for _ in range(50):  # the bot makes a move at Bob's seat (Ann moves when it is hers)
                if ann.snapshot().bot_took:
                    break
                if 0 in ann.snapshot().active_seats:
                    await ann.submit(ann.snapshot().legal_actions[0])
                await pilot.pause(0.05)
            bot_move = ann.snapshot().bot_took[0].since + 1
            await ann.say("/seat 2 Bob")  # the host gives it back: he plays his seat again
            await until(pilot, lambda: game.seat == 1 and game.snap is not None and game.snap.seat == 1)
            assert game.snap.bots[1] is None
            took = game.snap.bot_took  # told from the bot's first move (issue 8 §4)
            assert len(took) == 1 and took[0].seat == 1 and took[0].since + 1 == bot_move
            assert "you watch" not in game._instructions()
            await ann.submit(ann.snapshot().legal_actions[0])  # Ann moves; Bob's turn, not a bot's
            await until(pilot, lambda: game.my_turn)
            assert game.snap.bots[1] is None
    finally:
        await ann.close()
        await table.stop()
