"""``parlour host|join|relay|replay``: the arguments, one-line errors for bad input
(never a traceback), and the replay screen stepping through a saved game."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from net.codec import codec_for
from net.host import Host
from net.saves import Replay, snapshot_of, write
from rules.zatre import GAME, ZatreOptions
from tui.__main__ import _host, _relay, main, parse_args
import tui.app
from tui.app import ParlourApp
from tui.zatre.board import ZatreBoard
from tui.zatre.replay import ReplayScreen, replay_snapshots
from tui.zatre.results import ResultsScreen
from tui.names import cells
from tui.zatre.status import TurnStatus

from .helpers import SIZE, until


def test_commands_and_their_options():
    args = parse_args(["host", "--name", "Friday", "--port", "7600", "--code", "K7QX2M", "--grace", "30",
                       "--no-advertise", "--pace", "0"])
    assert (args.command, args.name, args.port, args.code, args.grace, args.no_advertise, args.pace) == (
        "host", "Friday", 7600, "K7QX2M", 30.0, True, 0.0)
    args = parse_args(["join", "127.0.0.1:7531", "--name", "Bob"])
    assert (args.command, args.address, args.name) == ("join", "127.0.0.1:7531", "Bob")
    assert parse_args(["relay", "--port", "9000"]).port == 9000
    assert parse_args(["replay", "game.json"]).file.name == "game.json"
    assert parse_args([]).command is None


@pytest.mark.parametrize("argv, words", [
    (["join", "nowhere"], "is not host:port"),
    (["host", "--port", "99999"], "is not a port"),
    (["host", "--relay", "http://x"], "websocket URL"),
    (["host", "--code", "no spaces!"], "is not a room code"),
    (["host", "--grace", "soon"], "is not a number of seconds"),
])
def test_bad_arguments_get_one_line(argv, words, capsys):
    with pytest.raises(SystemExit) as exit:
        parse_args(argv)
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_replay_help_says_what_it_shows_and_its_keys(capsys):
    """Issue 8 §4: ``parlour replay --help`` read oddly (a bot pace that a replay does
    not use, "a save (see the lobby ...)", no word of the keys)."""
    with pytest.raises(SystemExit) as exit:
        parse_args(["replay", "--help"])
    assert exit.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "a move at a time" in out and "the saved game" in out
    assert "← and → step" in out and "q leaves" in out
    assert "--pace" not in out and "another player's move" not in out


def test_a_corrupt_save_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "parlour.save", "body": {"trunc')
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("parlour replay: ") and "not a Parlour save" in err and "\n" not in err


def two_ports_taken() -> tuple[socket.socket, socket.socket]:
    """Listening sockets on two neighbouring ports of 127.0.0.1."""
    while True:
        first = socket.socket()
        first.bind(("127.0.0.1", 0))
        second = socket.socket()
        try:
            second.bind(("127.0.0.1", first.getsockname()[1] + 1))
        except OSError:
            first.close()
            second.close()
            continue
        first.listen()
        second.listen()
        return first, second


async def test_host_on_a_port_in_use_is_one_line(tmp_path, capsys):
    """The port suggested is one found free (player-tester 5, item 7: the next port was
    suggested, itself in use)."""
    taken, next_one = two_ports_taken()
    with taken, next_one:
        port = taken.getsockname()[1]
        args = parse_args(["host", "--port", str(port), "--bind", "127.0.0.1", "--no-advertise"])
        assert await _host(args) == 1
        err = capsys.readouterr().err.strip()
    head = f"parlour host: Port {port} is in use (another table or program listens there): choose another port, e.g. "
    assert err.startswith(head) and err.endswith(".")
    suggested = int(err[len(head):-1])
    assert suggested > port + 1
    args = parse_args(["host", "--resume", str(tmp_path / "missing.json")])
    assert await _host(args) == 1
    assert capsys.readouterr().err.startswith("parlour host: Cannot read")


def test_relay_on_a_port_in_use_is_one_line(capsys, tmp_path):
    key = str(tmp_path / "relay.key")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert _relay(parse_args(["relay", "--port", str(port), "--bind", "127.0.0.1", "--key-file", key])) == 1
    assert capsys.readouterr().err.strip() == (
        f"parlour relay: Port {port} is in use (another table or program listens there): choose another with --port.")


def test_relay_with_a_damaged_key_file_is_one_line(capsys, tmp_path):
    """Issue 8, item 4: the key that keeps room codes across restarts is checked first."""
    key = tmp_path / "relay.key"
    key.write_text("not hex\n")
    assert _relay(parse_args(["relay", "--port", "0", "--bind", "127.0.0.1", "--key-file", str(key)])) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("parlour relay: cannot use the relay key:") and "\n" not in err


async def saved_game(path) -> None:
    """A whole game of two easy bots, saved as the host saves it."""
    host = Host(GAME, ZatreOptions(), 2, 7, ("Ann", "Bob"), {0: "easy", 1: "easy"}, bot_delay=0)
    async with host:
        await host.wait_over()
    codec = codec_for(GAME)
    write(path, snapshot_of(host, "Friday", (None, None), codec), codec)


async def test_the_replay_screen_steps_through_a_saved_game(tmp_path):
    path = tmp_path / "game.json"
    await saved_game(path)
    snaps = replay_snapshots(Replay.open(path))
    app = ParlourApp(pace=0, replay=(snaps, "Friday"), discovery=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        replay = app.screen
        status = replay.query_one(TurnStatus)
        board = replay.query_one(ZatreBoard)
        assert status.turn == "Replay: the setup · Friday"
        assert board.tiles == {}
        assert replay.check_action("step", (-1,)) is None  # nothing before the setup
        assert replay.check_action("place", ()) is False  # read-only: no move keys
        await pilot.press("right")
        assert f"move 1 of {len(snaps) - 1}" in status.turn
        assert len(board.tiles) == len(snaps[1].view.tiles) > 0
        assert "laid" in replay.query_one("#message").news
        await pilot.press("right", "right", "left")
        assert replay.index == 2 and board.tiles == snaps[2].view.tile_map()
        await pilot.press("end")
        assert replay.index == len(snaps) - 1 and "game over" in status.turn
        assert not isinstance(app.screen, ResultsScreen)  # only when asked for
        await pilot.press("r")
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.check_action("chat", ()) is False  # no chat without a table
        await pilot.press("b", "home")
        assert replay.index == 0 and board.tiles == {}
        await pilot.press("q")
        await until(pilot, lambda: app.screen.__class__.__name__ == "MenuScreen")


async def test_the_replay_status_line_keeps_its_end_in_sight_at_80_columns(tmp_path):
    """Issue 8 §4: the replay status line was cut (the bag and "r: results" lost
    behind a long table name): the name is what gets cut now, in cells."""
    path = tmp_path / "game.json"
    await saved_game(path)
    snaps = replay_snapshots(Replay.open(path))
    title = "Freitagabend bei 日本語の友達 und Ann"
    app = ParlourApp(pace=0, replay=(snaps, title), discovery=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        await pilot.press("end")
        await pilot.pause()
        status = app.screen.query_one(TurnStatus)
        row = status.render_line(0).text.rstrip()
        assert row.endswith("bag: 0 tiles") and "game over (r: results)" in row, row
        assert "Freitag" in row and "…" in row and cells(row) <= status.size.width


class _Crashing(ParlourApp):
    """The app with a bug: it fails as soon as it is shown (headless, for the test)."""

    CSS_PATH = str(Path(tui.app.__file__).with_name("parlour.tcss"))

    def on_mount(self) -> None:
        raise RuntimeError("a bug")

    def run(self, **kwargs):
        return super().run(headless=True, size=SIZE)


def test_a_crash_exits_with_a_non_zero_status(monkeypatch, capsys):
    import tui.__main__ as entry

    monkeypatch.setattr(entry, "_log_to_file", lambda: None)  # (the test's logging stays)
    monkeypatch.setattr("tui.app.ParlourApp", _Crashing)
    assert main([]) == 1
    shown = capsys.readouterr()
    assert "RuntimeError" in shown.out + shown.err and "a bug" in shown.out + shown.err


async def test_host_with_a_code_at_a_relay_is_refused_in_one_line(capsys):
    """Player-tester 5, item 15: ``--code`` with ``--relay`` was dropped unsaid (the relay
    gives the room code), and friends told the chosen code found no room."""
    args = parse_args(["host", "--relay", "ws://127.0.0.1:1", "--code", "MYCODE", "--no-advertise"])
    assert await _host(args) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("parlour host: --code cannot be chosen at a relay") and "\n" not in err
