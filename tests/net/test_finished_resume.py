"""Hosting again (``parlour host --resume FILE``, the menu's host form) a game that is
over, or that its host ended with ``/end``, is refused in one sentence naming the file
and pointing to ``parlour replay FILE``; nothing is written (before, the table opened
and the ended game played on past its end)."""

from __future__ import annotations

import attrs
import pytest

from net.cli import serve_table
from net.codec import codec_for
from net.host import Applied, Host
from net.saves import SaveError, finished_text, read, snapshot_of, write
from rules import registry
from tests.net import toygame
from tests.net.test_ended_save import ended_after_two_moves
from tests.net.wire import host_table


def over_save(path, monkeypatch):
    """A toy game of one round that both seats played to its end, hosted and saved in ``path``."""
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)
    host = Host(toygame.GAME, toygame.ToyOptions(rounds=1), 2, 5, ("Ann", "Bob"), {}, bot_delay=0)
    host.restore([Applied(1, 0, toygame.Pick(1), "a"), Applied(2, 1, toygame.Pick(2), "b")])
    assert host.over
    codec = codec_for(toygame.GAME)
    write(path, snapshot_of(host, "Friday", ("a" * 64, "b" * 64), codec), codec)
    return path


def on_disk(folder) -> dict:
    """Every file below ``folder`` and its bytes, but the empty lock files beside saves
    (``.NAME.json.lock``: made by taking a save's lock to read it, never a write of a game)."""
    return {path: path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.name.endswith(".json.lock")}


async def test_a_game_its_host_ended_is_not_hosted_again(tmp_path):
    path = await ended_after_two_moves(tmp_path)
    before = on_disk(tmp_path)
    with pytest.raises(SaveError) as err:
        await host_table(None, save=True, resume_from=path)
    assert str(err.value) == (f"The host ended the game in {path} after move 2: it cannot be hosted again; "
                              f"parlour replay {path} shows it.")
    assert on_disk(tmp_path) == before


async def test_a_game_that_is_over_is_not_hosted_again(tmp_path, monkeypatch):
    path = over_save(tmp_path / "over.json", monkeypatch)
    before = on_disk(tmp_path)
    with pytest.raises(SaveError) as err:
        await serve_table(None, None, bind="127.0.0.1", port=0, advertise=False, save=True, resume_from=path)
    assert str(err.value) == (f"The game in {path} is over (move 2): it cannot be hosted again; "
                              f"parlour replay {path} shows it.")
    assert on_disk(tmp_path) == before


def test_a_game_under_way_can_be_hosted_again_and_one_ended_at_once_cannot(tmp_path, monkeypatch):
    path = over_save(tmp_path / "over.json", monkeypatch)
    data, _ = read(path)
    assert finished_text(path, attrs.evolve(data, over=False), over=False) == ""
    ended_at_once = attrs.evolve(data, over=False, ended_early=True, version=0, log=())
    assert finished_text(path, ended_at_once, over=False) == (
        f"The host ended the game in {path} before the first move: it cannot be hosted again; "
        f"parlour replay {path} shows it.")
