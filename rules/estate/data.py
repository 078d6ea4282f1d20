"""Estate's static content, read from the data files and checked once at import:
``cards.toml`` (the 55 Estate cards, 156 copies), ``leaders.toml`` (the 8 Leaders),
``events.toml`` (12 Era Events, 10 Solo Era Events), ``secrets.toml`` (10 Family Secrets)
and ``realm.toml`` (the Realm board's 9 Gather spaces, 9 Advanced Gather tiles).
Source: reference estate.md §3-§8 and the rulebook's Components (E-F1).

Every entry has a source mark (:data:`SOURCES`). Ids are the reference page's: a card is
``"E-C12"``, one physical copy of it ``"E-C12-3"`` (copies numbered from 1), so hands,
piles and Estates name copies.

**Effects** are data in the vocabulary E-V1-E-V25 (reference §3), interpreted by
``effects.py``. A card's ``effects`` is a tuple of :class:`Trigger`; each trigger's ``do``
is a list of ops, each a table ``{op = NAME, ...parameters}`` whose parameters
:data:`OPS` lists. Parameters of four shapes are checked recursively:

- *ops*: a list of ops (``then``, ``else``, ``per_unit``, ``fallback``), or for
  ``choose_one`` a list of such lists (``options``);
- *spec*: a table from ``I S W G any Gold that_type yielded_type`` to an expression;
- *filter*: a table of ``type`` (Citizen | Construction), ``track`` (Production | Noble |
  Gather), ``name`` (a list of card names, each checked to exist), ``royal`` (true);
  ``{}`` is any card (reference §3 "Card filter");
- *expression*: a whole number; ``{count = FILTER, scope = "own"|"all"}`` (face-up
  Estate cards, E-R36); ``{measure = NAME, type?, stored?}`` with NAME in
  :data:`MEASURES`; ``{min|max|add|mul = [..]}``, ``{sub = [a, b]}``;
  ``{threshold = EXPR, table = [[t, a], ..]}`` (E-V25, E-R37).

A condition (``if``'s ``cond``) is ``{left = EXPR, cmp = "<"|"<="|"=="|">="|">", right =
EXPR}``. Loading raises ``ValueError`` naming the entry and what is wrong.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

import attrs

SOURCES = ("rulebook", "partial", "stand-in")
RESOURCES = ("I", "S", "W", "G")  # Iron, Stone, Wood, Grain; Gold is no resource (E-F37)
TYPES = ("Citizen", "Construction")
TRACKS = ("Production", "Noble", "Gather")
CARD_NAMES_TOTAL, COPIES_TOTAL = 55, 156  # E-F1
# E-F61: half Citizens; tracks Noble ~34 %, Production ~37 %, Gather ~29 % (rulebook shares,
# checked within one percentage point so that a printed card may replace a stand-in).
TRACK_SHARES = {"Noble": 34.0, "Production": 37.0, "Gather": 29.0}
SOLO_CARDS = frozenset({"Merchant", "Thief", "Thieves Guild", "Harbor", "Guild President",
                        "Treasurer", "Barn Cat"})  # E-F49
INTERACTIVE_CARDS = frozenset({"Judge", "Royal Ambassador", "City Watch"})  # E-R27
TILE_LEVELS = {1: 3, 2: 2, 3: 2, 4: 2}  # E-R3

CARD_TRIGGERS = ("when_played", "production", "production_once", "passive", "era_start",
                 "era_end", "game_end", "solo_reveal")
EVENT_TRIGGERS = ("immediate", "era", "era_on_gather")
PASSIVE_KINDS = ("static", "own_turn", "on_gather", "once_per_era")
LEADER_MOMENTS = ("after_own_card", "produce_start", "draw_action", "after_gather_yield",
                  "any_leader_trigger")  # E-R24
MEASURES = ("gold", "gold_personal", "res", "stored", "stored_res", "tucked", "hand",
            "empty_tracks", "min_track_cards")
MODIFY_RULES = ("draw_count", "produce_limit", "conversion_rate", "paid_play_cost",
                "gather_yield", "resolve_twice", "accumulate", "leader_abilities",
                "market_refill", "open_spaces")
SPEC_KEYS = (*RESOURCES, "any", "Gold", "that_type", "yielded_type")
ITEMS = ("resource", "gold", "resource_or_gold", "stored", "stored_resource", "hand_card",
         "card")

# op name -> (vocabulary id, required parameters, optional parameters) (reference §3).
# swap_tucked and copy_leader are Leader-only additions (Warden option b, Spy Master, E-R24).
OPS: dict[str, tuple[str, frozenset, frozenset]] = {
    "gain": ("E-V1", frozenset({"spec"}), frozenset({"store"})),
    "store": ("E-V2", frozenset({"spec", "source", "cap"}), frozenset()),
    "pay": ("E-V3", frozenset({"spec", "then"}), frozenset()),
    "exchange_up_to": ("E-V4", frozenset({"kind", "max", "per_unit"}), frozenset()),
    "draw": ("E-V5", frozenset({"n", "from"}), frozenset()),
    "reveal": ("E-V6", frozenset({"n"}), frozenset()),
    "keep": ("E-V7", frozenset({"n"}), frozenset()),
    "take_discard": ("E-V8", frozenset({"n", "filter"}), frozenset()),
    "play": ("E-V9", frozenset({"source", "filter", "cost"}), frozenset({"n", "discount"})),
    "tuck": ("E-V10", frozenset({"source", "filter"}), frozenset({"n"})),
    "remove_cube": ("E-V11", frozenset({"track"}), frozenset()),
    "gain_worker": ("E-V12", frozenset({"kind"}), frozenset({"n", "fallback"})),
    "copy_production": ("E-V13", frozenset({"scope"}), frozenset({"solo_scope"})),
    "take": ("E-V14", frozenset({"item", "from", "n", "chooser"}),
             frozenset({"dest", "victim_draws"})),
    "discard": ("E-V15", frozenset({"item", "n", "from"}),
                frozenset({"filter", "type", "optional"})),
    "vp": ("E-V16", frozenset({"x"}), frozenset()),
    "modify": ("E-V17", frozenset({"rule"}),
               frozenset({"delta", "value", "filter", "surcharge"})),
    "gather_bonus": ("E-V18", frozenset({"spec"}), frozenset()),
    "protect": ("E-V19", frozenset(), frozenset()),
    "use_occupied_space": ("E-V20", frozenset(), frozenset()),
    "extra_actions": ("E-V21", frozenset({"n"}), frozenset()),
    "choose_one": ("E-V22", frozenset({"options"}), frozenset()),
    "if": ("E-V23", frozenset({"cond", "then"}), frozenset({"else"})),
    "trade_1to1": ("E-V24", frozenset({"max"}), frozenset()),
    "swap_tucked": ("E-R24", frozenset(), frozenset()),
    "copy_leader": ("E-R24", frozenset(), frozenset()),
}
# Parameters whose value is one of a fixed set of words.
WORDS: dict[str, tuple[str, ...]] = {
    "from": ("deck", "deck_or_market", "one_other", "each_other", "personal", "stored",
             "hand", "estate", "market"),
    "source": ("general", "personal", "hand", "revealed", "tucked", "market", "discard"),
    "cost": ("free", "paid"),
    "kind": ("temporary", "permanent", *RESOURCES, "any"),
    "scope": ("others", "own"),
    "solo_scope": ("others", "own"),
    "item": ITEMS,
    "chooser": ("taker", "giver"),
    "dest": ("personal", "this"),
    "rule": MODIFY_RULES,
    "track": ("choice", *TRACKS),
    "type": RESOURCES,
}
CMPS = ("<", "<=", "==", ">=", ">")


@attrs.frozen
class Trigger:
    """One ``trigger: effect`` line: ``on`` names when it fires (reference §3
    "Triggers"); ``kind`` is the passive kind, ``when`` an on-gather condition
    (``{yield_has = type}``, ``{space = "open"|"accumulating"}`` or ``{yield_min = n}``);
    ``do`` is the list of ops."""

    on: str
    do: tuple
    kind: str = ""
    when: Any = None


@attrs.frozen
class Card:
    """One of the 55 Estate cards (E-F33): ``cost`` maps resource letters to amounts,
    ``vp`` is the printed VP, ``copies`` how many of the 156 it is."""

    id: str
    name: str
    copies: int
    type: str
    track: str
    cost: dict
    vp: int
    source: str
    text: str
    effects: tuple
    interactive: bool = False
    solo: bool = False

    @property
    def royal(self) -> bool:
        """A Royal card's name begins with "Royal" (E-R36)."""
        return self.name.startswith("Royal")


