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
