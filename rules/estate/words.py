"""Estate's turns in words for ``parlour replay --text`` and the host's log (rulebook Play;
reference E-R32): the action and what followed that everyone saw, the seats by name.

Like Zestrea's and Zatre's words, only what the table saw is said: a draft pick, a kept
Family Secret and a card taken from a hand stay "a card"; resources, tracks, Market cards
and the Era's results are named.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Sequence

import attrs

from ..core import plural
from .data import CONTENT, TRACKS, card
from .effects import STOP, Change, Outcome
from .table import Table
from .state import ACTION_WORDS, Answer, EstateEvent, KeepSecret, Pick, SetupEvent, UseAbility

RESOURCE_NAMES = {"I": "Iron", "S": "Stone", "W": "Wood", "G": "Grain", "Gold": "Gold"}
YOU_VERBS = {**{third.split()[0]: bare.split()[0] for bare, third in ACTION_WORDS.values()},
             "is": "are", "produces": "produce", "draws": "draw", "discards": "discard",
             "gains": "gain", "loses": "lose", "pays": "pay", "trades": "trade", "removes": "remove",
             "copies": "copy", "plays": "play", "tucks": "tuck", "scores": "score"}
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
    are public (but what a take takes is told with its giver by the effect's outcome,
    :func:`effect_events`), so ``"discards Iron (Bandit Roads)"``, ``"gains Grain (Barn Cat)"``,
    ``"pays nothing more (Charcoal Burner)"`` (an "up to" stopped), named by what asks:
    the Solo Mode card revealed in the middle of another effect (``question.by``, E-R28)
    or the pending effect's ``source``; a track's cube and a Production card copied
    (``"copies Farm (Merchant)"``) are public too; any other answer is private
    (``"chose"``)."""
    kind = question.kind if question is not None else ""
    if kind in ("resource", "stored") and question.why.startswith("take "):
        return SetupEvent(seat, "chose", (), True)  # the effect's outcome says it, with the giver (E-V14)
    if kind in ("resource", "stored"):
        why = question.why
        verb = RESOURCE_VERBS.get(why, "chooses")
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
    did (a :class:`rules.estate.effects.Change`): ``"Thief (Solo Mode card) takes 1
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
    return SetupEvent(-1, f"{card(r.source).name} (Solo Mode card) {' and '.join(parts) or 'has no effect'}",
                      (r.source,))


def subject(who: str, what: str) -> str:
    """``"Ann gathers at Iron Seam"``, ``"You gather at Iron Seam"``."""
    if who == "You":  # each clause's verb: "You pay 1 Iron and gain 2 Gold (Assassin)"
        what = CLAUSE_VERB.sub(lambda m: m.group(1) + YOU_VERBS.get(m.group(2), m.group(2)), what)
    return f"{who} {what}".strip()


CLAUSE_VERB = re.compile(r"(^|, | and )([a-z]+)\b")
"""A clause's first word: the verb that follows "You" (:func:`subject`)."""

SEAT_TOKEN = re.compile(r"\{seat (\d+)\}")
"""Another seat named in an event's words (:func:`seat_token`), named by who reads."""


def seat_token(seat: int) -> str:
    """The place of ``seat``'s name in an event's words, ``"{seat 2}"`` (the rules know
    no names): :func:`named` puts the name in."""
    return f"{{seat {seat}}}"


def named(what: str, name_of: Callable[[int], str]) -> str:
    """``what`` with each :func:`seat_token` replaced by ``name_of(seat)``."""
    return SEAT_TOKEN.sub(lambda m: name_of(int(m.group(1))), what)


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
        what = named(e.what, lambda s: names[s] if 0 <= s < len(names) else f"seat {s + 1}")
        shown = [card(c).name for c in e.cards if card(c).name not in what]
        parts.append(subject(who, what) + (": " + ", ".join(shown) if shown else ""))
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


NOT_TOLD = frozenset({"draw", "deal", "refill"})
"""Pending effects (rules.estate.pending) whose outcome the log tells otherwise: a
Draw's and an objective's cards (``"draws 2 cards"``, private), the Market refill (the
Market shows its cards, and a Solo Mode card revealed is told on its own)."""

TOLD_GAINS = {"gain": 1, "Gather bonus": 1, "trade for": 1, "discard": -1, "exchange": -1, "trade away": -1}
"""The resource answers :func:`answer_event` tells, by the question's ``why``, and the
change each made to the chooser's supply (so the outcome does not tell it twice)."""


