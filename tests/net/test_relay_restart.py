"""Issue 8, item 4 ("What players met at the table"): restarting the relay a table runs
through. The host reconnects and reopens its room with the same code, its players
follow by themselves with their seat tokens, a stranger cannot take the code, and a
resumed save reopens the room it recorded (docs/protocol.md, "Relay")."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import stat

import pytest

from net import closecodes as cc
from net.cli import relay_key, serve_table
from net.client import RemoteSeatLink
from net.relay import CODE_ALPHABET, Relay, RelayLink, room_code_for
from net.saves import read
from rules import registry
from tests.net import toygame
from tests.net.wire import FAST, TIMEOUT, close_code, crash, fast_delays, host_table, raw, until

RELAY_KEY = bytes(range(32))


def slow_delays():
    """The table's reconnect backoff in these tests: slower than its players' (0.05 s,
    then 0.1 s), so that they knock at the restarted relay before their room is back."""
    while True:
        yield 0.4


async def relay_at(port: int = 0) -> tuple[Relay, str, int]:
    relay = Relay(require_code=True, key=RELAY_KEY)
    host, bound = await relay.start("127.0.0.1", port)
    return relay, f"ws://{host}:{bound}", bound


async def remote_table(url: str, **kwargs) -> object:
    kwargs.setdefault("relay_options", {"reconnect_delays": fast_delays})
    return await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False,
                             bot_delay=0, limits=FAST, **kwargs)


def player(url: str, name: str, code: str, **kwargs) -> RemoteSeatLink:
    return RemoteSeatLink(url, name, toygame.GAME, room=code, reconnect_delays=fast_delays,
                          open_timeout=TIMEOUT, **kwargs)


async def seated_pair(hosted, url: str) -> tuple[RemoteSeatLink, RemoteSeatLink]:
    """The host's own player Ann and Bob, seated, the game started."""
    ann = hosted.link("Ann", reconnect_delays=fast_delays, open_timeout=TIMEOUT)
    bob = player(url, "Bob", hosted.code)
    for link in (ann, bob):
        await asyncio.wait_for(link.connect(), TIMEOUT)
        await link.say("/join")
    await until(lambda: ann.seat == 0 and bob.seat == 1, what="both seated")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot and bob.has_snapshot, what="first snapshots")
    return ann, bob


async def test_a_restarted_relay_gives_the_table_its_code_back_and_the_players_their_seats():
    relay, url, port = await relay_at()
    hosted = await remote_table(url, seed=3, save=False, relay_options={"reconnect_delays": slow_delays})
    code = hosted.code
    ann, bob = await seated_pair(hosted, url)
    assert (await asyncio.wait_for(bob.submit(toygame.Pick(2)), TIMEOUT)).accepted
    bob_token = bob.token
    seen: list = []
    bob.on_status(seen.append)

    await relay.stop()  # the relay's process stops ...
    await until(lambda: hosted.relay_link.state == "reconnecting", what="the table reconnecting")
    await until(lambda: not ann.status.online and not bob.status.online, what="players offline")
    assert ann.status.state == bob.status.state == "reconnecting"  # not closed: no menu
    relay, _, _ = await relay_at(port)  # ... and starts again on the same port

    await until(lambda: hosted.relay_link.state == "open", timeout=10, what="the room reopened")
    assert hosted.code == hosted.relay_link.code == code
    await until(lambda: ann.status.online and bob.status.online, timeout=10, what="players back")
    assert (ann.seat, bob.seat, bob.token) == (0, 1, bob_token)
    assert ann.is_host
    # while the table was not back yet, Bob heard "no room" and kept trying, visibly
    assert any(s.state == "reconnecting" and s.code == cc.NO_ROOM and code in s.reason for s in seen)
    assert not any(s.state == "closed" for s in seen)
    outcome = await asyncio.wait_for(ann.submit(toygame.Pick(1)), TIMEOUT)
    assert outcome.accepted
    await until(lambda: bob.snapshot().version == 2, what="the game goes on through the new relay")

    await hosted.stop()
    await asyncio.gather(ann.close(), bob.close())
    await relay.stop()


