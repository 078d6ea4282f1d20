"""Random bursts of intents at once, from every seat, stale, illegal and repeated:
the host's promises hold for all of them."""

from __future__ import annotations

import asyncio
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from net.host import Host, Intent
from tests.net.toygame import GAME, Pick, ToyOptions

SEATS = 3

intent_specs = st.tuples(
    st.sampled_from([0, 1, 2, None]),  # seat of the sending peer
    st.integers(0, 4),  # picked number (0 and 4 are illegal)
    st.sampled_from(["seen", "zero", "future"]),  # version it claims
    st.sampled_from(["a", "b", "c", "fresh"]),  # action_id ("fresh": unique)
)
bursts = st.lists(st.lists(intent_specs, min_size=1, max_size=5), min_size=1, max_size=12)


async def play(bursts_) -> None:
    host = Host(GAME, ToyOptions(rounds=3), SEATS, 0, ("A", "B", "C"), bot_delay=0)
    seen: dict[object, list] = defaultdict(list)
    peers = {seat: host.connect(seat, seen[seat].append) for seat in (0, 1, 2, None)}
    answers: defaultdict[tuple, list] = defaultdict(list)
    fresh = 0
    async with host:
        for burst in bursts_:
            sent = []
            for seat, number, claim, action_id in burst:
                latest = seen[seat][-1].version if seen[seat] else 0
                version = {"seen": latest, "zero": 0, "future": host.version + 1}[claim]
                if action_id == "fresh":
                    fresh += 1
                    action_id = f"fresh-{fresh}"
                intent = Intent(Pick(number), action_id, version)
                sent.append((seat, action_id, host.submit(peers[seat], intent)))
            outcomes = await asyncio.wait_for(asyncio.gather(*(c for _, _, c in sent)), 5)
            for (seat, action_id, _), outcome in zip(sent, outcomes):
                assert outcome.action_id == action_id
                answers[(seat, action_id)].append(outcome)

    # a repeated action_id always gets the first answer
    assert all(len(set(outs)) == 1 for outs in answers.values())
    accepted = {key for key, outs in answers.items() if outs[0].accepted}
    # one version per applied intent, each applied once, only from a seat that sent it
    assert host.version == len(host.applied) == len(accepted)
    assert {(a.seat, a.action_id) for a in host.applied} == accepted
    assert None not in {a.seat for a in host.applied}
    # every seat's latest snapshot is the current one
    for seat, snaps in seen.items():
        if host.version:
            assert max(s.version for s in snaps) == host.version
    # the log replays to the host's state
    state = GAME.setup(ToyOptions(rounds=3), SEATS, 0)
    for applied in host.applied:
        state, _ = GAME.apply(state, applied.seat, applied.action)
    assert state == host.state


@settings(max_examples=60, deadline=None)
@given(bursts)
def test_random_bursts_keep_the_hosts_promises(bursts_):
    asyncio.run(play(bursts_))
