"""The ends and rare rules in words, from the rules' events (issue 8 §4): Zatre's
premature end and the deal-out of the bag ("End of the Game", second paragraph), a tie
in the draw for first player ("The Game Begins"), the card game's shown hand and pass
(Gameplay, Exception), the ends of its rounds and of the game ("End of the Game"), and
why a tile laid where no legal turn goes on is refused (How to Place a Tile, rule 7)."""

from __future__ import annotations

import random

from rules.zatre import GAME, PlaceTiles, PrematureEnd
from rules.zatre import words as zatre_words
from rules.zatre.state import Placement
from rules.zatre_cards import GAME as CARDS, ZatreCardsOptions
from rules.zatre_cards import words as card_words
from rules.zatre_cards.cards import card
from rules.zatre_cards.state import GameEnded as CardsEnded, HandShown, Passed, RoundEnded
from tests.rules.zatre_support import position

WALL = {(2, 6): 6, (2, 7): 6, (3, 6): 6, (3, 7): 6}
"""A 2x2 block of 6s: no tile fits anywhere next to it."""


def test_premature_end_event_says_how_many_tiles_went_to_whom():
    """End of the Game: "players must draw the remaining tiles out of the bag in turns,
    one after another": the event says the bag (5), who got how many (from seat 1 on:
    3 and 2) and whom the deal started with; the words say it all, and the end."""
    state = position(WALL, (1, 2), others={1: ()}, bag=(0, 0, 0, 0, 5, 0))
    state, events = GAME.apply(state, 0, PlaceTiles(()))
    premature = next(e for e in events if isinstance(e, PrematureEnd))
    assert premature == PrematureEnd(bag=5, dealt=(2, 3), first=1)
    assert GAME.project_event(premature, 0) == premature  # public: counts only
    text = zatre_words.event_text(premature, ("Ann", "Bob"))
    assert text.startswith("No tile fits anywhere on the board any more: the game ends early")
    assert "The 5 tiles left in the bag are dealt out one at a time, from Bob on: 2 to Ann, 3 to Bob" in text
    assert "minus points" in text
    line = zatre_words.event_line(premature, ("Ann", "Bob"))
    assert line == "no tile fits: the game ends early; 5 tiles dealt out: 2 to Ann, 3 to Bob (minus points)"
    assert zatre_words.story_lines(events, ("Ann", "Bob")) == [text]
    assert zatre_words.ending_text(events) == "no tile fits: ended early"
    said = GAME.describe("Ann", PlaceTiles(()), events)
    assert "no tile fits anywhere: the game is over" in said
    assert "from seat 2 on: 2 to seat 1, 3 to seat 2" in said  # (a turn's words name one player)


def test_last_tile_end_is_said():
    """End of the Game: "The game is over when a player draws the last tile out of the bag"."""
    state = position({(4, 5): 1}, (1,), others={1: ()}, bag=(1, 0, 0, 0, 0, 0))
    state, _ = GAME.apply(state, 0, PlaceTiles((Placement((4, 6), 1),)))
    state, events = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert GAME.is_over(state)
    assert zatre_words.story_lines(events, ("Ann", "Bob")) == [
        "The last tile is drawn and its turn played: the game is over (End of the Game)."]
    assert zatre_words.ending_text(events) == "the last tile is drawn"


def test_a_tie_in_the_draw_for_first_player_is_said():
    """The Game Begins: "If more than one player draws an equally high number, each of
    these players continues drawing"; the words name the tie and who begins."""
    opening = ((0, 5), (1, 5), (2, 2), (0, 6), (1, 2))
    names = ("Ann", "Bob", "Cy")
    assert zatre_words.draw_rounds(opening, 3) == [[(0, 5), (1, 5), (2, 2)], [(0, 6), (1, 2)]]
    assert zatre_words.first_player_tie(opening, 3)
    assert zatre_words.opening_text(opening, names) == (
        "Draw for first player: Ann 5, Bob 5, Cy 2; Ann and Bob tie at 5 and draw again: "
        "Ann 6, Bob 2: Ann begins.")
    assert zatre_words.story_lines((), names, opening)[0].startswith("Draw for first player")
    assert zatre_words.opening_text(((0, 3), (1, 5)), ("Ann", "Bob")) == (
        "Draw for first player: Ann 3, Bob 5: Bob begins.")
    assert zatre_words.story_lines((), ("Ann", "Bob"), ((0, 3), (1, 5))) == []  # no tie: not told
    # a real setup with a tie: its draw reads the same way
    for seed in range(200):
        state = GAME.setup(GAME.options_type(), 4, seed)
        if zatre_words.first_player_tie(state.opening, 4):
            text = zatre_words.opening_text(state.opening, ("A", "B", "C", "D"))
            assert "draw again" in text and text.endswith(f"{'ABCD'[state.current]} begins.")
            break
    else:
        raise AssertionError("no tie in 200 seeds")


