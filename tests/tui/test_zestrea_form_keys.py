"""The Zestrea form by keys alone (player-tester findings on issue 9, items 1, 2 and 7):
Tab and shift+Tab reach every box and field, space ticks, Production opens with Z-R8's
default ticked, and a refusal says what is needed in words."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, SelectionList

from rules.core import ActionKind, OneOf, SomeOf, Whole
from rules.zestrea import GAME
from rules.zestrea.state import Bid, Choose, ProposeTrade
from tui.app import ParlourApp
from tui.zestrea.form import ActionForm

from .helpers import shown, until
from .zestrea_helpers import SMALL

NAMES = ("You", "Ada", "Ben")
TRADE = ActionKind("propose-trade", (OneOf("to", (1, 2)), Whole("give_zestre", 0, 5),
                                     SomeOf("give_cards", ("F02-1", "F03-1")), Whole("ask_zestre", 0, 5),
                                     SomeOf("ask_cards", ("F04-1", "F05-1"))))
"""A trade form: a drop-down, an amount, two boxes, an amount, two boxes."""


async def _open(app, kind: ActionKind, sent: list, **extra) -> ActionForm:
    await app.push_screen(ActionForm(kind, (kind,), NAMES, GAME.action_type, **extra), sent.append)
    return app.screen


async def test_tab_goes_from_box_to_box_and_on_to_the_next_field():
    """Item 1: "Tab: next field" holds for boxes: in a trade form, Tab reaches every card
    box of both lists and every field; space ticks the box Tab reached."""
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        form = await _open(app, TRADE, sent)
        await pilot.pause()
        # to -> give Zestre -> give box 1 -> give box 2 (tick) -> ask Zestre -> ask box 1 -> ask box 2 (tick)
        await pilot.press("tab", "tab", "tab", "space", "tab", "tab", "tab", "space")
        assert isinstance(app.focused, SelectionList) and app.focused.id == "p4"
        await pilot.press("shift+tab", "space")  # back to the first ask box
        await pilot.press("ctrl+s")
        await until(pilot, lambda: sent == [ProposeTrade(1, 0, ("F03-1",), 0, ("F05-1", "F04-1"))])
        assert form not in app.screen_stack


async def test_production_opens_with_every_landed_couple_ticked():
    """Item 2, Z-R8 default: every Couple up to the Land count is ticked, oldest first;
    sending at once rolls them (nothing is rolled silently by an empty form)."""
    kind = ActionKind("choose", (SomeOf("picked", ("C1", "C5", "C7"), 0, 2, ordered=True),))
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        form = await _open(app, kind, sent, start={"picked": ("C1", "C5")})
        await pilot.pause()
        boxes = form.query_one(SelectionList)
        assert [str(boxes.get_option_at_index(k).prompt)[:3] for k in range(3)] == ["[1]", "[2]", "[ ]"]
        await pilot.press("tab", "space")  # the second Couple unticked by keys
        assert str(boxes.get_option_at_index(1).prompt).startswith("[ ]")
        await pilot.press("space", "ctrl+s")
        await until(pilot, lambda: sent == [Choose(("C1", "C5"))])


async def test_refusals_say_what_is_needed_in_words():
    """Item 7: "Tick exactly 3 villagers", not "choice out of bounds"; an empty amount
    field asks for an amount from its bounds, not "amount out of bounds"."""
    tick = ActionKind("choose", (SomeOf("picked", ("L01", "M01", "L02", "M02"), 3, 3),))
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        form = await _open(app, tick, sent)
        await pilot.press("space", "ctrl+s")
        error = shown(form.query_one("#form-error"))
        assert "Tick exactly 3 villagers" in error and "bounds" not in error
        await pilot.press("escape")
        bid = ActionKind("bid", (Whole("amount", 0, 5),))
        form = await _open(app, bid, sent)
        form.query_one(Input).value = ""
        await pilot.press("ctrl+s")
        error = shown(form.query_one("#form-error"))
        assert "Type an amount from 0 to 5" in error and "bounds" not in error
        form.query_one(Input).value = "4"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: sent == [None, Bid(4)])


async def test_the_production_form_at_the_table_opens_ticked_and_names_couples(tmp_path):
    """Items 2 and 10 at the table: Enter on Production's Answer opens the form with the
    Couple ticked (Z-R8 default), named by its spouses, not "Couple 1"."""
    from tui.app import ParlourApp as App

    from .zestrea_helpers import start, waiting_for_keys, zestrea_game

    app = App(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table) and table.view.my_prompt is not None)
        assert table.view.my_prompt.kind == "produce"
        table.query_one("#z-actions").focus()
        await pilot.press("home", "enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        box = str(app.screen.query_one(SelectionList).get_option_at_index(0).prompt)
        assert box.startswith("[1] ") and "Couple" not in box and "(♂)" in box and "(♀)" in box


def test_form_words_name_weddings_and_musicians():
    """Item 10: Dowry Chest's "wedding" is the wedding of its Couple, not "wedding: 1";
    a rented Musician is "Ada's Musician (…)"."""
    import attrs

    from rules.zestrea import ZestreaOptions
    from rules.zestrea.state import WeddingRecord
    from tui.zestrea.words import form_words

    state = GAME.setup(ZestreaOptions(), 3, 2)
    view = GAME.view(state, 0)
    couple = view.estates[1].couples[0]
    view = attrs.evolve(view, weddings=(WeddingRecord(1, 1, 0, couple.number),),
                        roles=((couple.stayed, "F01-1"),))
    told = form_words(view, NAMES)
    assert told[("record", 1)].startswith("the wedding of ") and "(♂)" in told[("record", 1)]
    assert told["F01-1"].startswith("Ada's Musician (")


def typed_at_once(app, *keys: str) -> None:
    """``keys`` as a terminal delivers keys typed very fast (or pasted by ``tmux
    send-keys``): all read at once, none waiting for the one before to be handled
    (``pilot.press`` waits between keys, which hides what a fast typist meets)."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else " " if key == "space" else None))


