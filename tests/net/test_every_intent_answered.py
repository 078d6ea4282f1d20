"""Every intent gets exactly one answer (design.md, "exactly one outcome per intent";
docs/protocol.md, "Encoding rules" and "Intents and outcomes"). A malformed intent whose
own ``action_id`` can be read is answered with an ``outcome`` (``bad-frame``) rather than
a bare ``error``; a seat link given something that is not a move (a kind of move, whose
values are not chosen yet, or a value that is no action of the game) refuses it at once.
Found by an engineer (stop 16's note): a client that submitted an ``ActionKind`` waited
for an answer that never came."""

from __future__ import annotations

import asyncio
import json

from net.client import OFFLINE
from net.kinds import NOT_AN_ACTION
from net.local import LocalTable
from rules.core import ActionKind
from tests.net import toygame
from tests.net.toygame import Pick, ToyOptions
from tests.net.wire import TIMEOUT, frames_until, host_table, join, raw, seated, until


async def kind_table():
    """A toy table whose legal actions are one kind, "pick a number from 1 to 50"."""
    hosted = await host_table(toygame.GAME)
    ann = await join(hosted, "Ann", host=True)
    for line in ("/option top 50", "/option picks kind", "/join"):
        await ann.say(line)
    bob = await join(hosted, "Bob")
    await bob.say("/join")
    await until(lambda: hosted.table.lobby.seated_count() == 2, what="both seated")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot and bob.has_snapshot, what="first snapshots")
    return hosted, ann, bob


async def test_a_malformed_intent_with_a_readable_action_id_gets_its_outcome():
    hosted = await host_table(toygame.GAME)
    p0, p1 = await seated(hosted, ("P0", "P1"))
    ws = await raw(hosted.local_url, {"name": "Raw", "token": p1.token})
    await frames_until(ws, "snapshot")
    await ws.send(json.dumps({"kind": "intent", "action_id": "a1", "version": 0,
                              "action": {"kind": "pick", "params": []}}))
    outcome = await frames_until(ws, "outcome")
    assert outcome["action_id"] == "a1" and outcome["accepted"] is False
    assert outcome["code"] == "bad-frame" and outcome["reason"].startswith("bad intent:"), outcome
    # an action_id that is itself malformed cannot be answered by id: an error, as before
    await ws.send(json.dumps({"kind": "intent", "action_id": 7, "version": 0, "action": {"number": 1}}))
    error = await frames_until(ws, "error")
    assert error["code"] == "bad-frame" and "action_id" in error["message"], error
    assert hosted.table.host.version == 0  # nothing applied
    # and the connection still plays: a well-formed intent for the same id is judged
    await ws.send(json.dumps({"kind": "intent", "action_id": "a1", "version": 0, "action": {"number": 1}}))
    judged = await frames_until(ws, "outcome")
    assert judged["action_id"] == "a1" and judged["code"] in ("", "not-your-turn"), judged
    await ws.close()
    for link in (p0, p1):
        await link.close()
    await hosted.stop()


async def test_a_client_submitting_a_kind_of_move_is_refused_at_once():
    hosted, ann, bob = await kind_table()
    mover = ann if ann.seat in ann.snapshot().active_seats else bob
    kind = mover.snapshot().legal_actions[0]
    assert isinstance(kind, ActionKind)
    mover.answer_timeout = 2 * TIMEOUT
    outcome = await asyncio.wait_for(mover.submit(kind), TIMEOUT)
    assert not outcome.accepted and outcome.code == NOT_AN_ACTION and "'pick'" in outcome.reason, outcome
    nothing = await asyncio.wait_for(mover.submit("pick 3"), TIMEOUT)  # no action of the toy game
    assert nothing.code == NOT_AN_ACTION and toygame.GAME.name in nothing.reason, nothing
    assert hosted.table.host.version == 0
    assert (await asyncio.wait_for(mover.submit(Pick(3)), TIMEOUT)).accepted  # the link goes on
    for link in (ann, bob):
        await link.close()
    await hosted.stop()


async def test_a_local_seat_submitting_a_kind_of_move_is_refused_at_once():
    async with LocalTable(toygame.GAME, ToyOptions(top=50, picks="kind"), ("Ann", "Bob"),
                          seed=1, bot_delay=0) as table:
        link = next(link for seat, link in table.humans.items() if seat in link.snapshot().active_seats)
        kind = link.snapshot().legal_actions[0]
        assert isinstance(kind, ActionKind)
        outcome = await asyncio.wait_for(link.submit(kind), TIMEOUT)
        assert outcome.code == NOT_AN_ACTION and outcome.code != OFFLINE
        assert table.host.version == 0
        assert (await asyncio.wait_for(link.submit(Pick(3)), TIMEOUT)).accepted
