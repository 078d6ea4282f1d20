"""Zestrea's live log (player-tester findings on issue 9, items 2 and 5): Production
rolls say what they gained and who rolled nothing; Fate draws, Land bought and gifts
are told; turn 1's Time card and draws are in the log from the start; a table that
(re)joins mid-game rebuilds its log's head from the view."""

from __future__ import annotations

import attrs

from rules.zestrea import GAME, ZestreaOptions
from rules.zestrea.state import (
    Bought, CardsMoved, ChanceChanged, FateDrawn, LandChanged, PhaseBegan, Rolled, ZestreChanged, ZestreGiven,
)
from tui.app import ParlourApp
from tui.zestrea.story import catch_up_lines, event_lines, joined_late, timed_out_lines

from .helpers import until
from .zestrea_helpers import SMALL, start, zestrea_game

NAMES = ("You", "Ada", "Ben")


def _view(seat=0, **changes):
    state = GAME.setup(ZestreaOptions(), 3, 2)
    return attrs.evolve(GAME.view(state, seat), **changes)


def test_production_lines_tell_the_zestre_gained_and_who_rolled_nothing():
    """Z-R9: each roll with its Zestre (+0 when the table gives nothing); a Boyar who
    chose no Couple is told "rolled nothing" (item 2)."""
    view = _view()
    couple = view.estates[1].couples[0].id
    events = (Rolled(1, 6, "production", couple), ZestreChanged(1, 3, "production"),
              Rolled(0, 1, "production", view.estates[0].couples[0].id), PhaseBegan("auction"))
    lines = event_lines(events, NAMES, view)
    assert lines[0].startswith("Ada rolled 6 for ") and lines[0].endswith(": +3 Zestre")
    assert "(♂)" in lines[0]  # the Couple by its spouses
    assert lines[1].startswith("You rolled 1 for ") and lines[1].endswith(": +0 Zestre")
    assert lines[2] == "Ben rolled nothing (no Couple chosen)"


def test_draws_land_and_gifts_are_told():
    """Item 5: a Good Times draw names its Time card; a Land bought and a gift (Zestre
    and cards, Z-R35) each have a line."""
    view = _view(time_card="G1")
    lines = event_lines((FateDrawn(1, 1, "good-times"), Bought(0, "land", 4),
                         ZestreGiven(0, 2, 3, "gift"), CardsMoved(0, 2, 1, "gift", ("F01-1",))), NAMES, view)
    assert lines == ["Ada drew 1 Fate card (Spring Blessing)", "You bought a Land for 4 Zestre",
                     "You gave Ben 3 Zestre (gift)", "You gave Ben 1 Fate card: Musician (gift)"]


def test_a_good_times_draw_tells_others_the_count_never_the_card():
    """Reference §3.10 (issue 10 tester item 4): a Boyar's hand count is public, so
    "Ada drew 1 Fate card (Spring Blessing)" is told to all, the parenthesis being the
    Good Times card that made her draw; the card drawn is private (Z-R23): only Ada's
    own line names it."""
    drawn = FateDrawn(1, 1, "good-times", ("F01-1",))
    others = event_lines((GAME.project_event(drawn, 0),), NAMES, _view(time_card="G1"))
    assert others == ["Ada drew 1 Fate card (Spring Blessing)"]
    own = event_lines((GAME.project_event(drawn, 1),), NAMES, _view(seat=1, time_card="G1"))
    assert own == ["Ada drew 1 Fate card: Musician (Spring Blessing)"]

def test_a_rejoining_table_rebuilds_the_head_of_its_log():
    """Item 5: a rejoin at turn 3 says so, lists the Time cards so far and the hands
    held (only this seat's cards by name)."""
    view = _view(turn=3, phase="negotiation", time_revealed=("G1", "H01", "H02"), time_card="H02")
    assert joined_late(40, view) and not joined_late(0, view)
    lines = catch_up_lines(view, NAMES, True)
    assert lines[0].startswith("— turn 3,") and "joined" in lines[0]
    assert lines[1] == "Time cards so far: Spring Blessing, Beaten by Fate"
    assert lines[2].startswith("Time card: ")


