"""A solo or hotseat table's log holds every move, also those the bots made before the
table first listened (player-tester 3, item 1: a 4-seat Estate game with three bots at
instant pace logged "This log starts at move 3" and left out two Leader choices)."""

from __future__ import annotations

from tui.app import ParlourApp
from tui.local_game import SeatChoice

from .estate_helpers import SMALL, estate_game, start
from .helpers import until


async def test_the_bots_leader_choices_before_the_table_listened_are_in_the_log():
    app = ParlourApp(pace=0)
    seats = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "strong"),
             SeatChoice("Cleo", "easy"))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(*seats, leaders="choose"))
        # Leaders are chosen the last seat first (E-R1): Cleo, Ben and Ada before You
        await until(pilot, lambda: table.snap is not None and table.snap.version >= 3, timeout=20)
        await until(pilot, lambda: sum(" chose " in line for line in table._log) >= 3, timeout=20)
        log = "\n".join(table._log)
        assert "This log starts" not in log and "not in this log" not in log
        for name in ("Cleo", "Ben", "Ada"):
            assert f"{name} chose " in log
