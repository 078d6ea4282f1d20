"""Play-test 22, finding 7: at an Estate question (the Era Event's A or B, a discard...)
the Now panel showed nothing of the answers until an arrow key moved the highlight: a
new list highlights nothing (so that an Enter meant for the last list does nothing), and
Now told only what the highlighted entry gives. Now it tells what each answer gives while
none is highlighted (reference §2: the table shows what an action gives before it is
confirmed)."""

from __future__ import annotations

import random

from rules.estate.bots import EasyBot
from tui.app import ParlourApp
from tui.estate import words
from tui.estate.table import CONVERT

from .estate_helpers import estate_game, play_as, ready, start
from .helpers import until


async def test_every_answer_s_preview_shows_before_one_is_highlighted(tmp_path):
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await start(pilot, estate_game(seed=1))
        rng, bot = random.Random(1), EasyBot()
        for _ in range(300):  # play on until the player owes a question
            await until(pilot, lambda: ready(app, table), timeout=20)
            if table.snap.over or table.view.question is not None:
                break
            await play_as(pilot, table, bot, rng)
        view = table.view
        assert view.question is not None
        do = table.query_one("#e-actions")
        do.highlighted = None
        table._show_now()
        now = table._shown.get("#e-now", "")
        answers = [a for a in table._entries if not isinstance(a, tuple) and a != CONVERT]
        assert answers and all(words.preview(a, view) in now for a in answers), now
