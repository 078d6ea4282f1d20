"""The Zestrea table shows the time left on a timer and what it will do then, in words
(reference §3.9; issue 9 "Timers (§3.9) are host options"): a solo game with the
prompt and auction timers on, through the same local host as every game."""

from __future__ import annotations

import re

from tui.app import ParlourApp
from tui.zestrea.countdown import TimerLine

from .helpers import shown, until
from .zestrea_helpers import SMALL, start, zestrea_game


async def test_the_now_panel_counts_down_and_says_the_default(tmp_path):
    """The Now panel's first line: "⏱ N s left, then: <the default>" while a timer waits
    for this seat, counting down each second (here the widget's clock is moved on, so
    the test does not wait); with no timer on, no such line."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    options = (("prompt_timeout_s", 90), ("auction_timeout_s", 90), ("negotiation_timeout_s", 600))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(options=options))
        line = table.query_one(TimerLine)
        await until(pilot, lambda: table.my_turn and line.display)
        text = shown(line)
        match = re.search(r"⏱ (\d+) s left, then: (.+)", text)
        assert match, text
        left = int(match.group(1))
        assert 0 < left <= 600 and match.group(2).strip()
        (countdown,) = [c for c in table.snap.timers if table.snap.seat in c.seats][:1]
        line.clock = lambda: countdown.deadline - 7.2
        line.tick()
        assert "⏱ 8 s left, then:" in shown(line)
        line.clock = lambda: countdown.deadline + 1
        line.tick()
        assert "⏱ 0 s left" in shown(line)


async def test_no_timer_line_when_the_timers_are_off(tmp_path):
    """§3.9: the timers are off by default, and then nothing counts down."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game())
        await until(pilot, lambda: table.my_turn)
        assert table.snap.timers == () and not table.query_one(TimerLine).display
