"""The host against the in-process transport, with a toy game where seats act at once."""

from __future__ import annotations

import asyncio
import logging

import attrs
import pytest

from net.host import (
    BOT_SEAT,
    CLOSED,
    GAME_OVER,
    INTERNAL,
    NOT_YOUR_TURN,
    STALE,
    Host,
    Intent,
)
from net.table import Outcome, Snapshot
from tests.net.toygame import GAME, GatedBot, Pick, Picked, Revealed, ToyOptions, ToyView

TIMEOUT = 5.0


def bounded(awaitable, timeout: float = TIMEOUT):
    return asyncio.wait_for(awaitable, timeout)


def make_host(seats: int = 2, bots: dict[int, str] | None = None, **options) -> Host:
    names = tuple(f"P{s}" for s in range(seats))
    return Host(GAME, ToyOptions(**options), seats, seed=7, names=names, bots=bots, bot_delay=0)


@pytest.fixture
async def host():
    host = make_host()
    await host.start()
    yield host
    await host.stop()


class Inbox:
    """A peer's deliveries, for tests that use the host's low-level API."""

    def __init__(self, host: Host, seat):
        self.snapshots: list[Snapshot] = []
        self.peer = host.connect(seat, self.snapshots.append)


# ---- simultaneous action, versions -------------------------------------------------


async def test_simultaneous_intents_are_both_answered_and_applied(host):
    a, b = host.link(0), host.link(1)
    assert host.snapshot(None).active_seats == {0, 1}
    first, second = await bounded(asyncio.gather(a.submit(Pick(1)), b.submit(Pick(2))))
    assert first.accepted and second.accepted
    assert host.version == 2
    assert host.state.history == ((1, 2),)
    assert a.snapshot().version == b.snapshot().version == 2
    assert any(isinstance(e, Revealed) for e in a.snapshot().events)


async def test_an_intent_made_before_another_seats_action_still_counts(host):
    """Stale means the seat's own choices changed, not that anything happened."""
    zero, one = Inbox(host, 0), Inbox(host, 1)
    assert (await bounded(host.submit(zero.peer, Intent(Pick(3), "a", 0)))).accepted
    assert host.version == 1
    assert (await bounded(host.submit(one.peer, Intent(Pick(3), "b", 0)))).accepted
    assert host.version == 2


async def test_version_bumps_once_per_applied_action_and_never_on_rejection(host):
    a, b = host.link(0), host.link(1)
    seen: list[int] = []
    a.listen(lambda snap: seen.append(snap.version))
    for _ in range(2):
        assert (await bounded(a.submit(Pick(1)))).accepted
        assert not (await bounded(a.submit(Pick(2)))).accepted  # already picked
        assert not (await bounded(b.submit(Pick(9)))).accepted  # illegal
        assert (await bounded(b.submit(Pick(3)))).accepted
    assert seen == [1, 2, 3, 4]
    assert host.version == 4
    assert [applied.version for applied in host.applied] == [1, 2, 3, 4]
    assert [applied.seat for applied in host.applied] == [0, 1, 0, 1]


# ---- duplicates and stale intents --------------------------------------------------------


async def test_a_duplicate_action_id_is_answered_again_but_not_applied(host):
    zero = Inbox(host, 0)
    first = await bounded(host.submit(zero.peer, Intent(Pick(2), "same", 0)))
    again = await bounded(host.submit(zero.peer, Intent(Pick(2), "same", 0)))
    other = await bounded(host.submit(zero.peer, Intent(Pick(3), "same", 1)))
    assert first == again == other == Outcome("same", True)
    assert host.version == 1
    assert len(zero.snapshots) == 1


async def test_duplicates_queued_together_are_applied_once(host):
    zero = Inbox(host, 0)
    outcomes = await bounded(
        asyncio.gather(*(host.submit(zero.peer, Intent(Pick(1), "burst", 0)) for _ in range(5)))
    )
    assert all(o == Outcome("burst", True) for o in outcomes)
    assert host.version == 1


async def test_the_same_action_id_from_another_seat_is_another_intent(host):
    zero, one = Inbox(host, 0), Inbox(host, 1)
    assert (await bounded(host.submit(zero.peer, Intent(Pick(1), "1", 0)))).accepted
    assert (await bounded(host.submit(one.peer, Intent(Pick(1), "1", 0)))).accepted
    assert host.version == 2


