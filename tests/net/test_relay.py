"""A table hosted through a relay elsewhere: routing with a room code."""

from __future__ import annotations

import asyncio
import gc
import json

import pytest

from net import closecodes as cc
from net.cli import serve_table
from net.client import JoinError, RemoteSeatLink
from net.protocol import LINK_SUBPROTOCOL, SUBPROTOCOL
from net.relay import SERVING_GC_THRESHOLDS, Relay
from tests.net import toygame
from tests.net.wire import FAST, TIMEOUT, close_code, fast_delays, raw, until



async def test_players_reach_a_remote_table_through_the_relay_with_its_room_code():
    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    hosted = await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False, save=False,
                               bot_delay=0, limits=FAST, seed=3)
    assert hosted.code is not None and len(hosted.code) == 6
    ann = hosted.link("Ann", reconnect_delays=fast_delays)
    await asyncio.wait_for(ann.connect(), TIMEOUT)
    bob = RemoteSeatLink(url, "Bob", toygame.GAME, room=hosted.code.lower(), reconnect_delays=fast_delays)
    await asyncio.wait_for(bob.connect(), TIMEOUT)
    assert ann.is_host and not bob.is_host
    assert ann.lobby is not None and ann.lobby.code_needed
    await ann.say("/join")
    await bob.say("/join")
    await until(lambda: ann.seat == 0 and bob.seat == 1, what="seated")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot and bob.has_snapshot, what="snapshots")
    first, second = await asyncio.wait_for(
        asyncio.gather(ann.submit(toygame.Pick(1)), bob.submit(toygame.Pick(3))), TIMEOUT)
    assert first.accepted and second.accepted
    await until(lambda: bob.snapshot().version == 2, what="update through the relay")
    assert bob.snapshot().view == hosted.table.host.snapshot(1).view

    with pytest.raises(JoinError, match="room code"):
        await asyncio.wait_for(RemoteSeatLink(url, "Eve", toygame.GAME).connect(), TIMEOUT)
    wrong = await raw(url, {"name": "Eve", "room": "ZZZZZZ"})
    assert await close_code(wrong) == cc.NO_ROOM

    await hosted.stop()
    await until(lambda: ann.status.state == "closed", what="players closed with the table")
    assert ann.status.code == cc.TABLE_CLOSED
    await bob.close()
    await ann.close()
    await relay.stop()


async def test_a_table_that_leaves_the_relay_closes_its_room():
    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    hosted = await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False, save=False)
    ws = await raw(url, {"name": "Sam", "room": hosted.code})
    welcome = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
    assert welcome["kind"] == "welcome"
    await hosted.relay_link.aclose()
    assert await close_code(ws) == cc.HOST_GONE
    assert relay.rooms == {}
    await hosted.table.stop()
    await relay.stop()


async def test_connections_per_address_are_capped():
    relay = Relay(require_code=True, max_per_address=2)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    first, second = await raw(url), await raw(url)
    await asyncio.sleep(0.05)
    with pytest.raises(Exception, match="429"):
        await raw(url)
    await first.close()
    await second.close()
    await relay.stop()


def test_envelopes_are_written_as_the_codec_would_write_them():
    from net.codec import codec_for
    from net.protocol import ClosePeer, PeerFrame, PeerGone, PeerJoined, SendTo
    from net.relay import envelope

    codec = codec_for(None)
    for header in (PeerJoined(conn=3, address="127.0.0.1"), PeerFrame(conn=3), PeerGone(conn=3),
                   SendTo(to=(1, 2), fresh="snapshot"), SendTo(to=(4,)),
                   ClosePeer(conn=2, code=4006, reason="kicked")):
        head, _, payload = envelope(header, "{}").partition(b"\n")
        assert head.decode() == codec.encode(header) and payload == b"{}"
        assert codec.decode_relay(head.decode()) == header
    assert envelope(PeerFrame(conn=7), "x") == b'{"kind":"frame","conn":7}\nx'


