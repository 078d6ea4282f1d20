"""Turns within an Era (rulebook Play, Produce, Draw, Gather, Expand; reference E-F26-E-F31,
E-F38, E-F51, E-F59, E-R10-E-R16, E-R24, E-R33-E-R35).

A turn is one worker action (E-R10): Produce, Draw, Gather or Expand, plus any number of
conversions and storage moves at any point of it (before the action, between activations,
while a Leader ability is offered, while one's own effect waits on an answer, after the
action until :class:`EndTurn`). Effects that wait for a choice are :class:`Pending`
(pending.py), resolved in order; a Leader ability the moment allows is offered as an
:class:`Offer`. When the action and its effects are done (and any Council bonus actions,
E-R33), the Market is refilled (E-R15) and the next seat clockwise with a free worker
plays. With no free worker left anywhere the phase becomes ``"era_end"``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import attrs

from ..core import RuleViolation, Seat
from . import effects as fx
from . import pending
from .data import CONTENT, RESOURCES, TRACKS, card
from .state import (Activate, Answer, Convert, Doing, Draw, EndTurn, EstateAction, EstateEvent,
                    EstateState, Expand, Gather, Offer, Pending, Produce, SetupEvent, Step,
                    StopProducing, StoreOn, TakeBack, UseAbility)
from .state import not_allowed
from .table import Table
from .words import RESOURCE_NAMES, amounts, answer_event

RB = "estate-raise-the-realm.txt"


# ---------------------------------------------------------------- reading the state

def track_value(state: EstateState, seat: Seat, track: str) -> int:
    """The value of ``seat``'s ``track`` (E-R7, E-F31)."""
    e = state.table.estates[seat]
    return CONTENT.leaders[state.leaders[seat]].tracks[track].value(e.cubes[TRACKS.index(track)])


def with_ability(table: Table, seat: Seat, ability: str) -> Table:
    """``table`` with the ``modify`` ops of the Leader ``ability`` (``""``: none) in
    force for ``seat`` (the Agrarian Lord's +1 Produce, the Pious One's +1 Draw, E-R24)."""
    for op in CONTENT.leaders[ability].ability["do"] if ability else ():
        table = fx.add_modifier(table, seat, op)
    return table


def action_limit(state: EstateState, seat: Seat, kind: str, ability: str = "") -> int:
    """What a ``kind`` (``"produce"``: the limit L, E-R16; ``"draw"``: the count, E-R38)
    worker action of ``seat`` comes to now: its track's value (Production, Noble) with
    the modifiers in force (Era Events, Leaders, passive cards) and, when placed with the
    Leader ``ability``, that ability's own (:func:`with_ability`); at least 1. The one
    count both the action (:func:`_place`) and the table's preview (rules.estate.views)
    use."""
    t = with_ability(state.table, seat, ability)
    if kind == "produce":
        return fx.produce_limit(t, seat, track_value(state, seat, "Production"))
    return fx.draw_count(t, seat, track_value(state, seat, "Noble"))


def free_workers(state: EstateState, seat: Seat) -> int:
    """Workers ``seat`` may still place this Era: permanent + temporary − used (E-R17)."""
    e = state.table.estates[seat]
    return e.permanent + e.temporary - state.used_workers[seat]


def begin_turns(state: EstateState) -> EstateState:
    """The first player's first turn of the Era (E-F15, E-R18 step 3)."""
    n = state.seats
    state = attrs.evolve(state, phase="turns", turn=state.first, used_workers=(0,) * n,
                         placed=False, turn_ended=False, occupied=(), crests=state.crests or (False,) * n,
                         doing=None, queue=(), offer=None, bonus=0, bonus_spaces=(), ending=False)
    return _advance(state)


