"""The menu's *Host a saved game again…* form and the host's name (crash 9): its *Your
name* was filled with the login, not the name played at the table, and a name typed
there changed nothing (the seat came back under the saved one). When this machine
keeps the host's seat token for the save, the form says as whom the host plays again
and does not ask; otherwise it asks for the name played under, which ``/seat N NAME``
gives the seat back to."""

from __future__ import annotations

from textual.widgets import Input, Static

from net.codec import codec_for
from net.lobby import hash_token
from net.saves import snapshot_of, write
from rules.zatre import GAME as ZATRE
from tests.net.test_saves import played_host
from tui.lan import TokenStore, default_player_name
from tui.screens.lan_table import LanTable
from tui.screens.lobby import LobbyScreen

from .helpers import SIZE, until
from .lan_helpers import app_for
from .test_saved_relay_form import open_host_again_form

HERE = {"bind": "127.0.0.1", "port": 0, "advertise": False, "bot_delay": 0}


def hosted_save(folder):
    """A Zatre game of three moves hosted here, seats A and B human (their tokens
    ``a-token``, ``b-token``), C an easy bot."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "Friday-20250101-120000.json"
    codec = codec_for(ZATRE)
    hashes = (hash_token("a-token"), hash_token("b-token"), None)
    write(path, snapshot_of(played_host(turns=3), "Friday", hashes, codec), codec)
    return path


async def test_the_host_plays_again_under_the_name_of_the_seat_its_kept_token_is(tmp_path):
    path = hosted_save(tmp_path / "hosted")
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local", host_defaults=HERE)
    app.tokens.put(TokenStore.save_key(path), "b-token", "Friday")  # the host played B
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        assert not form.query_one("#host-player", Input).display  # not asked: the token gives B back
        assert not any(label.display for label in form.query(".player-asked"))
        assert "You play as B again." in str(form.query_one("#host-hint", Static).render())
        assert form.settings().player == "B" and form.query_one("#host-relay", Input).has_focus
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, (LobbyScreen, LanTable)) and app.session.link.seat == 1)
        assert app.session.link.name == "B"
        await app.close_table()


async def test_without_a_kept_token_the_form_asks_for_the_name_played_under(tmp_path):
    path = hosted_save(tmp_path / "hosted")
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local", host_defaults=HERE)
    app.tokens.put(TokenStore.save_key(path), "another-games-token", "Friday")  # no seat's token
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        field = form.query_one("#host-player", Input)
        assert field.display and field.has_focus and field.value == default_player_name()
        assert "Your name: the one you played under" in str(form.query_one("#host-hint", Static).render())
        field.value = "A"
        assert form.settings().player == "A"  # who /seat 1 A gives seat 1 back to
