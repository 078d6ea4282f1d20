"""What each seat may see of an Estate game, and of its events (reference E-R32)."""

from __future__ import annotations

import attrs

from ..core import Seat
from . import effects as fx
from . import eras, setup, turns
from .data import CONTENT, card
from .pending import question
from .turns import action_limit  # the table's Produce limit and Draw count (E-R16, E-R38)
from .state import EstateEvent, EstateState, EstateView, estate_view


def active_seats(state: EstateState) -> frozenset[Seat]:
    if state.phase == "turns":
        return turns.active_seats(state)
    if state.phase in ("era_start", "era_end"):
        return eras.active_seats(state)
    return setup.active_seats(state)


def view(state: EstateState, seat: Seat | None) -> EstateView:
    """What ``seat`` may see (E-R32): its own hand, tucked cards, secrets and draft
    packet (only while it has still to pick from it: once picked it is the packet being
    passed on, and the seat waits for the next, pitfall E-3); face-down Era Events
    hidden; the deck only as a count."""
    shown = tuple(ev if i < state.era and state.phase not in ("leaders", "extra", "draft", "secrets", "era")
                  else "" for i, ev in enumerate(state.events))
    q = question(state)
    d = state.draft
    return EstateView(
        seat=seat, seats=state.seats, options=state.options, phase=state.phase,
        leaders=state.leaders,
        estates=tuple(estate_view(state, seat, s) for s in range(state.seats)) if state.phase != "leaders" else (),
        market=state.table.market, discard=state.table.discard, deck_count=len(state.table.deck),
        era=state.era, era_events=shown, tiles=state.tiles, accumulated=state.accumulated,
        first=state.first,
        packet=d.packets[seat] if d is not None and seat is not None and not d.picked[seat] else (),
        packet_sizes=tuple(len(p) for p in d.packets) if d is not None else (),
        passing_to=(seat + 1) % state.seats if d is not None and seat is not None else None,
        question=q if q is not None and q.seat == seat else None,
        awaiting=tuple(sorted(active_seats(state))),
        turn=state.turn, occupied=state.occupied, crests=state.crests,
        used_workers=state.used_workers, bonus=state.bonus,
        producing=(state.doing.limit, state.doing.done) if state.doing else None,
        activated=state.table.activated,
        offer=state.offer.leaders if state.offer is not None and state.offer.seat == seat else (),
        question_from=state.pending.source if q is not None and q.seat == seat else "",
        used=state.table.used,
        places=state.places,
        limits=worker_limits(state, seat) if state.phase == "turns" and seat is not None else (),
        costs=expand_costs(state, seat) if state.phase == "turns" and seat is not None else ())


WORKER_ABILITIES = {"produce_start": "produce", "draw_action": "draw"}
"""The moments of a Leader ability that change a Produce or Draw action (E-R24)."""


def worker_limits(state: EstateState, seat: Seat) -> tuple[tuple[str, str, int], ...]:
    """``seat``'s Produce limit and Draw count now, plain and with each Leader ability
    that changes them (its own, or with the Spy Master's copy any other's, E-L8):
    ``(kind, ability or "", value)``
    entries (issue 10 item 3: the table shows these, not the bare track value); and
    ``("refill", "", 1 or 0)``: whether the Market's gaps are filled at the end of a
    turn (E-R15; 0 under the Era of Storms)."""
    out = [(kind, "", action_limit(state, seat, kind)) for kind in ("produce", "draw")]
    out.append(("refill", "", int(fx.allowed(state.table, seat, "market_refill"))))
    own = state.leaders[seat]
    copies = bool(own) and CONTENT.leaders[own].ability["when"] == "any_leader_trigger"
    for lid in CONTENT.leaders if copies else (own,) if own else ():
        ability = CONTENT.leaders[lid].ability
        kind = WORKER_ABILITIES.get(ability["when"], "")
        if kind and any(op.get("rule") in ("produce_limit", "draw_count") for op in ability["do"]):
            out.append((kind, lid, action_limit(state, seat, kind, lid)))
    return tuple(out)


def project_event(event: EstateEvent, seat: Seat | None) -> EstateEvent:
    """Private set-up events (picks, answers, secrets) show their cards only to their
    seat (E-R32)."""
    if event.private and event.seat != seat:
        return attrs.evolve(event, cards=())
    return event


def expand_costs(state: EstateState, seat: Seat) -> tuple[tuple[str, tuple[tuple[str, int], ...], int, tuple[str, ...]], ...]:
    """What each card in ``seat``'s hand costs to Expand now (E-R11): ``(card copy, the
    cost with surcharges as (resource, n) pairs, the units discounts let the player
    leave unpaid, the names of what changes it)`` (issue 10 item 4: the preview says how
    a card is paid, and why not)."""
    out = []
    for copy in dict.fromkeys(state.table.estates[seat].hand):
        cost, waive = fx.paid_cost(state.table, seat, copy)
        out.append((copy, tuple((r, n) for r, n in cost.items() if n), waive, cost_changers(state, seat, copy)))
    return tuple(out)


def cost_changers(state: EstateState, seat: Seat, copy: str) -> tuple[str, ...]:
    """The names of what changes ``copy``'s paid cost for ``seat`` now: its own passive
    cards (the Architect), this Era's event (Era of Builders, a surcharge), else a
    Leader ability in force (E-R11, E-V17)."""
    t = state.table
    names = [card(c).name for c in t.estates[seat].cards for tr in card(c).effects
             if tr.on == "passive" and tr.kind == "static" for op in tr.do
             if op["op"] == "modify" and op["rule"] == "paid_play_cost" and fx.matches(copy, op.get("filter", {}))]
    mods = [m for m in t.modifiers if m.seat in (-1, seat) and m.rule == "paid_play_cost"
            and fx.matches(copy, {k: v for k, v in (("type", m.type), ("track", m.track), ("name", m.names),
                                                   ("royal", m.royal)) if v})]
    if mods:
        event = _event_in_force(state)
        triggers = () if event is None else getattr(event, "effects", None) or (*event.a, *event.b)
        by_event = any(op.get("rule") == "paid_play_cost" for tr in triggers for op in tr.do)
        names.append(event.name if by_event else "a Leader ability")
    return tuple(dict.fromkeys(names))


def _event_in_force(state: EstateState):
    """This Era's event (solo: the Solo Era Event), ``None`` before the first Era."""
    if not 0 < state.era <= len(state.events):
        return None
    eid = state.events[state.era - 1]
    return CONTENT.solo_events.get(eid) if state.solo else CONTENT.events.get(eid)
