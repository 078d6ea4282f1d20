"""Play-tests 22 (finding 7) and 23 (findings 3 and 4): as an Estate question opened (the
draft's packet, the solo Era Event's "take option A or B", a discard...) the Now panel was
empty until an arrow key, and the Do list highlighted nothing, so that the first ↓ landed
on the first answer where the player, used to lists that start highlighted, meant the
second. Now such a list opens on its top line "Choose with ↑↓, then Enter", highlighted
(Enter there does nothing but say so), and Now tells what each entry gives in brief as
soon as the question opens. (The earlier test set the highlight to none and called the
panel's method itself: it passed while the player saw an empty panel.)"""

from __future__ import annotations

import random

from rules.estate.bots import EasyBot
from rules.estate.state import ChooseOption, Pick
from tui.app import ParlourApp
from tui.estate import words
from tui.estate.do_list import DoList
from tui.estate.table import CONVERT
from tui.widgets.do_list import CHOOSE_TEXT

from .estate_helpers import SMALL, choose, estate_game, play_as, ready, start
from .helpers import shown, until


def now_shown(table) -> str:
    """The Now panel's words as the player reads them (lines joined, spaces single)."""
    return " ".join(shown(table.query_one("#e-now")).split())


def flat(text: str) -> str:
    return " ".join(text.split())


async def opens_on_the_top_line(pilot, table) -> DoList:
    """The Do list shows "Choose with ↑↓, then Enter" first, highlighted; Enter there
    sends nothing and says so."""
    do = table.query_one("#e-actions", DoList)
    assert str(do.get_option_at_index(0).prompt) == CHOOSE_TEXT and do.highlighted == 0 and do.choosing()
    version = table.snap.version
    do.focus()
    await pilot.press("enter")
    await until(pilot, lambda: "only says how to choose" in table._error)
    assert table.snap.version == version and do.choosing()
    return do


async def test_the_draft_s_cards_show_in_now_and_the_first_down_lands_on_the_first():
    """Finding 4 (the draft, solo at 100x30): each card of the packet in brief in Now as
    the draft opens; finding 3: the list opens on its top line and ↓ lands on the first
    card."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await start(pilot, estate_game(leaders="choose"))  # (the set-up form's default)
        await until(pilot, lambda: ready(app, table), timeout=20)
        await opens_on_the_top_line(pilot, table)  # (the Leaders)
        await choose(pilot, table, lambda e: True)
        await until(pilot, lambda: ready(app, table), timeout=20)
        assert table.view.phase == "draft"
        picks = [e for e in table._entries if isinstance(e, Pick)]
        assert len(picks) > 1
        now = now_shown(table)
        assert all(flat(words.brief(p, table.view)) in now for p in picks), now
        do = await opens_on_the_top_line(pilot, table)
        await pilot.press("down")
        assert do.highlighted_entry() == picks[0]


async def test_the_era_event_s_options_show_in_now_and_the_first_down_lands_on_a():
    """Finding 4 (solo at 80x24, "take option A or B"): the Era Event's text, its A and
    B, in Now as the question opens; finding 3: ↓ once is option A, twice option B."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, estate_game())
        for _ in range(20):
            await until(pilot, lambda: ready(app, table), timeout=20)
            if table.view.phase == "era_start":
                break
            await choose(pilot, table, lambda e: True)
        assert table.view.phase == "era_start" and table._entries == (ChooseOption("a"), ChooseOption("b"))
        now = now_shown(table)
        event = flat(words.preview(ChooseOption("a"), table.view))
        assert "A: " in event and "B: " in event and event in now, now
        do = await opens_on_the_top_line(pilot, table)
        await pilot.press("down")
        assert do.highlighted_entry() == ChooseOption("a")
        await pilot.press("down")
        assert do.highlighted_entry() == ChooseOption("b")


async def test_every_answer_s_preview_shows_as_a_question_opens(tmp_path):
    """Finding 7 of play-test 22: a question's answers (a discard, a resource...) each
    in Now as the question opens, read from the panel as shown."""
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
        answers = [a for a in table._entries if not isinstance(a, tuple) and a != CONVERT]
        now = now_shown(table)
        if len(answers) > 1:
            assert table.query_one("#e-actions", DoList).choosing()
        assert answers and all(flat(words.brief(a, view)) in now or
                               table.query_one("#e-actions", DoList).highlighted_entry() == a
                               for a in answers), now
