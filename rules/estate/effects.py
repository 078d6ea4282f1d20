"""The one interpreter of Estate's effect vocabulary E-V1-E-V25 (reference estate.md §3).

Every card, Leader ability, Era Event, solo event and Gather space is data (data.py);
this module resolves its ops against a :class:`~rules.estate.table.Table`.

**Choices.** Resolution is a pure function of the table, the ops and the *answers* given
so far: :func:`resolve` runs the ops from the start, consuming ``answers`` in order for
every choice it meets. When it needs one more, it returns the unchanged table and a
:class:`Question` (who chooses, what kind of choice, the allowed answers). The game keeps
the answers and resolves again with one more. A choice with a single allowed answer is
taken without asking. An answer not among the options raises ``RuleViolation`` and
changes nothing.

Rules kept here, once: paying from personal supply only for effect costs (E-R13), paid
plays also from stored resources (E-R11), the track limit and cube removal (E-R8, E-R9),
deck exhaustion (E-R6), Solo Mode cards revealed in solo (E-R28), copying (E-R25), City
Watch's protection (E-V19, E-R27), a card leaving an Estate (E-R31), worker limits (E-R17),
threshold tables (E-R37) and the rule modifiers in force (E-V17, E-R12, E-R38).
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core import RuleViolation
from .data import CONTENT, RESOURCES, TRACKS, Card, card
from .table import MAX_WORKERS, TRACK_LIMIT, Estate, Modifier, Table

STOP, DECK, NONE = "stop", "deck", "none"


@attrs.frozen
class Question:
    """A choice the resolution waits for: ``seat`` chooses one of ``options``;
    ``kind`` says what they are (``resource``, ``yes_no``, ``option`` (an index),
    ``target`` (a seat), ``card``, ``track``, ``draw``, ``stored`` (``(card, item)``
    pairs), ``tucked`` (``(seat, under, card)``), ``leader``); ``shown`` are cards revealed
    to ``seat`` only for this choice (E-R32); ``by`` the Solo Mode card (a copy) whose
    effect asks, revealed in the middle of another effect (E-R28: a Market refill, a
    draw), ``""`` otherwise; ``chosen`` what the same "up to" choice took so far in this
    effect (an Era Event's discards, an exchange's payments)."""

    seat: int
    kind: str
    options: tuple = attrs.field(converter=lambda v: tupled(v))
    why: str
    shown: tuple[str, ...] = ()
    by: str = ""
    chosen: tuple = attrs.field(default=(), converter=lambda v: tupled(v))


def tupled(value: Any) -> Any:
    """``value`` with every list made a tuple, all the way down: an answer or a
    question's options read back from JSON (lists) equal the ones the rules made."""
    if isinstance(value, (list, tuple)):
        return tuple(tupled(v) for v in value)
    return value


@attrs.frozen
class Ctx:
    """Who resolves and on what: ``seat`` is the active player; ``this`` the card the
    effect is on (``""`` for events and spaces); ``yielded`` the resource types a Gather
    yielded and ``that_type`` an accumulating space's type (E-R35); ``rival_leaders``
    the Leader ids the Spy Master may copy now (E-R24); ``gather`` marks a Gather space's
    own ops, whose resource gains are its yield (E-R35)."""

    seat: int
    this: str = ""
    yielded: tuple[str, ...] = ()
    that_type: str = ""
    rival_leaders: tuple[str, ...] = ()
    gather: bool = False


@attrs.frozen
class Change:
    """What one effect did to one seat's Estate, for the log (E-R28, E-R32; issue 10):
    ``source`` the card copy, Leader, space or event whose effect it was; ``supply``
    each resource and Gold of personal supply that changed, as ``(item, signed
    count)``; ``unstored`` and ``stored`` the ``(card, item)`` tokens taken off and put
    on cards; ``copied`` the Production cards it activated (Merchant, E-R25); ``cards``,
    ``vp``, ``workers`` and ``tucked`` the change of hand size, At Game End VP, workers
    (all kinds) and tucked cards; ``entered`` and ``left`` the cards that came into and
    left the Estate (E-R31); ``took`` what the seat took from others (E-V14), as
    ``(giver seat, item)`` with item a resource, ``"Gold"``, ``"card"`` (a hand card) or
    a ``(card, item)`` pair stored on the giver's card. A Solo Mode card revealed in solo
    (E-R28) is told with the change it made to the player."""

    source: str
    supply: tuple[tuple[str, int], ...] = ()
    unstored: tuple[tuple[str, str], ...] = ()
    stored: tuple[tuple[str, str], ...] = ()
    copied: tuple[str, ...] = ()
    cards: int = 0
    vp: int = 0
    workers: int = 0
    tucked: int = 0
    entered: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    took: tuple[tuple[int, Any], ...] = ()

    @classmethod
    def between(cls, source: str, before: Table, after: Table, seat: int) -> "Change":
        """What ``source``'s effect changed for ``seat`` from ``before`` to ``after``."""
        b, a = before.estates[seat], after.estates[seat]
        supply = tuple((r, a.amount(r) - b.amount(r)) for r in RESOURCES if a.amount(r) != b.amount(r))
        supply += (("Gold", a.gold - b.gold),) if a.gold != b.gold else ()
        unstored, stored = _less(b.stored, a.stored), _less(a.stored, b.stored)
        copied = tuple(c for c in after.activated if c not in before.activated)
        workers = (a.permanent + a.pending + a.temporary) - (b.permanent + b.pending + b.temporary)
        return cls(source, supply, unstored, stored, copied, len(a.hand) - len(b.hand),
                   a.end_vp - b.end_vp, workers, len(a.tucked) - len(b.tucked),
                   _less(a.cards, b.cards), _less(b.cards, a.cards))

    def minus(self, inner: "Change") -> "Change":
        """This change without ``inner``'s: a Solo Mode card revealed within this
        effect (a draw in it) is told on its own, and not again here; an answer the log
        told already (rules.estate.words) is not told twice."""
        counts = dict(self.supply)
        for item, n in inner.supply:
            counts[item] = counts.get(item, 0) - n
        supply = tuple((i, counts[i]) for i in (*RESOURCES, "Gold") if counts.get(i))
        return Change(self.source, supply, _less(self.unstored, inner.unstored),
                      _less(self.stored, inner.stored), _less(self.copied, inner.copied),
                      self.cards - inner.cards, self.vp - inner.vp, self.workers - inner.workers,
                      self.tucked - inner.tucked, _less(self.entered, inner.entered),
                      _less(self.left, inner.left), self.took)

    def __bool__(self) -> bool:
        return bool(self.supply or self.unstored or self.stored or self.copied or self.cards or self.vp
                    or self.workers or self.tucked or self.entered or self.left or self.took)


