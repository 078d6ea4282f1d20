"""The Estate table's polish (issue 10 items 2-7): the words a refusal, the Produce and
Draw entries, the Expand preview and the footer give, at a real local host by keys."""

from __future__ import annotations

from rules.estate import GAME
from tui.app import ParlourApp
from tui.estate.convert import ConvertScreen
from tui.local_game import SeatChoice

from .estate_helpers import SMALL, choose, estate_game, keys_to, ready, start
from .helpers import hand_over, until


async def test_a_second_pick_at_the_hotseat_draft_says_who_still_picks():
    """Issue 10 item 2 (E-F14, E-R32: the draft is done by all at once): Ann has picked,
    a second pick from her seat is refused with "You have picked; waiting for Bob to
    pick.", named, not "It is not Ann's turn."."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("Ann"), SeatChoice("Bob")))
        await hand_over(pilot)
        await until(pilot, lambda: table.snap is not None and table.view.phase == "draft" and table.my_turn)
        seat = table.seat
        packet = table.view.packet
        pick = next(a for a in table.snap.legal_actions if getattr(a, "card", None) == packet[0])
        await table._submit(table.links[seat], pick)
        again = next(a for a in GAME.legal_actions(app.table.host.state, 1 - seat))  # (any pick)
        await table._submit(table.links[seat], again)
        who = ("Ann", "Bob")[1 - seat]
        assert table._error == f"You have picked; waiting for {who} to pick."


WAR_SEED = 46
"""Two seats, leaders random: Era 1's event is the Era of War (E-E8: each Draw action
draws 1 card fewer, at least 1); seat 0 leads as the Pious One (E-L3: +1 to a Draw with
its ability) with Noble value 2."""


async def to_first_turn(pilot, table) -> None:
    """Through the set-up (the first entry each time) to the player's first turn."""
    app = pilot.app
    for _ in range(40):
        await until(pilot, lambda: ready(app, table), timeout=20)
        if table.view.phase == "turns" and table.view.question is None and table.snap.seat == table.view.turn:
            return
        await choose(pilot, table, lambda e: True)
    raise AssertionError("never reached a turn")


async def test_draw_and_produce_entries_show_the_limit_after_era_modifiers():
    """Issue 10 item 3 (E-R16, E-R38, E-R24): with the Era of War in force the Draw entry
    says 1 card, not the Noble value 2; the preview says what the number is made of; the
    Pious One's Draw says 2 (its +1); the numbers are the rules' (views.worker_limits)."""
    import attrs

    from rules.estate.data import CONTENT
    from rules.estate.state import Draw, Produce
    from tui.estate import words

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), SeatChoice("Ada", "easy"), seed=WAR_SEED))
        await to_first_turn(pilot, table)
        view = table.view
        assert view.era_events[0] == "E-E8" and view.estates[0].leader == "E-L3"
        assert words.track_value(view, 0, "Noble") == 2
        shown = [str(o.prompt) for o in table.query_one("#e-actions").options]
        assert "Draw 1 card" in shown and "Draw 2 cards" not in shown
        assert words.preview(Draw(), view).startswith(
            "Draw 1 card (Noble value 2, -1 from modifiers in force (Era Event, Leader, cards))")
        assert Draw("E-L3") in table.snap.legal_actions
        assert "Draw 2 cards with the Pious One's ability" in shown
        produce = words.worker_limit(view, "produce")
        if not words.producible(view):  # tester-estate-1 item 14: the entry says so (E-R10)
            assert "Produce: yields nothing (no Production card)" in shown
            farm = next(c for c in CONTENT.cards if CONTENT.cards[c].name == "Farm") + "-1"
            est = attrs.evolve(view.estates[0], cards=(*view.estates[0].cards, farm))
            view = attrs.evolve(view, estates=(est, *view.estates[1:]))
            shown = [words.action_text(Produce(), view)]
        assert f"Produce (up to {produce} card{'s' * (produce != 1)})" in shown
        assert words.preview(Produce(), view).startswith(f"Produce: activate up to {produce} ")
        assert CONTENT.leaders["E-L3"].ability["when"] == "draw_action"


