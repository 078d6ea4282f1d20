"""Random frames thrown at a live table (hypothesis): the server never fails, and every
player still connected ends with the host's view of their own seat."""

from __future__ import annotations

import asyncio
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.net import toygame
from tests.net.wire import ErrorLog, host_table, raw, seated, until

KINDS = ["hello", "command", "intent", "chat", "sync", "leave", "welcome", "snapshot", "nope"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

intents = st.builds(
    lambda aid, version, number: json.dumps(
        {"kind": "intent", "action_id": aid, "version": version, "action": {"number": number}}),
    st.text(min_size=1, max_size=8), st.integers(-1, 6), st.integers(0, 4),
)
commands = st.builds(
    lambda name, args: json.dumps({"kind": "command", "name": name, "args": args}),
    st.sampled_from(["join", "leave", "start", "option", "bot", "kick", "help", "end", "x"]),
    st.lists(st.sampled_from(["1", "2", "add", "seat", "random", "rounds", "3", "on", "P0"]), max_size=3),
)
shaped = st.builds(
    lambda kind, fields: json.dumps({"kind": kind, **fields}),
    st.sampled_from(KINDS), st.dictionaries(st.sampled_from(
        ["name", "text", "token", "version", "action", "action_id", "args", "seat", "room"]),
        json_values, max_size=4),
)
frames = st.one_of(
    intents, commands, shaped,
    json_values.map(json.dumps),
    st.text(max_size=60),
    st.binary(max_size=20),
    st.just(json.dumps({"kind": "sync"})),
    st.just(json.dumps({"kind": "chat", "text": "hi"})),
)


async def fuzz_view_matches(fuzz, hosted) -> None:
    """If the fuzzing connection is still open, its last snapshot (after a sync) is the
    host's for the seat its last welcome gave it."""
    try:
        await fuzz.send(json.dumps({"kind": "sync"}))
    except Exception:
        return
    codec, host = hosted.table.codec, hosted.table.host
    seat, version = None, -1
    while version != host.version:
        try:
            frame = await asyncio.wait_for(fuzz.recv(), 5)
        except Exception:
            return  # closed (flood, bad frames, left): nothing to compare
        message = codec.decode_host(frame)
        kind = type(message).KIND
        if kind == "error" and message.code == "flood":
            return  # the sync itself was over the rate limit: nothing more will come
        if kind == "welcome":
            seat = message.seat
        elif kind == "snapshot":
            version = message.version
            assert message.seat == seat
            if version == host.version:
                assert message.view == host.snapshot(seat).view


async def scenario(batch: list[str | bytes]) -> None:
    with ErrorLog() as errors:
        hosted = await host_table(toygame.GAME, options=toygame.ToyOptions(rounds=20))
        try:
            links = await seated(hosted, ("P0", "P1"))
            fuzz = await raw(hosted.local_url, {"name": "Fuzz"})
            for frame in batch:
                try:
                    await fuzz.send(frame)
                except Exception:
                    break  # closed by the table: fine
            # a real move from each player in between, so there is something to see
            for link in links:
                if link.status.online:
                    await link.submit(link.snapshot().legal_actions[0]) if link.snapshot().legal_actions else None
            await asyncio.sleep(0.05)
            host = hosted.table.host
            for link in links:
                if link.status.online:
                    await link.sync()
                    await until(lambda: link.snapshot().version == host.version, what="synced")
                    assert link.snapshot().view == host.snapshot(link.seat).view
            await fuzz_view_matches(fuzz, hosted)
            # the table still answers newcomers
            probe = await raw(hosted.local_url, {"name": "Probe"})
            assert json.loads(await asyncio.wait_for(probe.recv(), 5))["kind"] == "welcome"
            await probe.close()
            await fuzz.close()
            for link in links:
                await link.close()
        finally:
            await hosted.stop()
        assert not errors.records, [r.getMessage() for r in errors.records]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(frames, max_size=25))
def test_random_frames_never_break_the_table(batch):
    asyncio.run(asyncio.wait_for(scenario(batch), 20))