async def test_turn_one_has_its_time_card_and_draws_in_the_log(tmp_path):
    """Item 5: the live log starts with turn 1, its Time card and each Boyar's draws
    (they happen at setup, in no version's events)."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: len(table._log) >= 5)
        assert table._log[0] == "— turn 1, You start"
        assert table._log[1].startswith("Time card: Spring Blessing")
        assert table._log[2:5] == [f"{n} drew 1 Fate card (Spring Blessing)" for n in NAMES]


def test_a_cancelled_offer_tells_its_parties_who_could_not_pay():
    """Item 4 (§3.6 acceptance checks): "Ada could not pay 2 Zestre", not "it could no
    longer go ahead"; others' projection keeps only the public words."""
    from rules.zestrea.state import OfferClosed
    closed = OfferClosed(1, 0, 3, "cancelled", "seat 2 cannot pay 2 Zestre (has 0)", 1, 2)
    assert event_lines((closed,), NAMES, _view()) == [
        "offer 3 from Ada to You was cancelled: Ada could not pay 2 Zestre"]
    public = GAME.project_event(closed, 2)
    assert event_lines((public,), NAMES, _view()) == [
        "offer 3 from Ada to You was cancelled: it could no longer go ahead"]


def test_the_rules_page_names_the_reconstructed_cards_rather_than_an_unshown_mark():
    """Item 11: no card shows a "public-name" mark, so the rules page names those cards
    (every card whose source is public-name) instead of pointing to the mark."""
    from rules.zestrea.cards import FATE, TIMES
    from tui.screens.rules import rules_text

    text = " ".join(rules_text("tui.zestrea").split()).replace(">", "")
    text = " ".join(text.split())
    assert "public-name" not in text
    for card in (*FATE.values(), *TIMES.values()):
        if card.source == "public-name":
            assert card.name in text, card.name


def test_do_list_words_fit_and_name_whose_musician():
    """Item 10: "Play Țuică as an Action card" fits the Do list at 80 columns (34
    cells), and a Musician is named by its Boyar and bearer, not "Musician"."""
    from types import SimpleNamespace

    from rules.zestrea.state import PlayFate, UseMusician
    from tui.zestrea.table import ZestreaTableScreen

    view = _view()
    bearer = view.estates[1].couples[0].stayed
    view = attrs.evolve(view, roles=((bearer, "F01-1"),))
    snap = SimpleNamespace(view=view, names=NAMES)
    text = ZestreaTableScreen._entry_text(PlayFate("F14-1", mode="action"), snap)
    assert text.startswith("Play Țuică as an Action card") and len(text) <= 34
    musician = ZestreaTableScreen._entry_text(UseMusician("F01-1"), snap)
    assert musician.startswith("Add Ada's Musician (") and ("(♂)" in musician or "(♀)" in musician)


def test_a_default_given_by_a_timer_says_whose_time_ran_out():
    """Issue 9, timers (reference §3.9): a version whose action is a timer's default
    (the snapshot's ``timed_out``) is told as such: the Boyar's own line gets the
    head, in words ("you" for this seat); a default with no line of its own is said
    before the lines; a version nobody timed out in is told as it is."""
    assert timed_out_lines(["Ada passes", "nobody bid for Musician"], 1, NAMES) == [
        "⏱ Time ran out for Ada: Ada passes", "nobody bid for Musician"]
    assert timed_out_lines(["You are ready"], 0, NAMES) == ["⏱ Time ran out for you: you are ready"]
    assert timed_out_lines(["Ada rolled 3 (an attempt)"], 2, NAMES) == [
        "⏱ Time ran out for Ben: the default was given", "Ada rolled 3 (an attempt)"]
    assert timed_out_lines([], 2, NAMES) == ["⏱ Time ran out for Ben: the default was given"]
    assert timed_out_lines(["Ada passes"], None, NAMES) == ["Ada passes"]


def test_each_boyars_payment_to_a_time_card_is_in_the_log():
    """Play-test 21, item 4 (reference §5 H13, Z-R5): after the Tax Collector's line the
    log tells each Boyar's payment, and what a Boyar owed when it could not pay it all;
    Land the Floods wash away is told too (H04)."""
    from tests.rules.zestrea_support import estate, reveal, table
    state = table(estate(zestre=1, land=2), estate(zestre=6, land=4, couples=(("L02", "M02"),)),
                  estate(zestre=3, couples=(("L03", "M03"),)))
    state, events = reveal(state, "H13", "H06")
    lines = event_lines(events, NAMES, GAME.view(state, 0))
    at = lines.index("Time card: Tax Collector (1 left)")
    assert lines[at + 1:at + 4] == ["Ada pays 4 Zestre (Tax Collector)", "Ben pays 3 Zestre (Tax Collector)",
                                    "You pay 1 of the 2 Zestre owed (Tax Collector)"]
    floods = (Rolled(1, 2, "floods"), LandChanged(1, -1, "floods"))
    assert event_lines(floods, NAMES, _view()) == ["Ada rolled 2 (Floods)", "Ada lost 1 Land (Floods)"]


