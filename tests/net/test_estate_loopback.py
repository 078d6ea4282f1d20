"""Estate over loopback: real clients and a real table on 127.0.0.1 (issue 10, "Tests,
speed, screenshots": "Over loopback: three players and bots play a game to the end, the
draft done by all at once, a client dropped during the draft reconnects to its packet").
The clients choose from what their seat is sent (the view and the legal actions), as an
easy bot would, which keeps a game short; bots move at once (pace 0); every wait is
bounded.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter

from net.client import OFFLINE
from net.host import BOT_SEAT, INTERNAL, NOT_YOUR_TURN
from rules.estate import GAME as ESTATE
from rules.estate.bots import EasyBot
from rules.estate.data import card
from rules.estate.state import Pick
from tests.net.wire import TIMEOUT, ErrorLog, host_table, join, seated, until

SEED = 7
"""The seed of the games played over loopback."""
CHOOSER = EasyBot()
"""How a client chooses: random among its legal actions (rules.estate.bots.EasyBot),
from its own snapshot only."""


async def close_all(hosted, *links) -> None:
    for link in links:
        await link.close()
    await hosted.stop()


def latest(links, version: int) -> bool:
    return all(link.snapshot().version == version for link in links)


def my_move(link) -> bool:
    snap = link.snapshot()
    return not snap.over and link.seat in snap.active_seats and bool(snap.legal_actions)


async def act(link, rng: random.Random, tally: Counter) -> None:
    """One action chosen from ``link``'s snapshot. Refusals are a stale answer at most;
    never an internal error or a seat mix-up."""
    snap = link.snapshot()
    outcome = await asyncio.wait_for(link.submit(CHOOSER.choose(snap.view, snap.legal_actions, rng)), TIMEOUT)
    tally["accepted" if outcome.accepted else outcome.code] += 1
    assert outcome.code not in (INTERNAL, NOT_YOUR_TURN, BOT_SEAT, OFFLINE), outcome


async def play_until(link, done, rng: random.Random, tally: Counter) -> None:
    """``link`` acts whenever the table waits for it, until ``done(snapshot)``."""
    while not done(link.snapshot()) and link.game_over is None:
        if my_move(link):
            await act(link, rng, tally)
        else:
            await asyncio.sleep(0.002)


def drafting(snap, size: int) -> bool:
    """The draft's round with packets of ``size`` cards is waiting for this seat (E-F14:
    5 cards, one kept per round; the Warden's tuck refills the packet, E-R5)."""
    view = snap.view
    return view.phase == "draft" and len(view.packet) == size and view.seat in snap.active_seats


