"""Estate's data files (issue 10 "every card, Leader ability, Era Event, solo event, Family
Secret and Gather space as data with its source mark ... validated at load"; reference
estate.md §3-§8; rulebook Components)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from rules.estate import data
from rules.estate.data import BY_NAME, CARDS, CONTENT, DECK, SOURCES


def _all_entries():
    c = CONTENT
    return [*c.cards.values(), *c.leaders.values(), *c.events.values(),
            *c.solo_events.values(), *c.secrets.values(), *c.spaces.values(), *c.tiles.values()]


def test_every_entry_loads_with_a_source_mark():
    """E-F1: 8 Leaders, 55 cards / 156 copies, 10 Family Secrets, 12 Era Events, 10 Solo
    Era Events, 9 Advanced Gather tiles; plus the board's 9 Gather spaces (§8)."""
    c = CONTENT
    assert (len(c.cards), len(DECK), len(c.leaders), len(c.secrets), len(c.events),
            len(c.solo_events), len(c.tiles), len(c.spaces)) == (55, 156, 8, 10, 12, 10, 9, 9)
    assert len(set(DECK)) == 156 and data.card("E-C12-10").name == "Farm"
    for entry in _all_entries():
        assert entry.source in SOURCES and entry.name and entry.text, entry


def test_e_f1_components_match_the_engine():
    """E-F1 / E-F9 / E-F2 / E-F16: 5 colours of 6 workers (30) are the 5 seats' 4 starting
    workers and 2 on the Castle Tower; 26 cubes a colour are 7 on each of the 3 tracks and
    one per Era on the board (130 in all); 8 Leader mats, each with its Crest, face up at
    the start; the 9 tiles are levels 1-4 (one of each is laid out, E-F6); 12 Era Events
    and 10 Solo Era Events; 156 cards of 55."""
    from rules.estate import game, setup as S
    from rules.estate.eras import ERAS
    from rules.estate.state import EstateOptions
    from rules.estate.table import MAX_WORKERS, TRACK_LIMIT, Estate
    assert game.MAX_SEATS * MAX_WORKERS == 30
    assert (Estate().permanent, MAX_WORKERS - Estate().permanent) == (4, 2)
    assert len(data.TRACKS) * TRACK_LIMIT + ERAS == 26 and 26 * game.MAX_SEATS == 130
    assert len(CONTENT.leaders) == 8 and len({ld.name for ld in CONTENT.leaders.values()}) == 8
    assert sorted(t.level for t in CONTENT.tiles.values()) == [1, 1, 1, 2, 2, 3, 3, 4, 4]
    assert (len(CONTENT.events), len(CONTENT.solo_events)) == (12, 10)
    assert (len(CARDS), sum(c.copies for c in CARDS.values())) == (55, 156)
    st = S.setup(EstateOptions(leaders="random"), 5, 3)
    assert len(set(st.leaders)) == 5 and not any(st.crests)  # a Crest each, unflipped
    assert sorted(CONTENT.tiles[t].level for t in st.tiles) == [1, 2, 3, 4]


def test_e_f4_e_f67_card_symbols():
    """E-F4: every card shows one type symbol (Citizen or Construction) and one track
    symbol (Noble, Production, Gather; the FAQ's "Progress" is Gather, E-F67), VP, and the
    Solo Mode and Interactive Deck symbols exactly on the rulebook's cards (E-F49, E-R27)."""
    for c in CARDS.values():
        assert c.type in ("Citizen", "Construction") and c.track in ("Production", "Noble", "Gather")
    assert {c.name for c in CARDS.values() if c.solo} == {
        "Merchant", "Thief", "Thieves Guild", "Harbor", "Guild President", "Treasurer", "Barn Cat"}
    assert {c.name for c in CARDS.values() if c.interactive} == {"Judge", "Royal Ambassador", "City Watch"}
    assert not any(c.solo and c.interactive for c in CARDS.values())