@attrs.frozen
class Track:
    """A Leader-mat tableau track: ``base`` shows while all 7 cubes are present, ``steps``
    are the numbers under the 7 cubes left to right (E-R7)."""

    base: int
    steps: tuple[int, ...]

    def value(self, cubes_removed: int) -> int:
        """The track's value with the leftmost ``cubes_removed`` cubes gone (E-R7)."""
        return max((self.base, *self.steps[:cubes_removed]))


@attrs.frozen
class Leader:
    """A Leader mat (E-F16-E-F24, reference §5): ``start_build`` card names, ``setup`` the
    starting cards whose When Played resolves (E-R4), ``draft_tucks`` the Warden's extra
    draft cards (E-R5), ``ability`` its moment (``when``, ``card``) and ops (E-R24)."""

    id: str
    name: str
    min_players: int
    source: str
    start_build: tuple[str, ...]
    setup: tuple[str, ...]
    tracks: dict  # track name -> Track
    text: str
    ability: dict
    draft_tucks: int = 0

    @property
    def solo(self) -> bool:
        """Solo eligible: not the Spy Master, Trade Queen or Warden (E-F48)."""
        return self.name not in ("Spy Master", "Trade Queen", "Warden")


@attrs.frozen
class EraEvent:
    """A multiplayer Era Event (reference §6.1): ``objective`` is the measure ranked at
    Era end (E-R20)."""

    id: str
    name: str
    polarity: str
    source: str
    text: str
    effects: tuple
    objective: Any