async def test_three_clients_and_two_bots_play_estate_to_the_end_drafting_at_once():
    """Issue 10: "Over loopback: three players and bots play a game to the end, the draft
    done by all at once". Five seats (three real clients, an easy and a strong bot at pace
    0) and a spectator. The draft (E-F14: all players at the same time keep 1 card and
    pass the rest to the left) is played by the three clients at once: in each of its four
    rounds all three are active together and their picks, sent concurrently, are all
    accepted. The game then goes on to Era 5's end; every view, the spectator's and the
    host's agree on the result and the scores (E-F44's categories read from the public
    estates), and nothing was logged as an error. Each connection is told of every pick
    but sees the card only of its own (E-R32)."""
    hosted = await host_table(ESTATE, seed=SEED)
    links = await seated(hosted, ("Ann", "Bob", "Cas"), bots=("easy", "strong"))
    sam = await join(hosted, "Sam")  # a spectator
    host = hosted.table.host
    rngs = [random.Random(SEED + i) for i in range(len(links))]
    tallies = [Counter() for _ in links]
    picks = {link.name: [] for link in links + [sam]}  # the picks each connection was told of
    for link in links + [sam]:
        link.listen(lambda snap, name=link.name: picks[name].extend(e for e in snap.events if e.what == "picked a card"))
    with ErrorLog() as errors:  # no bot gave up, nothing raised inside the table
        # Leaders (E-R1, the last seat first) and extra setup (E-R4) up to the draft
        await asyncio.wait_for(asyncio.gather(*(
            play_until(link, lambda snap: snap.view.phase == "draft", rngs[i], tallies[i])
            for i, link in enumerate(links))), 3 * TIMEOUT)
        for size in (5, 4, 3, 2):  # E-F14: four picks, all at once
            await until(lambda: all(drafting(link.snapshot(), size) for link in links), what=f"round of {size}")
            for link in links:  # each client sees its own packet only (E-R32)
                assert link.snapshot().view.packet == host.state.draft.packets[link.seat]
            assert sam.snapshot().view.packet == ()
            outcomes = await asyncio.wait_for(asyncio.gather(*(
                link.submit(Pick(link.snapshot().view.packet[0])) for link in links)), TIMEOUT)
            assert all(o.accepted for o in outcomes), outcomes
        await until(lambda: all(link.snapshot().view.phase != "draft" for link in links), what="the draft's end")
        for link in links + [sam]:  # E-R32: a pick shows its card to its own seat only
            assert len(picks[link.name]) == 4 * 5, link.name
            assert all(bool(e.cards) == (e.seat == link.seat) for e in picks[link.name]), link.name
        await asyncio.wait_for(asyncio.gather(*(
            play_until(link, lambda snap: snap.over, rngs[i], tallies[i]) for i, link in enumerate(links))), 30)
    assert not errors.records, [r.getMessage() for r in errors.records]
    assert host.over and host.state.phase == "over" and host.state.era == 5
    await until(lambda: all(link.game_over is not None for link in links + [sam]), what="game over")
    await until(lambda: latest(links + [sam], host.version), what="final snapshots")
    result = host.result
    assert result is not None and len(result.scores) == 5 and result.winners
    for link in links + [sam]:
        snap = link.snapshot()
        assert snap.over and snap.result == result and link.game_over.result == result, link.name
        assert snap.view == host.snapshot(link.seat).view, link.name
        for score, estate in zip(result.scores, snap.view.estates):  # E-F44's categories
            parts = dict(score.parts)
            assert parts["cards"] == sum(card(c).vp for c in estate.cards)
            assert parts["gold"] == estate.gold + sum(i == "Gold" for _, i in estate.stored)
            assert parts["tucked"] == len(estate.tucked_under)
            assert score.total == sum(parts.values())
            assert len(estate.secrets) == 1  # E-R22: the kept secrets are shown at the end
    for link in links:  # what is public agrees with the spectator's
        public = [(e.cards, e.res, e.gold, e.cubes, e.stored, e.secrets) for e in link.snapshot().view.estates]
        assert public == [(e.cards, e.res, e.gold, e.cubes, e.stored, e.secrets) for e in sam.snapshot().view.estates]
    for tally in tallies:  # every client played its part
        assert tally["accepted"] > 10, tallies
    await close_all(hosted, sam, *links)


