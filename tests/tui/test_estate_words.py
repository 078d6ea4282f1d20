"""Estate's table in words, without the app (issue 10, "The table (tui)"): the log
agrees with "You", a payment question names its resources, a card that cannot be played
says why, the pages show only what the view holds."""

from __future__ import annotations

import attrs

from rules.estate import GAME
from rules.estate.data import CARDS, card
from rules.estate.effects import Question
from rules.estate.state import Answer, EndTurn, EstateOptions, SetupEvent, TakeBack
from tui.estate import board, words


def opening(seats: int = 3, seed: int = 4):
    return GAME.setup(EstateOptions(leaders="random"), seats, seed)


def test_the_log_says_you_and_hides_private_cards():
    """E-R32: a private pick shows its card only to its picker; "You" takes its verb."""
    names = ("Ann", "Bob")
    pick = SetupEvent(1, "picked a card", ("E-C01-1",), True)
    assert words.event_line(pick, names, 1) == "You picked a card: Actor"
    assert words.event_line(pick, names, 0) == "Bob picked a card"
    assert words.event_line(SetupEvent(0, "gathers at Iron Seam"), names, 0) == "You gather at Iron Seam"
    assert words.event_line(SetupEvent(1, "is the first player"), names, 1) == "You are the first player"


def test_a_payment_question_names_its_resources():
    """The vocabulary's pay (E-V3) asks "pay {'I': 1}?": the table says "pay 1 Iron?"."""
    view = GAME.view(opening(), 0)
    asked = attrs.evolve(view, question=Question(0, "yes_no", (True, False), "pay {'I': 1}?"))
    assert words.question_text(asked).startswith("? pay 1 Iron?")
    assert [words.answer_text(v, asked) for v in (True, False)] == ["Yes", "No"]


def test_a_tuck_question_names_each_card_and_where_it_comes_from():
    """E-V10: a tuck asks for a card with its place, ``("hand", copy)``; the Do list says
    it in words (it once failed to fill, leaving the Do list empty mid-game)."""
    view = GAME.view(opening(), 0)
    actor = "E-C01-1"
    asked = attrs.evolve(view, question=Question(0, "card", ("none", ("hand", actor), ("market", actor)), "tuck"))
    assert words.action_text(Answer(("hand", actor)), asked) == "Actor from your hand"
    assert words.action_text(Answer(("market", actor)), asked) == "Actor from the Market"
    assert words.action_text(Answer("none"), asked) == "None"
    assert words.answer_preview(("hand", actor), asked) == words.card_text(actor)


def test_end_turn_and_take_back_are_said_in_words():
    """E-R10: after the action the turn ends by EndTurn; pitfall E-11: TakeBack undoes
    the latest conversion or storage move."""
    view = GAME.view(opening(), 0)
    assert words.action_text(EndTurn(), view) == "End turn"
    assert words.action_text(TakeBack(), view) == "Take back"
    assert "End your turn" in words.preview(EndTurn(), view)
    assert "Take back your latest conversion" in words.preview(TakeBack(), view)


def test_a_card_that_cannot_be_played_says_why():
    """E-R9 (7 cards a track) and E-R11 (the cost from supply and stored resources)."""
    view = GAME.view(opening(), 0)
    est = view.estates[0]
    poor = attrs.evolve(view, estates=(attrs.evolve(est, res=(0, 0, 0, 0), stored=()), *view.estates[1:]))
    farm = next(c.id for c in CARDS.values() if c.name == "Farm") + "-1"
    assert words.why_not(poor, 0, farm) == "short of 1 Stone 1 Wood (costs 1 Stone 1 Wood)"
    seven = tuple(f"{farm[:-2]}-{k}" for k in range(1, 8))
    full = attrs.evolve(view, estates=(attrs.evolve(est, cards=seven), *view.estates[1:]))
    assert words.why_not(full, 0, farm) == f"your {card(farm).track} track is full (7 cards)"


def test_the_pages_show_only_the_viewers_own_packet_and_hand():
    """E-F14, E-R32: the draft page lists the viewer's packet; other seats' packets and
    hands are only counted."""
    state = opening()
    while state.phase != "draft":
        seat = min(GAME.active_seats(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    names = ("Ann", "Bob", "Cy")
    mine, theirs = GAME.view(state, 0), state.draft.packets[1]
    page = board.hand_page(mine, names)
    assert all(card(c).name in page for c in mine.packet)
    assert "pass the rest to Bob" in page and "Packets now: Ann 5, Bob 5, Cy 5" in page
    assert not set(theirs) & set(mine.packet)
    assert "hand 0" in board.others_page(mine, names, (None, None, None))
