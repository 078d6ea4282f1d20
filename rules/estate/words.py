"""Estate's turns in words for ``parlour replay --text`` and the host's log (rulebook Play;
reference E-R32): the action and what followed that everyone saw, the seats by name.

Like Zestrea's and Zatre's words, only what the table saw is said: a draft pick, a kept
Family Secret and a card taken from a hand stay "a card"; resources, tracks, Market cards
and the Era's results are named.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from .data import CONTENT, TRACKS, card
from .state import ACTION_WORDS, Answer, EstateEvent, KeepSecret, Pick, SetupEvent, UseAbility

RESOURCE_NAMES = {"I": "Iron", "S": "Stone", "W": "Wood", "G": "Grain", "Gold": "Gold"}
YOU_VERBS = {**{third.split()[0]: bare.split()[0] for bare, third in ACTION_WORDS.values()},
             "is": "are", "produces": "produce", "draws": "draw", "discards": "discard",
             "gains": "gain", "loses": "lose", "pays": "pay", "trades": "trade", "removes": "remove",
             "copies": "copy"}
"""The rules' event verbs as they go after "You" (the name a solo seat is given, and the
viewer's own seat in the log): the bare and third-person forms of :data:`ACTION_WORDS`
("ends" → "end", "stores" → "store", "takes" → "take"), and the verbs only events use."""


SOURCE_NAMES = {"draw": "a Draw", "expand": "an Expand", "refill": "refilling the Market",
                "reward": "an Era Objective's reward", "deal": "an Era Objective's reward",
                "drought": "Era of Drought"}
"""What a pending effect comes from, when it is no card, Leader, space or Era Event
(rules.estate.pending's sources)."""

RESOURCE_VERBS = {"discard": "discards", "gain": "gains", "Gather bonus": "gains", "store": "stores",
                  "exchange": "pays", "trade away": "trades away", "trade for": "trades for"}
"""What a resource answer does, by the question's ``why`` (rules.estate.effects)."""


def source_name(source: str) -> str:
    """The name of what asks a question: a card copy, a Leader (``"the Warlord's
    ability"``), a space or tile, an Era Event or Solo Era Event, or one of
    :data:`SOURCE_NAMES`."""
    if source in SOURCE_NAMES:
        return SOURCE_NAMES[source]
    if source in CONTENT.leaders:
        return f"the {CONTENT.leaders[source].name}'s ability"
    for table in (CONTENT.spaces, CONTENT.tiles, CONTENT.events, CONTENT.solo_events):
        if source in table:
            return table[source].name
    return card(source).name if _is_card(source) else source


def answer_event(seat: int, question: Any, value: Any, source: str) -> EstateEvent:
    """The event an answer tells (E-R32): a resource, and a resource stored on a card,
    are public, so ``"discards Iron (Bandit Roads)"``, ``"gains Grain (Barn Cat)"``,
    ``"discards nothing more (Bandit Roads)"`` (an "up to" stopped), named by what asks:
    the Solo Mode card revealed in the middle of another effect (``question.by``, E-R28)
    or the pending effect's ``source``; a track's cube and a Production card copied
    (``"copies Farm (Merchant)"``) are public too; any other answer is private
    (``"chose"``)."""
    kind = question.kind if question is not None else ""
    if kind in ("resource", "stored"):
        why = question.why
        verb = RESOURCE_VERBS.get(why, "takes" if why.startswith("take ") else "chooses")
        if value == "stop":
            what = "nothing more"
        elif kind == "stored":
            what = f"{RESOURCE_NAMES.get(value[1], value[1])} stored on {card(value[0]).name}"
        else:
            what = RESOURCE_NAMES.get(value, str(value))
        return SetupEvent(seat, f"{verb} {what} ({source_name(question.by or source)})")
    if kind == "track":  # the tracks' cubes are public
        return SetupEvent(seat, f"removes a cube from the {value} track ({source_name(question.by or source)})")
    if kind == "card" and question.why == "copy a Production card":  # an Estate card, face up
        return SetupEvent(seat, f"copies {card(value).name} ({source_name(question.by or source)})")
    return SetupEvent(seat, "chose", (), True)


def amounts(counts: dict[str, int] | Sequence[tuple[str, int]]) -> str:
    """Resources (and Gold) by count in words: ``{"W": 2, "S": 1}`` or ``[("W", 2),
    ("S", 1)]`` as ``"2 Wood 1 Stone"``, in the order given, zero counts left out
    (``"nothing"`` when none is left)."""
    pairs = counts.items() if isinstance(counts, dict) else counts
    text = " ".join(f"{n} {RESOURCE_NAMES.get(r, r)}" for r, n in pairs if n)
    return text or "nothing"


def solo_card_event(revealed: Any) -> EstateEvent:
    """A Solo Mode card revealed in solo (E-R28), told to all with what its solo effect
    did (a :class:`rules.estate.effects.SoloReveal`): ``"Thief (Solo Mode card) takes 1
    Iron"``, ``"Harbor (Solo Mode card) takes 2 Iron and gives 2 Gold"``, ``"Merchant
    (Solo Mode card) copies Farm and gives 2 Grain"``, ``"… has no effect"``."""
    r = revealed
    taken = [amounts([(i, -n) for i, n in r.supply if n < 0])] if any(n < 0 for _, n in r.supply) else []
    taken += [f"{n} {RESOURCE_NAMES.get(item, item)} stored on {card(c).name}"
              for (c, item), n in Counter(r.unstored).items()]
    given = [amounts([(i, n) for i, n in r.supply if n > 0])] if any(n > 0 for _, n in r.supply) else []
    given += [f"{n} {RESOURCE_NAMES.get(item, item)} stored on {card(c).name}"
              for (c, item), n in Counter(r.stored).items()]
    given += [plural(r.cards, "card")] if r.cards > 0 else []
    given += [f"{r.vp} VP"] if r.vp > 0 else []
    given += [plural(r.workers, "worker")] if r.workers > 0 else []
    parts = [f"copies {', '.join(card(c).name for c in r.copied)}"] if r.copied else []
    parts += [f"takes {', '.join(taken)}"] if taken else []
    parts += [f"gives {', '.join(given)}"] if given else []
    return SetupEvent(-1, f"{card(r.copy).name} (Solo Mode card) {' and '.join(parts) or 'has no effect'}",
                      (r.copy,))


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{n} {word}{'s' * (n != 1)}"


def subject(who: str, what: str) -> str:
    """``"Ann gathers at Iron Seam"``, ``"You gather at Iron Seam"``."""
    if who == "You":
        verb, _, rest = what.partition(" ")
        what = " ".join(x for x in (YOU_VERBS.get(verb, verb), rest) if x)
    return f"{who} {what}".strip()


def answer_words(value: Any, seen: set[str]) -> str:
    """A public answer in words: a resource, a track, the deck, a Market card, an
    option; a card not seen by all stays ``"a card"`` (E-R32)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"choice {value + 1}"
    if isinstance(value, tuple):
        if len(value) == 2 and _is_card(value[0]):  # (card, item): stored on a face-up card
            return f"{RESOURCE_NAMES.get(value[1], value[1])} stored on {card(value[0]).name}"
        if len(value) == 2 and value[0] == "market" and value[1] in seen:
            return f"{card(value[1]).name} from the Market"
        return "a tucked card" if len(value) == 3 else "a card"
    if value in RESOURCE_NAMES:
        return RESOURCE_NAMES[value]
    if value in TRACKS:
        return f"the {value} track"
    if value in ("stop", "none"):
        return value
    if value == "deck":
        return "the deck's top card"
    if value in CONTENT.leaders:
        return f"the {CONTENT.leaders[value].name}"
    if value in seen:
        return card(value).name
    return "a card"


def _is_card(value: Any) -> bool:
    try:
        card(str(value))
    except (KeyError, IndexError):
        return False
    return True


def describe(name: str, action: Any, events: Sequence[EstateEvent] = (), names: Sequence[str] = ()) -> str:
    """``"Ann gathers at Iron Seam; Era 1 ends: objective of Drought; Ann is 1st (3): 6
    VP; Ben is 2nd (1): 3 VP"``: the action (``name`` is the actor's), then the events
    everyone saw, each seat by its name in ``names`` (by seat)."""
    seen = {c for e in events if not e.private for c in e.cards}
    parts = []
    for e in events:
        if e.seat < 0:
            parts.append(e.what)
            continue
        who = names[e.seat] if 0 <= e.seat < len(names) else name
        if e.private:
            continue
        shown = [card(c).name for c in e.cards if card(c).name not in e.what]
        parts.append(subject(who, e.what) + (": " + ", ".join(shown) if shown else ""))
    told = any(not e.private and 0 <= e.seat < len(names) and names[e.seat] == name for e in events)
    head = "" if isinstance(action, Answer) and told else _action(name, action, seen)
    if head:
        parts.insert(0, head)
    return "; ".join(parts) if parts else subject(name, ACTION_WORDS.get(action.kind, ("", action.kind))[1])


def _action(name: str, action: Any, seen: set[str]) -> str:
    """What the action says beyond its events: a pick, a secret, an answer."""
    if isinstance(action, Pick):
        return f"{name} kept a card from the packet" + (" and tucked one" if action.tuck else "")
    if isinstance(action, KeepSecret):
        return f"{name} kept a Family Secret"
    if isinstance(action, Answer):
        return f"{name} answered: {answer_words(action.value, seen)}"
    if isinstance(action, UseAbility) and not action.leader:
        return f"{name} let the Leader's ability pass"
    return ""