@attrs.frozen
class SoloEvent:
    """A Solo Era Event (reference §6.2): options ``a`` and ``b`` (triggers), the
    objective's measure and the ``threshold`` that meets it (E-R21)."""

    id: str
    era: int
    name: str
    source: str
    text: str
    a: tuple
    b: tuple
    objective: Any
    threshold: int


@attrs.frozen
class Secret:
    """A Family Secret (reference §7): ``steps`` are ``(at least, VP)`` pairs (E-R37)."""

    id: str
    name: str
    source: str
    measure: Any
    steps: tuple[tuple[int, int], ...]
    text: str


@attrs.frozen
class Space:
    """A Realm-board Gather space (reference §8) or, with ``level`` ≥ 1, an Advanced
    Gather tile (always exclusive, E-F29). ``accumulates`` is the resource type laid on
    an accumulating space, ``""`` for the others."""

    id: str
    name: str
    use: str
    source: str
    text: str
    do: tuple
    level: int = 0
    accumulates: str = ""


def _read(name: str) -> dict:
    return tomllib.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"Estate data: {message}")


class _Checker:
    """Checks effect data against the vocabulary; ``names`` are the card names filters
    may name."""

    def __init__(self, names: frozenset[str]):
        self.names = names

    def ops(self, ops: Any, where: str) -> tuple:
        _check(isinstance(ops, list), f"{where}: expected a list of ops")
        for op in ops:
            self.op(op, where)
        return tuple(ops)

    def op(self, op: Any, where: str) -> None:
        _check(isinstance(op, dict) and op.get("op") in OPS, f"{where}: unknown op {op!r}")
        name = op["op"]
        _vid, required, optional = OPS[name]
        keys = set(op) - {"op"}
        _check(required <= keys, f"{where}: {name} needs {sorted(required - keys)}")
        _check(keys <= required | optional, f"{where}: {name} takes no {sorted(keys - required - optional)}")
        here = f"{where} {name}"
        for key, value in op.items():
            if key in ("then", "else", "per_unit", "fallback"):
                self.ops(value, here)
            elif key == "options":
                _check(isinstance(value, list) and len(value) >= 2, f"{here}: two options or more")
                for option in value:
                    self.ops(option, here)
            elif key in ("spec", "surcharge"):
                self.spec(value, here)
            elif key == "filter":
                self.filter(value, here)
            elif key in ("n", "x", "max", "cap", "delta", "value", "discount", "victim_draws"):
                self.expr(value, here)
            elif key == "cond":
                self.cond(value, here)
            elif key == "source" and name == "tuck":
                _check(isinstance(value, list) and all(v in WORDS["source"] for v in value),
                       f"{here}: tuck sources {value!r}")
            elif key in WORDS and not (key == "type" and name != "discard"):
                _check(value in WORDS[key], f"{here}: {key} must be one of {WORDS[key]}")
            elif key in ("store", "optional"):
                _check(isinstance(value, bool), f"{here}: {key} is true or false")

    def spec(self, spec: Any, where: str) -> None:
        _check(isinstance(spec, dict) and spec, f"{where}: spec must be a non-empty table")
        for key, amount in spec.items():
            _check(key in SPEC_KEYS, f"{where}: spec key {key!r}")
            self.expr(amount, where)

    def filter(self, filt: Any, where: str) -> None:
        _check(isinstance(filt, dict), f"{where}: filter must be a table")
        for key, value in filt.items():
            if key == "type":
                _check(value in TYPES, f"{where}: filter type {value!r}")
            elif key == "track":
                _check(value in TRACKS, f"{where}: filter track {value!r}")
            elif key == "name":
                _check(isinstance(value, list) and set(value) <= self.names,
                       f"{where}: filter names {value!r} must be card names")
            elif key == "royal":
                _check(value is True, f"{where}: royal = true")
            else:
                _check(False, f"{where}: filter key {key!r}")

    def expr(self, expr: Any, where: str) -> None:
        if isinstance(expr, bool):
            _check(False, f"{where}: {expr!r} is not a number")
        if isinstance(expr, int):
            return
        _check(isinstance(expr, dict) and expr, f"{where}: expression {expr!r}")
        if "count" in expr:
            self.filter(expr["count"], where)
            _check(set(expr) <= {"count", "scope"} and expr.get("scope", "own") in ("own", "all"),
                   f"{where}: count takes scope own or all")
        elif "measure" in expr:
            _check(expr["measure"] in MEASURES, f"{where}: measure {expr['measure']!r}")
            _check(set(expr) <= {"measure", "type", "stored"}, f"{where}: measure parameters")
            _check(expr.get("type", "I") in RESOURCES, f"{where}: measure type")
        elif "threshold" in expr:
            self.expr(expr["threshold"], where)
            table = expr.get("table")
            _check(isinstance(table, list) and table and all(len(row) == 2 for row in table)
                   and [t for t, _ in table] == sorted({t for t, _ in table}),
                   f"{where}: threshold table rises")
        else:
            (key, args), = expr.items()
            _check(key in ("min", "max", "add", "mul", "sub") and isinstance(args, list)
                   and (len(args) == 2 if key == "sub" else len(args) >= 2),
                   f"{where}: expression {expr!r}")
            for arg in args:
                self.expr(arg, where)

    def cond(self, cond: Any, where: str) -> None:
        _check(isinstance(cond, dict) and set(cond) == {"left", "cmp", "right"}
               and cond["cmp"] in CMPS, f"{where}: condition {cond!r}")
        self.expr(cond["left"], where)
        self.expr(cond["right"], where)

    def triggers(self, entries: Any, allowed: tuple[str, ...], where: str) -> tuple:
        _check(isinstance(entries, list) and entries, f"{where}: effects must be a list")
        out = []
        for t in entries:
            _check(t.get("on") in allowed, f"{where}: trigger {t.get('on')!r} not in {allowed}")
            kind, when = t.get("kind", ""), t.get("when")
            if t["on"] == "passive":
                _check(kind in PASSIVE_KINDS, f"{where}: passive kind {kind!r}")
            if kind == "on_gather" or t["on"] == "era_on_gather":
                _check(isinstance(when, dict) and len(when) == 1 and (
                    when.get("yield_has") in RESOURCES
                    or when.get("space") in ("open", "accumulating")
                    or isinstance(when.get("yield_min"), int)), f"{where}: on-gather condition")
            out.append(Trigger(t["on"], self.ops(t["do"], where), kind, when))
        return tuple(out)