def test_a_wedding_cards_chance_reads_as_a_gain_or_a_loss_and_the_matchmakers_refund_is_told():
    """Play-test 21, item 7 (Z-R30, reference §4 F03, F19): Evil Eye reads "chance −2"
    (not "+-2"), a Musician "chance +1"; The Matchmaker, which leaves the chance as it
    is, has no "+0" line, and the State's refund to each payer is told."""
    from rules.zestrea.state import Accept, PlayFate, ProposeWedding
    from tests.rules.zestrea_support import estate, step_four
    state = step_four(estate(zestre=2, singles=("M10",), hand=("F03-1",)),
                      estate(zestre=2, singles=("L10",), couples=(("L02", "M02"),)),
                      estate(couples=(("L03", "M03"),), hand=("F19-1",)))
    state, _ = GAME.apply(state, 0, ProposeWedding(1, "M10", "L10", "each_1"))
    state, _ = GAME.apply(state, 1, Accept(state.offers[0].id))
    lines = []
    for seat, card in ((0, "F03-1"), (2, "F19-1")):
        state, events = GAME.apply(state, seat, PlayFate(card))
        lines += event_lines([GAME.project_event(e, 0) for e in events], NAMES, GAME.view(state, 0))
    assert lines == ["You played Evil Eye", "You: Evil Eye, chance −2", "Ben played The Matchmaker",
                     "You get 1 Zestre back (The Matchmaker)", "Ada gets 1 Zestre back (The Matchmaker)"]
    assert event_lines((ChanceChanged(1, "F01-1", 1),), NAMES, _view()) == ["Ada: Musician, chance +1"]


def test_the_log_tells_who_paid_each_wedding_attempt():
    """Rulebook "IV. Weddings and Negotiations" (2 Zestre per die roll, one each or one
    pays both; Z-F16, Z-R29; §3.6 "Who sees what": completed payments are public):
    under the window's line the log tells each payer and what they paid, to every
    Boyar, the two parties and the others alike."""
    from rules.zestrea.state import Accept, ProposeWedding
    from tests.rules.zestrea_support import estate, step_four
    state = step_four(estate(zestre=2, singles=("M10",)),
                      estate(zestre=2, singles=("L10",), couples=(("L02", "M02"),)),
                      estate(couples=(("L03", "M03"),)))
    state, _ = GAME.apply(state, 0, ProposeWedding(1, "M10", "L10", "each_1", attempts=2))
    state, events = GAME.apply(state, 1, Accept(state.offers[0].id))
    for seat, names in ((0, NAMES), (2, ("Ann", "Ada", "You"))):
        lines = event_lines([GAME.project_event(e, seat) for e in events], names, GAME.view(state, seat))
        at = next(k for k, line in enumerate(lines) if line.startswith("Wedding window:"))
        first = "You pay 1 Zestre" if seat == 0 else "Ann pays 1 Zestre"
        assert lines[at + 1] == f"{first} and Ada pays 1 Zestre for wedding attempt 1 of 2"


def test_trouble_in_paradise_names_the_couple_in_the_log():
    """Reference §4 F11 Trouble In Paradise: the log names the Couple it separates by its
    spouses (as the Production lines name a Couple) and whose it was."""
    from rules.zestrea.cards import person
    from rules.zestrea.state import PlayFate
    from tests.rules.zestrea_support import estate, step_four
    state = step_four(estate(hand=("F11-1",)), estate(couples=(("L02", "M02"), ("L10", "M10"))),
                      estate(couples=(("L03", "M03"),)))
    state, events = GAME.apply(state, 0, PlayFate("F11-1", couple=state.estates[1].couples[1].id))
    lines = event_lines([GAME.project_event(e, 2) for e in events], NAMES, GAME.view(state, 2))
    assert lines == ["You played Trouble In Paradise",
                     f"{person('L10')} and {person('M10')} of Ada separated (Trouble In Paradise)"]


def test_just_married_tells_a_boyar_with_nothing_to_give():
    """Reference §4 F09 Just Married ("a Boyar with 0 gives nothing"): the log says so
    of that Boyar rather than nothing at all: "Ben has no Zestre to give You (Just
    Married)"."""
    from rules.zestrea.state import PlayFate, WeddingRecord
    from tests.rules.zestrea_support import estate, step_four
    state = step_four(estate(hand=("F09-1",)), estate(zestre=3, couples=(("L02", "M02"),)),
                      estate(couples=(("L03", "M03"),)),
                      weddings=(WeddingRecord(1, 0, 1, 1),))
    state, events = GAME.apply(state, 0, PlayFate("F09-1", record=1))
    lines = event_lines([GAME.project_event(e, 0) for e in events], NAMES, GAME.view(state, 0))
    assert lines == ["You played Just Married", "Ada gave You 1 Zestre (Just Married)",
                     "Ben has no Zestre to give You (Just Married)"]
