"""Estate's bots. They see what a human in their seat sees (the view and the legal
actions) and always answer, so a table never stalls (issue 10 "Bots easy and strong").

- :class:`EasyBot` takes a random legal action, converting and stopping only rarely.
- :class:`StrongBot` plans its engine (plan.py): each worker action is valued in VP from
  what its seat sees (a card's printed and At Game End VP, the cube it removes, its
  Production income for the Produce actions left, workers for later Eras, the Era
  Objective and its Family Secret; a Produce's best activations up to the limit; a
  space's yield and bonuses; a Draw while the hand lacks plays) and the best is taken.
  It drafts and keeps by the same worth, converts only to afford a card now, stores
  what it will not spend, always uses its Leader ability, and answers each effect's
  question by what it needs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from . import plan as pl
from .data import CONTENT, RESOURCES, TRACKS, card
from .state import (Activate, Answer, ChooseLeader, ChooseOption, Convert, Draw, EndTurn,
                    EstateView, Expand, Gather, KeepSecret, Pick, Produce, StopProducing, StoreOn,
                    TakeBack, UseAbility)

LEADER_PREFERENCE = ("E-L4", "E-L1", "E-L2", "E-L7", "E-L3", "E-L5", "E-L8", "E-L6")
WAITS = ("stop", "none", False)
EXPAND_TEMPO = 1.0
"""VP an Expand is worth beyond its card's worth: its cube and effects work from now on."""


class EasyBot:
    """Random legal actions; conversions 1 time in 10; never stops an effect early unless
    that is all it may do; never takes back."""

    def choose(self, view: EstateView, legal: Sequence[Any], rng: Any) -> Any:
        legal = [a for a in legal if not isinstance(a, TakeBack)] or list(legal)
        keen = [a for a in legal if not isinstance(a, (Convert, StopProducing))
                and not (isinstance(a, Answer) and a.value in WAITS)]
        if keen and (rng.random() > 0.1 or all(isinstance(a, Convert) for a in legal if a not in keen)):
            return rng.choice(keen)
        return rng.choice(legal)


def _era(view: EstateView) -> int:
    return max(view.era, 1)


def _pick_resource(plan: "pl.Plan", options: tuple, why: str) -> Any:
    me = plan.me
    need = pl.lacking(plan)
    types = [o for o in options if o in RESOURCES or o == "Gold"]
    if not types:
        return options[0]
    held = {r: me.res[i] for i, r in enumerate(RESOURCES)}
    surplus = sorted((r for r in types if r in RESOURCES and held[r] > need.get(r, 0)),
                     key=lambda r: held[r] - need.get(r, 0), reverse=True)
    if why in ("exchange", "trade away"):
        return surplus[0] if surplus else "stop" if "stop" in options else types[0]
    if why in ("discard", "store"):
        return surplus[0] if surplus else types[0]
    return max(types, key=lambda r: (plan.values.get(r, 0.0) + 0.5 * need.get(r, 0), -held.get(r, 0)))


def _best_card(plan: "pl.Plan", options: tuple, why: str) -> Any:
    cards = [o for o in options if isinstance(o, str) and o not in WAITS]
    pairs = [o for o in options if isinstance(o, tuple)]
    worth = (lambda c: pl.card_worth(plan, c, priced=why != "play"))
    if why in ("discard", "give a tucked card"):
        return min(cards, key=worth) if cards else options[-1]
    if pairs:
        return max(pairs, key=lambda p: worth(p[-1]))
    if cards:
        return max(cards, key=worth)
    return options[0]


def answer(view: EstateView, q: Any, plan: "pl.Plan") -> Any:
    """The strong bot's answer to an effect's question, by its plan (plan.py)."""
    opts = q.options
    if q.kind == "resource":
        return _pick_resource(plan, opts, q.why)
    if q.kind == "yes_no":
        return True
    if q.kind == "draw":
        market = [o for o in opts if o != "deck"]
        best = max(market, key=lambda c: pl.card_worth(plan, c), default=None)
        if best is not None and (pl.card_worth(plan, best) >= 2.0 or "deck" not in opts):
            return best
        return "deck"
    if q.kind == "card":
        return _best_card(plan, opts, q.why)
    if q.kind == "target":
        return max(opts, key=lambda s: sum(view.estates[s].res) + view.estates[s].gold)
    if q.kind == "track":
        me = view.estates[view.seat]
        return max(opts, key=lambda t: me.cubes[TRACKS.index(t)])
    return opts[-1] if q.kind == "option" else opts[0]