def test_composition_of_section_4_1():
    """§4.1 / E-F61: 78 Citizens and 78 Constructions; tracks 53 / 58 / 45 split by type as
    the page's table; Royal 16 copies of 7 cards (E-R36); Interactive 7 copies of 3
    (E-R27); Solo Mode 16 copies of 7 (E-F49); Production Citizens 22; the cost totals and
    histogram, 10 Farms."""
    split = Counter()
    for c in CARDS.values():
        split[c.track, c.type] += c.copies
    assert split == {("Noble", "Citizen"): 37, ("Noble", "Construction"): 16,
                     ("Production", "Citizen"): 22, ("Production", "Construction"): 36,
                     ("Gather", "Citizen"): 19, ("Gather", "Construction"): 26}
    royal = [c for c in CARDS.values() if c.royal]
    assert len(royal) == 7 and sum(c.copies for c in royal) == 16
    assert not BY_NAME["Monarch"].royal
    assert sum(c.copies for c in CARDS.values() if c.interactive) == 7
    assert sum(c.copies for c in CARDS.values() if c.solo) == 16
    assert 156 - sum(c.copies for c in CARDS.values() if c.interactive) == 149  # solo deck
    totals, by_cost = Counter(), Counter()
    for c in CARDS.values():
        for r, n in c.cost.items():
            totals[r] += n * c.copies
        by_cost[sum(c.cost.values())] += c.copies
    assert totals == {"G": 145, "S": 98, "W": 105, "I": 84}
    assert by_cost == {1: 2, 2: 68, 3: 63, 4: 12, 5: 9, 6: 2}
    assert BY_NAME["Farm"].copies == 10


def test_rulebook_cards_keep_their_printed_facts():
    """E-F66: the six cards the rulebook describes in full; E-C07 Castle 5 VP S3 W1 I1;
    E-F33: every card has a cost, VP, type and track; E-F4 / E-F34: its effects are of the
    five kinds (When Played, Passive, Production, Era Start/End, Game End) plus the Solo
    Mode effect; E-F67: the three tracks are Production, Noble and Gather ("Progress")."""
    kinds = {"when_played", "passive", "production", "production_once", "era_start", "era_end",
             "game_end", "solo_reveal"}
    for c in CARDS.values():
        assert c.cost and c.vp >= 0 and c.type in data.TYPES and c.track in data.TRACKS
        assert {t.on for t in c.effects} <= kinds
        assert all(op["op"] == "vp" or op["op"] == "if" for t in c.effects if t.on == "game_end" for op in t.do)
    assert data.TRACKS == ("Production", "Noble", "Gather")
    def facts(name):
        c = BY_NAME[name]
        return c.type, c.track, c.cost, c.vp, c.source
    assert facts("Day Laborer") == ("Citizen", "Production", {"G": 3}, 0, "rulebook")
    assert facts("Charcoal Burner") == ("Citizen", "Production", {"G": 1, "I": 1}, 0, "rulebook")
    assert facts("Quarry") == ("Construction", "Production", {"W": 1, "I": 1}, 2, "rulebook")
    assert facts("Farm") == ("Construction", "Production", {"S": 1, "W": 1}, 2, "rulebook")
    assert facts("Castle") == ("Construction", "Noble", {"S": 3, "W": 1, "I": 1}, 5, "rulebook")
    assert facts("Guild President") == ("Citizen", "Noble", {"G": 3}, 4, "rulebook")
    assert BY_NAME["Guild President"].solo
    assert [t.on for t in BY_NAME["Day Laborer"].effects] == ["production_once"]  # E-F66
    assert [t.on for t in BY_NAME["Merchant"].effects][0] == "production_once"  # E-F53
    assert [t.on for t in BY_NAME["Royal Wood"].effects] == ["production"]  # E-F53


def test_the_reference_table_row_by_row():
    """§4.2: copies, type, track, cost, VP and source of a sample of rows."""
    rows = {"E-C04": ("Assassin", 4, "Citizen", "Production", {"G": 1, "I": 1}, 0, "partial"),
            "E-C20": ("Innkeeper", 3, "Citizen", "Gather", {"G": 2}, 1, "partial"),
            "E-C39": ("Royal Palace", 2, "Construction", "Noble", {"S": 3, "W": 2, "I": 1}, 6, "stand-in"),
            "E-C53": ("Wood Cart", 2, "Construction", "Gather", {"W": 2}, 1, "stand-in")}
    for cid, row in rows.items():
        c = CARDS[cid]
        got = (c.name, c.copies, c.type, c.track, c.cost, c.vp, c.source)
        if c.source == "stand-in":  # a stand-in's VP may be tuned by the §9 bench
            got, row = got[:5] + got[6:], row[:5] + row[6:]
        assert got == row


