"""Tester 7, finding 7e (unconfirmed): in Zestrea, at the first auction, on their turn,
Down then Enter in the Do list passed instead of bidding.

What the table does (these tests pin it): the auction's Do list is ``Pass``, then
``Bid…`` (the rules' order). Whether an entry is highlighted when the auction reaches
the player depends on what the list showed just before: after an empty list (the
player waited for others) the first entry, ``Pass``, is highlighted, and Down goes to
``Bid…``; when the list goes straight from another entry (the player answered the
Production prompt last, and the auction opens on their turn) nothing is highlighted
(the footer says ``⏎ Choose``), and Down highlights the first entry, ``Pass``. Either
way Enter does exactly the entry highlighted, the one shown: Down+Enter from nothing
highlighted passes because Down put the highlight on Pass."""

from __future__ import annotations

from rules.core import ActionKind, Whole
from rules.zestrea.state import Pass
from tui.app import ParlourApp
from tui.zestrea.do_list import DoList
from tui.zestrea.form import ActionForm

from .helpers import until
from .zestrea_helpers import (SMALL, DoListApp, answer_form, play_step, show_actions, start, waiting_for_keys,
                              zestrea_game)

BID = ActionKind("bid", (Whole("amount", 1, 2),))
ANSWER = ActionKind("choose", ())


async def test_after_an_empty_list_pass_is_highlighted_and_down_enter_bids():
    """Tester 7, finding 7e: the auction after a wait: Pass highlighted, Down onto Bid,
    Enter does Bid."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do)
        show_actions(do, Pass(), BID)
        assert do.highlighted_action() == Pass()
        await pilot.press("down")
        assert do.highlighted_action() == BID
        await pilot.press("enter")
        await until(pilot, lambda: app.done == [BID])


async def test_straight_from_another_list_nothing_is_highlighted_and_down_goes_to_pass():
    """Tester 7, finding 7e: the auction straight after the player's own answer: nothing
    highlighted, Down highlights Pass (the first entry), and Enter does that, the entry
    shown highlighted; Down twice is Bid."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do, ANSWER)
        show_actions(do, Pass(), BID)
        assert do.highlighted is None
        await pilot.press("down")
        assert do.highlighted_action() == Pass()
        await pilot.press("down")
        assert do.highlighted_action() == BID
        await pilot.press("enter")
        await until(pilot, lambda: app.done == [BID])


async def _first_auction(pilot, app):
    """A 3-seat game (seed 2) played by keys to the player's first turn at the auction,
    reached by answering the Production prompt last (the list goes from ``Answer`` to
    ``Pass``, ``Bid`` with no empty list between)."""
    table = await start(pilot, zestrea_game(seed=2))
    for _ in range(50):
        await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
        assert not table.snap.over
        if table.view.auction is not None:
            break
        await play_step(pilot, table, [])
    assert table.view.auction is not None and table.my_turn
    await pilot.pause()
    return table


async def test_at_the_first_auction_down_and_enter_do_the_entry_highlighted(tmp_path):
    """Tester 7, finding 7e, at the table: the Do list at the first auction is Pass then
    Bid…, nothing highlighted (⏎ Choose); each Down's highlight is what Enter does:
    Down, Down, Enter opens the bid form, and sending it bids."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await _first_auction(pilot, app)
        do = table.query_one("#z-actions", DoList)
        assert do.has_focus
        texts = [str(do.get_option_at_index(k).prompt) for k in range(do.option_count)]
        assert texts[0].startswith("Pass") and texts[1].startswith("Bid"), texts
        assert do.highlighted is None
        assert table.active_bindings["enter"].binding.description == "Choose"
        await pilot.press("down")
        assert do.highlighted_action() == Pass()
        await pilot.press("down")
        bid = do.highlighted_action()
        assert isinstance(bid, ActionKind) and bid.kind == "bid"
        assert table.active_bindings["enter"].binding.description == "Do it"
        sent: list = []
        submit = table._submit  # (what the Do list and the forms send goes through it)
        table._submit = lambda link, action, shown=True: (sent.append(action), submit(link, action, shown))[1]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        assert sent == []
        await answer_form(pilot, bid)
        await until(pilot, lambda: sent != [])
        print("SENT", sent)
        assert len(sent) == 1 and getattr(sent[0], "kind", None) == "bid", sent
        await pilot.pause(0.2)
        assert not table._error


async def test_at_the_first_auction_down_then_enter_passes_because_down_highlights_pass(tmp_path):
    """Tester 7, finding 7e, what the tester saw: from nothing highlighted, one Down
    highlights Pass, and Enter sends Pass, the entry highlighted (nothing else)."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await _first_auction(pilot, app)
        do = table.query_one("#z-actions", DoList)
        sent: list = []
        send = table._send
        table._send = lambda action: (sent.append(action), send(action))[1]
        await pilot.press("down")
        assert do.highlighted_action() == Pass()
        await pilot.press("enter")
        await until(pilot, lambda: sent != [])
        assert sent == [Pass()]

