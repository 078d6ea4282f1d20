"""A saved game is played by one Parlour process at a time: while a table hosts it (or
a window plays a local game), its save is locked, and hosting or continuing it in
another process is refused in one sentence with nothing written (found playing: a
second ``parlour host --resume FILE --port 7600`` carried on the same game, and both
tables wrote the file in turn). The lock goes with the process that held it, so a
killed host never leaves its game locked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from net.local import LocalTable
from net.saves import DISCARDED, SaveError, SaveLock, discard_local, open_elsewhere_text, read
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from tests.net.test_local_saves import play
from tests.net.test_saved_relay import saved_zatre
from tests.net.wire import host_table

ROOT = Path(__file__).resolve().parents[2]


async def test_a_save_being_hosted_is_not_hosted_again_until_its_table_stops(tmp_path):
    """A second table resuming a save that a table hosts raises the sentence and leaves the
    file's bytes as they were; once the first table stops, the save is hosted again."""
    path = saved_zatre(tmp_path / "friday.json")
    first = await host_table(None, save=True, resume_from=path)
    before = path.read_bytes()
    try:
        with pytest.raises(SaveError) as err:
            await host_table(None, save=True, resume_from=path)
        assert str(err.value) == (f"{path} is open in another Parlour window on this machine: join that "
                                  "table (or close that window) instead of hosting it again.")
        assert path.read_bytes() == before
    finally:
        await first.stop()
    again = await host_table(None, save=True, resume_from=path)
    try:
        assert again.table.host.version == read(path)[0].version == 3
    finally:
        await again.stop()


async def test_a_table_that_fails_to_start_lets_go_of_its_save(tmp_path):
    """A resumed table whose port is taken never starts: its save is not left locked."""
    path = saved_zatre(tmp_path / "friday.json")
    first = await host_table(None, save=True, resume_from=path)
    port = int(first.url.rsplit(":", 1)[1])
    await first.stop()
    blocker = await host_table(ZATRE, port=port)  # (another table on that port)
    try:
        with pytest.raises(OSError):
            await host_table(None, save=True, resume_from=path, port=port)
    finally:
        await blocker.stop()
    again = await host_table(None, save=True, resume_from=path)
    await again.stop()


HOLDER = """
import sys, time
from net.saves import SaveLock
lock = SaveLock(sys.argv[1])
lock.take()
print("held", flush=True)
time.sleep(60)
"""


async def test_a_lock_held_by_a_killed_process_does_not_block(tmp_path):
    """A process holding a save's lock, killed with SIGKILL (no clean-up of any kind),
    no longer keeps the game from being hosted."""
    path = saved_zatre(tmp_path / "friday.json")
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True,
                              env={"PYTHONPATH": str(ROOT)}, cwd=ROOT)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(SaveError, match="is open in another Parlour window"):
            await host_table(None, save=True, resume_from=path)
    finally:
        holder.kill()
        holder.wait(10)
        holder.stdout.close()
    hosted = await host_table(None, save=True, resume_from=path)
    await hosted.stop()


async def test_a_local_game_is_continued_in_one_window_at_a_time(tmp_path):
    """A local game being played (a new one, from its first saved move) is not continued by
    another window: the sentence says so, and nothing is written; once the first window
    stops, it continues, and that window stopping lets this one continue it again."""
    path = tmp_path / "solo.json"
    table = LocalTable(ZATRE, ZatreOptions(), ("Ann", "Bob"), seed=5, bot_delay=0, save_to=path)
    async with table:
        await play(table, 2)
        before = path.read_bytes()
        with pytest.raises(SaveError) as err:
            LocalTable.resume(path)
        assert str(err.value) == open_elsewhere_text(path, local=True) == (
            f"{path} is open in another Parlour window on this machine: play on there (or leave the game "
            "in that window) instead of continuing it here.")
        assert path.read_bytes() == before
    for _ in range(2):  # (the same process again, after a stop)
        async with LocalTable.resume(path) as again:
            assert again.host.version == 2


def test_a_lock_file_is_hidden_and_never_listed_as_a_save(tmp_path):
    """The lock beside a save is a dot-file not ending in .json; taking it twice is
    harmless, and so is letting it go twice."""
    path = saved_zatre(tmp_path / "friday.json")
    lock = SaveLock(path)
    lock.take()
    lock.take()
    assert lock.held and sorted(p.name for p in tmp_path.iterdir()) == [".friday.json.lock", "friday.json"]
    lock.release()
    lock.release()
    assert not lock.held
    other = SaveLock(path)
    other.take()  # (free again)
    other.release()


async def test_a_game_played_in_another_window_is_not_discarded(tmp_path):
    """d (discard) on a save another window plays is refused in one sentence and moves
    nothing (it would write the file again after its next move, back on the menu); once
    that window stops, the save is discarded and its lock file goes with it."""
    path = tmp_path / "solo.json"
    table = LocalTable(ZATRE, ZatreOptions(), ("Ann", "Bob"), seed=5, bot_delay=0, save_to=path)
    async with table:
        await play(table, 2)
        with pytest.raises(SaveError) as err:
            discard_local(path)
        assert str(err.value) == (f"{path} is open in another Parlour window on this machine: leave the "
                                  "game there first, then discard it.")
        assert path.exists() and not (tmp_path / DISCARDED).exists()
    moved = discard_local(path)
    assert moved == tmp_path / DISCARDED / "solo.json" and read(moved)[0].version == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [DISCARDED]