async def test_a_stranger_cannot_take_a_tables_room_code():
    relay, url, _ = await relay_at()
    hosted = await remote_table(url, seed=3, save=False)
    code = hosted.code
    bob = player(url, "Bob", code)
    await asyncio.wait_for(bob.connect(), TIMEOUT)

    # another table's key maps to other codes: the stranger's room is not Bob's
    stranger = toygame_host()
    other = await RelayLink.open(url, "Squat", stranger, secrets.token_urlsafe(24))
    assert other.code != code and relay.rooms[code].table == "Remote"
    # no key: a random code, never one that is held
    keyless = await RelayLink.open(url, "Squat", stranger)
    assert keyless.code != code
    # naming the wanted code is no part of open_room: refused outright
    ws = await raw(url + "/host")
    await ws.send(json.dumps({"kind": "open_room", "table": "Squat", "code": code}))
    assert await close_code(ws) == cc.BAD_HELLO
    assert bob.status.online and relay.rooms[code].table == "Remote"

    # with the table gone, the code is still out of reach of keys that are not its own
    await hosted.relay_link.aclose()
    await until(lambda: code not in relay.rooms, what="the room closed")
    for _ in range(20):
        attempt = await RelayLink.open(url, "Squat", stranger, secrets.token_urlsafe(24))
        assert attempt.code != code
        await attempt.aclose()
    # a player knocking with the code meanwhile is told "no room" and keeps trying
    await until(lambda: bob.status.code == cc.NO_ROOM and bob.status.state == "reconnecting",
                what="Bob waiting for the room")

    await asyncio.gather(other.aclose(), keyless.aclose(), bob.close(), hosted.table.stop())
    await relay.stop()


def toygame_host():
    """A room host that ignores its players (a stranger's table)."""
    class Ignore:
        def peer_joined(self, conn, address, hello): pass
        def peer_frame(self, conn, frame): pass
        def peer_left(self, conn): pass

    return Ignore()


async def test_the_same_table_reconnecting_before_the_relay_noticed_replaces_its_old_room():
    relay, url, _ = await relay_at()
    hosted = await remote_table(url, seed=3, save=False)
    old = hosted.relay_link
    again = await RelayLink.open(url, "Remote", toygame_host(), old.key)
    assert again.code == hosted.code and relay.rooms[again.code].host is not None
    await until(lambda: old.state == "closed", what="the old connection told it was replaced")
    assert "opened again elsewhere" in old.reason
    await asyncio.gather(again.aclose(), hosted.stop())
    await relay.stop()


async def test_a_player_gives_up_on_a_room_that_never_comes_back():
    relay, url, _ = await relay_at()
    hosted = await remote_table(url, seed=3, save=False)
    code = hosted.code
    bob = player(url, "Bob", code, room_wait=0.3)
    await asyncio.wait_for(bob.connect(), TIMEOUT)
    await hosted.stop()  # closes Bob for good (TABLE_CLOSED) ...
    await until(lambda: bob.status.state == "closed", what="Bob closed")
    assert bob.status.code == cc.TABLE_CLOSED

    hosted = await remote_table(url, seed=4, save=False)
    carl = player(url, "Carl", hosted.code, room_wait=0.3)
    await asyncio.wait_for(carl.connect(), TIMEOUT)
    await hosted.relay_link.aclose()  # ... the table's connection ends and never returns
    await until(lambda: carl.status.state == "closed", what="Carl gives up after room_wait")
    assert carl.status.code == cc.NO_ROOM and "did not open again" in carl.status.reason
    await hosted.table.stop()
    await relay.stop()


async def test_resuming_a_save_through_the_relay_reopens_the_same_room(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)
    path = tmp_path / "save.json"
    relay, url, port = await relay_at()
    hosted = await remote_table(url, seed=5, save=path)
    code = hosted.code
    ann, bob = await seated_pair(hosted, url)
    assert (await asyncio.wait_for(bob.submit(toygame.Pick(2)), TIMEOUT)).accepted
    await until(lambda: read(path)[0].version == 1, what="the move saved")
    assert read(path)[0].room_code == code

    # the host's program goes away without a word, and the relay restarts meanwhile
    hosted.table.saver = None
    hosted.lock.release()  # (the program's lock on its save went with it)
    await hosted.relay_link.aclose()
    await hosted.table.stop()
    await relay.stop()
    relay, _, _ = await relay_at(port)

    resumed = await serve_table(None, None, relay_url=url, resume_from=path, save=True, advertise=False,
                                bot_delay=0, limits=FAST)
    assert resumed.code == code and resumed.saved_code == code
    await until(lambda: bob.status.online, timeout=10, what="Bob back in the resumed room")
    assert bob.seat == 1 and bob.snapshot().version == 1
    await until(lambda: ann.status.online, timeout=10, what="Ann back")
    assert ann.seat == 0
    assert (await asyncio.wait_for(ann.submit(toygame.Pick(1)), TIMEOUT)).accepted
    await until(lambda: read(path)[0].version == 2 and read(path)[0].room_code == code, what="saved again")

    await resumed.stop()
    await asyncio.gather(ann.close(), bob.close())
    await relay.stop()


