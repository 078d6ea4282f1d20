"""Every seat's view (and the watcher's) of every version of Estate bot games, put in
words the way the table shows a snapshot: the log lines of its events as that seat
is told them, every page, the question, each legal action and its preview, why a card
in hand cannot be played (player-tester report: a seat's own "kept a Family Secret"
event, E-R32, raised ``KeyError: 'E'`` and the table stopped following the game; a
tuck's ``(pool, card)`` answers, E-V10, raised as well)."""

from __future__ import annotations

import random

import pytest

from rules.estate import StrongBot
from rules.estate import game as estate
from rules.estate.data import CONTENT
from rules.estate.state import EstateOptions
from tui.estate import board, words

WARLORD, DROUGHT = "E-L1", "E-E9"


def show(view, seat, names, legal, events) -> None:
    """What the Estate table (tui/estate/table.py) makes of one snapshot."""
    for event in events:
        words.event_line(estate.project_event(event, seat), names, seat)
    if view.question is not None:
        words.question_text(view)
    for action in legal:
        words.preview(action, view)
        words.action_text(action, view, names)
    if view.estates:
        board.hand_page(view, names)
        board.realm_page(view, names)
        board.market_page(view, names)
        board.others_page(view, names, [None] * view.seats)
        board.estate_page(view, seat if seat is not None else 0, names)
        for copy in view.estates[seat].hand if seat is not None else ():
            words.why_not(view, seat, copy)


@pytest.mark.parametrize("seed, seats", [(12, 4), (35, 4), (2, 2), (1, 1)])
def test_every_view_of_a_bot_game_is_shown_in_words(seed, seats):
    state = estate.new_game(EstateOptions(leaders="random"), seats, seed)
    if seats == 4:  # the report's table: a Warlord, Era 1 the Era of Drought
        assert WARLORD in state.leaders and state.events[0] == DROUGHT
    names = [f"Player {s + 1}" for s in range(seats)]
    bot, rng, events, secrets_seen = StrongBot(), random.Random(seed), (), 0
    while not estate.is_over(state):
        active = estate.active_seats(state)
        for seat in (None, *range(seats)):
            legal = estate.legal_actions(state, seat) if seat in active else ()
            show(estate.view(state, seat), seat, names, legal, events)
        secrets_seen += sum(e.what == "kept a Family Secret" for e in events)
        seat = min(active)
        state, events = estate.apply(state, seat, bot.choose(estate.view(state, seat),
                                                             estate.legal_actions(state, seat), rng))
    for seat in (None, *range(seats)):
        show(estate.view(state, seat), seat, names, (), events)
    if seats > 1:  # the Family Secrets' events were among those shown, one a seat
        assert secrets_seen == seats


def test_a_kept_secret_is_named_to_its_seat_only():
    """E-R32: the seat that keeps a Family Secret reads its name; the others only that
    one was kept."""
    state = estate.new_game(EstateOptions(leaders="random"), 2, 12)
    bot, rng = StrongBot(), random.Random(12)
    while state.phase != "secrets":
        seat = min(estate.active_seats(state))
        state, _ = estate.apply(state, seat, bot.choose(estate.view(state, seat),
                                                        estate.legal_actions(state, seat), rng))
    keep = estate.legal_actions(state, 0)[0]
    _, events = estate.apply(state, 0, keep)
    name = CONTENT.secrets[keep.secret].name
    mine = [words.event_line(estate.project_event(e, 0), ["Ann", "Bob"], 0) for e in events]
    theirs = [words.event_line(estate.project_event(e, 1), ["Ann", "Bob"], 1) for e in events]
    assert f"You kept a Family Secret: {name}" in mine
    assert "Ann kept a Family Secret" in theirs and not any(name in line for line in theirs)
