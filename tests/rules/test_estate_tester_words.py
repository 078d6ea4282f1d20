"""Estate's rules and words after a fresh player-tester's findings on main (briefs
tester-estate-1, items 4, 5, 6, 12, 14, 16, 17): what the log, ``describe`` (``parlour
replay --text``) and the refusals say, and the rules behind them (rulebook Play, Solo;
reference E-F41, E-R20, E-R28, E-R32, §6.2)."""

from __future__ import annotations

import random
import re

import attrs

from rules.estate import EasyBot
from rules.estate import game as G
from rules.estate.state import (ACTION_WORDS, EndTurn, EstateOptions, EstateState, SetupEvent,
                                StoreOn, TakeBack)
from rules.estate.words import YOU_VERBS, subject

THIRD_PERSON_AFTER_YOU = re.compile(r"\bYou (?:is|has|\w*[^s\W]s)\b")
"""``"You ends"``, ``"You stores"``, ``"You is"``: a verb that does not agree with "You"."""


def played(seats: int, seed: int, names: tuple[str, ...]) -> list[str]:
    """Every ``describe`` line of a game of easy bots (``names`` by seat)."""
    st: EstateState = G.new_game(EstateOptions(leaders="random"), seats, seed)
    bot, rng, lines = EasyBot(), random.Random(seed), []
    while not G.is_over(st):
        seat = min(G.active_seats(st))
        action = bot.choose(G.view(st, seat), G.legal_actions(st, seat), rng)
        st, events = G.apply(st, seat, action)
        lines.append(G.describe(names[seat], action, events, names))
    return lines


# ---- item 16: "You ends the turn", "You stores on a card", "You takes back" ----------

def test_you_agrees_with_every_verb_the_rules_say():
    """Tester item 16: the solo seat is named "You", so every verb after it is the bare
    form (the rules' own pairs, ACTION_WORDS, give it): "You end the turn", "You store
    on a card", "You take back ...", "You are 1st"."""
    assert subject("You", "ends the turn") == "You end the turn"
    assert subject("You", "takes back a conversion or storage move") == "You take back a conversion or storage move"
    assert subject("You", "stores on a card") == "You store on a card"
    assert subject("Ann", "ends the turn") == "Ann ends the turn"
    for bare, third in ACTION_WORDS.values():
        assert subject("You", third) == f"You {bare}"
    assert set(YOU_VERBS) >= {"is", "produces", "draws", "ends", "takes", "stores", "discards", "gains"}


def test_describe_of_an_action_without_events_agrees_with_you():
    """Tester item 16 (replay --text): a storage move and a take-back told as "You store
    on a card" / "Ann stores on a card"; the end of a turn "You end the turn"."""
    assert G.describe("You", StoreOn("E-C01-1")) == "You store on a card"
    assert G.describe("Ann", StoreOn("E-C01-1")) == "Ann stores on a card"
    assert G.describe("You", EndTurn(), (SetupEvent(0, "ends the turn"),), ("You",)) == "You end the turn"
    assert G.describe("You", TakeBack(), (SetupEvent(0, "takes back a conversion or storage move"),),
                      ("You",)) == "You take back a conversion or storage move"


def test_a_solo_game_in_words_never_says_you_with_a_third_person_verb():
    """Tester item 16 over whole solo games: no "You <verb>s" in any move's words."""
    for seed in (1, 2, 3):
        for line in played(1, seed, ("You",)):
            assert not THIRD_PERSON_AFTER_YOU.search(line), line


def test_refusals_name_the_end_of_a_turn_and_a_take_back():
    """Tester item 16's words in refusals too: "You may not end the turn now." (not "make
    that move")."""
    from rules.estate.state import not_allowed
    assert not_allowed(EndTurn(), "Play").message == "You may not end the turn now."
    assert not_allowed(TakeBack(), "Play").message == "You may not take back a conversion or storage move now."


# ---- item 17 (first half): a pick of a card not in your packet -------------------------

