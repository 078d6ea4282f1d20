"""The lobby of a hosted table, driven by key presses: seats, bots, options, chat,
refusals, the buttons, and the start of the game (the table over the lobby)."""

from __future__ import annotations

from textual.widgets import Button, Input
from textual.widgets._toast import Toast

from tui.lan import TokenStore, join_table
from tui.screens.chat import ChatScreen
from tui.screens.host_setup import HostSetupScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.rules import RulesScreen
from tui.widgets.chat_log import ChatLog
from tui.zatre.board import ZatreBoard
from tui.zatre.lan_table import LanTableScreen
from tui.widgets.movelog import MoveLog
from tui.zatre.status import TurnStatus
from tui.zatre.scores import ScoreStrip

from .helpers import SIZE, shown, until
from .lan_helpers import LINK, app_for, guest, host_session, hosted, type_line


def log_text(screen) -> str:
    return "\n".join(strip.text for strip in screen.query_one(ChatLog).lines)


def seats_text(lobby: LobbyScreen) -> list[str]:
    seats = lobby.query_one("#lobby-seats")
    return [str(seats.get_option_at_index(i).prompt) for i in range(seats.option_count)]


async def test_lobby_commands_by_keys_then_the_game_starts(tmp_path):
    table = await hosted()
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            bob = await guest(table, "Bob")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert lobby.query_one("#lobby-line", Input).has_focus
            assert "Friday" in str(lobby.query_one("#lobby-title").render())
            assert "join at 127.0.0.1:" in str(lobby.query_one("#lobby-title").render())
            await until(pilot, lambda: any("watching:" in s and "Bob" in s for s in seats_text(lobby)))

            await type_line(pilot, "/join")
            await until(pilot, lambda: seats_text(lobby)[0].startswith("1 Ann"))
            assert "host · you" in seats_text(lobby)[0]
            assert "at seat 1" in str(lobby.query_one("#lobby-status").render())
            assert lobby.query_one("#join", Button).disabled
            assert not lobby.query_one("#leave", Button).disabled

            await type_line(pilot, "/bot add strong")
            await until(pilot, lambda: "strong bot" in seats_text(lobby)[1])
            await type_line(pilot, "/option profi on")
            await until(pilot, lambda: "Hints hidden (profi)" in str(lobby.query_one("#lobby-options").render()))
            assert "Hints: hidden (profi)" in log_text(lobby)

            await type_line(pilot, "hi all")
            await until(pilot, lambda: "Ann: hi all" in log_text(lobby))
            await bob.say("hi Ann")
            await until(pilot, lambda: "Bob: hi Ann" in log_text(lobby))

            await type_line(pilot, "/kick Zed")  # refused: a readable line, no traceback
            await until(pilot, lambda: "✗ Nobody called 'Zed' is here." in log_text(lobby))
            await type_line(pilot, "/xyz")
            await until(pilot, lambda: "There is no /xyz command" in log_text(lobby))

            # the buttons send the same commands: remove the bot, add an easy one, toggle profi
            await pilot.click("#bot-remove")
            await until(pilot, lambda: seats_text(lobby)[1] == "2 open")
            await pilot.click("#bot-easy")
            await until(pilot, lambda: "easy bot" in seats_text(lobby)[1])
            await pilot.click("#profi")
            await until(pilot, lambda: "Hints shown" in str(lobby.query_one("#lobby-options").render()))
            await pilot.pause(0.25)  # a button takes no second press while it shows the first
            await pilot.click("#profi")
            await until(pilot, lambda: "Hints hidden (profi)" in str(lobby.query_one("#lobby-options").render()))

            lobby.query_one("#lobby-line", Input).focus()
            await type_line(pilot, "/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game = app.screen
            assert game.seat == 0 and game.view.options.profi
            assert "Ann" in shown(game.query_one(ScoreStrip))
            await until(pilot, lambda: game.my_turn or game.snap.active_seats == {1})
            assert not game.query_one(ZatreBoard).hints, "profi: no hints"

            await pilot.press("t")  # chat from the table
            assert isinstance(app.screen, ChatScreen)
            chat = app.screen
            assert "Ann: hi all" in log_text(chat)
            await type_line(pilot, "gl")
            await until(pilot, lambda: "Ann: gl" in log_text(chat))
            await pilot.press("escape")
            assert app.screen is game
    finally:
        if bob is not None:
            await bob.close()
        await app.close_table()
        await table.stop()


async def test_a_guest_is_not_the_host_and_watches_when_not_seated(tmp_path):
    table = await hosted()
    tokens = TokenStore(tmp_path / "tokens.json")
    ann = await guest(table, "Ann", host_key=table.host_key)
    app = app_for(tmp_path, tokens=tokens)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await app.start_session(await join_table(table.join_address, "Cy", tokens=tokens, **LINK))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            # issue 9 (a player-tester saw a guest's button reading "⊘" and nothing else):
            # the host's buttons are not shown to a guest at all; every button shown has words
            await until(pilot, lambda: bool(lobby.query("#profi")))
            for name in ("bot-easy", "bot-strong", "bot-remove", "profi", "start"):
                assert not lobby.query_one(f"#{name}", Button).display, name
            for button in lobby.query("#lobby-buttons Button"):
                assert not button.display or str(button.label).strip("⊘ "), button.id
            assert not lobby.query_one("#join", Button).disabled
            assert not str(lobby.query_one("#join", Button).label).startswith("⊘")
            assert "host only" in lobby.query_one("#lobby-buttons").border_subtitle
            await type_line(pilot, "/start")
            await until(pilot, lambda: "Only the host can start the game." in log_text(lobby))
            await pilot.pause(0.1)  # told in the log only: no notice over the chat (tester 7, finding 7c)
            assert not any("Only the host" in str(t.render()) for t in lobby.query(Toast))
            await pilot.press("f1")  # Cy reads the rules while Ann starts the game
            assert isinstance(app.screen, RulesScreen)
            await ann.say("/join")
            await ann.say("/bot add easy")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await ann.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game = app.screen
            await pilot.pause()
            # issue 8 §4: the lobby's refusal pop-ups went on over the scores
            assert not any("Only the host" in str(t.render()) for t in game.query(Toast))
            assert game.seat is None and game.snap.seat is None
            assert "watching" in game._instructions()
            assert game.query_one("#hand").tiles == ()
            # issue 8 §4: a watcher's footer shows only what a watcher can do
            await pilot.pause()
            footer = {str(key.description) for key in game.query("FooterKey")}
            assert {"Sheet", "Rules", "Leave"} <= footer, footer
            assert not footer & {"Tile", "Place", "Undo", "Confirm"}, footer
            await pilot.press("f1")  # the rules open from the table, though read in the lobby
            assert isinstance(app.screen, RulesScreen) and app.screen_stack[-2] is game
            await pilot.press("escape")
            assert app.screen is game
            # a chat line pops up clear of the move log
            await ann.say("good luck all")
            await until(pilot, lambda: any("good luck all" in str(t.render()) for t in game.query(Toast)))
            await pilot.pause()
            toast = next(t for t in game.query(Toast) if "good luck all" in str(t.render()))
            assert not toast.region.overlaps(game.query_one(MoveLog).region)
            assert not toast.region.overlaps(game.query_one(TurnStatus).region)
    finally:
        await ann.close()
        await app.close_table()
        await table.stop()


async def test_the_host_form_checks_then_opens_the_lobby(tmp_path):
    app = app_for(tmp_path, host_defaults={"bind": "127.0.0.1", "port": 0, "save": False})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        form = app.screen
        assert isinstance(form, HostSetupScreen)
        form.query_one("#host-table", Input).value = ""
        await pilot.press("ctrl+s")
        assert "Give the table a name" in str(form.query_one("#host-error").render())
        form.query_one("#host-table", Input).value = "Friday"
        form.query_one("#host-player", Input).value = "Ann"
        form.query_one("#host-profi").value = True
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert app.session.hosted is not None and app.session.link.is_host
        await until(pilot, lambda: "Hints hidden (profi)" in str(lobby.query_one("#lobby-options").render()))
        assert "Players join at 127.0.0.1:" in log_text(lobby)
        await pilot.press("escape", "y")
        await until(pilot, lambda: app.session is None and not isinstance(app.screen, LobbyScreen))


async def test_a_drop_before_the_start_reconnects_into_the_held_seat(tmp_path):
    """Before the start, as during the game, a dropped seat is held for the grace
    period: the link comes back with its token and sits there again."""
    table = await hosted()
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, "Bob", tokens=tokens, **LINK))
            lobby = app.screen
            await type_line(pilot, "/join")
            await until(pilot, lambda: app.session.link.seat == 0)
            token = app.session.link.token
            app.session.link._ws.transport.abort()
            await until(pilot, lambda: "Connected again." in log_text(lobby))
            await until(pilot, lambda: seats_text(lobby)[0].startswith("1 Bob") and "you" in seats_text(lobby)[0])
            assert app.session.link.status.online and app.session.link.seat == 0
            assert app.session.link.token == token and "the seat was freed" not in log_text(lobby)
            await app.close_table()
    finally:
        await table.stop()


async def test_help_and_what_others_did_read_well_in_the_lobby_log(tmp_path):
    """Issue 8 §4: the lobby's /help wrapped badly at 80x24 (columns made for a wide
    terminal); what another player did was told only to them."""
    table = await hosted()
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            bob = await guest(table, "Bob")
            await until(pilot, lambda: "Bob joined the table." in log_text(lobby))
            await bob.say("/join 2")
            await until(pilot, lambda: "Bob took seat 2." in log_text(lobby))
            await type_line(pilot, "/help")
            await until(pilot, lambda: "/help: this list" in log_text(lobby))
            log = lobby.query_one(ChatLog)
            rows = [strip.text.rstrip() for strip in log.lines]
            start = next(i for i, row in enumerate(rows) if row.startswith("  /join"))
            rows = rows[start:next(i for i, row in enumerate(rows) if "is chat" in row)]
            commands = [row for row in rows if row.startswith("  /")]
            assert len(commands) == 11, rows  # every command starts its own row ...
            assert all(row.startswith("    ") for row in rows if row not in commands), rows  # ... then hangs
            assert all(len(row) <= log.size.width for row in rows)
    finally:
        if bob is not None:
            await bob.close()
        await app.close_table()
        await table.stop()
