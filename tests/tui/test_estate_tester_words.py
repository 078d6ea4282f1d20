"""The Estate table's words after a fresh player-tester's findings on main (briefs
tester-estate-1, items 4, 5, 6, 9, 12, 13, 14): the Do list, the previews, the
questions, the log and the pages say what the rules do, in the players' words
(rulebook Play, Solo; reference E-F41, E-R20, E-R21, E-R28, E-R32, §6.2)."""

from __future__ import annotations

import random
import re
from typing import Iterator

import pytest

from rules.estate import StrongBot
from rules.estate import game as estate
from rules.estate.state import EstateOptions
from tui.estate import board, words

REFERENCE_ID = re.compile(r"\b(?:E-[A-Z]*\d|pitfall)")
"""A reference id (``E-R10``, ``E-C12-3``, ``pitfall E-11``): never on the players' screen."""


def texts(view, seat, names, legal, events) -> Iterator[str]:
    """Every text the Estate table (tui/estate/table.py) makes of one snapshot."""
    for event in events:
        yield words.event_line(estate.project_event(event, seat), names, seat)
    if view.question is not None:
        yield words.question_text(view)
    for action in legal:
        yield words.preview(action, view)
        yield words.action_text(action, view, names)
    if view.estates:
        yield board.hand_page(view, names)
        yield board.realm_page(view, names)
        yield board.market_page(view, names)
        yield board.others_page(view, names, [None] * view.seats)
        yield board.estate_page(view, seat if seat is not None else 0, names)
        for copy in view.estates[seat].hand if seat is not None else ():
            yield words.why_not(view, seat, copy)


def every_text(seed: int, seats: int) -> Iterator[str]:
    """Every text of every seat's view of every version of a strong-bot game."""
    state = estate.new_game(EstateOptions(leaders="random"), seats, seed)
    names = ["You", *(f"Player {s + 1}" for s in range(1, seats))]
    bot, rng, events = StrongBot(), random.Random(seed), ()
    while not estate.is_over(state):
        active = estate.active_seats(state)
        for seat in (None, *range(seats)):
            legal = estate.legal_actions(state, seat) if seat in active else ()
            yield from texts(estate.view(state, seat), seat, names, legal, events)
        seat = min(active)
        state, events = estate.apply(state, seat, bot.choose(estate.view(state, seat),
                                                             estate.legal_actions(state, seat), rng))
    for seat in (None, *range(seats)):
        yield from texts(estate.view(state, seat), seat, names, (), events)


@pytest.mark.parametrize("seed, seats", [(12, 4), (1, 1), (5, 1)])
def test_no_reference_id_and_no_third_person_after_you_on_the_table(seed, seats):
    """Tester item 12 ("refilled (E-R10, E-R15)", "Take back ... (pitfall E-11)"): no
    reference id in any text of the table over whole games; item 16: the viewer's own
    seat ("You") never takes a third-person verb in the log."""
    for text in every_text(seed, seats):
        assert not REFERENCE_ID.search(text), text
        assert not re.search(r"\bYou (?:is|\w*[^s\W]s)\b", text), text


# ---- item 6 on the Market page, item 13: the game-over Market page ---------------------

def test_the_market_page_says_what_second_and_third_earned():
    """Tester item 6 (E-F41): "Ada 2nd (tie) 0 VP" becomes what 2nd earned: 1 card and
    1 resource (each of a tie, in full); 3rd 1 card; Era 5 in VP only."""
    import attrs
    st = estate.new_game(EstateOptions(leaders="random"), 3, 4)
    view = attrs.evolve(estate.view(st, 0), era=5, era_events=st.events, places=((1, 2, 2), (1, 2, 3),
                                                                                 (2, 1, 3), (3, 1, 2)))
    text = board.market_page(view, ("You", "Ada", "Cleo"))
    assert "You 1st 6 VP, Ada 2nd (tie) 1 card and 1 resource, Cleo 2nd (tie) 1 card and 1 resource" in text
    assert "You 1st 6 VP, Ada 2nd 1 card and 1 resource, Cleo 3rd 1 card" in text
    assert not any("0 VP" in line for line in text.splitlines() if line.startswith("Era "))


def lost_solo_game(seed: int):
    """A solo strong-bot game played to its end; its final state."""
    state = estate.new_game(EstateOptions(leaders="random"), 1, seed)
    bot, rng = StrongBot(), random.Random(seed)
    while not estate.is_over(state):
        state, _ = estate.apply(state, 0, bot.choose(estate.view(state, 0), estate.legal_actions(state, 0), rng))
    return state


def test_the_game_over_market_page_is_not_stale():
    """Tester item 13 (E-R21): after a lost solo game the Market page no longer says
    "Objective: you 0, needs 2 (not yet)" nor "Eras to come: 5": the game is over after
    its last Era, every objective's result is listed, the Eras not played are said."""
    import attrs
    state = lost_solo_game(1)
    view = estate.view(state, 0)
    assert view.phase == "over"
    lost = attrs.evolve(view, era=3, places=((0,), (0,), (0,)), era_events=(*view.era_events[:3], "", ""))
    text = board.market_page(lost, ("You",))
    assert text.startswith("Game over after Era 3 of 5")
    assert "Objective: you" not in text and "Eras to come" not in text
    assert "objective failed (3 of 3)" in text and "Eras 4, 5 not played: the game ended early" in text
    full = board.market_page(view, ("You",))
    assert "Objective: you" not in full and "Eras to come" not in full
    assert full.count("): objective ") == view.era