def candidates(state: EstateState, seat: Seat, moment: str, name: str = "") -> tuple[str, ...]:
    """The Leader abilities ``seat`` may use at ``moment`` (E-R24): its own, or for the
    Spy Master the abilities of the other players' Leaders; none once its Crest is
    flipped this Era (E-F16) or while abilities are forbidden (Era of Unrest, Intrigue A)."""
    if state.crests[seat] or not fx.allowed(state.table, seat, "leader_abilities"):
        return ()
    own = CONTENT.leaders[state.leaders[seat]]
    pool = (tuple(x for s, x in enumerate(state.leaders) if s != seat)
            if own.ability["when"] == "any_leader_trigger" else (own.id,))
    return tuple(lid for lid in pool if CONTENT.leaders[lid].ability["when"] == moment
                 and CONTENT.leaders[lid].ability.get("card", name) == name)


def _space(sid: str):
    return CONTENT.spaces.get(sid) or CONTENT.tiles[sid]


def gather_spaces(state: EstateState, seat: Seat) -> list[Gather]:
    """The Gather actions ``seat`` may take (E-F29, E-F51, E-R33, E-R34): exclusive spaces
    and tiles not yet used this Era (a tile needs Gather value ≥ its level), the open
    spaces (unless forbidden, Bandit Roads B); with a Smugglers Den, taken ones too. In
    bonus actions, never Council itself nor the other bonus action's exclusive space."""
    gv = track_value(state, seat, "Gather")
    taken = {sid for sid, _ in state.occupied}
    smuggler = bool(fx.occupied_space_card(state.table, seat))
    out = []
    for sid in (*CONTENT.spaces, *state.tiles):
        sp = _space(sid)
        if sp.level > gv:
            continue
        if sp.use == "open":
            if fx.allowed(state.table, seat, "open_spaces"):
                out.append(Gather(sid))
            continue
        if state.in_bonus and (sid in state.bonus_spaces or _is_council(sid)):
            continue
        if sid not in taken:
            out.append(Gather(sid))
        elif smuggler:
            out.append(Gather(sid, True))
    return out


def _is_council(sid: str) -> bool:
    return any(op["op"] == "extra_actions" for op in _space(sid).do)


def expandable(state: EstateState, seat: Seat) -> list[Expand]:
    """Cards in hand ``seat`` may play now: room on the track (E-R9), cost payable from
    personal supply and stored resources after discounts (E-R11)."""
    e = state.table.estates[seat]
    return [Expand(c) for c in dict.fromkeys(e.hand)
            if fx.has_room(e, c) and fx.can_afford(state.table, seat, c, 0)]


def activatable(state: EstateState, seat: Seat) -> list[str]:
    """Production cards ``seat`` may activate in its Produce action (E-R16, E-F27)."""
    t = state.table
    return can_activate(t.estates[seat].cards, t.activated, t.used)


def can_activate(cards: tuple[str, ...], activated: tuple[str, ...], used: tuple[str, ...]) -> list[str]:
    """The Production cards among ``cards`` (copies) a Produce action may activate (E-R16,
    E-F27): not ``activated`` in this action already, nor a once-per-Era card ``used``
    this Era. A table reads it off the view: Produce is legal with none (E-R10), and
    then yields nothing."""
    return [c for c in cards if card(c).track == "Production" and c not in activated
            and not (c in used and _once(c))]


def _once(copy: str) -> bool:
    return any(tr.on == "production_once" for tr in card(copy).effects)


def conversions(state: EstateState, seat: Seat) -> list[Convert]:
    """E-R12: every way to pay ``rate`` resources of personal supply for 1 of a type."""
    rate = fx.conversion_rate(state.table, seat)
    held = state.table.estates[seat].res
    out = []
    for give in combinations_with_replacement(RESOURCES, rate):
        need = Counter(give)
        if all(held[RESOURCES.index(r)] >= n for r, n in need.items()):
            out += [Convert(give, r) for r in RESOURCES]
    return out


