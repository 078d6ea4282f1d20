"""A game open in one Parlour window is not opened in another: ``parlour host --resume
FILE`` of a save a table hosts fails in one line (exit status 1, nothing written), the
menu's host-again form and its Continue say why, the way they say other save errors; and
the window that closed its own game opens it again."""

from __future__ import annotations

import functools

from textual.widgets import Static

from net.local import LocalTable
from net.saves import SaveLock, open_elsewhere_text, read
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from tests.net.test_local_saves import play
from tests.net.wire import host_table
from tests.tui.test_saved_relay_form import HeadlessApp, open_host_again_form, relayed_save
from tui.__main__ import _host, parse_args
from tui.screens.host_setup import HostSetupScreen
from tui.screens.lan_table import LanTable
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.notice import NoticeScreen
from tui.zatre.table import TableScreen

from .helpers import SIZE, until
from .lan_helpers import app_for


async def test_parlour_host_resume_of_a_game_hosted_in_another_window_fails_in_one_line(tmp_path, monkeypatch,
                                                                                      capsys):
    """``parlour host --resume FILE`` while another table hosts FILE prints the sentence on
    stderr, exits 1, opens no table and leaves the file's bytes as they were."""
    path = relayed_save(tmp_path, None)
    opened = []
    monkeypatch.setattr("tui.app.ParlourApp", functools.partial(HeadlessApp, opened))
    first = await host_table(None, save=True, resume_from=path)
    before = path.read_bytes()
    try:
        args = parse_args(["host", "--resume", str(path), "--bind", "127.0.0.1", "--port", "0",
                           "--no-advertise"])
        assert await _host(args) == 1
    finally:
        await first.stop()
    assert capsys.readouterr().err == (
        f"parlour host: {path} is open in another Parlour window on this machine: join that table (or close "
        "that window) instead of hosting it again.\n")
    assert opened == [] and path.read_bytes() == before


async def test_the_host_again_form_says_the_game_is_open_elsewhere_and_hosts_it_once_it_is_not(tmp_path):
    """The host-again form of a save another window holds says why it cannot start (no
    crash, still on the form); once that window lets go it hosts the game, and after this
    window closes the table, hosts it again."""
    path = relayed_save(tmp_path / "hosted", None)
    elsewhere = SaveLock(path)
    elsewhere.take()
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local",
                  host_defaults={"bind": "127.0.0.1", "port": 0, "advertise": False, "bot_delay": 0})
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        before = path.read_bytes()
        await pilot.press("ctrl+s")
        error = form.query_one("#host-error", Static)
        await until(pilot, lambda: "another Parlour window" in str(error.render()))
        assert str(error.render()) == f"✗ {open_elsewhere_text(path, local=False)}"
        assert isinstance(app.screen, HostSetupScreen) and app.session is None and path.read_bytes() == before
        elsewhere.release()
        for _ in range(2):  # (the second time: hosted again in the window that closed it)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, (LobbyScreen, LanTable)))
            assert app.session.hosted.save == path
            await app.close_table()
            form = await open_host_again_form(app, pilot)
    assert read(path)[0].version >= 3  # (its bot may have moved since)


async def test_continue_of_a_game_open_in_another_window_says_so_and_continues_once_it_is_not(tmp_path):
    """Continue on a local game another window plays shows the sentence in the notice other
    save errors show, writing nothing; once that window stops, Continue takes it up, and
    again after this window left it."""
    folder = tmp_path / "local"
    path = folder / "solo.json"
    async with LocalTable(ZATRE, ZatreOptions(), ("You", "Ada"), {1: "easy"}, seed=5, bot_delay=0,
                          save_to=path) as table:
        await play(table, 2)
    other = LocalTable.resume(path)
    before = path.read_bytes()
    app = app_for(tmp_path, local_saves=folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")  # Continue the latest
        await until(pilot, lambda: isinstance(app.screen, NoticeScreen))
        assert app.screen.title_text == "Cannot continue this game"
        assert app.screen.text == open_elsewhere_text(path, local=True)
        assert app.table is None and path.read_bytes() == before
        await other.stop()
        await pilot.press("enter")
        for _ in range(2):  # (the second time: after leaving it in this window)
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert app.table is not None and app.table.save_to == path
            await app.close_table()