class StrongBot:
    """The engine-planning bot (module docstring, plan.py)."""

    def choose(self, view: EstateView, legal: Sequence[Any], rng: Any) -> Any:
        legal = list(legal)
        first = legal[0]
        if isinstance(first, ChooseLeader):
            return min(legal, key=lambda a: LEADER_PREFERENCE.index(a.leader))
        if isinstance(first, Pick):
            return self._pick(view, legal)
        if isinstance(first, KeepSecret):
            return self._secret(view, legal)
        if isinstance(first, ChooseOption):
            return self._solo_option(view, legal)
        if isinstance(first, UseAbility):
            return next((a for a in legal if a.leader), first)
        plan = pl.Plan(view)
        if isinstance(first, Answer):
            value = answer(view, view.question, plan)
            if Answer(value) in legal:
                return Answer(value)
            return next((a for a in legal if isinstance(a, Answer)), first)
        if any(isinstance(a, (Activate, StopProducing)) for a in legal):
            return self._activation(view, plan, legal)
        return self._turn(view, plan, legal)

    # -- set-up
    def _pick(self, view: EstateView, legal: list) -> Any:
        plan = pl.Plan(view)
        best = max(dict.fromkeys(a.card for a in legal), key=lambda c: pl.card_worth(plan, c, priced=False)
                   - 0.2 * sum(card(c).cost.values()))
        tucks = [a for a in legal if a.card == best and a.tuck]
        if tucks:
            return min(tucks, key=lambda a: pl.card_worth(plan, a.tuck))
        return Pick(best)

    def _secret(self, view: EstateView, legal: list) -> Any:
        me = view.estates[view.seat]
        pool = (*me.cards, *me.hand)

        def promise(sid: str) -> float:
            s = CONTENT.secrets[sid]
            f = s.measure.get("count")
            if f is None:
                return 0.3
            n = sum(all((k == "type" and card(c).type == v) or (k == "track" and card(c).track == v)
                        or (k == "royal" and card(c).royal) for k, v in f.items()) for c in pool)
            return n / s.steps[0][0]
        return max(legal, key=lambda a: promise(a.secret))

    def _solo_option(self, view: EstateView, legal: list) -> Any:
        """Solo A/B (E-F47): the option whose ops are worth more now; a forbidding or
        limiting rule counted by what it takes away."""
        era = _era(view)
        eid = view.era_events[era - 1] if len(view.era_events) >= era else ""
        if not eid:
            return legal[0]
        ev = CONTENT.solo_events[eid]
        plan = pl.Plan(view)

        def value(triggers) -> float:
            total = 0.0
            for t in triggers:
                for op in t.do:
                    if op["op"] == "modify":
                        total += _rule_value(plan, op)
                    elif op["op"] == "discard":
                        total -= 0.6 * pl._amount(plan, op.get("n", 1))
                    elif op["op"] == "draw":  # cards, but not plays: less than a worker
                        total += 0.4 * pl._amount(plan, op.get("n", 1))
                    else:
                        total += pl.ops_value(plan, [op])
            return total
        return max(legal, key=lambda a: value(ev.a if a.option == "a" else ev.b))

    # -- turns
    def _activation(self, view: EstateView, plan: "pl.Plan", legal: list) -> Any:
        acts = [a for a in legal if isinstance(a, Activate)]
        if acts:
            others = tuple(c for s, e in enumerate(view.estates) if s != view.seat for c in e.cards
                           if card(c).track == "Production" and c not in view.activated)
            best = max(acts, key=lambda a: pl.activation_value(plan, a.card, others))
            if pl.activation_value(plan, best.card, others) > 0 or len(acts) == len(legal) - 1:
                return best
        return StopProducing()

    def _turn(self, view: EstateView, plan: "pl.Plan", legal: list) -> Any:
        stores = [a for a in legal if isinstance(a, StoreOn)]
        if any(isinstance(a, EndTurn) for a in legal):  # after the action (E-R10)
            return stores[0] if stores and self._should_store(plan) else EndTurn()
        conv = self._conversion(view, plan, legal)
        if conv is not None:
            return conv
        if stores and self._should_store(plan):
            return stores[0]
        best, best_value = None, -99.0
        for a in legal:
            v = self._value(view, plan, a)
            if v is not None and v > best_value:
                best, best_value = a, v
        return best if best is not None else legal[0]

    def _value(self, view: EstateView, plan: "pl.Plan", a: Any) -> float | None:
        me = plan.me
        if isinstance(a, Expand):
            return pl.card_worth(plan, a.card) + EXPAND_TEMPO
        if isinstance(a, Produce):
            prod = [c for c in me.cards if card(c).track == "Production"
                    and not (c in view.used and _once(c))]
            limit = plan.track_value("Production") + (1 if a.ability and "produce_limit" in repr(
                CONTENT.leaders[a.ability].ability) else 0)
            bonus = 0.4 if a.ability else 0.0
            return pl.produce_value(plan, prod, max(1, limit)) + bonus
        if isinstance(a, Draw):
            return pl.draw_value(plan, plan.track_value("Noble") + (1 if a.ability else 0)) + (0.2 if a.ability else 0)
        if isinstance(a, Gather):
            return pl.gather_value(plan, a.space, a.smuggle)
        return None

    def _should_store(self, plan: "pl.Plan") -> bool:
        """Storing turns a resource into 1 VP at game end and keeps it for an Expand
        (E-R13, E-F36); it only loses conversions and effect costs."""
        if plan.era >= 4 or plan.expands_left < 3:
            return True
        obj = plan.objective
        return bool(obj) and "stored" in repr(obj)

    def _conversion(self, view: EstateView, plan: "pl.Plan", legal: list) -> Any:
        """Convert only when it makes a good hand card affordable now (E-R12); in the last
        actions of the game, leftovers into whatever a card needs."""
        me = plan.me
        convs = [a for a in legal if isinstance(a, Convert)]
        if not convs or not me.hand:
            return None
        have = plan.have()
        rate = len(convs[0].give)

        def short(copy: str) -> int:
            return sum(max(0, n - have[r]) for r, n in card(copy).cost.items())
        room = [c for c in me.hand if plan.track_cards(card(c).track) < 7]
        if not room or any(short(c) == 0 and pl.card_worth(plan, c) > 0.5 for c in room):
            return None

        def spare(copy: str) -> Counter:
            cost = card(copy).cost
            return Counter({r: me.res[i] - cost.get(r, 0) for i, r in enumerate(RESOURCES)
                            if me.res[i] > cost.get(r, 0)})
        reach = [c for c in room if 0 < short(c) and short(c) * rate <= sum(spare(c).values())]
        target = max(reach, key=lambda c: pl.card_worth(plan, c) - 0.6 * short(c) * (rate - 1),
                     default=None)
        if target is None or pl.card_worth(plan, target) - 0.6 * short(target) * (rate - 1) < 0.5:
            return None
        cost = card(target).cost
        surplus = spare(target)
        give: list[str] = []
        for r, n in sorted(surplus.items(), key=lambda x: (plan.values[x[0]], -x[1])):
            give += [r] * min(n, rate - len(give))
        get = next(r for r, n in cost.items() if n > have[r])
        action = Convert(tuple(sorted(give, key=RESOURCES.index)), get)
        return action if action in convs else None


def _once(copy: str) -> bool:
    return any(t.on == "production_once" for t in card(copy).effects)


def _rule_value(plan: "pl.Plan", op: dict) -> float:
    """What a solo event's rule change is worth for this Era (negative: a hardship)."""
    rule, d = op["rule"], op.get("delta", 0)
    if rule == "conversion_rate":
        return 0.5
    if rule == "paid_play_cost":
        return -0.8 * d * min(4.0, plan.expands_left)
    if rule == "draw_count":
        return 0.6 * d * 2
    if rule == "produce_limit":
        return 1.0 * d * 3
    if rule == "open_spaces":
        gold = isinstance(plan.objective, dict) and plan.objective.get("measure") == "gold"
        return -4.0 if gold else -1.5
    if rule == "leader_abilities":
        return -1.0
    if rule == "gather_yield":
        return 0.5 * d * 3
    return 0.0
