"""Estate's bots. They see what a human in their seat sees (the view and the legal
actions) and always answer, so a table never stalls (issue 10 "Bots easy and strong").

- :class:`EasyBot` takes a random legal action, converting and stopping only rarely.
- :class:`StrongBot` plans its engine one step ahead: it drafts and plays the cards worth
  most to it (printed VP, Production early, tracks close to empty, its Family Secret),
  gathers the resources its hand lacks, produces when it has Production cards, draws when
  its hand runs low, converts only to afford a card, always uses its Leader ability, and
  answers each effect's question by what it needs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from .data import CONTENT, RESOURCES, TRACKS, card
from .state import (Activate, Answer, ChooseLeader, ChooseOption, Convert, Draw, EstateView,
                    Expand, Gather, KeepSecret, Pick, Produce, StopProducing, StoreOn, UseAbility)

LEADER_PREFERENCE = ("E-L4", "E-L1", "E-L2", "E-L7", "E-L3", "E-L5", "E-L8", "E-L6")
WAITS = ("stop", "none", False)


class EasyBot:
    """Random legal actions; conversions 1 time in 10; never stops an effect early unless
    that is all it may do."""

    def choose(self, view: EstateView, legal: Sequence[Any], rng: Any) -> Any:
        legal = list(legal)
        keen = [a for a in legal if not isinstance(a, (Convert, StopProducing))
                and not (isinstance(a, Answer) and a.value in WAITS)]
        if keen and (rng.random() > 0.1 or all(isinstance(a, Convert) for a in legal if a not in keen)):
            return rng.choice(keen)
        return rng.choice(legal)


def _era(view: EstateView) -> int:
    return max(view.era, 1)


def worth(view: EstateView, copy: str) -> float:
    """What card ``copy`` is worth to the viewer now, in VP: printed VP, Production cards
    more early on, a cube off a track (a better action and maybe 7 VP for an empty track),
    the Family Secret it feeds; less its cost."""
    c = card(copy)
    me = view.estates[view.seat]
    era = _era(view)
    value = float(c.vp)
    if c.track == "Production":
        value += max(0.0, 2.5 - 0.5 * era)
    cubes = me.cubes[TRACKS.index(c.track)]
    if cubes < 7:
        value += 0.6 + (2.0 if cubes >= 5 else 0.0)
    if any(t.on == "game_end" for t in c.effects):
        value += 1.5
    if any(t.on in ("era_end", "era_start") for t in c.effects):
        value += max(0.0, 1.5 - 0.3 * era)
    measures = [(CONTENT.secrets[sid].measure, 1.0) for sid in me.secrets]
    shown = view.era_events[era - 1] if len(view.era_events) >= era else ""
    if shown:  # the Era Objective in play (solo: its threshold is the game)
        event = CONTENT.solo_events.get(shown) or CONTENT.events[shown]
        measures.append((event.objective, 2.5 if view.seats == 1 else 1.0))
    for measure, bonus in measures:
        f = measure.get("count") if isinstance(measure, dict) else None
        if f is not None and all(
                (k == "type" and v == c.type) or (k == "track" and v == c.track) or (k == "royal" and c.royal)
                for k, v in f.items()):
            value += bonus
    return value - 0.25 * sum(c.cost.values())


def needs(view: EstateView) -> Counter:
    """Resources the viewer's hand still lacks for its cards, most valuable cards first."""
    me = view.estates[view.seat]
    have = Counter({r: me.res[i] for i, r in enumerate(RESOURCES)})
    have.update(i for _, i in me.stored if i != "Gold")
    need: Counter = Counter()
    for copy in sorted(me.hand, key=lambda x: -worth(view, x))[:3]:
        need.update(card(copy).cost)
    return Counter({r: n - have[r] for r, n in need.items() if n > have[r]})


def _pick_resource(view: EstateView, options: tuple, why: str) -> Any:
    me = view.estates[view.seat]
    need = needs(view)
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
    if "Gold" in types and not need:
        return "Gold"
    return max(types, key=lambda r: (need.get(r, 0), -held.get(r, 0)))


def _best_card(view: EstateView, options: tuple, why: str) -> Any:
    cards = [o for o in options if isinstance(o, str) and o not in WAITS]
    pairs = [o for o in options if isinstance(o, tuple)]
    if why in ("discard", "give a tucked card"):
        return min(cards, key=lambda c: worth(view, c)) if cards else options[-1]
    if pairs:
        return max(pairs, key=lambda p: worth(view, p[-1]))
    if cards:
        return max(cards, key=lambda c: worth(view, c))
    return options[0]


def answer(view: EstateView, q: Any) -> Any:
    """The strong bot's answer to an effect's question."""
    opts = q.options
    if q.kind == "resource":
        return _pick_resource(view, opts, q.why)
    if q.kind == "yes_no":
        return True
    if q.kind == "draw":
        market = [o for o in opts if o != "deck"]
        best = max(market, key=lambda c: worth(view, c), default=None)
        if best is not None and (worth(view, best) >= 2.0 or "deck" not in opts):
            return best
        return "deck"
    if q.kind == "card":
        return _best_card(view, opts, q.why)
    if q.kind == "target":
        return max(opts, key=lambda s: sum(view.estates[s].res) + view.estates[s].gold)
    if q.kind == "track":
        me = view.estates[view.seat]
        return max(opts, key=lambda t: me.cubes[TRACKS.index(t)])
    return opts[-1] if q.kind == "option" else opts[0]


