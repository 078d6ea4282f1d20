"""Hosting again a game saved while its table listened on this machine: ``parlour host
--resume FILE`` without ``--port``, and the menu's *Host a saved game again…* form,
listen on the port the save keeps (the players' windows reconnect there by
themselves); ``--port`` wins; a saved port in use fails in one sentence saying why that
port and how to choose another, leaving the save as it was; the form's error for a
port in use is in a player's words."""

from __future__ import annotations

import functools
import socket

from textual.widgets import Input, Static

from tests.net.test_saved_relay import saved_zatre
from tui.__main__ import _host, parse_args
from tui.screens.lan_table import LanTable
from tui.screens.lobby import LobbyScreen

from .helpers import SIZE, until
from .lan_helpers import app_for
from .test_saved_relay_form import HeadlessApp, open_host_again_form

HERE = {"bind": "127.0.0.1", "advertise": False, "bot_delay": 0}
"""The host form's overrides for a table on 127.0.0.1, its port left to the form."""


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on now (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def listening() -> socket.socket:
    """A socket listening on 127.0.0.1 at a free port (the port in use)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock


def saved_here(folder, port: int | None):
    """A Zatre game of three moves hosted on this machine at ``port``, saved in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    return saved_zatre(folder / "Friday-20250101-120000.json", port=port)


async def host_cli(monkeypatch, *argv: str) -> tuple[int, list]:
    """``parlour host ARGV --bind 127.0.0.1 --no-advertise`` with an app that quits at
    once: its exit status and the tables it was given (the table then stops)."""
    opened: list = []
    monkeypatch.setattr("tui.app.ParlourApp", functools.partial(HeadlessApp, opened))
    status = await _host(parse_args(["host", *argv, "--bind", "127.0.0.1", "--no-advertise"]))
    return status, opened


def port_of(hosted) -> int:
    return int(hosted.local_url.rsplit(":", 1)[1])


async def test_resume_without_port_listens_on_the_saved_port(tmp_path, monkeypatch):
    """``parlour host --resume FILE`` alone listens where the saved game was hosted."""
    port = free_port()
    path = saved_here(tmp_path, port)
    status, opened = await host_cli(monkeypatch, "--resume", str(path))
    assert status == 0 and port_of(opened[0]) == port and opened[0].relay is not None


async def test_an_explicit_port_wins_over_the_saved_one(tmp_path, monkeypatch):
    """``--port N`` with ``--resume`` listens on N, not on the save's port."""
    saved_port, given = free_port(), free_port()
    path = saved_here(tmp_path, saved_port)
    status, opened = await host_cli(monkeypatch, "--resume", str(path), "--port", str(given))
    assert status == 0 and port_of(opened[0]) == given


async def test_the_saved_port_in_use_fails_in_one_sentence_and_leaves_the_save(tmp_path, monkeypatch, capsys):
    """The save's port taken: exit status 1, one line naming the port, why it was
    chosen and the command that hosts it on another; the save is not written."""
    with listening() as taken:
        port = taken.getsockname()[1]
        path = saved_here(tmp_path, port)
        before, stamp = path.read_bytes(), path.stat().st_mtime_ns
        status, opened = await host_cli(monkeypatch, "--resume", str(path))
    assert status == 1 and opened == []
    assert capsys.readouterr().err == (
        f"parlour host: Port {port}, where this game was hosted, is in use: parlour host --resume {path} "
        "--port N hosts it on another port (tell your players the new address).\n")
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stamp


async def test_a_port_given_and_in_use_is_said_as_for_a_new_table(tmp_path, monkeypatch, capsys):
    """``--port N`` in use with ``--resume``: the port was chosen by hand, so the
    sentence is the one for any port in use, not the save's."""
    with listening() as taken:
        port = taken.getsockname()[1]
        path = saved_here(tmp_path, free_port())
        status, _ = await host_cli(monkeypatch, "--resume", str(path), "--port", str(port))
    assert status == 1
    assert capsys.readouterr().err.startswith(
        f"parlour host: Port {port} is in use (another table or program listens there): choose another port")


async def test_the_host_again_form_fills_in_the_saved_port_and_listens_there(tmp_path):
    """The form's *Port* shows the save's port, and Start hosts the game there."""
    port = free_port()
    saved_here(tmp_path / "hosted", port)
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local", host_defaults=HERE)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        assert form.query_one("#host-port", Input).value == str(port)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, (LobbyScreen, LanTable)))
        assert port_of(app.session.hosted) == port
        await app.close_table()


async def test_the_host_form_says_a_port_in_use_in_a_players_words(tmp_path):
    """Start on a port in use: the form says it is in use, by whom it may be, and to
    choose another (not the system's "Address already in use")."""
    with listening() as taken:
        port = taken.getsockname()[1]
        saved_here(tmp_path / "hosted", port)
        app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local",
                      host_defaults=HERE)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_host_again_form(app, pilot)
            await pilot.press("ctrl+s")
            error = form.query_one("#host-error", Static)
            await until(pilot, lambda: "✗" in str(error.render()))
            said = " ".join(str(error.render()).split())
    assert said.startswith(f"✗ Port {port} is in use (another table or program listens there): "
                           "choose another port")
    assert "Address already in use" not in said
