"""Era start, Era end, objectives and the reset (rulebook Play: Era Start, Era End, Era
Reset, Solo; reference E-F25, E-F40-E-F43, E-F46-E-F47, E-R18-E-R21).

Phases: ``"era"`` (the next Era is ready) → ``"era_start"`` (the Era Event is revealed,
its immediate effect and the At Era Start cards resolve in turn order from the first
player; solo: the player first picks option A or B) → ``"turns"`` (turns.py) →
``"era_end"`` (At Era End cards, the objective, the reset) → ``"era"`` again, or
``"over"`` after Era 5 or a third failed solo objective.

The steps are queued as :class:`Pending` entries; those whose source is a step marker
(``"@event"``, ``"@start_cards"``, ``"@begin"``, ``"@end_cards"``, ``"@objective"``,
``"@reset"``) are done here, the others are effects that may wait for answers.
"""

from __future__ import annotations

import attrs

from ..core import Seat
from . import effects as fx
from . import pending, turns
from .data import CONTENT
from .state import Answer, ChooseOption, EstateAction, EstateEvent, EstateState, Pending, SetupEvent
from .state import not_allowed
from .words import answer_event

RB = "estate-raise-the-realm.txt"
ERAS = 5  # E-F3
VP_BY_PLACE = {False: (6, 0, 0, 0, 0), True: (6, 3, 1, 0, 0)}  # E-F41, E-F43, E-R20
SOLO_MET_VP = 6  # E-R21
SOLO_FAILURES = 3  # E-F46


def _order(state: EstateState) -> list[Seat]:
    """Seats in turn order from the first player (E-R18, E-R19)."""
    return [(state.first + k) % state.seats for k in range(state.seats)]


def _marker(name: str) -> Pending:
    return Pending(-1, "@" + name, "")


def progress(state: EstateState) -> EstateState:
    """Run the Era steps until someone must choose, or turns begin, or the game is over."""
    return advance(state)[0]


def advance(state: EstateState) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """:func:`progress`, with the events its steps told everyone: an Era begins (its
    Era Event named), an Era ends with each seat's objective result (place, measure,
    VP, a tie's share) or, solo, met or failed with the failures so far (E-R18-E-R21);
    each Solo Mode card revealed, with what it did (E-R28)."""
    told: list[EstateEvent] = []
    while True:
        if state.phase == "era":
            n = state.seats
            state = attrs.evolve(state, phase="era_start", closing=False,
                                 objective_vp=state.objective_vp or (0,) * n,
                                 firsts=state.firsts or (0,) * n, crests=state.crests or (False,) * n,
                                 queue=(_marker("event"), _marker("start_cards"), _marker("begin")))
            continue
        if state.phase == "era_end" and not state.closing:
            state = attrs.evolve(state, closing=True,
                                 queue=(_marker("end_cards"), _marker("objective"), _marker("reset")))
            continue
        if state.phase not in ("era_start", "era_end"):
            return state, tuple(told)
        if state.choosing:
            return state, tuple(told)
        if state.pending is not None:
            out, p, said = pending.run_told(state.table, state.pending)
            told += said  # the Solo Mode cards revealed (E-R28): the new Market's, a draw's
            if out.question is not None:
                return attrs.evolve(state, pending=p), tuple(told)
            state = attrs.evolve(state, table=out.table, pending=None)
            continue
        nxt, rest = state.queue[0], state.queue[1:]
        state = attrs.evolve(state, queue=rest)
        if nxt.source.startswith("@"):
            told += _TOLD.get(nxt.source[1:], lambda st: ())(state)
            state = _STEPS[nxt.source[1:]](state)
        else:
            state = attrs.evolve(state, pending=nxt)


def _event(state: EstateState) -> EstateState:
    """E-R18 (1): reveal the Era Event; its Era effects hold until the reset; its
    immediate effect resolves for each player in turn order. Solo: choose A or B first."""
    if state.solo:
        return attrs.evolve(state, choosing=True)
    eid = state.events[state.era - 1]
    return _apply_event(state, eid, [t for t in CONTENT.events[eid].effects], lambda on: on)


def _apply_event(state: EstateState, eid: str, triggers_, part) -> EstateState:
    t = state.table
    for tr in triggers_:
        if tr.on == "era":
            for op in tr.do:
                t = fx.add_modifier(t, -1, op)
    queue = [Pending(seat, eid, part("immediate")) for seat in _order(state)
             if any(tr.on == "immediate" for tr in triggers_)]
    return attrs.evolve(state, table=t, queue=(*queue, *state.queue))


def choose_option(state: EstateState, option: str) -> EstateState:
    """E-F47: the solo player takes option ``option`` of the revealed Solo Era Event."""
    eid = state.events[state.era - 1]
    ev = CONTENT.solo_events[eid]
    state = attrs.evolve(state, choosing=False, solo_options=(*state.solo_options, option))
    return _apply_event(state, eid, list(ev.a if option == "a" else ev.b), lambda on: f"{option}:{on}")


