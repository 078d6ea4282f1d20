"""Tester 7, finding 7e, confirmed by player-tester 21, item 1: in Zestrea, at an
auction, Down then Enter in the Do list passed for good when the player meant to bid.

The cause was the shared Do list: the auction's list came up sometimes with Pass
highlighted (after an empty list) and sometimes with nothing (straight after another
list: the Production prompt answered with its form, the log open), and Down from no
highlight went to the first entry, Pass. Now the highlight always starts on the same
entry, the bid (a form: it asks the amount before anything is sent), whether the list
is new, shown afresh for a new question or changed under the key (then the first
↑, ↓ or Enter goes there); Pass is listed last; and Enter on Pass asks first. A
wedding window starts on its pass, never on a card played at once."""

from __future__ import annotations

from rules.core import ActionKind, Whole
from rules.zestrea.state import Choose, Pass, PassWindow, PlayFate, Ready
from rules.zestrea.timers import default_answer
from tui.app import ParlourApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.whole_log import WholeLogScreen
from tui.zestrea.do_list import DoList
from tui.zestrea.form import ActionForm
from tui.widgets.do_list import CHOOSE_TEXT
from tui.zestrea.table import AUCTION_PASS

from .helpers import until
from .zestrea_helpers import (SMALL, DoListApp, answer_form, play_step, show_actions, start, waiting_for_keys,
                              zestrea_game)

BID = ActionKind("bid", (Whole("amount", 1, 2),))
ANSWER = ActionKind("choose", ())


async def test_a_new_auction_list_starts_on_the_bid_not_on_pass():
    """After an empty list (the player waited for others) the highlight starts on the
    bid, not on Pass, the rules' first entry."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do)
        show_actions(do, Pass(), BID)
        assert do.highlighted_action() == BID
        await pilot.press("enter")
        await until(pilot, lambda: app.done == [BID])


async def test_from_no_highlight_down_up_and_enter_go_to_the_bid():
    """A list changed under the highlight highlights nothing (an Enter pressed as it
    changed does nothing); then Down, Up or Enter lands on the bid, never on Pass."""
    for key in ("down", "up", "enter"):
        app = DoListApp()
        async with app.run_test(size=(60, 12)) as pilot:
            do = app.query_one(DoList)
            do.focus()
            show_actions(do, ANSWER)
            show_actions(do, Pass(), BID)
            assert do.highlighted is None
            await pilot.press(key)
            assert do.highlighted_action() == BID, key
            await pilot.pause(0.05)
            assert app.done == [], key


async def test_a_list_shown_afresh_starts_on_its_start_entry():
    """A new question (``afresh``) starts on the start entry even straight after
    another list; a lone entry is its own start (nothing else to mistake it for)."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)):
        do = app.query_one(DoList)
        do.focus()
        show_actions(do, ANSWER)
        do.show((Pass(), BID), ("Pass", "Bid"), afresh=True)
        assert do.highlighted_action() == BID
        do.show((Choose(("keep",)),), ("Keep the card",), afresh=True)
        assert do.highlighted_action() == Choose(("keep",))
        do.show((Ready(), Pass()), ("Ready", "Pass"), afresh=True)
        assert do.highlighted_action() == Ready()


async def test_a_wedding_window_starts_on_its_pass_never_on_a_card():
    """The same at a wedding window (the tester's other irreversible first entry): the
    highlight starts on the window's pass (nothing spent, and the window's passes clear
    when its chance changes), and Down from no highlight goes there too, never onto a
    card that would be played at once."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        card = PlayFate("F10-1")
        show_actions(do, ANSWER)
        do.show((PassWindow(), card), ("Pass the window", "Play a card"), afresh=True)
        assert do.highlighted_action() == PassWindow()
        show_actions(do, Ready())
        show_actions(do, PassWindow(), card)
        assert do.highlighted is None
        await pilot.press("down")
        assert do.highlighted_action() == PassWindow()


async def test_a_question_with_nothing_safe_to_start_on_opens_on_its_top_line():
    """Two answers, neither a form (Newcomers: a Lad or a Maiden): the list opens on a
    top line, "Choose with ↑↓, then Enter", highlighted where the player sees it; Enter
    there does nothing, the first ↓ is the Lad and the second the Maiden (player-test
    23, finding 3: with nothing highlighted, ↓ Enter meant for the Maiden took a Lad)."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        lad, maiden = Choose(("lad",)), Choose(("maiden",))
        show_actions(do, ANSWER)
        do.show((lad, maiden), ("a Lad", "a Maiden"), afresh=True)
        assert do.choosing() and str(do.get_option_at_index(0).prompt) == CHOOSE_TEXT
        await pilot.pause()
        assert do.render_line(0).text.strip() == CHOOSE_TEXT  # (what the player sees)
        await pilot.press("enter")
        await pilot.pause(0.05)
        assert app.done == [] and do.choosing()
        await pilot.press("down")
        assert do.highlighted_action() == lad
        await pilot.press("down", "enter")
        await until(pilot, lambda: app.done == [maiden])


