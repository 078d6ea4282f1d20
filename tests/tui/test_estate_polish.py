"""The Estate table's polish (issue 10 items 2-7): the words a refusal, the Produce and
Draw entries, the Expand preview and the footer give, at a real local host by keys."""

from __future__ import annotations

from rules.estate import GAME
from tui.app import ParlourApp
from tui.local_game import SeatChoice

from .estate_helpers import SMALL, estate_game, start
from .helpers import hand_over, until


async def test_a_second_pick_at_the_hotseat_draft_says_who_still_picks():
    """Issue 10 item 2 (E-F14, E-R32: the draft is done by all at once): Ann has picked,
    a second pick from her seat is refused with "You have picked; waiting for Bob to
    pick.", named, not "It is not Ann's turn."."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("Ann"), SeatChoice("Bob")))
        await hand_over(pilot)
        await until(pilot, lambda: table.snap is not None and table.view.phase == "draft" and table.my_turn)
        seat = table.seat
        packet = table.view.packet
        pick = next(a for a in table.snap.legal_actions if getattr(a, "card", None) == packet[0])
        await table._submit(table.links[seat], pick)
        again = next(a for a in GAME.legal_actions(app.table.host.state, 1 - seat))  # (any pick)
        await table._submit(table.links[seat], again)
        who = ("Ann", "Bob")[1 - seat]
        assert table._error == f"You have picked; waiting for {who} to pick."
