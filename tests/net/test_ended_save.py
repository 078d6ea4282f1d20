"""A game the host ended with ``/end`` is saved as ended, and its replays say so
(tester 6, finding 5: ``parlour replay --text`` and the replay table told it as if it
were still running). A save without the field is read as before: not ended early."""

from __future__ import annotations

import json

from net import saves
from net.codec import codec_for
from net.cli import replay_text
from net.saves import SaveData, ended_text, read
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from tests.net.wire import host_table, seated, until

ENDED = "      The host ended the game after move 2."


async def ended_after_two_moves(tmp_path):
    """Ann (host) and an easy bot play one move each; Ann types ``/end``. The save."""
    path = tmp_path / "ended.json"
    hosted = await host_table(ZATRE, save=path)
    (ann,) = await seated(hosted, ("Ann",), bots=("easy",))
    assert (await ann.submit(ann.snapshot().legal_actions[0])).accepted
    await until(lambda: hosted.table.host.version == 2, what="the bot's move")
    await ann.say("/end")
    await until(lambda: read(path)[0].ended_early, what="the end saved")
    await ann.close()
    await hosted.stop()
    return path


async def test_end_is_saved_and_both_replays_say_it(tmp_path):
    path = await ended_after_two_moves(tmp_path)
    data, _ = read(path)
    assert (data.ended_early, data.over, data.version) == (True, False, 2)
    assert ended_text(data) == "The host ended the game after move 2."
    lines = list(replay_text(path))
    assert lines[-1] == ENDED and lines[-2].startswith("   2  ")


def test_a_game_not_ended_early_says_nothing_of_it(tmp_path):
    from tests.net.test_saves import played_host

    host = played_host(turns=3)
    path = tmp_path / "running.json"
    codec = codec_for(ZATRE)
    saves.write(path, saves.snapshot_of(host, "Friday", (None, None, None), codec), codec)
    assert ended_text(read(path)[0]) == ""
    assert not any("ended" in line for line in replay_text(path))


def test_a_save_without_the_field_loads_as_not_ended(tmp_path):
    from tests.net.test_save_format import reseal
    from tests.net.test_saves import played_host

    host = played_host(turns=3)
    path = tmp_path / "older.json"
    codec = codec_for(ZATRE)
    saves.write(path, saves.snapshot_of(host, "Friday", (None, None, None), codec, ended_early=True), codec)
    assert json.loads(path.read_text())["body"]["ended_early"] is True
    reseal(path, lambda outer: outer["body"].pop("ended_early"))
    assert read(path)[0].ended_early is False


def test_ended_before_the_first_move():
    data = SaveData(game="zatre", table="T", options=ZatreOptions(), seats=2, names=("A", "B"),
                    bots=(None, None), seed=1, version=0, log=(), token_hashes=(None, None),
                    state_digest="", saved_at=0.0, ended_early=True)
    assert ended_text(data) == "The host ended the game before the first move."
