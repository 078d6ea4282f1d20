"""A game hosted through a remote relay (``parlour host --relay URL``) keeps that relay
in its save, without any user name or password the URL carried, so that hosting it
again can go through it (the menu's host form fills its *Relay* field; ``parlour host
--resume FILE`` without ``--relay`` says which relay it was). Older saves, without
the field, still load."""

from __future__ import annotations

import asyncio

import pytest

from net.cli import relay_left_text, serve_table
from net.codec import codec_for
from net.relay import Relay
from net.saves import hosted_games, public_relay, read, snapshot_of, write
from rules import registry
from rules.zatre import GAME as ZATRE
from tests.net import toygame
from tests.net.test_save_format import reseal
from tests.net.test_saves import played_host
from tests.net.wire import FAST, TIMEOUT, fast_delays, host_table, until

RELAY_KEY = bytes(range(32))


async def a_move_saved_through(relay_url: str, path) -> None:
    """Host the toy game through ``relay_url``, saving to ``path``; Ann and Bob sit,
    start, Bob moves; the table goes away once that move is saved."""
    hosted = await serve_table(toygame.GAME, "Remote", relay_url=relay_url, advertise=False, bot_delay=0,
                               limits=FAST, seed=5, save=path, relay_options={"reconnect_delays": fast_delays})
    ann = hosted.link("Ann", reconnect_delays=fast_delays, open_timeout=TIMEOUT)
    await asyncio.wait_for(ann.connect(), TIMEOUT)
    await ann.say("/join")
    await ann.say("/bot add high")
    await until(lambda: hosted.table.lobby.seated_count() == 2, what="both seated")
    await ann.say("/start")
    await until(lambda: path.exists() and read(path)[0].version >= 1, what="a move saved")
    await ann.close()
    await hosted.stop()


@pytest.mark.parametrize("typed", ["ws://127.0.0.1:{port}", "ws://ann:pa55word@127.0.0.1:{port}"],
                         ids=["plain", "with a password"])
async def test_a_game_hosted_through_a_relay_saves_the_relay_and_no_secret(tmp_path, monkeypatch, typed):
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)
    relay = Relay(require_code=True, key=RELAY_KEY)
    host, port = await relay.start("127.0.0.1", 0)
    path = tmp_path / "save.json"
    try:
        await a_move_saved_through(typed.format(port=port), path)
    finally:
        await relay.stop()
    assert read(path)[0].relay == f"ws://127.0.0.1:{port}"
    assert "pa55word" not in path.read_text() and "ann@" not in path.read_text()
    assert [game.relay for game in hosted_games(tmp_path)] == [f"ws://127.0.0.1:{port}"]


def saved_zatre(path, **optional):
    """A Zatre game of three moves saved in ``path`` (a hosted one), ``optional`` its
    optional fields."""
    codec = codec_for(ZATRE)
    write(path, snapshot_of(played_host(turns=3), "Friday", (None, None, None), codec, **optional), codec)
    return path


def test_a_save_from_before_the_relay_was_kept_loads_without_one(tmp_path):
    path = saved_zatre(tmp_path / "older.json", relay="ws://relay.example:7531")
    assert read(path)[0].relay == "ws://relay.example:7531"
    reseal(path, lambda outer: outer["body"].pop("relay"))
    data, _ = read(path)
    assert data.relay is None and data.version == 3
    assert [game.relay for game in hosted_games(tmp_path)] == [None]


async def test_hosting_a_relayed_save_here_names_the_relay_and_how_to_use_it_again(tmp_path):
    path = saved_zatre(tmp_path / "relayed.json", relay="ws://relay.example:7531")
    hosted = await host_table(None, save=True, resume_from=path)
    try:
        assert hosted.saved_relay == "ws://relay.example:7531"
        assert relay_left_text(hosted, path) == (
            "This game was hosted through the relay ws://relay.example:7531; it is hosted on this machine "
            f"now (parlour host --resume {path} --relay ws://relay.example:7531 hosts it there).")
    finally:
        await hosted.stop()


async def test_a_save_hosted_here_hosted_here_again_says_nothing_of_a_relay(tmp_path):
    path = saved_zatre(tmp_path / "here.json")
    hosted = await host_table(None, save=True, resume_from=path)
    try:
        assert hosted.saved_relay is None and relay_left_text(hosted, path) == ""
    finally:
        await hosted.stop()


@pytest.mark.parametrize("url, kept", [
    ("ws://relay.example:7531", "ws://relay.example:7531"),
    ("wss://ann:pw@relay.example", "wss://relay.example"),
    ("ws://token@relay.example:80/rooms?key=1#x", "ws://relay.example:80/rooms"),
    ("ws://a@b@[::1]:7531", "ws://[::1]:7531"),
    (None, None),
])
def test_a_relay_is_saved_without_credentials(url, kept):
    assert public_relay(url) == kept
