"""Local games saved like hosted ones (issue 8 §4: "Solo and hotseat games are lost when
Parlour closes. Save them like hosted games"; design.md: "Local games ... are saved the
same way, so they can be continued and replayed"), and a failed local save never silent
(issue 8 §1)."""

from __future__ import annotations

import asyncio
import os

import pytest

from net import saves
from net.codec import codec_for
from net.local import LocalTable
from net.saves import SaveError, local_games, new_local_path, read, snapshot_of, write
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from tests.net.test_saves import played_host

TIMEOUT = 10.0


async def play(table: LocalTable, actions: int) -> None:
    """The human seats play their first legal action ``actions`` times in all."""
    for _ in range(actions):
        while True:
            seat = next(s for s in range(table.host.seats) if table.host.snapshot(s).legal_actions
                        or table.host.over)
            if seat in table.humans:
                break
            await asyncio.sleep(0.005)
        link = table.humans[seat]
        assert (await asyncio.wait_for(link.submit(link.snapshot().legal_actions[0]), TIMEOUT)).accepted


async def test_a_local_game_is_saved_after_every_action_and_continues_where_it_was(tmp_path):
    path = tmp_path / "solo.json"
    async with LocalTable(ZATRE, ZatreOptions(profi=True), ("Ann", "Bob", "Ada"), {2: "easy"},
                          seed=5, bot_delay=0.01, save_to=path) as table:
        assert not path.exists()  # nothing is saved before the first action
        await play(table, 3)
        await asyncio.sleep(0.05)
        state, version = table.host.state, table.host.version
        assert read(path)[0].version == version
    data, _ = read(path)
    assert data.local and data.pace == 0.01 and not data.over and data.token_hashes == (None, None, None)
    assert data.table == "Hotseat game"  # what parlour replay calls it

    again = LocalTable.resume(path)
    assert again.host.state == state and again.host.version == version
    assert sorted(again.humans) == [0, 1] and again.host.bot_kinds == (None, None, "easy")
    assert again.host.options == ZatreOptions(profi=True) and again.host.bot_delay == 0.01
    async with again:
        await play(again, 1)
        await asyncio.sleep(0.05)
        assert read(path)[0].version == again.host.version > version


async def test_a_finished_local_game_is_saved_as_over(tmp_path):
    path = tmp_path / "bots.json"
    async with LocalTable(ZATRE, ZatreOptions(), ("Ada", "Bea"), {0: "easy", 1: "easy"}, seed=4,
                          bot_delay=0, save_to=path) as table:
        await asyncio.wait_for(table.host.wait_over(), 60)
    data, _ = read(path)
    assert data.over and data.version == table.host.version and data.table == "Bots' game"
    assert [g.over for g in local_games(tmp_path)] == [True]


def test_a_hosted_save_is_not_continued_as_a_local_game(tmp_path):
    codec = codec_for(ZATRE)
    write(tmp_path / "hosted.json", snapshot_of(played_host(), "Friday", (None,) * 3, codec), codec)
    with pytest.raises(SaveError, match="parlour host --resume"):
        LocalTable.resume(tmp_path / "hosted.json")


def test_local_games_lists_the_latest_first_and_leaves_out_what_is_not_a_local_save(tmp_path):
    codec = codec_for(ZATRE)
    host = played_host()
    for name, when in (("old", 1000.0), ("new", 3000.0), ("middle", 2000.0)):
        data = snapshot_of(host, "Zatre", (None,) * 3, codec, local=True, pace=0.4)
        write(tmp_path / f"{name}.json", saves.attrs.evolve(data, saved_at=when), codec)
    write(tmp_path / "hosted.json", snapshot_of(host, "Friday", (None,) * 3, codec), codec)
    (tmp_path / "broken.json").write_text('{"format": "parlour.save", "bo')
    listed = local_games(tmp_path)
    assert [g.path.stem for g in listed] == ["new", "middle", "old"]
    assert listed[0].title == "Zatre" and listed[0].names == ("A", "B", "C") and listed[0].moves == 10
    assert listed[0].bots == (None, None, "easy") and not listed[0].over
    assert local_games(tmp_path / "nowhere") == []