def _start_cards(state: EstateState) -> EstateState:
    """E-R18 (2): At Era Start card effects, in turn order from the first player."""
    queue = [Pending(seat, c, "era_start") for seat in _order(state)
             for c in state.table.estates[seat].cards if fx.triggers(c, "era_start")]
    return attrs.evolve(state, queue=(*queue, *state.queue))


def _begin(state: EstateState) -> EstateState:
    return turns.begin_turns(state)


def _end_cards(state: EstateState) -> EstateState:
    """E-R19 (1): At Era End card effects, in turn order from the first player."""
    queue = [Pending(seat, c, "era_end") for seat in _order(state)
             for c in state.table.estates[seat].cards if fx.triggers(c, "era_end")]
    return attrs.evolve(state, queue=(*queue, *state.queue))


def measure(state: EstateState, seat: Seat) -> int:
    """The current Era Objective's measure m for ``seat`` (E-R20, reference §6)."""
    eid = state.events[state.era - 1]
    ev = CONTENT.solo_events[eid] if state.solo else CONTENT.events[eid]
    return fx.evaluate(state.table, seat, ev.objective)


def placings(measures: list[int], final: bool) -> list[tuple[int, int]]:
    """E-R20: each player's ``(place, VP)``: place = 1 + the number with a larger
    measure; a tie group shares the VP of the places it covers, rounded down; a tie of 5
    players scores 0."""
    places = [1 + sum(x > m for x in measures) for m in measures]
    return list(zip(places, place_vp(places, final)))