def _less(items: tuple, gone: tuple) -> tuple:
    """``items`` without one of each of ``gone`` (a multiset difference, order kept)."""
    left = list(items)
    for x in gone:
        if x in left:
            left.remove(x)
    return tuple(left)


@attrs.frozen
class Outcome:
    """``table`` after the ops (unchanged if ``question`` is set); ``bonus`` worker-free
    actions granted (E-V21); ``occupied`` whether a Smugglers Den was used (E-V20);
    ``gained`` the resources a Gather space's own gains gave (its yield, E-R35); ``asked``
    the questions the given answers answered, in order (a conversion in the middle of an
    effect must leave them as they were, E-R10); ``solo`` the Solo Mode cards revealed
    whose solo effects are done, in order (E-R28; also when a question waits: the ones
    before it, which the same ops with more answers reveal again first); ``took`` each
    unit taken from another seat (E-V14), as ``(taker, giver, item, stored pair, card
    it went onto)`` (``""``/``None`` where it went to or came from personal supply, or
    ``"card"`` for a hand card)."""

    table: Table
    question: Question | None = None
    bonus: int = 0
    occupied: bool = False
    gained: tuple[str, ...] = ()
    asked: tuple[Question, ...] = ()
    solo: tuple[Change, ...] = ()
    took: tuple[tuple, ...] = ()


class _Need(Exception):
    def __init__(self, question: Question):
        self.question = question


def resolve(table: Table, ctx: Ctx, ops: Any, answers: tuple = (), by_index: bool = False) -> Outcome:
    """Resolve ``ops`` (a list of vocabulary ops) for ``ctx`` with ``answers`` (the
    chosen options, or with ``by_index`` their positions among the options). Raises
    ``RuleViolation`` for an answer not allowed, or for answers left over."""
    run = _Run(table, answers, by_index)
    try:
        run.ops(ops, ctx, effect=True)
    except _Need as need:
        return Outcome(table, need.question, asked=tuple(run.asked), solo=tuple(run.solo))
    if run.i != len(run.answers):
        raise RuleViolation("extra-answer", "more answers than the effect asks for")
    return Outcome(run.t, None, run.bonus, run.occupied, tuple(run.gained), tuple(run.asked), tuple(run.solo),
                   tuple(run.took))


def triggers(copy: str, on: str) -> list:
    """The ops of card ``copy``'s effects with trigger ``on``, in printed order."""
    return [op for t in card(copy).effects if t.on == on for op in t.do]


# ---------------------------------------------------------------- filters and measures

def matches(copy: str, filt: dict) -> bool:
    """Whether card ``copy`` passes a card filter (reference §3, E-R36)."""
    c = card(copy)
    return ((filt.get("type") in (None, c.type)) and (filt.get("track") in (None, c.track))
            and ("name" not in filt or c.name in filt["name"])
            and (not filt.get("royal") or c.royal))


def evaluate(table: Table, seat: int, expr: Any) -> int:
    """The value of an expression for ``seat`` (reference §3 "Filters and expressions")."""
    if isinstance(expr, int):
        return expr
    e = table.estates[seat]
    if "count" in expr:
        estates = table.estates if expr.get("scope") == "all" else (e,)
        return sum(matches(c, expr["count"]) for es in estates for c in es.cards)
    if "measure" in expr:
        return _measure(e, expr)
    if "threshold" in expr:  # E-V25, E-R37
        x = evaluate(table, seat, expr["threshold"])
        return max([a for t, a in expr["table"] if x >= t], default=0)
    (key, args), = expr.items()
    values = [evaluate(table, seat, a) for a in args]
    if key == "sub":
        return values[0] - values[1]
    if key == "mul":
        out = 1
        for v in values:
            out *= v
        return out
    return {"min": min, "max": max, "add": sum}[key](values)


def _measure(e: Estate, expr: dict) -> int:
    name, rtype = expr["measure"], expr.get("type")
    stored_res = [i for _, i in e.stored if i != "Gold"]
    if name == "gold":
        return e.gold + sum(i == "Gold" for _, i in e.stored)
    if name == "gold_personal":
        return e.gold
    if name == "res":
        own = e.amount(rtype) if rtype else sum(e.res)
        return own + (sum(i == rtype for i in stored_res) if expr.get("stored") else 0)
    if name == "stored":
        return len(e.stored)
    if name == "stored_res":
        return len(stored_res)
    if name == "tucked":
        return len(e.tucked)
    if name == "hand":
        return len(e.hand)
    if name == "empty_tracks":
        return sum(n >= TRACK_LIMIT for n in e.cubes)
    return min(len(e.on_track(t)) for t in TRACKS)  # min_track_cards


