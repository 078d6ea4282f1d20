"""The Zestrea table tells the reasons the rules give with the players' names (issue 9
item 3: the rules say "seat N", the table knows who sits there)."""

from __future__ import annotations

from rules.zestrea.state import OfferClosed
from tui.zestrea.words import event_line


def test_a_cancelled_offer_s_reason_names_the_boyar_who_cannot_pay():
    """§3.6 acceptance checks, Z-R5: "seat 1 cannot pay" is told as Ana."""
    closed = OfferClosed(0, 1, 7, "cancelled", "seat 1 cannot pay 2 Zestre")
    assert event_line(closed, ("Ana", "Bogdan", "Costache")) == (
        "offer 7 from Ana to Bogdan was cancelled: Ana cannot pay 2 Zestre")


async def test_a_refusal_s_reason_names_the_boyar_at_the_table(tmp_path):
    """A refusal from the host says "seat 2" (the rules know no names); the table shows
    the player's name there."""
    from net.table import Outcome
    from rules.zestrea.state import Ready
    from tui.app import ParlourApp

    from .helpers import until
    from .zestrea_helpers import SMALL, start, zestrea_game

    class Refusing:
        seat = 0

        async def submit(self, action):
            return Outcome("x", False, "closed", "Offer 4 is no longer open (cancelled: seat 2 "
                                                 "cannot pay 2 Zestre).")

    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: table.snap is not None)
        await table._submit(Refusing(), Ready())
        assert table._error == "Offer 4 is no longer open (cancelled: Ada cannot pay 2 Zestre)."