async def test_a_relay_that_lost_its_key_gives_a_new_code_and_the_host_follows_it():
    relay, url, port = await relay_at()
    hosted = await remote_table(url, seed=3, save=False)
    code = hosted.code
    ann = hosted.link("Ann", reconnect_delays=fast_delays, open_timeout=TIMEOUT)
    await asyncio.wait_for(ann.connect(), TIMEOUT)
    await relay.stop()
    relay = Relay(require_code=True, key=bytes(32))  # another key: other codes
    await relay.start("127.0.0.1", port)
    await until(lambda: hosted.relay_link.state == "open", timeout=10, what="a room again")
    assert hosted.code == hosted.relay_link.code != code
    await until(lambda: ann.status.online, timeout=10, what="the host's own player follows the new code")
    assert ann.room == hosted.code and ann.is_host
    await hosted.stop()
    await ann.close()
    await relay.stop()


def test_room_codes_come_from_both_keys():
    key = "k" * 32
    code = room_code_for(RELAY_KEY, key)
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert room_code_for(RELAY_KEY, key) == code  # the same after a restart
    assert room_code_for(bytes(32), key) != code  # another relay's key: another code
    assert room_code_for(RELAY_KEY, key, 1) != code  # the next code if the first is held


def test_the_relay_key_is_made_once_and_kept_private(tmp_path):
    path = tmp_path / "sub" / "relay.key"
    key = relay_key(path)
    assert len(key) == 32 and relay_key(path) == key
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    path.write_text("zz\n")
    with pytest.raises(OSError, match="does not hold a relay key"):
        relay_key(path)
    path.write_text("00ff\n")
    with pytest.raises(OSError, match="too short"):
        relay_key(path)


async def test_a_table_with_its_own_code_resumes_with_the_code_its_save_recorded(tmp_path, monkeypatch):
    """Without a relay elsewhere (``parlour host --code C``), ``--resume`` keeps ``C`` too."""
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)
    path = tmp_path / "save.json"
    hosted = await host_table(toygame.GAME, save=path, code="Attic7")
    port = int(hosted.url.rsplit(":", 1)[1])
    ann, bob = await seated_pair(hosted, hosted.local_url)
    await until(lambda: path.exists() and read(path)[0].room_code == "Attic7", what="saved with its code")
    await crash(hosted)
    resumed = await host_table(None, save=True, resume_from=path, port=port)
    assert resumed.code == "Attic7"
    await until(lambda: ann.status.online and bob.status.online, timeout=10, what="both back")
    await asyncio.gather(ann.close(), bob.close())
    await resumed.stop()


def test_a_save_written_before_the_room_code_reads_without_one(tmp_path, monkeypatch):
    """The save's room code is optional: older saves still load (issue 8, item 4)."""
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)
    from net import saves
    from net.host import Host
    from net.codec import codec_for

    host = Host(toygame.GAME, toygame.ToyOptions(), 2, 5, ("Ann", "Bob"), {}, bot_delay=0)
    path = tmp_path / "old.json"
    saves.write(path, saves.snapshot_of(host, "Old", (None, None), codec_for(toygame.GAME), room_code="K7QX2M"),
                codec_for(toygame.GAME))
    assert read(path)[0].room_code == "K7QX2M"
    outer = json.loads(path.read_text())
    del outer["body"]["room_code"]
    outer["checksum"] = saves._checksum(outer["body"])
    path.write_text(json.dumps(outer))
    assert read(path)[0].room_code is None