def _source(entry: dict, where: str) -> None:
    _check(entry.get("source") in SOURCES, f"{where}: source must be one of {SOURCES}")


def _unique(entries: list, kind: str, prefix: str) -> None:
    ids = [e.get("id") for e in entries]
    _check(len(ids) == len(set(ids)), f"{kind}: repeated id")
    _check(ids == [f"{prefix}{k}" if prefix != "E-C" else f"E-C{k:02d}"
                   for k in range(1, len(ids) + 1)], f"{kind}: ids must run {prefix}1.. in order")


def _cards(raw: list) -> dict[str, Card]:
    _unique(raw, "cards", "E-C")
    names = frozenset(e["name"] for e in raw)
    _check(len(names) == len(raw), "cards: repeated name")
    checker = _Checker(names)
    cards: dict[str, Card] = {}
    for e in raw:
        where = f"card {e['id']} {e.get('name')}"
        _source(e, where)
        _check(e["type"] in TYPES and e["track"] in TRACKS, f"{where}: type or track")
        _check(isinstance(e["copies"], int) and e["copies"] >= 1, f"{where}: copies")
        _check(set(e["cost"]) <= set(RESOURCES) and all(v >= 1 for v in e["cost"].values()),
               f"{where}: cost uses I S W G")
        _check(e["vp"] >= 0, f"{where}: VP")
        effects = checker.triggers(e["effects"], CARD_TRIGGERS, where)
        solo = e.get("solo", False)
        _check(solo == any(t.on == "solo_reveal" for t in effects),
               f"{where}: a Solo Mode card and only it has a solo_reveal effect")
        cards[e["id"]] = Card(e["id"], e["name"], e["copies"], e["type"], e["track"],
                              dict(e["cost"]), e["vp"], e["source"], e["text"], effects,
                              e.get("interactive", False), solo)
    _composition(cards)
    return cards


