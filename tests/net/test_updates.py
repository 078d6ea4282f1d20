"""Updates: after a whole snapshot, a client that asks for them gets what changed
(issue 11; docs/protocol.md, "Updates"), and one that misses a change gets the whole
snapshot again."""

from __future__ import annotations

import json

from net.codec import codec_for
from net.protocol import Command, Hello, IntentMsg, SyncRequest, UpdateMsg
from net.server import Table
from tests.net import toygame
from tests.net.wire import FAST, host_table, seated, until


class Port:
    """A RoomPort that keeps every frame sent, per connection."""

    code = None

    def __init__(self) -> None:
        self.frames: dict[int, list[dict]] = {}

    def send(self, conns, frame, fresh=None) -> None:
        for conn in conns:
            self.frames.setdefault(conn, []).append(json.loads(frame))

    def close(self, conn, code, reason) -> None:
        pass

    def kinds(self, conn: int) -> list[str]:
        return [f["kind"] for f in self.frames.get(conn, []) if f["kind"] in ("snapshot", "update")]


async def _table() -> tuple[Table, Port]:
    table = Table(toygame.GAME, "t", options=toygame.ToyOptions(rounds=5), seed=3, limits=FAST, bot_delay=0)
    port = Port()
    table.attach(port)
    codec = codec_for(toygame.GAME)
    table.peer_joined(1, "127.0.0.1", codec.encode(Hello(name="Ann", host_key=table.host_key, updates=True)))
    table.peer_joined(2, "127.0.0.1", codec.encode(Hello(name="Bob")))
    for conn in (1, 2):
        table.peer_frame(conn, codec.encode(Command(name="join")))
    table.peer_frame(1, codec.encode(Command(name="start")))
    await until(lambda: table.host is not None and port.kinds(1) and port.kinds(2), what="first snapshots")
    return table, port


async def test_a_client_that_asks_gets_updates_after_a_snapshot_and_others_snapshots():
    """issue 11 (old behaviour stays available): the hello's ``updates`` gets the next
    versions as updates from the base it holds; a hello without it gets snapshots only."""
    table, port = await _table()
    codec = codec_for(toygame.GAME)
    try:
        table.peer_frame(1, codec.encode(IntentMsg(action_id="a", version=0, action=toygame.Pick(1))))
        table.peer_frame(2, codec.encode(IntentMsg(action_id="b", version=1, action=toygame.Pick(2))))
        await until(lambda: table.host.version == 2 and len(port.kinds(2)) == 3, what="two moves")
        assert port.kinds(1) == ["snapshot", "update", "update"]
        assert port.kinds(2) == ["snapshot", "snapshot", "snapshot"]
        updates = [f for f in port.frames[1] if f["kind"] == "update"]
        assert [(u["base"], u["version"]) for u in updates] == [(0, 1), (1, 2)]
        assert updates[0]["view"] == {"picked": [0], "my_pick": 1}
    finally:
        await table.stop()


async def test_a_sync_and_a_stale_intent_bring_the_whole_snapshot():
    """issue 11 / design.md (a stale intent gets a fresh snapshot): even a client taking
    updates gets the whole snapshot on ``sync`` and with a ``stale`` outcome."""
    table, port = await _table()
    codec = codec_for(toygame.GAME)
    try:
        table.peer_frame(2, codec.encode(IntentMsg(action_id="b", version=0, action=toygame.Pick(2))))
        await until(lambda: len(port.kinds(1)) == 2, what="an update")
        table.peer_frame(1, codec.encode(SyncRequest()))
        await until(lambda: len(port.kinds(1)) == 3, what="the sync's snapshot")
        assert port.kinds(1) == ["snapshot", "update", "snapshot"]
        table.peer_frame(1, codec.encode(IntentMsg(action_id="s", version=99, action=toygame.Pick(1))))
        await until(lambda: len(port.kinds(1)) == 4, what="the stale answer's snapshot")
        assert port.kinds(1)[-1] == "snapshot" and port.frames[1][-1]["code"] == "stale"
    finally:
        await table.stop()


async def test_remote_links_stay_exact_on_updates_and_resync_after_a_missed_one():
    """issue 11 (clients stay exact; a client that misses a change asks for and gets a
    snapshot): real links over loopback hold exactly the host's snapshot after moves
    sent as updates; an update whose base a link does not hold makes it ask for a sync,
    and the whole snapshot puts it right."""
    hosted = await host_table(toygame.GAME, options=toygame.ToyOptions(rounds=20))
    try:
        links = await seated(hosted, ("Ann", "Bob", "Cy"))
        host = hosted.table.host
        for round_ in range(3):
            for link in links:
                assert (await link.submit(toygame.Pick(1 + link.seat))).accepted
        await until(lambda: all(link.snapshot().version == host.version for link in links), what="caught up")
        for link in links:
            assert link.snapshot() == host.snapshot(link.seat)
        ann = links[0]
        held = ann.snapshot()
        missed = UpdateMsg(version=held.version + 2, base=held.version + 1, seat=held.seat)
        await ann._handle(missed)  # as if the update before it was dropped from a slow queue
        assert ann.snapshot() is held  # not applied
        await until(lambda: ann.snapshot() is not held, what="the resync's snapshot")
        assert ann.snapshot() == host.snapshot(ann.seat)
        assert (await ann.submit(toygame.Pick(2))).accepted
        await until(lambda: ann.snapshot().version == host.version, what="the next update")
        assert ann.snapshot() == host.snapshot(ann.seat)
    finally:
        for link in links:
            await link.close()
        await hosted.stop()
