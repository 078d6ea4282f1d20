"""Hosting again a game saved while it was hosted through a relay: the menu's *Host a
saved game again…* opens the host form with its *Relay* field filled from the save,
and Start opens the room at that relay again; emptied, the table is hosted here and
the lobby says which relay the save went through and how to use it again. ``parlour
host --resume FILE`` without ``--relay`` hosts here, as it says it does, and prints
that line too."""

from __future__ import annotations

import functools

from textual.widgets import Input, OptionList, Static

from net.codec import codec_for
from net.saves import read, snapshot_of, write
from rules.zatre import GAME as ZATRE
from tests.net.test_saves import played_host
from tui.__main__ import _host, parse_args
from tui.screens.host_setup import HostSetupScreen
from tui.screens.lan_table import LanTable
from tui.screens.lobby import LobbyScreen
from tui.screens.saved_games import SavedGamesScreen

from .helpers import SIZE, until
from .lan_helpers import app_for, relay_at

HERE_ONLY = ("#host-bind", "#host-port", "#host-advertise")


def relayed_save(folder, relay: str | None):
    """A Zatre game of three moves, hosted (``relay``: through that relay), saved in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "Friday-20250101-120000.json"
    codec = codec_for(ZATRE)
    write(path, snapshot_of(played_host(turns=3), "Friday", (None, None, None), codec, relay=relay), codec)
    return path


async def open_host_again_form(app, pilot) -> HostSetupScreen:
    """From the menu: *Host a saved game again…*, Enter on the first save: its form."""
    options = app.screen.query_one(OptionList)
    options.highlighted = next(i for i in range(options.option_count)
                               if options.get_option_at_index(i).id == "hosted-saves")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, HostSetupScreen) and app.screen.is_mounted)
    await pilot.pause()
    return app.screen


async def test_the_host_again_form_fills_in_the_saved_relay_and_hosts_there_again(tmp_path):
    relay, url, _ = await relay_at()
    path = relayed_save(tmp_path / "hosted", url)
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local")
    try:
        async with app.run_test(size=SIZE) as pilot:
            form = await open_host_again_form(app, pilot)
            assert form.query_one("#host-relay", Input).value == url
            assert not any(form.query_one(field).display for field in HERE_ONLY)
            assert f"Relay: the one it went through, {url}" in str(form.query_one("#host-hint", Static).render())
            assert form.settings().relay == url and form.settings().resume == path
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, (LobbyScreen, LanTable)))
            hosted = app.session.hosted
            assert hosted.relay_link is not None and hosted.relay is None and hosted.join_address == url
            assert hosted.code.upper() in relay.rooms
            assert not any("hosted through the relay" in line.text for line in app.session.lines)
            await app.close_table()
    finally:
        await relay.stop()
    assert read(path)[0].relay == url  # (saved through it again)


async def test_the_relay_emptied_hosts_here_and_the_lobby_says_which_relay_it_was(tmp_path):
    path = relayed_save(tmp_path / "hosted", "ws://relay.example:7531")
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local",
                  host_defaults={"bind": "127.0.0.1", "port": 0, "advertise": False, "bot_delay": 0})
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        form.query_one("#host-relay", Input).value = ""
        await pilot.pause()
        assert all(form.query_one(field).display for field in HERE_ONLY)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, (LobbyScreen, LanTable)))
        assert app.session.hosted.relay_link is None
        assert any(line.kind == "notice" and line.text.startswith(
            "This game was hosted through the relay ws://relay.example:7531; it is hosted on this machine now")
            and f"--resume {path} --relay ws://relay.example:7531" in line.text for line in app.session.lines)
        await app.close_table()


async def test_a_save_naming_no_relay_leaves_the_field_empty(tmp_path):
    relayed_save(tmp_path / "hosted", None)
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        assert form.query_one("#host-relay", Input).value == ""
        assert all(form.query_one(field).display for field in HERE_ONLY)
        assert form.settings().relay is None


class HeadlessApp:
    """Stands in for the app ``parlour host`` runs (``functools.partial(HeadlessApp,
    opened)``): it adds the table it was given to ``opened`` and quits at once."""

    hosted_taken = False
    return_code = 0

    def __init__(self, opened: list, **kwargs) -> None:
        opened.append(kwargs["hosted"][0])

    async def run_async(self) -> None:
        pass


async def test_parlour_host_resume_without_relay_hosts_here_and_prints_the_saved_relay(tmp_path, monkeypatch,
                                                                                         capsys):
    path = relayed_save(tmp_path, "ws://relay.example:7531")
    args = parse_args(["host", "--resume", str(path), "--bind", "127.0.0.1", "--port", "0", "--no-advertise"])
    opened = []
    monkeypatch.setattr("tui.app.ParlourApp", functools.partial(HeadlessApp, opened))
    assert await _host(args) == 0
    assert opened[0].relay_link is None  # hosted here, as no --relay says
    out = capsys.readouterr().out
    assert out == (f"parlour host: This game was hosted through the relay ws://relay.example:7531; it is hosted "
                   f"on this machine now (parlour host --resume {path} --relay ws://relay.example:7531 hosts "
                   "it there).\n")