def _composition(cards: dict[str, Card]) -> None:
    """Reference §4.1 and the rulebook's counts: 55 cards, 156 copies, half Citizens,
    the track shares of E-F61, the seven Solo Mode cards (E-F49), the three Interactive
    Deck cards (E-R27)."""
    _check(len(cards) == CARD_NAMES_TOTAL, f"{CARD_NAMES_TOTAL} different cards")
    total = sum(c.copies for c in cards.values())
    _check(total == COPIES_TOTAL, f"{COPIES_TOTAL} copies, found {total}")
    citizens = sum(c.copies for c in cards.values() if c.type == "Citizen")
    _check(citizens * 2 == total, f"half the copies are Citizens, found {citizens}")
    for track, share in TRACK_SHARES.items():
        n = sum(c.copies for c in cards.values() if c.track == track)
        _check(abs(100 * n / total - share) <= 1.0,
               f"{track} share {100 * n / total:.1f} % is not about {share:.0f} %")
    _check({c.name for c in cards.values() if c.solo} == SOLO_CARDS, "the Solo Mode cards")
    _check({c.name for c in cards.values() if c.interactive} == INTERACTIVE_CARDS,
           "the Interactive Deck cards")


def _track(raw: dict, where: str) -> Track:
    steps = tuple(raw["steps"])
    _check(len(steps) == 7 and list(steps) == sorted(steps) and steps[0] >= raw["base"] >= 0,
           f"{where}: 7 numbers that never go down, from at least the base (E-R7)")
    return Track(raw["base"], steps)


