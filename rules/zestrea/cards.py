"""Zestrea's static content: the 35 Fate cards, 14 Hard Times, 3 Good Times, 6 Boyars
and 84 villagers (reference zestrea.md §4-§6; rulebook "Game Contents"), from the data
files ``fate.toml``, ``times.toml`` and ``people.toml``, loaded and checked once.

Every entry carries its source mark (:data:`SOURCES`): most cards are stand-ins, and the
in-app rules say so. Ids:

- a Fate *title* is ``"F01"`` .. ``"F25"``; a Fate *card* (one of the 35 copies) is the
  title plus its copy number, ``"F01-1"`` .. ``"F01-3"``, so hands and piles name cards;
- Time cards are ``"H01"`` .. ``"H14"`` and ``"G1"`` .. ``"G3"``;
- villagers are ``"L01"`` .. ``"L42"`` (Lads) and ``"M01"`` .. ``"M42"`` (Maidens).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Literal

import attrs

SOURCES = ("rulebook", "research", "public-name", "stand-in")
FATE_KINDS = ("role", "action", "wedding", "after-wedding", "wedding-or-action")
PROMPTS = ("", "tatars", "cholera", "winter", "newcomer")
FATE_CARDS, HARD_TIMES, GOOD_TIMES, BOYARS, VILLAGERS = 35, 14, 3, 6, 84  # Z-F2
Sex = Literal["lad", "maiden"]


@attrs.frozen
class FateTitle:
    """One Fate title: ``copies`` cards of it are in the deck; ``kind`` decides when it
    may be played (Z-R22); ``chance`` is what it adds to a wedding attempt (Z-R30)."""

    id: str
    name: str
    copies: int
    kind: str
    source: str
    chance: int
    text: str


@attrs.frozen
class TimeCard:
    """A Hard Times (``good`` False) or Good Times card; ``prompt`` names the choice
    each affected Boyar makes before it resolves (Z-R36), ``""`` if none."""

    id: str
    name: str
    good: bool
    source: str
    prompt: str
    text: str
    number: int = 0


@attrs.frozen
class Boyar:
    number: int
    name: str
    source: str


@attrs.frozen
class Villager:
    """A villager card: ``sex`` is ``"lad"`` or ``"maiden"``."""

    id: str
    name: str
    sex: Sex
    source: str


def _read(name: str) -> dict:
    return tomllib.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"Zestrea data: {message}")


def _source(entry: dict, where: str) -> None:
    _check(entry.get("source") in SOURCES, f"{where}: source must be one of {SOURCES}")


@cache
def load() -> tuple[dict, dict, dict, dict]:
    """``(fate titles, time cards, boyars, villagers)`` by id, checked against the
    counts of the rulebook's "Game Contents" (Z-F2); raises ``ValueError`` naming the
    bad entry otherwise."""
    fate_data, time_data, people = _read("fate.toml"), _read("times.toml"), _read("people.toml")
    fate: dict[str, FateTitle] = {}
    for e in fate_data["fate"]:
        where = f"fate {e.get('id')}"
        _source(e, where)
        _check(e["kind"] in FATE_KINDS, f"{where}: kind must be one of {FATE_KINDS}")
        _check(e["id"] not in fate and e["copies"] >= 1, f"{where}: repeated id or no copies")
        fate[e["id"]] = FateTitle(e["id"], e["name"], e["copies"], e["kind"], e["source"],
                                  e["chance"], e["text"])
    _check(sum(t.copies for t in fate.values()) == FATE_CARDS, f"{FATE_CARDS} Fate cards")
    times: dict[str, TimeCard] = {}
    for good in (False, True):
        for e in time_data["good" if good else "hard"]:
            where = f"time card {e.get('id')}"
            _source(e, where)
            _check(e["prompt"] in PROMPTS, f"{where}: prompt must be one of {PROMPTS}")
            _check(e["id"] not in times, f"{where}: repeated id")
            times[e["id"]] = TimeCard(e["id"], e["name"], good, e["source"], e["prompt"],
                                      e["text"], e.get("number", 0))
    hard = [t for t in times.values() if not t.good]
    good_cards = [t for t in times.values() if t.good]
    _check(len(hard) == HARD_TIMES and len(good_cards) == GOOD_TIMES,
           f"{HARD_TIMES} Hard Times and {GOOD_TIMES} Good Times")
    _check([g.number for g in good_cards] == [1, 2, 3], "Good Times numbered 1, 2, 3 in order")
    boyars = {}
    for e in people["boyar"]:
        _source(e, f"boyar {e.get('number')}")
        boyars[e["number"]] = Boyar(e["number"], e["name"], e["source"])
    _check(sorted(boyars) == list(range(1, BOYARS + 1)), f"{BOYARS} Boyars numbered 1-{BOYARS}")
    villagers: dict[str, Villager] = {}
    for e in people["villager"]:
        where = f"villager {e.get('id')}"
        _source(e, where)
        _check(e["sex"] in ("lad", "maiden"), f"{where}: sex is lad or maiden")
        _check(e["id"][0] == ("L" if e["sex"] == "lad" else "M"), f"{where}: L is a Lad, M a Maiden")
        _check(e["id"] not in villagers, f"{where}: repeated id")
        villagers[e["id"]] = Villager(e["id"], e["name"], e["sex"], e["source"])
    lads = sum(v.sex == "lad" for v in villagers.values())
    _check(len(villagers) == VILLAGERS and lads == VILLAGERS // 2, "42 Lads and 42 Maidens")
    return fate, times, boyars, villagers


FATE: dict[str, FateTitle]
TIMES: dict[str, TimeCard]
BOYAR_CARDS: dict[int, Boyar]
PEOPLE: dict[str, Villager]
FATE, TIMES, BOYAR_CARDS, PEOPLE = load()

FATE_DECK: tuple[str, ...] = tuple(f"{t.id}-{k}" for t in FATE.values() for k in range(1, t.copies + 1))
"""The 35 Fate cards by card id, in title order (setup shuffles them)."""
HARD_IDS: tuple[str, ...] = tuple(t.id for t in TIMES.values() if not t.good)
GOOD_IDS: tuple[str, ...] = tuple(t.id for t in TIMES.values() if t.good)
VILLAGER_IDS: tuple[str, ...] = tuple(PEOPLE)


def title(card: str) -> FateTitle:
    """The title of Fate card ``card`` (``"F07-2"`` -> Bad Eyesight)."""
    return FATE[card.split("-")[0]]


def sex(villager: str) -> Sex:
    """``"lad"`` or ``"maiden"``."""
    return PEOPLE[villager].sex


def person(villager: str) -> str:
    """``"Ion (♂)"``: a villager by name and sex sign, as every message names them
    (``villager`` itself if it is no villager id)."""
    p = PEOPLE.get(villager)
    return f"{p.name} ({'♂' if p.sex == 'lad' else '♀'})" if p else villager


def card_name(card: str) -> str:
    """A Fate card (``"F07-2"``), Fate title (``"F23"``) or Time card (``"H03"``) by its
    name; anything else as given."""
    if card in TIMES:
        return TIMES[card].name
    if card.split("-")[0] in FATE:
        return title(card).name
    return card


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-").replace("--", "-")


_SHORT_NAMES = {"tatars": "H07", "highway": "H08", "tuica": "F14", "notarys-bribe": "F24"}
"""The engine's shorter slugs for cards whose titles are long or not plain ASCII."""