def test_the_view_carries_the_rules_limits_with_an_era_modifier():
    """Issue 10 item 3: rules.estate.views.worker_limits is what Produce and Draw come to
    (turns.py's own sums, E-R16 / E-R38): a +1 produce_limit modifier for everyone moves
    the plain Produce limit by 1; a spectator's view carries none."""
    import attrs

    from rules.estate import effects as fx
    from rules.estate import views
    from rules.estate.state import EstateOptions
    from rules.estate.turns import track_value

    state = GAME.setup(EstateOptions(leaders="random"), 2, WAR_SEED)
    while state.phase != "turns":
        seat = min(GAME.active_seats(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    plain = dict(((k, a), n) for k, a, n in GAME.view(state, 0).limits)
    assert plain["draw", ""] == max(1, track_value(state, 0, "Noble") - 1)  # the Era of War
    boosted = attrs.evolve(state, table=fx.add_modifier(state.table, -1, {"op": "modify", "rule": "produce_limit",
                                                                           "delta": 1}))
    assert views.action_limit(boosted, 0, "produce") == plain["produce", ""] + 1
    assert GAME.view(state, None).limits == ()


def turn_state(seed: int = 5):
    """A two-seat game at its first worker turn (the first answer each time before)."""
    from rules.estate.state import EstateOptions

    state = GAME.setup(EstateOptions(leaders="random"), 2, seed)
    while state.phase != "turns" or state.pending is not None:
        seat = min(GAME.active_seats(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def holding(state, cards=(), hand=(), res=(0, 0, 0, 0)):
    """``state`` with the seat to play holding ``res`` (I S W G), these ``cards`` in its
    Estate and this ``hand``."""
    import attrs

    seat = state.turn
    estate = attrs.evolve(state.table.estates[seat], res=res, stored=(), cards=tuple(cards), hand=tuple(hand))
    return attrs.evolve(state, table=state.table.set(seat, estate))


def test_an_expand_payable_only_through_a_discount_says_so():
    """Issue 10 item 4 (E-R11: discounts waive units; the Architect, E-C03: a
    Construction costs 1 less): a Farm (1 Stone 1 Wood) with only 1 Stone is legal through
    the Architect, and its preview says how."""
    from rules.estate.state import Expand
    from tui.estate import words

    state = holding(turn_state(), cards=("E-C03-1",), hand=("E-C12-1",), res=(0, 1, 0, 0))
    seat = state.turn
    assert Expand("E-C12-1") in GAME.legal_actions(state, seat)
    view = GAME.view(state, seat)
    assert words.preview(Expand("E-C12-1"), view).startswith(
        "Expand: pay 1 Stone 1 Wood; payable only through the discount of Architect: leave 1 Wood unpaid")
    plain = holding(turn_state(), cards=("E-C03-1",), hand=("E-C12-1",), res=(0, 1, 1, 0))
    assert "Architect lets you leave 1 unit unpaid (you choose which)" in words.preview(
        Expand("E-C12-1"), GAME.view(plain, seat))


def test_an_expand_payable_after_a_conversion_names_the_conversion():
    """Issue 10 item 4 (E-R12: 3 for 1, on your turn): a Farm with 1 Stone and 3 Grain is
    not legal (the rules do not convert for you); its ✗ line says which conversion pays
    it; with too little spare it says what is short."""
    from rules.estate.state import Expand
    from tui.estate import words
    from tui.estate.convert import useful

    state = holding(turn_state(), hand=("E-C12-1",), res=(0, 1, 0, 3))
    seat = state.turn
    legal = GAME.legal_actions(state, seat)
    assert Expand("E-C12-1") not in legal
    view = GAME.view(state, seat)
    assert words.why_not(view, seat, "E-C12-1", useful(legal)) == (
        "convert 3 Grain → 1 Wood first (c), then Expand for 1 Stone 1 Wood")
    poor = holding(turn_state(), hand=("E-C12-1",), res=(0, 1, 0, 2))
    assert words.why_not(GAME.view(poor, seat), seat, "E-C12-1", useful(GAME.legal_actions(poor, seat))) == (
        "short of 1 Wood (costs 1 Stone 1 Wood)")


async def test_the_do_lists_greyed_card_names_the_conversion():
    """Issue 10 item 4 at the table: the greyed ✗ line of the Do list (a card that cannot
    be played) tells the conversion that would pay it, and c opens the converter."""
    import attrs

    from net.table import Snapshot
    from tui.estate.convert import ConvertScreen

    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), SeatChoice("Ada", "easy"), seed=WAR_SEED))
        await to_first_turn(pilot, table)
        state = holding(app.table.host.state, hand=("E-C12-1",), res=(0, 1, 0, 3))
        seat = table.snap.seat
        snap: Snapshot = attrs.evolve(table.snap, view=GAME.view(state, seat),
                                      legal_actions=tuple(GAME.legal_actions(state, seat)))
        table.snap = snap
        table._update()
        await pilot.pause()
        shown = [str(o.prompt) for o in table.query_one("#e-actions").options]
        assert "✗ Farm: convert 3 Grain → 1 Wood first (c), then Expand for 1 Stone 1 Wood" in shown
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ConvertScreen))


