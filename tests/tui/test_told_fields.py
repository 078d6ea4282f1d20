"""Fields that refuse a key say why, as the name fields do (player-tester 23, finding 8):
the setup form's Seed takes digits only and says so when a letter is typed, and a chat
line (the lobby's, the table's chat) says its limit when it is full instead of cutting
a long line without a word."""

from __future__ import annotations

from textual.widgets import Input

from net.protocol import MAX_CHAT
from tui.screens.chat import ChatScreen
from tui.screens.local_setup import SEED_WORDS, LocalSetupScreen
from tui.screens.lobby import LobbyScreen
from tui.lan import TokenStore

from .helpers import SIZE, until
from .lan_helpers import app_for, host_session, hosted
from .test_name_limit import told, type_over


async def test_the_seed_field_says_it_takes_digits_only(tmp_path):
    """Finding 8: typing "abc!!" into Seed left "random" with no notice; the letters are
    still not taken, and a notice says the seed is a whole number (once)."""
    app = app_for(tmp_path, local_saves=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, LocalSetupScreen))
        notices = told(app)
        seed = app.screen.query_one("#seed", Input)
        await type_over(pilot, seed, "12")
        assert seed.value == "12" and notices == []
        await pilot.press(*"abc!!")
        assert seed.value == "12"
        assert len(notices) == 1 and notices[0].startswith(SEED_WORDS)


async def test_a_chat_line_says_its_limit_when_full(tmp_path):
    """Finding 8: a 450-character line was cut to 400 without a word; the lobby's line and
    the table's chat take :data:`MAX_CHAT` characters (a paste as far as it fits) and a
    notice says the limit."""
    table = await hosted()
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            notices = told(app)
            line = app.screen.query_one("#lobby-line", Input)
            line.focus()
            await pilot.pause()
            line.insert_text_at_cursor("a" * 450)  # a paste
            await pilot.pause()
            assert line.value == "a" * MAX_CHAT
            assert len(notices) == 1 and f"at most {MAX_CHAT} characters" in notices[0]
            line.value = ""
            chat = ChatScreen(app.session)
            await app.push_screen(chat)
            await pilot.pause()
            notices.clear()
            await type_over(pilot, chat.query_one("#chat-line", Input), "b" * (MAX_CHAT + 1))
            assert chat.query_one("#chat-line", Input).value == "b" * MAX_CHAT
            assert len(notices) == 1 and f"at most {MAX_CHAT} characters" in notices[0]
    finally:
        await app.close_table()
        await table.stop()