def test_a_pick_of_a_card_not_in_your_packet_says_so():
    """Tester item 17 (rulebook Setup, E-F14): picking a card that is not in your
    packet while you may pick is refused as "not in your packet", not "you may not keep
    a card of the packet now"; a Family Secret not dealt to you likewise (E-F15)."""
    import pytest

    from rules.core import RuleViolation
    from rules.estate.state import KeepSecret, Pick
    st = G.new_game(EstateOptions(leaders="random"), 2, 4)
    rnd = random.Random(4)
    while st.phase != "draft":
        seat = min(G.active_seats(st))
        st, _ = G.apply(st, seat, rnd.choice(list(G.legal_actions(st, seat))))
    mine, theirs = st.draft.packets[0], st.draft.packets[1]
    stranger = next(c for c in theirs if c not in mine)
    with pytest.raises(RuleViolation, match="not in your packet") as refused:
        G.apply(st, 0, Pick(stranger))
    assert refused.value.code == "not-legal"
    G.apply(st, 0, Pick(mine[0]))  # one from the packet is kept
    while st.phase != "secrets":
        seat = min(G.active_seats(st))
        st, _ = G.apply(st, seat, rnd.choice(list(G.legal_actions(st, seat))))
    with pytest.raises(RuleViolation, match="not dealt to you"):
        G.apply(st, 0, KeepSecret(st.secrets[1][0]))


# ---- item 6: the rewards of 2nd and 3rd places ----------------------------------------

def test_an_era_end_says_what_each_place_earned(monkeypatch):
    """Tester item 6 (E-F41, E-R20): in Eras 1-4 2nd place earns 1 card and 1 resource,
    3rd and lower 1 card; the log says so ("You are 2nd with 3: 1 card and 1 resource"),
    not "0 VP"; the rewards said are the rewards paid (the cards dealt, the resource
    asked for)."""
    from rules.estate import eras
    from rules.estate.data import CONTENT
    st = G.new_game(EstateOptions(leaders="random"), 3, 1)
    rnd = random.Random(1)
    while st.phase != "turns":
        seat = min(G.active_seats(st))
        st, _ = G.apply(st, seat, rnd.choice(list(G.legal_actions(st, seat))))
    measures = {0: 6, 1: 3, 2: 2}
    monkeypatch.setattr(eras, "measure", lambda state, seat: measures[seat])
    end = attrs.evolve(st, phase="era_end", doing=None, pending=None, queue=(), offer=None)
    after, told = eras.advance(end)
    by_seat = {e.seat: e.what for e in told if e.seat >= 0}
    assert by_seat == {0: "is 1st with 6: 6 VP", 1: "is 2nd with 3: 1 card and 1 resource", 2: "is 3rd with 2: 1 card"}
    names = ("Ann", "You", "Cy")
    text = G.describe("Ann", EndTurn(), told, names)
    assert "You are 2nd with 3: 1 card and 1 resource" in text and "Cy is 3rd with 2: 1 card" in text
    assert f"Era 1 ends ({CONTENT.events[st.events[0]].name}): objective results" in text
    # what is said is paid: 2nd and 3rd each get a card, 2nd a resource it chooses
    while after.phase == "era_end":
        seat = min(G.active_seats(after))
        after, _ = G.apply(after, seat, G.legal_actions(after, seat)[0])
    hands = [len(after.table.estates[s].hand) - len(st.table.estates[s].hand) for s in range(3)]
    supplies = [sum(after.table.estates[s].res) - sum(st.table.estates[s].res) for s in range(3)]
    assert hands == [0, 1, 1] and supplies == [0, 1, 0]
    assert eras.reward_words(2, 0, False, True) == "1 card and 1 resource"
    assert eras.reward_words(1, 3, False, True) == "a share of 3 VP"
    assert eras.reward_words(2, 3, True) == "3 VP" and eras.reward_words(4, 0, True) == "nothing"
    assert eras.other_rewards(3, False) == (1, 0) and eras.other_rewards(2, True) == (0, 0)


