"""Player-tester 6's small findings: finding 8 (the host form offered *Hints* for every
game, though only Zatre and the card game have the ``profi`` option that hides them) and
finding 9 (at 80x24 the Zatre table's news line cut a bot's last turn short)."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from tui.app import ParlourApp
from tui.local_game import GAMES, LocalGame, SeatChoice
from tui.names import cells, wrap
from tui.screens.host_setup import HostSetupScreen, parse_host_form
from tui.screens.local_setup import has_hints
from tui.widgets.message import TableMessage, news_lines
from tui.zatre.words import turn_text

from .helpers import start, until
from .lan_helpers import app_for
from .test_fit import drawn

SMALL = (80, 24)
WITH_HINTS = ("zatre", "zatre-cards")
"""The games with the ``profi`` option (README: *hints … for Zatre and the card game*)."""


def test_only_zatre_and_the_card_game_have_hints():
    """Tester 6, finding 8: which games the host form offers *Hints* for."""
    assert {game for game in GAMES if has_hints(game)} == set(WITH_HINTS)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_host_forms_settings_carry_profi_only_for_a_game_with_hints(game):
    """Tester 6, finding 8: *hidden (profi)* left set while Estate or Zestrea is chosen
    opens no table with ``profi``; Zatre and the card game keep it."""
    settings = parse_host_form("Friday", "Ann", "7531", "", True, True, game)
    assert settings.profi is (game in WITH_HINTS)


async def test_switching_the_host_forms_game_hides_and_shows_hints(tmp_path):
    """Tester 6, finding 8: the *Hints* field and its label show for Zatre and the card
    game only, following the *Game* list; back at Zatre the choice made is still there."""
    app = app_for(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HostSetupScreen) and app.screen.query("#host-profi"))
        form = app.screen
        hints = form.query_one("#host-profi", Select)
        label = next(lb for lb in form.query(".field-label") if "host-profi" in lb.fields)
        hints.value = True
        for game in ("zestrea", "zatre-cards", "estate", "zatre"):
            form.query_one("#host-game", Select).value = game
            await until(pilot, lambda: hints.display is (game in WITH_HINTS))
            assert label.display is hints.display, game
        assert hints.value is True and form.settings().profi is True
        form.query_one("#host-game", Select).value = "estate"
        await pilot.pause()
        assert form.settings().profi is False


def test_the_news_line_takes_the_longest_form_that_fits():
    """Tester 6, finding 9: a shorter form is tried before anything is cut; the
    shortest is cut (keeping its points) only when none fits."""
    forms = ("Jonathan (strong bot) laid 6 4 5 → 10, 11, x2, x2: +6 points.",
             "Jonathan laid 6 4 5 → 10, 11, x2, x2: +6 points.",
             "Jonathan laid 6 4 5 → 10 11 x2 x2: +6.")
    for width, shown in ((80, forms[0]), (50, forms[1]), (45, forms[2])):
        assert news_lines(forms[0], width, 1, forms[1:]) == [shown], width
    (cut,) = news_lines(forms[0], 30, 1, forms[1:])
    assert cut.startswith("Jonathan laid") and cut.endswith("…: +6.") and cells(cut) == 30


@pytest.mark.parametrize("seed, short", [(3, False), (9, True)])
async def test_a_bots_turn_fits_the_news_line_at_80x24_and_is_whole_at_120(seed, short):
    """Tester 6, finding 9: at 80x24 "Jonathan (strong bot) laid …" was cut in its
    middle; the news line shows the turn unbroken, the name without its bot tag (seed
    3: that is enough), and the lines without commas and the points a bare sum where
    that is not (seed 9: two lines and two crosses). At 120 columns it is whole, bot tag
    and all."""
    game = LocalGame((SeatChoice("You"), SeatChoice("Jonathan", "strong")), seed=seed, pace=0)
    for size in (SMALL, (120, 30)):
        app = ParlourApp(pace=0)
        async with app.run_test(size=size) as pilot:
            table = await start(pilot, game)
            record = table.view.log[-1]
            assert record.seat == 1, "the bot played first"
            message = table.query_one(TableMessage)
            await pilot.pause()
            rows = [row.rstrip() for row in drawn(message)]
            news = rows[:rows.index(wrap(message.text, message.size.width)[0])]
            if size == SMALL:
                assert cells(message.news) > message.size.width, "the whole sentence does not fit"
                assert news == [turn_text(record, "Jonathan", short=short)]
            else:  # (wrapped where the line has room for two)
                assert " ".join(news) == message.news == turn_text(record, "Jonathan (strong bot)")
