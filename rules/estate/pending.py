"""Which ops a :class:`~rules.estate.state.Pending` effect resolves, and resolving it.

A pending effect names its ops instead of holding them, so the state stays plain data:
``source`` and ``part`` are one of

- a card copy and a trigger (``"when_played"``, ``"production_once"``, ``"own_turn"``,
  ``"on_gather"``), or ``"production*k"``: its Production effect k times (E-R26);
- a Leader id and ``"ability"`` (E-R24); a space or tile id and ``"do"`` (a Gather);
- ``"draw"`` and the count (the Draw action, E-F28); ``"expand"`` and a card (a paid play
  of that card from hand, E-R11); ``"refill"`` (the Market, E-R15); ``"drought"`` and the
  Gather's space, its whole yield in ``yielded`` (Era of Drought, E-R35); ``"reward"``
  (an objective's resource) and ``"deal"`` with a count (an objective's cards, E-F41);
- an Era Event id and a trigger, or a Solo Era Event id and ``"a:immediate"`` (its chosen
  option and trigger).
"""

from __future__ import annotations

import attrs

from .data import CONTENT, card
from .effects import Ctx, Outcome, resolve, triggers
from .state import EstateEvent, EstateState, Pending
from .table import Table
from .words import effect_events, solo_card_event


def ops_of(p: Pending) -> list:
    """The ops ``p`` resolves."""
    if p.source == "draw":
        return [{"op": "draw", "n": int(p.part), "from": "deck_or_market"}]
    if p.source == "expand":
        return [{"op": "play", "source": "hand", "filter": {}, "cost": "paid", "card": p.part}]
    if p.source == "refill":
        return [{"op": "refill_market"}]
    if p.source == "reward":  # E-F41: one resource of the receiver's choice
        return [{"op": "gain", "spec": {"any": 1}}]
    if p.source == "deal":  # E-F41 / E-R19: cards from the deck top
        return [{"op": "draw", "n": int(p.part), "from": "deck"}]
    if p.source in CONTENT.events:
        return [op for t in CONTENT.events[p.source].effects if t.on == p.part for op in t.do]
    if p.source in CONTENT.solo_events:  # part "a:immediate" and the like
        option, on = p.part.split(":")
        ev = CONTENT.solo_events[p.source]
        return [op for t in (ev.a if option == "a" else ev.b) if t.on == on for op in t.do]
    if p.source == "drought":  # E-R35: one unit of a yielded type, the player's choice
        return [{"op": "discard", "item": "resource", "type": list(dict.fromkeys(p.yielded)), "n": 1,
                 "from": "personal"}]
    if p.source in CONTENT.leaders:
        return list(CONTENT.leaders[p.source].ability["do"])
    if p.source in CONTENT.spaces or p.source in CONTENT.tiles:
        return list((CONTENT.spaces.get(p.source) or CONTENT.tiles[p.source]).do)
    if p.part.startswith("production*"):
        return triggers(p.source, "production") * int(p.part.split("*")[1])
    if p.part in ("own_turn", "on_gather"):
        return [op for t in card(p.source).effects if t.on == "passive" and t.kind == p.part for op in t.do]
    return triggers(p.source, p.part)


def ctx_of(p: Pending) -> Ctx:
    gather = p.source in CONTENT.spaces or p.source in CONTENT.tiles
    return Ctx(p.seat, p.this or (p.source if p.source in _COPIES else ""), p.yielded, p.that_type,
               gather=gather)


_COPIES = frozenset(f"{c.id}-{k}" for c in CONTENT.cards.values() for k in range(1, c.copies + 1))


def run(table: Table, p: Pending) -> Outcome:
    """Resolve ``p`` on ``table`` with its answers (``Outcome.question`` set: still waiting)."""
    return resolve(table, ctx_of(p), ops_of(p), p.answers, by_index=True)


def run_told(table: Table, p: Pending) -> tuple[Outcome, Pending, tuple[EstateEvent, ...]]:
    """:func:`run`, with ``p`` counting the Solo Mode cards it revealed as told and the
    events of those not told before (E-R28: every one is told, with what it did,
    whether it asked something or not; rules.estate.words.solo_card_event) and, once
    ``p`` is done, what it did (rules.estate.words.effect_events). Resolution
    restarts from the first op with each answer, and the cards revealed before a
    question come again first, so the count says which are new."""
    out = run(table, p)
    told = tuple(solo_card_event(r) for r in out.solo[p.told:])
    if out.question is None:  # done: what it did, seat by seat (issue 10)
        lying = p.yielded if p.part == "do" else ()  # an accumulating space's tokens (E-R35)
        told += effect_events(p.seat, p.source, p.part, table, out, p.answers, lying)
    return out, attrs.evolve(p, told=len(out.solo)) if told else p, told


def question(state: EstateState):
    """The question ``state``'s pending effect waits on, ``None`` if nothing waits."""
    return run(state.table, state.pending).question if state.pending is not None else None


def answered(state: EstateState, value) -> Pending:
    """The pending effect with one more answer: ``value``, kept as its position among
    the question's options so the state stays plain data (a tuple answer survives a
    round trip)."""
    options = question(state).options
    return attrs.evolve(state.pending, answers=(*state.pending.answers, options.index(value)))