async def test_a_stale_intent_is_rejected_and_the_sender_gets_a_fresh_snapshot(host):
    zero, one = Inbox(host, 0), Inbox(host, 1)
    await bounded(host.submit(zero.peer, Intent(Pick(1), "a", 0)))
    await bounded(host.submit(one.peer, Intent(Pick(1), "b", 1)))  # round over: version 2
    zero.snapshots.clear(), one.snapshots.clear()

    outcome = await bounded(host.submit(zero.peer, Intent(Pick(2), "late", 0)))

    assert outcome.code == STALE and not outcome.accepted and outcome.reason
    assert host.version == 2
    assert [s.version for s in zero.snapshots] == [2]
    assert zero.snapshots[0].legal_actions == (Pick(1), Pick(2), Pick(3))
    assert one.snapshots == []  # only the sender hears about it


async def test_an_intent_from_the_future_is_stale(host):
    zero = Inbox(host, 0)
    outcome = await bounded(host.submit(zero.peer, Intent(Pick(1), "x", 5)))
    assert outcome.code == STALE
    assert host.version == 0


async def test_a_stale_intent_is_remembered_under_its_action_id(host):
    zero, one = Inbox(host, 0), Inbox(host, 1)
    await bounded(host.submit(zero.peer, Intent(Pick(1), "a", 0)))
    await bounded(host.submit(one.peer, Intent(Pick(1), "b", 0)))
    stale = await bounded(host.submit(zero.peer, Intent(Pick(2), "late", 0)))
    retried = await bounded(host.submit(zero.peer, Intent(Pick(2), "late", 2)))
    assert retried == stale
    assert host.version == 2


async def test_a_replayed_stale_intent_gets_stale_again_with_a_fresh_snapshot(host):
    """Issue 8 §2: a stale answer always comes with the state to retry from, the
    remembered answer to a resent action_id too (docs/protocol.md, Intents and outcomes)."""
    zero, one = Inbox(host, 0), Inbox(host, 1)
    await bounded(host.submit(zero.peer, Intent(Pick(1), "a", 0)))
    await bounded(host.submit(one.peer, Intent(Pick(1), "b", 1)))  # round over: version 2
    stale = await bounded(host.submit(zero.peer, Intent(Pick(2), "late", 0)))
    assert stale.code == STALE
    zero.snapshots.clear(), one.snapshots.clear()

    replayed = await bounded(host.submit(zero.peer, Intent(Pick(2), "late", 0)))

    assert replayed == stale
    assert [s.version for s in zero.snapshots] == [2] and host.version == 2
    assert zero.snapshots[0].legal_actions == (Pick(1), Pick(2), Pick(3))
    assert one.snapshots == []  # only the sender hears about it
    # an accepted answer replayed sends nothing more (its snapshot came with it)
    zero.snapshots.clear()
    assert (await bounded(host.submit(zero.peer, Intent(Pick(1), "a", 0)))).accepted
    assert zero.snapshots == []


# ---- rejections ----------------------------------------------------------------------------


async def test_an_illegal_action_is_rejected_with_the_rules_words(host):
    a = host.link(0)
    outcome = await bounded(a.submit(Pick(7)))
    assert outcome == Outcome(outcome.action_id, False, "out-of-range", "Pick a whole number from 1 to 3.")
    assert host.version == 0
    assert a.snapshot().legal_actions == (Pick(1), Pick(2), Pick(3))


async def test_an_intent_from_a_seat_that_may_not_act_is_rejected(host):
    a, watcher = host.link(0), host.link(None)
    assert (await bounded(a.submit(Pick(1)))).accepted
    again = await bounded(a.submit(Pick(2)))
    assert again.code == NOT_YOUR_TURN and "P0" in again.reason
    spectator = await bounded(watcher.submit(Pick(1)))
    assert spectator.code == NOT_YOUR_TURN
    assert host.version == 1


async def test_the_seat_comes_from_the_link_not_the_message():
    host = make_host(seats=3)
    async with host:
        link = host.link(2)
        assert (await bounded(link.submit(Pick(1)))).accepted
    assert host.state.picks == (None, None, 1)
    assert host.applied[0].seat == 2


async def test_a_human_link_cannot_play_a_bot_seat():
    host = make_host(bots={1: "gated"})
    GatedBot.gate.clear()
    async with host:
        outcome = await bounded(host.link(1).submit(Pick(1)))
        assert outcome.code == BOT_SEAT
        GatedBot.gate.set()