def storage(state: EstateState, seat: Seat) -> list[StoreOn]:
    """Own-turn storage moves ``seat`` can make (Larder, Storehouse; E-R10)."""
    out = []
    e = state.table.estates[seat]
    for c in e.cards:
        for tr in card(c).effects:
            if tr.on == "passive" and tr.kind == "own_turn":
                op = tr.do[0]
                kinds = RESOURCES if "any" in op["spec"] else tuple(op["spec"])
                if len(e.stored_on(c)) < op["cap"] and any(e.amount(r) for r in kinds):
                    out.append(StoreOn(c))
    return out


# ---------------------------------------------------------------- who acts, what is legal

def active_seats(state: EstateState) -> frozenset[Seat]:
    """The seat that owes an answer or an ability choice, else the seat whose turn it is."""
    if state.phase != "turns":
        return frozenset()
    if state.pending is not None:
        return frozenset({pending.question(state).seat})
    if state.offer is not None:
        return frozenset({state.offer.seat})
    return frozenset({state.turn})


def legal_actions(state: EstateState, seat: Seat) -> list[EstateAction]:
    """Every action ``seat`` may take now in the ``turns`` phase. Conversions and storage
    moves may come at any point of one's own turn (E-R10: "at any point in your own turn,
    even in the middle of an action"): before the worker action, between activations,
    between Council bonus actions, while a Leader ability is offered, while one's own
    effect waits on an answer (:func:`mid_effect_moves`) and after the action (then
    :class:`EndTurn` ends the turn); not once the turn is ending (the Market refill).
    :class:`TakeBack` whenever the turn has a conversion or storage move to take back."""
    if seat not in active_seats(state):
        return []
    own_turn = seat == state.turn and not state.ending
    extras: list[EstateAction] = conversions(state, seat) + storage(state, seat) if own_turn else []
    back: list[EstateAction] = [TakeBack()] if own_turn and state.undo else []
    if state.pending is not None:
        answers: list[EstateAction] = [Answer(v) for v in pending.question(state).options]
        return answers + (mid_effect_moves(state, seat) if own_turn else []) + back
    if state.offer is not None:
        return [UseAbility(x) for x in state.offer.leaders] + [UseAbility("")] + extras + back
    if state.doing is not None:
        return [Activate(c) for c in activatable(state, seat)] + [StopProducing()] + extras + back
    if state.placed and not state.bonus:  # after the action, before the turn ends (E-R10)
        return extras + back + [EndTurn()]
    out: list[EstateAction] = [Produce(), Draw()]  # always legal (E-R10)
    out += [Produce(x) for x in candidates(state, seat, "produce_start")]
    out += [Draw(x) for x in candidates(state, seat, "draw_action")]
    out += gather_spaces(state, seat) + expandable(state, seat)
    return out + extras + back


# ---------------------------------------------------------------- applying

def apply(state: EstateState, seat: Seat, action: EstateAction) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """Apply ``action``; ``RuleViolation`` (nothing changed) if it is not legal now."""
    if action not in legal_actions(state, seat):
        raise not_allowed(action, f"{RB}, Play")
    events: list[EstateEvent] = []
    if isinstance(action, EndTurn):
        return _settled(attrs.evolve(state, turn_ended=True), [SetupEvent(seat, "ends the turn")])
    if isinstance(action, TakeBack):  # E-11: nothing hidden was seen since that step
        step = state.undo[-1]
        state = attrs.evolve(state, table=step.table, pending=step.pending, queue=step.queue,
                             undo=state.undo[:-1])
        return _settled(state, [SetupEvent(seat, "takes back a conversion or storage move")])
    if isinstance(action, (Convert, StoreOn)):
        undo = (*state.undo, Step(state.table, state.pending, state.queue))
    elif isinstance(action, Answer) and state.pending is not None and state.pending.part == "own_turn":
        undo = state.undo  # the storage move's own question
    else:
        undo = ()
    state = attrs.evolve(state, undo=undo)
    if isinstance(action, Convert):
        gave = amounts(Counter(action.give))  # "2 Iron 1 Stone" (issue 10)
        return _settled(_convert(state, seat, action),
                        [SetupEvent(seat, f"converted {gave} to 1 {RESOURCE_NAMES[action.get]}")])
    if isinstance(action, Answer):
        q = pending.question(state)
        market = q is not None and q.kind == "draw" and action.value != "deck"  # E-R32: face up
        state = attrs.evolve(state, pending=pending.answered(state, action.value))
        p = state.pending  # an Expand's question is its card's (a When Played's "store")
        events.append(SetupEvent(seat, "took from the Market", (action.value,)) if market
                      else answer_event(seat, q, action.value, p.part if p.source == "expand" else p.source))
    elif isinstance(action, UseAbility):
        state = _use_ability(state, seat, action.leader, events)
    elif isinstance(action, Activate):
        state = _activate(state, seat, action.card, events)
    elif isinstance(action, StopProducing):
        state = _end_produce(state)
    elif isinstance(action, StoreOn):  # an effect waiting resumes after the move (E-R10)
        queue = state.queue if state.pending is None else (state.pending, *state.queue)
        state = attrs.evolve(state, pending=Pending(seat, action.card, "own_turn"), queue=queue)
    else:
        state = _place(state, seat, action, events)
    return _settled(state, events)


