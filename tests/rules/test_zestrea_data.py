"""Zestrea's data files (issue 9 "The cards ... are data files with their source marks";
reference zestrea.md §4-§6; rulebook "Game Contents", Z-F2)."""

from __future__ import annotations

import pytest

from rules.zestrea import cards
from rules.zestrea.cards import FATE, PEOPLE, TIMES, SOURCES


def test_every_entry_loads_with_a_source_mark():
    """Z-F2: 35 Fate cards, 14 Hard Times, 3 Good Times, 6 Boyars, 84 villagers."""
    assert len(cards.FATE_DECK) == 35 and len(set(cards.FATE_DECK)) == 35
    assert len(cards.HARD_IDS) == 14 and cards.GOOD_IDS == ("G1", "G2", "G3")
    assert len(cards.BOYAR_CARDS) == 6 and len(PEOPLE) == 84
    for entry in [*FATE.values(), *TIMES.values(), *cards.BOYAR_CARDS.values(), *PEOPLE.values()]:
        assert entry.source in SOURCES, entry
        assert entry.name


def test_fate_titles_match_the_reference_table():
    """§4: 25 titles; the counts, kinds and chance values of the page's table."""
    assert len(FATE) == 25
    copies = {t: FATE[t].copies for t in FATE if FATE[t].copies > 1}
    assert copies == {"F01": 3, "F02": 3, "F03": 2, "F05": 2, "F07": 2, "F09": 2, "F11": 2,
                      "F20": 2}
    roles = {t for t, f in FATE.items() if f.kind == "role"}
    assert roles == {"F01", "F02", "F04", "F08", "F15"}
    assert sum(FATE[t].copies for t in roles) == 9
    # Z-F20, Z-F28: Musician +1, Evil Eye -2, Rumpled Clothes -1
    assert (FATE["F01"].chance, FATE["F03"].chance, FATE["F02"].chance) == (1, -2, -1)
    assert {t: f.source for t, f in FATE.items() if f.source == "rulebook"} == dict.fromkeys(
        ["F01", "F02", "F03", "F04", "F05"], "rulebook")
    assert cards.title("F07-2").name == "Bad Eyesight"


def test_time_cards_and_villagers():
    """§5 and §6: the prompts of H07, H11, H12 and G2; Lads L01-L42 and Maidens M01-M42;
    the four names a public source gives are marked research."""
    assert {t.id for t in TIMES.values() if t.prompt} == {"H07", "H11", "H12", "G2"}
    assert TIMES["H01"].source == "rulebook" and TIMES["G1"].source == "rulebook"
    assert sum(cards.sex(v) == "lad" for v in PEOPLE) == 42
    assert all(cards.sex(v) == ("lad" if v[0] == "L" else "maiden") for v in PEOPLE)
    assert {v.name for v in PEOPLE.values() if v.source == "research"} == {
        "Helmut", "Dumitru", "Alimoș", "Aglaia"}
    assert PEOPLE["L01"].name == "Alimoș" and PEOPLE["M42"].name == "Saveta"


def test_a_bad_entry_is_refused(monkeypatch):
    """The loader checks the data once and names what is wrong."""
    real = cards._read

    def broken(name):
        data = real(name)
        if name == "fate.toml":
            data["fate"][0]["source"] = "made-up"
        return data

    monkeypatch.setattr(cards, "_read", broken)
    cards.load.cache_clear()
    try:
        with pytest.raises(ValueError, match="fate F01: source"):
            cards.load()
    finally:
        cards.load.cache_clear()