def test_the_fast_header_paths_agree_with_the_codec():
    """A table's ``send`` headers and the relay's ``frame`` headers are written and read
    without the codec; they are the codec's text, and anything unusual is left to it."""
    from net.codec import codec_for
    from net.protocol import PeerFrame, SendTo
    from net.relay import envelope, parse_frame, parse_send, send_header

    codec = codec_for(None)
    for to, fresh in (((1,), None), ((5, 6, 2**53), "snapshot"), (tuple(range(1, 1025)), "a-b_9")):
        head = send_header(to, fresh)
        assert head.decode() == codec.encode(SendTo(to=to, fresh=fresh))
        assert parse_send(head) == (to, fresh)
    for bad in (((), None), ((0,), None), ((2**53 + 1,), None), ((True,), None), (tuple(range(1, 1026)), None),
                ((1,), "x" * 41)):
        with pytest.raises(ValueError):
            send_header(*bad)
    for odd in (b'{"kind":"send","to":[07],"fresh":null}', b'{"kind":"send","to":[1],"fresh":"Snap"}',
                b'{"kind":"send", "to":[1],"fresh":null}', b'{"kind":"send","to":[9007199254740993],"fresh":null}',
                b'{"kind":"send","to":[1],"fresh":null,"x":1}', b'{"kind":"send","to":[],"fresh":null}'):
        assert parse_send(odd) is None  # the codec decides (accepts the second and third)
    assert parse_frame(envelope(PeerFrame(conn=42)).partition(b"\n")[0]) == 42
    for odd in (b'{"kind":"frame","conn":0}', b'{"kind":"frame","conn":01}', b'{"kind":"frame","conn":9007199254740993}',
                b'{"kind":"frame", "conn":1}', b'{"kind":"gone","conn":1}'):
        assert parse_frame(odd) is None


def test_remembered_send_headers_are_checked_as_new_ones():
    """issue 11: the headers a table writes and the relay reads each move are
    remembered; what is remembered never lets a bad one through, and stays bounded."""
    from net import relay
    from net.relay import _KNOWN_HEADERS, parse_send, send_header

    head = send_header((1,), None)
    assert send_header((1,), None) is head  # remembered
    for bad in (((True,), None), ((1,), 7), ((1.0,), None)):  # equal to (1,) / None keys, or hash alike
        with pytest.raises(ValueError):
            send_header(*bad)
    assert parse_send(head) == ((1,), None) and parse_send(head) == ((1,), None)
    assert parse_send(b'{"kind":"send","to":[1],"fresh":null} ') is None
    for conn in range(1, 2 * _KNOWN_HEADERS + 10):
        assert parse_send(send_header((conn,), "snapshot")) == ((conn,), "snapshot")
    assert len(relay._SENDS_READ) <= _KNOWN_HEADERS and len(relay._SENDS_WRITTEN) <= _KNOWN_HEADERS


