"""The ``history`` frame (docs/protocol.md, "history"): a client that joins, rejoins or
asks for a ``sync`` is given the events of the earlier versions as its seat (or the
spectators) saw them, so that its table's log is whole (player-tester 2, item 2: "A
client that reconnects gets an empty log"). The events are the ones each live snapshot
carried, projected the same way: another seat's private picks never show their cards
(Estate E-R32); the host keeps the last ``HISTORY_VERSIONS`` versions and says which
are left out; a malformed frame is refused."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

import net.host
from net.codec import ProtocolError, codec_for
from rules.estate import GAME as ESTATE
from rules.estate.state import Pick
from tests.net.test_estate_loopback import SEED, close_all, drafting, play_until
from tests.net.wire import TIMEOUT, host_table, join, seated, until


async def after_the_draft(hosted, links):
    """Play the Leaders, the set-up and the draft's four rounds (E-F14)."""
    rng, tally = random.Random(SEED), Counter()
    await asyncio.wait_for(asyncio.gather(*(
        play_until(link, lambda snap: snap.view.phase == "draft", rng, tally) for link in links)), 3 * TIMEOUT)
    for size in (5, 4, 3, 2):
        await until(lambda: all(drafting(link.snapshot(), size) for link in links), what=f"round of {size}")
        for link in links:
            assert (await link.submit(Pick(link.snapshot().view.packet[0]))).accepted
    await until(lambda: all(link.snapshot().view.phase != "draft" for link in links), what="the draft's end")
    await until(lambda: all(link.snapshot().version == hosted.table.host.version for link in links),
                what="the latest version")


def picks(history, snapshot):
    """The draft picks in ``history`` and the ``snapshot`` after it: ``(seat picking,
    cards shown)``."""
    events = [e for past in history.past for e in past.events] + list(snapshot.events)
    return [(e.seat, e.cards) for e in events if e.what == "picked a card"]


async def test_a_synced_seat_gets_the_events_its_live_snapshots_carried_and_no_other_seats_picks():
    hosted = await host_table(ESTATE, seed=SEED)
    ann, bob = links = await seated(hosted, ("Ann", "Bob"))
    lived = {}  # version -> the events Ann's live snapshots carried
    ann.listen(lambda snap: lived.setdefault(snap.version, snap.events))
    await after_the_draft(hosted, links)
    version = ann.snapshot().version
    ann.history = None
    await ann.sync()
    await until(lambda: ann.history is not None, what="Ann's history")
    history = ann.history
    assert history.seat == ann.seat and history.left_out == 0
    assert [p.version for p in history.past] == list(range(1, version))  # the snapshot follows it
    for past in history.past:  # exactly what the live snapshots said (those Ann saw)
        if past.version in lived:
            assert past.events == lived[past.version], past.version
    told = picks(history, ann.snapshot())
    assert len(told) == 8  # both seats' four picks (E-F14), each told
    assert all(bool(cards) == (seat == ann.seat) for seat, cards in told)  # E-R32: Bob's unseen
    await close_all(hosted, *links)


async def test_a_spectator_joining_mid_game_gets_the_whole_history_without_private_cards():
    hosted = await host_table(ESTATE, seed=SEED)
    links = await seated(hosted, ("Ann", "Bob"))
    await after_the_draft(hosted, links)
    host = hosted.table.host
    sam = await join(hosted, "Sam")
    await until(lambda: sam.has_snapshot and sam.history is not None, what="Sam's snapshot")
    history = sam.history
    assert history.seat is None and history.left_out == 0
    assert history.until == sam.snapshot().version - 1 == host.version - 1
    assert history == host.history(None)
    told = picks(history, sam.snapshot())
    assert len(told) == 8 and all(cards == () for _, cards in told)  # no one's picked cards
    assert any(e.what != "picked a card" for past in history.past for e in past.events)
    await close_all(hosted, sam, *links)


async def test_a_rejoined_seat_gets_its_own_history_back():
    hosted = await host_table(ESTATE, seed=SEED)
    ann, bob = links = await seated(hosted, ("Ann", "Bob"))
    await after_the_draft(hosted, links)
    seat, token = bob.seat, bob.token
    await bob.close()
    back = await join(hosted, "Bob", token=token)
    await until(lambda: back.has_snapshot and back.history is not None, what="Bob back")
    assert back.seat == seat and back.history == hosted.table.host.history(seat, back.snapshot().version)
    told = picks(back.history, back.snapshot())
    assert all(bool(cards) == (s == seat) for s, cards in told) and any(cards for _, cards in told)
    await close_all(hosted, ann, back)


async def test_the_history_holds_the_last_versions_kept_and_says_which_are_left_out(monkeypatch):
    monkeypatch.setattr(net.host, "HISTORY_VERSIONS", 5)
    hosted = await host_table(ESTATE, seed=SEED)
    links = await seated(hosted, ("Ann", "Bob"))
    await after_the_draft(hosted, links)
    version = hosted.table.host.version
    sam = await join(hosted, "Sam")
    await until(lambda: sam.history is not None, what="Sam's history")
    assert [p.version for p in sam.history.past] == list(range(version - 5, version))
    assert sam.history.left_out == version - 6 > 0
    await close_all(hosted, sam, *links)


@pytest.mark.parametrize("frame", [
    '{"kind":"history","left_out":2,"past":[{"version":2,"events":[]}]}',  # not after left_out
    '{"kind":"history","past":[{"version":3},{"version":3}]}',  # not rising
    '{"kind":"history","past":[{"version":"3"}]}',
    '{"kind":"history","past":[{"version":0}]}',
    '{"kind":"history","past":[{"version":1,"events":[],"extra":1}]}',
    '{"kind":"history","seat":99}',
    '{"kind":"history","past":[{"version":1,"events":[{"what":"no such event"}]}]}',
])
def test_a_malformed_history_frame_is_refused(frame):
    with pytest.raises(ProtocolError):
        codec_for(ESTATE).decode_host(frame)
