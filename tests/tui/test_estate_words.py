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


def test_the_log_tells_a_solo_mode_card_by_name():
    """Issue 10, E-R28: a Solo Mode card revealed is a public line of its own, named once."""
    told = SetupEvent(-1, "Thief (Solo Mode card) takes 1 Iron", ("E-C48-1",))
    assert words.event_line(told, ("You",), 0) == "Thief (Solo Mode card) takes 1 Iron"
    assert words.event_line(told, ("Ann",), None) == "Thief (Solo Mode card) takes 1 Iron"


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


def test_gather_entries_say_what_you_take_and_draw_one_card_is_singular():
    """Tester item 3: ``Gather: Iron Seam: 1 Iron here + 1 from the supply`` (E-B1: every
    Iron there and 1 more), a plain space its gain; "Draw 1 card" (Noble value 1)."""
    from rules.estate.state import Draw, Gather
    view = GAME.view(opening(), 0)
    view = attrs.evolve(view, accumulated=(1, 2, 0, 0))
    assert words.action_text(Gather("E-B1"), view) == "Gather: Iron Seam: 1 Iron here + 1 from the supply"
    assert words.action_text(Gather("E-B9"), view) == "Gather: Alms Box: gain 1 Gold"
    leader = view.estates[0].leader
    from rules.estate.data import CONTENT
    cubes = next(k for k in range(8) if CONTENT.leaders[leader].tracks["Noble"].value(k) == 1)
    est = attrs.evolve(view.estates[0], cubes=(0, cubes, 0))
    one = attrs.evolve(view, estates=(est, *view.estates[1:]))
    assert words.preview(Draw(), one).startswith("Draw 1 card (Noble value 1)")
    assert words.action_text(Draw(), one) == "Draw 1 card"


def test_partial_is_explained_in_the_card_text_and_on_the_rules_page():
    """Tester item 3 (reference "Source marks": partial = some facts from the rulebook)."""
    from pathlib import Path
    partial = next(c for c in CARDS.values() if c.source == "partial")
    assert "[partial: part rulebook, rest designed]" in words.card_text(f"{partial.id}-1")
    rules_page = (Path(words.__file__).parent / "rules.md").read_text(encoding="utf-8")
    assert "[partial: part rulebook, rest designed]" in rules_page


def test_the_market_page_keeps_past_eras_results():
    """Tester item 1 (E-R20, E-R21): each past Era's places and VP (a tie marked, its
    shared VP); solo met or failed with the failures so far."""
    st = opening()
    names = ("Ann", "Bob", "Cy")
    view = attrs.evolve(GAME.view(st, 0), era=2, era_events=(st.events[0], st.events[1], "", "", ""),
                        places=((1, 1, 3),))
    text = board.market_page(view, names)
    assert "── Past Eras' objectives:" in text
    assert "Era 1 (Era of Famine): Ann 1st (tie) 3 VP, Bob 1st (tie) 3 VP, Cy 3rd 1 card" in text
    solo = GAME.setup(EstateOptions(leaders="random"), 1, 2)
    sv = attrs.evolve(GAME.view(solo, 0), era=3, era_events=(*solo.events[:3], "", ""),
                      places=((0,), (1,)))
    text = board.market_page(sv, ("You",))
    assert "Era 1 (" in text and "objective failed (1 of 3)" in text and "objective met, 6 VP" in text


def test_the_market_pages_past_eras_are_listed_by_place():
    """Issue 10 (E-R20): 2nd never comes before 1st on the Market page's past Eras, a tie
    group stays together."""
    st = opening(4)
    names = ("Ann", "Bob", "Cy", "Di")
    view = attrs.evolve(GAME.view(st, 0), era=2, era_events=(st.events[0], st.events[1], "", "", ""),
                        places=((4, 2, 1, 2),))
    line = next(x for x in board.market_page(view, names).splitlines() if x.startswith("Era 1 ("))
    assert line.index("Cy 1st") < line.index("Bob 2nd (tie)") < line.index("Di 2nd (tie)") < line.index("Ann 4th")