# ---- item 9: a Market card while drawing -----------------------------------------------

def test_a_market_card_to_draw_is_named_first():
    """Tester item 9 (E-R14, E-R32: the Market is face up): the Draw list's Market entry
    begins with the card's name ("Woodcutter from the Market"), so a narrow Do list
    wraps the words after it, never the name out of sight."""
    import attrs

    from rules.estate.data import card
    from rules.estate.effects import Question
    from rules.estate.state import Answer
    st = estate.new_game(EstateOptions(leaders="random"), 1, 2)
    copy = next(c for c in st.table.deck if card(c).name == "Woodcutter")
    view = attrs.evolve(estate.view(st, 0), question=Question(0, "draw", ("deck", copy), "draw from"),
                        question_from="draw")
    assert words.action_text(Answer(copy), view) == "Woodcutter from the Market"
    assert words.action_text(Answer("deck"), view) == "The deck's top card"


# ---- item 14: a Produce that yields nothing; a player away on the Others page ---------

def pious_one_in_turns():
    """A solo game led by the Pious One (no Production card in its Starting Build),
    played to its first turn; the state."""
    from rules.estate.state import ChooseLeader
    state = estate.new_game(EstateOptions(leaders="choose"), 1, 3)
    rng = random.Random(3)
    while state.phase != "turns":
        legal = estate.legal_actions(state, 0)
        pious = [a for a in legal if isinstance(a, ChooseLeader) and a.leader == "E-L3"]
        state, _ = estate.apply(state, 0, pious[0] if pious else rng.choice(legal))
    return state


def test_a_produce_with_nothing_to_activate_says_it_yields_nothing():
    """Tester item 14: the Pious One with no Production card is offered Produce (E-R10:
    Draw and Produce are always legal, even when they yield nothing); the entry and its
    preview say it yields nothing and uses a worker; with a Production card they do not."""
    import attrs

    from rules.estate.data import card
    from rules.estate.state import Produce
    state = pious_one_in_turns()
    est = state.table.estates[0]
    bare = attrs.evolve(est, cards=tuple(c for c in est.cards if card(c).track != "Production"))
    state = attrs.evolve(state, table=state.table.set(0, bare))  # "time: none."
    view = estate.view(state, 0)
    assert view.estates[0].leader == "E-L3" and view.estates[0].cards
    assert Produce() in estate.legal_actions(state, 0)  # E-R10: still legal
    assert words.action_text(Produce(), view) == "Produce: yields nothing (no Production card)"
    assert "uses a worker and yields nothing" in words.preview(Produce(), view)
    farm = next(c for c in state.table.deck if card(c).name == "Farm")
    est = attrs.evolve(view.estates[0], cards=(*view.estates[0].cards, farm))
    with_farm = attrs.evolve(view, estates=(est,))
    assert "yields nothing" not in words.action_text(Produce(), with_farm)
    assert "yields nothing" not in words.preview(Produce(), with_farm)
    used = attrs.evolve(with_farm, activated=(farm,))  # activated already in this action
    assert "yields nothing" in words.action_text(Produce(), used)


def test_the_others_page_marks_a_player_away():
    """Tester item 14: a dropped LAN player is marked on the Others page ("Dev ·
    Warlord ◀ to act · away, held 1:42 more"), from the table's own note on the seat."""
    state = estate.new_game(EstateOptions(leaders="random"), 3, 12)
    while state.phase != "turns":
        seat = min(estate.active_seats(state))
        state, _ = estate.apply(state, seat, estate.legal_actions(state, seat)[0])
    view = estate.view(state, 0)
    names = ("You", "Ben", "Dev")
    page = board.others_page(view, names, [None] * 3, ["", "", "away, held 1:42 more"])
    dev = next(line for line in page.splitlines() if line.startswith("Dev"))
    ben = next(line for line in page.splitlines() if line.startswith("Ben"))
    assert dev.endswith("· away, held 1:42 more") and "away" not in ben
    assert "away" not in board.others_page(view, names, [None] * 3)


# ---- items 4 and 5: what an "up to" discard took so far; the Solo Mode card that asks --

def test_an_up_to_discard_says_what_went_so_far_and_a_solo_card_names_itself():
    """Tester item 4 (§6.2 E-S3 "discard up to 2"): the question says
    "Discarded so far: Iron"; item 5 (E-R28): a question asked by a Solo Mode card
    revealed in a Market refill names it ("? discard which (Thief)", its text after),
    not only "Refilling the Market"."""
    import attrs

    from rules.estate.effects import Question
    st = estate.new_game(EstateOptions(leaders="random"), 1, 2)
    view = attrs.evolve(estate.view(st, 0), question=Question(0, "resource", ("S", "G"), "discard",
                                                              chosen=("I",)), question_from="E-S3")
    text = words.question_text(view)
    assert text.startswith("? discard which") and "(or stop)" not in text and "Bandit Roads" in text
    assert text.endswith("Discarded so far: Iron")
    thief = attrs.evolve(view, question=Question(0, "resource", ("I", "S"), "discard", by="E-C48-1"),
                         question_from="refill")
    text = words.question_text(thief)
    assert text.startswith("? discard which (Thief)")
    assert "Thief, a Solo Mode card revealed from the deck while refilling the Market: " in text
    assert "lose 1 resource" in text