def test_the_card_games_shown_hand_pass_and_ends_are_said():
    """Gameplay, Exception (a hand shown; a pass when no set-aside card would fit),
    and End of the Game (a round ends when every card is laid, or early when none fits;
    the game after as many rounds as players)."""
    names = ("Ada", "Ben")
    cards = (card(0), card(1))
    shown = HandShown(1, cards)
    text = card_words.event_text(shown, names)
    assert text.startswith("Ben could lay none of ") and "(Gameplay, Exception)" in text
    assert card_words.event_line(shown, names).endswith("draws 3 (Exception)")
    assert card_words.event_text(Passed(0, ), names).startswith("Ada passes: no card in hand fits")
    early = RoundEnded(2, (10, 12), "no-card-fits")
    assert card_words.event_text(early, names).startswith("Round 2 ends early: no card in any hand fits")
    assert card_words.event_text(RoundEnded(1, (30, 25), "all-laid"), names) == (
        "Round 1 is over: every card is laid. Points this round: Ada 30, Ben 25.")
    story = card_words.story_lines((shown, shown, Passed(0), early, CardsEnded(2)), names)
    assert story == [
        "Ben showed the hand twice: no card of it could be laid (Gameplay, Exception).",
        "Ada passed once: no card in hand or set aside fit.",
        "Round 2 ended early: no card fitted any more; the cards left were taken off (no minus points).",
        "The game is over: all 2 rounds are played, as many as there are players (End of the Game).",
    ]


def test_the_card_games_end_event_says_how_many_rounds():
    """End of the Game: "Depending on the number of players, the game ends after two,
    three or four rounds": the last event of a whole game says how many were played."""
    state = CARDS.setup(ZatreCardsOptions(), 3, 4)
    rng = random.Random(4)
    while not CARDS.is_over(state):
        seat = next(iter(CARDS.active_seats(state)))
        state, events = CARDS.apply(state, seat, rng.choice(CARDS.legal_actions(state, seat)))
    assert events[-1] == CardsEnded(3)
    assert card_words.ending_text(events) == "all 3 rounds played"


def test_why_a_tile_on_an_unscored_light_cell_is_refused_names_rule_7():
    """How to Place a Tile, rule 7: a tile may go on a light cell only if it forms a 10,
    11 or 12 there; a 2 laid on light (6, 6) beside a 1 scores nothing, and both tiles
    fit dark cells, so no legal turn goes on from there: the refusal is rule 7's."""
    state = position({(7, 6): 1}, (2, 3))
    view = GAME.view(state, 0)
    pending = (Placement((6, 6), 2),)
    assert not any(set(pending) <= set(a.placements) for a in GAME.legal_actions(state, 0))
    refusal = zatre_words.why_not_here(view, pending)
    assert refusal.code == "light-cell" and refusal.rule.endswith("rule 7")


def test_why_a_tile_leaving_too_few_places_is_refused_names_rule_5():
    """How to Place a Tile, rule 5: "If possible, you must place both tiles". With 6
    and 2 in hand both can go on (a legal turn lays two), but a 2 laid on (4, 7), atop
    the column 1 6 2, leaves no place for the 6: the refusal is rule 5's, with the
    numbers."""
    board = {(5, 6): 5, (5, 7): 1, (5, 8): 5, (6, 6): 3, (6, 7): 6, (6, 8): 1, (7, 6): 2,
             (7, 7): 2, (7, 8): 4, (7, 9): 3, (8, 8): 2, (8, 9): 5, (8, 10): 5, (9, 10): 5,
             (9, 11): 5, (9, 12): 2, (10, 11): 1, (10, 12): 6, (10, 13): 4, (11, 12): 4,
             (11, 13): 5}
    state = position(board, (6, 2))
    assert len(GAME.legal_actions(state, 0)[0].placements) == 2
    refusal = zatre_words.why_not_here(GAME.view(state, 0), (Placement((4, 7), 2),))
    assert refusal.code == "place-more" and refusal.rule.endswith("rule 5 and its Exception")
    assert refusal.message == ("You must place as many tiles as possible: 2 of your tiles can "
                               "go on the board, and from here only 1 can.")
