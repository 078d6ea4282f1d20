"""``parlour replay`` of a game the host ended with ``/end``: the replay table at its
last move says the host ended the game after that move (tester 6, finding 5: it
showed the game as still running, someone still to move)."""

from __future__ import annotations

import argparse

from net.codec import codec_for
from net.saves import Replay, ended_text, read, snapshot_of, write
from rules.zatre import GAME
from tests.net.test_saves import played_host
from tui import __main__ as cli
from tui.app import ParlourApp
from tui.screens.replay import replay_snapshots
from tui.widgets.message import TableMessage
from tui.zatre.replay import ReplayScreen

from .helpers import SIZE, until

ENDED = "The host ended the game after move 3."


def ended_save(tmp_path, ended: bool = True):
    """A Zatre game of three moves, saved as the host's ``/end`` saves it."""
    codec = codec_for(GAME)
    path = tmp_path / "ended.json"
    write(path, snapshot_of(played_host(turns=3), "Friday", (None, None, None), codec, ended_early=ended), codec)
    return path


def test_parlour_replay_hands_the_end_to_the_table(tmp_path, monkeypatch):
    """``parlour replay FILE`` opens the app with the save's snapshots, title and end."""
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda app: opened.append(app) or 0)
    assert cli._replay(argparse.Namespace(file=ended_save(tmp_path), pace=0)) == 0
    snaps, title, ended = opened[0]._first_replay
    assert (len(snaps), title, ended) == (4, "Friday", ENDED)


async def test_the_last_move_says_the_host_ended_the_game(tmp_path):
    path = ended_save(tmp_path)
    snaps = replay_snapshots(Replay.open(path))
    app = ParlourApp(pace=0, replay=(snaps, "Friday", ended_text(read(path)[0])), discovery=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        replay = app.screen
        turn = lambda: replay.query_one(replay.status_type).turn  # noqa: E731
        message = lambda: replay.query_one(TableMessage).text  # noqa: E731
        await pilot.press("end")
        await until(pilot, lambda: replay.index == 3)
        assert turn().startswith("Replay: move 3 of 3, ended by the host")
        assert message().startswith(ENDED)
        await pilot.press("left")  # an earlier move: the game was still running then
        await until(pilot, lambda: replay.index == 2)
        assert "ended" not in turn() and ENDED not in message()


async def test_a_game_not_ended_early_does_not_say_so(tmp_path):
    path = ended_save(tmp_path, ended=False)
    assert ended_text(read(path)[0]) == ""
    app = ParlourApp(pace=0, replay=(replay_snapshots(Replay.open(path)), "Friday"), discovery=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        await pilot.press("end")
        await until(pilot, lambda: app.screen.index == 3)
        assert "ended" not in app.screen.query_one(app.screen.status_type).turn
