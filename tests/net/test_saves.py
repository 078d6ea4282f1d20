"""Saves: atomic writes, resume by replay, refusal of anything corrupt or foreign,
the replay reader."""

from __future__ import annotations

import json
import random
import re

import pytest

from net.codec import Codec
from net.host import Host
from net.saves import (
    SaveError, Replay, read, rebuild, resume, save_path, saves_dir, snapshot_of, state_digest, write,
)
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions

CODEC = Codec(ZATRE)


def played_host(turns: int = 10, seed: int = 8) -> Host:
    host = Host(ZATRE, ZatreOptions(profi=True), 3, seed, ("A", "B", "C"), {2: "easy"})
    state, rng, log = host.state, random.Random(seed), []
    from net.host import Applied

    for version in range(1, turns + 1):
        seat = next(iter(ZATRE.active_seats(state)))
        action = rng.choice(ZATRE.legal_actions(state, seat))
        state, _ = ZATRE.apply(state, seat, action)
        log.append(Applied(version, seat, action, f"id{version}"))
    host.restore(log)
    return host


@pytest.fixture
def saved(tmp_path):
    host = played_host()
    path = tmp_path / "game.json"
    write(path, snapshot_of(host, "Friday", ("a" * 64, "b" * 64, None), CODEC), CODEC)
    return host, path


def test_a_save_resumes_to_the_same_state(saved):
    host, path = saved
    again, data = resume(path)
    assert again.version == host.version == 10
    assert again.state == host.state
    assert data.token_hashes == ("a" * 64, "b" * 64, None)
    assert again.bot_kinds == (None, None, "easy") and again.options == ZatreOptions(profi=True)
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind


def test_the_save_holds_token_hashes_never_tokens(saved):
    _, path = saved
    body = json.loads(path.read_text())["body"]
    assert set(body) >= {"game", "options", "seats", "names", "bots", "seed", "log", "version"}
    assert body["token_hashes"][0] == "a" * 64


