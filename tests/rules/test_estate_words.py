"""Estate's rules words: the events told at Era start and end, and ``describe`` (what
``parlour replay --text`` prints) (issue 10, a player-tester's items 1-3; rulebook Play:
Era End; reference E-R18-E-R21, E-R32)."""

from __future__ import annotations

import random

import attrs

from rules.estate import eras, game as G
from rules.estate.data import CONTENT
from rules.estate.state import Answer, EstateOptions, EstateState, Gather, Pick, SetupEvent


def to_turns(seats: int, seed: int = 1) -> tuple[EstateState, list]:
    """A new game played (first legal choices) until Era 1's turns begin, and its events."""
    st = G.new_game(EstateOptions(leaders="random"), seats, seed)
    rnd = random.Random(seed)
    told = []
    while st.phase != "turns":
        seat = min(G.active_seats(st))
        st, events = G.apply(st, seat, rnd.choice(list(G.legal_actions(st, seat))))
        told += events
    return st, told


def at_era_end(st: EstateState, **changes) -> EstateState:
    return attrs.evolve(st, phase="era_end", doing=None, pending=None, queue=(), offer=None, **changes)


def test_era_start_names_its_event():
    """E-R18 (1): the Era Event is revealed to all; the log names it."""
    st, told = to_turns(3)
    name = CONTENT.events[st.events[0]].name
    assert SetupEvent(-1, f"Era 1 begins: the Era Event is {name}") in told


def test_solo_era_end_says_failed_and_the_failures_so_far(monkeypatch):
    """E-R21 / E-F46: a missed solo objective is told with the count ("2 of 3"); the
    third also says the game is lost; a met one its 6 VP."""
    st, _ = to_turns(1)
    need = CONTENT.solo_events[st.events[0]].threshold
    monkeypatch.setattr(eras, "measure", lambda state, seat: need - 1)
    _, told = eras.advance(at_era_end(st, failures=1))
    whats = [e.what for e in told]
    name = CONTENT.solo_events[st.events[0]].name
    assert whats == [f"Era 1 ends ({name}): objective failed (2 of 3), measure {need - 1} of {need} needed"]
    _, told = eras.advance(at_era_end(st, failures=2))
    assert told[-1].what == "the game is lost: 3 Era Objectives failed"
    monkeypatch.setattr(eras, "measure", lambda state, seat: need)
    _, told = eras.advance(at_era_end(st, failures=2))
    assert told[0].what == f"Era 1 ends ({name}): objective met, measure {need} of {need} needed: 6 VP"


def test_multiplayer_era_end_tells_each_place_and_a_ties_share(monkeypatch):
    """E-R20 / E-F42 golden: two tied first in Eras 1-4 share the 6 VP of places 1-2 (6 + 0)
    → 3 each; the third scores 0; each seat's line is named in ``describe``."""
    st, _ = to_turns(3)
    measures = {0: 5, 1: 5, 2: 2}
    monkeypatch.setattr(eras, "measure", lambda state, seat: measures[seat])
    _, told = eras.advance(at_era_end(st))
    by_seat = {e.seat: e.what for e in told if e.seat >= 0}
    assert by_seat[0] == by_seat[1] == "is 1st with 5, tied with 1 other: a share of 3 VP"
    assert by_seat[2] == "is 3rd with 2: 1 card"  # E-F41 (tester-estate-1 item 6: not "0 VP")
    assert told[0].what == f"Era 1 ends ({CONTENT.events[st.events[0]].name}): objective results"
    names = ("Ann", "You", "Cy")
    text = G.describe("Ann", Answer("I"), told, names)
    assert "You are 1st with 5, tied" in text and "Ann is 1st with 5" in text and "Cy is 3rd with 2: 1 card" in text


