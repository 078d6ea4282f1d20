"""Zestrea over loopback: real clients and a real table on 127.0.0.1 (issue 9, "Tests,
speed, screenshots": "Over loopback: three real clients and two bots play a game to
the end; two Boyars accept offers naming the same villager at the same moment and
exactly one wedding happens; a client dropped in the middle of a window reconnects to
the same state"). Positions are built from a seed and scripted actions; bots move at
once (pace 0); every wait is bounded.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter

from net.client import OFFLINE
from net.host import BOT_SEAT, INTERNAL, NOT_YOUR_TURN
from rules.zestrea import GAME as ZESTREA
from rules.zestrea import ZestreaOptions
from rules.zestrea.cards import person
from rules.zestrea.state import Accept, Adopt, PassWindow, ProposeTrade, ProposeWedding
from tests.net.wire import TIMEOUT, ErrorLog, host_table, join, seated, until
from rules.zestrea.timers import waited
from tests.net.zestrea_play import pick, to_step_iv

SEED = 5
"""The seed of the whole game played over loopback (a short one: about 170 actions)."""
RICH = ZestreaOptions(starting_zestre=10)
"""Ten Zestre each from the start (Z-R1's option): adoptions and attempts are paid in turn 1."""


async def close_all(hosted, *links) -> None:
    for link in links:
        await link.close()
    await hosted.stop()


def latest(links, version: int) -> bool:
    return all(link.snapshot().version == version for link in links)


async def play_to_the_end(link, rng: random.Random, tally: Counter) -> None:
    """``link`` acts whenever the table waits for it, until the game is over. Refusals
    are the game's own rules (a draw the kind's checks refuse) or a stale answer;
    never an internal error or a seat mix-up."""
    while True:
        snap = link.snapshot()
        if snap.over or link.game_over is not None:
            return
        if link.seat in snap.active_seats and snap.legal_actions and waited(snap.view):
            outcome = await link.submit(pick(snap, rng))
            tally["accepted" if outcome.accepted else outcome.code] += 1
            assert outcome.code not in (INTERNAL, NOT_YOUR_TURN, BOT_SEAT, OFFLINE), outcome
        else:
            await asyncio.sleep(0.002)


async def test_three_clients_and_two_bots_play_zestrea_to_the_end_and_agree_on_the_scores():
    """Issue 9: "Over loopback: three real clients and two bots play a game to the end".
    Five Boyars (three real clients, an easy and a strong bot at pace 0) and a
    spectator; the clients choose from their snapshots' legal actions and action kinds.
    At the end every view, the spectator's and the host's hold the same result, the
    same public estates, and each client's view is the host's for its seat."""
    hosted = await host_table(ZESTREA, seed=SEED)
    links = await seated(hosted, ("Ann", "Bob", "Cas"), bots=("easy", "strong"))
    sam = await join(hosted, "Sam")  # a spectator
    host = hosted.table.host
    tallies = [Counter() for _ in links]
    with ErrorLog() as errors:  # no bot gave up, nothing raised inside the table
        await asyncio.wait_for(asyncio.gather(*(
            play_to_the_end(link, random.Random(SEED + i), tallies[i]) for i, link in enumerate(links))), 30)
    assert not errors.records, [r.getMessage() for r in errors.records]
    assert host.over and host.state.phase == "over"
    await until(lambda: all(link.game_over is not None for link in links + [sam]), what="game over")
    await until(lambda: latest(links + [sam], host.version), what="final snapshots")
    result = host.result
    assert result is not None and len(result.scores) == 5
    for link in links + [sam]:
        snap = link.snapshot()
        assert snap.over and snap.result == result and link.game_over.result == result, link.name
        assert snap.view == host.snapshot(link.seat).view, link.name
        assert snap.view.estates == sam.snapshot().view.estates  # what is public agrees
        for score, estate in zip(result.scores, snap.view.estates):  # Z-R40: Zestre + Land + bonus
            parts = dict(score.parts)
            assert (parts["Zestre"], parts["Land"]) == (estate.zestre, estate.land)
    for tally in tallies:  # every client played its part
        assert tally["accepted"] > 5, tallies
    await close_all(hosted, sam, *links)


async def test_two_boyars_accept_offers_naming_one_lad_at_once_and_one_wedding_happens():
    """Issue 9, rules/zestrea: "when two Boyars accept offers naming the same villager,
    exactly one wedding happens and the other gets a refusal naming why; an offer that
    has become impossible is cancelled with an event both parties see" (reference §3.1,
    §3.6, Z-R33). Cas proposes his adopted Lad to Ann's and to Bob's adopted Maiden;
    Ann and Bob accept in the same moment over the wire."""
    hosted = await host_table(ZESTREA, options=RICH, seed=5)
    ann, bob, cas = links = await seated(hosted, ("Ann", "Bob", "Cas"))
    host = hosted.table.host
    await to_step_iv(links)
    for link, sex in ((cas, "lad"), (ann, "maiden"), (bob, "maiden")):
        assert (await link.submit(Adopt(sex))).accepted
    await until(lambda: latest(links, host.version), what="adoptions seen")
    lad = cas.snapshot().view.estates[cas.seat].singles[-1]
    maidens = {link.seat: link.snapshot().view.estates[link.seat].singles[-1] for link in (ann, bob)}
    for link in (ann, bob):
        assert (await cas.submit(ProposeWedding(link.seat, lad, maidens[link.seat]))).accepted
    await until(lambda: latest(links, host.version), what="offers seen")
    offer = {link.seat: next(o.id for o in link.snapshot().view.my_offers) for link in (ann, bob)}
    seen = {link.seat: [] for link in links}
    for link in links:
        link.listen(lambda snap, seat=link.seat: seen[seat].extend(snap.events))

    first, second = await asyncio.wait_for(asyncio.gather(
        ann.submit(Accept(offer[ann.seat])), bob.submit(Accept(offer[bob.seat]))), TIMEOUT)
    assert sorted((first.accepted, second.accepted)) == [False, True], (first, second)
    winner, loser = (ann, bob) if first.accepted else (bob, ann)
    refused = second if first.accepted else first
    assert refused.code == "window-open" and "wedding is being celebrated" in refused.reason  # Z-R33
    await until(lambda: latest(links, host.version), what="the window seen")
    window = winner.snapshot().view.window
    assert window is not None and (window.stays, window.moves) == (lad, maidens[winner.seat])
    assert offer[loser.seat] in {o.id for o in loser.snapshot().view.my_offers}  # still open for now

    for link in links:  # nobody adds to the chance: the die is rolled (seed 5: a 1, a success)
        assert (await link.submit(PassWindow())).accepted
    await until(lambda: host.state.window is None and latest(links, host.version), what="the roll")
    married = [e for e in seen[cas.seat] if e.kind == "married"]
    assert [(m.stays, m.moves) for m in married] == [(lad, maidens[winner.seat])]
    estates = host.state.estates
    assert len(estates[cas.seat].couples) == 2 and lad not in estates[cas.seat].singles
    assert maidens[loser.seat] in estates[loser.seat].singles  # her wedding never happened

    # the offer naming the married Lad is cancelled, with its reason for both its parties
    for link in links:
        closed = [e for e in seen[link.seat] if e.kind == "offer-closed" and e.id == offer[loser.seat]]
        assert [e.how for e in closed] == ["cancelled"], link.name
        if link in (loser, cas):
            assert person(lad) in closed[0].why and "not an adult single" in closed[0].why
        else:  # the terms are the parties' (§3.6): the others see only that it could not go ahead
            assert person(lad) not in closed[0].why
        assert not link.snapshot().view.my_offers
    again = await loser.submit(Accept(offer[loser.seat]))
    assert not again.accepted and again.code == "closed"
    assert "cancelled" in again.reason and person(lad) in again.reason
    await close_all(hosted, *links)


async def test_a_boyar_dropped_in_a_window_comes_back_with_his_token_to_the_same_state():
    """Issue 9: "a client dropped in the middle of a window reconnects to the same state"
    (design.md "Seats": a seat token restores the seat and sends a snapshot). Bob has
    made a trade offer to Cas and has one from him; Ann accepts Cas's wedding offer and
    the window opens (§3.6); Bob's network drops; Cas passes while he is away; Bob comes
    back on a new connection with his token: the same window (Ann's and Cas's passes
    in it), his hand, his two offers, and he may pass, which rolls the die."""
    hosted = await host_table(ZESTREA, options=RICH, seed=5)
    ann, bob, cas = links = await seated(hosted, ("Ann", "Bob", "Cas"))
    host = hosted.table.host
    await to_step_iv(links)
    for link, sex in ((cas, "lad"), (ann, "maiden")):
        assert (await link.submit(Adopt(sex))).accepted
    assert (await bob.submit(ProposeTrade(cas.seat, give_zestre=1))).accepted
    assert (await cas.submit(ProposeTrade(bob.seat, ask_zestre=2))).accepted
    await until(lambda: latest(links, host.version), what="adoptions and trades seen")
    lad = cas.snapshot().view.estates[cas.seat].singles[-1]
    maiden = ann.snapshot().view.estates[ann.seat].singles[-1]
    assert (await cas.submit(ProposeWedding(ann.seat, lad, maiden))).accepted
    await until(lambda: latest(links, host.version) and ann.snapshot().view.my_offers, what="the wedding offer")
    wedding = next(o.id for o in ann.snapshot().view.my_offers if o.kind == "wedding-offer")
    assert (await ann.submit(Accept(wedding))).accepted
    assert (await ann.submit(PassWindow())).accepted
    await until(lambda: latest(links, host.version), what="the window seen")
    before = bob.snapshot().view
    assert before.window is not None and before.hand and len(before.my_offers) == 2

    seat, token = bob.seat, bob.token
    bob._ws.transport.abort()  # the network drops, no close frame
    await bob.close()  # this client is gone; a new one comes back with the token
    await until(lambda: hosted.table.lobby.seats[seat].status == "away", what="Bob away")
    assert (await cas.submit(PassWindow())).accepted  # the table goes on without him
    assert host.state.window is not None and host.state.window.passed == {ann.seat, cas.seat}

    back = await join(hosted, "Bob", token=token)
    assert back.seat == seat
    await until(lambda: back.has_snapshot and back.snapshot().version == host.version, what="Bob's snapshot")
    view = back.snapshot().view
    assert view == host.snapshot(seat).view
    assert view.window == host.state.window and view.window.passed == {ann.seat, cas.seat}
    assert (view.window.stays, view.window.moves) == (lad, maiden)
    assert view.hand == before.hand == host.state.estates[seat].hand
    assert view.my_offers == before.my_offers
    assert back.snapshot().legal_actions[0] == PassWindow()
    assert (await back.submit(PassWindow())).accepted  # every seat has passed: the die is rolled
    await until(lambda: host.state.window is None, what="the roll")
    assert any(e.kind == "attempted" for e in back.snapshot().events)
    await close_all(hosted, ann, back, cas)