@pytest.mark.parametrize("damage, message", [
    (lambda t: t[: len(t) // 2], "not a Parlour save"),
    (lambda t: "", "not a Parlour save"),
    (lambda t: t.replace('"seed":8', '"seed":9'), "checksum"),
    (lambda t: json.dumps({"format": "other"}), "not a Parlour save"),
    (lambda t: t.replace('"format_version":2', '"format_version":99'), "newer Parlour"),
    (lambda t: "\xff\xfe garbage", "not a Parlour save"),
])
def test_corrupt_truncated_or_foreign_files_are_refused(saved, damage, message):
    _, path = saved
    path.write_text(damage(path.read_text()))
    with pytest.raises(SaveError, match=message):
        resume(path)


def reseal(path, change):
    """Edit a save's body and fix its checksum: a well-formed save with bad content."""
    from net import saves

    outer = json.loads(path.read_text())
    change(outer["body"])
    outer["checksum"] = saves._checksum(outer["body"])
    path.write_text(json.dumps(outer))


def test_a_log_that_does_not_replay_is_refused(saved):
    _, path = saved
    reseal(path, lambda body: body["log"].reverse())
    with pytest.raises(SaveError, match="does not replay"):
        resume(path)


def test_a_log_with_the_wrong_digest_is_refused(saved):
    _, path = saved
    reseal(path, lambda body: body.update(state_digest="0" * 64))
    with pytest.raises(SaveError, match="different state"):
        resume(path)


def test_an_unknown_game_or_ill_typed_field_is_refused(saved):
    _, path = saved
    reseal(path, lambda body: body.update(game="chess"))
    with pytest.raises(SaveError, match="does not have"):
        read(path)
    reseal(path, lambda body: body.update(game="zatre", seats="3"))
    with pytest.raises(SaveError, match="valid save"):
        read(path)


def test_a_missing_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="Cannot read"):
        read(tmp_path / "nothing.json")


def test_the_replay_reader_goes_step_by_step(saved):
    host, path = saved
    steps = list(Replay.open(path))
    assert [s.version for s in steps] == list(range(11))
    assert steps[-1].state == host.state
    assert steps[3].view(None).seat is None and steps[3].view(0).hand is not None


def test_saves_live_in_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = saves_dir()
    assert folder == tmp_path / "parlour" / "saves"
    assert not folder.exists()  # made by the first save, never just by looking (tester 6, finding 7)
    assert save_path("Friday night!", 0).parent == folder
    assert save_path("Friday night!", 0).name.startswith("Friday-night-")


def test_rebuild_checks_the_version(saved):
    _, path = saved
    data, game = read(path)
    import attrs

    with pytest.raises(SaveError, match="version"):
        rebuild(attrs.evolve(data, version=99), game)
    assert state_digest(CODEC, rebuild(data, game).state, game) == data.state_digest


def test_replay_text_prints_the_game_move_by_move(saved):
    from net.cli import replay_text

    _, path = saved
    lines = list(replay_text(path))
    assert lines[0] == "Friday: Zatre, 3 seats: A, B, C (an easy bot when saved)"
    assert lines[1] == "options: profi on, teams off"
    assert len(lines) == 2 + 10 and lines[2].lstrip().startswith("1  ")
    for line in lines[2:]:  # as the table's log: "A laid 6 at (7, 7), 1 at (7, 8) → 12 x2: +8"
        assert re.fullmatch(r" +\d+  [ABC] (laid \d at \(\d+, \d+\)(, \d at \(\d+, \d+\))* → "
                            r"(no line|\d+( \d+)*)( x2)*: \+\d+(; keeps \d)?|could lay no tile and keeps \d)",
                            line), line


def test_replay_text_of_zestrea_names_the_players(tmp_path):
    """Issue 9 (``parlour replay --text`` reads Zestrea saves): every player a line
    mentions (the Boyar an offer is made to, a reason) is told by name, never as "seat
    N" (the game's ``describe`` is given the seats' names)."""
    from net.cli import replay_text
    from net.codec import codec_for
    from net.host import Applied
    from rules.core import awaited
    from rules.zestrea import GAME as ZESTREA
    from rules.zestrea import ZestreaOptions

    names = ("Ana", "Bogdan", "Costache")
    host = Host(ZESTREA, ZestreaOptions(starting_zestre=6), 3, 4, names, {1: "strong", 2: "strong"})
    state, rnd, log, offered = host.state, random.Random(4), [], None
    bots = [ZESTREA.bots["strong"]() for _ in names]
    while offered is None and len(log) < 400:
        seat = min(awaited(ZESTREA, state))
        action = bots[seat].choose(ZESTREA.view(state, seat), ZESTREA.legal_actions(state, seat), rnd)
        state, events = ZESTREA.apply(state, seat, action)
        log.append(Applied(len(log) + 1, seat, action, f"id{len(log) + 1}"))
        offered = next((e for e in events if e.kind == "offer-made"), None)
    assert offered is not None, "the strong bots made no offer"
    host.restore(log)
    path = tmp_path / "zestrea.json"
    codec = codec_for(ZESTREA)
    write(path, snapshot_of(host, "Sunday", (None, None, None), codec), codec)
    lines = list(replay_text(path))
    assert lines[-1].endswith(f"{names[offered.by]} made a {offered.what} offer to {names[offered.to]}")
    assert not [line for line in lines if re.search(r"\bseat \d", line)]


def test_a_refusal_to_replay_ends_with_one_full_stop(saved):
    """The rule's own reason ends a sentence already: no ".." after it (player-tester 3,
    item 3: "... among your tiles.."), in a resume and in a replay."""
    _, path = saved
    reseal(path, lambda body: body["log"].reverse())  # the first action is now illegal
    with pytest.raises(SaveError) as resumed:
        resume(path)
    assert str(resumed.value).endswith(".") and ".." not in str(resumed.value)
    with pytest.raises(SaveError) as replayed:
        list(Replay.open(path))
    assert str(replayed.value).endswith(".") and ".." not in str(replayed.value)


def test_replay_text_ends_with_each_total_in_points_one_point_singular(tmp_path, monkeypatch):
    """``parlour replay --text`` of a finished game ends with each player's total
    (player-tester 3, item 6: "Root 2: 1 points"): a total of 1 is "1 point"."""
    import attrs

    from net.cli import replay_text
    from net.host import Applied

    host = Host(ZATRE, ZatreOptions(), 2, 3, ("A", "B"), {})
    state, rng, log = host.state, random.Random(3), []
    while not ZATRE.is_over(state):
        seat = next(iter(ZATRE.active_seats(state)))
        action = rng.choice(ZATRE.legal_actions(state, seat))
        state, _ = ZATRE.apply(state, seat, action)
        log.append(Applied(len(log) + 1, seat, action, f"id{len(log) + 1}"))
    host.restore(log)
    path = tmp_path / "over.json"
    write(path, snapshot_of(host, "Friday", (None, None), CODEC), CODEC)
    real = ZATRE.result

    def one_point_for_a(state):
        result = real(state)
        return attrs.evolve(result, scores=(attrs.evolve(result.scores[0], total=1), *result.scores[1:]))

    monkeypatch.setattr(ZATRE, "result", one_point_for_a)
    lines = list(replay_text(path))
    assert "      A: 1 point" in lines
    total_b = real(state).scores[1].total
    assert f"      B: {total_b} point{'s' * (total_b != 1)}" in lines


@pytest.mark.parametrize("text, words", [
    ("", "is empty"),
    ("  \n", "is empty"),
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
    ('{"format": "parlour-save", "body": {"game"', "not JSON; truncated?"),
])
def test_a_file_that_is_no_save_says_what_it_is(tmp_path, text, words):
    """An empty file, JSON nested too deep and a cut-short file each get their own words
    (player-tester 4, item 9: all three were "not JSON; truncated?")."""
    path = tmp_path / "odd.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=re.escape(words)):
        read(path)


def test_a_state_field_added_later_is_left_out_of_the_digest():
    """rules.core.added_field: a save written before a field existed (Zestrea's
    ``sent_babies``, for Twins!, F22) still resumes: the digest leaves the field out,
    also where the old log, replayed now, gives it a value (a baby sent away by Extended
    Vacation, F05, before the save: golden/ec12837-f05/)."""
    import hashlib

    import attrs

    from net.codec import codec_for
    from rules.zestrea import GAME as ZESTREA
    from rules.zestrea import ZestreaOptions

    codec = codec_for(ZESTREA)
    state = ZESTREA.setup(ZestreaOptions(), 3, 4)

    def without_field(s):  # the digest as a Parlour before the field wrote it
        data = codec.converter.unstructure(s, unstructure_as=ZESTREA.state_type)
        del data["sent_babies"]
        return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    assert state_digest(codec, state, ZESTREA) == without_field(state)
    sent = attrs.evolve(state, sent_babies=(("M10", 1),))
    assert state_digest(codec, sent, ZESTREA) == without_field(sent) == without_field(state)
    assert state_digest(codec, attrs.evolve(state, turn=state.turn + 1), ZESTREA) != state_digest(codec, state, ZESTREA)