async def test_a_client_dropped_in_the_draft_comes_back_to_its_packet():
    """Issue 10: "a client dropped during the draft reconnects to its packet" (design.md
    "Seats": a seat token restores the seat and sends a snapshot; E-F14: packets pass to
    the left-hand neighbour, seat + 1; E-R32: a seat sees only its own packet). Bob picks
    his first card and his network drops; Ann and Cas pick while he is away and the
    packets pass. Bob comes back on a new connection with his token: he holds the packet
    Ann passed him (the cards he would have had), never the one he passed to Cas, and his
    pick is accepted; the draft and the game go on."""
    hosted = await host_table(ESTATE, seed=SEED)
    ann, bob, cas = links = await seated(hosted, ("Ann", "Bob", "Cas"))
    host = hosted.table.host
    rng, tally = random.Random(SEED), Counter()
    await asyncio.wait_for(asyncio.gather(*(
        play_until(link, lambda snap: snap.view.phase == "draft", rng, tally) for link in links)), 3 * TIMEOUT)
    await until(lambda: all(drafting(link.snapshot(), 5) for link in links), what="the first round")

    first = bob.snapshot().view.packet[0]
    assert (await bob.submit(Pick(first))).accepted
    await until(lambda: bob.snapshot().view.packet == () and bob.seat not in bob.snapshot().active_seats,
                what="Bob's pick seen")  # (E-3: picked, he sees no packet until the next comes)
    passed = host.state.draft.packets[bob.seat]  # the packet he passes to Cas
    assert len(passed) == 4 and first not in passed
    seat, token = bob.seat, bob.token
    bob._ws.transport.abort()  # the network drops, no close frame
    await bob.close()  # this client is gone; a new one comes back with the token
    await until(lambda: hosted.table.lobby.seats[seat].status == "away", what="Bob away")

    assert (await ann.submit(Pick(ann.snapshot().view.packet[0]))).accepted
    await until(lambda: ann.snapshot().view.packet == (), what="Ann's pick seen")
    coming = host.state.draft.packets[ann.seat]  # the packet Ann passes to Bob
    assert (await cas.submit(Pick(cas.snapshot().view.packet[0]))).accepted
    await until(lambda: host.state.draft.round == 1, what="the packets passed")
    assert host.state.draft.packets[seat] == coming and host.state.draft.packets[cas.seat] == passed

    back = await join(hosted, "Bob", token=token)
    assert back.seat == seat
    seen = []
    back.listen(lambda snap: seen.append(snap.view.packet))
    await until(lambda: back.has_snapshot and back.snapshot().version == host.version, what="Bob's snapshot")
    view = back.snapshot().view
    assert view == host.snapshot(seat).view
    assert view.phase == "draft" and view.packet == coming and not set(view.packet) & set(passed)
    hand = view.estates[seat].hand  # his first pick is kept
    assert hand == host.state.table.estates[seat].hand and first in hand
    assert seat in back.snapshot().active_seats
    assert (await back.submit(Pick(view.packet[0]))).accepted  # he can pick
    for link in (ann, cas):
        assert (await link.submit(Pick(link.snapshot().view.packet[0]))).accepted
    await until(lambda: host.state.draft is not None and host.state.draft.round == 2, what="the next round")
    await until(lambda: back.snapshot().version == host.version, what="Bob sees the next round")
    assert back.snapshot().view.packet == host.state.draft.packets[seat]
    # up to here (with three seats it comes back to him in round 4, E-F14's passing)
    assert seen and all(not set(packet) & set(passed) for packet in seen)

    links = [ann, back, cas]  # the game goes on to its end
    await asyncio.wait_for(asyncio.gather(*(
        play_until(link, lambda snap: snap.over, random.Random(SEED + i), tally) for i, link in enumerate(links))), 30)
    assert host.over and host.result is not None
    await until(lambda: back.game_over is not None, what="game over")
    await close_all(hosted, *links)


async def test_a_client_back_before_the_packets_pass_holds_what_is_left_of_its_packet():
    """Issue 10's dropped client, back before the others have picked (E-F14: the packets
    pass only once every seat has kept its card): his snapshot shows no packet (pitfall
    E-3: what is left of his own is on its way to Cas), he is not asked to pick again (a
    second pick is refused, nothing changed), and when Ann and Cas pick the packet Ann
    passes reaches him on this connection."""
    hosted = await host_table(ESTATE, seed=SEED)
    ann, bob, cas = links = await seated(hosted, ("Ann", "Bob", "Cas"))
    host = hosted.table.host
    rng, tally = random.Random(SEED), Counter()
    await asyncio.wait_for(asyncio.gather(*(
        play_until(link, lambda snap: snap.view.phase == "draft", rng, tally) for link in links)), 3 * TIMEOUT)
    await until(lambda: all(drafting(link.snapshot(), 5) for link in links), what="the first round")
    packet = bob.snapshot().view.packet
    assert (await bob.submit(Pick(packet[0]))).accepted
    seat, token = bob.seat, bob.token
    bob._ws.transport.abort()  # the network drops, no close frame
    await bob.close()
    await until(lambda: hosted.table.lobby.seats[seat].status == "away", what="Bob away")

    back = await join(hosted, "Bob", token=token)
    await until(lambda: back.has_snapshot and back.snapshot().version == host.version, what="Bob's snapshot")
    snap = back.snapshot()
    assert snap.view.packet == () and packet[0] in snap.view.estates[seat].hand
    assert seat not in snap.active_seats and not snap.legal_actions
    again = await back.submit(Pick(packet[1]))
    assert again.code == NOT_YOUR_TURN and host.state.draft.packets[seat] == packet[1:]
    assert again.reason.startswith("You have picked; waiting for ")  # (issue 10 item 2)

    coming = ann.snapshot().view.packet[1:]  # what Ann passes on after keeping her first card
    for link in (ann, cas):
        assert (await link.submit(Pick(link.snapshot().view.packet[0]))).accepted
    await until(lambda: drafting(back.snapshot(), 4), what="the packet passed to Bob")
    assert back.snapshot().view.packet == coming
    assert (await back.submit(Pick(coming[0]))).accepted
    await close_all(hosted, ann, back, cas)