WHY_WORDS = {
    "wedding": "gave the Maiden away",  # Z-R28: the giver of the Maiden draws a Fate card
    "good-times": "good times",
}
"""An event's ``why`` that names no card, in words where its slug would not read well."""


def _card_slugs() -> dict[str, str]:
    """Each card's title as a slug (``"harsh-winter"``, also without a leading
    ``"the-"``: ``"matchmaker"``) and :data:`_SHORT_NAMES`, to the card's id."""
    slugs: dict[str, str] = {}
    for card_id, entry in (*TIMES.items(), *FATE.items()):
        slug = _slug(entry.name)
        slugs[slug] = card_id
        if slug.startswith("the-"):
            slugs[slug[4:]] = card_id
    return {**slugs, **_SHORT_NAMES}


_CARD_SLUGS = _card_slugs()


def reason(why: str) -> str:
    """An event's ``why`` (``"harsh-winter"``, ``"bar-fight"``, ``"F23"``, ``"wedding"``)
    in words: a card's title when it names a card (its id, its whole title as a slug, or
    a short name of :data:`_SHORT_NAMES`; never a card a word merely appears in:
    ``"wedding"`` is no Wedding Season, player-tester 5, item 2), else
    :data:`WHY_WORDS` or the words of the slug."""
    if why in TIMES or why.split("-")[0] in FATE:
        return card_name(why)
    card = _CARD_SLUGS.get(why)
    if card is not None:
        return card_name(card)
    return WHY_WORDS.get(why) or why.replace("-", " ").replace("_", " ")