async def test_keys_typed_right_after_tab_reach_the_field_tab_went_to():
    """Player-test 22: keys typed very fast right after Tab were lost (tmux send-keys
    "Tab 2" left "you give Zestre" at 0). Tab moved the focus only once the Tab had
    passed from the focused field up to the form, and a key read before then went to
    the field Tab left (a drop-down, which ignores "2"). Tab and shift+Tab now move the
    focus at once, from box to box of a tick list as before, and a space typed just
    before a Tab ticks the box it was typed on."""
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        form = await _open(app, TRADE, sent)
        await pilot.pause()
        # to -> give Zestre 2 -> give box 1, ticked -> give box 2 -> ask Zestre 1 -> ask box 2,
        # ticked -> back to ask Zestre (its 1 selected), 2 -> Enter sends
        typed_at_once(app, "tab", "2", "tab", "space", "tab", "tab", "1", "tab", "tab", "space",
                      "shift+tab", "shift+tab", "2", "enter")
        await until(pilot, lambda: bool(sent))
        assert sent == [ProposeTrade(1, 2, ("F02-1",), 2, ("F05-1",))]
        assert form not in app.screen_stack


async def test_f1_in_a_form_opens_the_rules_and_comes_back_to_the_form_as_it_was():
    """Tester 23, finding 6: F1 did nothing inside an open form, while the table's line
    says "F1: rules". It opens Zestrea's rules page over the form; leaving the page
    comes back to the form with every field as it was, and the form still sends."""
    from tui.screens.rules import RulesScreen

    from .zestrea_helpers import start, zestrea_game

    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        await start(pilot, zestrea_game())
        form = await _open(app, TRADE, sent)
        await pilot.pause()
        await pilot.press("tab", "end", "backspace", "3", "tab", "space")  # 3 Zestre, the first card ticked
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.package == "tui.zestrea"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is form)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: sent == [ProposeTrade(1, 3, ("F02-1",), 0, ())])