# ---- item 4: Bandit Roads' "discard up to 2 resources" ---------------------------------

def solo_at_era_2_choosing(seed: int = 1) -> EstateState:
    """A solo game played by the strong bot to Era 2's choice of option A or B, with
    Bandit Roads (E-S3) as Era 2's Solo Era Event and I2 S1 W0 G1 in supply."""
    from rules.estate import StrongBot
    st = G.new_game(EstateOptions(leaders="random"), 1, seed)
    events = list(st.events)
    events[1] = "E-S3"
    st = attrs.evolve(st, events=tuple(events))
    bot, rng = StrongBot(), random.Random(seed)
    while not (st.era == 2 and st.choosing):
        st, _ = G.apply(st, 0, bot.choose(G.view(st, 0), G.legal_actions(st, 0), rng))
    e = attrs.evolve(st.table.estates[0], res=(2, 1, 0, 1))
    return attrs.evolve(st, table=st.table.set(0, e))


def test_bandit_roads_discards_two_and_says_what_went():
    """Tester item 4 (reference §6.2 E-S3 option A: "discard up to 2 resources of your
    choice now"; E-V15: "up to" only when you have fewer): two go when two are held, with
    no Stop offered; the question says what went so far and the log names each discard
    ("You discard Iron (Bandit Roads)")."""
    from rules.estate.state import Answer, ChooseOption
    st = solo_at_era_2_choosing()
    st, _ = G.apply(st, 0, ChooseOption("a"))
    q = G.view(st, 0).question
    assert q.why == "discard" and q.options == ("I", "S", "G") and q.chosen == ()
    one, events = G.apply(st, 0, Answer("I"))
    assert G.describe("You", Answer("I"), events, ("You",)) == "You discard Iron (Bandit Roads)"
    q = G.view(one, 0).question
    assert q.chosen == ("I",) and "stop" not in q.options  # the second is owed too
    two, _ = G.apply(one, 0, Answer("G"))
    assert two.table.estates[0].res == (1, 1, 0, 0) and G.view(two, 0).question is None


def test_an_up_to_discard_takes_what_there_is_when_fewer_are_held():
    """E-V15: "Up to" when you have fewer: holding one resource, Bandit Roads A takes it
    and asks nothing more."""
    from rules.estate.state import Answer, ChooseOption
    st = solo_at_era_2_choosing()
    st = attrs.evolve(st, table=st.table.set(0, attrs.evolve(st.table.estates[0], res=(0, 0, 0, 1))))
    st, _ = G.apply(st, 0, ChooseOption("a"))
    assert st.table.estates[0].res == (0, 0, 0, 0) and G.view(st, 0).question is None


def ops_of(entry: object) -> list[dict]:
    """Every op of a card, Era Event, solo event or space, nested ones too."""
    found: list[dict] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            if "op" in value:
                found.append(value)
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
        elif hasattr(value, "do"):  # (a Trigger)
            walk(value.do)

    for field in ("effects", "a", "b", "do", "ability"):
        walk(getattr(entry, field, ()))
    return found


def test_a_discard_the_player_cannot_stop_never_says_up_to():
    """Player-tester 21, finding 6: Bandit Roads' option A said "discard up to 2
    resources" and took exactly 2, with no way to stop. The rule is E-V15's ("up to"
    only when you have fewer; reference §6.2 E-S3, E-S5, E-S7, E-S9, hardships): the
    texts say "discard 2 … (all you have, if fewer)". A text may say "up to" for what
    the player loses only where they may stop (Charcoal Burner's and City Watch's
    exchange_up_to, E-V4; an optional discard)."""
    from rules.estate.data import CONTENT
    kinds = (CONTENT.cards, CONTENT.events, CONTENT.solo_events, CONTENT.spaces, CONTENT.tiles,
             CONTENT.leaders)
    for entry in (e for kind in kinds for e in kind.values()):
        ops = ops_of(entry)
        forced = [op for op in ops if op["op"] == "discard" and not op.get("optional")]
        if re.search(r"\b(discard|return|lose|pay) up to\b", entry.text):
            assert any(op["op"] == "exchange_up_to" or op.get("optional") for op in ops), entry.id
        for op in forced:
            if isinstance(op["n"], int) and op["n"] > 1:
                assert f"discard {op['n']} " in entry.text and "if fewer" in entry.text, entry.text
    bandit = CONTENT.solo_events["E-S3"].text
    assert bandit.startswith("A: discard 2 resources of your choice now (all you have, if fewer).")