def _settled(state: EstateState, events: list[EstateEvent]) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """``state`` advanced (:func:`_advance`) and ``events`` followed by what that told
    (the Solo Mode cards revealed, E-R28: a Market refill after the turn, a draw)."""
    state = _advance(state, events)
    return state, tuple(events)


def mid_effect_moves(state: EstateState, seat: Seat) -> list[EstateAction]:
    """Conversions and storage moves ``seat`` may make while its own effect waits on its
    answer (E-R10: "even in the middle of an action (for example just before paying)";
    E-R12), in an effect that may spend from the supply (:func:`_spends`): the effect is
    resolved again from its start on the changed supply, so a move is allowed when every
    question already answered comes back the same and the effect still waits on
    ``seat`` (it then sees the current question with the new supply: a payment it can
    now make, an Expand it can now pay). A storage move qualifies only if it does so
    whatever it stores; none while the waiting effect is itself a storage move. After a
    storage move's own question the waiting effect resumes."""
    global _memo
    memo = _memo
    if memo[0] is state and memo[1] == seat:  # asked again for the same state
        return list(memo[2])
    out: list[EstateAction] = []
    p = state.pending
    # the Drought takes from a yield just gained (E-R35), it is no payment: nothing before it
    before = pending.run(state.table, p) if p.source != "drought" and _spends(pending.ops_of(p)) else None
    if before is not None and before.question is not None and before.question.seat == seat:
        out += [conv for conv in conversions(state, seat)
                if _keeps_answers(state, seat, lambda conv=conv: _convert(state, seat, conv).table, before)]
        if p.part != "own_turn":
            out += [mv for mv in storage(state, seat)
                    if all(_keeps_answers(state, seat, lambda t=t: t, before)
                           for t in _stored_tables(state.table, Pending(seat, mv.card, "own_turn")))]
    _memo = (state, seat, tuple(out))
    return out


def _stored_tables(table, p: Pending, depth: int = 3) -> list:
    """Every table a storage move ``p`` may end with, one per way of answering it."""
    out = pending.run(table, p)
    if out.question is None:
        return [out.table]
    if depth == 0:
        return [None]  # too many choices to follow: counted as not keeping the answers
    return [t for i in range(len(out.question.options))
            for t in _stored_tables(table, attrs.evolve(p, answers=(*p.answers, i)), depth - 1)]


SPENDING = frozenset({"pay", "exchange_up_to", "trade_1to1", "store", "discard"})