async def test_a_game_that_raises_does_not_crash_the_host(caplog):
    host = make_host(faulty_pick=2)
    async with host:
        a = host.link(0)
        with caplog.at_level(logging.ERROR, logger="net.host"):
            outcome = await bounded(a.submit(Pick(2)))
        assert outcome.code == INTERNAL and not outcome.accepted
        assert host.version == 0 and host.state.picks == (None, None)
        assert "deliberate bug" in caplog.text
        assert (await bounded(a.submit(Pick(1)))).accepted
        assert host.version == 1


async def test_a_failing_listener_does_not_stop_the_others(host, caplog):
    a = host.link(0)
    heard: list[int] = []

    def broken(snapshot):
        raise ValueError("listener bug")

    a.listen(broken)
    a.listen(lambda snap: heard.append(snap.version))
    with caplog.at_level(logging.ERROR):
        assert (await bounded(a.submit(Pick(1)))).accepted
    assert heard == [1]
    assert "listener bug" in caplog.text


# ---- views --------------------------------------------------------------------------------


async def test_each_seat_sees_only_its_own_pick(host):
    a, b, watcher = host.link(0), host.link(1), host.link(None)
    assert (await bounded(a.submit(Pick(3)))).accepted

    mine, theirs, spectator = a.snapshot(), b.snapshot(), watcher.snapshot()
    assert mine.view.my_pick == 3 and mine.events == (Picked(0, 3),)
    assert theirs.view.my_pick is None and theirs.events == (Picked(0, None),)
    assert spectator.view.my_pick is None and spectator.events == (Picked(0, None),)
    assert theirs.view.picked == spectator.view.picked == {0}
    assert mine.legal_actions == () and theirs.legal_actions == (Pick(1), Pick(2), Pick(3))
    assert spectator.legal_actions == () and spectator.seat is None
    # a view has no field where another seat's pick could hide
    assert {f.name for f in attrs.fields(ToyView)} == {
        "seat", "round", "scores", "picked", "my_pick", "history"
    }

    assert (await bounded(b.submit(Pick(1)))).accepted
    assert watcher.snapshot().view.history == ((3, 1),)
    assert watcher.snapshot().events[-1] == Revealed(0, (3, 1), (3, 1))


async def test_snapshots_carry_names_bots_and_active_seats():
    host = Host(GAME, ToyOptions(), 3, 1, ("Ann", "Bob", "Cy"), {2: "high"}, bot_delay=0)
    snap = host.snapshot(0)
    assert snap.names == ("Ann", "Bob", "Cy")
    assert snap.bots == (None, None, "high")
    assert snap.active_seats == {0, 1, 2}
    assert snap.version == 0 and snap.events == () and not snap.over and snap.result is None


# ---- the end of the game ------------------------------------------------------------------


async def test_the_game_ends_and_nothing_more_is_accepted():
    host = make_host(rounds=1)
    async with host:
        a, b = host.link(0), host.link(1)
        await bounded(asyncio.gather(a.submit(Pick(2)), b.submit(Pick(3))))
        assert host.over
        result = await bounded(host.wait_over())
        assert result == GAME.result(host.state)
        assert [s.total for s in result.scores] == [2, 3] and result.winners == {1}
        for link in (a, b):
            snap = link.snapshot()
            assert snap.over and snap.result == result
            assert snap.active_seats == frozenset() and snap.legal_actions == ()
        late = await bounded(a.submit(Pick(1)))
        assert late.code == GAME_OVER
        assert host.version == 2


# ---- lifecycle --------------------------------------------------------------------------------


async def test_intents_wait_for_start_and_stop_answers_the_rest():
    host = make_host()
    a = host.link(0)
    pending = asyncio.ensure_future(a.submit(Pick(1)))
    await asyncio.sleep(0.01)
    assert not pending.done()
    await host.start()
    assert (await bounded(pending)).accepted

    await host.stop()
    after = await bounded(a.submit(Pick(1)))
    assert after.code == CLOSED
    with pytest.raises(RuntimeError):
        await host.start()


async def test_stop_answers_queued_intents_closed():
    host = make_host()
    zero = Inbox(host, 0)
    pending = asyncio.ensure_future(host.submit(zero.peer, Intent(Pick(1), "q", 0)))
    await asyncio.sleep(0.01)
    await bounded(host.stop())
    assert (await bounded(pending)).code == CLOSED
    assert host.version == 0