def place_vp(places: list[int] | tuple[int, ...], final: bool) -> list[int]:
    """E-R20: the VP of each place in ``places`` (one per seat, 1 = first; equal places
    are a tie group sharing the VP of the places it covers, rounded down; 5 tied: 0)."""
    table = VP_BY_PLACE[final]
    out = []
    for place in places:
        n = sum(p == place for p in places)
        out.append(0 if n == 5 else sum(table[place - 1:place - 1 + n]) // n)
    return out


def _objective(state: EstateState) -> EstateState:
    """E-R19 (2) / E-R20 / E-R21: rank the objective, write down VP, give cards and
    resources in turn order; solo: met or failed, the third failure ends the game."""
    vp = list(state.objective_vp)
    if state.solo:
        eid = state.events[state.era - 1]
        met = measure(state, 0) >= CONTENT.solo_events[eid].threshold
        vp[0] += SOLO_MET_VP if met else 0
        failures = state.failures + (not met)
        state = attrs.evolve(state, objective_vp=tuple(vp), failures=failures,
                             places=(*state.places, (1 if met else 0,)))
        if failures >= SOLO_FAILURES:
            return attrs.evolve(state, phase="over", lost=True, queue=(), closing=False)
        return state
    final = state.era == ERAS
    ranks = placings([measure(state, s) for s in range(state.seats)], final)
    firsts = list(state.firsts)
    queue = []
    for s, (place, points) in enumerate(ranks):
        vp[s] += points
        firsts[s] += place == 1
    for s in _order(state):
        # E-F41: friendly non-VP rewards by place k. E-R39: the publisher's page gives 3rd
        # place "1 resource"; the rulebook (1 card for 3rd and lower) wins.
        cards, res = other_rewards(ranks[s][0], final)
        if cards:
            queue.append(Pending(s, "deal", str(cards)))
        queue += [Pending(s, "reward", "")] * res
    return attrs.evolve(state, objective_vp=tuple(vp), firsts=tuple(firsts),
                        places=(*state.places, tuple(p for p, _ in ranks)),
                        queue=(*queue, *state.queue))


def _reset(state: EstateState) -> EstateState:
    """E-F40 / E-R19 (3): in Eras 1-4, (1) 1 resource on each accumulating space (none
    after Drought), (2) a new Market, (3) workers home, pending ones permanent, temporary
    ones to the tower, (4) Crests turned back, (5) the First Player token passes
    clockwise. After Era 5 the game ends (E-R22)."""
    if state.era == ERAS:
        return attrs.evolve(state, phase="over", closing=False)
    t = state.table
    acc = state.accumulated
    if fx.allowed(t, 0, "accumulate"):
        acc = tuple(a + 1 for a in acc)
    estates = tuple(attrs.evolve(e, permanent=e.permanent + e.pending, pending=0, temporary=0)
                    for e in t.estates)
    t = attrs.evolve(t, estates=estates, discard=(*t.discard, *(c for c in t.market if c)),
                     market=("",) * len(t.market), modifiers=(), used=(), activated=())
    first = (state.first + 1) % state.seats
    return attrs.evolve(state, table=t, accumulated=acc, crests=(False,) * state.seats,
                        used_workers=(0,) * state.seats, occupied=(), first=first, era=state.era + 1,
                        phase="era_start", closing=False,
                        pending=Pending(first, "refill", ""),
                        queue=(_marker("event"), _marker("start_cards"), _marker("begin")))


def event_name(state: EstateState) -> str:
    """The name of the current Era's Event (multiplayer or solo)."""
    eid = state.events[state.era - 1]
    return (CONTENT.solo_events[eid] if state.solo else CONTENT.events[eid]).name


def _told_begin(state: EstateState) -> tuple[EstateEvent, ...]:
    """E-R18: the Era Event is revealed to all."""
    return (SetupEvent(-1, f"Era {state.era} begins: the Era Event is {event_name(state)}"),)


def _told_objective(state: EstateState) -> tuple[EstateEvent, ...]:
    """E-R20 / E-R21, told before the objective is scored: each seat's place, measure and
    VP (a tie group's shared, rounded-down VP), by place (1st first, a tie group together,
    in turn order), or solo met/failed and the failures so far."""
    head = f"Era {state.era} ends ({event_name(state)}): objective"
    if state.solo:
        eid = state.events[state.era - 1]
        m, need = measure(state, 0), CONTENT.solo_events[eid].threshold
        if m >= need:
            return (SetupEvent(-1, f"{head} met, measure {m} of {need} needed: {SOLO_MET_VP} VP"),)
        failures = state.failures + 1
        out = [SetupEvent(-1, f"{head} failed ({failures} of {SOLO_FAILURES}), measure {m} of {need} needed")]
        if failures >= SOLO_FAILURES:
            out.append(SetupEvent(-1, f"the game is lost: {SOLO_FAILURES} Era Objectives failed"))
        return tuple(out)
    measures = [measure(state, s) for s in range(state.seats)]
    ranks = placings(measures, state.era == ERAS)
    out = [SetupEvent(-1, f"{head} results")]
    for s in sorted(_order(state), key=lambda s: ranks[s][0]):  # by place, a tie together
        place, vp = ranks[s]
        tied = sum(p == place for p, _ in ranks) - 1
        share = f", tied with {tied} other{'s' * (tied != 1)}" if tied else ""
        out.append(SetupEvent(s, f"is {ORDINAL[place]} with {measures[s]}{share}: "
                                 f"{reward_words(place, vp, state.era == ERAS, bool(tied))}"))
    return tuple(out)


def other_rewards(place: int, final: bool) -> tuple[int, int]:
    """E-F41 / E-R20: the non-VP reward of ``place`` (1 = first) as ``(cards,
    resources)``: in Eras 1-4 2nd gets 1 card and 1 resource, 3rd and lower 1 card;
    nothing for 1st, nor in Era 5 (``final``). A tie group each gets its first place's."""
    if final or place < 2:
        return 0, 0
    return (1, 1) if place == 2 else (1, 0)


def reward_words(place: int, vp: int, final: bool, tied: bool = False) -> str:
    """What ``place`` earned at an Era's objective (E-F41, E-R20): ``"6 VP"``, ``"a share
    of 3 VP"`` (``tied``), ``"1 card and 1 resource"``, ``"1 card"``, ``"nothing"``."""
    cards, res = other_rewards(place, final)
    parts = [f"{'a share of ' * tied}{vp} VP"] if vp else []
    parts += [f"{n} {word}{'s' * (n != 1)}" for n, word in ((cards, "card"), (res, "resource")) if n]
    return " and ".join(parts) or "nothing"


ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
_TOLD = {"event": _told_begin, "objective": _told_objective}

_STEPS = {"event": _event, "start_cards": _start_cards, "begin": _begin, "end_cards": _end_cards,
          "objective": _objective, "reset": _reset}


def active_seats(state: EstateState) -> frozenset[Seat]:
    if state.phase not in ("era_start", "era_end"):
        return frozenset()
    if state.choosing:
        return frozenset({0})
    q = pending.question(state)
    return frozenset({q.seat}) if q is not None else frozenset()


def legal_actions(state: EstateState, seat: Seat) -> list[EstateAction]:
    if seat not in active_seats(state):
        return []
    if state.choosing:
        return [ChooseOption("a"), ChooseOption("b")]
    return [Answer(v) for v in pending.question(state).options]


def apply(state: EstateState, seat: Seat, action: EstateAction) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """An answer or a solo option at Era start or end; ``RuleViolation`` if not legal."""
    if action not in legal_actions(state, seat):
        raise not_allowed(action, f"{RB}, Play")
    if isinstance(action, ChooseOption):
        name = CONTENT.solo_events[state.events[state.era - 1]].name
        return choose_option(state, action.option), (SetupEvent(seat, f"took option {action.option.upper()} of {name}"),)
    told = answer_event(seat, pending.question(state), action.value, state.pending.source)
    state = attrs.evolve(state, pending=pending.answered(state, action.value))
    return state, (told,)

