"""The host's timers (net/timers.py) on Zestrea, with a manual clock (no test sleeps for
a timer): reference §3.9 (timers are host options, off by default; a seat that runs
out gets the default), pitfall Z-7 ("phase never ends because one seat never
readies"), design.md (one authority, one queue, exactly one outcome per intent)."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import attrs

from net.host import Host, Intent
from net.table import Countdown
from net.timers import TIMER_ACTION_ID
from rules.core import awaited
from rules.zestrea import GAME
from rules.zestrea.state import Bid, OfferClosed, PassWindow, ProposeTrade, Ready, ZestreaOptions
from tests.rules.test_zestrea_auction import at_auction
from tests.rules.test_zestrea_fate import WED, four, wedding
from tests.rules.zestrea_support import estate, step_four

WAIT = 10.0  # real seconds any wait here may take at most


class ManualClock:
    """A :class:`net.timers.Clock` that moves only when told (:meth:`advance`)."""

    def __init__(self, wall: float = 1_800_000_000.0) -> None:
        self.time, self.wall0 = 0.0, wall
        self.calls: list[list[Any]] = []  # [when, callback, cancelled]

    def now(self) -> float:
        return self.time

    def wall(self) -> float:
        return self.wall0 + self.time

    def call_at(self, when: float, callback: Callable[[], None]) -> Any:
        entry = [when, callback, False]
        self.calls.append(entry)

        class Handle:
            def cancel(self) -> None:
                entry[2] = True

        return Handle()

    def advance(self, seconds: float) -> None:
        self.time += seconds
        due = sorted((e for e in self.calls if e[0] <= self.time and not e[2]), key=lambda e: e[0])
        self.calls = [e for e in self.calls if e not in due]
        for entry in due:
            entry[1]()


class Prepared:
    """Zestrea starting from a table laid out by hand (tests/rules helpers)."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def setup(self, options: Any, seats: int, seed: int) -> Any:
        return self._state


def hosted(state: Any, clock: ManualClock, bots: dict[int, str] | None = None, **timers: int) -> Host:
    options = ZestreaOptions(**timers)
    state = attrs.evolve(state, options=options)
    names = tuple(f"P{s}" for s in range(state.seats))
    return Host(Prepared(state), options, state.seats, 1, names, bots=bots, bot_delay=0, clock=clock)


async def until(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.005)
    await asyncio.wait_for(poll(), WAIT)


async def test_timers_are_off_by_default_nothing_acts_for_a_seat():
    """§3.9 default off, Z-7 "inside the grace period nothing acts for Dana": with no
    timer on, an hour goes by and the step still waits for the seat that never readies."""
    clock = ManualClock()
    host = hosted(step_four(estate(), estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),))), clock)
    async with host:
        links = [host.link(s) for s in range(3)]
        for seat in (1, 2):
            assert (await links[seat].submit(Ready())).accepted
        assert host.snapshot(0).timers == () and clock.calls == []
        clock.advance(3600)
        await asyncio.sleep(0.05)
        assert host.state.phase == "negotiation" and awaited(GAME, host.state) == {0}


async def test_z7_a_seat_that_never_readies_step_iv_ends_at_the_timeout():
    """Pitfall Z-7 step 4, §3.9 "step IV timer: every seat Ready; open offers expire":
    three Boyars ready, Dana's never does; at the deadline she is made Ready through the
    queue (an intent of her seat, id ``timer:...``), the step ends, her open offer
    expires with an event; every snapshot told the deadline beforehand."""
    clock = ManualClock()
    state = step_four(estate(), estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)),
                      estate(zestre=2, couples=(("L04", "M04"),)))
    host = hosted(state, clock, negotiation_timeout_s=60)
    async with host:
        dana = host.link(3)
        assert (await dana.submit(ProposeTrade(0, give_zestre=1))).accepted
        for seat in range(3):
            assert (await host.link(seat).submit(Ready())).accepted
        (countdown,) = host.snapshot(0).timers
        assert countdown == Countdown("negotiation_timeout_s", frozenset({3}), clock.wall0 + 60)
        assert host.snapshot(None).timers == (countdown,)  # public: spectators see it too
        clock.advance(59)
        await asyncio.sleep(0.05)
        assert host.state.phase == "negotiation"
        seen = []
        dana.listen(lambda snap: seen.extend(snap.events))
        clock.advance(1)
        await until(lambda: host.state.phase != "negotiation")
        last = host.applied[-1]
        assert (last.seat, last.action) == (3, Ready()) and last.action_id.startswith(TIMER_ACTION_ID)
        assert [e.how for e in seen if isinstance(e, OfferClosed)] == ["expired"]
        assert host.snapshot(3).timers == ()