@pytest.fixture
def gc_restored():
    """The collector as it was before the test (``parlour relay`` tunes it for serving)."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


async def test_run_relay_serves_until_cancelled(capsys, tmp_path, gc_restored):
    from net.cli import run_relay

    task = asyncio.create_task(run_relay(port=0, bind="127.0.0.1", key_file=tmp_path / "relay.key"))
    await asyncio.sleep(0.2)
    out = capsys.readouterr().out
    assert out.startswith("Parlour relay listening on ws://127.0.0.1:")
    # issue 11: what was loaded is frozen out of the collector's view, collections rarer
    assert gc.get_threshold() == SERVING_GC_THRESHOLDS and gc.get_freeze_count() > 0
    url = out.split()[4]
    ws = await raw(url, {"name": "x"})
    assert await close_code(ws) == cc.NO_ROOM  # a standalone relay needs a room code
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


# ---- batches on the table's link (issue 11) -------------------------------------------


def test_batch_headers_are_the_codecs_text_and_anything_unusual_is_left_to_it():
    from net.codec import codec_for
    from net.protocol import MAX_HOST_FRAME, Batch
    from net.relay import batch_header, parse_batch

    codec = codec_for(None)
    for sizes in ((2, 3), (40, 2, 1200), tuple(range(2, 1026)), (MAX_HOST_FRAME, 9)):
        head = batch_header(list(sizes))
        assert head.decode() == codec.encode(Batch(sizes=sizes))
        assert parse_batch(head) == sizes
    for odd in (b'{"kind":"batch","sizes":[5]}', b'{"kind":"batch","sizes":[1,5]}', b'{"kind":"batch","sizes":[05,5]}',
                b'{"kind":"batch", "sizes":[5,5]}', b'{"kind":"batch","sizes":[%d,5]}' % (MAX_HOST_FRAME + 1),
                b'{"kind":"batch","sizes":[%s]}' % b",".join([b"5"] * 1025)):
        assert parse_batch(odd) is None  # the codec decides (accepts only the fourth)


async def test_a_batcher_puts_one_turns_envelopes_as_one_frame_in_order():
    from net.relay import BATCH_BYTES, Batcher, parse_batch, unbatch

    class Box:
        def __init__(self) -> None:
            self.frames: list[bytes] = []

        def put(self, frame: bytes) -> None:
            self.frames.append(frame)

    box = Box()
    batcher = Batcher(box)  # type: ignore[arg-type]
    batcher.put(b'{"kind":"frame","conn":1}\nA')
    await asyncio.sleep(0)
    assert box.frames == [b'{"kind":"frame","conn":1}\nA']  # alone: as it is
    parts = [b'{"kind":"frame","conn":%d}\n%d' % (n, n) for n in range(1, 6)]
    for part in parts:
        batcher.put(part)
    assert len(box.frames) == 1  # nothing until the turn ends
    await asyncio.sleep(0)
    header, _, payload = box.frames[1].partition(b"\n")
    assert unbatch(parse_batch(header), payload) == [part.partition(b"\n")[::2] for part in parts]  # type: ignore[arg-type]
    big = b"x" * (BATCH_BYTES // 2 + 1)
    for _ in range(3):
        batcher.put(big)
    await asyncio.sleep(0)
    assert box.frames[2:] == [big, big, big]  # two would be over BATCH_BYTES: one at a time


async def test_a_remote_table_and_its_relay_speak_in_batches_and_play():
    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    hosted = await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False, save=False,
                               bot_delay=0, limits=FAST, seed=3)
    link = hosted.relay_link
    assert link is not None and link.batches and link.ws is not None
    assert link.ws.subprotocol == LINK_SUBPROTOCOL
    ann = hosted.link("Ann", reconnect_delays=fast_delays)
    bob = RemoteSeatLink(url, "Bob", toygame.GAME, room=hosted.code, reconnect_delays=fast_delays)
    await asyncio.wait_for(asyncio.gather(ann.connect(), bob.connect()), TIMEOUT)
    await ann.say("/join")
    await bob.say("/join")
    await until(lambda: ann.seat == 0 and bob.seat == 1, what="seated")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot and bob.has_snapshot, what="snapshots")
    for round_ in range(3):
        first, second = await asyncio.wait_for(
            asyncio.gather(ann.submit(toygame.Pick(1)), bob.submit(toygame.Pick(2))), TIMEOUT)
        assert first.accepted and second.accepted
    await until(lambda: bob.snapshot().version == 6 and ann.snapshot().version == 6, what="every move through")
    assert bob.snapshot().view == hosted.table.host.snapshot(1).view
    await bob.close()
    await ann.close()
    await hosted.stop()
    await relay.stop()


async def _open_room(url: str, subprotocol: str):
    from websockets.asyncio.client import connect

    ws = await connect(f"{url}/host", subprotocols=[subprotocol], max_size=2**21)  # type: ignore[list-item]
    await ws.send(json.dumps({"kind": "open_room", "table": "T", "key": None}))
    opened = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
    assert opened["kind"] == "room"
    return ws, opened["code"]


async def test_a_table_without_batches_is_still_served_and_may_not_send_one():
    """An older table offers only parlour.v1: its envelopes are routed as before, and a
    batch from it is refused (BAD_FRAME), as is a batch whose sizes do not add up or
    that holds a batch, from a table that speaks batches."""
    from net.relay import batch_header

    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    old, code = await _open_room(url, SUBPROTOCOL)
    assert old.subprotocol == SUBPROTOCOL
    player = await raw(url, {"name": "Ann", "room": code})
    joined = await asyncio.wait_for(old.recv(), TIMEOUT)
    assert joined.startswith(b'{"kind":"join","conn":')
    conn = json.loads(joined.partition(b"\n")[0])["conn"]
    await old.send(b'{"kind":"send","to":[%d],"fresh":null}\n{"kind":"notice","text":"hi"}' % conn)
    assert json.loads(await asyncio.wait_for(player.recv(), TIMEOUT)) == {"kind": "notice", "text": "hi"}
    one = b'{"kind":"send","to":[%d],"fresh":null}\n{}' % conn
    await old.send(batch_header([len(one), len(one)]) + b"\n" + one + one)
    assert await close_code(old) == cc.BAD_FRAME

    for bad in (lambda e: batch_header([len(e), len(e) + 1]) + b"\n" + e + e,  # sizes off by one
                lambda e: (lambda inner: batch_header([len(inner), len(e)]) + b"\n" + inner + e)(
                    batch_header([len(e), len(e)]) + b"\n" + e + e),  # a batch in a batch
                lambda e: (lambda x: batch_header([len(e), len(x)]) + b"\n" + e + x)(  # not UTF-8
                    e.replace(b"\n{}", b'\n{"text":"\xc3\xa9\xff"}'))):
        table, code = await _open_room(url, LINK_SUBPROTOCOL)
        assert table.subprotocol == LINK_SUBPROTOCOL
        player = await raw(url, {"name": "Bob", "room": code})
        conn = json.loads((await asyncio.wait_for(table.recv(), TIMEOUT)).partition(b"\n")[0])["conn"]
        good = b'{"kind":"send","to":[%d],"fresh":null}\n{"kind":"notice","text":"a\xc3\xa9"}' % conn
        await table.send(batch_header([len(good), len(good)]) + b"\n" + good + good)
        for _ in range(2):
            assert json.loads(await asyncio.wait_for(player.recv(), TIMEOUT))["text"] == "a\u00e9"
        await table.send(bad(b'{"kind":"send","to":[%d],"fresh":null}\n{}' % conn))
        assert await close_code(table) == cc.BAD_FRAME
    await relay.stop()


async def test_the_relay_passes_payloads_as_they_are_without_reading_them():
    """issue 11 (the relay never decodes the game's JSON): a table's payloads reach the
    player byte for byte, JSON or not, empty or not; a player's frame reaches the table
    likewise."""
    from net.relay import batch_header

    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    table, code = await _open_room(url, LINK_SUBPROTOCOL)
    player = await raw(url, {"name": "Ann", "room": code})
    conn = json.loads((await asyncio.wait_for(table.recv(), TIMEOUT)).partition(b"\n")[0])["conn"]
    head = b'{"kind":"send","to":[%d],"fresh":null}\n' % conn
    odd = head + "not JSON { \u00e9".encode()
    await table.send(batch_header([len(odd), len(head)]) + b"\n" + odd + head)
    assert await asyncio.wait_for(player.recv(), TIMEOUT) == "not JSON { \u00e9"
    assert await asyncio.wait_for(player.recv(), TIMEOUT) == ""
    await player.send("{not JSON either")
    assert await asyncio.wait_for(table.recv(), TIMEOUT) == b'{"kind":"frame","conn":%d}\n{not JSON either' % conn
    await table.close()
    await player.close()
    await relay.stop()


async def test_players_may_not_speak_the_link_subprotocol():
    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    from websockets.asyncio.client import connect

    ws = await connect(f"ws://{host}:{port}/", subprotocols=[LINK_SUBPROTOCOL])  # type: ignore[list-item]
    assert await close_code(ws) == cc.BAD_HELLO
    await relay.stop()