def _spends(ops) -> bool:
    """Whether ``ops`` may spend from a personal supply (a payment, an exchange or trade,
    a storage, a discard, a paid play). In an effect that never does, a conversion made in
    its middle is the same as one made just after it, so none is offered there."""
    if isinstance(ops, dict):
        if ops.get("op") in SPENDING or (ops.get("op") == "play" and ops.get("cost") == "paid"):
            return True
        return any(_spends(v) for v in ops.values())
    if isinstance(ops, (list, tuple)):
        return any(_spends(v) for v in ops)
    return False


_memo: tuple = (None, None, ())
"""The latest :func:`mid_effect_moves` answer (states are frozen: the same object gives
the same answer), since a caller's check of its action asks again; replaced whole, so a
reader in another thread sees one consistent answer."""


def _keeps_answers(state: EstateState, seat: Seat, table_after, before: fx.Outcome) -> bool:
    try:
        table = table_after()
        if table is None:
            return False
        after = pending.run(table, state.pending)
    except (RuleViolation, ValueError):
        return False
    return after.question is not None and after.question.seat == seat and after.asked == before.asked


def _convert(state: EstateState, seat: Seat, action: Convert) -> EstateState:
    """E-R12: personal supply only."""
    e = state.table.estates[seat]
    for r in action.give:
        e = e.with_res(r, -1)
    return attrs.evolve(state, table=state.table.set(seat, e.with_res(action.get, 1)))


def _place(state: EstateState, seat: Seat, action: EstateAction, events: list) -> EstateState:
    """A worker action (or a Council bonus action without a worker, E-R33)."""
    bonus = state.in_bonus and state.bonus > 0
    if bonus:
        state = attrs.evolve(state, bonus=state.bonus - 1)
    else:
        used = list(state.used_workers)
        used[seat] += 1
        state = attrs.evolve(state, used_workers=tuple(used), placed=True)
    t = state.table
    if isinstance(action, (Produce, Draw)):
        n = action_limit(state, seat, "produce" if isinstance(action, Produce) else "draw", action.ability)
        if action.ability:
            state = _flip(state, seat)
    if isinstance(action, Produce):  # the ability's modifiers hold until the action ends
        mods = len(t.modifiers)
        t = with_ability(t, seat, action.ability)
        events.append(SetupEvent(seat, f"produces (up to {n} card{'s' * (n != 1)})"))
        return attrs.evolve(state, table=attrs.evolve(t, activated=()), doing=Doing(n, 0, mods))
    if isinstance(action, Draw):  # the Pious One's +1 holds for this count only (E-R24)
        events.append(SetupEvent(seat, f"draws {n} card{'s' * (n != 1)}"))
        return attrs.evolve(state, pending=Pending(seat, "draw", str(n)))
    if isinstance(action, Expand):
        events.append(SetupEvent(seat, f"expands with {card(action.card).name}", (action.card,)))
        return attrs.evolve(state, pending=Pending(seat, "expand", action.card))
    return _gather(state, seat, action, events, bonus)


def _flip(state: EstateState, seat: Seat) -> EstateState:
    crests = list(state.crests)
    crests[seat] = True
    return attrs.evolve(state, crests=tuple(crests))


def _gather(state: EstateState, seat: Seat, action: Gather, events: list, bonus: bool) -> EstateState:
    """E-F29: the space's action; an accumulating space's tokens are taken first (they
    are part of the yield, E-R35); a bonus Gather places no worker (E-R33)."""
    sp = _space(action.space)
    t = state.table
    if action.smuggle:
        den = fx.occupied_space_card(t, seat)
        t = attrs.evolve(t, used=(*t.used, den))
    taken = 0
    acc = list(state.accumulated)
    if sp.accumulates:
        i = RESOURCES.index(sp.accumulates)
        taken, acc[i] = acc[i], 0
        t = t.set(seat, t.estates[seat].with_res(sp.accumulates, taken))
    if sp.use == "exclusive" and bonus:  # no worker: the space stays free (E-F59)
        state = attrs.evolve(state, bonus_spaces=(*state.bonus_spaces, action.space))
    elif sp.use == "exclusive":
        state = attrs.evolve(state, occupied=(*state.occupied, (action.space, seat)))
    events.append(SetupEvent(seat, f"gathers at {sp.name}"))
    return attrs.evolve(state, table=t, accumulated=tuple(acc),
                        pending=Pending(seat, action.space, "do", (), "", (sp.accumulates,) * taken,
                                        sp.accumulates))