def _leaders(raw: list, cards: dict[str, Card]) -> dict[str, Leader]:
    _unique(raw, "leaders", "E-L")
    _check(len(raw) == 8, "8 Leader mats (E-F1)")
    by_name = {c.name: c for c in cards.values()}
    checker = _Checker(frozenset(by_name))
    leaders = {}
    for e in raw:
        where = f"leader {e['id']} {e.get('name')}"
        _source(e, where)
        _check(1 <= e["min_players"] <= 5, f"{where}: min_players 1-5")
        _check(all(n in by_name for n in e["start_build"]) and set(e["setup"]) <= set(e["start_build"]),
               f"{where}: start_build and setup name cards of the Starting Build")
        tracks = {t: _track(e[t.lower()], f"{where} {t}") for t in TRACKS}
        _check(tracks["Gather"].base == 0, f"{where}: every Gather base is 0 (E-R7)")
        ability = e["ability"]
        _check(ability.get("when") in LEADER_MOMENTS, f"{where}: ability moment")
        _check(ability["when"] != "after_own_card" or ability.get("card") in e["start_build"],
               f"{where}: the ability's card is a starting card")
        checker.ops(ability["do"], where)
        leaders[e["id"]] = Leader(e["id"], e["name"], e["min_players"], e["source"],
                                  tuple(e["start_build"]), tuple(e["setup"]), tracks,
                                  e["text"], dict(ability), e.get("draft_tucks", 0))
    _check(sum(not l.solo for l in leaders.values()) == 3, "three Leaders barred from solo (E-F48)")
    _check(all(l.min_players >= 2 for l in leaders.values() if not l.solo),
           "a Leader barred from solo needs 2 players or more (E-R1)")
    return leaders


def _events(raw: dict, names: frozenset[str]) -> tuple[dict, dict]:
    checker = _Checker(names)
    events = {}
    _unique(raw["event"], "Era Events", "E-E")
    for e in raw["event"]:
        where = f"event {e['id']} {e.get('name')}"
        _source(e, where)
        _check(e["polarity"] in ("positive", "negative"), f"{where}: polarity")
        checker.expr(e["objective"], where)
        events[e["id"]] = EraEvent(e["id"], e["name"], e["polarity"], e["source"], e["text"],
                                   checker.triggers(e["effects"], EVENT_TRIGGERS, where),
                                   e["objective"])
    positive = sum(v.polarity == "positive" for v in events.values())
    _check(len(events) == 12 and positive == 5, "12 Era Events, 5 positive and 7 negative (E-F1, E-R2)")
    solo = {}
    _unique(raw["solo"], "Solo Era Events", "E-S")
    for e in raw["solo"]:
        where = f"solo event {e['id']} {e.get('name')}"
        _source(e, where)
        checker.expr(e["objective"], where)
        _check(isinstance(e["threshold"], int) and e["threshold"] >= 1, f"{where}: threshold")
        solo[e["id"]] = SoloEvent(e["id"], e["era"], e["name"], e["source"], e["text"],
                                  checker.triggers(e["a"], EVENT_TRIGGERS, where),
                                  checker.triggers(e["b"], EVENT_TRIGGERS, where),
                                  e["objective"], e["threshold"])
    _check(sorted(s.era for s in solo.values()) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
           "10 Solo Era Events, two for each Era (E-F1, E-F47)")
    return events, solo