def test_a_new_local_save_never_overwrites_another(tmp_path):
    first = new_local_path("zatre", tmp_path)
    first.write_text("taken")
    second = new_local_path("zatre", tmp_path)
    assert second != first and second.parent == tmp_path and not second.exists()


async def test_a_failed_local_save_is_told_and_the_next_action_retries(tmp_path, monkeypatch):
    path = tmp_path / "solo.json"
    heard: list[str] = []
    real_write, failures = saves.write, [OSError(28, os.strerror(28), str(tmp_path))]

    def full_disk_once(*args, **kwargs):
        if failures:
            raise failures.pop()
        real_write(*args, **kwargs)

    monkeypatch.setattr(saves, "write", full_disk_once)
    async with LocalTable(ZATRE, ZatreOptions(), ("Ann", "Bob"), seed=5, bot_delay=0, save_to=path) as table:
        table.on_save_problem(heard.append)
        await play(table, 1)
        assert table.save_problem == heard[0] == (
            f"Parlour could not save the game after move 1: No space left on device ({tmp_path}); "
            "it will try again after the next move.")
        assert not path.exists()
        await play(table, 1)
        assert table.save_problem == "" and heard == [heard[0], ""]
        assert read(path)[0].version == 2


async def test_a_local_save_is_not_hosted_with_resume(tmp_path):
    from net.cli import serve_table

    codec = codec_for(ZATRE)
    data = snapshot_of(played_host(), "Solo game", (None,) * 3, codec, local=True, pace=0.4)
    write(tmp_path / "solo.json", data, codec)
    with pytest.raises(SaveError, match="solo or hotseat game: continue it from the menu"):
        await serve_table(None, None, bind="127.0.0.1", port=0, advertise=False, save=False,
                          resume_from=tmp_path / "solo.json")


async def test_a_failed_save_is_tried_once_more_when_the_table_stops(tmp_path, monkeypatch):
    real_write, failures = saves.write, [OSError(30, os.strerror(30), str(tmp_path))]

    def read_only_once(*args, **kwargs):
        if failures:
            raise failures.pop()
        real_write(*args, **kwargs)

    monkeypatch.setattr(saves, "write", read_only_once)
    path = tmp_path / "solo.json"
    table = LocalTable(ZATRE, ZatreOptions(), ("Ann", "Bob"), seed=5, bot_delay=0, save_to=path)
    await table.start()
    await play(table, 1)
    assert table.save_problem and not path.exists()
    await table.stop()  # leaving the game: its last move is saved after all
    assert table.save_problem == "" and read(path)[0].version == 1


async def test_a_game_continued_in_two_windows_is_never_overwritten_by_the_older(tmp_path):
    """Player-tester 3, item 11: two windows continued one saved game; each save
    overwrote the other's moves. A second window is now refused (the save's lock), and
    where that lock could not hold (here: let go), the window whose save on disk was
    replaced by the other's writes nothing, says so (the move the other saved), and the
    file keeps the other window's moves; the other window goes on saving."""
    path = tmp_path / "solo.json"
    async with LocalTable(ZATRE, ZatreOptions(), ("Ann", "Bob"), seed=5, bot_delay=0, save_to=path) as table:
        await play(table, 2)
    first = LocalTable.resume(path)
    first.release()  # as if no lock file could be made
    second = LocalTable.resume(path)
    async with first, second:
        await play(second, 2)  # window B goes on: moves 3 and 4 saved
        assert read(path)[0].version == 4 and second.save_problem == ""
        await play(first, 1)  # window A, still at move 2, plays move 3
        assert first.save_problem == (
            "Another Parlour window went on with this game (saved there at move 4), so this window "
            "no longer saves it, keeping that window's moves: leave, and continue it from the menu.")
        assert read(path)[0].version == 4
        await play(second, 1)
        assert second.save_problem == "" and read(path)[0].version == 5
    assert read(path)[0].version == 5, "A's try as it stops keeps B's save too"
