"""Real clients and a real table over websockets on 127.0.0.1 (design.md, "tests/").

Games: Zatre for whole games and hidden tiles; Secret Numbers (tests/net/toygame.py),
where seats act at once, for simultaneous intents.
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from net import closecodes as cc
from net.client import OFFLINE, JoinError, RemoteSeatLink
from net.host import STALE
from net.saves import read
from rules.zatre import GAME as ZATRE
from tests.net import toygame
from tests.net.wire import (
    TIMEOUT, close_code, crash, fast_delays, frames_until, host_table, join, raw, seated, until,
)



async def play_until_over(links, rng: random.Random, timeout: float = 30.0) -> None:
    """Every human link plays random legal actions whenever it may act."""
    async def player(link: RemoteSeatLink) -> None:
        while True:
            snap = link.snapshot()
            if snap.over or link.game_over is not None:
                return
            if link.status.online and link.seat in snap.active_seats and snap.legal_actions:
                outcome = await link.submit(rng.choice(snap.legal_actions))
                assert outcome.accepted or outcome.code in (STALE, OFFLINE), outcome
            else:
                await asyncio.sleep(0.005)

    await asyncio.wait_for(asyncio.gather(*(player(link) for link in links)), timeout)


async def close_all(hosted, *links) -> None:
    for link in links:
        await link.close()
    await hosted.stop()


async def test_two_clients_and_a_bot_play_a_seeded_zatre_game_to_the_end(tmp_path):
    hosted = await host_table(ZATRE, save=tmp_path / "game.json", seed=5)
    ann, bob = await seated(hosted, ("Ann", "Bob"), bots=("easy",))
    await play_until_over([ann, bob], random.Random(5))
    host = hosted.table.host
    assert host.over
    await until(lambda: ann.game_over is not None and bob.game_over is not None, what="game over")
    for link in (ann, bob):
        assert link.snapshot().version == host.version
        assert link.snapshot().view == host.snapshot(link.seat).view
        assert link.game_over.result == host.result
    data, _ = read(tmp_path / "game.json")
    assert data.version == host.version and len(data.log) == host.version
    assert data.bots == host.bot_kinds
    await close_all(hosted, ann, bob)


async def test_a_cut_socket_reconnects_into_its_seat_with_a_fresh_snapshot():
    hosted = await host_table(ZATRE)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    seat, token = bob.seat, bob.token
    statuses = []
    bob.on_status(lambda status: statuses.append(status.state))
    presence = []
    ann.on_event(lambda m: presence.append(m) if type(m).__name__ == "Presence" else None)
    bob._ws.transport.abort()  # the network drops, no close frame
    await until(lambda: any(p.status == "away" for p in presence), what="away presence")
    away = next(p for p in presence if p.status == "away")
    assert away.seat == seat and away.deadline is not None
    await until(lambda: bob.status.online and "reconnecting" in statuses, what="reconnect")
    assert bob.seat == seat and bob.token == token
    await until(lambda: any(p.status == "back" for p in presence), what="back presence")
    await play_until_over([ann, bob], random.Random(2))
    assert bob.snapshot().view == hosted.table.host.snapshot(seat).view
    await close_all(hosted, ann, bob)


async def test_moves_are_refused_while_offline():
    hosted = await host_table(toygame.GAME)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    await hosted.relay.stop()  # nobody can reach the table for now
    await until(lambda: not bob.status.online, what="offline")
    outcome = await bob.submit(toygame.Pick(1))
    assert not outcome.accepted and outcome.code == OFFLINE
    await ann.close()
    await bob.close()
    await hosted.stop()


async def test_a_stale_intent_gets_a_rejection_and_a_fresh_snapshot():
    hosted = await host_table(ZATRE)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    mover = ann if ann.seat in ann.snapshot().active_seats else bob
    snap = mover.snapshot()
    assert (await mover.submit(snap.legal_actions[0])).accepted
    ws = await raw(hosted.local_url, {"name": "Again", "token": mover.token})
    await frames_until(ws, "snapshot")
    # an intent made against version 0, after the seat's choices changed
    await ws.send(json.dumps({"kind": "intent", "action_id": "late", "version": 0,
                              "action": {"placements": []}}))
    kinds = []
    while True:
        data = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        kinds.append(data["kind"])
        if data["kind"] == "outcome":
            break
    assert data == {"kind": "outcome", "action_id": "late", "accepted": False, "code": STALE,
                    "reason": data["reason"]}
    assert "snapshot" in kinds  # the fresh snapshot came before the outcome
    await ws.close()
    await close_all(hosted, ann, bob)


async def test_two_intents_at_once_are_both_answered():
    hosted = await host_table(toygame.GAME)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    first, second = await asyncio.wait_for(
        asyncio.gather(ann.submit(toygame.Pick(1)), bob.submit(toygame.Pick(2))), TIMEOUT)
    assert first.accepted and second.accepted
    await until(lambda: ann.snapshot().version == bob.snapshot().version == 2, what="both applied")
    await close_all(hosted, ann, bob)


async def test_a_resent_intent_is_answered_again_and_applied_once():
    hosted = await host_table(toygame.GAME)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    ws = await raw(hosted.local_url, {"name": "Ann again", "token": ann.token})
    await frames_until(ws, "snapshot")
    intent = json.dumps({"kind": "intent", "action_id": "x1", "version": 0, "action": {"number": 3}})
    await ws.send(intent)
    assert (await frames_until(ws, "outcome"))["accepted"]
    await ws.send(intent)
    assert (await frames_until(ws, "outcome"))["accepted"]
    assert hosted.table.host.version == 1
    await ws.close()
    await close_all(hosted, ann, bob)


async def test_a_wrong_token_gets_no_seat_and_no_view():
    hosted = await host_table(ZATRE)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    ws = await raw(hosted.local_url, {"name": "Mallory", "token": "not-a-token-" + "x" * 30})
    kinds = []
    try:
        async for frame in ws:
            kinds.append(json.loads(frame)["kind"])
    except Exception:
        pass
    assert ws.close_code == cc.BAD_TOKEN
    assert kinds == ["error"]
    with pytest.raises(JoinError):
        await join(hosted, "Eve", token="also-wrong")
    await close_all(hosted, ann, bob)


async def test_a_spectator_sees_no_held_tiles_and_no_token():
    hosted = await host_table(ZATRE)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    ws = await raw(hosted.local_url, {"name": "Sam"})
    welcome = await frames_until(ws, "welcome")
    assert welcome["seat"] is None and welcome["token"] is None
    snap = await frames_until(ws, "snapshot")
    assert snap["seat"] is None and snap["view"]["hand"] == [] and snap["legal_actions"] == []
    mover = ann if ann.seat in ann.snapshot().active_seats else bob
    assert mover.snapshot().view.hand  # the seat to move holds tiles ...
    text = json.dumps(snap)
    for token in (ann.token, bob.token, hosted.host_key):
        assert token not in text  # ... and the spectator sees none of them, nor any token
    assert "rng" not in text and "bag" not in snap["view"]
    await ws.close()
    await close_all(hosted, ann, bob)


async def test_the_host_crashes_and_the_game_resumes_from_its_save(tmp_path):
    path = tmp_path / "save.json"
    hosted = await host_table(ZATRE, save=path, seed=9)
    port = int(hosted.url.rsplit(":", 1)[1])
    ann, bob = await seated(hosted, ("Ann", "Bob"), bots=("strong",))
    rng = random.Random(9)
    for _ in range(6):  # a few turns, then the crash
        for link in (ann, bob):
            snap = link.snapshot()
            if link.seat in snap.active_seats and snap.legal_actions:
                await link.submit(rng.choice(snap.legal_actions))
        await asyncio.sleep(0.01)
    await until(lambda: hosted.table.host.version >= 4, what="some turns")
    await crash(hosted)
    saved, _ = read(path)
    assert saved.version >= 4
    await until(lambda: not ann.status.online and not bob.status.online, what="both offline")

    resumed = await host_table(None, save=True, resume_from=path, port=port)
    assert resumed.table.host.version == saved.version
    await until(lambda: ann.status.online and bob.status.online, timeout=10, what="both back")
    # the bot may move as soon as the table is back, so the snapshot may be newer than the save
    await until(lambda: ann.snapshot().version >= saved.version, what="resynced")
    await play_until_over([ann, bob], rng)
    host = resumed.table.host
    assert host.over and bob.snapshot().view == host.snapshot(bob.seat).view
    assert read(path)[0].version == host.version
    await close_all(resumed, ann, bob)


async def test_a_dropped_seat_is_held_then_the_host_hands_it_to_a_bot():
    hosted = await host_table(ZATRE, grace=0.3)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    notices = []
    ann.on_event(lambda m: notices.append(m) if type(m).__name__ == "Notice" else None)
    seat = bob.seat
    await bob.close()
    await until(lambda: any("has not come back" in n.text for n in notices), what="grace over notice")
    assert hosted.table.lobby.seats[seat].status == "away"
    await ann.say(f"/bot seat {seat + 1} strong")
    await until(lambda: ann.snapshot().bots[seat] == "strong", what="bot seated")
    await play_until_over([ann], random.Random(3))
    assert hosted.table.host.over
    await close_all(hosted, ann)


async def test_a_replaced_connection_is_closed_when_the_seat_reconnects():
    hosted = await host_table(toygame.GAME)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    twin = RemoteSeatLink(hosted.local_url, "Bob", toygame.GAME, token=bob.token,
                          reconnect_delays=fast_delays)
    await asyncio.wait_for(twin.connect(), TIMEOUT)
    await until(lambda: bob.status.state == "closed", what="old connection closed")
    assert bob.status.code == cc.REPLACED and twin.seat == 1
    assert (await twin.submit(toygame.Pick(2))).accepted
    await close_all(hosted, ann, twin)


async def test_malformed_frames_get_errors_then_a_close_and_the_table_carries_on():
    hosted = await host_table(toygame.GAME)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    ws = await raw(hosted.local_url, {"name": "Fuzz"})
    await frames_until(ws, "welcome")
    bad = [
        "not json", "[]", '{"kind":"nope"}', '{"kind":"chat","text":"hi","extra":1}',
        '{"kind":"intent","action_id":"a","version":"1","action":{"number":1}}',
        '{"kind":"chat","text":null}', '{"kind":"intent","action_id":"a","version":true,"action":{"number":1}}',
    ]
    await ws.send(bad[0])
    error = await frames_until(ws, "error")
    assert error["code"] == "bad-frame" and "JSON" in error["message"]
    for frame in bad[1:]:
        await ws.send(frame)
    assert await close_code(ws) == cc.BAD_FRAME
    binary = await raw(hosted.local_url, {"name": "Bin"})
    await binary.send(b"\x00\x01")
    assert await close_code(binary) == cc.BAD_FRAME
    assert (await ann.submit(toygame.Pick(1))).accepted
    await close_all(hosted, ann, bob)


async def test_good_frames_between_malformed_ones_do_not_refill_their_budget():
    """docs/protocol.md (player-tester 3, item 14: it said "about five in a row"): five
    malformed frames are answered with an error, the sixth within the budget (refilled
    one per 10 s) closes the connection, good frames between them notwithstanding."""
    hosted = await host_table(toygame.GAME)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    ws = await raw(hosted.local_url, {"name": "Fuzz"})
    await frames_until(ws, "welcome")
    for _ in range(5):
        await ws.send("not json")
        assert (await frames_until(ws, "error"))["code"] == "bad-frame"
        await ws.send('{"kind":"sync"}')
    await ws.send("not json")
    assert await close_code(ws) == cc.BAD_FRAME
    await close_all(hosted, ann, bob)


async def test_oversize_frames_and_silent_or_wrong_openers_are_closed():
    hosted = await host_table(toygame.GAME, relay_options={"hello_timeout": 0.3})
    big = await raw(hosted.local_url, {"name": "Big"})
    await big.send(json.dumps({"kind": "chat", "text": "x" * 70_000}))
    assert await close_code(big) == 1009  # websockets' max_size: "message too big"
    silent = await raw(hosted.local_url)
    assert await close_code(silent) == cc.HELLO_TIMEOUT
    wrong = await raw(hosted.local_url)
    await wrong.send(json.dumps({"kind": "chat", "text": "hi"}))
    assert await close_code(wrong) == cc.BAD_HELLO
    with pytest.raises(Exception):  # a browser's Origin header is refused at the handshake
        await raw(hosted.local_url, origin="http://evil.example")
    await hosted.stop()


async def test_a_chat_flood_gets_a_warning_then_a_close():
    hosted = await host_table(toygame.GAME, limits=__import__("net.server").server.Limits())
    ann = await join(hosted, "Ann", host=True)
    ws = await raw(hosted.local_url, {"name": "Spam"})
    await frames_until(ws, "welcome")
    for i in range(12):
        await ws.send(json.dumps({"kind": "chat", "text": f"spam {i}"}))
    error = await frames_until(ws, "error")
    assert error["code"] == "flood"
    assert await close_code(ws) == cc.FLOOD
    await ann.say("still here")
    await hosted.stop()
    await ann.close()


async def test_a_slow_reader_is_sent_the_latest_snapshot_not_a_backlog():
    from net.relay import Outbox

    class Stalled:
        sent: list = []

        async def send(self, frame):
            await asyncio.sleep(3600)

        async def close(self, code, reason):
            self.closed = code

    ws = Stalled()
    box = Outbox(ws, limit=3, name="test")
    await asyncio.sleep(0)
    box.put("a")  # taken by the stalled sender
    await asyncio.sleep(0)
    box.put("s1", "snapshot")
    box.put("s2", "snapshot")
    box.put("s3", "snapshot")
    assert [f for f, _ in box._queue] == ["s3"]  # newer snapshots replaced the older
    box.put("b")
    box.put("c")
    box.put("d")  # the queue is full: the connection is closed as too slow
    assert box._closing and box._queue[-1][1].startswith(f"close:{cc.TOO_SLOW}")
    box.cancel()


async def test_the_host_alone_may_start_and_kick():
    hosted = await host_table(toygame.GAME)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    errors = []
    bob.on_event(lambda m: errors.append(m) if type(m).__name__ == "ErrorMsg" else None)
    await bob.say("/start")
    await until(lambda: errors, what="refusal")
    assert errors[0].code == "command" and "Only the host" in errors[0].message
    await ann.say("/kick Bob")
    await until(lambda: bob.status.state == "closed", what="kicked")
    assert bob.status.code == cc.KICKED
    await close_all(hosted, ann)


async def test_a_hosted_table_is_no_relay_for_other_tables():
    """Player-tester 5, item 4: ``parlour host --relay ws://<someone's table>`` opened a
    room on that table's process, unseen by its host. A hosted table's ``/host`` is no
    such path (HTTP 404); players still join at ``/``. A ``parlour relay`` takes tables."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    from net.relay import HOST_PATH, LINK_SUBPROTOCOL, Relay

    def table_link(url: str):
        return asyncio.wait_for(connect(url + HOST_PATH, subprotocols=[LINK_SUBPROTOCOL]), TIMEOUT)

    hosted = await host_table(toygame.GAME)
    try:
        with pytest.raises(InvalidStatus) as refused:
            await table_link(hosted.local_url.rstrip("/"))
        assert refused.value.response.status_code == 404
        from tui.lan import HostSettings, host_error  # what `parlour host --relay` then says

        said = host_error(refused.value, HostSettings("Zed's table", "Zed", relay=hosted.local_url))
        assert said.startswith(f"No relay answers at {hosted.local_url} (HTTP 404)") and "parlour relay" in said
        ann = await join(hosted, "Ann")
        assert ann.seat is None and ann.status.online
        await ann.close()
    finally:
        await hosted.stop()
    relay = Relay()
    host, port = await relay.start("127.0.0.1", 0)
    try:
        ws = await table_link(f"ws://{host}:{port}")
        await ws.close()
    finally:
        await relay.stop()
