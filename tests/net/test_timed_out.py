"""Whose time ran out (issue 9, timers §3.9 of the Zestrea reference page): when a
timer gives a seat its default, every table says so, not as if the Boyar chose it.
The fact is the snapshot's ``timed_out`` (net/table.py ``timed_out``, from the
action's id ``timer:``), in every seat's snapshot and a spectator's, over the wire in
snapshots and updates (docs/protocol.md ``timed_out``), and from a save's action log
in ``parlour replay``. A manual clock: no test sleeps for a timer."""

from __future__ import annotations

import attrs

from net import protocol as p
from net.client import apply_update
from net.codec import SnapshotEncoder, codec_for
from net.host import Host
from net.saves import LoggedAction, snapshot_of, write
from net.table import timed_out, timed_out_text
from net.timers import TIMER_ACTION_ID
from rules.zestrea import GAME, ZestreaOptions
from rules.zestrea.state import Bid, Choose
from tests.net.test_timers import ManualClock, hosted, until
from tests.rules.test_zestrea_auction import at_auction

SEATS = (0, 1, 2, 3, None)


async def test_a_default_is_told_in_every_seats_snapshot_for_its_version_only():
    """§3.9 "auction turn: Pass": seat 1's timer passes for it; the snapshot of that
    version names seat 1 in ``timed_out`` for every seat and the spectator, as
    delivered to each peer too; the next seat's own bid is nobody's default."""
    clock = ManualClock()
    host = hosted(at_auction(5, 5, 5, 5), clock, auction_timeout_s=20)
    got: dict = {seat: [] for seat in SEATS}
    for seat in SEATS:
        host.connect(seat, got[seat].append)
    async with host:
        clock.advance(20)
        await until(lambda: host.version == 1)
        assert host.applied[0].action_id.startswith(TIMER_ACTION_ID) and host.applied[0].seat == 1
        for seat in SEATS:
            assert host.snapshot(seat).timed_out == 1
            assert [s.timed_out for s in got[seat] if s.version == 1] == [1]
        assert (await host.link(2).submit(Bid(3))).accepted
        for seat in SEATS:
            assert host.snapshot(seat).version == 2 and host.snapshot(seat).timed_out is None


async def test_timed_out_goes_over_the_wire_in_snapshots_and_updates():
    """docs/protocol.md ``timed_out``: the fast encoder writes what the codec writes,
    a client reads it back from a snapshot and from an update (always sent, ``null``
    for a version nobody timed out in)."""
    clock = ManualClock()
    host = hosted(at_auction(5, 5, 5, 5), clock, auction_timeout_s=20)
    codec = codec_for(GAME)
    encoder = SnapshotEncoder(codec)
    async with host:
        before = host.snapshot(0)
        clock.advance(20)
        await until(lambda: host.version == 1)
        ran_out = host.snapshot(0)
        assert (await host.link(2).submit(Bid(3))).accepted
        after = host.snapshot(0)
    assert (before.timed_out, ran_out.timed_out, after.timed_out) == (None, 1, None)
    for snap in (before, ran_out, after):
        message = p.SnapshotMsg(**{f.name: getattr(snap, f.name) for f in attrs.fields(type(snap))})
        frame = encoder.encode(snap)
        assert frame == codec.encode(message)
        assert codec.decode_host(frame).timed_out == snap.timed_out
    for old, new in ((before, ran_out), (ran_out, after)):
        frame = encoder.encode_update(old, new)
        assert frame is not None
        assert apply_update(old, codec.decode_host(frame)).timed_out == new.timed_out


def test_timed_out_reads_the_action_id():
    """net/table.py ``timed_out``: a ``timer:`` id names its seat; a player's or a
    bot's id names nobody."""
    assert timed_out(LoggedAction(4, 2, f"{TIMER_ACTION_ID}ab12", Bid(1))) == 2
    assert timed_out(LoggedAction(4, 2, "bot:2:7", Bid(1))) is None
    assert timed_out(LoggedAction(4, 2, "c0ffee", Bid(1))) is None


async def test_replay_tells_whose_time_ran_out(tmp_path):
    """``parlour replay`` (and ``--text``) read a saved game's action ids: the
    Production prompt's timer (§3.9 "Production: roll every eligible Couple") gives
    each Boyar its default; the replay's snapshot of each such version names the seat,
    and the text says it by name before the move."""
    from net.cli import replay_text
    from net.saves import Replay
    from tui.screens.replay import replay_snapshots

    clock = ManualClock()
    names = ("Ana", "Bogdan", "Costache")
    host = Host(GAME, ZestreaOptions(prompt_timeout_s=5), 3, 4, names, bot_delay=0, clock=clock)
    async with host:
        assert host.snapshot(None).timers, "no timer over the first prompt"
        clock.advance(5)
        await until(lambda: sum(a.action_id.startswith(TIMER_ACTION_ID) for a in host.applied) == 3)
    timed = {a.version: a.seat for a in host.applied if a.action_id.startswith(TIMER_ACTION_ID)}
    assert all(isinstance(a.action, Choose) for a in host.applied)
    codec = codec_for(GAME)
    path = tmp_path / "timed.json"
    write(path, snapshot_of(host, "Sunday", (None, None, None), codec), codec)
    snaps = replay_snapshots(Replay.open(path))
    assert {s.version: s.timed_out for s in snaps if s.timed_out is not None} == timed
    lines = list(replay_text(path))
    for seat in timed.values():
        assert f"      {timed_out_text(names, seat)}" in lines
    assert timed_out_text(names, 1) == "Time ran out for Bogdan: the default was given."
