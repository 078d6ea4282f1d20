"""Zestrea step V, Food, and the end (rulebook "V. Food", "Final Turn"; reference §3.8,
Z-F11, Z-F29-Z-F35, Z-R14-Z-R17, Z-R21, Z-R40, H14, F15; pitfall Z-14)."""

from __future__ import annotations

from rules.zestrea import food, game
from rules.zestrea.state import Choose, Ready
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import act, estate, step_four, table, villager_count


def fed(*estates, card="H13", **changes):
    """Step V run on these Estates (three or more): ``(state, events)``."""
    state = step_four(*estates, card=card, **changes)
    events: list = []
    return food.begin(state, events), events


def test_land_feeds_first_then_zestre_pays_one_each():
    """Z-F29, Z-R14 steps 1-4, Z-R7: Land feeds min(Land, units); each other unit eats
    1 Zestre; babies born this turn do not eat (Z-F11); a villager abroad is no food
    unit (F15)."""
    state, events = fed(estate(zestre=5, land=1, couples=(("L01", "M01"), ("L10", "M10")),
                               singles=("L11", "M11", "M12"), babies=("M12",)),
                        estate(zestre=5, couples=(("L02", "M02"),), singles=("L12",)),
                        estate(zestre=5, couples=(("L03", "M03"),)),
                        roles=(("M11", "F15-1"),))
    # seat 0: units = 2 Couples + L11 = 3; 1 fed by Land, 2 paid
    assert [e.zestre for e in state.estates] == [3, 5, 5]
    assert not state.prompts


def test_land_is_exchanged_then_units_starve():
    """Z-F30, Z-R14 step 5: no Zestre: one Land per unfed unit, down to the last
    (Z-F31, Z-R13); the rest starve at a prompt (Z-R15, §3.8)."""
    state, events = fed(estate(zestre=1, land=2, couples=(("L01", "M01"), ("L10", "M10")),
                               singles=("L11", "M11", "L12")),
                        estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    # 5 units, 2 fed by Land, 1 paid, 1 Land exchanged, 1 starves
    assert (state.estates[0].zestre, state.estates[0].land) == (0, 1)
    prompt = game.prompt_of(state, 0)
    assert prompt.kind == "starve" and prompt.lo == prompt.hi == 1
    assert prompt.choices == ("L11", "M11", "L12", "C1", "C2")
    assert game.default_action(state, 0) == Choose(("L12",))  # most recent single (Z-R15)
    state, events = game.apply(state, 0, Choose(("L11",)))
    assert state.gone == ("L11",) and [e.why for e in events if e.kind == "gone"] == ["starvation"]


def test_the_only_couple_never_starves():
    """Z-R15, Z-R17, Z-F31: a Boyar's only Couple cannot be chosen; with several Couples,
    not all of them."""
    state, _ = fed(estate(land=1, couples=(("L01", "M01"),), singles=("L11", "M11")),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    assert game.prompt_of(state, 0).choices == ("L11", "M11")
    state, _ = fed(estate(land=1, couples=(("L01", "M01"), ("L10", "M10"), ("L11", "M11"))),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    prompt = game.prompt_of(state, 0)
    assert prompt.hi == 2
    assert game.default_action(state, 0) == Choose(("C3", "C2"))  # youngest first


def test_a_starving_couple_is_two_deaths_for_the_preacher():
    """Z-R15, Z-R21: both spouses die; a Preacher elsewhere earns 1 per death."""
    state, _ = fed(estate(land=1, couples=(("L01", "M01"), ("L10", "M10"))),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)),
                   roles=(("L02", "F04-1"),))
    state, _ = game.apply(state, 0, Choose(("C2",)))
    assert set(state.gone) == {"L10", "M10"} and state.estates[1].zestre == 2
    assert villager_count(state) == 84


def test_the_last_couple_guard():
    """Z-R17: two Couples and a single, two to starve: not both Couples."""
    state, _ = fed(estate(land=1, couples=(("L01", "M01"), ("L10", "M10")), singles=("L11",)),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    assert game.prompt_of(state, 0).hi == 2
    assert refused_by(game, state, Choose(("C1", "C2")), 0).code == "last-couple"
    state, _ = game.apply(state, 0, Choose(("L11", "C2")))
    assert len(state.estates[0].couples) == 1


def test_land_lost_at_food_still_feeds():
    """Z-R16: feeding is a count: units fed by Land at step 2 stay fed when Land is
    exchanged at step 5."""
    state, _ = fed(estate(land=3, couples=(("L01", "M01"), ("L10", "M10"), ("L11", "M11")),
                          singles=("L12", "M12")),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    # 5 units, 3 fed by Land, 2 unfed: 2 Land exchanged, nobody starves
    assert state.estates[0].land == 1 and not state.prompts


def test_great_lent_feeds_two_for_free():
    """H14, Z-R14 step 3: the first 2 units not fed by Land eat for free."""
    state, _ = fed(estate(zestre=5, land=1, couples=(("L01", "M01"),), singles=("L11", "M11", "L12")),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)), card="H14")
    assert state.estates[0].zestre == 4


def test_babies_grow_up_and_the_turn_ends():
    """Z-F11, Z-R14: after every Boyar's Food babies become adults; turn effects end."""
    state = step_four(estate(zestre=3, singles=("M10",), babies=("M10",)),
                      estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)),
                      hora=True, barred=frozenset({"L02"}))
    state, _ = act(state, (0, Ready()), (1, Ready()), (2, Ready()))
    assert state.turn == 3 and not state.estates[0].babies and not state.hora and not state.barred
    assert state.estates[0].zestre == 3  # M10 did not eat: she was a baby at Food


