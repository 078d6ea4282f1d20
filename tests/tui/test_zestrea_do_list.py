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


async def test_the_auction_winner_starts_on_keep_it_for_later():
    """Rulebook "III. Auction" ("The buyer can play the card immediately or keep it for
    later"), Z-R27 step 5, Z-R22: keeping spends and loses nothing (the card may be
    played in step IV, which follows at once), so the winner's Do list starts on "keep
    it for later", not on "Play …" (listed after it); a card with no target, played
    at once by Enter, is never where the highlight starts."""
    from rules.core import ActionKind, OneOf
    from rules.zestrea.state import Choose, PlayFate
    app = DoListApp()
    async with app.run_test(size=(60, 12)) as pilot:
        do = app.query_one(DoList)
        do.focus()
        play = ActionKind("play", (OneOf("villager", ("L01", "M01")),), fixed=(("card", "F01-1"),))
        show_actions(do, Choose(("keep",)), play)
        assert do.highlighted_action() == Choose(("keep",))
        show_actions(do)
        show_actions(do, Choose(("keep",)), PlayFate("F16-1"))
        assert do.highlighted_action() == Choose(("keep",))
        await pilot.press("enter")
        await until(pilot, lambda: app.done == [Choose(("keep",))])