def test_era_end_results_are_listed_by_place(monkeypatch):
    """E-R20 (issue 10): an Era's results are told 1st, 2nd, 3rd, whatever the seats'
    order, a tie group together (then in turn order from the first player)."""
    st, _ = to_turns(4)
    measures = {0: 1, 1: 4, 2: 2, 3: 4}
    monkeypatch.setattr(eras, "measure", lambda state, seat: measures[seat])
    _, told = eras.advance(at_era_end(st, first=2))
    lines = [(e.seat, e.what.split(" with")[0]) for e in told if e.seat >= 0 and e.what.startswith("is ")]
    assert lines == [(3, "is 1st"), (1, "is 1st"), (2, "is 3rd"), (0, "is 4th")]
    text = G.describe("Ann", Answer("I"), told, ("Ann", "Ben", "Cy", "Di"))
    assert text.index("Di is 1st") < text.index("Ben is 1st") < text.index("Cy is 3rd") < text.index("Ann is 4th")


def test_describe_conjugates_names_and_says_what_was_answered_not_a_private_pick():
    """Tester item 2: "You gather" / "Ann gathers"; an answer's resource is named; a
    draft pick keeps its card hidden (E-R32: the draft shows each seat only its packet)."""
    gathered = (SetupEvent(0, "gathers at Iron Seam"),)
    assert G.describe("You", Gather("E-B1"), gathered, ("You",)) == "You gather at Iron Seam"
    assert G.describe("Ann", Gather("E-B1"), gathered, ("Ann",)) == "Ann gathers at Iron Seam"
    assert G.describe("Ann", Answer("I"), (), ("Ann",)) == "Ann answered: Iron"
    assert G.describe("Ann", Answer("E-C01-1"), (), ("Ann",)) == "Ann answered: a card"
    picked = (SetupEvent(0, "picked a card", ("E-C01-1",), True),)
    text = G.describe("Ann", Pick("E-C01-1"), picked, ("Ann",))
    assert text == "Ann kept a card from the packet" and "Actor" not in text




def test_a_market_draw_and_a_conversion_are_told_by_name():
    """Tester item 2 (E-R32: the Market is face up): a card drawn from the Market is named
    to all ("You took from the Market: Farm"), a draw from the deck is not; a conversion
    names its resources (E-F38)."""
    from rules.estate.data import card
    from rules.estate.state import Convert, Draw
    st, _ = to_turns(2, seed=3)
    seat = st.turn
    st2, _ = G.apply(st, seat, Draw())
    q = G.view(st2, seat).question
    market = next(v for v in q.options if v not in ("deck", "stop", "none"))
    _, events = G.apply(st2, seat, Answer(market))
    assert SetupEvent(seat, "took from the Market", (market,)) in events
    names = ["Ben", "Ben"]
    names[seat] = "You"
    text = G.describe("You", Answer(market), events, names)
    assert text.startswith(f"You took from the Market: {card(market).name}") and "answered" not in text
    _, events = G.apply(st2, seat, Answer("deck"))
    assert all(e.private for e in events if e.seat == seat)
    estates = list(st.table.estates)
    estates[seat] = attrs.evolve(estates[seat], res=(3, 0, 0, 0))
    rich = attrs.evolve(st, table=attrs.evolve(st.table, estates=tuple(estates)))
    _, events = G.apply(rich, seat, Convert(("I", "I", "I"), "W"))
    assert events[0].what == "converted 3 Iron to 1 Wood"
    estates[seat] = attrs.evolve(estates[seat], res=(2, 1, 0, 0))
    mixed = attrs.evolve(st, table=attrs.evolve(st.table, estates=tuple(estates)))
    _, events = G.apply(mixed, seat, Convert(("I", "I", "S"), "W"))
    assert events[0].what == "converted 2 Iron 1 Stone to 1 Wood"  # issue 10: counts, not "Iron Iron Stone"


def test_amounts_writes_resource_counts_in_order():
    """The one helper that writes resources by count (rules and table alike)."""
    from rules.estate.words import amounts
    assert amounts({"I": 2, "S": 1, "W": 0}) == "2 Iron 1 Stone"
    assert amounts([("Gold", 1), ("G", 3)]) == "1 Gold 3 Grain"
    assert amounts({}) == "nothing"