async def test_a_window_timeout_passes_and_a_late_pass_is_refused():
    """§3.9 "window: PassWindow": at the window timer every seat that has not passed
    passes, the window closes and the attempt is rolled; the seat's own pass made
    against the old version is then refused (one outcome per intent): in step IV it is
    judged against the state as it is (reference §3.1), so the reason is that no window
    is open."""
    clock = ManualClock()
    state = wedding(four(**WED))
    assert state.window is not None
    host = hosted(state, clock, window_timeout_s=30)
    async with host:
        ana = host.link(0)
        assert (await host.link(1).submit(PassWindow())).accepted
        (countdown,) = host.snapshot(0).timers
        assert countdown.option == "window_timeout_s" and countdown.seats == {0, 2, 3}
        old = ana.snapshot().version
        clock.advance(30)
        await until(lambda: host.state.window is None)
        assert {(a.seat, a.action) for a in host.applied[-3:]} == {(s, PassWindow()) for s in (0, 2, 3)}
        outcome = await host.submit(ana._peer, Intent(PassWindow(), "late", old))
        assert not outcome.accepted and outcome.code == "no-window"
        assert outcome.reason == "No wedding window is open."


async def test_an_auction_timeout_passes_and_the_next_turn_starts_afresh():
    """§3.9 "auction turn: Pass": the bidder's timer passes for it; the next bidder's
    turn is a new situation with a timer of its own, in full; a bid in time stops the
    timer of that turn (the default is never given after the seat's own move)."""
    clock = ManualClock()
    host = hosted(at_auction(5, 5, 5, 5), clock, auction_timeout_s=20)
    async with host:
        assert host.snapshot(0).timers == (Countdown("auction_timeout_s", frozenset({1}), clock.wall0 + 20),)
        clock.advance(20)
        await until(lambda: host.state.auction is not None and host.state.auction.turn == 2)
        assert host.state.auction.out == {1}
        assert host.snapshot(0).timers == (Countdown("auction_timeout_s", frozenset({2}), clock.wall0 + 40),)
        clock.advance(10)
        assert (await host.link(2).submit(Bid(3))).accepted
        assert host.snapshot(0).timers[0].seats == {3}
        clock.advance(10)  # seat 2's old deadline: nothing for seat 2
        await asyncio.sleep(0.05)
        assert host.state.auction.bids == ((2, 3),) and host.state.auction.turn == 3
        clock.advance(10)
        await until(lambda: host.state.auction is not None and host.state.auction.turn == 0)
        assert host.state.auction.out == {1, 3}


async def test_a_bot_seat_is_left_to_its_bot():
    """§3.9 "a seat handed to a bot": a bot seat's default is not given by a timer
    (the bot answers); the human seat's is."""
    clock = ManualClock()
    host = hosted(step_four(estate(), estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),))),
                  clock, bots={1: "easy", 2: "easy"}, negotiation_timeout_s=5)
    async with host:
        await until(lambda: awaited(GAME, host.state) == {0})
        clock.advance(5)
        await until(lambda: host.state.phase != "negotiation")
        timed = [a for a in host.applied if a.action_id.startswith(TIMER_ACTION_ID)]
        assert [(a.seat, a.action) for a in timed] == [(0, Ready())]