@pytest.mark.parametrize(
    "seats, names, bots, delay",
    [
        (1, ("A",), {}, 0),  # too few seats
        (5, ("A", "B", "C", "D", "E"), {}, 0),  # too many
        (2, ("A",), {}, 0),  # a name short
        (2, ("A", "B"), {2: "random"}, 0),  # no such seat
        (2, ("A", "B"), {1: "genius"}, 0),  # no such bot
        (2, ("A", "B"), {}, -1),  # negative delay
    ],
)
def test_bad_tables_are_refused(seats, names, bots, delay):
    with pytest.raises(ValueError):
        Host(GAME, ToyOptions(), seats, 0, names, bots, bot_delay=delay)


def test_links_only_to_seats_at_the_table():
    host = make_host()
    with pytest.raises(KeyError):
        host.link(2)


# ---- offer: judging at once when nothing waits (issue 11) ------------------------------


async def test_an_offered_intent_is_judged_at_once_as_submit_would_judge_it(caplog):
    """issue 11 (one queue, exactly one outcome): with nothing queued, ``offer`` gives
    the outcome ``submit`` would, in the call, snapshots first; a duplicate gets its
    first answer again, a stale one STALE plus a fresh snapshot, a game bug INTERNAL."""
    host = make_host(faulty_pick=3)
    async with host:
        zero, one = Inbox(host, 0), Inbox(host, 1)
        outcome = host.offer(zero.peer, Intent(Pick(1), "a", 0))
        assert outcome == Outcome("a", True) and host.version == 1
        assert zero.snapshots[-1].version == 1 and one.snapshots[-1].version == 1  # delivered first
        assert host.offer(zero.peer, Intent(Pick(1), "a", 0)) == Outcome("a", True)  # a duplicate
        assert host.version == 1
        stale = host.offer(zero.peer, Intent(Pick(2), "b", 0))
        assert stale.code == STALE and zero.snapshots[-1].version == 1
        with caplog.at_level(logging.ERROR, logger="net.host"):
            assert host.offer(one.peer, Intent(Pick(3), "c", 1)).code == INTERNAL
        assert host.version == 1
        assert host.offer(one.peer, Intent(Pick(9), "d", 1)).accepted is False  # the rule's refusal
        assert host.offer(one.peer, Intent(Pick(2), "e", 1)).accepted and host.version == 2


async def test_a_move_that_waits_without_working_is_still_judged_at_once():
    """issue 11: a move's cost, which sends slow games' moves to a worker thread, is its
    CPU time (where the clock allows), not its wall time: a move held up 10 ms without
    using the CPU (as when other programs hold the core) leaves the next intent judged
    at once by ``offer``, where wall time would have sent it to the queue's thread."""
    import time as clock

    from net import host as host_module
    from tests.net.toygame import SecretNumbers

    if host_module._MOVE_CLOCK is not clock.thread_time:
        pytest.skip("this platform times moves by the wall clock")

    class Waiting(SecretNumbers):
        def apply(self, state, seat, action):
            clock.sleep(0.01)
            return super().apply(state, seat, action)

    host = Host(Waiting(), ToyOptions(), 2, seed=7, names=("P0", "P1"), bot_delay=0)
    async with host:
        zero, one = Inbox(host, 0), Inbox(host, 1)
        assert host.offer(zero.peer, Intent(Pick(1), "a", 0)) == Outcome("a", True)
        assert host.offer(one.peer, Intent(Pick(2), "b", 1)) == Outcome("b", True)
        assert host.version == 2


async def test_offer_declines_when_an_intent_waits_or_the_host_is_not_running():
    """issue 11 (one queue, in order): ``offer`` does nothing and says ``None`` before
    ``start``, after ``stop`` and while an earlier intent waits in the queue."""
    host = make_host()
    zero, one = Inbox(host, 0), Inbox(host, 1)
    assert host.offer(zero.peer, Intent(Pick(1), "early", 0)) is None
    queued = asyncio.ensure_future(host.submit(zero.peer, Intent(Pick(1), "q", 0)))
    await asyncio.sleep(0.01)
    await host.start()
    assert host.offer(one.peer, Intent(Pick(2), "after", 0)) is None  # "q" is still waiting
    assert host.version == 0
    assert (await bounded(queued)).accepted
    await host.stop()
    assert host.offer(one.peer, Intent(Pick(2), "late", 1)) is None and host.version == 1