def holds(table: Table, seat: int, cond: dict) -> bool:
    """An ``if`` condition (E-V23)."""
    left, right = evaluate(table, seat, cond["left"]), evaluate(table, seat, cond["right"])
    return {"<": left < right, "<=": left <= right, "==": left == right,
            ">=": left >= right, ">": left > right}[cond["cmp"]]


# ---------------------------------------------------------------- static rules (E-V17, E-V19, E-V20)

def _statics(table: Table, seat: int, rule: str) -> list[dict]:
    """Every ``modify`` op for ``rule`` in force for ``seat``: passive(static) cards in
    the Estate and the modifiers the table holds (events, abilities)."""
    out = [op for c in table.estates[seat].cards for t in card(c).effects
           if t.on == "passive" and t.kind == "static" for op in t.do
           if op["op"] == "modify" and op["rule"] == rule]
    out += [m.op() for m in table.modifiers if m.seat in (-1, seat) and m.rule == rule]
    return out


def add_modifier(table: Table, seat: int, op: dict) -> Table:
    """Put a ``modify`` op in force for ``seat`` (-1: everyone) until the game clears it."""
    filt = op.get("filter", {})
    mod = Modifier(seat, op["rule"], op.get("delta", 0), op.get("value", -1), filt.get("type", ""),
                   filt.get("track", ""), tuple(filt.get("name", ())), bool(filt.get("royal")),
                   tuple(op.get("surcharge", {}).items()))
    return attrs.evolve(table, modifiers=(*table.modifiers, mod))


def delta(table: Table, seat: int, rule: str) -> int:
    """The summed ``delta`` of ``rule`` (draw_count, produce_limit, gather_yield)."""
    return sum(op.get("delta", 0) for op in _statics(table, seat, rule))


def draw_count(table: Table, seat: int, base: int) -> int:
    """A Draw action's count: Noble value + modifiers, never below 1 (E-R38)."""
    return max(1, base + delta(table, seat, "draw_count"))


def produce_limit(table: Table, seat: int, base: int) -> int:
    """A Produce action's limit L: Production value + modifiers, at least 1 (E-R16)."""
    return max(1, base + delta(table, seat, "produce_limit"))


def conversion_rate(table: Table, seat: int) -> int:
    """3 for 1, or 2 with an Auction House, Era of Trade, Merchant Fleet A; never
    below 2 (E-F38, E-R12)."""
    return max(2, min([3, *(op["value"] for op in _statics(table, seat, "conversion_rate"))]))


def allowed(table: Table, seat: int, rule: str) -> bool:
    """False when a ``value = 0`` modifier switches off ``rule`` (accumulate,
    leader_abilities, market_refill, open_spaces)."""
    return all(op.get("value", 1) != 0 for op in _statics(table, seat, rule))


def resolve_times(table: Table, seat: int, copy: str) -> int:
    """How often an activated card's Production effect resolves: 1 + each applying
    ``resolve_twice``; once-per-Era cards once (E-R26, E-F53)."""
    if any(t.on == "production_once" for t in card(copy).effects):
        return 1
    return 1 + sum(op.get("delta", 1) for op in _statics(table, seat, "resolve_twice")
                   if matches(copy, op.get("filter", {})))


def paid_cost(table: Table, seat: int, copy: str, discount: int = 0) -> tuple[dict, int]:
    """A paid play's cost (E-R11): the printed cost plus surcharges, and how many units
    the player may waive (discounts: Architect, Era of Builders, Guild Workshop)."""
    cost = dict(card(copy).cost)
    waive = discount
    for op in _statics(table, seat, "paid_play_cost"):
        if not matches(copy, op.get("filter", {})):
            continue
        waive -= op.get("delta", 0)
        for r, n in op.get("surcharge", {}).items():
            cost[r] = cost.get(r, 0) + n
    return cost, max(0, waive)


def protected(table: Table, seat: int) -> bool:
    """City Watch (E-V19): other players' cards and abilities take nothing from ``seat``."""
    return any(op["op"] == "protect" for c in table.estates[seat].cards
               for t in card(c).effects if t.on == "passive" for op in t.do)


def occupied_space_card(table: Table, seat: int) -> str:
    """A Smugglers Den of ``seat`` not yet used this Era, ``""`` if none (E-V20, E-R34)."""
    for c in table.estates[seat].cards:
        if c not in table.used and any(op["op"] == "use_occupied_space"
                                       for t in card(c).effects for op in t.do):
            return c
    return ""


def can_gain_worker(estate: Estate, kind: str) -> bool:
    """E-R17: a temporary worker if permanent + pending + temporary < 6; a permanent one
    if permanent + pending < 6 (a temporary worker does not block it, E-F39)."""
    used = estate.permanent + estate.pending + (estate.temporary if kind == "temporary" else 0)
    return used < MAX_WORKERS


def can_afford(table: Table, seat: int, copy: str, discount: int) -> bool:
    """Whether ``seat`` can pay a paid play of ``copy`` from personal supply and stored
    resources, the discounts waiving any units (E-R11)."""
    return _Run(table, ()).can_pay(seat, copy, discount)


# ---------------------------------------------------------------- moving cards

def draw_card(table: Table) -> tuple[Table, str]:
    """The deck's top card, shuffling the discard pile into a new deck first when the
    deck is empty (E-R6); ``""`` when both are empty."""
    if not table.deck:
        if not table.discard:
            return table, ""
        deck, rng = table.rng.shuffled(table.discard)
        table = attrs.evolve(table, deck=deck, discard=(), rng=rng)
    return attrs.evolve(table, deck=table.deck[1:]), table.deck[0]