def test_leaders_tracks_and_starting_values():
    """E-R39: 8 Leaders (the rulebook, not the publisher's 6); §5 table and E-R7: track value = max(base, uncovered numbers); after the Starting
    Build's cubes (E-F10) the values are the table's "start P / N / G"; Gather base 0;
    solo barred: Spy Master, Trade Queen, Warden (E-F48), who need 2+ players (E-R1);
    E-F17-E-F24 Starting Builds."""
    expected = {"Warlord": (2, 1, 0), "Druid Lord": (1, 1, 1), "Pious One": (1, 2, 0),
                "Agrarian Lord": (2, 1, 0), "Trade Queen": (1, 1, 1), "Warden": (1, 1, 0),
                "Sorcerer": (1, 2, 0), "Spy Master": (1, 2, 0)}
    builds = {"Warlord": ("Assassin", "Forge"), "Druid Lord": ("Forest", "Innkeeper"),
              "Pious One": ("Place of Worship",), "Agrarian Lord": ("Farm", "Quarry"),
              "Trade Queen": ("Merchant", "Lumberyard"), "Warden": ("Dungeon",),
              "Sorcerer": ("Mage",), "Spy Master": ("Thief", "Royal Consort")}
    for leader in CONTENT.leaders.values():
        assert leader.start_build == builds[leader.name]
        removed = Counter(BY_NAME[n].track for n in leader.start_build)
        values = tuple(leader.tracks[t].value(removed[t]) for t in data.TRACKS)
        assert values == expected[leader.name], leader.name
        assert leader.tracks["Gather"].base == 0
    barred = {l.name for l in CONTENT.leaders.values() if not l.solo}
    assert barred == {"Spy Master", "Trade Queen", "Warden"}
    assert {l.name: l.min_players for l in CONTENT.leaders.values() if l.min_players > 1} == {
        "Trade Queen": 2, "Warden": 2, "Spy Master": 3}
    assert {l.name for l in CONTENT.leaders.values() if l.setup} == {
        "Druid Lord", "Pious One", "Sorcerer"}  # E-F11, E-R4
    assert CONTENT.leaders["E-L6"].draft_tucks == 2  # E-F22, E-R5
    pious = CONTENT.leaders["E-L3"].tracks["Noble"]
    assert pious.value(0) == 2 and pious.value(7) == 6  # E-R7: base shows with all cubes


def test_every_leader_reaches_gather_4_once_its_track_is_emptied():
    """E-R7: a tile of level L may be used when Gather value >= L; the top level is 4
    (E-R3), whose tiles include Council of the Realm, the rulebook's one Advanced action
    (E-A8, E-R33). The §9 tuning of the stand-in Gather tracks may move steps, but with
    all 7 cubes gone every Leader must reach 4 (the Pious One once stopped at 3)."""
    top = max(data.TILE_LEVELS)
    assert top == 4 and CONTENT.tiles["E-A8"].level == top
    reached = {leader.name: leader.tracks["Gather"].value(7)
               for leader in CONTENT.leaders.values()}
    assert reached == dict.fromkeys(reached, top)


def test_events_and_secrets():
    """E-R2: 5 positive, 7 negative; Growth and Plague named by the rulebook (E-F25, E-F53);
    E-F47: two Solo Era Events per Era; §7 secrets' steps."""
    events = CONTENT.events
    assert sum(e.polarity == "negative" for e in events.values()) == 7
    assert events["E-E1"].name == "Era of Growth" and events["E-E6"].name == "Era of Plague"
    assert events["E-E6"].effects[0].on == "immediate"  # E-F25
    assert {e.source for e in events.values() if e.source != "stand-in"} == {"partial"}
    assert [s.era for s in CONTENT.solo_events.values()] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    # The thresholds are stand-ins tuned by tests/bench/estate.py (§9); the text says each.
    for ev in CONTENT.solo_events.values():
        assert ev.source == "stand-in" and ev.threshold >= 1
        assert f"Objective: {ev.threshold} " in ev.text, ev.id
    assert CONTENT.secrets["E-FS4"].steps == ((6, 3), (10, 5), (14, 8))


