"""The local setup form's option fields are drawn from each game's options type
(rules.core ``option_specs``): Zatre's as players know them, and a test-only game's
whole numbers with bounds and its choice, as Zestrea's will be (issue 9, "Before the
third table": options of every kind)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static

from rules.core import option_specs
from rules.zatre import ZatreOptions
from tests.net import toygame
from tui import local_game
from tui.app import ParlourApp
from tui.screens import local_setup
from tui.screens.local_setup import LocalSetupScreen, parse_options, parse_setup
from tui.widgets.field_label import FieldLabel

TOY = toygame.GAME.name


@pytest.fixture
def with_toy(monkeypatch):
    """The toy game (Secret Numbers) among the games a local table offers."""
    rules = {**local_game.RULES, TOY: toygame.GAME}
    games = {**local_game.GAMES, TOY: toygame.GAME.title}
    for module in (local_game, local_setup):
        monkeypatch.setattr(module, "RULES", rules)
        monkeypatch.setattr(module, "GAMES", games)


def test_whole_numbers_and_choices_are_read_within_their_bounds(with_toy):
    assert parse_options(TOY, {"rounds": "4", "top": " 50", "picks": "kind", "faulty_pick": ""}) == (
        ("rounds", 4), ("faulty_pick", None), ("top", 50), ("picks", "kind"))
    for text in ("1", "100", "", "x"):
        with pytest.raises(ValueError, match=r"^Top is a whole number( from 2 to 99)?\.$"):
            parse_options(TOY, {"top": text})
    with pytest.raises(ValueError, match=r"^Picks is one of listed, kind\.$"):
        parse_options(TOY, {"picks": "some"})
    game = parse_setup(["human", "easy"], ["You", "Ada"], False, "", 0.0, TOY, options={"top": "9"})
    assert game.game_options(toygame.GAME) == toygame.ToyOptions(top=9)


def test_zatres_options_are_read_as_before():
    game = parse_setup(["human", "easy"], ["You", "Ada"], True, "", 0.0, "zatre", options={})
    assert game.game_options(local_game.RULES["zatre"]) == ZatreOptions(profi=True)
    with pytest.raises(ValueError, match=r"^Hints is on or off\.$"):
        parse_options("zatre", {"profi": "maybe"})


def test_a_refusal_names_the_field_by_its_label_never_the_options_name():
    """Player-tester 23, finding 8: "Start Zestre: starting_zestre is a whole number from
    0 to 30." showed an internal name; every game's every option is refused by the label
    the form shows ("Start Zestre is a whole number from 0 to 30.")."""
    with pytest.raises(ValueError, match=r"^Start Zestre is a whole number from 0 to 30\.$"):
        parse_options("zestrea", {"starting_zestre": "31"})
    with pytest.raises(ValueError, match=r"^Step IV timer is a whole number from 0 to 3600\.$"):
        parse_options("zestrea", {"negotiation_timeout_s": "9999"})
    for game, rules in local_game.RULES.items():
        for spec in option_specs(rules.options_type):
            bad = "9999999" if spec.kind == "whole" else "nonesuch"
            with pytest.raises(ValueError) as refused:
                parse_options(game, {spec.name: bad})
            said = str(refused.value)
            assert said.startswith(local_setup.field_label(spec) + " "), said
            assert spec.label == spec.name or spec.name not in said, said


async def test_the_form_shows_the_chosen_games_options_and_refuses_a_bad_value(with_toy):
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        setup = app.screen
        assert isinstance(setup, LocalSetupScreen)
        hints = setup.query_one("#profi", Select)
        assert hints.display and [w for w, _ in hints._options] == ["shown", "hidden (profi)"]
        assert not setup.query_one("#top", Input).display, "Zatre has no such option"
        setup.query_one("#game", Select).value = TOY
        await pilot.pause()
        assert not hints.display and not setup.query_one("#teams", Select).display
        top, picks = setup.query_one("#top", Input), setup.query_one("#picks", Select)
        assert top.display and top.value == "3" and top.placeholder == "from 2 to 99"
        assert picks.display and picks.value == "listed"
        top.value = "100"
        await pilot.press("ctrl+s")
        error = str(setup.query_one("#setup-error", Static).render())
        assert "Top is a whole number from 2 to 99" in error and app.screen is setup
        top.value, picks.value = "50", "kind"
        game = setup.game()
        assert game.game_options(toygame.GAME) == toygame.ToyOptions(top=50, picks="kind")
        setup.query_one("#game", Select).value = "zatre"
        await pilot.pause()
        assert hints.display and not top.display and top.value == "3", "set back to its default"


# ---- the lobby's option buttons and options line -------------------------------------------


def lobby_state(game, *lines: str):
    from net import lobby as lb

    lobby = lb.Lobby(game, "Friday")
    ann = lobby.add_player("Ann", host=True)
    for line in lines:
        lobby.command(ann.pid, lb.parse_line(line))
    return lobby.state()


def test_the_lobby_offers_a_button_per_yes_no_and_choice_option():
    from rules.zatre import GAME as ZATRE
    from rules.zestrea import GAME as ZESTREA
    from tui.screens.lobby import option_buttons, options_text

    zatre = lobby_state(ZATRE, "/option teams on")
    assert option_buttons(zatre) == {
        "profi": ("Hints: shown ▸", "/option profi on"), "teams": ("Teams: in pairs ▸", "/option teams off"),
        "cardgame": ("Toggle cardgame", "/option cardgame on")}, "labels and values, issue 9"
    assert options_text(zatre) == "Options: Hints shown · Teams in pairs · cardgame off"
    toy = lobby_state(toygame.GAME, "/option picks kind", "/option top 40")
    assert option_buttons(toy) == {"picks": ("picks: kind ▸", "/option picks listed")}, \
        "whole numbers are typed (/option top 40), a choice goes on to its next value"
    assert "top 40" in options_text(toy)
    zestrea = lobby_state(ZESTREA, "/option extra_hard_times 2", "/option window_timeout_s 90")
    buttons = option_buttons(zestrea)
    assert buttons["extra_hard_times"] == ("Extra Hard Times: 2 ▸", "/option extra_hard_times 0")
    assert buttons["adoption_sex"] == ("Adoption sex: choose ▸", "/option adoption_sex random")
    assert "Window timer 90 s · Prompt timer off" in options_text(zestrea)
    assert "_" not in options_text(zestrea), "no option shown by its raw name (issue 9)"


def test_a_hosted_table_starts_with_profi_only_where_the_game_has_it():
    """The host form's Hints: Zatre's profi; a game without it (Zestrea) starts at its
    defaults instead of failing."""
    from rules.zatre import GAME as ZATRE
    from rules.zestrea import GAME as ZESTREA
    from rules.zestrea import ZestreaOptions
    from tui.lan import starting_options

    assert starting_options(ZATRE, True) == ZatreOptions(profi=True)
    assert starting_options(ZESTREA, True) == ZestreaOptions()


def test_the_setup_hint_speaks_of_teams_only_for_zatre():
    """Zatre's Variant for Advanced Players is Zatre's: the setup's hint does not tell
    a Zestrea or card-game player how teams sit (a player-tester's report)."""
    from tui.screens.local_setup import setup_hint

    assert "teams" in setup_hint("zatre")
    assert "teams" not in setup_hint("zestrea") and "teams" not in setup_hint("zatre-cards")


async def test_estate_solo_greys_the_interactive_deck_and_says_why():
    """Issue 10 tester item 3 (rulebook Solo Mode, reference E-F48): with one seat the
    solo mode has no Interactive Deck, so the form greys the option and says why; a
    second seat offers it again."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        setup = app.screen
        setup.query_one("#game", Select).value = "estate"
        setup.query_one("#kind-1", Select).value = "none"
        await pilot.pause()
        field = setup.query_one("#interactive_deck", Select)
        label = next(lb for lb in setup.query(FieldLabel) if "interactive_deck" in lb.fields)
        assert field.disabled and label.text == "Interactive deck (not in solo)"
        assert "solo mode, without the Interactive Deck" in str(setup.query_one("#setup-hint").render())
        # tester item 15: the label beside it keeps its field whole at 80 columns ("leaders ch ▼")
        leaders = setup.query_one("#leaders", Select)
        assert leaders.size.width >= len("choose") + 4
        setup.query_one("#kind-1", Select).value = "easy"
        await pilot.pause()
        assert not field.disabled and label.text == "Interactive deck"  # capitalised as "Hints shown"