def _secrets(raw: list, names: frozenset[str]) -> dict[str, Secret]:
    checker = _Checker(names)
    _unique(raw, "Family Secrets", "E-FS")
    _check(len(raw) == 10, "10 Family Secrets (E-F1)")
    out = {}
    for e in raw:
        where = f"secret {e['id']} {e.get('name')}"
        _source(e, where)
        checker.expr(e["measure"], where)
        steps = tuple((t, v) for t, v in e["steps"])
        _check(all(a[0] < b[0] and a[1] < b[1] for a, b in zip(steps, steps[1:])) and steps,
               f"{where}: steps rise (E-R37)")
        out[e["id"]] = Secret(e["id"], e["name"], e["source"], e["measure"], steps, e["text"])
    return out


def _realm(raw: dict, names: frozenset[str]) -> tuple[dict, dict]:
    checker = _Checker(names)
    _unique(raw["space"], "Gather spaces", "E-B")
    _unique(raw["tile"], "Advanced Gather tiles", "E-A")
    spaces = {}
    for e in raw["space"]:
        where = f"space {e['id']} {e.get('name')}"
        _source(e, where)
        _check(e["use"] in ("exclusive", "open"), f"{where}: use")
        _check(e.get("accumulates", "") in ("", *RESOURCES), f"{where}: accumulates")
        spaces[e["id"]] = Space(e["id"], e["name"], e["use"], e["source"], e["text"],
                                checker.ops(e["do"], where), 0, e.get("accumulates", ""))
    accumulating = sorted(s.accumulates for s in spaces.values() if s.accumulates)
    _check(accumulating == sorted(RESOURCES), "one accumulating space per resource (reference §8)")
    _check(all(s.use == "exclusive" for s in spaces.values() if s.accumulates),
           "accumulating spaces are exclusive (E-F51)")
    _check(sum(s.use == "open" for s in spaces.values()) == 2, "two open spaces (E-F29)")
    tiles = {}
    for e in raw["tile"]:
        where = f"tile {e['id']} {e.get('name')}"
        _source(e, where)
        tiles[e["id"]] = Space(e["id"], e["name"], "exclusive", e["source"], e["text"],
                               checker.ops(e["do"], where), e["level"])
    levels = {lv: sum(t.level == lv for t in tiles.values()) for lv in TILE_LEVELS}
    _check(len(tiles) == 9 and levels == TILE_LEVELS, "9 tiles: 3 at level 1, 2 at 2-4 (E-F1, E-R3)")
    return spaces, tiles


@attrs.frozen
class Content:
    """All of Estate's content, by id."""

    cards: dict
    leaders: dict
    events: dict
    solo_events: dict
    secrets: dict
    spaces: dict
    tiles: dict


@cache
def load() -> Content:
    """Read and check every data file once; raises ``ValueError`` naming a bad entry."""
    cards = _cards(_read("cards.toml")["card"])
    names = frozenset(c.name for c in cards.values())
    events, solo = _events(_read("events.toml"), names)
    spaces, tiles = _realm(_read("realm.toml"), names)
    return Content(cards, _leaders(_read("leaders.toml")["leader"], cards), events, solo,
                   _secrets(_read("secrets.toml")["secret"], names), spaces, tiles)


CONTENT = load()
CARDS: dict[str, Card] = CONTENT.cards
BY_NAME: dict[str, Card] = {c.name: c for c in CARDS.values()}
DECK: tuple[str, ...] = tuple(f"{c.id}-{k}" for c in CARDS.values() for k in range(1, c.copies + 1))
"""The 156 physical cards by copy id, in card order (set-up shuffles them)."""


def card(copy_id: str) -> Card:
    """The card of a physical copy: ``"E-C12-3"`` -> Farm."""
    return CARDS[copy_id.rsplit("-", 1)[0]]
