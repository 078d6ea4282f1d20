"""Hosting again a game saved while its table listened on 127.0.0.1, not announced on the
LAN (tester 23, finding 2): the menu's *Host a saved game again…* form fills *Listen on*
and *On the LAN* from the save (it showed 0.0.0.0 and "advertised", so Start opened the
game to every network and announced it), and ``parlour host --resume FILE`` without
``--bind`` or ``--no-advertise`` keeps them too; flags given win. A save from before
they were kept fills the form as it did (every network, announced)."""

from __future__ import annotations

import functools

from textual.widgets import Input, Select

from net.discovery import FakeBackend
from tui.__main__ import _host, parse_args
from tui.screens.lan_table import LanTable
from tui.screens.lobby import LobbyScreen

from .helpers import SIZE, until
from .lan_helpers import app_for
from .test_saved_port_form import free_port, saved_here
from .test_saved_relay_form import HeadlessApp, open_host_again_form
from tests.net.test_save_format import reseal
from tests.net.test_saved_relay import saved_zatre


def kept_here(folder, port: int):
    """A Zatre game hosted on 127.0.0.1 at ``port``, by address only, saved in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    return saved_zatre(folder / "Friday-20250101-120000.json", port=port, bind="127.0.0.1", advertised=False)


async def test_the_host_again_form_keeps_the_table_to_this_machine_and_unannounced(tmp_path):
    network: dict = {"ads": {}, "watchers": []}
    kept_here(tmp_path / "hosted", free_port())
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local",
                  discovery=lambda: FakeBackend(network), host_defaults={"bot_delay": 0})
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        assert form.query_one("#host-bind", Input).value == "127.0.0.1"
        assert form.query_one("#host-advertise", Select).value is False
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, (LobbyScreen, LanTable)))
        hosted = app.session.hosted
        assert hosted.local_url.startswith("ws://127.0.0.1:") and hosted.advertiser is None
        assert network["ads"] == {}
        await app.close_table()


async def test_an_older_save_fills_the_form_as_before(tmp_path):
    path = saved_here(tmp_path / "hosted", free_port())
    reseal(path, lambda outer: [outer["body"].pop(key, None) for key in ("bind", "advertised")])
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        assert form.query_one("#host-bind", Input).value == "0.0.0.0"
        assert form.query_one("#host-advertise", Select).value is True


async def resume_cli(monkeypatch, path, *argv: str) -> tuple[int, list]:
    """``parlour host --resume PATH ARGV`` with an app that quits at once (the table
    then stops) and a fake LAN: its exit status and the tables it was given."""
    opened: list = []
    monkeypatch.setattr("tui.app.ParlourApp", functools.partial(HeadlessApp, opened))
    monkeypatch.setattr("tui.app.zeroconf_backend", FakeBackend)
    status = await _host(parse_args(["host", "--resume", str(path), *argv]))
    return status, opened


async def test_resume_without_flags_listens_where_the_save_says_unannounced(tmp_path, monkeypatch):
    port = free_port()
    status, opened = await resume_cli(monkeypatch, kept_here(tmp_path, port))
    assert status == 0 and opened[0].url == f"ws://127.0.0.1:{port}" and opened[0].advertiser is None


async def test_resume_with_advertise_announces_it_at_the_saved_address(tmp_path, monkeypatch):
    status, opened = await resume_cli(monkeypatch, kept_here(tmp_path, free_port()), "--advertise")
    assert status == 0 and opened[0].url.startswith("ws://127.0.0.1:")
    assert opened[0].advertiser is not None and opened[0].advertiser.ad.name == "Friday"

