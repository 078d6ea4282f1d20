"""Zatre: Das Kartenspiel, rule by rule (zatre-card-game.txt; each test names its
section). Positions are built with ``attrs.evolve`` on a ``GAME.setup`` state, cards
written as their pips on cells: ``put((0, 0), 6, (1, 0), 6)``."""

from __future__ import annotations

import attrs
import cattrs
import pytest

from rules.core import RuleViolation
from rules.zatre_cards import (
    FACES, GAME, CardsDrawn, HandShown, LayCard, LayOpening, Pass, RoundEnded, RoundStarted,
    ShowHand, ZatreCardsOptions, ZatreCardsView, check, hint_cells, preview,
)
from rules.zatre_cards.placement import check_lay, grid_of, legal_lays
from rules.zatre_cards.sheet import PRINTED_ROWS, ROW_BONUS, Sheet, SheetEntry
from tests.rules.contract import refused_by

CONVERTER = cattrs.Converter()


class Ids:
    """Hands out card ids by face, each id once per position."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, a: int, b: int) -> tuple[int, bool]:
        """An unused id showing ``a``/``b`` and whether its face is ``(a, b)`` in order."""
        for cid, face in enumerate(FACES):
            if cid not in self.used and face in ((a, b), (b, a)):
                self.used.add(cid)
                return cid, face == (a, b)
        raise LookupError(f"no card {a}/{b} left")

    def put(self, c1, p1, c2, p2) -> LayCard:
        """A laid card with ``p1`` pips on ``c1`` and ``p2`` on ``c2`` (adjacent cells)."""
        cid, straight = self.take(p1, p2)
        if not straight:
            c1, c2 = c2, c1
        d = (c2[0] - c1[0], c2[1] - c1[1])
        orient = {(0, 1): "right", (1, 0): "down", (0, -1): "left", (-1, 0): "up"}[d]
        return LayCard(cid, c1, orient)

    def hand(self, *faces) -> tuple[int, ...]:
        return tuple(self.take(a, b)[0] for a, b in faces)


def position(ids: Ids, laid, hand, *, seats=2, seat=0, set_aside=None, others=None, **changes):
    """``seat`` to move with ``hand`` (ids) on a table of ``laid`` cards."""
    base = GAME.setup(ZatreCardsOptions(), seats, 1)
    hands = [()] * seats
    for s, held in (others or {}).items():
        hands[s] = tuple(held)
    hands[seat] = tuple(hand)
    return attrs.evolve(base, laid=tuple(laid), hands=tuple(hands), current=seat,
                        piles=((),) * seats,
                        set_aside=tuple(set_aside) if set_aside is not None else base.set_aside,
                        **changes)


def lay_of(card: int, c1, p1: int, c2) -> LayCard:
    """Card ``card`` laid with its ``p1`` half on ``c1`` and its other half on ``c2``."""
    if FACES[card][0] != p1:
        c1, c2 = c2, c1
    d = (c2[0] - c1[0], c2[1] - c1[1])
    return LayCard(card, c1, {(0, 1): "right", (1, 0): "down", (0, -1): "left", (-1, 0): "up"}[d])


def lay_and_record(state, lay):
    assert lay in GAME.legal_actions(state, state.current) or any(
        a.cells == lay.cells and FACES[a.card] == FACES[lay.card] for a in
        GAME.legal_actions(state, state.current)), f"{lay} should be legal"
    new, events = GAME.apply(state, state.current, lay)
    return new.log[-1], new, events


def refused(state, action, seat=None) -> RuleViolation:
    """tests/rules/contract.py, for the current seat unless ``seat``."""
    return refused_by(GAME, state, action, state.current if seat is None else seat)


# ---- Setup ------------------------------------------------------------------------


@pytest.mark.parametrize("seats, pile", [(2, 9), (3, 5), (4, 3)])
def test_setup_dealer_holds_four_others_three_rest_in_piles(seats, pile):
    """Setup: 25 cards for the round, the other 25 set aside; the dealer deals three
    cards to each other player and four to himself, the rest evenly into personal draw
    piles; the dealer is the starting player."""
    state = GAME.setup(ZatreCardsOptions(), seats, 3)
    assert state.round == 1 and state.dealer == 0 and state.current == 0
    assert [len(h) for h in state.hands] == [4] + [3] * (seats - 1)
    assert [len(p) for p in state.piles] == [pile] * seats
    assert len(state.set_aside) == 25
    every = [c for h in state.hands for c in h] + [c for p in state.piles for c in p] + list(state.set_aside)
    assert sorted(every) == list(range(50))


def test_components_fifty_cards_stand_in_deck_with_few_blanks():
    """Components: 50 cards, each with two pip values (0-6); the deck is a stand-in
    (cards.toml) with few blank halves."""
    from rules.zatre_cards.cards import data
    assert len(FACES) == 50 and all(0 <= v <= 6 for f in FACES for v in f)
    assert data()["deck"]["source"] == "stand-in" and data()["sheet"]["source"] == "stand-in"
    assert 0 < sum(v == 0 for f in FACES for v in f) <= 10


# ---- Gameplay: the opening ----------------------------------------------------------


def test_gameplay_starting_player_lays_two_touching_cards_and_draws_one():
    """Gameplay: the starting player lays two cards on the empty table, then draws one
    card from his draw pile."""
    state = GAME.setup(ZatreCardsOptions(), 2, 5)
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(a, LayOpening) for a in legal)
    assert GAME.legal_actions(state, 1) == ()
    opening = legal[0]
    new, events = GAME.apply(state, 0, opening)
    assert len(new.laid) == 2 and len(new.hands[0]) == 3 and len(new.piles[0]) == 8
    assert new.current == 1
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [CardsDrawn(0, 1, "pile", drawn[0].cards)] and len(drawn[0].cards) == 1


def test_gameplay_opening_cards_must_touch_and_single_card_refused_on_empty_table():
    """Gameplay: the two opening cards lie together; one card alone is not an opening."""
    state = GAME.setup(ZatreCardsOptions(), 2, 5)
    x, y = state.hands[0][:2]
    apart = LayOpening(LayCard(x, (0, 0), "right"), LayCard(y, (5, 5), "right"))
    assert refused(state, apart).code == "not-touching"
    assert refused(state, LayCard(x, (0, 0), "right")).code == "opening"


def test_figure1_opening_scoring_a_ten():
    """Figure 1 / Scoring: the starting player may enter one point in the "10" column
    (here 4/6 laid in one row beside a 2/3 crossing below it)."""
    ids = Ids()
    hand = ids.hand((4, 6), (2, 3), (1, 1), (2, 2))
    state = position(ids, (), hand, seat=0)
    opening = LayOpening(LayCard(hand[0], (0, 0), "right"), LayCard(hand[1], (1, 0), "down"))
    assert opening in GAME.legal_actions(state, 0)
    new, _ = GAME.apply(state, 0, opening)
    rec = new.log[-1]
    assert [line.total for line in rec.lines] == [10]  # row 4+6; column 4+2+3 = 9
    assert (rec.entry.ten, rec.entry.eleven, rec.entry.twelve) == (1, 0, 0) and rec.gain == 1


# ---- Gameplay: laying one card -----------------------------------------------------------


def test_gameplay_card_must_touch_a_card_already_laid():
    """Gameplay: "The newly played card must touch a card already laid." """
    ids = Ids()
    laid = [ids.put((0, 0), 1, (0, 1), 1)]
    hand = ids.hand((2, 2), (1, 2), (1, 3))
    state = position(ids, laid, hand)
    err = refused(state, LayCard(hand[0], (3, 3), "right"))
    assert err.code == "not-touching" and "touch" in err.message and "Gameplay" in err.rule
    assert refused(state, LayCard(hand[0], (0, 1), "down")).code == "occupied"


def test_note_no_row_above_twelve():
    """Gameplay, Note: rows with more than twelve pips may not be laid; nine or fewer
    may be laid (they just do not score)."""
    ids = Ids()
    laid = [ids.put((0, 0), 5, (0, 1), 4)]
    hand = ids.hand((2, 3), (1, 1), (1, 2))
    state = position(ids, laid, hand)
    err = refused(state, LayCard(hand[0], (0, 2), "right"))  # 5+4+2+3 = 14
    assert err.code == "over-12" and "twelve" in err.message and "Note" in err.rule
    assert check(GAME.view(state, 0), LayCard(hand[0], (0, 2), "right")).code == "over-12"
    rec, _, _ = lay_and_record(state, LayCard(hand[2], (0, 2), "down"))  # 5+4+1 = 10
    assert rec.entry.ten == 1
    rec, _, _ = lay_and_record(state, LayCard(hand[1], (1, 0), "right"))  # rows 9 and 2, cols 6, 5
    assert rec.lines == () and rec.gain == 0


def test_note_a_horizontal_cards_two_halves_are_one_row():
    """Gameplay, Note / a ruling: a horizontal card's two halves lie in one row line
    (counted once: 5+6 = 11), and each half is also in its own column line (the 5
    ends column 0: 2+3+5 = 10; the 6 alone is no line)."""
    ids = Ids()
    laid = [ids.put((0, 0), 2, (1, 0), 3)]
    hand = ids.hand((5, 6), (1, 1), (1, 2))
    state = position(ids, laid, hand)
    rec, _, _ = lay_and_record(state, ids.put((2, 0), 5, (2, 1), 6) if False else
                               LayCard(hand[0], (2, 0), "right"))
    assert sorted((line.total, line.cells) for line in rec.lines) == [
        (10, ((0, 0), (1, 0), (2, 0))), (11, ((2, 0), (2, 1)))]
    assert (rec.entry.ten, rec.entry.eleven) == (1, 3)


def test_gameplay_after_laying_draw_one_from_own_pile_while_it_lasts():
    """Gameplay: laying and drawing are compulsory; once the piles are empty play goes
    on without drawing until no player has cards left in hand."""
    ids = Ids()
    laid = [ids.put((0, 0), 1, (0, 1), 1)]
    hand = ids.hand((1, 2))
    other = ids.hand((1, 3))
    pile = ids.hand((2, 2))
    state = position(ids, laid, hand, others={1: other})
    state = attrs.evolve(state, piles=(pile, ()))
    lay = next(a for a in GAME.legal_actions(state, 0))
    state, events = GAME.apply(state, 0, lay)
    assert state.hands[0] == pile and state.piles[0] == () and state.current == 1
    lay = GAME.legal_actions(state, 1)[0]
    state, events = GAME.apply(state, 1, lay)
    assert not any(isinstance(e, CardsDrawn) for e in events) and state.current == 0


# ---- The Zero -------------------------------------------------------------------


def test_zero_is_part_of_a_row_and_bridges_two_rows():
    """The Zero: the zero does not end a row; it connects two partly built rows
    provided the joined row stays at twelve or less (left 3+2, card 1/0, right 3+3:
    one row of 12)."""
    ids = Ids()
    laid = [ids.put((0, 0), 3, (0, 1), 2), ids.put((0, 4), 3, (0, 5), 3)]
    hand = ids.hand((0, 1), (6, 6), (5, 6))
    state = position(ids, laid, hand)
    rec, new, _ = lay_and_record(state, LayCard(hand[0], (0, 3), "left"))  # 0 at (0,3), 1 at (0,2)
    assert [(len(line.cells), line.total) for line in rec.lines] == [(6, 12)]
    g = grid_of(new.laid)
    assert g[(0, 3)] == 0 and g[(0, 2)] == 1


def test_zero_bridge_refused_when_the_joined_row_exceeds_twelve():
    """The Zero: a zero may connect two rows only if their sum then does not exceed
    twelve (3+4 and 3+3 joined by 0/1: 14)."""
    ids = Ids()
    laid = [ids.put((0, 0), 3, (0, 1), 4), ids.put((0, 4), 3, (0, 5), 3)]
    hand = ids.hand((0, 1), (6, 6), (5, 6))
    state = position(ids, laid, hand)
    err = refused(state, LayCard(hand[0], (0, 3), "left"))
    assert err.code == "over-12"
    assert (0, 3) not in hint_cells(GAME.view(state, 0), hand[0], "left")


def test_zero_several_zeros_in_one_row():
    """The Zero: several zeros in one row are possible and allowed (6+0+0+5 = 11)."""
    ids = Ids()
    laid = [ids.put((0, 0), 6, (0, 1), 0)]
    hand = ids.hand((0, 5), (1, 1), (1, 2))
    state = position(ids, laid, hand)
    rec, _, _ = lay_and_record(state, LayCard(hand[0], (0, 2), "right"))
    assert [line.total for line in rec.lines] == [11] and rec.entry.eleven == 3


def test_figure4_bridging_with_1_0_scores_two_twelves_ten_points():
    """Figure 4 / The Zero: bridging with card 1/0 scores two "12" rows: 10 points,
    written in one box (several lines of the same sum add up)."""
    ids = Ids()
    laid = [ids.put((0, 0), 3, (0, 1), 2), ids.put((0, 3), 3, (0, 4), 3),
            ids.put((1, 0), 2, (1, 1), 4), ids.put((1, 3), 5, (1, 4), 1)]
    hand = ids.hand((0, 1), (6, 6), (5, 6))
    state = position(ids, laid, hand)
    rec, new, _ = lay_and_record(state, LayCard(hand[0], (1, 2), "up"))  # 0 at (1,2), 1 at (0,2)
    assert [line.total for line in rec.lines] == [12, 12]
    assert rec.entry == SheetEntry(0, 0, 10, 0) and rec.gain == 10
    assert new.sheets[0].twelves == (10,)


# ---- Scoring ----------------------------------------------------------------------


def test_figure2_a_ten_and_an_eleven_with_one_card_is_one_plus_three():
    """Figure 2 / Scoring / Note: a card may join different rows with its two halves;
    the second player enters 1 point in "10" and 3 points in "11" at once."""
    ids = Ids()
    laid = [ids.put((0, 0), 2, (0, 1), 4), ids.put((1, 0), 3, (1, 1), 3)]
    hand = ids.hand((4, 5), (6, 6), (5, 6))
    state = position(ids, laid, hand)
    rec, _, _ = lay_and_record(state, LayCard(hand[0], (0, 2), "down"))  # 4 at (0,2), 5 at (1,2)
    assert sorted(line.total for line in rec.lines) == [10, 11]  # column 4+5 = 9 scores nothing
    assert rec.entry == SheetEntry(1, 3, 0, 0) and rec.gain == 4


def test_figure3_ten_eleven_twelve_with_one_card_earns_the_super_bonus():
    """Figure 3 / Triple Scores: with card 6/0 the player connects two horizontal rows
    and one vertical row and scores a 10, an 11 and a 12: 1 + 3 + 5, the row bonus of
    the first sheet row (all three boxes filled) and six super bonus points. Here the
    0 bridges row 1 (3+4, 0, 2+1 = 10), the 6 makes row 2 (5+6 = 11), and the card's
    column is 6+0+6 = 12 (each line made or changed by the card: ruling C1)."""
    ids = Ids()
    laid = [ids.put((1, 0), 3, (1, 1), 4), ids.put((1, 3), 2, (1, 4), 1),
            ids.put((0, 2), 6, (0, 3), 1), ids.put((2, 1), 5, (3, 1), 2)]
    hand = ids.hand((0, 6), (6, 6), (5, 6))
    state = position(ids, laid, hand)
    rec, new, _ = lay_and_record(state, lay_of(hand[0], (1, 2), 0, (2, 2)))
    assert sorted(line.total for line in rec.lines) == [10, 11, 12]
    assert rec.entry == SheetEntry(1, 3, 5, 1)
    assert rec.gain == 1 + 3 + 5 + ROW_BONUS[0] + 6
    assert ("super", PRINTED_ROWS) in rec.rows


def test_figure6_three_twelves_with_1_1_is_fifteen_plus_six():
    """Figure 6 / Triple Scores: three "12" rows with card 1/1: 15 points and 6 super
    bonus points, the 6 entered in the Total column from the bottom (Figure 5)."""
    ids = Ids()
    laid = [ids.put((0, 0), 2, (0, 1), 3), ids.put((0, 4), 4, (0, 5), 1),
            ids.put((1, 2), 5, (2, 2), 6), ids.put((1, 3), 6, (2, 3), 5)]
    hand = ids.hand((1, 1), (6, 6), (2, 2))
    state = position(ids, laid, hand)
    rec, new, _ = lay_and_record(state, LayCard(hand[0], (0, 2), "right"))
    assert [line.total for line in rec.lines] == [12, 12, 12]
    assert rec.entry == SheetEntry(0, 0, 15, 1) and rec.gain == 21
    rows = new.sheets[0].rows()
    assert rows[-1].super_bonus and rows[-1].value == 6 and not any(r.super_bonus for r in rows[:-1])
    assert rec.rows == (("12", 1), ("super", PRINTED_ROWS))


def test_triple_scores_two_twelves_and_a_ten_is_no_triple():
    """Triple Scores: only 10+11+12 or three 12s earn the super bonus."""
    from rules.zatre_cards.scoring import is_triple
    assert is_triple([10, 11, 12]) and is_triple([12, 12, 12]) and is_triple([12, 10, 11])
    assert not is_triple([12, 12, 10]) and not is_triple([11, 11, 11]) and not is_triple([10, 12])


def test_scoring_sheet_row_bonus_when_10_11_12_filled_and_super_from_the_bottom():
    """Scoring: rows of the sheet with the 10, 11 and 12 columns all filled earn the
    printed bonus (a stand-in); super bonuses go from the bottom up (Figure 5)."""
    sheet = Sheet().write(SheetEntry(1, 0, 0)).write(SheetEntry(0, 3, 10))
    assert sheet.total() == 1 + 3 + 10 + ROW_BONUS[0]
    sheet = sheet.write(SheetEntry(2, 0, 0, 1))
    rows = sheet.rows()
    assert rows[0].complete and rows[0].value == 1 + 3 + 10 + ROW_BONUS[0]
    assert not rows[1].complete and rows[1].value == 2
    assert rows[PRINTED_ROWS - 1].super_bonus
    sheet = sheet.write(SheetEntry(0, 0, 0, 1))
    assert sheet.super_rows() == {PRINTED_ROWS - 1, PRINTED_ROWS - 2}
    assert sheet.total() == sum(r.value for r in sheet.rows()) == 1 + 3 + 10 + ROW_BONUS[0] + 2 + 12


def test_preview_matches_the_record():
    """Scoring, for the table: preview() of a laying equals what the turn writes."""
    ids = Ids()
    laid = [ids.put((0, 0), 2, (0, 1), 4), ids.put((1, 0), 3, (1, 1), 3)]
    hand = ids.hand((4, 5), (6, 6), (5, 6))
    state = position(ids, laid, hand)
    lay = LayCard(hand[0], (0, 2), "down")
    pv = preview(GAME.view(state, 0), lay)
    rec, _, _ = lay_and_record(state, lay)
    assert (pv.lines, pv.entry, pv.gain) == (rec.lines, rec.entry, rec.gain)


# ---- Exception: showing the hand --------------------------------------------------------


def blocked_table(ids: Ids):
    """Two 6/6 cards side by side: every row and column holds 12, so only a card with
    a blank half can be laid (the blank touching)."""
    return [ids.put((0, 0), 6, (1, 0), 6), ids.put((0, 1), 6, (1, 1), 6)]


def test_exception_show_hand_and_draw_three_from_the_set_aside_cards():
    """Exception: a player holding only cards that would make rows over twelve shows
    them, puts them with the set-aside cards and draws three new cards from there,
    repeating if necessary until he can play; the shown hand is public while shown."""
    ids = Ids()
    laid = blocked_table(ids)
    hand = ids.hand((1, 2), (2, 3), (3, 4))
    stack = ids.hand((1, 1), (2, 2), (4, 4), (5, 5), (1, 5), (0, 3), (2, 4))
    state = position(ids, laid, hand, set_aside=stack)
    assert GAME.legal_actions(state, 0) == (ShowHand(),)
    assert refused(state, Pass()).code == "must-show"
    assert refused(state, LayCard(hand[0], (0, 2), "right")).code == "over-12"
    state, events = GAME.apply(state, 0, ShowHand())
    assert isinstance(events[0], HandShown) and [c.id for c in events[0].cards] == list(hand)
    assert state.hands[0] == stack[:3] and state.set_aside == stack[3:] + hand  # shown go under
    assert state.current == 0
    for seat in (0, 1, None):  # public while shown
        view = GAME.view(state, seat)
        assert [c.id for c in view.shown] == list(hand) and view.shown_by == 0
    assert GAME.project_event(events[1], 1).cards == () and GAME.project_event(events[1], 0).cards
    assert GAME.legal_actions(state, 0) == (ShowHand(),)  # 1/1, 2/2, 4/4: show again
    state, _ = GAME.apply(state, 0, ShowHand())
    assert state.hands[0] == stack[3:6]
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(a, LayCard) and FACES[a.card] == (0, 3) for a in legal)
    state, _ = GAME.apply(state, 0, legal[0])
    assert GAME.view(state, 1).shown == () and state.shown_by is None


def test_exception_show_hand_refused_when_a_card_can_be_laid():
    """Exception: only a player whose every card would break twelve shows his hand."""
    ids = Ids()
    laid = [ids.put((0, 0), 1, (0, 1), 1)]
    hand = ids.hand((1, 2), (2, 3), (3, 4))
    state = position(ids, laid, hand)
    assert refused(state, ShowHand()).code == "can-lay"
    assert refused(state, Pass()).code == "can-lay"


def test_exception_fallback_pass_when_no_set_aside_card_fits_and_round_ends():
    """Exception, fallback (a ruling, game.py): when no set-aside card could be laid
    either, showing cannot help: the player passes and keeps his cards; when every
    player holding cards has passed in a row the round ends ("no-card-fits") and the
    next round is dealt by the next player."""
    ids = Ids()
    laid = blocked_table(ids)
    hand = ids.hand((1, 2), (2, 3), (3, 4))
    other = ids.hand((1, 3), (2, 5), (4, 4))
    stack = tuple(i for i in range(50) if i not in ids.used and 0 not in FACES[i])
    state = position(ids, laid, hand, others={1: other}, set_aside=stack)
    assert GAME.legal_actions(state, 0) == (Pass(),)
    assert refused(state, ShowHand()).code == "can-lay"
    state, events = GAME.apply(state, 0, Pass())
    assert state.current == 1 and state.hands[0] == hand and state.round == 1
    state, events = GAME.apply(state, 1, Pass())
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert ended and ended[0].reason == "no-card-fits" and ended[0].round == 1
    assert state.round == 2 and state.dealer == 1 and state.current == 1 and state.laid == ()


def test_exception_showing_always_ends_the_set_aside_stack_is_worked_through():
    """Exception ("repeated until he can play"): shown cards go under the stack, so a
    playable set-aside card is reached after at most ceil(stack / 3) showings."""
    ids = Ids()
    laid = blocked_table(ids)
    hand = ids.hand((1, 2), (2, 3), (3, 4))
    rest = [i for i in range(50) if i not in ids.used and 0 not in FACES[i]]
    blank = next(i for i in range(50) if i not in ids.used and FACES[i] == (0, 6))
    stack = tuple(rest) + (blank,)
    state = position(ids, laid, hand, set_aside=stack)
    shows = 0
    while GAME.legal_actions(state, 0) == (ShowHand(),):
        state, _ = GAME.apply(state, 0, ShowHand())
        shows += 1
    assert shows <= -(-len(stack) // 3) + 1
    assert blank in state.hands[0]


# ---- End of the Game: rounds --------------------------------------------------------------


def play_game(seats, seed):
    state = GAME.setup(ZatreCardsOptions(), seats, seed)
    bots = [GAME.bots["easy"]() for _ in range(seats)]
    import random
    rng = random.Random(seed)
    history = [(state, ())]
    while not GAME.is_over(state):
        seat = state.current
        action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, events = GAME.apply(state, seat, action)
        history.append((state, events))
    return history


@pytest.mark.parametrize("seats", [2, 4])
def test_end_rounds_as_many_as_players_dealer_rotates_cards_change(seats):
    """End of the Game / Setup: the round ends when all its cards are laid; the table
    is cleared; round 2 uses the set-aside cards; rounds 3 and 4 shuffle all 50 again;
    as many rounds as players; each round dealt (and started) by the next player."""
    history = play_game(seats, 11)
    starts = [(e, s) for s, evs in history for e in evs if isinstance(e, RoundStarted)]
    assert [e.round for e, _ in starts] == list(range(2, seats + 1))
    assert [e.dealer for e, _ in starts] == list(range(1, seats))
    ends = [e for _, evs in history for e in evs if isinstance(e, RoundEnded)]
    assert [e.round for e in ends] == list(range(1, seats + 1))
    assert all(e.reason == "all-laid" for e in ends)
    # round 2's cards are round 1's set-aside cards
    before = next(s for (s, evs), (nxt, nevs) in zip(history, history[1:])
                  if any(isinstance(e, RoundStarted) for e in nevs))
    after = starts[0][1]
    dealt = {c for h in after.hands for c in h} | {c for p in after.piles for c in p}
    assert dealt <= set(before.set_aside)
    assert after.laid == () and after.current == after.dealer == 1
    final = history[-1][0]
    assert final.over and len(final.round_points) == seats
    result = GAME.result(final)
    for score in result.scores:
        assert score.total == final.sheets[score.seat].total() == sum(p for _, p in score.parts)
        assert [name for name, _ in score.parts] == [f"round {r}" for r in range(1, seats + 1)]


# ---- Views -------------------------------------------------------------------------


def test_views_hidden_things_have_no_field():
    """design.md: other hands, piles, the set-aside order and the RNG have no field in
    a view; a seat sees its own hand only; dealt cards are projected to their owner."""
    names = {f.name for f in attrs.fields(ZatreCardsView)}
    assert not names & {"hands", "piles", "set_aside", "rng"}
    state = GAME.setup(ZatreCardsOptions(), 3, 2)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert [c.id for c in view.hand] == (list(state.hands[seat]) if seat is not None else [])
        blob = repr(CONVERTER.unstructure(view))
        assert str(state.rng.state) not in blob
    drawn = CardsDrawn(0, 3, "deal", tuple(GAME.view(state, 0).hand))
    assert GAME.project_event(drawn, 1).cards == () and GAME.project_event(drawn, 0) == drawn


def test_hints_agree_with_the_legal_actions():
    """For the table: hint_cells for a card and orientation are exactly the cells of
    the legal layings of that card in that orientation, and check() says why others
    are refused."""
    history = play_game(2, 4)
    state = history[20][0]
    view = GAME.view(state, state.current)
    legal = GAME.legal_actions(state, state.current)
    for c in view.hand:
        for o in ("right", "down", "left", "up"):
            cells = hint_cells(view, c.id, o)
            want = {a.cell for a in legal if a.card == c.id and a.orientation == o}
            if c.a == c.b and o in ("left", "up"):
                assert want == set()  # listed once, as right / down
            else:
                assert cells == want
            for cell in cells:
                assert check(view, LayCard(c.id, cell, o)) is None


def test_opening_hints_agree_with_the_legal_openings():
    """For the table, Gameplay (the opening): opening_hint_cells for the second card
    are the cells of the legal openings with that first card."""
    from rules.zatre_cards import opening_hint_cells
    state = GAME.setup(ZatreCardsOptions(), 3, 9)
    legal = GAME.legal_actions(state, 0)
    first = legal[0].first
    for o in ("right", "down"):
        second = next(a.second.card for a in legal if a.first == first)
        want = {a.second.cell for a in legal if a.first == first and a.second.card == second
                and a.second.orientation == o}
        assert opening_hint_cells(first, second, o) == want


def test_scoring_three_elevens_with_one_card_are_nine_points_in_one_box():
    """Scoring: "for three 11 rows he receives nine points" (one box: equal sums are
    added); three 11s are no triple score."""
    from rules.zatre_cards.scoring import score_cells
    g = {(0, 0): 4, (0, 1): 5, (0, 2): 1, (0, 3): 1,   # row 4+5+1+1 = 11
         (1, 2): 4, (2, 2): 6, (1, 3): 5, (2, 3): 5}   # columns 1+4+6, 1+5+5 = 11
    lines, entry = score_cells(g, [(0, 2), (0, 3)])
    assert [line.total for line in lines] == [11, 11, 11]
    assert entry == SheetEntry(0, 9, 0, 0)


# ---- reference/zatre.md rulings C1 and C2 (issue 8 §3) -------------------------------


def test_ruling_c1_a_zero_at_the_end_of_a_row_of_12_does_not_score_it_again():
    """Ruling C1 (issue 8 §3): a row scores only if the card changes its total. Table
    6/6 at (0,0)-(0,1); a 0/3 laid with the 0 at (0,2) (the 3 below it) leaves row 0 at
    12, so the row does not score again: nothing is scored."""
    ids = Ids()
    laid = [ids.put((0, 0), 6, (0, 1), 6)]
    hand = ids.hand((0, 3), (1, 1), (2, 2))
    state = position(ids, laid, hand)
    lay = lay_of(hand[0], (0, 2), 0, (1, 2))
    assert preview(GAME.view(state, 0), lay).gain == 0
    rec, _, _ = lay_and_record(state, lay)
    assert rec.lines == () and rec.entry == SheetEntry(0, 0, 0, 0) and rec.gain == 0


def test_ruling_c1_a_zero_bridging_two_rows_makes_a_new_row_that_scores():
    """Ruling C1: a 0 that joins two rows into one makes a new row, whose total scores:
    5/1 (6) and 2/4 (6) in row 0 with a gap at (0,2); a 0/3 laid with the 0 there makes
    one row of 12: 5 points."""
    ids = Ids()
    laid = [ids.put((0, 0), 5, (0, 1), 1), ids.put((0, 3), 2, (0, 4), 4)]
    hand = ids.hand((0, 3), (1, 1), (2, 2))
    state = position(ids, laid, hand)
    lay = lay_of(hand[0], (0, 2), 0, (1, 2))
    rec, _, _ = lay_and_record(state, lay)
    assert [(line.cells, line.total) for line in rec.lines] == [
        (((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), 12)]
    assert rec.entry == SheetEntry(0, 0, 5, 0)


def test_ruling_c1_a_card_extending_a_row_to_its_total_scores():
    """Ruling C1: "extends rows to such a total": a 1/3 laid with the 1 after a row of
    5/5 (10 -> 11) scores the row's new 11."""
    ids = Ids()
    laid = [ids.put((0, 0), 5, (0, 1), 5)]
    hand = ids.hand((1, 3), (1, 1), (2, 2))
    state = position(ids, laid, hand)
    lay = lay_of(hand[0], (0, 2), 1, (1, 2))
    rec, _, _ = lay_and_record(state, lay)
    assert [line.total for line in rec.lines] == [11] and rec.entry == SheetEntry(0, 3, 0, 0)


def test_ruling_c2_the_opening_counts_as_one_laying_for_the_super_bonus():
    """Ruling C2: the opening counts as one laying: its two cards together may earn the
    super bonus. 6/6 over 5/5 makes rows 12 and 10 and columns 11 and 11: a 10, an 11
    and a 12, so one super bonus (6 points), as for one card."""
    ids = Ids()
    hand = ids.hand((6, 6), (5, 5), (1, 1), (2, 2))
    state = position(ids, (), hand, seat=0)
    opening = LayOpening(LayCard(hand[0], (0, 0), "right"), LayCard(hand[1], (1, 0), "right"))
    assert opening in GAME.legal_actions(state, 0)
    new, _ = GAME.apply(state, 0, opening)
    rec = new.log[-1]
    assert sorted(line.total for line in rec.lines) == [10, 11, 11, 12]
    assert rec.entry.supers == 1 and ("super", PRINTED_ROWS) in rec.rows
