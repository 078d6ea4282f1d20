"""Zatre: Das Kartenspiel at a LAN table (a host on 127.0.0.1 and a bot): hosted from
the host form's game choice, the lobby's options switching the game; the card
table opens for the card game, the opening and a card laid by keys, the bot's turn
seen, chat with ``t``, and the reconnect banner blocking moves. (Results and the
rest of the LAN table are the same code as Zatre's: tests/tui/test_lan_table.py.) A
saved card game replayed at the card table."""

from __future__ import annotations

from textual.widgets import Button, Select

from net.codec import codec_for
from net.host import Host
from net.saves import Replay, snapshot_of, write
from rules.zatre_cards import GAME as CARDS
from rules.zatre_cards import ZatreCardsOptions
from tui.app import ParlourApp
from tui.lan import TokenStore
from tui.screens.chat import ChatScreen
from tui.screens.host_setup import HostSetupScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import replay_snapshots
from tui.zatre_cards.cardtable import CardTable
from tui.zatre_cards.lan_table import CardLanTableScreen
from tui.zatre_cards.replay import CardReplayScreen
from tui.zatre_cards.results import CardResultsScreen
from tui.zatre_cards.status import CardStatus

from .helpers import SIZE, until
from .lan_helpers import app_for, hold_connection, host_session, hosted
from .test_cards_table import open_with_keys


async def test_host_the_card_game_from_the_form_and_switch_it_in_the_lobby(tmp_path):
    app = app_for(tmp_path, host_defaults={"bind": "127.0.0.1", "port": 0, "save": False})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        form = app.screen
        assert isinstance(form, HostSetupScreen)
        form.query_one("#host-game", Select).focus()
        await pilot.press("enter", "down", "enter")
        await until(pilot, lambda: form.query_one("#host-game", Select).value == "zatre-cards")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session.lobby is not None)
        lobby = app.screen
        title = lobby.query_one("#lobby-title")
        options = lobby.query_one("#lobby-options")
        assert "Zatre: Das Kartenspiel" in str(title.render())
        assert "cardgame on" in str(options.render())
        assert not [b for b in lobby.query("#teams") if b.display], "the card game has no teams"
        assert lobby.query_one("#lobby-seats").border_subtitle == "2-4 players"

        await pilot.click("#cardgame")  # back to the board game: its teams option shows
        await until(pilot, lambda: "cardgame off" in str(options.render()))
        assert "Zatre ·" in str(title.render()) and app.session.link.game.name == "zatre"
        assert lobby.query_one("#teams", Button).display
        await pilot.click("#teams")
        await until(pilot, lambda: len(app.session.lobby.seats) == 6)
        seats = lobby.query_one("#lobby-seats")
        await until(pilot, lambda: seats.option_count >= 6 and seats.get_option_at_index(5).id == "seat-5")
        assert lobby.query_one("#lobby-seats").border_subtitle == "4 or 6 players · T1-T3: teams"
        await app.close_table()


async def lay_a_card_with_keys(pilot, game: CardLanTableScreen) -> None:
    """The player's turn by keys: x when no card fits, else the first card (turned
    until it fits somewhere) at its next fit, Enter."""
    if game.must_give_up:
        await pilot.press("x")
        return
    for index in range(len(game.hand_left)):
        await pilot.press(str(index + 1))
        for _ in range(4):
            if game.hints():
                await pilot.press("n", "enter")
                return
            await pilot.press("r")
    raise AssertionError("a card should fit somewhere when no show or pass is due")


async def test_the_card_game_at_a_lan_table(tmp_path):
    table = await hosted("Cards", seed=1, game=CARDS)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            await app.session.say("/join")
            await until(pilot, lambda: app.session.link.seat is not None)
            await app.session.say("/bot add easy")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, CardLanTableScreen) and app.screen.snap is not None)
            game = app.screen
            await until(pilot, lambda: game.my_turn)
            assert game.seat == 0 and game.view.opening

            await open_with_keys(pilot, game)  # the opening, then the bot answers
            await until(pilot, lambda: game.my_turn and len(game.view.log) >= 2)
            assert game.view.log[1].seat == 1 and "Ada" not in game._turn_text()
            turns = len(game.view.log)
            await lay_a_card_with_keys(pilot, game)
            await until(pilot, lambda: game.my_turn and len(game.view.log) > turns + 1
                        or game.snap.over)

            # chat: t opens it over the table (its key in sight at 80 columns), a line goes to everyone
            from textual.widgets._footer import FooterKey

            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            chat_key = [k for k in game.query(FooterKey) if k.action == "chat"]
            assert chat_key and chat_key[0].region.right <= 80, "t Chat in the footer at 80 columns"
            await pilot.resize_terminal(*SIZE)
            await pilot.pause()
            await pilot.press("t")
            assert isinstance(app.screen, ChatScreen)
            await pilot.press(*"hi", "enter")
            await until(pilot, lambda: any(line.text == "hi" for line in app.session.lines))
            await pilot.press("escape")
            assert app.screen is game

            # the connection drops: the banner says so and no card can be laid
            link = app.session.link
            gate = hold_connection(link)
            status = game.query_one(CardStatus)
            await until(pilot, lambda: status.alert and "reconnecting" in status.turn)
            assert "⚠" in str(status.render())
            assert not game.my_turn and game.check_action("lay", ()) is None
            assert "Moves wait" in game._instructions()
            version = game.snap.version
            await pilot.press("1", "n", "enter", "x")
            assert game.snap.version == version and not game.busy
            gate.set()
            await until(pilot, lambda: link.status.online and not status.alert)

            assert "reconnecting" not in status.turn
    finally:
        await table.stop()


async def test_a_saved_card_game_replays_at_the_card_table(tmp_path):
    path = tmp_path / "cards.json"
    host = Host(CARDS, ZatreCardsOptions(), 2, 5, ("Ann", "Bob"), {0: "easy", 1: "easy"}, bot_delay=0)
    async with host:
        await host.wait_over()
    codec = codec_for(CARDS)
    write(path, snapshot_of(host, "Cards", (None, None), codec), codec)
    snaps = replay_snapshots(Replay.open(path))
    app = ParlourApp(pace=0, replay=(snaps, "Cards"), discovery=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CardReplayScreen) and app.screen.snap is not None)
        replay = app.screen
        status = replay.query_one(CardStatus)
        assert status.turn == "Replay: the setup · Cards" and replay.view.laid == ()
        assert replay.check_action("lay", ()) is False and replay.check_action("rotate", ()) is False
        await pilot.press("right")
        assert f"move 1 of {len(snaps) - 1}" in status.turn
        assert replay.query_one(CardTable).laid == snaps[1].view.laid
        await pilot.press("end")
        assert replay.snap.over and "game over" in status.turn
        await pilot.press("r")
        assert isinstance(app.screen, CardResultsScreen)
        await until(pilot, lambda: app.screen.listening)  # (after a quiet moment)
        assert app.screen.check_action("chat", ()) is False  # no chat without a table
        await pilot.press("b", "home")
        assert replay.index == 0 and replay.view.laid == ()
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
