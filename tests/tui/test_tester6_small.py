"""Player-tester 6's small findings: finding 8 (the host form offered *Hints* for every
game, though only Zatre and the card game have the ``profi`` option that hides them)."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from tui.local_game import GAMES
from tui.screens.host_setup import HostSetupScreen, parse_host_form
from tui.screens.local_setup import has_hints

from .helpers import until
from .lan_helpers import app_for

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