# ---- item 5: a solo Market refill's question names the Solo Mode card -----------------

def refill_revealing(copy: str) -> EstateState:
    """A solo game in turns whose Market refill (E-R15) is about to reveal ``copy``
    from the deck top, the player holding I1 S1 W0 G0 and one Farm."""
    st = G.new_game(EstateOptions(leaders="random"), 1, 2)
    rnd = random.Random(2)
    while st.phase != "turns":
        st, _ = G.apply(st, 0, rnd.choice(list(G.legal_actions(st, 0))))
    from rules.estate.state import Pending
    t = st.table
    e = attrs.evolve(t.estates[0], res=(1, 1, 0, 0))
    t = attrs.evolve(t.set(0, e), deck=(copy, *(c for c in t.deck if c != copy)),
                     market=("", *t.market[1:]))
    return attrs.evolve(st, table=t, pending=Pending(0, "refill", ""), placed=True, ending=True)


def test_a_solo_card_revealed_by_a_refill_is_named_in_its_question_and_the_log():
    """Tester item 5 (E-R28: a Solo Mode card acts on being revealed, here by the Market
    refill of E-R15): the question carries the card that asks (the Thief), the answer's
    log line and ``describe`` (replay --text) name it: "You discard Iron (Thief)"."""
    from rules.estate.state import Answer
    st = refill_revealing("E-C48-1")
    q = G.view(st, 0).question
    assert q.by == "E-C48-1" and q.why == "discard" and G.view(st, 0).question_from == "refill"
    after, events = G.apply(st, 0, Answer("I"))
    assert after.table.estates[0].res == (0, 1, 0, 0)
    assert G.describe("You", Answer("I"), events, ("You",)).startswith("You discard Iron (Thief)")
    assert G.describe("Ann", Answer("I"), events, ("Ann",)).startswith("Ann discards Iron (Thief)")


def test_a_solo_merchant_revealed_by_a_refill_names_itself_and_the_card_it_activates():
    """Tester item 5 (E-F49: the Merchant, revealed in solo, activates 1 Production card
    of your Estate, E-R28): its question carries it, the log says "You copy Farm
    (Merchant)" when there is a choice; a resource answer of a Barn Cat likewise."""
    from rules.estate.data import card
    from rules.estate.effects import Question
    from rules.estate.state import Answer
    from rules.estate.words import answer_event
    q = Question(0, "card", ("E-C12-1", "E-C12-2"), "copy a Production card", by="E-C25-1")
    told = answer_event(0, q, "E-C12-1", "refill")
    assert told == SetupEvent(0, f"copies {card('E-C12-1').name} ({card('E-C25-1').name})")
    assert G.describe("You", Answer("E-C12-1"), (told,), ("You",)) == f"You copy {card('E-C12-1').name} ({card('E-C25-1').name})"
    gain = answer_event(0, Question(0, "resource", ("I", "S", "W", "G"), "gain", by="E-C06-1"), "G", "refill")
    assert gain.what == "gains Grain (Barn Cat)" and not gain.private
    cube = answer_event(0, Question(0, "track", ("Noble", "Gather"), "remove a cube"), "Noble", "E-C01-1")
    assert cube.what == f"removes a cube from the Noble track ({card('E-C01-1').name})"
    private = answer_event(0, Question(0, "card", ("E-C01-1", "E-C02-1"), "keep"), "E-C01-1", "draw")
    assert private == SetupEvent(0, "chose", (), True)  # a card kept from hand: E-R32
