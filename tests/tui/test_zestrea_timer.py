"""The Zestrea table shows the time left on a timer and what it will do then, in words
(reference §3.9; issue 9 "Timers (§3.9) are host options"): a solo game with the
prompt and auction timers on, through the same local host as every game."""

from __future__ import annotations

import asyncio
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



async def test_the_log_says_whose_time_ran_out(tmp_path, monkeypatch):
    """§3.9 "Production: roll every eligible Couple" given by the prompt timer: the log
    says the time ran out for this Boyar (the snapshot's ``timed_out``), so it does not
    read as the player's own choice. The timers' clock runs out when the test says (it
    waits for no real timer)."""
    from net.timers import LoopClock

    due: list = []

    class Handle:
        def __init__(self, callback) -> None:
            self.callback = callback

        def cancel(self) -> None:
            if self in due:
                due.remove(self)

    def call_at(self, when, callback):
        due.append(Handle(callback))
        return due[-1]

    monkeypatch.setattr(LoopClock, "call_at", call_at)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(options=(("prompt_timeout_s", 90),)))
        await until(pilot, lambda: table.my_turn and table.snap.view.my_prompt is not None and due)
        log = table.query_one("#z-log")
        assert "⏱" not in shown(log)
        for handle in list(due):  # the prompt's time runs out
            due.remove(handle)
            handle.callback()
        await until(pilot, lambda: "⏱ Time ran out for you" in shown(log))
        told = [line for line in shown(log).splitlines() if line.startswith("⏱")]
        assert len(told) == 1 and re.match(r"⏱ Time ran out for you: (you |the default)", told[0]), told
        assert [s.timed_out for s in table._seat_snaps[0].values() if s.timed_out is not None] == [0]