# ---- the spectators' snapshot, built when asked for (issue 11) -------------------------


class _CountingGame(type(GAME)):
    """The toy game, counting the views it builds for spectators."""

    spectator_views = 0

    def view(self, state, seat):
        if seat is None:
            self.spectator_views += 1
        return super().view(state, seat)


async def test_the_spectators_snapshot_is_built_only_when_someone_asks_for_it():
    """issue 11 (no work per move for a seat nobody watches): with no spectator the
    game builds no spectator view, move after move; asked for, the spectators'
    snapshot is the one built at once would be (the bot kinds a seat handed to a bot
    gets included), and a spectator who joins gets one every move."""
    game = _CountingGame()
    host = Host(game, ToyOptions(), 2, seed=7, names=("P0", "P1"), bot_delay=0)
    await host.start()
    try:
        a, b = host.link(0), host.link(1)
        for n in (1, 2):
            assert (await bounded(a.submit(Pick(n)))).accepted and (await bounded(b.submit(Pick(3)))).accepted
        assert game.spectator_views == 0 and host.version == 4
        state, seen = host.state, host.snapshot(None)
        assert seen == Snapshot(
            version=4, seat=None, view=GAME.view(state, None), legal_actions=(),
            active_seats=frozenset({0, 1}), events=tuple(GAME.project_event(e, None) for e in seen.events),
            names=("P0", "P1"), bots=(None, None), over=False,
        )
        assert [type(e) for e in seen.events] == [Picked, Revealed] and seen.events[0].number is None
        assert host.snapshot(None) is seen and game.spectator_views == 1  # built once
        host.seat_bot(1, "high")  # every snapshot evolved, the spectators' with them
        assert host.snapshot(None).bots == (None, "high") and game.spectator_views == 1
        spectator = Inbox(host, None)
        assert (await bounded(a.submit(Pick(2)))).accepted
        assert spectator.snapshots[0].version == 5 and spectator.snapshots[0].view.picked == {0}
        assert all(s.seat is None for s in spectator.snapshots)  # (then the bot's pick, 6)
    finally:
        await host.stop()


async def test_a_watcher_is_told_each_version_and_builds_no_snapshot(caplog):
    """issue 11: what a table's save hangs on (``Host.watch``) is told each new version
    before the peers get their snapshots, costs no spectator snapshot, and a failing
    watcher is logged without stopping the others or the move."""
    game = _CountingGame()
    host = Host(game, ToyOptions(), 2, seed=7, names=("P0", "P1"), bot_delay=0)
    order: list[str] = []
    host.watch(lambda version: order.append(f"watched {version}"))

    def broken(version):
        raise ValueError("watcher bug")

    host.watch(broken)
    stop = host.watch(lambda version: order.append(f"second {version}"))
    host.connect(0, lambda snap: order.append(f"seat 0 got {snap.version}"))
    await host.start()
    try:
        a = host.link(0)
        with caplog.at_level(logging.ERROR):
            assert (await bounded(a.submit(Pick(1)))).accepted
        assert order == ["watched 1", "second 1", "seat 0 got 1"]
        assert "watcher bug" in caplog.text
        stop()
        host.seat_bot(1, "high")  # every peer is sent its snapshot again: the watchers are told
        assert order[3] == "watched 1" and "second 1" not in order[3:]
        assert game.spectator_views == 0
    finally:
        await host.stop()


async def test_a_lan_tables_save_builds_no_spectator_snapshot():
    """issue 11: a LAN table saving after every move (net.server.Table's saver) watches
    the host; no spectator view is built for it."""
    from net.server import Table

    game = _CountingGame()
    saved: list[int] = []
    table = Table(game, "t", options=ToyOptions(), seed=7, saver=lambda t: saved.append(t.host.version if t.host else 0))
    host = Host(game, ToyOptions(), 2, seed=7, names=("P0", "P1"), bot_delay=0)
    table.begin(host)
    try:
        await asyncio.sleep(0)
        assert (await bounded(host.link(0).submit(Pick(1)))).accepted
        assert (await bounded(host.link(1).submit(Pick(2)))).accepted
        assert saved[-2:] == [1, 2] and game.spectator_views == 0
    finally:
        await table.stop()