def enter_estate(table: Table, seat: int, copy: str) -> Table:
    """Card ``copy`` enters ``seat``'s Estate and removes its track's leftmost cube if one
    is left (E-R8). Callers check the 7-card limit first (:func:`has_room`)."""
    e = table.estates[seat]
    t = TRACKS.index(card(copy).track)
    cubes = list(e.cubes)
    cubes[t] = min(TRACK_LIMIT, cubes[t] + 1)
    return table.set(seat, attrs.evolve(e, cards=(*e.cards, copy), cubes=tuple(cubes)))


def has_room(estate: Estate, copy: str) -> bool:
    """E-R9, E-F30: a track holds at most 7 cards."""
    return len(estate.on_track(card(copy).track)) < TRACK_LIMIT


def leave_estate(table: Table, seat: int, copy: str, under: str = "") -> Table:
    """E-R31: ``copy`` leaves ``seat``'s Estate for the discard pile; its cube stays off
    (E-F32); cards tucked under it go under ``under`` (another card of the Estate) or, with
    none given, to the discard pile; its stored items go to personal supply."""
    e = table.estates[seat]
    moved = tuple(t for u, t in e.tucked if u == copy)
    tucked = tuple(p for p in e.tucked if p[0] != copy)
    discard = (*table.discard, copy)
    if under:
        tucked += tuple((under, t) for t in moved)
    else:
        discard += moved
    res, gold = list(e.res), e.gold
    for c, item in e.stored:
        if c == copy:
            if item == "Gold":
                gold += 1
            else:
                res[RESOURCES.index(item)] += 1
    e = attrs.evolve(e, cards=tuple(c for c in e.cards if c != copy), tucked=tucked,
                     stored=tuple(p for p in e.stored if p[0] != copy), res=tuple(res), gold=gold)
    return attrs.evolve(table.set(seat, e), discard=discard)


def _remove_one(items: tuple, item: Any) -> tuple:
    i = items.index(item)
    return items[:i] + items[i + 1:]


# ---------------------------------------------------------------- the interpreter

