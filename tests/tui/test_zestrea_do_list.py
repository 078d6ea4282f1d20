"""The Do list keeps to what an entry does, not where it is (player-tester findings on
issue 9, item 3): a changed list keeps the highlight on the same action or on none; a
single click only highlights; an entry that spends Zestre is never highlighted by the
table itself; "Adopt a Maiden" adopts a Maiden even when the list changes under it."""

from __future__ import annotations

from rules.zestrea.state import Accept, Adopt, BuyLand, Ready
from tui.zestrea.do_list import DoList

from .helpers import until
from .zestrea_helpers import DoListApp, show_actions


async def test_adopt_a_maiden_adopts_a_maiden_when_an_offer_arrives():
    """Root's case: Down onto "Adopt a Maiden", then an offer arrives (a new entry
    above it); Enter adopts a Maiden, not the Lad now in that place."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do, Ready(), Adopt("lad"), Adopt("maiden"))
        await pilot.press("down", "down")
        assert do.highlighted_action() == Adopt("maiden")
        show_actions(do, Accept(3), Ready(), Adopt("lad"), Adopt("maiden"))
        assert do.highlighted_action() == Adopt("maiden")
        await pilot.press("enter")
        await until(pilot, lambda: app.done == [Adopt("maiden")])


async def test_a_closed_entry_leaves_no_highlight_and_enter_does_nothing():
    """A window closes: its entry goes, and the highlight goes to none rather than onto
    whatever took its place."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do, Ready(), Accept(3), Adopt("lad"))
        await pilot.press("down")
        assert do.highlighted_action() == Accept(3)
        show_actions(do, Ready(), Adopt("lad"))
        assert do.highlighted is None
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.done == []


async def test_spending_is_never_highlighted_by_the_table_and_a_click_only_selects():
    """A fresh list highlights its first entry that spends nothing (Buy a Land waits for
    the player's own choice); one click highlights, a double click does it."""
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        show_actions(do, BuyLand(), Adopt("lad"), Ready())
        assert do.highlighted_action() == Ready()
        await pilot.click(DoList, offset=(3, 1))
        await pilot.pause(0.1)
        assert do.highlighted_action() == BuyLand() and app.done == []
        await pilot.click(DoList, offset=(3, 1), times=2)
        await until(pilot, lambda: app.done == [BuyLand()])
