"""The setup form never makes two seats share a name itself, and when a player does,
Start's refusal names the seats (tester 6, finding 4: seat 1 turned bot became "Ben",
the name empty seat 3 had; seat 3 turned bot too, and Start was refused with "Two
players have the same name")."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static

from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from tui.app import ParlourApp
from tui.screens.local_setup import DEFAULT_SEATS, bot_name, parse_setup, replayed_form

DEFAULT_NAMES = [name for name, _ in DEFAULT_SEATS]


def test_a_bot_gets_a_name_no_other_seat_has_an_empty_seat_included():
    assert bot_name(DEFAULT_NAMES, 0) == "Fay", "Ada to Eve are the other seats' names"
    assert bot_name(["You", "Ada", "", "Cleo"], 0) == "Ben", "seat 3's name was cleared"
    assert bot_name(["You", "ben", "ADA", "Fay", "Cleo", "Eve"], 0) == "Dan", "any case"
    # whatever the other five seats are called, one of the form's bot names is free
    assert bot_name(["x", "Ada", "Ben", "Cleo", "Dan", "Fay"], 0) == "Eve"


def test_the_refusal_names_the_seats_that_share_a_name():
    with pytest.raises(ValueError) as refused:
        parse_setup(["strong", "strong", "strong", "none"], ["Ben", "Ada", "ben", "Cleo"], False, "", 0.0)
    assert str(refused.value) == "Seats 1 and 3 have the same name, 'Ben'; give each a different one."
    with pytest.raises(ValueError, match=r"^Seats 2, 4 and 5 have the same name, 'Al';"):
        parse_setup(["human", "easy", "none", "easy", "easy", "easy"], ["Bo", "Al", "Al", "Al", "Al", "Cy"],
                    False, "", 0.0, "zestrea")


def test_a_replayed_games_empty_seats_get_names_its_players_do_not_have():
    view = ZATRE.view(ZATRE.setup(ZatreOptions(), 2, 1), None)
    form = replayed_form(view, ("Hana", "Eve"), (None, "easy"))
    assert form.names == ("Hana", "Eve", "Ada", "Ben", "Cleo", "Dan"), "seat 6 was 'Eve' too"
    assert len({name.casefold() for name in form.names}) == len(form.names)


async def test_zestrea_seat_1_turned_bot_then_seats_3_to_6_start():
    """The tester's steps: Zestrea; seat 1 Player -> Bot, strong; seats 3-6 -> Bot,
    strong. Every seat has its own name, and the form describes a game (no refusal)."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        setup = app.screen
        setup.query_one("#game", Select).value = "zestrea"
        await pilot.pause()
        for seat in (0, 2, 3, 4, 5):
            setup.query_one(f"#kind-{seat}", Select).value = "strong"
            await pilot.pause()
        names = [setup.query_one(f"#name-{seat}", Input).value for seat in range(6)]
        assert names == ["Fay", "Ada", "Ben", "Cleo", "Dan", "Eve"]
        game = setup.game()
        assert [seat.name for seat in game.seats] == names
        assert str(setup.query_one("#setup-error", Static).render()) == ""
