"""Each game tells a turn in words, as the table's log does (``GAME.describe``), for
``parlour replay --text``: tiles and cells, a card's pips, what it scored."""

from __future__ import annotations

from rules.zatre import GAME as ZATRE
from rules.zatre import Placement, PlaceTiles, TeamOrder, TurnPlayed
from rules.zatre.sheet import SheetEntry
from rules.zatre.state import GameEnded, ScoredLine, TurnRecord
from rules.zatre_cards import FACES, LayCard, LayOpening, Pass, ShowHand
from rules.zatre_cards import GAME as CARDS
from rules.zatre_cards import card
from rules.zatre_cards.state import CardsDrawn, HandShown, RoundEnded


def test_a_zatre_turn_names_each_tile_and_cell_then_the_lines_and_points():
    laid = (Placement((7, 7), 6), Placement((7, 8), 1))
    record = TurnRecord(seat=0, drew=2, placements=laid, lines=(ScoredLine(((7, 6), (7, 7), (7, 8)), 12),),
                        crosses_at=((7, 8),), entry=SheetEntry(crosses=1, twelve=4), rows=(), gain=8, kept=0)
    assert ZATRE.describe("Ann", PlaceTiles(laid), (TurnPlayed(record),)) == (
        "Ann laid 6 at (7, 7), 1 at (7, 8) → 12 x2: +8")
    kept = TurnRecord(seat=1, drew=2, placements=(), lines=(), crosses_at=(), entry=SheetEntry(),
                      rows=(), gain=0, kept=3)
    assert ZATRE.describe("Bob", PlaceTiles(), (TurnPlayed(kept), GameEnded("no-tile-fits"))) == (
        "Bob could lay no tile and keeps 3; no tile fits anywhere: the game is over")


def test_a_zatre_team_order_is_told_in_words():
    """Ruling 12 (the partners choose who places first): a printed replay tells a
    partner's choice of order as a line of its own."""
    assert ZATRE.describe("Ann", TeamOrder("partner-first"), ()) == "Ann lets the partner place first"
    assert ZATRE.describe("Ann", TeamOrder("partner-chooses"), ()) == "Ann leaves the order to the partner"


def test_a_card_is_told_by_its_pips_and_where_it_lies():
    two_five = FACES.index((2, 5))
    lay = LayCard(two_five, (0, 1), "right")
    assert CARDS.describe("Bob", lay, ()) == "Bob laid 2|5 at (0, 1) right"
    three_four = FACES.index((3, 4))
    opening = LayOpening(LayCard(three_four, (0, 0), "right"), LayCard(two_five, (1, 0), "down"))
    assert CARDS.describe("Ann", opening, (RoundEnded(1, (0, 0), "all-laid"),)) == (
        "Ann opened with 3|4 at (0, 0) right and 2|5 at (1, 0) down; round 1 is over")
    shown = (card(two_five), card(three_four))
    events = (HandShown(2, shown), CardsDrawn(2, 3, "set-aside"))
    assert CARDS.describe("Cy", ShowHand(), events) == "Cy showed 2|5 3|4 (none fit) and drew 3"
    assert CARDS.describe("Dee", Pass(), ()) == "Dee passed (no card fits)"