class StrongBot:
    """The engine-planning bot (module docstring)."""

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
            return ChooseOption("b" if _era(view) in (2, 3) else "a")
        if isinstance(first, UseAbility):
            return next((a for a in legal if a.leader), first)
        if isinstance(first, Answer):
            value = answer(view, view.question)
            return Answer(value) if Answer(value) in legal else first
        if isinstance(first, Activate) or isinstance(first, StopProducing):
            acts = [a for a in legal if isinstance(a, Activate)]
            return max(acts, key=lambda a: self._activation(view, a.card)) if acts else StopProducing()
        return self._turn(view, legal)

    def _pick(self, view: EstateView, legal: list) -> Any:
        best = max({a.card for a in legal}, key=lambda c: worth(view, c))
        tucks = [a for a in legal if a.card == best and a.tuck]
        if tucks:
            return min(tucks, key=lambda a: worth(view, a.tuck))
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

    def _activation(self, view: EstateView, copy: str) -> float:
        c = card(copy)
        text = repr([t.do for t in c.effects])
        return 2.0 if "'gain'" in text and "'pay'" not in text else 1.0 if "copy" in text else 0.5

    def _turn(self, view: EstateView, legal: list) -> Any:
        me = view.estates[view.seat]
        expands = [a for a in legal if isinstance(a, Expand)]
        if expands:
            return max(expands, key=lambda a: worth(view, a.card))
        conv = self._conversion(view, legal)
        if conv is not None:
            return conv
        stores = [a for a in legal if isinstance(a, StoreOn)]
        if stores and _era(view) >= 4:
            return stores[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        if not me.hand or (len(me.hand) < 2 and _era(view) < 5):
            return max(draws, key=lambda a: bool(a.ability))
        need = needs(view)
        gathers = [a for a in legal if isinstance(a, Gather)]
        best_gather = max(gathers, key=lambda a: self._space_value(view, a), default=None)
        prod = [c for c in me.cards if card(c).track == "Production"]
        produces = [a for a in legal if isinstance(a, Produce)]
        made = {r for c in prod for t in card(c).effects if t.on.startswith("production")
                for op in t.do if op["op"] == "gain" for r in op["spec"]}
        if len(prod) >= 2 and (made & set(need) or not best_gather):
            return max(produces, key=lambda a: bool(a.ability))
        if best_gather is not None and self._space_value(view, best_gather) >= 2:
            return best_gather
        if len(prod) >= 2:
            return max(produces, key=lambda a: bool(a.ability))
        return max(draws, key=lambda a: bool(a.ability))

    def _conversion(self, view: EstateView, legal: list) -> Any:
        """Convert surplus into what the nearest affordable hand card lacks."""
        me = view.estates[view.seat]
        convs = [a for a in legal if isinstance(a, Convert)]
        if not convs or not me.hand:
            return None
        have = Counter({r: me.res[i] for i, r in enumerate(RESOURCES)})
        have.update(i for _, i in me.stored if i != "Gold")

        def short(copy: str) -> int:
            return sum(max(0, n - have[r]) for r, n in card(copy).cost.items())
        target = min(me.hand, key=lambda c: (short(c), -worth(view, c)))
        cost = card(target).cost
        surplus = Counter({r: me.res[i] - cost.get(r, 0) for i, r in enumerate(RESOURCES)
                           if me.res[i] > cost.get(r, 0)})
        rate = len(convs[0].give)
        if short(target) == 0 or short(target) * rate > sum(surplus.values()):
            return None
        give: list[str] = []
        for r, n in surplus.most_common():
            give += [r] * min(n, rate - len(give))
        get = next(r for r, n in cost.items() if n > have[r])
        action = Convert(tuple(sorted(give, key=RESOURCES.index)), get)
        return action if action in convs else None

    def _space_value(self, view: EstateView, g: Gather) -> float:
        sp = CONTENT.spaces.get(g.space) or CONTENT.tiles[g.space]
        need = needs(view)
        value = 0.0
        if sp.accumulates:
            i = RESOURCES.index(sp.accumulates)
            value += view.accumulated[i] + 1 + 0.5 * need.get(sp.accumulates, 0)
        for op in sp.do:
            spec = op.get("spec", {}) if op["op"] == "gain" else {}
            for k, n in spec.items():
                value += n * (0.8 if k == "Gold" else 1.2 if k == "any" else 1.0 + 0.5 * (need.get(k, 0) > 0))
            if op["op"] == "extra_actions":
                value += 4.0
            if op["op"] in ("draw", "play", "copy_production", "gain_worker"):
                value += 2.0 if op["op"] != "gain_worker" or _era(view) <= 3 else 0.5
        return value - (0.5 if g.smuggle else 0.0)
