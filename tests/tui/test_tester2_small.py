"""Player-tester 2's small findings (item 10) and cut texts (item 7): counts read as
words do ("Hand (1 card)", "1 seat is filled"), and the lines cut at 80 columns keep
what a player needs."""

from __future__ import annotations

import pytest

from rules.estate import GAME
from tui.estate import board
from tui.screens.local_setup import parse_setup

from .test_estate_polish import holding, turn_state


def test_one_seat_filled_reads_as_one():
    """Item 10: "1 seats are filled" -> "1 seat is filled"; two stay plural."""
    with pytest.raises(ValueError, match=r": 1 seat is filled\.$"):
        parse_setup(["human", "none"], ["You", "Ada"], False, "", 0.0, "zatre")
    with pytest.raises(ValueError, match=r": 2 seats are filled\.$"):
        parse_setup(["human", "easy"], ["You", "Ada"], False, "", 0.0, "zestrea")


def test_a_hand_of_one_card_reads_as_one():
    """Item 10: "Hand (1 cards)" -> "Hand (1 card)"."""
    state = turn_state()
    hand = state.table.estates[state.turn].hand
    one = holding(state, hand=hand[:1])
    assert "Hand (1 card):" in board.hand_page(GAME.view(one, one.turn))
    two = holding(state, hand=hand[:2])
    assert "Hand (2 cards):" in board.hand_page(GAME.view(two, two.turn))


def test_estates_setup_hint_explains_its_two_options():
    """Item 10: "Leaders" (choose, random: E-R1) and "Interactive deck" (E-F48) are
    explained in the form's hint."""
    from tui.screens.local_setup import setup_hint

    hint = setup_hint("estate")
    assert "Leaders: chosen (last seat first) or dealt at random" in hint
    assert "Interactive Deck (Judge, Royal Ambassador, City Watch)" in hint


async def test_results_open_on_your_own_sheet_and_g_says_what_it_opens():
    """Item 10: the results open on the player's own sheet (Bob's opened on Ann's), and
    ``g`` says what it opens: "New game" (the setup form) after a local game, "Join a
    table" after joining one (it led there while it said New game)."""
    import attrs

    from tui.app import ParlourApp
    from tui.local_game import LocalGame, SeatChoice
    from tui.screens.results import ResultsScreen

    from .helpers import until

    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice("Ada", "easy"), SeatChoice("Ben", "easy")), seed=5, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_local(game)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), timeout=30)
        snap = app.screen.snap
        for seat in (1, 0):
            screen = type(app.screen)(attrs.evolve(snap, seat=seat), quiet=False)
            await app.push_screen(screen)
            await pilot.pause()
            assert screen.query_one("#result-sheets").active == f"seat-{seat}"

        def g_label() -> str | None:
            keys = {b.key: b.description for _, b, enabled, _ in app.screen.active_bindings.values()
                    if b.show and enabled}
            return keys.get("g")

        assert g_label() == "New game"
        app.again = "join"
        app.screen.refresh_bindings()
        assert g_label() == "Join a table"
        await pilot.press("g")
        from tui.screens.join import JoinScreen

        await until(pilot, lambda: isinstance(app.screen, JoinScreen))


def test_the_others_page_keeps_a_bots_kind_whole():
    """Item 7: "Strong bot (strong bo… · Agrarian Lord": the name is fitted, the bot's
    kind kept whole."""
    state = turn_state()
    other = 1 - state.turn
    names = ["Ann", "Bob"]
    names[other] = "Strong bot"
    bots = [None, None]
    bots[other] = "strong"
    page = board.others_page(GAME.view(state, state.turn), names, bots)
    assert page.splitlines()[0].startswith("Strong bot (strong bot) · ")


def test_zatres_news_line_gives_the_draw_for_first_player_whole():
    """Item 7: "Draw for first player: You 4, A…" at 80 columns: the news line says it
    short, every draw and who begins in it."""
    from tui.widgets.message import news_lines
    from tui.zatre.table import opening_news

    news = opening_news(((0, 4), (1, 3)), ["You", "Ada (strong bot)"])
    assert news_lines(news, 46, 1) == [news]
    assert "You 4" in news and "Ada (strong bot) 3" in news and news.endswith("begin.")


async def test_a_notice_at_the_estate_table_leaves_the_now_title_in_sight():
    """Item 10: the notice "Spec joined the table." covered the Now panel's title for
    several seconds; it sits under it now, inside the panel (off its borders too:
    tui-leftovers brief, item 3, tests/tui/test_table_notices.py)."""
    from textual.widgets._toast import Toast

    from tui.app import ParlourApp

    from .estate_helpers import SMALL, estate_game, start
    from .helpers import until

    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        table = await start(pilot, estate_game(seed=2))
        table.notify("Spec joined the table.", markup=False)
        await until(pilot, lambda: bool(table.query(Toast)))
        await pilot.pause()
        toast = table.query_one(Toast).region
        now = table.query_one("#e-now-box").region
        assert now.y < toast.y < now.bottom - 1, "the notice sits under Now's title, in the panel"
        assert now.x < toast.x and toast.right < now.right, (toast, now)