class _Run:
    def __init__(self, table: Table, answers: tuple, by_index: bool = False):
        self.t, self.answers, self.i, self.by_index = table, tuple(answers), 0, by_index
        self.bonus, self.occupied = 0, False
        self.gained: list[str] = []
        self.asked: list[Question] = []
        self.revealed: list[list[str]] = []
        self.within: list[str] = []  # the Solo Mode cards whose effects are resolving
        self.solo: list[Change] = []  # the ones done, with what they did (E-R28)
        self.took: list[tuple] = []  # (taker, giver, item, stored pair, onto): E-V14, for the log

    def ask(self, seat: int, kind: str, options: Any, why: str, shown: tuple = (), chosen: tuple = ()) -> Any:
        options = tuple(options)
        by = self.within[-1] if self.within else ""
        if len(options) == 1:
            return options[0]
        if self.i < len(self.answers):
            answer = self.answers[self.i]
            if self.by_index:
                if not isinstance(answer, int) or not 0 <= answer < len(options):
                    raise RuleViolation("not-an-option", f"no option {answer!r} ({why})")
                answer = options[answer]
            if isinstance(answer, list):
                answer = tuple(answer)
            if answer not in options:
                raise RuleViolation("not-an-option", f"{answer!r} is not one of {options!r} ({why})")
            self.i += 1
            self.asked.append(Question(seat, kind, options, why, tuple(shown), by, chosen))
            return answer
        raise _Need(Question(seat, kind, options, why, tuple(shown), by, chosen))

    def est(self, seat: int) -> Estate:
        return self.t.estates[seat]

    def put(self, seat: int, estate: Estate) -> None:
        self.t = self.t.set(seat, estate)

    def ops(self, ops: Any, ctx: Ctx, effect: bool = False) -> None:
        """Resolve ``ops``; ``effect``: they are a whole effect (a card's, a space's), with
        its own revealed area, discarded when it ends (E-V6)."""
        if effect:
            self.revealed.append([])
        for op in ops:
            getattr(self, "op_" + op["op"])(op, ctx)
        if effect:
            leftover = self.revealed.pop()
            if leftover:
                self.t = attrs.evolve(self.t, discard=(*self.t.discard, *leftover))

    def n(self, ctx: Ctx, expr: Any) -> int:
        return max(0, evaluate(self.t, ctx.seat, expr))

    # -- tokens
    def gain_units(self, ctx: Ctx, spec: dict, store: bool, why: str) -> None:
        for key, expr in spec.items():
            for _ in range(self.n(ctx, expr)):
                if key == "Gold":
                    item = "Gold"
                elif key == "any":
                    item = self.ask(ctx.seat, "resource", RESOURCES, why)
                elif key == "that_type":
                    item = ctx.that_type
                elif key == "yielded_type":
                    item = self.ask(ctx.seat, "resource", ctx.yielded, why) if ctx.yielded else ""
                else:
                    item = key
                if item:
                    self.give(ctx.seat, item, ctx.this if store else "")
                    if ctx.gather and item in RESOURCES:
                        self.gained.append(item)

    def give(self, seat: int, item: str, onto: str = "") -> None:
        e = self.est(seat)
        if onto:
            e = attrs.evolve(e, stored=(*e.stored, (onto, item)))
        elif item == "Gold":
            e = attrs.evolve(e, gold=e.gold + 1)
        else:
            e = e.with_res(item, 1)
        self.put(seat, e)

    def spend(self, seat: int, item: str) -> None:
        e = self.est(seat)
        self.put(seat, attrs.evolve(e, gold=e.gold - 1) if item == "Gold" else e.with_res(item, -1))

    def held(self, seat: int, kinds: tuple[str, ...]) -> tuple[str, ...]:
        e = self.est(seat)
        return tuple(k for k in kinds if (e.gold if k == "Gold" else e.amount(k)) > 0)

    def op_gain(self, op: dict, ctx: Ctx) -> None:  # E-V1
        self.gain_units(ctx, op["spec"], op.get("store", False), "gain")

    def op_gather_bonus(self, op: dict, ctx: Ctx) -> None:  # E-V18
        self.gain_units(ctx, op["spec"], False, "Gather bonus")

    def op_store(self, op: dict, ctx: Ctx) -> None:  # E-V2
        for key, expr in op["spec"].items():
            for _ in range(self.n(ctx, expr)):
                if len(self.est(ctx.seat).stored_on(ctx.this)) >= op["cap"]:
                    return
                kinds = RESOURCES if key == "any" else (key,)
                if op["source"] == "personal":
                    kinds = self.held(ctx.seat, kinds)
                    if not kinds:
                        return
                item = self.ask(ctx.seat, "resource", kinds, "store")
                if op["source"] == "personal":
                    self.spend(ctx.seat, item)
                self.give(ctx.seat, item, ctx.this)

    def affordable(self, seat: int, spec: dict) -> bool:
        e = self.est(seat)
        return all((e.gold if r == "Gold" else e.amount(r)) >= n for r, n in spec.items())

    def op_pay(self, op: dict, ctx: Ctx) -> None:  # E-V3: optional, personal supply only
        if not self.affordable(ctx.seat, op["spec"]):
            return
        if self.ask(ctx.seat, "yes_no", (True, False), f"pay {op['spec']}?"):
            for r, n in op["spec"].items():
                for _ in range(n):
                    self.spend(ctx.seat, r)
            self.ops(op["then"], ctx)

    def op_exchange_up_to(self, op: dict, ctx: Ctx) -> None:  # E-V4
        kinds = RESOURCES if op["kind"] == "any" else (op["kind"],)
        paid: list[str] = []
        for _ in range(self.n(ctx, op["max"])):
            have = self.held(ctx.seat, kinds)
            if not have:
                return
            choice = self.ask(ctx.seat, "resource", (STOP, *have), "exchange", chosen=tuple(paid))
            if choice == STOP:
                return
            paid.append(choice)
            self.spend(ctx.seat, choice)
            self.ops(op["per_unit"], ctx)

    def op_trade_1to1(self, op: dict, ctx: Ctx) -> None:  # E-V24
        for _ in range(self.n(ctx, op["max"])):
            have = self.held(ctx.seat, RESOURCES)
            if not have:
                return
            give = self.ask(ctx.seat, "resource", (STOP, *have), "trade away")
            if give == STOP:
                return
            self.spend(ctx.seat, give)
            self.give(ctx.seat, self.ask(ctx.seat, "resource", RESOURCES, "trade for"))

    # -- cards
    def reveal_one(self, ctx: Ctx) -> str:
        """The next card from the deck; in solo a Solo Mode card resolves its solo effect,
        is discarded, and the next card comes instead; during set-up it is shuffled back
        with no effect (E-R28); what a solo effect did is kept (:class:`Change`) for
        the log. ``""`` when nothing is left to draw (E-R6), or when the
        deck and discard pile hold only Solo Mode cards that have all just resolved: one
        that comes round again (the discard pile reshuffled) stays in the pile, as if
        nothing were left, so a draw never loops."""
        resolved: set[str] = set()
        while True:
            before = self.t
            self.t, c = draw_card(self.t)
            if c in resolved:
                self.t = before
                return ""
            if not c or not (self.t.solo and card(c).solo):
                return c
            if self.t.in_setup:  # shuffled back with no effect; the next card comes
                if all(card(x).solo for x in self.t.deck):
                    self.t = attrs.evolve(self.t, deck=(*self.t.deck, c))
                    return ""
                deck, rng = self.t.rng.shuffled((*self.t.deck, c))
                self.t = attrs.evolve(self.t, deck=deck, rng=rng)
                continue
            resolved.add(c)
            self.t = attrs.evolve(self.t, discard=(*self.t.discard, c))
            before, told = self.t, len(self.solo)
            self.within.append(c)
            self.ops(triggers(c, "solo_reveal"), Ctx(ctx.seat, c), effect=True)
            self.within.pop()
            done = Change.between(c, before, self.t, ctx.seat)
            for inner in self.solo[told:]:
                done = done.minus(inner)
            self.solo.append(done)

    def op_draw(self, op: dict, ctx: Ctx) -> None:  # E-V5, E-R14
        self.draw(ctx, self.n(ctx, op["n"]), op["from"] == "deck_or_market")

    def draw(self, ctx: Ctx, n: int, market: bool) -> None:
        drawn: list[str] = []  # E-R14: each card is seen before the next is chosen
        for _ in range(n):
            slots = [c for c in self.t.market if c] if market else []
            options = ([DECK] if self.t.deck or self.t.discard else []) + slots
            if not options:
                return
            choice = self.ask(ctx.seat, "draw", options, "draw from", tuple(drawn))
            if choice == DECK:
                c = self.reveal_one(ctx)
                if not c:
                    return
            else:
                c = choice
                self.t = attrs.evolve(self.t, market=tuple("" if m == c else m for m in self.t.market))
            drawn.append(c)
            e = self.est(ctx.seat)
            self.put(ctx.seat, attrs.evolve(e, hand=(*e.hand, c)))

    def op_reveal(self, op: dict, ctx: Ctx) -> None:  # E-V6
        for _ in range(self.n(ctx, op["n"])):
            c = self.reveal_one(ctx)
            if not c:
                return
            self.revealed[-1].append(c)

    def op_keep(self, op: dict, ctx: Ctx) -> None:  # E-V7
        area = self.revealed[-1]
        for _ in range(self.n(ctx, op["n"])):
            if not area:
                return
            c = self.ask(ctx.seat, "card", area, "keep", tuple(area))
            area.remove(c)
            e = self.est(ctx.seat)
            self.put(ctx.seat, attrs.evolve(e, hand=(*e.hand, c)))

    def solo_barred(self, copy: str) -> bool:
        """E-R28: in solo a Solo Mode card never enters the player's hand or Estate (it
        acts on being revealed and lies in the discard pile after)."""
        return self.t.solo and card(copy).solo

    def op_take_discard(self, op: dict, ctx: Ctx) -> None:  # E-V8, E-R28
        for _ in range(self.n(ctx, op["n"])):
            options = tuple(dict.fromkeys(c for c in self.t.discard if matches(c, op["filter"])
                                          and not self.solo_barred(c)))
            if not options:
                return
            c = self.ask(ctx.seat, "card", (STOP, *options), "take from the discard pile")
            if c == STOP:
                return
            e = self.est(ctx.seat)
            self.t = attrs.evolve(self.t, discard=_remove_one(self.t.discard, c))
            self.put(ctx.seat, attrs.evolve(e, hand=(*e.hand, c)))

    def playable(self, ctx: Ctx, op: dict) -> tuple[str, ...]:
        e = self.est(ctx.seat)
        source = op["source"]
        pool = (e.hand if source == "hand" else tuple(self.revealed[-1]) if source == "revealed"
                else tuple(t for u, t in e.tucked if u == ctx.this))
        out = [c for c in pool if matches(c, op["filter"]) and has_room(e, c)
               and op.get("card", c) == c and not self.solo_barred(c)]
        if op["cost"] == "paid":
            out = [c for c in out if self.can_pay(ctx.seat, c, self.n(ctx, op.get("discount", 0)))]
        return tuple(dict.fromkeys(out))

    def can_pay(self, seat: int, copy: str, discount: int) -> bool:
        cost, waive = paid_cost(self.t, seat, copy, discount)
        e = self.est(seat)
        short = sum(max(0, n - e.amount(r) - sum(i == r for _, i in e.stored)) for r, n in cost.items())
        return short <= waive

    def op_play(self, op: dict, ctx: Ctx) -> None:  # E-V9, E-R11
        for _ in range(self.n(ctx, op.get("n", 1))):
            options = self.playable(ctx, op)
            if not options:
                return
            shown = tuple(self.revealed[-1]) if op["source"] == "revealed" else ()
            optional = "card" not in op  # an Expand names its card and is not optional
            c = self.ask(ctx.seat, "card", (NONE, *options) if optional else options, "play", shown)
            if c == NONE:  # every free play is optional (E-R11)
                return
            if op["cost"] == "paid":
                self.pay_cost(ctx.seat, c, self.n(ctx, op.get("discount", 0)))
            e = self.est(ctx.seat)
            if op["source"] == "hand":
                self.put(ctx.seat, attrs.evolve(e, hand=_remove_one(e.hand, c)))
            elif op["source"] == "revealed":
                self.revealed[-1].remove(c)
            else:
                self.put(ctx.seat, attrs.evolve(e, tucked=_remove_one(e.tucked, (ctx.this, c))))
            self.play(ctx.seat, c)

    def play(self, seat: int, copy: str) -> None:
        """``copy`` enters the Estate and its When Played resolves (E-R8, E-R11)."""
        self.t = enter_estate(self.t, seat, copy)
        self.ops(triggers(copy, "when_played"), Ctx(seat, copy), effect=True)

    def pay_cost(self, seat: int, copy: str, discount: int) -> None:
        """Pay a paid play (E-R11): the player picks which units the discounts waive; the
        rest comes from personal supply first, then from resources stored on their cards
        (earliest first), since stored items are VP and personal ones are not (E-F36)."""
        cost, waive = paid_cost(self.t, seat, copy, discount)
        e = self.est(seat)
        have = {r: e.amount(r) + sum(i == r for _, i in e.stored) for r in RESOURCES}

        def short(c: dict) -> int:
            return sum(max(0, n - have[r]) for r, n in c.items())

        for left in range(waive - 1, -1, -1):  # only waivers that leave the rest payable
            owed = tuple(r for r in RESOURCES if cost.get(r, 0) > 0
                         and short({**cost, r: cost[r] - 1}) <= left)
            if not owed:
                break
            r = self.ask(seat, "resource", owed, "waive")
            cost[r] -= 1
        for r, n in cost.items():
            for _ in range(n):
                e = self.est(seat)
                if e.amount(r):
                    self.spend(seat, r)
                else:
                    pair = next(p for p in e.stored if p[1] == r)
                    self.put(seat, attrs.evolve(e, stored=_remove_one(e.stored, pair)))

    def op_refill_market(self, op: dict, ctx: Ctx) -> None:
        """Not printed on any card: fill the Market's gaps from the deck (E-R15); in solo
        a revealed Solo Mode card resolves first (E-R28)."""
        for i in range(len(self.t.market)):
            if not self.t.market[i]:
                c = self.reveal_one(ctx)
                market = list(self.t.market)
                market[i] = c
                self.t = attrs.evolve(self.t, market=tuple(market))

    def op_tuck(self, op: dict, ctx: Ctx) -> None:  # E-V10
        for _ in range(self.n(ctx, op.get("n", 1))):
            e = self.est(ctx.seat)
            pools = {"hand": e.hand, "market": tuple(c for c in self.t.market if c),
                     "discard": self.t.discard, "revealed": tuple(self.revealed[-1])}
            options = tuple(dict.fromkeys((s, c) for s in op["source"] for c in pools[s]
                                          if matches(c, op["filter"])))
            if not options:
                return
            choice = self.ask(ctx.seat, "card", (NONE, *options), "tuck")
            if choice == NONE:
                return
            source, c = choice
            if source == "hand":
                e = attrs.evolve(e, hand=_remove_one(e.hand, c))
            elif source == "market":
                self.t = attrs.evolve(self.t, market=tuple("" if m == c else m for m in self.t.market))
            elif source == "discard":
                self.t = attrs.evolve(self.t, discard=_remove_one(self.t.discard, c))
            else:
                self.revealed[-1].remove(c)
            self.put(ctx.seat, attrs.evolve(e, tucked=(*e.tucked, (ctx.this, c))))

    def op_remove_cube(self, op: dict, ctx: Ctx) -> None:  # E-V11, E-R8
        e = self.est(ctx.seat)
        tracks = [t for t in TRACKS if e.cubes[TRACKS.index(t)] < TRACK_LIMIT]
        if op["track"] != "choice":
            tracks = [t for t in tracks if t == op["track"]]
        if not tracks:
            return
        i = TRACKS.index(self.ask(ctx.seat, "track", tracks, "remove a cube"))
        cubes = list(e.cubes)
        cubes[i] += 1
        self.put(ctx.seat, attrs.evolve(e, cubes=tuple(cubes)))

    def op_gain_worker(self, op: dict, ctx: Ctx) -> None:  # E-V12, E-R17
        for _ in range(self.n(ctx, op.get("n", 1))):
            e = self.est(ctx.seat)
            if not can_gain_worker(e, op["kind"]):
                self.ops(op.get("fallback", []), ctx)
                continue
            field = "temporary" if op["kind"] == "temporary" else "pending"
            self.put(ctx.seat, attrs.evolve(e, **{field: getattr(e, field) + 1}))

    def op_copy_production(self, op: dict, ctx: Ctx) -> None:  # E-V13, E-R25, E-F63
        scope = op.get("solo_scope", op["scope"]) if self.t.solo else op["scope"]
        seats = [ctx.seat] if scope == "own" else [s for s in range(len(self.t.estates)) if s != ctx.seat]
        options = tuple(c for s in seats for c in self.est(s).cards
                        if card(c).track == "Production" and c not in self.t.activated
                        and card(c).name != "Merchant"
                        and not (scope == "own" and c in self.t.used))
        if not options:
            return
        target = self.ask(ctx.seat, "card", options, "copy a Production card")
        once = any(t.on == "production_once" for t in card(target).effects)
        self.t = attrs.evolve(self.t, activated=(*self.t.activated, target))
        if scope == "own" and once:
            self.t = attrs.evolve(self.t, used=(*self.t.used, target))
        this = target if scope == "own" else ctx.this
        if scope != "own" and _mentions_this(card(target)):
            own = self.est(ctx.seat).cards
            this = self.ask(ctx.seat, "card", own, "the card 'this card' means") if own else ""
        on = "production_once" if once else "production"
        self.ops(triggers(target, on), Ctx(ctx.seat, this), effect=True)

    def victims(self, ctx: Ctx, has: Any) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.t.estates))
                     if s != ctx.seat and not protected(self.t, s) and has(s))

    def take_options(self, item: str, seat: int) -> tuple:
        e = self.est(seat)
        if item == "resource":
            return self.held(seat, RESOURCES)
        if item == "gold":
            return ("Gold",) if e.gold else ()
        if item == "resource_or_gold":
            return self.held(seat, (*RESOURCES, "Gold"))
        if item == "stored":
            return tuple(dict.fromkeys(e.stored))
        return tuple(dict.fromkeys(e.hand))  # hand_card

    def op_take(self, op: dict, ctx: Ctx) -> None:  # E-V14, E-R27
        item = op["item"]
        victims = self.victims(ctx, lambda s: bool(self.take_options(item, s)))
        if op["from"] == "one_other":
            if not victims:
                return
            victims = (self.ask(ctx.seat, "target", victims, f"take {item} from"),)
        for victim in victims:
            for _ in range(self.n(ctx, op["n"])):
                options = self.take_options(item, victim)
                if not options:
                    break
                chooser = victim if op["chooser"] == "giver" else ctx.seat
                shown = self.est(victim).hand if item == "hand_card" else ()
                got = self.ask(chooser, "stored" if item == "stored" else "card" if item == "hand_card"
                               else "resource", options, f"take {item}", shown)
                ve = self.est(victim)
                if item == "hand_card":
                    self.put(victim, attrs.evolve(ve, hand=_remove_one(ve.hand, got)))
                    me = self.est(ctx.seat)
                    self.put(ctx.seat, attrs.evolve(me, hand=(*me.hand, got)))
                    self.took.append((ctx.seat, victim, "card", None, ""))
                    continue
                pair = None
                if item == "stored":
                    self.put(victim, attrs.evolve(ve, stored=_remove_one(ve.stored, got)))
                    pair, got = got, got[1]
                else:
                    self.spend(victim, got)
                onto = ctx.this if op.get("dest") == "this" else ""
                self.give(ctx.seat, got, onto)
                self.took.append((ctx.seat, victim, got, pair, onto))
            if item == "hand_card":
                self.draw(Ctx(victim), self.n(ctx, op.get("victim_draws", 0)), False)

    def op_discard(self, op: dict, ctx: Ctx) -> None:  # E-V15
        item, where = op["item"], op["from"]
        filt = op.get("filter", {})
        gone: list = []  # what this discard took so far (the question says it)
        for _ in range(self.n(ctx, op["n"])):
            e = self.est(ctx.seat)
            if where == "personal":
                kinds = {"resource": RESOURCES, "gold": ("Gold",),
                         "resource_or_gold": (*RESOURCES, "Gold")}[item]
                if op.get("type"):  # one type, or (the Drought's) a list to choose from
                    kinds = tuple(op["type"]) if isinstance(op["type"], list) else (op["type"],)
                options = self.held(ctx.seat, kinds)
            elif where == "stored":
                options = tuple(dict.fromkeys(p for p in e.stored if p[1] != "Gold"))
            elif where == "hand":
                options = tuple(dict.fromkeys(c for c in e.hand if matches(c, filt)))
            elif where == "estate":
                options = tuple(c for c in e.cards if matches(c, filt))
            else:  # market
                options = tuple(c for c in self.t.market if c and matches(c, filt))
            if not options:
                return
            if op.get("optional"):
                options = (STOP, *options)
            got = self.ask(ctx.seat, "stored" if where == "stored" else "card"
                           if where in ("hand", "estate", "market") else "resource", options, "discard",
                           chosen=tuple(gone))
            if got == STOP:
                return
            gone.append(got)
            if where == "personal":
                self.spend(ctx.seat, got)
            elif where == "stored":
                self.put(ctx.seat, attrs.evolve(e, stored=_remove_one(e.stored, got)))
            elif where == "hand":
                self.put(ctx.seat, attrs.evolve(e, hand=_remove_one(e.hand, got)))
                self.t = attrs.evolve(self.t, discard=(*self.t.discard, got))
            elif where == "estate":  # E-R31
                others = tuple(c for c in e.cards if c != got)
                under = ""
                if others and any(u == got for u, _ in e.tucked):
                    under = self.ask(ctx.seat, "card", others, "move the tucked cards under")
                self.t = leave_estate(self.t, ctx.seat, got, under)
            else:
                self.t = attrs.evolve(self.t, discard=(*self.t.discard, got),
                                      market=tuple("" if m == got else m for m in self.t.market))

    def op_vp(self, op: dict, ctx: Ctx) -> None:  # E-V16: score category 2
        e = self.est(ctx.seat)
        self.put(ctx.seat, attrs.evolve(e, end_vp=e.end_vp + evaluate(self.t, ctx.seat, op["x"])))

    def op_modify(self, op: dict, ctx: Ctx) -> None:  # E-V17, resolved by an event or ability
        self.t = add_modifier(self.t, ctx.seat, op)

    def op_protect(self, op: dict, ctx: Ctx) -> None:  # E-V19: static, see protected()
        return

    def op_use_occupied_space(self, op: dict, ctx: Ctx) -> None:  # E-V20: marks the card
        self.t = attrs.evolve(self.t, used=(*self.t.used, ctx.this))
        self.occupied = True

    def op_extra_actions(self, op: dict, ctx: Ctx) -> None:  # E-V21, E-R33
        self.bonus += self.n(ctx, op["n"])

    def feasible(self, ops: list, ctx: Ctx) -> bool:
        """E-V22: an option can be carried out when its first op can do something."""
        first = ops[0]
        if first["op"] == "pay":
            return self.affordable(ctx.seat, first["spec"])
        if first["op"] == "play":
            return bool(self.playable(ctx, first))
        if first["op"] == "take":
            return bool(self.victims(ctx, lambda s: bool(self.take_options(first["item"], s))))
        if first["op"] == "swap_tucked":
            return bool(self.swap_pairs(ctx)[0])
        return True

    def op_choose_one(self, op: dict, ctx: Ctx) -> None:  # E-V22
        options = tuple(i for i, ops in enumerate(op["options"]) if self.feasible(ops, ctx))
        if options:
            self.ops(op["options"][self.ask(ctx.seat, "option", options, "choose one")], ctx)

    def op_if(self, op: dict, ctx: Ctx) -> None:  # E-V23
        self.ops(op["then"] if holds(self.t, ctx.seat, op["cond"]) else op.get("else", []), ctx)

    def swap_pairs(self, ctx: Ctx) -> tuple[tuple, tuple]:
        mine = tuple(dict.fromkeys(t for u, t in self.est(ctx.seat).tucked if u == ctx.this))
        theirs = tuple((s, u, t) for s in self.victims(ctx, lambda s: True)
                       for u, t in self.est(s).tucked)
        return (mine if theirs else ()), theirs

    def op_swap_tucked(self, op: dict, ctx: Ctx) -> None:  # Warden (b), E-R24, E-F55
        mine, theirs = self.swap_pairs(ctx)
        if not mine:
            return
        everything = tuple(t for e in self.t.estates for _, t in e.tucked)
        give = self.ask(ctx.seat, "card", mine, "give a tucked card", everything)
        s, under, got = self.ask(ctx.seat, "tucked", theirs, "take a tucked card", everything)
        me, them = self.est(ctx.seat), self.est(s)
        self.put(ctx.seat, attrs.evolve(me, tucked=(*_remove_one(me.tucked, (ctx.this, give)),
                                                    (ctx.this, got))))
        them = self.est(s)
        self.put(s, attrs.evolve(them, tucked=(*_remove_one(them.tucked, (under, got)), (under, give))))

    def op_copy_leader(self, op: dict, ctx: Ctx) -> None:  # Spy Master, E-R24
        if not ctx.rival_leaders:
            return
        leader = CONTENT.leaders[self.ask(ctx.seat, "leader", ctx.rival_leaders, "copy a Leader")]
        self.ops(leader.ability["do"], attrs.evolve(ctx, rival_leaders=()), effect=True)



def _mentions_this(c: Card) -> bool:
    """Whether a card's Production effect puts something on or under "this card"
    (store, tuck, a stored gain or take, a play from under it) (E-R25, E-F60)."""
    def walk(node: Any) -> bool:
        if isinstance(node, dict):
            if (node.get("op") in ("store", "tuck") or node.get("store") or node.get("dest") == "this"
                    or node.get("source") == "tucked"):
                return True
            return any(walk(v) for v in node.values())
        if isinstance(node, (list, tuple)):
            return any(walk(v) for v in node)
        return False
    return walk([t.do for t in c.effects if t.on.startswith("production")])
