"""The strong bot's plan of its engine, from what its seat sees (reference §9's competent
player): how many actions it has left, what each resource is worth to it now, and the
value, in victory points, of each card it could play and of each worker action.

- **Actions left** (:func:`actions_left`): free workers this Era plus the permanent and
  pending ones for every later Era (E-R17).
- **Resource value** (:func:`resource_values`): a resource is worth what the cards it will
  pay for bring, a little over half a VP while there are Expands ahead; the types the
  planned hand cards still lack more, a surplus type about a third (the 3:1 conversion,
  E-R12); Gold is 1 VP (E-F37), a resource in the last actions of Era 5 almost nothing.
- **Card worth** (:func:`card_worth`): printed VP, At Game End VP, the cube it removes (a
  better action for the rest of the game, 7 VP for a track emptied, E-F44 (8)), its
  Production effect times the Produce actions still to come (while it fits under the
  limit), a worker for every later Era, and the Era Objective and Family Secret it feeds;
  less what its cost is worth.
- **Action values** (:func:`produce_value`, :func:`gather_value`, :func:`draw_value`):
  the best activations up to the Produce limit, a space's yield with the Gather bonuses
  that follow it, the cards a Draw brings while the hand lacks plays.

The objective in play counts most in solo, where missing three loses the game (E-R21).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import CONTENT, RESOURCES, TRACKS, card
from .effects import matches
from .state import EstateInView, EstateView

ACTION_VP = 1.6
"""What one more worker action is worth, in VP (a card's share of the plan)."""
EMPTY_TRACK_VP = 7  # E-F44 (8)
FOCUS, FOCUS_FROM = 0.4, 2
"""How much a card on the fullest track counts toward emptying it, and from how many
cubes off that track the bot starts to aim at it."""


class Plan:
    """One decision's reading of the view: the viewer's Estate, actions left, the
    objective in play and the Family Secret, resource values. Built once per decision."""

    def __init__(self, view: EstateView):
        self.view = view
        self.depth = 0
        self.seat = view.seat
        self.me: EstateInView = view.estates[view.seat]
        self.era = max(view.era, 1)
        self.solo = view.seats == 1
        self.leader = CONTENT.leaders[self.me.leader] if self.me.leader else None
        self.left = actions_left(view)
        self.later = 5 - self.era  # Eras after this one
        self.objective, self.threshold = _objective(view)
        self.secret = CONTENT.secrets[self.me.secrets[0]] if len(self.me.secrets) == 1 else None
        self.ahead = _ahead(view) if self.solo else ()
        self.expands_left = max(0.0, self.left * 0.45)
        self.values = {**{r: 0.6 for r in RESOURCES}, "Gold": 1.0}
        self.values = resource_values(self)

    # -- the Estate as numbers
    def track_cards(self, track: str) -> int:
        return sum(card(c).track == track for c in self.me.cards)

    def track_value(self, track: str, extra: int = 0) -> int:
        if self.leader is None:
            return 1
        cubes = min(7, self.me.cubes[TRACKS.index(track)] + extra)
        return self.leader.tracks[track].value(cubes)

    def have(self) -> Counter:
        """Resources that may pay an Expand: personal supply and stored (E-R13)."""
        out = Counter({r: self.me.res[i] for i, r in enumerate(RESOURCES)})
        out.update(i for _, i in self.me.stored if i != "Gold")
        return out

    def produce_actions_ahead(self) -> float:
        """About a third of the actions left are Produce actions once there is an engine."""
        return self.left * 0.35

    # -- objective and secret
    def objective_weight(self) -> float:
        """VP one unit of the objective's measure is worth now."""
        if self.objective is None:
            return 0.0
        if self.solo:
            have = self.measure(self.objective)
            short = self.threshold - have
            if short <= 0:
                return 0.2
            return 16.0 / max(1, short) if short <= self.left else 1.0
        return 1.2

    def measure(self, expr: Any) -> int:
        return measure(self.me, expr)


def actions_left(view: EstateView) -> int:
    """Worker actions the viewer still has: free now plus permanent and pending workers in
    every later Era (E-R17)."""
    me = view.estates[view.seat]
    used = view.used_workers[view.seat] if view.used_workers else 0
    perm, pend, temp = me.workers
    now = perm + temp - used if view.phase == "turns" else perm
    return max(0, now) + (perm + pend) * (5 - max(view.era, 1))


def _ahead(view: EstateView) -> tuple[tuple[Any, float], ...]:
    """Solo: the objectives later Eras may bring (each Era draws one of its two Solo Era
    Events, E-F47; which one is hidden), each with a weight to prepare for it."""
    era = max(view.era, 1)
    return tuple((ev.objective, 0.6 / (ev.era - era)) for ev in CONTENT.solo_events.values()
                 if ev.era > era)


def _objective(view: EstateView) -> tuple[Any, int]:
    era = max(view.era, 1)
    eid = view.era_events[era - 1] if len(view.era_events) >= era else ""
    if not eid:
        return None, 0
    if eid in CONTENT.solo_events:
        ev = CONTENT.solo_events[eid]
        return ev.objective, ev.threshold
    return CONTENT.events[eid].objective, 0


def measure(e: EstateInView, expr: Any) -> int:
    """An objective's or secret's measure on an Estate as seen (reference §3 measures)."""
    if isinstance(expr, int):
        return expr
    if "count" in expr:
        return sum(matches(c, expr["count"]) for c in e.cards)
    if "add" in expr:
        return sum(measure(e, x) for x in expr["add"])
    name, rtype = expr.get("measure"), expr.get("type")
    stored_res = [i for _, i in e.stored if i != "Gold"]
    if name == "gold":
        return e.gold + sum(i == "Gold" for _, i in e.stored)
    if name == "gold_personal":
        return e.gold
    if name == "res":
        own = e.res[RESOURCES.index(rtype)] if rtype else sum(e.res)
        return own + (sum(i == rtype for i in stored_res) if expr.get("stored") else 0)
    if name == "stored":
        return len(e.stored)
    if name == "stored_res":
        return len(stored_res)
    if name == "tucked":
        return len(e.tucked_under)
    if name == "hand":
        return e.hand_count
    if name == "empty_tracks":
        return sum(n >= 7 for n in e.cubes)
    if name == "min_track_cards":
        return min(sum(card(c).track == t for c in e.cards) for t in TRACKS)
    return 0


def resource_values(plan: Plan) -> dict[str, float]:
    """VP per unit of each resource (and Gold) to the viewer now (module docstring)."""
    base = 0.6 if plan.expands_left >= 2 else 0.35 if plan.expands_left >= 1 else 0.05
    lack = lacking(plan)
    have = plan.have()
    if sum(have.values()) >= demand(plan):  # more than the plays ahead can spend
        base *= 0.35
    out = {}
    for r in RESOURCES:
        v = base * (1.35 if lack.get(r, 0) > 0 else 0.75 if have[r] >= 3 else 0.95)
        out[r] = v
    out["Gold"] = 1.0
    obj = plan.objective
    if isinstance(obj, dict) and obj.get("measure") == "gold":
        out["Gold"] += min(3.0, plan.objective_weight())
    elif isinstance(obj, dict) and obj.get("measure") == "res":
        for r in ((obj["type"],) if obj.get("type") else RESOURCES):
            out[r] += min(1.5, 0.5 * plan.objective_weight())
    return out


def demand(plan: Plan) -> float:
    """Resources the Expands ahead can spend: the best hand cards' costs, and about 3 a
    card for the plays the hand cannot cover yet (cards still to be drawn)."""
    n = int(plan.expands_left + 0.5)
    hand = best_hand(plan)[:n]
    return sum(sum(card(c).cost.values()) for c in hand) + 1.5 * max(0, n - len(hand))


def lacking(plan: Plan) -> Counter:
    """What the hand's best few cards still lack beyond the resources held."""
    have = plan.have()
    want: Counter = Counter()
    for c in best_hand(plan)[:3]:
        want.update(card(c).cost)
    return Counter({r: n - have[r] for r, n in want.items() if n > have[r]})


def best_hand(plan: Plan) -> list[str]:
    """The hand's cards that fit their track, by worth to the viewer, best first."""
    room = [c for c in dict.fromkeys(plan.me.hand) if plan.track_cards(card(c).track) < 7]
    return sorted(room, key=lambda c: -card_worth(plan, c, priced=False))


# ---------------------------------------------------------------- cards

def card_worth(plan: Plan, copy: str, priced: bool = True) -> float:
    """What playing ``copy`` now is worth to the viewer, in VP (module docstring);
    ``priced``: less what its cost is worth."""
    c = card(copy)
    value = float(c.vp) + _game_end(plan, c)
    if plan.track_cards(c.track) >= 7:
        return -5.0
    cubes = plan.me.cubes[TRACKS.index(c.track)]
    if cubes < 7:
        value += _cube_value(plan, c.track)
        if cubes == 6:
            value += EMPTY_TRACK_VP
        elif cubes >= FOCUS_FROM and cubes == max(n for n in plan.me.cubes if n < 7):
            # the fullest track: each card brings its emptying (7 VP) nearer, while the
            # Expands left can still get there
            reach = min(1.0, plan.expands_left / (7 - cubes) / 1.5)
            value += EMPTY_TRACK_VP * FOCUS * (cubes + 1) / 7 * reach
    value += _engine(plan, c)
    if plan.objective is not None:
        value += plan.objective_weight() * _feeds(plan.objective, c)
    if plan.secret is not None:
        value += 0.9 * _feeds(plan.secret.measure, c)
    for expr, weight in plan.ahead:
        value += weight * (_feeds(expr, c) + _hoards(expr, c))
        if isinstance(expr, dict) and expr.get("measure") == "empty_tracks" and cubes < 7:
            value += weight * 2.0 * (cubes >= max(n for n in plan.me.cubes if n < 7))
    if priced:
        value -= sum(plan.values.get(r, 0.6) * n for r, n in c.cost.items()) * 0.5
    return value


def _feeds(expr: Any, c) -> int:
    if isinstance(expr, dict) and "count" in expr:
        f = expr["count"]
        return int((f.get("type") in (None, c.type)) and (f.get("track") in (None, c.track))
                   and (not f.get("royal") or c.royal) and ("name" not in f or c.name in f["name"]))
    return 0


def _hoards(expr: Any, c) -> float:
    """A card that stores or tucks, for an objective measuring stored or tucked items."""
    if "stored" not in repr(expr) and "tucked" not in repr(expr):
        return 0.0
    text = repr([t.do for t in c.effects])
    return 1.5 if ("'store'" in text or "'tuck'" in text or "'store': True" in text) else 0.0


def _game_end(plan: Plan, c) -> float:
    ops = [op for t in c.effects if t.on == "game_end" for op in t.do]
    if not ops:
        return 0.0
    return max(1.0, min(5.0, 1.0 + 0.4 * len(plan.me.cards)))


def _cube_value(plan: Plan, track: str) -> float:
    """A track's next step: one more activation per Produce, card per Draw, or a higher
    tile level, for the rest of the game."""
    gain = plan.track_value(track, 1) - plan.track_value(track)
    if gain <= 0:
        return 0.3
    if track == "Production":
        spare = plan.track_cards("Production") + 1 - plan.track_value(track)
        return gain * (0.45 if spare > 0 else 0.15) * plan.produce_actions_ahead()
    if track == "Noble":
        return gain * 0.5 * min(3.0, plan.left * 0.12)
    return gain * min(2.5, 0.2 * plan.left)


def _engine(plan: Plan, c) -> float:
    """Production income for the Produce actions ahead, workers for later Eras, and a few
    When Played effects."""
    value = 0.0
    prod = [op for t in c.effects if t.on in ("production", "production_once") for op in t.do]
    if prod:
        per = ops_value(plan, prod, c.name)
        once = any(t.on == "production_once" for t in c.effects)
        fits = plan.track_cards("Production") < plan.track_value("Production", 1) + 1
        uses = (plan.later + 0.5) if once else plan.produce_actions_ahead() * (1.0 if fits else 0.5)
        value += per * uses * 0.85
    for t in c.effects:
        if t.on == "when_played":
            value += ops_value(plan, t.do, c.name)
        if t.on in ("era_end", "era_start"):
            value += ops_value(plan, t.do, c.name) * plan.later
        if t.on == "passive":
            value += _passive(plan, t)
    return value


def _passive(plan: Plan, t) -> float:
    rules = [op.get("rule") for op in t.do if op["op"] == "modify"]
    if "conversion_rate" in rules:
        return 0.1 * plan.left
    if "paid_play_cost" in rules:
        return 0.45 * plan.expands_left
    if "draw_count" in rules:
        return 0.3 * plan.left * 0.12
    if t.kind == "own_turn":
        return min(4.0, 0.3 * plan.left)
    if t.kind == "on_gather":
        return 0.25 * plan.left * 0.3
    return 0.5


def ops_value(plan: Plan, ops: list, name: str = "") -> float:
    """What resolving ``ops`` once is worth to the viewer now, in VP (an estimate)."""
    total = 0.0
    v = plan.values
    for op in ops:
        kind = op["op"]
        if kind in ("gain", "gather_bonus"):
            for k, expr in op["spec"].items():
                n = _amount(plan, expr)
                total += n * (v["Gold"] if k == "Gold" else max(v[r] for r in RESOURCES)
                              if k in ("any", "yielded_type", "that_type") else v.get(k, 0.5))
                if op.get("store"):
                    total += n * 0.5
        elif kind == "pay":
            if all(plan.me.res[RESOURCES.index(r)] >= n for r, n in op["spec"].items() if r in RESOURCES):
                cost = sum(v.get(r, 1.0) * n for r, n in op["spec"].items())
                total += max(0.0, ops_value(plan, op["then"], name) - cost)
        elif kind == "exchange_up_to":
            kinds = RESOURCES if op["kind"] == "any" else (op["kind"],)
            spare = sum(plan.me.res[RESOURCES.index(r)] for r in kinds)
            n = min(_amount(plan, op["max"]), spare)
            total += n * max(0.0, ops_value(plan, op["per_unit"], name) - min(v[r] for r in kinds))
        elif kind == "gain_worker":
            now = op["kind"] == "temporary"
            total += ACTION_VP * (1 if now else plan.later)
        elif kind in ("draw", "keep", "take_discard"):
            total += _amount(plan, op.get("n", 1)) * draw_card_value(plan)
        elif kind == "play":
            total += _play_value(plan, op, name)
        elif kind in ("reveal",):
            total += 0.3
        elif kind == "remove_cube":
            total += 1.2
        elif kind == "tuck":
            total += 1.0
        elif kind == "store":
            total += 0.6 * _amount(plan, next(iter(op["spec"].values())))
        elif kind == "take":
            total += 0.8 * _amount(plan, op.get("n", 1)) if plan.view.seats > 1 else 0.0
        elif kind == "copy_production":
            total += 1.3
        elif kind == "choose_one":
            total += max(ops_value(plan, o, name) for o in op["options"])
        elif kind == "if":
            total += 0.6 * ops_value(plan, op["then"], name)
        elif kind == "extra_actions":
            total += 2 * ACTION_VP
        elif kind == "trade_1to1":
            total += 0.3
        elif kind == "vp":
            total += 1.0
    return total


def _play_value(plan: Plan, op: dict, name: str = "") -> float:
    """A play op: from the revealed cards about a card's worth; from under a card (the
    card called ``name``, e.g. the Dungeon's option (b), E-C11) only with a tucked card
    there it may play now; from hand the best such card (E-R11)."""
    if op["source"] == "revealed":
        return 1.5
    if op["source"] == "tucked":
        under = [t for u, t in plan.me.tucked if not name or card(u).name == name]
        return 1.8 if _playable(plan, op, under) else 0.0
    if plan.depth > 1:
        return 1.0
    pool = _playable(plan, op, plan.me.hand)
    plan.depth += 1
    try:
        return max([0.8 * card_worth(plan, c, priced=False) for c in pool], default=0.0)
    finally:
        plan.depth -= 1


def _playable(plan: Plan, op: dict, cards: Any) -> list[str]:
    """The ``cards`` a play op may play now: matching its filter, with room on their track
    (E-R9) and, for a paid play, their printed cost in personal supply and stored
    resources (E-R11)."""
    have = plan.have()
    return [c for c in cards if matches(c, op.get("filter", {}))
            and plan.track_cards(card(c).track) < 7
            and (op.get("cost") != "paid" or all(have[r] >= n for r, n in card(c).cost.items()))]


def _amount(plan: Plan, expr: Any) -> float:
    if isinstance(expr, int):
        return float(expr)
    if "count" in expr:
        scope = plan.view.estates if expr.get("scope") == "all" else (plan.me,)
        return float(sum(matches(c, expr["count"]) for e in scope for c in e.cards))
    if "threshold" in expr:
        x = _amount(plan, expr["threshold"])
        return float(max([a for t, a in expr["table"] if x >= t], default=0))
    if "measure" in expr:
        return float(measure(plan.me, expr))
    (key, args), = expr.items()
    vals = [_amount(plan, a) for a in args]
    if key == "min":
        return min(vals)
    if key == "max":
        return max(vals)
    if key == "sub":
        return vals[0] - vals[1]
    if key == "mul":
        out = 1.0
        for x in vals:
            out *= x
        return out
    return sum(vals)


def draw_card_value(plan: Plan) -> float:
    """A card drawn: worth most while the hand holds fewer good plays than Expands left."""
    good = sum(1 for c in plan.me.hand if plan.track_cards(card(c).track) < 7)
    if plan.expands_left < 1:
        return 0.05
    obj = plan.objective
    if plan.solo and isinstance(obj, dict) and "count" in obj and obj["count"]:
        short = plan.threshold - plan.measure(obj)
        held = sum(matches(c, obj["count"]) for c in plan.me.hand)
        if 0 < short <= plan.left and held < short:
            return 1.5
    return (2.2 if good == 0 else 1.4 if good == 1 else 0.9 if good == 2
            else 0.5 if good < plan.expands_left / 2 else 0.1)


# ---------------------------------------------------------------- worker actions

def activation_value(plan: Plan, copy: str, others: tuple[str, ...] = ()) -> float:
    """One activation of Production card ``copy`` now."""
    c = card(copy)
    ops = [op for t in c.effects if t.on in ("production", "production_once") for op in t.do]
    value = ops_value(plan, ops, c.name)
    if any(op["op"] == "copy_production" for op in ops) and others:
        value = max(value, max(activation_value(plan, o) for o in others if card(o).name != "Merchant")
                    if any(card(o).name != "Merchant" for o in others) else 0.0)
    return value


def produce_value(plan: Plan, activatable: list[str], limit: int) -> float:
    """The best ``limit`` activations among ``activatable``."""
    others = tuple(c for s, e in enumerate(plan.view.estates) if s != plan.seat for c in e.cards
                   if card(c).track == "Production")
    values = sorted((activation_value(plan, c, others) for c in activatable), reverse=True)
    return sum(values[:limit])


def gather_value(plan: Plan, space: str, smuggle: bool = False) -> float:
    """A Gather on ``space``: its tokens and gains, the cards and bonuses that follow."""
    sp = CONTENT.spaces.get(space) or CONTENT.tiles[space]
    value = ops_value(plan, list(sp.do))
    yielded: set[str] = set()
    if sp.accumulates:
        n = plan.view.accumulated[RESOURCES.index(sp.accumulates)]
        value += n * plan.values[sp.accumulates]
        yielded.add(sp.accumulates)
    for op in sp.do:
        if op["op"] == "gain":
            yielded |= {k for k in op["spec"] if k in RESOURCES or k == "any"}
        if op["op"] == "play":
            value += max([card_worth(plan, c) for c in plan.me.hand], default=-1.8) - 1.8 + 0.5
    for c in plan.me.cards:
        for t in card(c).effects:
            if t.on == "passive" and t.kind == "on_gather":
                when = t.when
                hit = ((when.get("yield_has") in yielded or "any" in yielded) if "yield_has" in when
                       else bool(yielded) if "yield_min" in when
                       else sp.use == "open" if when.get("space") == "open" else bool(sp.accumulates))
                if hit:
                    value += 0.6
    return value - (0.2 if smuggle else 0.0)


def draw_value(plan: Plan, n: int) -> float:
    return n * draw_card_value(plan)
