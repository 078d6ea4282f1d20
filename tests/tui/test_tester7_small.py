"""Player-tester 7's findings, each test naming the finding it checks."""

from __future__ import annotations

from rules.core import ActionKind, SomeOf
from rules.zestrea import GAME
from rules.zestrea.state import Choose
from tui.app import ParlourApp
from tui.zestrea.form import ActionForm

from .helpers import shown, until
from .zestrea_helpers import SMALL


async def test_a_form_refusal_goes_once_the_ticks_change():
    """Tester 7, finding 4: "✗ Tick exactly 3 villagers." stays no longer than the ticks
    it told of; ticking the missing boxes clears it, and Send then sends."""
    kind = ActionKind("choose", (SomeOf("picked", ("L01", "M01", "L02", "M02"), 3, 3),))
    app = ParlourApp(pace=0)
    sent: list = []
    async with app.run_test(size=SMALL) as pilot:
        await app.push_screen(ActionForm(kind, (kind,), ("You", "Ada"), GAME.action_type), sent.append)
        form = app.screen
        await pilot.press("space", "ctrl+s")
        error = form.query_one("#form-error")
        assert "Tick exactly 3 villagers" in shown(error)
        await pilot.press("tab", "space")
        await until(pilot, lambda: "✗" not in shown(error))
        await pilot.press("tab", "space", "ctrl+s")
        await until(pilot, lambda: sent == [Choose(("L01", "M01", "L02"))])
