"""Zestrea's forms and results without a game running (issue 9, "The table (tui)"):
a form is drawn from an ActionKind's bounds and sends only what they permit
(rules.core.permits); ticks say so in words; the results tell Zestre, Land, the
couples bonus and the tie-break; a saved game replays at the Zestrea table."""

from __future__ import annotations

from textual.widgets import SelectionList

from net.table import Snapshot
from rules.core import ActionKind, Result, SeatScore, SomeOf, Whole
from rules.zestrea import GAME
from rules.zestrea.state import Bid, Choose
from tui.app import ParlourApp
from tui.zestrea.form import ActionForm
from tui.zestrea.replay import ZestreaReplayScreen
from tui.zestrea.results import headline, standings
from tui.zestrea.words import card_text

from .helpers import shown, until
from .zestrea_helpers import SMALL, finished_game_replay


async def test_a_bid_outside_its_bounds_is_refused_in_the_form():
    """Z-R27 step 3 as the rules bound it: a bid from the least raise to your Zestre;
    9 is refused in the form (nothing sent), 3 is sent as Bid(3)."""
    kind = ActionKind("bid", (Whole("amount", 2, 5),))
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        await app.push_screen(ActionForm(kind, (kind,), ("You", "Ada", "Ben"), GAME.action_type), sent.append)
        form = app.screen
        await pilot.press("end", "backspace", "9", "ctrl+s")
        assert app.screen is form and "amount" in shown(form.query_one("#form-error"))
        await pilot.press("end", "backspace", "3", "ctrl+s")
        await until(pilot, lambda: sent == [Bid(3)])


async def test_ticks_are_told_in_words_and_kept_in_order():
    """Production (Z-R8): the Couples roll in the order ticked; ``[1]``, ``[2]`` mark
    the order (not colour alone) and the answer keeps it."""
    kind = ActionKind("choose", (SomeOf("picked", ("C1", "C2"), 0, 2, ordered=True),))
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        await app.push_screen(ActionForm(kind, (kind,), ("You", "Ada", "Ben"), GAME.action_type), sent.append)
        ticks = app.screen.query_one(SelectionList)
        await pilot.press("down", "space", "up", "space")
        assert str(ticks.get_option_at_index(1).prompt).startswith("[1]")
        assert str(ticks.get_option_at_index(0).prompt).startswith("[2]")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: sent == [Choose(("C2", "C1"))])


def _finished(scores: tuple[SeatScore, ...], winners: frozenset[int]) -> Snapshot:
    return Snapshot(version=1, seat=0, view=None, legal_actions=(), active_seats=frozenset(), events=(),
                    names=("Ann", "Bob", "Cy"), bots=(None, "easy", "easy"), over=True,
                    result=Result(scores, winners))


def _score(seat: int, zestre: int, land: int, bonus: int, villagers: int) -> SeatScore:
    return SeatScore(seat, zestre + land + bonus, (("Zestre", zestre), ("Land", land), ("couples bonus", bonus)),
                     (f"Zestre: {zestre}", f"Land: {land} × 1 = {land}", "Couples: 1",
                      f"villagers (tie-break): {villagers}"))


def test_the_results_tell_the_tie_break():
    """Rulebook "Final Turn" (Z-R40): equal points go to the most villagers."""
    snap = _finished((_score(0, 7, 3, 0, 9), _score(1, 5, 5, 0, 4), _score(2, 1, 3, 5, 6)), frozenset({0}))
    assert headline(snap) == "Ann wins with 10 points on the tie-break (9 villagers)."
    table = standings(snap)
    assert [c.header for c in table.columns][3:] == ["Zestre", "Land", "Bonus", "Total", "Villagers"]
    shared = _finished((_score(0, 7, 3, 0, 4), _score(1, 5, 5, 0, 4), _score(2, 1, 3, 0, 6)), frozenset({0, 1}))
    assert headline(shared) == "A tie: Ann and Bob share the win with 10 points."


def test_cards_say_when_they_are_stand_ins():
    """Reference §4: most Fate cards are stand-ins, and the hand says so."""
    assert "[stand-in]" in card_text("F23-1") and "[stand-in]" not in card_text("F01-1")


