"""Every card effect's outcome is told in the log and ``replay --text`` (player-tester 2,
item 8; issue 10): an activation, a When Played, an At Era End, a Gather bonus and a
Leader's ability say what they did, seat by seat, the public parts only (reference
E-R32: a card drawn stays "a card"), by the one mechanism that tells a Solo Mode card
(E-R28, rules.estate.effects.Change); every take names its giver (E-V14, the Warden's
ability E-R24)."""

from __future__ import annotations

import attrs

from rules.core import Rng
from rules.estate import game as G
from rules.estate import pending
from rules.estate.data import BY_NAME, CONTENT
from rules.estate.state import Answer, Expand, Gather, Pending, SetupEvent
from rules.estate.table import Estate, Table
from tui.estate import words as tui_words

from .test_estate_solo_log import solo_turns, with_deck

NAMES = ("Cat", "Dov", "Eve")


def cp(name: str, k: int = 1) -> str:
    return f"{BY_NAME[name].id}-{k}"


def told(table: Table, p: Pending) -> tuple[SetupEvent, ...]:
    """The events of ``p`` resolved to its end with its answers."""
    out, _, events = pending.run_told(table, p)
    assert out.question is None, out.question
    return events


def test_an_activation_tells_what_it_paid_and_gained():
    """Tester item 8: "You activate Assassin" said nothing of its effect; it now says
    "pays 1 Iron and gains 2 Gold" (its yes/no answer, index 0, is yes), for the owner
    ("You pay ... and gain ...") and for the others, in the log and in ``describe``."""
    assassin = cp("Assassin")
    t = Table((Estate(res=(1, 0, 0, 0), cards=(assassin,)), Estate()), activated=(assassin,))
    events = told(t, Pending(0, assassin, "production*1", (0,)))
    assert events == (SetupEvent(0, "pays 1 Iron and gains 2 Gold (Assassin)"),)
    assert tui_words.event_line(events[0], NAMES, 0) == "You pay 1 Iron and gain 2 Gold (Assassin)"
    assert tui_words.event_line(events[0], NAMES, 1) == "Cat pays 1 Iron and gains 2 Gold (Assassin)"
    assert G.describe("Cat", None, events, NAMES) == "Cat pays 1 Iron and gains 2 Gold (Assassin)"
    with_citizen = Table(t.estates, market=(cp("Actor"), "", "", ""), activated=(assassin,))
    events = told(with_citizen, Pending(0, assassin, "production*1", (0, 1)))  # yes, then Actor
    assert events == (SetupEvent(0, "pays 1 Iron, gains 2 Gold and discards Actor from the Market (Assassin)"),)


def test_the_wardens_take_says_from_whom():
    """Tester item 8 (E-V14, E-R24): "Cat takes Iron (the Warden's ability)" now says
    the giver: "takes 1 Iron from Dov"; Dov reads "from you"; Dov's loss is not told
    again on its own line."""
    warden = next(lid for lid, ld in CONTENT.leaders.items() if ld.name == "Warden")
    t = Table((Estate(res=(0, 0, 0, 0)), Estate(res=(1, 0, 0, 0))))
    events = told(t, Pending(0, warden, "ability"))
    assert events == (SetupEvent(0, "takes 1 Iron from {seat 1} (the Warden's ability)"),)
    assert G.describe("Cat", None, events, NAMES) == "Cat takes 1 Iron from Dov (the Warden's ability)"
    assert tui_words.event_line(events[0], NAMES, 1) == "Cat takes 1 Iron from you (the Warden's ability)"
    assert tui_words.event_line(events[0], NAMES, 0) == "You take 1 Iron from Dov (the Warden's ability)"