def _activate(state: EstateState, seat: Seat, copy: str, events: list) -> EstateState:
    """E-R16: one activation; E-R26: resolved as often as Growth and the Druid Lord say."""
    t = state.table
    once = _once(copy)
    t = attrs.evolve(t, activated=(*t.activated, copy), used=(*t.used, copy) if once else t.used)
    times = fx.resolve_times(t, seat, copy)
    part = "production_once" if once else f"production*{times}"
    events.append(SetupEvent(seat, f"activates {card(copy).name}", (copy,)))
    return attrs.evolve(state, table=t, doing=attrs.evolve(state.doing, done=state.doing.done + 1),
                        pending=Pending(seat, copy, part))


def _end_produce(state: EstateState) -> EstateState:
    t = state.table
    t = attrs.evolve(t, activated=(), modifiers=t.modifiers[:state.doing.mods])
    return attrs.evolve(state, table=t, doing=None)


def _use_ability(state: EstateState, seat: Seat, leader: str, events: list) -> EstateState:
    offer = state.offer
    state = attrs.evolve(state, offer=None)
    if not leader:
        return state
    events.append(SetupEvent(seat, f"uses the {CONTENT.leaders[leader].name}'s ability"))
    return attrs.evolve(_flip(state, seat), pending=Pending(seat, leader, "ability", (), offer.this, offer.yielded))


# ---------------------------------------------------------------- moving on

def _advance(state: EstateState, told: list | None = None) -> EstateState:
    """Resolve what can be resolved without a choice, until someone must choose;
    ``told`` gets the events of the Solo Mode cards revealed meanwhile (E-R28)."""
    told = [] if told is None else told
    while state.phase == "turns":
        if state.pending is not None:
            out, p, said = pending.run_told(state.table, state.pending)
            told += said
            if out.question is not None:
                return attrs.evolve(state, pending=p)
            state = _after(attrs.evolve(state, table=out.table, pending=None), p, out)
            continue
        if state.offer is not None:
            return state
        if state.queue:
            nxt, rest = state.queue[0], state.queue[1:]
            state = attrs.evolve(state, queue=rest)
            if nxt.source == "offer":
                leaders = candidates(state, nxt.seat, nxt.part)
                if leaders and nxt.yielded:
                    state = attrs.evolve(state, offer=Offer(nxt.seat, leaders, nxt.this, nxt.yielded))
            else:
                state = attrs.evolve(state, pending=nxt)
            continue
        if state.doing is not None:
            if state.doing.done < state.doing.limit and activatable(state, state.turn):
                return state
            state = _end_produce(state)
            continue
        if state.bonus or not state.placed:
            return state
        if not state.turn_ended and (state.undo or conversions(state, state.turn)
                                     or storage(state, state.turn)):
            return state  # E-R10: conversions and storage moves after the action (E-11)
        if not state.ending:
            state = attrs.evolve(state, ending=True)
            if fx.allowed(state.table, state.turn, "market_refill") and not all(state.table.market):
                state = attrs.evolve(state, pending=Pending(state.turn, "refill", ""))
            continue
        return _next_turn(state)
    return state


def _after(state: EstateState, p: Pending, out: fx.Outcome) -> EstateState:
    """What follows a resolved effect: ability offers after one's own card (E-R24),
    the Gather bonuses after a space (E-R35), Council's bonus actions (E-R33)."""
    seat = p.seat
    if out.bonus:
        state = attrs.evolve(state, bonus=state.bonus + out.bonus, in_bonus=True)
    if p.part.startswith("production") and p.source in state.table.estates[seat].cards:
        leaders = candidates(state, seat, "after_own_card", card(p.source).name)
        if leaders:
            state = attrs.evolve(state, offer=Offer(seat, leaders, p.source))
    if p.part == "do":
        state = _gather_bonuses(state, p, out)
    if p.source == "drought":
        state = _after_drought(state, p)
    return state