def test_the_final_turn_ends_the_game():
    """Z-F33, Z-R38, Z-R40: after the final turn's Food the game is over and scored."""
    state = step_four(estate(zestre=3), estate(couples=(("L02", "M02"),)),
                      estate(couples=(("L03", "M03"),)), under=())
    assert state.final_turn
    state, events = act(state, (0, Ready()), (1, Ready()), (2, Ready()))
    assert game.is_over(state) and game.active_seats(state) == frozenset()
    assert refused_by(game, state, Ready(), 0).code == "game-over"
    assert game.result(state).winners == {0}


def scored(rows):
    estates = []
    n = 10
    for zestre, land, couples, singles, same_sex in rows:
        cs = []
        for k in range(couples):
            n += 1
            cs.append((f"L{n}", f"L{n + 40 - 30}") if same_sex and k == 0 else (f"L{n}", f"M{n}"))
        ss = tuple(f"M{30 + len(estates) * 3 + k}" for k in range(singles))
        estates.append(estate(zestre=zestre, land=land, couples=tuple(cs), singles=ss))
    return game.result(table(*estates))


def test_z14_scoring_bonus_and_tie_break():
    """Pitfall Z-14, Z-F34, Z-F35, Z-R40: a tie for most Couples gives nobody +5 (a
    same-sex Couple counts); equal totals go to the most villagers (one abroad
    counts); still tied: a shared win; a 4th Couple gives Ana alone +5."""
    rows = [(8, 3, 3, 1, False), (8, 3, 3, 2, True), (0, 1, 2, 0, False), (0, 1, 1, 0, False)]
    r = scored(rows)
    assert [s.total for s in r.scores[:2]] == [11, 11] and r.winners == {1}
    assert dict(r.scores[0].parts) == {"Zestre": 8, "Land": 3, "couples bonus": 0}
    assert r.scores[1].breakdown[-1] == "villagers (tie-break): 8"
    rows[1] = (8, 3, 3, 1, True)
    assert scored(rows).winners == {0, 1}
    rows[0] = (8, 3, 4, 0, False)
    r = scored(rows)
    assert r.scores[0].total == 16 and r.winners == {0}
    assert "+5" in r.scores[0].breakdown[2]


def test_zestre_and_land_are_counters():
    """Z-R4, Z-F32: Zestre and Land are whole counters; the State never runs out (the
    80-card flip rule is not needed digitally), and each Land counts 1 at the end; Z-F6:
    the most Zestre wins."""
    state = step_four(estate(zestre=200, land=5, hand=("F16-1",)), estate(couples=(("L02", "M02"),)),
                      estate(couples=(("L03", "M03"),)))
    state, _ = game.apply(state, 0, game.PlayFate("F16-1"))
    assert state.estates[0].zestre == 201
    r = game.result(state)
    assert dict(r.scores[0].parts)["Land"] == 5 and r.scores[0].total == 201 + 5 + 0
    assert r.winners == {0}


def test_each_boyar_s_food_is_summed_up_in_words():
    """Z-R14, Z-R15, Z-F11 (issue 9 item 4): when Food is over every Boyar gets one public
    summary (units, fed by Land, paid, Land given up, who starved, babies grown up), and
    the log says in words that Land was given up for food."""
    from rules.zestrea.cards import person
    from rules.zestrea.state import FoodSummary
    from rules.zestrea.words import describe, food_text, land_text
    state = step_four(estate(zestre=1, land=2, couples=(("L01", "M01"), ("L10", "M10")),
                             singles=("L11", "M11", "L12", "M12"), babies=("M12",)),
                      estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    state, events = act(state, (1, Ready()), (2, Ready()), (0, Ready()))
    # seat 0: 5 units (2 Couples, 3 adult singles); Land feeds 2, 1 Zestre pays 1, 1 Land
    # is given up for 1, and 1 unit starves (the default: the last single to arrive)
    (land,) = [e for e in events if e.kind == "land"]
    assert land_text(land, ("Ana", "Bob", "Cy")) == "Ana gave up 1 Land for food"
    assert [e for e in events if e.kind == "food-summary"] == []  # not before the starving
    starving = game.default_action(state, 0)
    state, more = act(state, (0, starving))
    summaries = [e for e in more if e.kind == "food-summary"]
    assert summaries == [FoodSummary(1, 1, 1), FoodSummary(2, 1, 1),
                         FoodSummary(0, 5, 2, 0, 1, 1, ("L12",), ("M12",))]
    names = ("Ana", "Bob", "Cy")
    assert food_text(summaries[2], names) == (
        f"Food for Ana: 5 units; 2 fed by Land, 1 paid with 1 Zestre, 1 fed by giving up 1 Land; "
        f"starved: {person('L12')}; grown up: {person('M12')}")
    assert food_text(summaries[0], names) == "Food for Bob: 1 unit, all fed by Land"
    told = describe("Ana", starving, more, names)
    assert "Food for Ana: 5 units" in told and "Food for Cy: 1 unit, all fed by Land" in told
    assert game.project_event(summaries[2], 1) == summaries[2]  # public (§3.10)


def test_great_lent_s_free_food_is_in_the_summary():
    """H14, Z-R14 step 3: the units fed for free are told as such."""
    from rules.zestrea.words import food_text
    state, _ = fed(estate(zestre=5, land=1, couples=(("L01", "M01"),), singles=("L11", "M11", "L12")),
                   estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)), card="H14")
    events: list = []
    food.grow_up(state, events)
    mine = next(e for e in events if e.seat == 0)
    assert (mine.units, mine.by_land, mine.free, mine.paid, mine.land_lost) == (4, 1, 2, 1, 0)
    assert food_text(mine) == ("Food for seat 1: 4 units; 1 fed by Land, 2 fed for free (Great Lent), "
                               "1 paid with 1 Zestre")