async def test_a_saved_game_replays_at_the_zestrea_table(tmp_path):
    """``parlour replay FILE`` reads a Zestrea save: the estates as a spectator saw
    them, no hand, End jumps to the last move and r shows the results."""
    snaps = await finished_game_replay(tmp_path, seats=3, seed=4)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        app.show_replay(snaps, "Friday")
        await until(pilot, lambda: isinstance(app.screen, ZestreaReplayScreen) and app.screen.snap is not None)
        table = app.screen
        assert "spectator sees no hand" in shown(table.query_one("#z-hand"))
        table.query_one("#z-log-box").focus()  # End steps the replay wherever the focus is (tester item 11)
        await pilot.press("end")
        await until(pilot, lambda: table.snap.over)
        assert "Ann" in shown(table.query_one("#z-estates"))


def test_an_offer_names_its_payer_the_same_way_to_both_boyars():
    """Z-F15 ff., the wedding's cost: an offer's split names who pays by seat, so the
    Boyar asked reads who pays, not "they" from the proposer's side (a player-tester
    accepted "they pay 2" and paid)."""
    from types import SimpleNamespace

    from tui.zestrea.words import offer_text

    names = ("You", "Ada", "Ben")
    offer = SimpleNamespace(id=11, kind="wedding-offer", by=1, to=0, mine="L03", theirs="M03",
                            split="target_2", sweet_payer="", sweet_zestre=0, sweet_cards=(),
                            sweet_when="", receiver=-1, attempts=3)
    assert ", You pay 2, 3 attempts" in offer_text(offer, names)
    offer.split, offer.by, offer.to = "proposer_2", 0, 2
    assert ", You pay 2, " in offer_text(offer, names)
    offer.split = "target_2"
    assert ", Ben pays 2, " in offer_text(offer, names)
    offer.sweet_payer, offer.sweet_zestre, offer.sweet_when = "target", 1, "on_success"
    assert "; sweetener from Ben: 1 Z on a wedding" in offer_text(offer, names)


def test_log_words_name_things_and_agree_with_you():
    """Player-tester issue: the log names villagers by name and sex, cards by title, offers
    by kind, reasons in words; "You" takes "are", "offer", "bid" (no id like L02 or F23)."""
    import re

    from rules.zestrea.state import (
        BidMade, ChanceChanged, OfferClosed, OfferMade, ReadyChanged, Rolled, VillagerGone,
    )
    from tui.zestrea import words

    names = ("You", "Ada", "Root")
    lines = [words.event_line(e, names) for e in (
        ReadyChanged(0, True), BidMade(0, 1), OfferMade(0, 1, 2, "wedding"),
        OfferClosed(1, 0, 3, "cancelled", ""), VillagerGone(1, "L02", "died", "harsh-winter"),
        Rolled(2, 4, "strawberry-pickers", "M02"), ChanceChanged(1, "G3", 1), ChanceChanged(1, "F23", 1))]
    assert lines[:4] == ["You are ready", "You bid 1", "You make a wedding offer to Ada (offer 2)",
                         "offer 3 from Ada to You was cancelled: it could no longer go ahead"]
    assert lines[4] == "Dumitru (♂) of Ada died (Harsh Winter)"
    assert "(Strawberry Pickers for " in lines[5] and "(♀)" in lines[5]
    assert lines[6:] == ["Ada: Wedding Season, chance +1", "Ada: Elopement, chance +1"]
    assert words.event_line(BidMade(1, 2), names) == "Ada bids 2"
    from rules.zestrea.state import TurnBegan
    assert words.event_line(TurnBegan(3, 0), names).endswith("turn 3, You start")
    assert words.offer_kind("wedding-offer") == "a wedding offer"
    assert words.action_text(Choose(("keep",)), names) == "Answer: keep it for later"
    assert "Land" in words.PROMPT_WORDS["produce"] and "Zestre" in words.PROMPT_WORDS["produce"]
    for line in lines:
        assert not re.search(r"\b[LMFGH]\d\d?\b|-", line), line


def test_a_couple_is_told_by_its_spouses():
    """Player-tester issue ("Couple 7"): with the view's Couples, a Couple reads as its spouses."""
    from types import SimpleNamespace

    from rules.zestrea.state import Couple, Rolled
    from tui.zestrea import words

    view = SimpleNamespace(estates=(SimpleNamespace(couples=(Couple(7, "L02", "M02"),)),))
    couples = words.couple_names(view)
    assert words.value_text("picked", "C7", ("Ada",), couples).startswith("Dumitru (♂) and ")
    assert "Couple 7" not in words.event_line(Rolled(0, 3, "cholera", "C7"), ("Ada",), couples)