def _gather_bonuses(state: EstateState, p: Pending, out: fx.Outcome) -> EstateState:
    """E-R35: the yield is the tokens taken plus the space's own gains. "Drought takes 1
    off the yield first, never below 1": with a yield of 2 or more it waits as a
    ``"drought"`` effect (which yielded type is lost, a ``resource`` question when there is
    a choice), and the bonuses
    look at what is left (:func:`_after_drought`); else they look at the yield now."""
    yielded = (*p.yielded, *out.gained)
    if len(yielded) >= 2 and fx.delta(state.table, p.seat, "gather_yield") < 0:
        return attrs.evolve(state, queue=(*state.queue, Pending(p.seat, "drought", p.source, (), "", yielded)))
    return _queue_bonuses(state, p.seat, p.source, yielded)


def _after_drought(state: EstateState, p: Pending) -> EstateState:
    """The yield the Drought left (one unit of the type it took), then its bonuses."""
    types = tuple(dict.fromkeys(p.yielded))  # all held: just gained, nothing spent since
    lost = types[p.answers[0]] if len(types) > 1 else types[0]
    left = list(p.yielded)
    left.remove(lost)
    return _queue_bonuses(state, p.seat, p.part, tuple(left))


def _queue_bonuses(state: EstateState, seat: Seat, space: str, yielded: tuple[str, ...]) -> EstateState:
    """The cards, the Era Event and the Sorcerer that look at a Gather's yield (E-R35)."""
    types = tuple(dict.fromkeys(yielded))
    sp = _space(space)
    queue = []
    for c in state.table.estates[seat].cards:
        for tr in card(c).effects:
            if tr.on == "passive" and tr.kind == "on_gather" and _holds(tr.when, sp, types):
                queue.append(Pending(seat, c, "on_gather", (), c, types, sp.accumulates))
    for eid, tr, part in era_triggers(state, "era_on_gather"):
        if _holds(tr.when, sp, types):
            queue.append(Pending(seat, eid, part, (), "", types))
    queue.append(Pending(seat, "offer", "after_gather_yield", (), "", types))
    return attrs.evolve(state, queue=(*state.queue, *queue))


def era_triggers(state: EstateState, on: str) -> list:
    """``(event id, trigger, pending part)`` of the current Era Event (solo: of the
    option chosen) with trigger ``on`` (E-F25, E-F47)."""
    if not state.era or not state.events:
        return []
    eid = state.events[state.era - 1]
    if state.solo:
        if len(state.solo_options) < state.era:
            return []
        ev = CONTENT.solo_events[eid]
        trig = ev.a if state.solo_options[state.era - 1] == "a" else ev.b
        part = f"{state.solo_options[state.era - 1]}:{on}"
        return [(eid, tr, part) for tr in trig if tr.on == on]
    return [(eid, tr, on) for tr in CONTENT.events[eid].effects if tr.on == on]


def _holds(when: dict, sp, types: tuple[str, ...]) -> bool:
    if "yield_has" in when:
        return when["yield_has"] in types
    if "yield_min" in when:
        return len(types) >= 1
    return sp.use == "open" if when["space"] == "open" else bool(sp.accumulates)


def _next_turn(state: EstateState) -> EstateState:
    """E-R10: the next seat clockwise with a free worker; none left: the Era ends."""
    state = attrs.evolve(state, ending=False, placed=False, turn_ended=False, undo=(),
                         bonus_spaces=(), in_bonus=False)
    for k in range(1, state.seats + 1):
        seat = (state.turn + k) % state.seats
        if free_workers(state, seat) > 0:
            return attrs.evolve(state, turn=seat)
    return attrs.evolve(state, phase="era_end")