def test_realm_board():
    """§8: 4 accumulating spaces (one per resource), 2 open, the rest exclusive (E-F51);
    9 tiles 3/2/2/2 by level (E-R3); Council of the Realm is the rulebook's level-4 tile
    (E-F59)."""
    spaces, tiles = CONTENT.spaces, CONTENT.tiles
    assert sorted(s.accumulates for s in spaces.values() if s.accumulates) == ["G", "I", "S", "W"]
    assert {s.name for s in spaces.values() if s.use == "open"} == {"Common Land", "Alms Box"}
    assert Counter(t.level for t in tiles.values()) == {1: 3, 2: 2, 3: 2, 4: 2}
    council = tiles["E-A8"]
    assert council.source == "rulebook" and council.level == 4
    assert council.do == ({"op": "extra_actions", "n": 2},)


def test_every_op_of_the_vocabulary_is_used_by_some_entry():
    """§3: each primitive E-V1-E-V24 appears in the data (E-V25 is an expression)."""
    used = set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("op") in data.OPS:
                used.add(data.OPS[node["op"]][0])
            if "threshold" in node:
                used.add("E-V25")
            for v in node.values():
                walk(v)
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v)

    for entry in _all_entries():
        for field in ("effects", "a", "b", "do"):
            for t in getattr(entry, field, ()):
                walk(t.do if isinstance(t, data.Trigger) else t)
        walk(getattr(entry, "ability", None))
    assert {f"E-V{k}" for k in range(1, 26)} <= used


def _broken(monkeypatch, file, change):
    real = data._read

    def read(name):
        raw = copy.deepcopy(real(name))
        if name == file:
            change(raw)
        return raw

    monkeypatch.setattr(data, "_read", read)
    data.load.cache_clear()


@pytest.mark.parametrize("file,change,message", [
    ("cards.toml", lambda d: d["card"][0].update(source="made-up"), "card E-C01 Actor: source"),
    ("cards.toml", lambda d: d["card"][11].update(copies=9), "156 copies, found 155"),
    ("cards.toml", lambda d: d["card"][0].update(type="Construction"), "half the copies"),
    ("cards.toml", lambda d: d["card"][15].update(track="Production"), "Production share"),
    ("cards.toml", lambda d: d["card"][11]["effects"][0]["do"].append({"op": "teleport"}),
     "unknown op"),
    ("cards.toml", lambda d: d["card"][12]["effects"][0]["do"][1]["cond"]["left"]["count"]
     .update(name=["Farmm"]), "must be card names"),
    ("cards.toml", lambda d: d["card"][11]["effects"][0]["do"][0].update(spec={"Mana": 1}),
     "spec key"),
    ("cards.toml", lambda d: d["card"][5].update(solo=False), "Solo Mode"),
    ("leaders.toml", lambda d: d["leader"][0]["production"].update(steps=[1, 3, 2, 3, 4, 4, 5]),
     "never go down"),
    ("events.toml", lambda d: d["event"][0].update(polarity="negative"), "5 positive"),
    ("realm.toml", lambda d: d["space"][7].update(use="exclusive"), "two open spaces"),
    ("realm.toml", lambda d: d["tile"][0].update(level=2), "9 tiles"),
    ("secrets.toml", lambda d: d["secret"][0].update(steps=[[3, 3], [2, 5]]), "steps rise"),
])
def test_a_bad_entry_is_refused(monkeypatch, file, change, message):
    """The loader checks the data once and names what is wrong."""
    _broken(monkeypatch, file, change)
    try:
        with pytest.raises(ValueError, match=message):
            data.load()
    finally:
        monkeypatch.undo()
        data.load.cache_clear()
