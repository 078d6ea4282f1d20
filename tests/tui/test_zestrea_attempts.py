"""After a failed wedding attempt of several, the table says what happened and what
comes next (issue 9, "The table (tui)": the window; reference §3.6, Z-R31: a failed
attempt is followed at once by the next agreed one while both can pay)."""

from __future__ import annotations

from rules.zestrea.state import Attempted, WindowOpened
from tui.app import ParlourApp
from tui.zestrea.replay import ZestreaReplayScreen
from tui.zestrea.words import after_attempt

from .helpers import shown, until
from .zestrea_helpers import SMALL, finished_game_replay


def test_a_failed_attempt_says_what_comes_next():
    """The window again with the attempts left; no more attempts (the payers cannot
    pay, or the two can no longer marry); the last attempt."""
    failed = Attempted("L01", "M01", 1, (("base", 2),), 2, 5, False)
    assert after_attempt(failed, 3, True) == ("  attempt 1 of 3 failed; attempt 2 is paid and its window "
                                              "opens again (2 left): add cards or pass")
    assert "no more attempts" in after_attempt(failed, 3, False)
    last = Attempted("L01", "M01", 3, (("base", 2),), 2, 5, False)
    assert "that was the last" in after_attempt(last, 3, False)


async def test_the_window_opened_again_tells_the_failed_attempt(tmp_path):
    """A game of four strong bots (seed 1) where an attempt fails and the next opens:
    the log says so, and the Now panel under the new window tells the failed roll and
    which attempt of how many this is."""
    snaps = await finished_game_replay(tmp_path, seats=4, seed=1, bot="strong")
    again = next(i for i, s in enumerate(snaps) for k, e in enumerate(s.events)
                 if isinstance(e, Attempted) and not e.success
                 and any(isinstance(x, WindowOpened) for x in s.events[k + 1:]))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        app.show_replay(snaps, "Friday")
        await until(pilot, lambda: isinstance(app.screen, ZestreaReplayScreen) and app.screen.snap is not None)
        table = app.screen
        table._go(again)
        await until(pilot, lambda: table.snap.version == snaps[again].version)
        assert any("window opens again" in line for line in table._log)
        now = " ".join(shown(table.query_one("#z-now")).split())
        window = snaps[again].view.window
        assert f"this is attempt {window.attempt} of {window.attempts}" in now, now
        assert f"attempt {window.attempt - 1} failed (rolled" in now