def test_convert_never_offers_getting_what_it_gives():
    """Tester item 3: ``Convert Iron Stone Grain → 1 Iron`` is not offered."""
    from rules.estate.state import Convert
    from tui.estate.convert import useful
    offered = useful([Convert(("I", "S", "G"), "I"), Convert(("I", "S", "G"), "W"), Convert(("I", "I", "I"), "I")])
    assert offered == [Convert(("I", "S", "G"), "W")]


def test_option_help_is_in_players_words():
    """Tester item 3: the lobby's ``/help`` shows no reference ids like ``(E-R1)``."""
    import re
    from rules.core import option_specs
    for spec in option_specs(EstateOptions):
        assert not re.search(r"E-[A-Z]+\d", spec.help), spec


def test_workers_are_home_at_era_start():
    """Tester item 3 (rulebook Era Reset, E-F40 / E-R19 (3)): at the next Era's start
    (a solo A/B choice on screen) no worker of the last Era stands on a space."""
    from rules.estate import eras
    st = GAME.setup(EstateOptions(leaders="random"), 1, 2)
    st = attrs.evolve(st, era=1, phase="era_end", closing=True, occupied=(("E-B1", 0),),
                      queue=(eras._marker("reset"),), pending=None)
    st = eras.progress(st)
    assert st.phase == "era_start" and st.choosing
    assert GAME.view(st, 0).occupied == ()


def test_a_lost_solo_game_says_the_loss_before_the_ladder():
    """Tester item 3 (E-F46, E-F50): after a loss the story says it, and the title ladder
    follows only under its own heading."""
    from types import SimpleNamespace
    from rules.core import Result, SeatScore
    from tui.estate.results import solo_story
    lost = SimpleNamespace(result=Result((SeatScore(0, 12, (), ("lost: three Era Objectives failed",)),), frozenset()))
    lines = solo_story(lost)
    assert lines[0].startswith("Lost: three Era Objectives failed") and "Titles a game that survives" in lines[1]
    won = SimpleNamespace(result=Result((SeatScore(0, 40, (), ("title: Squire",)),), frozenset({0})))
    assert solo_story(won)[0].startswith("Solo titles")


def test_a_warden_draft_entry_shows_both_names_within_the_do_list():
    """Player-tester 2, item 7 (E-R5, the Warden's draft keeps one card and tucks one):
    "Keep Surveyor, tuck" lost the tucked card's name at 80 columns; the entry now says
    both names, and within the Do list's one line where they allow."""
    from rules.estate.data import BY_NAME
    from rules.estate.state import Pick
    view = GAME.view(opening(), 0)
    first = {name: f"{c.id}-1" for name, c in BY_NAME.items()}
    short = words.action_text(Pick(first["Surveyor"], first["Farm"]), view)
    assert short == "Keep Surveyor · tuck Farm" and len(short) <= words.DO_WIDTH
    long = words.action_text(Pick(first["Charcoal Burner"], first["Place of Worship"]), view)
    assert long == "Charcoal Burner · tuck Place of Worship"
    assert words.action_text(Pick(first["Farm"]), view) == "Keep Farm"


def test_the_draft_says_which_pick_it_is_and_where_the_last_card_goes():
    """Player-tester 5, item 10: "pick 2 of 4: keep 1" read as two of four; and the
    last pick passes nothing: its other card goes to the discard pile (E-F14)."""
    from rules.estate import GAME as ESTATE
    from rules.estate.state import EstateOptions
    from tui.estate import board

    state = ESTATE.setup(EstateOptions(leaders="random"), 2, 3)
    told: dict[int, str] = {}
    while len(told) < 4:
        seat = min(ESTATE.active_seats(state))
        view = ESTATE.view(state, seat)
        if view.phase == "draft" and seat == 0 and view.packet:
            told[len(view.packet)] = " ".join(board.hand_page(view, ("Ann", "Bob")).split())
        state, _ = ESTATE.apply(state, seat, ESTATE.legal_actions(state, seat)[0])
    assert "Your first pick of 4: keep 1 of these 5, pass the rest to Bob" in told[5]
    assert "Your second pick of 4: keep 1 of these 4, pass the rest to Bob" in told[4]
    assert "Your fourth pick of 4: keep 1 of these 2, the other goes to the discard pile" in told[2]