def effect_events(seat: int, source: str, part: str, before: Table, out: Outcome,
                  answers: Sequence[int], lying: Sequence[str] = ()) -> tuple[EstateEvent, ...]:
    """What a resolved pending effect did, seat by seat, in words (issue 10; E-R32: the
    public parts): ``"pays 1 Iron and gains 2 Gold (Assassin)"``, ``"takes 1 Iron from
    {seat 3} (the Warden's ability)"`` (E-V14: the giver named, :func:`seat_token`),
    ``"draws a card (Royal Consort)"`` (a private card stays a card), ``"… and discards
    Actor from the Market (Assassin)"``. ``seat`` is the effect's
    owner, ``source``/``part`` its pending source and part, ``before`` the table it
    resolved on, ``out`` the resolution, ``answers`` its answers (positions). Left out:
    what its Solo Mode cards did (told on their own, E-R28) and what the answers told
    already (:func:`answer_event`); none for :data:`NOT_TOLD`. ``lying``: the tokens
    the owner took off an accumulating space before its action resolved (E-R35: part of
    its yield), told with its gain: ``"gains 2 Iron (Iron Seam: 1 lying there + 1)"``."""
    if source in NOT_TOLD:
        return ()
    name = card(part).name if source == "expand" else source_name(source)
    changes = {s: Change.between(source, before, out.table, s) for s in range(len(before.estates))}
    if lying:
        own = dict(changes[seat].supply).get(lying[0], 0)
        name += f": {len(lying)} lying there" + (f" + {own}" if own else "")
        changes[seat] = changes[seat].minus(Change(source, ((lying[0], -len(lying)),)))
    changes = {s: c if s == seat else attrs.evolve(c, copied=()) for s, c in changes.items()}  # the owner's
    for inner in out.solo:
        changes[seat] = changes[seat].minus(inner)
    for taker, giver, item, pair, onto in out.took:
        got = Change(source, () if onto or item == "card" else ((item, 1),), stored=((onto, item),) if onto else (),
                     cards=int(item == "card"))
        gave = Change(source, () if pair or item == "card" else ((item, -1),), unstored=(pair,) if pair else (),
                      cards=-int(item == "card"))
        changes[giver] = changes[giver].minus(gave)
        mine = changes[taker].minus(got)
        changes[taker] = attrs.evolve(mine, took=(*mine.took, (giver, item)))
    for q, i in zip(out.asked, answers):
        value = q.options[i]
        if q.by or value == STOP:
            continue
        told = _told(q, value, changes[q.seat], part == "own_turn")
        if told is not None:
            changes[q.seat] = changes[q.seat].minus(told)
    order = [seat, *(s for s in changes if s != seat)]
    events = []
    binned = [c for c in before.market if c and c not in out.table.market and c in out.table.discard]
    for s in order:
        clauses = _clauses(changes[s], s == seat and not _is_event(source), part if source == "expand" else "")
        if s == seat and binned:  # a Market card discarded (Assassin): face up, public
            clauses.append(f"discards {', '.join(card(c).name for c in binned)} from the Market")
        if clauses:
            said = ", ".join(clauses[:-1]) + (" and " if len(clauses) > 1 else "") + clauses[-1]
            events.append(SetupEvent(s, f"{said} ({name})"))
    return tuple(events)


def _is_event(source: str) -> bool:
    """An Era Event, a Solo Era Event or the Drought's loss: it takes, nobody pays."""
    return source in CONTENT.events or source in CONTENT.solo_events or source == "drought"


def _told(q: Any, value: Any, change: Change, from_supply: bool) -> Change | None:
    """The part of ``change`` an answer's own event told (:func:`answer_event`);
    ``from_supply``: a storage move's store, from personal supply (E-R10; a When
    Played's store comes from the general supply)."""
    if q.kind == "resource" and q.why in TOLD_GAINS:
        return Change("", ((value, TOLD_GAINS[q.why]),))
    if q.kind == "resource" and q.why == "store":
        onto = next((c for c, item in change.stored if item == value), "")
        return Change("", ((value, -1),) if from_supply else (), stored=((onto, value),) if onto else ())
    if q.kind == "stored" and q.why == "discard":
        return Change("", unstored=(value,))
    if q.kind == "card" and q.why == "copy a Production card":
        return Change("", copied=(value,))
    return None


def _clauses(c: Change, owner: bool, expanded: str) -> list[str]:
    """A seat's :class:`Change` as clauses, each starting with its verb; ``owner``: the
    effect is the seat's own card's, Leader's or space's (it pays; another seat, or
    anyone under an Era Event, loses); ``expanded``: the card an
    Expand played (its own event names it)."""
    out = []
    takes = Counter((g, RESOURCE_NAMES.get(i[1] if isinstance(i, tuple) else i, "card")) for g, i in c.took)
    for (giver, what), n in takes.items():
        thing = ("a card" if n == 1 else plural(n, "card")) if what == "card" else f"{n} {what}"
        out.append(f"takes {thing} from {seat_token(giver)}")
    if c.copied:
        out.append(f"copies {', '.join(card(x).name for x in c.copied)}")
    lost = [(i, -n) for i, n in c.supply if n < 0]
    if lost:
        out.append(f"{'pays' if owner else 'loses'} {amounts(lost)}")
    for (on, item), n in Counter(c.unstored).items():
        out.append(f"removes {n} {RESOURCE_NAMES.get(item, item)} stored on {card(on).name}")
    gained = [(i, n) for i, n in c.supply if n > 0]
    if gained:
        out.append(f"gains {amounts(gained)}")
    for (on, item), n in Counter(c.stored).items():
        out.append(f"stores {n} {RESOURCE_NAMES.get(item, item)} on {card(on).name}")
    played = [x for x in c.entered if x != expanded]
    hand = c.cards + len(c.entered) if c.cards < 0 else c.cards  # a card played left the hand
    if hand > 0:
        out.append(f"draws {'a card' if hand == 1 else plural(hand, 'card')}")
    elif hand < 0:
        out.append(f"discards {'a card' if hand == -1 else plural(-hand, 'card')} from the hand")
    if c.tucked > 0:
        out.append(f"tucks {'a card' if c.tucked == 1 else plural(c.tucked, 'card')}")
    if played:
        out.append(f"plays {', '.join(card(x).name for x in played)}")
    if c.left:
        out.append(f"discards {', '.join(card(x).name for x in c.left)} from the Estate")
    if c.vp:
        out.append(f"{'scores' if c.vp > 0 else 'loses'} {abs(c.vp)} VP")
    if c.workers:
        out.append(f"{'gains' if c.workers > 0 else 'loses'} {'a worker' if abs(c.workers) == 1 else plural(abs(c.workers), 'worker')}")
    return out
