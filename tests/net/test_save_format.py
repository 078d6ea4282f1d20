"""The save format's versions (issue 8 §4: "version the save format so it can" say which
token lost its seat), and a failed save told to everyone (issue 8 §1: "A save that fails
is never silent: the host's screen and the players' tables say so, and the next save
retries")."""

from __future__ import annotations

import asyncio
import json

import pytest

from net import saves
from net.codec import Codec
from net.protocol import LobbyState, Notice
from net.saves import FORMAT_VERSION, SaveError, read, resume, snapshot_of, write
from rules.zatre import GAME as ZATRE
from tests.net.test_saves import played_host
from tests.net.wire import crash, frames_until, host_table, join, raw, seated, until

CODEC = Codec(ZATRE)


def reseal(path, edit) -> None:
    """Rewrite ``path`` after ``edit(outer)``, its checksum made to match the body."""
    outer = json.loads(path.read_text())
    edit(outer)
    outer["checksum"] = saves._checksum(outer["body"])
    path.write_text(json.dumps(outer))


@pytest.fixture
def saved(tmp_path):
    host = played_host()
    path = tmp_path / "game.json"
    data = snapshot_of(host, "Friday", ("a" * 64, "b" * 64, None), CODEC, bot_took={"c" * 64: 2})
    write(path, data, CODEC)
    return host, path


def test_a_new_save_has_the_current_format_version_and_its_optional_fields(saved):
    _, path = saved
    outer = json.loads(path.read_text())
    assert outer["format_version"] == FORMAT_VERSION == 2
    assert outer["body"]["bot_took"] == {"c" * 64: 2}
    data, _ = read(path)
    assert data.bot_took == {"c" * 64: 2} and data.over is False and data.local is False


@pytest.mark.parametrize("mark", [1, None], ids=["version 1", "no version"])
def test_an_older_save_still_loads_its_optional_fields_at_their_defaults(saved, mark):
    host, path = saved

    def as_version_1(outer):
        for key in ("bot_took", "over", "local", "pace"):
            del outer["body"][key]
        if mark is None:
            del outer["format_version"]
        else:
            outer["format_version"] = mark

    reseal(path, as_version_1)
    again, data = resume(path)
    assert again.state == host.state
    assert data.bot_took == {} and data.over is False and data.local is False and data.pace is None


def test_a_field_this_parlour_does_not_know_is_ignored(saved):
    _, path = saved
    reseal(path, lambda outer: outer["body"].update(room_code="ABC123"))
    assert read(path)[0].version == 10


@pytest.mark.parametrize("version, message", [
    (3, "saved by a newer Parlour .save format 3; this one reads up to 2"),
    ("2", "not a Parlour save"),
    (0, "not a Parlour save"),
    (True, "not a Parlour save"),
])
def test_an_unknown_format_version_is_a_clear_error(saved, version, message):
    _, path = saved
    reseal(path, lambda outer: outer.update(format_version=version))
    with pytest.raises(SaveError, match=message):
        read(path)


@pytest.mark.parametrize("text", [
    '{"name": "parlour", "version": "1.0.0", "dependencies": {}}',  # another program's JSON
    "[1, 2, 3]",
    "# a TOML file\nformat = 'parlour.save'\n",
    "",
])
def test_another_programs_file_is_a_clear_error(tmp_path, text):
    path = tmp_path / "other.json"
    path.write_text(text)
    with pytest.raises(SaveError, match="not a Parlour save"):
        read(path)


