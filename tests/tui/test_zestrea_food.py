"""The Food summary in the Now panel (issue 9, "The table (tui)": "the Food summary and
the starvation prompt"; rulebook "V. Food", reference Z-R14-Z-R17): who had how many to
feed and how they were fed (Land, Great Lent, Zestre, Land given up), who starves, the
babies grown up; built from the estates before Food and Food's events."""

from __future__ import annotations

import attrs

from rules.zestrea import GAME, ZestreaOptions
from rules.zestrea.state import LandChanged, PhaseBegan, VillagerGone, ZestreChanged
from tui.app import ParlourApp
from tui.zestrea.food import food_lines, summary

from .helpers import shown, until
from .test_zestrea_table import STARVE_SEED
from .zestrea_helpers import SMALL, play_step, start, waiting_for_keys, zestrea_game

NAMES = ("You", "Ada", "Ben")


def _before_food():
    """Step IV's end: you have 1 Couple, 2 adult singles and a baby on 3 Land; Ada 1
    Couple and 4 singles on 3 Land; Ben 1 Couple on 3 Land, in Great Lent or not."""
    state = GAME.setup(ZestreaOptions(), 3, 1)
    e0, e1, e2 = state.estates
    estates = (attrs.evolve(e0, singles=("L01", "M01", "M02"), babies=frozenset({"M02"})),
               attrs.evolve(e1, singles=("L02", "L03", "M03", "M04")), e2)
    return attrs.evolve(state, phase="negotiation", prompts=(), estates=estates)


def test_the_summary_tells_land_zestre_land_given_up_and_who_starves():
    """Z-R14: Land feeds first (3 each), then Zestre, then Land down to the last; what
    is left starves (Z-R15). Ada: 5 to feed, 3 by Land, 1 Zestre, 1 Land given up,
    nothing left; you: 3 to feed by 3 Land and your baby grows up (Z-F11)."""
    before = GAME.view(_before_food(), None)
    events = (ZestreChanged(1, -1, "food"), LandChanged(1, -1, "food"), PhaseBegan("food"))
    food = summary(before, events)
    you, ada, ben = food.rows
    assert (you.units, you.land, you.paid, you.unfed, you.grown) == (3, 3, 0, 0, ("M02",))
    assert (ada.units, ada.land, ada.paid, ada.land_lost, ada.unfed) == (5, 3, 1, 1, 0)
    assert (ben.units, ben.land) == (1, 1)
    text = "\n".join(food_lines(food, NAMES, 0))
    assert "You: 3 to feed: Land 3; grown up:" in text
    assert "Ada: 5 to feed: Land 3, 1 Zestre, 1 Land given up" in text


def test_the_summary_tells_who_is_left_to_starve_then_who_starved():
    """Z-R15: with no Zestre and one Land left, Ada's 2 units unfed starve; the summary
    says "2 to starve", then names those who died. Great Lent feeds 2 for free (H14)."""
    before = GAME.view(_before_food(), None)
    events = (LandChanged(1, -2, "food"), PhaseBegan("food"))
    food = summary(before, events)
    assert food.rows[1].unfed == 0 and food.rows[1].land_lost == 2
    dry = summary(attrs.evolve(before, estates=tuple(
        attrs.evolve(e, land=1) if i == 1 else e for i, e in enumerate(before.estates))), (PhaseBegan("food"),))
    assert dry.rows[1].unfed == 4
    assert "4 to starve" in "\n".join(food_lines(dry, NAMES, 0))
    dead = dry.with_starved((VillagerGone(1, "L02", "died", "starvation"),))
    assert "starved: " in "\n".join(food_lines(dead, NAMES, 0)) and dead.rows[1].starved == ("L02",)
    lent = summary(attrs.evolve(before, time_card="H14"), (PhaseBegan("food"),))
    assert lent.rows[1].lent == 2 and lent.rows[1].unfed == 0


async def test_the_starvation_prompt_stays_beside_the_food_summary(tmp_path):
    """At the table (pilot): when Food asks you who starves, the Now panel shows the
    prompt first and the Food summary under it; after answering, the summary names
    who starved while the next turn begins."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=STARVE_SEED))
        for _ in range(400):
            await until(pilot, lambda: waiting_for_keys(app, table), timeout=20)
            prompt = table.view.my_prompt
            if prompt is not None and prompt.kind == "starve":
                break
            await play_step(pilot, table, [], roll=False)  # (a Boyar who never rolls)
        now = " ".join(shown(table.query_one("#z-now")).split())  # (as wrapped in the panel)
        assert now.index("? Food:") < now.index("Food of turn"), now
        assert "to starve" in now, now
        await play_step(pilot, table, [], roll=False)  # (a Boyar who never rolls)
        await until(pilot, lambda: "starved:" in shown(table.query_one("#z-now")), timeout=20)