def test_every_take_names_its_giver():
    """E-V14 on every card that takes: the Judge (each other player gives a resource of
    their choice), the Royal Ambassador (a hand card: a card, and the giver draws one),
    the Thief (a resource or Gold), the Thieves Guild (a stored resource, onto the
    card) and the Treasurer (2 Gold): each names the giver; a hand card stays a card."""
    larder = cp("Larder")
    dov = Estate(res=(1, 0, 0, 0), gold=2, hand=(cp("Farm", 2),), cards=(larder,), stored=((larder, "W"),))
    eve = Estate(res=(0, 1, 0, 0))
    deck = (cp("Farm", 3),)

    def take(name: str, part: str, answers: tuple = ()) -> list[str]:
        t = Table((Estate(cards=(cp(name),)), dov, eve), deck=deck, rng=Rng(3))
        return [G.describe("Cat", None, (e,), NAMES) for e in told(t, Pending(0, cp(name), part, answers))]

    assert take("Judge", "when_played") == ["Cat takes 1 Iron from Dov and takes 1 Stone from Eve (Judge)"]
    assert take("Royal Ambassador", "when_played") == ["Cat takes a card from Dov (Royal Ambassador)",
                                                       "Dov draws a card (Royal Ambassador)"]
    assert take("Thief", "production*1", (0, 1)) == ["Cat takes 1 Gold from Dov (Thief)"]  # Dov, then Gold
    assert take("Thieves Guild", "production*1") == ["Cat takes 1 Wood from Dov (Thieves Guild)"]
    assert take("Treasurer", "when_played") == ["Cat takes 2 Gold from Dov (Treasurer)"]


def test_a_private_card_stays_a_card_and_an_answer_is_not_told_twice():
    """E-R32: a card drawn by an effect is "draws a card", never named; a gain the
    player chose is told by its answer ("gains Grain (…)") and not again in the outcome."""
    t = Table((Estate(),), deck=(cp("Farm", 3),))
    events = told(t, Pending(0, "deal", "1"))
    assert events == ()  # an objective's cards: the Era's results say them (NOT_TOLD)
    out, _, events = pending.run_told(t, Pending(0, "reward", "", (3,)))  # gain 1 resource: Grain
    assert out.question is None and out.table.estates[0].res == (1, 1, 1, 2)
    assert events == ()  # told by its answer only: "gains Grain (an Era Objective's reward)"
    consort = cp("Royal Consort")  # At Era start: draw 1 card from the deck
    events = told(Table((Estate(cards=(consort,)),), deck=(cp("Farm", 3),)), Pending(0, consort, "era_start"))
    assert events == (SetupEvent(0, "draws a card (Royal Consort)"),)
    assert "Farm" not in G.describe("Cat", None, events, NAMES)


def test_an_expands_when_played_store_is_named_by_its_card_and_told_once():
    """E-R11 / E-V2: an Expand with a Storehouse (When Played: store 2 resources of
    your choice, from the general supply) names the Storehouse in each answer, not
    "an Expand", and its outcome tells the cost paid, not the stores again."""
    house = cp("Storehouse")
    st = with_deck(solo_turns(), (), hand=(house,), res=(0, 1, 2, 0), stored=())
    st, _ = G.apply(st, 0, Expand(house))
    st, events = G.apply(st, 0, Answer("W"))
    assert G.describe("You", Answer("W"), events, ["You"]) == "You store Wood (Storehouse)"
    st, events = G.apply(st, 0, Answer("I"))
    said = G.describe("You", Answer("I"), events, ["You"])
    assert said.startswith("You store Iron (Storehouse); You pay 1 Stone 2 Wood (Storehouse)"), said
    assert st.table.estates[0].stored == ((house, "W"), (house, "I"))


def test_an_accumulating_space_tells_the_tokens_lying_there():
    """Reference §8 (E-B1: "take every Iron on it + 1 Iron from the supply") and E-R35
    (the tokens are part of the yield), player-tester 23, finding 1: a Gather at Iron
    Seam with 2 Iron lying there gives 3 Iron, and the log and ``replay --text`` say 3
    ("gains 3 Iron (Iron Seam: 2 lying there + 1)"), not "gains 1 Iron"."""
    st = with_deck(solo_turns(), (), res=(0, 0, 0, 0))
    st = attrs.evolve(st, accumulated=(2, 1, 1, 1))
    st, events = G.apply(st, 0, Gather("E-B1"))
    assert st.table.estates[0].res[0] == 3 and st.accumulated[0] == 0
    said = G.describe("You", Gather("E-B1"), events, ["You"])
    assert "You gain 3 Iron (Iron Seam: 2 lying there + 1)" in said, said
    assert "Cat gains 3 Iron (Iron Seam: 2 lying there + 1)" in [tui_words.event_line(e, NAMES, 1) for e in events]
    emptied = with_deck(solo_turns(), (), res=(0, 0, 0, 0))
    emptied = attrs.evolve(emptied, accumulated=(0, 1, 1, 1))  # emptied this Era (E-R34)
    _, events = G.apply(emptied, 0, Gather("E-B1"))
    assert "You gain 1 Iron (Iron Seam)" in G.describe("You", Gather("E-B1"), events, ["You"])
