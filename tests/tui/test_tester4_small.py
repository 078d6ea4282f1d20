"""Player-tester 4's small findings (/work/briefs/tester-4-findings.md): item 5 (a
replay's ``g New game`` opens the replayed game's setup), item 1 (``Host a new table``
remembers the table just played), item 11 (a teams replay numbers moves alike)."""

from __future__ import annotations

from tui.app import ParlourApp
from tui.screens.local_setup import LocalSetupScreen
from tui.screens.results import ResultsScreen
from tui.zestrea.replay import ZestreaReplayScreen

from .helpers import until
from .zestrea_helpers import SMALL, finished_game_replay


async def test_a_replays_new_game_opens_the_replayed_games_setup(tmp_path):
    """Item 5: after replaying a Zestrea game, the results' ``g New game`` opened a
    Zatre setup (You + Ada); it opens Zestrea's, with the replay's seats and options."""
    snaps = await finished_game_replay(tmp_path, seats=3, seed=1)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        app.show_replay(snaps, "Friday")
        await until(pilot, lambda: isinstance(app.screen, ZestreaReplayScreen) and app.screen.snap is not None)
        table = app.screen
        await pilot.press("end")
        await until(pilot, lambda: table.snap.over)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.listening)
        keys = {b.key: b.description for _, b, enabled, _ in app.screen.active_bindings.values()
                if b.show and enabled}
        assert keys.get("g") == "New game"
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, LocalSetupScreen))
        form = app.screen.current_form()
        assert form.game == "zestrea"
        assert form.names[:3] == ("Ann", "Bob", "Cy") and form.kinds[:3] == ("easy",) * 3
        assert set(form.kinds[3:]) == {"none"}
        assert dict(form.options)["adoption_sex"] == snaps[-1].view.options.adoption_sex
