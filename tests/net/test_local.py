"""The local table: links for solo and hotseat play over an in-process host."""

from __future__ import annotations

import asyncio

from net.local import LocalSeatLink, LocalTable, start_local_game
from net.table import SeatLink
from tests.net.toygame import GAME, Pick, ToyOptions

TIMEOUT = 5.0


def bounded(awaitable, timeout: float = TIMEOUT):
    return asyncio.wait_for(awaitable, timeout)


async def test_a_local_table_hands_out_human_links_and_a_spectator():
    async with LocalTable(GAME, ToyOptions(), ("Ann", "Bob", "Cy"), {1: "random"}, seed=3, bot_delay=0) as table:
        assert set(table.humans) == {0, 2}
        assert table.humans[2].seat == 2 and table.spectator.seat is None
        assert table.seed == 3 and table.host.seed == 3
        assert table.humans[0].snapshot().bots == (None, "random", None)


async def test_a_link_satisfies_the_seat_link_interface():
    async with LocalTable(GAME, ToyOptions(), ("A", "B"), bot_delay=0) as table:
        link = table.humans[0]
        assert isinstance(link, LocalSeatLink)
        typed: SeatLink = link  # checked by type checkers; here it just has to work
        assert callable(typed.listen) and typed.snapshot().seat == 0
        assert isinstance(table.seed, int)


async def test_hotseat_play_to_the_end():
    table = await start_local_game(GAME, ToyOptions(rounds=2), ("A", "B"), bot_delay=0)
    try:
        ids = set()
        for round_picks in ((1, 2), (3, 3)):
            for seat, number in enumerate(round_picks):
                outcome = await bounded(table.humans[seat].submit(Pick(number)))
                assert outcome.accepted
                ids.add(outcome.action_id)
        assert len(ids) == 4  # every submit gets a fresh action id
        assert table.result is not None and [s.total for s in table.result.scores] == [1, 2]
        assert table.spectator.snapshot().over
    finally:
        await table.stop()


async def test_listeners_run_on_the_event_loop_and_can_unsubscribe():
    async with LocalTable(GAME, ToyOptions(), ("A", "B"), bot_delay=0) as table:
        me = table.humans[0]
        loop = asyncio.get_running_loop()
        calls: list[int] = []

        def listener(snap):
            assert asyncio.get_running_loop() is loop
            calls.append(snap.version)

        stop = me.listen(listener)
        assert (await bounded(me.submit(Pick(1)))).accepted
        stop()
        stop()
        assert (await bounded(table.humans[1].submit(Pick(1)))).accepted
        assert calls == [1]
        assert me.snapshot().version == 2


async def test_a_closed_link_stops_receiving():
    async with LocalTable(GAME, ToyOptions(), ("A", "B"), bot_delay=0) as table:
        watcher = table.host.link(None)
        watcher.close()
        assert (await bounded(table.humans[0].submit(Pick(1)))).accepted
        assert watcher.snapshot().version == 0


async def test_an_accepted_submit_already_shows_in_the_snapshot():
    async with LocalTable(GAME, ToyOptions(), ("A", "B"), bot_delay=0) as table:
        me = table.humans[0]
        assert (await bounded(me.submit(Pick(2)))).accepted
        assert me.snapshot().view.my_pick == 2


async def test_a_link_holds_the_events_of_the_moves_made_before_it_listened():
    """A solo table listens only once its screen is up; moves the bots made before that
    are in the link's ``history`` as a LAN link's (player-tester 3, item 1)."""
    async with LocalTable(GAME, ToyOptions(), ("A", "B", "C"), bot_delay=0) as table:
        me = table.humans[0]
        for seat in (1, 2):
            outcome = await bounded(table.humans[seat].submit(Pick(seat)))
            assert outcome.accepted
        history = me.history
        assert me.snapshot().version == 2 and history.seat == 0 and history.left_out == 0
        assert [past.version for past in history.past] == [1]  # version 2 is the snapshot itself
        assert [type(e).__name__ for past in history.past for e in past.events] == ["Picked"]
        assert all(e.number is None for past in history.past for e in past.events)  # B's pick, hidden from A