async def test_a_new_question_after_another_opens_on_its_top_line_too():
    """The next question's answers all commit too (the list was not empty before, nor
    shown afresh): its top line is highlighted again, never nothing."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do, Choose(("lad",)), Choose(("maiden",)))
        await pilot.press("down")
        show_actions(do, Choose(("pay",)), Choose(("hand over",)))
        assert do.choosing()


async def _first_auction(pilot, app, log_open: bool = False):
    """A 3-seat game (seed 2) played by keys to the player's first turn at the auction,
    reached by answering the Production prompt last (the list goes from ``Answer`` to
    the auction's with no empty list between); ``log_open``: that answer is sent while
    the whole log (``L``) is open, and the log closed once the auction is the player's."""
    table = await start(pilot, zestrea_game(seed=2))
    for _ in range(50):
        await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
        assert not table.snap.over
        prompt = table.view.my_prompt
        if log_open and prompt is not None and prompt.kind == "produce":
            await pilot.press("L")
            await until(pilot, lambda: isinstance(app.screen, WholeLogScreen))
            table._send(Choose(default_answer(prompt, ())))
            await until(pilot, lambda: table.view.auction is not None and table.my_turn, timeout=20)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is table)
        if table.view.auction is not None:
            break
        await play_step(pilot, table, [])
    assert table.view.auction is not None and table.my_turn
    await pilot.pause()
    return table


def _sent(table) -> list:
    """What the table sends from now on (what the Do list and the forms send goes
    through ``_submit``)."""
    sent: list = []
    submit = table._submit
    table._submit = lambda link, action, shown=True: (sent.append(action), submit(link, action, shown))[1]
    return sent


async def test_at_the_first_auction_the_bid_comes_first_and_is_highlighted(tmp_path):
    """The tester's case at the table: the list is Bid…, then Pass, the bid highlighted
    (⏎ Do it); Enter opens the bid form, and sending it bids."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await _first_auction(pilot, app)
        do = table.query_one("#z-actions", DoList)
        assert do.has_focus
        texts = [str(do.get_option_at_index(k).prompt) for k in range(do.option_count)]
        assert texts[0].startswith("Bid") and texts[1].startswith("Pass"), texts
        bid = do.highlighted_action()
        assert isinstance(bid, ActionKind) and bid.kind == "bid"
        assert table.active_bindings["enter"].binding.description == "Do it"
        sent = _sent(table)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        assert sent == []
        await answer_form(pilot, bid)
        await until(pilot, lambda: sent != [])
        assert len(sent) == 1 and getattr(sent[0], "kind", None) == "bid", sent


async def test_down_enter_at_the_auction_asks_before_passing(tmp_path):
    """What the tester did, Down then Enter: it reaches Pass, and Enter asks "Pass? You
    leave this auction for good." first; n (or Escape) keeps the player in, nothing
    sent; y passes."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await _first_auction(pilot, app)
        do = table.query_one("#z-actions", DoList)
        sent = _sent(table)
        await pilot.press("down")
        assert do.highlighted_action() == Pass()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question == AUCTION_PASS
        await pilot.press("n")
        await until(pilot, lambda: app.screen is table)
        await pilot.pause(0.1)
        assert sent == [] and table.view.auction is not None
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: sent == [Pass()])


async def test_back_from_the_log_the_auction_starts_on_the_bid(tmp_path):
    """The tester had opened the log (L) just before the list changed: back at the
    table the auction's highlight is on the bid, as always."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await _first_auction(pilot, app, log_open=True)
        do = table.query_one("#z-actions", DoList)
        bid = do.highlighted_action()
        assert isinstance(bid, ActionKind) and bid.kind == "bid"