def test_end_turn_says_whether_the_market_is_refilled():
    """Item 7 (E-R15; the Era of Storms, E-E12: the Market is not refilled at turn ends):
    the End turn preview says what is true in this Era."""
    from rules.estate.state import EndTurn
    from tui.estate import words

    storms = turn_state(5)
    assert storms.events[0] == "E-E12"
    assert "the Market is not refilled this Era" in words.preview(EndTurn(), GAME.view(storms, storms.turn))
    calm = turn_state(WAR_SEED)
    assert "the Market's gaps are filled from the deck" in words.preview(EndTurn(), GAME.view(calm, calm.turn))


async def test_once_the_worker_is_placed_the_table_says_end_your_turn():
    """Item 7 (E-R10: one worker action, then conversions, storage and the turn's end):
    after a Gather the status says to end the turn, not "place a worker", and no card
    in hand is greyed as "short of" what a second action would cost."""
    from rules.estate.state import EndTurn, Gather

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), SeatChoice("Ada", "easy"), seed=WAR_SEED))
        await to_first_turn(pilot, table)
        assert "place a worker" in table._turn_text()
        assert any(isinstance(e, tuple) for e in table._entries)  # a card the player cannot pay
        await choose(pilot, table, lambda e: isinstance(e, Gather))
        await until(pilot, lambda: ready(app, table) and EndTurn() in table.snap.legal_actions)
        assert "end your turn" in table._turn_text() and "place a worker" not in table._turn_text()
        assert not any(isinstance(e, tuple) for e in table._entries)


async def test_while_leaders_are_chosen_the_page_keys_are_dimmed():
    """Item 7 (footer keys true to what may be done): the Leaders are the only page
    while they are chosen (E-R1), so e h b m o are dimmed and not offered."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), SeatChoice("Ada", "easy"), leaders="choose"))
        await until(pilot, lambda: ready(app, table) and table.view.phase == "leaders")
        assert table.check_action("page", ("hand",)) is None
        assert "pages" not in table._instructions()
        assert str(table.query_one("#e-page-box").border_subtitle or "") == ""
        await choose(pilot, table, lambda e: True)
        await until(pilot, lambda: table.view.phase != "leaders")
        assert table.check_action("page", ("hand",)) is True


async def test_solo_words_fit_a_table_of_one():
    """Item 7 (solo: rulebook Solo Mode, E-F48 "10 drawn, keep 4"): no "last seat first"
    for one Leader chooser, and the draft's instruction says 4 of the 10."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), leaders="choose"))
        await until(pilot, lambda: ready(app, table) and table.view.phase == "leaders")
        page = table._page_text(table.snap)
        assert page.startswith("Choosing Leaders: none chosen yet") and "last seat" not in page
        await choose(pilot, table, lambda e: True)
        await until(pilot, lambda: ready(app, table) and table.view.phase == "draft")
        assert "keep a card (4 of the 10 in all)" in table._turn_text()


async def test_after_a_conversion_the_highlight_stays_on_end_turn():
    """Player-tester 2, item 5 (README: when the Do list changes the highlight stays on
    the same action or on none): End turn highlighted, a conversion by ``c``; Take back
    joins the list above it, the highlight stays on End turn and Now describes it."""
    from rules.estate.state import Convert, EndTurn, Gather, TakeBack

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game(SeatChoice("You"), SeatChoice("Ada", "easy"), seed=WAR_SEED))
        await to_first_turn(pilot, table)
        await choose(pilot, table, lambda e: isinstance(e, Gather))
        await until(pilot, lambda: ready(app, table) and EndTurn() in table.snap.legal_actions)
        assert table._conversions(), "a conversion is open after the Gather"
        actions = table.query_one("#e-actions")
        await pilot.press(*keys_to(range(actions.option_count), actions.index_of(EndTurn())))
        assert actions.highlighted_action() == EndTurn()
        version = table.snap.version
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ConvertScreen))
        await pilot.press("enter")
        await until(pilot, lambda: table.snap.version != version and ready(app, table))
        await pilot.pause(0.3)  # (the Now panel follows a resting highlight)
        assert TakeBack() in table._entries and table._entries.index(TakeBack()) < table._entries.index(EndTurn())
        assert actions.highlighted_action() == EndTurn()
        assert "End your turn" in str(table.query_one("#e-now").render())
        assert not any(isinstance(e, Convert) for e in table._entries)
