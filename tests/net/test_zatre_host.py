"""Whole Zatre games played by bots through the host, to the end."""

from __future__ import annotations

import asyncio

import pytest

from net.host import GAME_OVER, Host
from net.table import Snapshot
from rules.zatre import GAME, PlaceTiles, ZatreOptions

TIMEOUT = 120.0


@pytest.mark.parametrize("seed", [1, 2024])
async def test_three_bots_play_zatre_to_the_end(seed):
    host = Host(GAME, ZatreOptions(), 3, seed, ("Ada", "Ben", "Cyd"),
                {0: "easy", 1: "strong", 2: "strong"}, bot_delay=0)
    watched: list[Snapshot] = []
    host.link(None).listen(watched.append)
    async with host:
        result = await asyncio.wait_for(host.wait_over(), TIMEOUT)
        late = await asyncio.wait_for(host.link(0).submit(PlaceTiles(())), 5)

    assert late.code == GAME_OVER
    assert result == GAME.result(host.state)
    assert [s.seat for s in result.scores] == [0, 1, 2]
    best = max(s.total for s in result.scores)
    assert result.winners == {s.seat for s in result.scores if s.total == best}

    # one snapshot per applied action, the last one final; nobody's tiles shown early
    assert [s.version for s in watched] == list(range(1, host.version + 1))
    assert all(s.view.hand == () for s in watched)
    assert all(len(s.active_seats) == 1 for s in watched[:-1])
    assert watched[-1].over and watched[-1].result == result and not watched[-1].active_seats

    # the action log replays the game exactly
    state = GAME.setup(ZatreOptions(), 3, seed)
    for applied in host.applied:
        state, _ = GAME.apply(state, applied.seat, applied.action)
    assert state == host.state


@pytest.mark.parametrize(
    "options, seats, allowed",
    [(ZatreOptions(), 5, "2 to 4"), (ZatreOptions(teams=True), 3, "4 or 6"), (ZatreOptions(teams=True), 5, "4 or 6")],
)
def test_the_host_takes_only_the_seat_counts_the_options_allow(options, seats, allowed):
    names = tuple(f"P{i}" for i in range(seats))
    with pytest.raises(ValueError, match=f"Zatre takes {allowed} seats"):
        Host(GAME, options, seats, 1, names)