async def test_z7_a_seat_handed_to_a_bot_keeps_its_hand_unseen_by_others():
    """§3.9 "A dropped seat that is handed to a bot keeps its hand, and nobody else
    sees it" (pitfall Z-7 step 3): the bot plays with the seat's own hand, presses
    Ready when it has nothing to do, and step IV ends; no other seat's snapshot (nor a
    spectator's) holds the card."""
    clock = ManualClock()
    state = step_four(estate(hand=("F07-1",)), estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    host = hosted(state, clock)
    async with host:
        for seat in (1, 2):
            assert (await host.link(seat).submit(Ready())).accepted
        host.seat_bot(0, "easy")
        await until(lambda: host.state.phase != "negotiation" or 0 in host.state.ready)
        assert "F07-1" in host.state.estates[0].hand
        assert host.snapshot(0).view.hand == host.state.estates[0].hand
        for seat in (1, 2, None):
            assert "F07-1" not in repr(host.snapshot(seat).view)


async def test_timers_go_over_the_wire_in_snapshots_and_updates():
    """docs/protocol.md ``timers[]``: the fast encoder writes what the codec writes, a
    client reads the countdowns back, and an update carries a changed one (``null``
    when unchanged)."""
    from net import protocol as p
    from net.client import apply_update
    from net.codec import SnapshotEncoder, codec_for

    clock = ManualClock()
    host = hosted(at_auction(5, 5, 5, 5), clock, auction_timeout_s=20)
    codec = codec_for(GAME)
    encoder = SnapshotEncoder(codec)
    async with host:
        old = host.snapshot(0)
        assert (await host.link(1).submit(Bid(1))).accepted
        new = host.snapshot(0)
    assert old.timers != new.timers and new.timers[0].seats == {2}
    for snap in (old, new):
        message = p.SnapshotMsg(**{f.name: getattr(snap, f.name) for f in attrs.fields(type(snap))})
        frame = encoder.encode(snap)
        assert frame == codec.encode(message)
        assert codec.decode_host(frame).timers == snap.timers
    update = codec.decode_host(encoder.encode_update(old, new))
    assert apply_update(old, update).timers == new.timers
    same = attrs.evolve(new, version=new.version + 1)
    assert codec.decode_host(encoder.encode_update(new, same)).timers is None


async def test_a_move_and_its_default_at_the_same_moment_exactly_one_is_applied():
    """design.md "one authority, one queue": the seat's own bid reaches the queue as its
    timer runs out; the bid is applied, the default (a pass) is refused, never both."""
    clock = ManualClock()
    host = hosted(at_auction(5, 5, 5, 5), clock, auction_timeout_s=20)
    async with host:
        bogdan = host.link(1)
        clock.advance(20)  # the default is on its way...
        outcome = await bogdan.submit(Bid(2))  # ...but the bid was queued first
        assert outcome.accepted
        await until(lambda: host.state.auction.turn == 2)
        await asyncio.sleep(0.05)
        moves = [(a.seat, a.action) for a in host.applied]
        assert moves == [(1, Bid(2))] and host.state.auction.out == frozenset()


async def test_z7_steal_the_bride_prompt_gets_its_default_at_the_timeout(monkeypatch):
    """Pitfall Z-7 step 5, §3.9 "Steal the Bride: pay the ransom if able": the prompt
    waits (nothing resolves on the Boyar's behalf) until the prompt timer runs out;
    then the ransom is paid for them."""
    from tests.rules.test_zestrea_fate import married, play

    state = married(monkeypatch, costache=dict(hand=("F10-1",)))
    state = attrs.evolve(state, estates=tuple(attrs.evolve(e, zestre=4) if i == 1 else e
                                              for i, e in enumerate(state.estates)))
    state, _ = play(state, 2, "F10-1", record=1)
    assert state.prompts[0].kind == "ransom"
    clock = ManualClock()
    host = hosted(state, clock, prompt_timeout_s=45)
    async with host:
        assert host.snapshot(2).timers == (Countdown("prompt_timeout_s", frozenset({1}), clock.wall0 + 45),)
        clock.advance(44)
        await asyncio.sleep(0.05)
        assert host.state.prompts and host.version == 0
        clock.advance(1)
        await until(lambda: not host.state.prompts)
        assert [e.zestre for e in host.state.estates[1:3]] == [1, 4]  # 3 paid to Costache
