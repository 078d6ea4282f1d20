"""A dropped LAN player at the Zestrea table (player-tester findings on issue 9, item 6):
the estates panel says ``away, held 1:42 more`` (the time left, as every LAN table says
it: player-tester 4, item 6), then ``away``, instead of
``·acting``; the host is told at the table how to seat a bot; the header and the
window agree on whom the table waits for (item 9)."""

from __future__ import annotations

import time

from net.protocol import SeatInfo
from tui.app import ParlourApp
from tui.lan import away_words
from tui.zestrea.lan_table import seat_bot_hint
from tui.zestrea.table import waited_seats

from .helpers import shown, until
from .zestrea_helpers import SMALL, start, waiting_for_keys, zestrea_game


def test_away_words_while_held_and_after():
    now = time.time()
    held = away_words(SeatInfo(seat=1, status="away", name="Bob", deadline=now + 90), now)
    assert held == "away, held 1:30 more"
    assert away_words(SeatInfo(seat=1, status="away", name="Bob", deadline=now + 90, left=True), now) == "left"
    assert away_words(SeatInfo(seat=1, status="away", name="Bob")) == "away"
    assert away_words(SeatInfo(seat=1, status="here", name="Bob")) == ""


def test_the_host_hint_names_the_seat_once_the_grace_is_over():
    names = ("Root", "Bob", "Hana")
    held = (SeatInfo(seat=0, status="here", name="Root"), SeatInfo(seat=1, status="away", name="Bob", deadline=time.time() + 60))
    assert seat_bot_hint(names, held) == ""
    over = (SeatInfo(seat=0, status="here", name="Root"), SeatInfo(seat=1, status="away", name="Bob"))
    assert seat_bot_hint(names, over) == ("Bob is away: wait, or give the seat to a bot: t, "
                                          "then /bot seat 2 strong.")


async def test_the_estates_panel_shows_a_seat_away_instead_of_acting(tmp_path):
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=2))
        await until(pilot, lambda: waiting_for_keys(app, table) and not table.snap.over)
        table._away_words = lambda seat: "away" if seat == 1 else ""
        table._update()
        estates = shown(table.query_one("#z-estates"))
        ada = next(line for line in estates.splitlines() if "Ada" in line)
        assert "away" in ada and "acting" not in ada


def test_the_header_waits_for_the_seats_the_window_has_not_heard_from(tmp_path):
    """Item 9: in a wedding window the table waits for those who have not passed (the
    window's own "passed" list), not for every seat that may act."""
    from types import SimpleNamespace

    from rules.zestrea.state import Window

    window = Window(0, 1, "L01", "M02", 0, 1, "each_1", passed=frozenset({1, 3}))
    view = SimpleNamespace(phase="negotiation", prompts=(), window=window, ready=frozenset(), offers=())
    snap = SimpleNamespace(view=view, active_seats=frozenset({0, 1, 2, 3}))
    assert waited_seats(snap) == [0, 2]
    step_four = SimpleNamespace(phase="negotiation", prompts=(), window=None, ready=frozenset({2}), offers=())
    assert waited_seats(SimpleNamespace(view=step_four, active_seats=frozenset({0, 1, 2}))) == [0, 1]


def test_toasts_of_chat_and_comings_are_at_most_one_every_few_seconds():
    """Item 8: a flood of joins, leaves and chat pops up once per gap; the next notice
    says how many were held back (they stay in the chat; errors are not gated)."""
    from tui.screens.lan_table import ToastGate

    gate = ToastGate(gap=5.0)
    assert gate.let(100.0) == ""
    assert [gate.let(100.0 + k / 10) for k in range(1, 30)] == [None] * 29
    assert gate.let(105.5) == " (+29 more: t for the chat)"
    assert gate.let(106.0) is None
