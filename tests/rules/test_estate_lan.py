"""Pitfall E-3 (../shared/cases/estate-pitfalls.md) at the host, the one authority
(design.md "net/"): three seats draft at once; a seat that drops and comes back with its
seat sees what it kept and waits for a packet, never the packet it passed; a drop at the
pass boundary leaves nobody stuck; a bot put in a dropped seat picks from that seat's
packet, seeing that seat's view. (Estate is not yet in rules/registry.py, so this drives
net.host.Host in-process, as tests/net/test_host.py does, rather than TCP clients.)"""

from __future__ import annotations

import asyncio

from net.host import Host, Intent
from rules.estate import GAME
from rules.estate.state import EstateOptions, Pick

TIMEOUT = 5.0


class Seat:
    """A connected seat and what the host delivered to it."""

    def __init__(self, host: Host, seat: int):
        self.host, self.seat, self.snapshots = host, seat, []
        self.peer = host.connect(seat, self.snapshots.append)
        self.sent = 0

    def snap(self):
        return self.host.snapshot(self.seat)

    async def send(self, action):
        self.sent += 1
        intent = Intent(action, f"{self.seat}:{self.sent}:{self.host.version}", self.host.version)
        return await asyncio.wait_for(self.host.submit(self.peer, intent), TIMEOUT)


async def to_draft(host: Host, seats: dict) -> None:
    """Set-up choices before the draft (the extra setup's answers), by the first legal."""
    while host.state.phase != "draft":
        seat = min(host.snapshot(None).active_seats)
        assert (await seats[seat].send(seats[seat].snap().legal_actions[0])).accepted


async def test_pitfall_e3_reconnect_during_the_draft():
    """E-3 / E-F14 / E-R32: (a) seat 1 picks its 2nd card and drops before the others
    pick; back with its seat it sees its 2 cards and waits: the packet it passed is not
    shown and a Pick from it is refused; the draft goes on. (b) seat 2 drops as the last
    pick of round 3 arrives; back, it sees its round-4 packet and every seat may pick.
    (c) seat 2 stays away, a bot takes it, and picks from seat 2's packet only."""
    host = Host(GAME, EstateOptions(leaders="random"), 3, seed=11, names=("Ana", "Bogdan", "Costache"),
                bot_delay=0)
    await host.start()
    try:
        seats = {s: Seat(host, s) for s in range(3)}
        await to_draft(host, seats)
        for s in range(3):  # round 1
            assert (await seats[s].send(seats[s].snap().legal_actions[0])).accepted
        # (a)
        packet = seats[1].snap().view.packet
        assert len(packet) == 4 and host.state.draft.round == 1
        assert (await seats[1].send(Pick(packet[0]))).accepted
        passed = host.state.draft.packets[1]
        host.disconnect(seats[1].peer)
        seats[1] = Seat(host, 1)  # back with its seat
        snap = seats[1].snap()
        hand = host.state.table.estates[1].hand
        assert snap.view.packet == () and snap.legal_actions == () and 1 not in snap.active_seats
        assert snap.view.estates[1].hand == hand and packet[0] in hand
        assert not any(f"'{c}'" in repr((snap.view.packet, snap.legal_actions)) for c in passed)
        refused = await seats[1].send(Pick(passed[0]))
        assert not refused.accepted
        for s in (0, 2):  # the draft carries on
            assert (await seats[s].send(seats[s].snap().legal_actions[0])).accepted
        assert host.state.draft.round == 2 and seats[1].snap().view.packet
        # (b) round 3: seat 2 picks last and drops at that moment
        for s in (0, 1):
            assert (await seats[s].send(seats[s].snap().legal_actions[0])).accepted
        last = seats[2].send(seats[2].snap().legal_actions[0])
        host.disconnect(seats[2].peer)
        assert (await last).accepted
        seats[2] = Seat(host, 2)
        snap = seats[2].snap()
        assert host.state.draft.round == 3 and snap.active_seats == {0, 1, 2}
        assert snap.view.packet == host.state.draft.packets[2] and len(snap.view.packet) == 2
        assert snap.legal_actions
        # (c) seat 2 stays away; a bot takes it and picks from its packet only
        host.disconnect(seats[2].peer)
        mine = host.state.draft.packets[2]
        before = host.state.table.estates[2].hand
        host.seat_bot(2, "easy")
        for _ in range(200):
            if len(host.state.table.estates[2].hand) > len(before) or host.state.phase != "draft":
                break
            await asyncio.sleep(0.01)
        got = host.state.table.estates[2].hand[len(before):]
        assert len(got) == 1 and got[0] in mine
    finally:
        await host.stop()