@pytest.mark.parametrize("cut", [1, 2, 10, 100])
def test_a_truncated_save_is_a_clear_error(saved, cut):
    _, path = saved
    text = path.read_text()
    path.write_text(text[: len(text) * cut // 101])
    with pytest.raises(SaveError):
        read(path)


def test_a_bot_took_seat_that_is_not_a_seat_is_refused(saved):
    _, path = saved
    reseal(path, lambda outer: outer["body"].update(bot_took={"d" * 64: 7}))
    with pytest.raises(SaveError, match="not a seat"):
        read(path)


def test_a_lone_surrogate_in_the_game_is_saved_and_read_back(tmp_path):
    # issue 8 §1: an action_id "\ud800" made every later save fail
    from net.host import Applied, Host
    from rules.zatre import ZatreOptions

    host = Host(ZATRE, ZatreOptions(), 2, 3, ("Ann", "B\udc80b"))
    seat = next(iter(ZATRE.active_seats(host.state)))
    host.restore([Applied(1, seat, ZATRE.legal_actions(host.state, seat)[0], "\ud800")])
    path = tmp_path / "odd.json"
    write(path, snapshot_of(host, "T\ud83dble", (None, None), CODEC), CODEC)
    path.read_text(encoding="ascii")  # written as escapes
    again, data = resume(path)
    assert data.log[0].action_id == "\ud800" and data.names[1] == "B\udc80b" and data.table == "T\ud83dble"
    assert again.state == host.state


# ---- the seat a bot took, across a resume (issue 8 §4) ----


async def test_after_a_resume_a_player_whose_seat_went_to_a_bot_watches_and_gets_it_back(tmp_path):
    path = tmp_path / "save.json"
    hosted = await host_table(ZATRE, save=path, grace=0.1)
    port = int(hosted.url.rsplit(":", 1)[1])
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    token = bob.token
    await bob.close()
    await until(lambda: hosted.table.lobby.seats[1].status == "away"
                and hosted.table.lobby.seats[1].deadline is None, what="the grace period over")
    await ann.say("/bot seat 2 strong")
    await until(lambda: read(path)[0].bots[1] == "strong", what="the bot's seat saved")
    assert list(read(path)[0].bot_took.values()) == [1]
    await crash(hosted)

    resumed = await host_table(None, save=True, resume_from=path, port=port, grace=0.1)
    await until(lambda: ann.status.online, timeout=10, what="Ann back")
    ws = await raw(resumed.local_url, {"name": "Bob", "token": token})
    welcome = await frames_until(ws, "welcome")  # not closed 4009: watching, token kept
    assert welcome["seat"] is None and welcome["token"] == token and welcome["name"] == "Bob"
    told = (await frames_until(ws, "notice"))["text"]
    assert "strong bot" in told and "/seat 2 Bob" in told
    await ws.close()

    back = await join(resumed, "Bob", token=token)
    assert back.seat is None and back.bot_took_seat
    ann_token = ann.token
    await ann.close()  # the host's player comes back as the resumed table's host
    ann = await join(resumed, "Ann", host=True, token=ann_token)
    assert ann.seat == 0
    await ann.say("/seat 2 Bob")
    await until(lambda: back.seat == 1 and back.has_snapshot and back.snapshot().seat == 1, what="Bob seated")
    assert resumed.table.host.bot_kinds[1] is None
    await until(lambda: read(path)[0].bot_took == {} and read(path)[0].bots[1] is None, what="saved")
    for link in (ann, back):
        await link.close()
    await resumed.stop()


# ---- a failed save (issue 8 §1) ----


async def test_a_failed_save_is_told_to_everyone_and_the_next_one_retries(tmp_path):
    folder = tmp_path / "saves"
    folder.write_text("a file where the saves folder should be")  # the folder is unusable
    path = folder / "game.json"
    hosted = await host_table(ZATRE, save=path)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    heard: dict[str, list] = {"Ann": [], "Bob": []}
    for link in (ann, bob):
        link.on_event(lambda m, who=link.name: heard[who].append(m) if isinstance(m, (Notice, LobbyState)) else None)

    # the save at the start failed already: the lobby state says so to both
    for link in (ann, bob):
        await until(lambda: link.lobby.save_problem, what="the problem in the lobby state")
        assert link.lobby.save_problem.startswith("The host could not save the game after move 0: ")
        assert "it will try again after the next move" in link.lobby.save_problem

    mover = ann if ann.seat in ann.snapshot().active_seats else bob
    assert (await mover.submit(mover.snapshot().legal_actions[0])).accepted
    await until(lambda: "after move 1" in ann.lobby.save_problem, what="the retry failed too")

    folder.unlink()  # the folder can be made now: the next save works
    mover = ann if ann.seat in ann.snapshot().active_seats else bob
    assert (await mover.submit(mover.snapshot().legal_actions[0])).accepted
    for link in (ann, bob):
        await until(lambda: link.lobby.save_problem == "", what="the problem cleared")
        notices = [m.text for m in heard[link.name] if isinstance(m, Notice)]
        assert any(text == "The game is saved again (move 2)." for text in notices)
    assert read(path)[0].version == 2
    for link in (ann, bob):
        await link.close()
    await hosted.stop()


async def test_a_save_that_fails_once_notices_everyone_once_and_clears(tmp_path):
    hosted = await host_table(ZATRE, save=tmp_path / "game.json")
    real = hosted.table.saver
    failures = iter([UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")])

    def flaky(table):
        for error in failures:
            raise error
        real(table)

    hosted.table.saver = flaky
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    notices: list[str] = []
    bob.on_event(lambda m: notices.append(m.text) if isinstance(m, Notice) else None)
    await until(lambda: bob.lobby.save_problem, what="the failure told")
    assert bob.lobby.save_problem == ("The host could not save the game after move 0: a text in the game "
                                      "cannot be written as UTF-8; it will try again after the next move.")
    mover = ann if ann.seat in ann.snapshot().active_seats else bob
    assert (await mover.submit(mover.snapshot().legal_actions[0])).accepted
    await until(lambda: bob.lobby.save_problem == "", what="cleared")
    await until(lambda: "The game is saved again (move 1)." in notices, what="the good news")
    await asyncio.sleep(0.05)
    assert read(tmp_path / "game.json")[0].version == 1
    for link in (ann, bob):
        await link.close()
    await hosted.stop()
