"""Estate in words, for its table: cards, Leaders, spaces, events and secrets by name
with their text, resources by name, each legal action as a Do-list entry and what it
will give, each question and each answer, and the log's lines.

Everything here reads the view and the game's static content (rules.estate.data); the
host decides. Where a line works a number out of the view (a track's value, what a
card costs against what you hold) it says what it is made of, and the host's answer
(the legal actions) stays what may be done.
"""

from __future__ import annotations

import ast
from typing import Any, Sequence

from rules.estate.data import CONTENT, RESOURCES, TRACKS, card
from rules.estate.state import (Activate, Answer, ChooseLeader, ChooseOption, Convert, Draw,
                                EstateView, Expand, Gather, KeepSecret, Pick, Produce,
                                EndTurn, StopProducing, StoreOn, TakeBack, UseAbility)
from rules.estate.turns import can_activate
from rules.core import plural
from rules.estate.words import RESOURCE_NAMES, amounts, named, source_name, subject

TRACK_LIMIT = 7  # E-F30: 7 cards a track (rules.estate.table.TRACK_LIMIT)
PHASES = {"leaders": "choosing Leaders", "extra": "Leaders' set-up", "draft": "the draft",
          "secrets": "Family Secrets", "era": "Era start", "era_start": "Era start",
          "turns": "turns", "era_end": "Era end", "over": "game over"}
STAND_IN = " [stand-in]"
DO_WIDTH = 26
"""The columns a Do-list entry has on one line at 80x24 (the right column's 32, less
its border, padding and scroll bar): a Warden's draft pick stays within them where the
two names allow (player-tester 2, item 7)."""


def res_name(r: str) -> str:
    return RESOURCE_NAMES.get(r, r)


def supply(res: Sequence[int], gold: int) -> str:
    """``"I2 S1 W0 G3 · Gold 1"``: the letters the reference uses, then Gold."""
    return " ".join(f"{r}{n}" for r, n in zip(RESOURCES, res)) + f" · Gold {gold}"


PARTIAL = " [partial: part rulebook, rest designed]"


def mark(source: str) -> str:
    """`` [stand-in]`` or `` [partial: part rulebook, rest designed]`` after content not
    (wholly) from the rulebook (reference "Source marks"; the rules page explains both)."""
    return "" if source == "rulebook" else PARTIAL if source == "partial" else f" [{source}]"


def card_name(copy: str) -> str:
    return card(copy).name if copy else "—"


def item_name(item: str) -> str:
    """The name of what an event carries: a card copy (``"E-C12-3"`` -> Farm) or a
    Family Secret (``"E-FS6"``, the one kept: rulebook Setup, E-R32)."""
    secret = CONTENT.secrets.get(item)
    return secret.name if secret is not None else card_name(item)


def card_head(copy: str) -> str:
    """``"Actor · Citizen, Noble · cost 1 Grain 1 Wood · 1 VP"``."""
    c = card(copy)
    return f"{c.name} · {c.type}, {c.track} · cost {amounts(c.cost)} · {c.vp} VP"


def card_text(copy: str) -> str:
    """The card's head and text with its source mark, for the hand and the tableau."""
    c = card(copy)
    return f"{card_head(copy)}\n    {c.text}{mark(c.source)}"


def leader_name(lid: str) -> str:
    return CONTENT.leaders[lid].name if lid in CONTENT.leaders else "—"


def leader_text(lid: str) -> str:
    ld = CONTENT.leaders[lid]
    return f"{ld.name}: {ld.text}{mark(ld.source)}"


def space(sid: str) -> Any:
    return CONTENT.spaces.get(sid) or CONTENT.tiles[sid]


def space_name(sid: str) -> str:
    return space(sid).name


def track_value(view: EstateView, seat: int, track: str) -> int:
    """The value of ``seat``'s ``track``: the highest number uncovered on its Leader mat
    (E-R7), from the view's cubes."""
    est = view.estates[seat]
    return CONTENT.leaders[est.leader].tracks[track].value(est.cubes[TRACKS.index(track)])


def next_value(view: EstateView, seat: int, track: str) -> int:
    """The track's value once one more cube is off (a card played there, E-R8)."""
    est = view.estates[seat]
    return CONTENT.leaders[est.leader].tracks[track].value(min(7, est.cubes[TRACKS.index(track)] + 1))


WORKER_TRACKS = {"produce": "Production", "draw": "Noble"}


def worker_limit(view: EstateView, kind: str, ability: str = "") -> int:
    """What the viewer's ``kind`` worker action comes to now (``"produce"``: the limit,
    E-R16; ``"draw"``: the count, E-R38), with the Era Event, Leader and card modifiers
    in force and the Leader ``ability`` placed with it: the view's ``limits``
    (:func:`rules.estate.views.worker_limits`); outside turns its track's value."""
    for k, a, n in view.limits:
        if k == kind and a == ability:
            return n
    return track_value(view, view.seat, WORKER_TRACKS[kind])


def made_of(view: EstateView, kind: str, ability: str = "") -> str:
    """What the limit is made of: ``"Production value 2"``, or ``"Production value 2,
    +1 from modifiers in force"`` where an Era Event, a Leader or a card changes it."""
    track = WORKER_TRACKS[kind]
    value = track_value(view, view.seat, track)
    change = worker_limit(view, kind, ability) - value
    if not change:
        return f"{track} value {value}"
    why = "your Leader's ability and modifiers in force" if ability else "modifiers in force (Era Event, Leader, cards)"
    return f"{track} value {value}, {change:+d} from {why}"


def held(view: EstateView, seat: int) -> dict[str, int]:
    """Each resource ``seat`` holds in personal supply and stored on its cards (what a
    paid play may spend, E-R11)."""
    est = view.estates[seat]
    out = dict(zip(RESOURCES, est.res))
    for _, item in est.stored:
        if item in out:
            out[item] += 1
    return out


def expand_cost(view: EstateView, copy: str) -> tuple[dict[str, int], int, tuple[str, ...]]:
    """What ``copy`` costs the viewer to Expand now (E-R11): the cost with surcharges,
    the units discounts let them leave unpaid, and what changes it, from the view's
    ``costs`` (:func:`rules.estate.views.expand_costs`); the printed cost where the view
    has none."""
    for c, cost, waive, changers in view.costs:
        if c == copy:
            return dict(cost), waive, changers
    return dict(card(copy).cost), 0, ()


def cost_text(view: EstateView, copy: str) -> str:
    """``copy``'s cost now in words, a surcharge with whose: ``"3 Grain 1 Stone (1 Grain
    more: Era of Famine)"`` (E-R11)."""
    printed = dict(card(copy).cost)
    cost, _, changers = expand_cost(view, copy)
    extra = {r: n - printed.get(r, 0) for r, n in cost.items() if n > printed.get(r, 0)}
    return amounts(cost) + (f" ({amounts(extra)} more: {_who(changers)})" if extra else "")


def _short(cost: dict[str, int], have: dict[str, int]) -> dict[str, int]:
    return {r: n - have.get(r, 0) for r, n in cost.items() if n > have.get(r, 0)}


def _who(changers: Sequence[str]) -> str:
    return " and ".join(changers) or "the discounts in force"


def conversion_plan(view: EstateView, seat: int, need: dict[str, int], keep: dict[str, int],
                    conversions: Sequence[Convert]) -> list[Convert]:
    """Conversions of spare supply (what the cost ``keep`` does not take) that get
    ``need``, the first among the host's legal ``conversions`` (E-R12: 3 for 1, 2 with a
    discount); ``[]`` if the spare supply is not enough."""
    if not conversions or not need:
        return []
    rate = len(conversions[0].give)
    spare = {r: max(0, n - keep.get(r, 0)) for r, n in zip(RESOURCES, view.estates[seat].res)}
    plan: list[Convert] = []
    for get, n in need.items():
        for _ in range(n):
            give: list[str] = []
            for r in sorted(spare, key=lambda r: -spare[r]):
                while spare[r] > 0 and len(give) < rate:
                    give.append(r)
                    spare[r] -= 1
            if len(give) < rate:
                return []
            plan.append(Convert(tuple(sorted(give, key=RESOURCES.index)), get))
    return plan if plan[0] in conversions else []


def why_not(view: EstateView, seat: int, copy: str, conversions: Sequence[Convert] = ()) -> str:
    """Why a card in hand cannot be played now: its track is full, or what it costs
    (surcharges and discounts in force, E-R11) beyond what ``seat`` holds in supply and
    stored, and, where converting spare supply first would pay it (E-R12, the host's
    legal ``conversions``), which conversion: ``"convert 3 Stone → 1 Wood first (c)"``."""
    c = card(copy)
    est = view.estates[seat]
    if sum(card(x).track == c.track for x in est.cards) >= TRACK_LIMIT:
        return f"your {c.track} track is full (7 cards)"
    cost, waive, changers = expand_cost(view, copy)
    short = _short(cost, held(view, seat))
    if sum(short.values()) <= waive:
        return f"costs {amounts(cost)} with this Era's surcharges"
    left = dict(short)
    for _ in range(waive):  # a discount covers some of the shortfall
        r = next(r for r in left if left[r])
        left[r] -= 1
    left = {r: n for r, n in left.items() if n}
    discount = f", {_who(changers)} waiving {waive}" if waive else ""
    plan = conversion_plan(view, seat, left, cost, conversions)
    if plan:
        steps = " and ".join(f"{amounts({r: p.give.count(r) for r in dict.fromkeys(p.give)})} → 1 "
                             f"{res_name(p.get)}" for p in plan)
        return f"convert {steps} first (c){discount}, then Expand for {cost_text(view, copy)}"
    return f"short of {amounts(left)} (costs {cost_text(view, copy)}{discount})"


def payment(view: EstateView, seat: int, copy: str) -> str:
    """How an Expand of ``copy`` is paid (E-R11): ``"pay 1 Wood 1 Iron"``, with what a
    discount lets the player leave unpaid (and which), a surcharge, and what comes from
    resources stored on their cards."""
    cost, waive, changers = expand_cost(view, copy)
    have = held(view, seat)
    supply = dict(zip(RESOURCES, view.estates[seat].res))
    short = _short(cost, have)
    total = sum(cost.values())
    parts = [f"pay {cost_text(view, copy)}"]
    if short and waive:
        parts.append(f"payable only through the discount of {_who(changers)}: leave "
                     f"{amounts(short)} unpaid" + (f", and {min(waive, total) - sum(short.values())} more "
                                                   "if you like" if min(waive, total) > sum(short.values()) else ""))
    elif waive:
        parts.append(f"{_who(changers)} let{'s' * (len(changers) == 1)} you leave "
                     f"{plural(min(waive, total), 'unit')} unpaid (you choose which)")
    stored = {r: n - supply.get(r, 0) for r, n in cost.items() if n > supply.get(r, 0)}
    if stored and not short:
        parts.append(f"{amounts(stored)} of it from resources stored on your cards")
    return "; ".join(parts)


# ---- actions ----------------------------------------------------------------------

def action_text(action: Any, view: EstateView, names: Sequence[str] = ()) -> str:
    """One entry of the Do list; ``names`` the seats' names (a target is named)."""
    if isinstance(action, Produce) and not producible(view):  # E-R10: legal, yields nothing
        how = f" with the {leader_name(action.ability)}'s ability" if action.ability else ""
        return f"Produce{how}: yields nothing (no Production card)"
    if isinstance(action, Produce):
        up_to = f"up to {plural(worker_limit(view, 'produce', action.ability), 'card')}"
        return (f"Produce with the {leader_name(action.ability)}'s ability ({up_to})" if action.ability
                else f"Produce ({up_to})")
    if isinstance(action, Draw):
        count = plural(worker_limit(view, "draw", action.ability), "card")
        return (f"Draw {count} with the {leader_name(action.ability)}'s ability" if action.ability
                else f"Draw {count}")
    if isinstance(action, Gather):
        sp = space(action.space)
        how = " (Smugglers Den)" if action.smuggle else ""
        return f"Gather: {sp.name}: {gives(sp, view)}{how}"
    if isinstance(action, Expand):
        return f"Expand: {card_name(action.card)} ({amounts(expand_cost(view, action.card)[0])})"
    if isinstance(action, Activate):
        return f"Activate {card_name(action.card)}"
    if isinstance(action, StopProducing):
        return "Stop producing"
    if isinstance(action, StoreOn):
        return f"Store on {card_name(action.card)}"
    if isinstance(action, EndTurn):
        return "End turn"
    if isinstance(action, TakeBack):
        return "Take back"
    if isinstance(action, UseAbility):
        return f"Use the {leader_name(action.leader)}'s ability" if action.leader else "Let the ability pass"
    if isinstance(action, ChooseOption):
        return f"Take option {action.option.upper()}"
    if isinstance(action, ChooseLeader):
        return f"Lead as the {leader_name(action.leader)}"
    if isinstance(action, Pick):
        if action.tuck:  # both names within the Do list's width at 80 columns (issue 10)
            entry = f"{card_name(action.card)} · tuck {card_name(action.tuck)}"
            return entry if len(entry) > DO_WIDTH - 5 else f"Keep {entry}"
        return f"Keep {card_name(action.card)}"
    if isinstance(action, KeepSecret):
        return f"Keep the secret {CONTENT.secrets[action.secret].name}"
    if isinstance(action, Convert):
        return f"Convert {' '.join(res_name(r) for r in action.give)} → 1 {res_name(action.get)}"
    if isinstance(action, Answer):
        return answer_text(action.value, view, names)
    return str(getattr(action, "kind", action))


def producible(view: EstateView) -> list[str]:
    """The viewer's Production cards a Produce action may activate now (E-R16, E-F27:
    the rules' own :func:`rules.estate.turns.can_activate` on the view)."""
    if view.seat is None or not view.estates:
        return []
    return can_activate(view.estates[view.seat].cards, view.activated, view.used)


def gives(sp: Any, view: EstateView) -> str:
    """What a Gather space gives, short: ``"1 Iron here + 1 from the supply"`` on an
    accumulating space (E-B1-E-B4), else its text (``"gain 1 Gold"``)."""
    if sp.accumulates:
        n = view.accumulated[RESOURCES.index(sp.accumulates)]
        return f"{n} {res_name(sp.accumulates)} here + 1 from the supply"
    text = sp.text.rstrip(".")
    return text[:1].lower() + text[1:]


def preview(action: Any, view: EstateView) -> str:
    """What ``action`` will give, shown before it is confirmed."""
    seat = view.seat
    if isinstance(action, Produce) and not producible(view):
        return ("Produce: you have no Production card you can activate now, so this action "
                "uses a worker and yields nothing (Produce is always allowed)."
                + (f"\n{leader_text(action.ability)}" if action.ability else ""))
    if isinstance(action, Produce):
        cards = [card_name(c) for c in view.estates[seat].cards if card(c).track == "Production"]
        lines = [f"Produce: activate up to {worker_limit(view, 'produce', action.ability)} of your "
                 f"Production cards ({made_of(view, 'produce', action.ability)}), one at a time: "
                 f"{', '.join(cards) or 'none'}."]
        if action.ability:
            lines.append(leader_text(action.ability))
        return "\n".join(lines)
    if isinstance(action, Draw):
        lines = [f"Draw {plural(worker_limit(view, 'draw', action.ability), 'card')} "
                 f"({made_of(view, 'draw', action.ability)}), each from the "
                 f"deck or the Market: {', '.join(card_name(c) for c in view.market if c) or 'empty'}."]
        if action.ability:
            lines.append(leader_text(action.ability))
        return "\n".join(lines)
    if isinstance(action, Gather):
        sp = space(action.space)
        lines = [f"Gather at {sp.name} ({'open to all' if sp.use == 'open' else 'one worker an Era'}"
                 + (f", level {sp.level}" if sp.level else "") + f"): {sp.text}{mark(sp.source)}"]
        if sp.accumulates:
            n = view.accumulated[RESOURCES.index(sp.accumulates)]
            lines.append(f"Lying here: {n} {res_name(sp.accumulates)} (you take them all).")
        if action.smuggle:
            lines.append("Taken already: your Smugglers Den lets you use it (once an Era).")
        return "\n".join(lines)
    if isinstance(action, Expand):
        c = card(action.card)
        have = held(view, seat)
        on = sum(card(x).track == c.track for x in view.estates[seat].cards)
        value, after = track_value(view, seat, c.track), next_value(view, seat, c.track)
        cost = expand_cost(view, action.card)[0]
        return (f"Expand: {payment(view, seat, action.card)} (you hold "
                f"{amounts({r: have[r] for r in cost})}) for {c.name}, {c.vp} VP, "
                f"card {on + 1} of 7 on your {c.track} track: {c.track} value {value} → {after}.\n"
                f"{c.text}{mark(c.source)}")
    if isinstance(action, Activate):
        c = card(action.card)
        limit, done = view.producing or (0, 0)
        return f"Activation {done + 1} of up to {limit}: {c.name}. {c.text}{mark(c.source)}"
    if isinstance(action, StopProducing):
        return "End this Produce action now (the cards not activated stay unused)."
    if isinstance(action, StoreOn):
        return f"{card_name(action.card)}: {card(action.card).text}"
    if isinstance(action, EndTurn):
        refill = dict(((k, a), n) for k, a, n in view.limits).get(("refill", ""), 1)
        then = ("then the Market's gaps are filled from the deck" if refill
                else "the Market is not refilled this Era (Era Event)")
        return f"End your turn now (no more conversions or storage this turn); {then}."
    if isinstance(action, TakeBack):
        return "Take back your latest conversion or storage move of this turn (nothing new was seen since)."
    if isinstance(action, UseAbility):
        return leader_text(action.leader) + " (flips your Crest for this Era)" if action.leader else \
            "Keep your Crest unflipped: the ability stays for later this Era."
    if isinstance(action, ChooseOption):
        ev = CONTENT.solo_events[view.era_events[view.era - 1]] if view.era else None
        return f"{ev.name}: {ev.text}{mark(ev.source)}" if ev else ""
    if isinstance(action, ChooseLeader):
        ld = CONTENT.leaders[action.leader]
        tracks = " · ".join(f"{t} {ld.tracks[t].base}→{max(ld.tracks[t].steps)}" for t in TRACKS)
        return f"{leader_text(action.leader)}\nStarting Build: {', '.join(ld.start_build)}.\nTracks: {tracks}."
    if isinstance(action, Pick):
        text = card_text(action.card)
        if action.tuck:
            text += f"\nTucked under your Dungeon (1 VP): {card_name(action.tuck)}; the deck's top card joins the packet."
        return text
    if isinstance(action, KeepSecret):
        s = CONTENT.secrets[action.secret]
        return f"{s.name}: {s.text}{mark(s.source)} (scored at game end; the other is discarded)"
    if isinstance(action, Convert):
        return (f"Pay {' '.join(res_name(r) for r in action.give)} from your supply for 1 "
                f"{res_name(action.get)} ({len(action.give)}:1).")
    if isinstance(action, Answer):
        return answer_preview(action.value, view)
    return ""


def brief(action: Any, view: EstateView) -> str:
    """What ``action`` gives in brief, one of several told at once: a draft's card by
    its name and text, a Leader by its ability, else as :func:`preview` tells it."""
    if isinstance(action, Pick):
        c = card(action.card)
        tuck = f" (tucking {card_name(action.tuck)})" if action.tuck else ""
        return f"{c.name}{tuck}: {c.text}"
    if isinstance(action, ChooseLeader):
        return leader_text(action.leader)
    return preview(action, view)


# ---- questions ----------------------------------------------------------------------

WHY = {"store": "store which resource", "gain": "gain which resource",
       "Gather bonus": "gain which resource (Gather bonus)", "discard": "discard which",
       "move the tucked cards under": "move the tucked cards under which card", "exchange": "exchange which (or stop)",
       "trade away": "trade away which (or stop)", "trade for": "trade for which",
       "draw from": "draw from the deck or the Market", "keep": "keep which card",
       "take from the discard pile": "take which card from the discard pile (or stop)",
       "play": "play which card", "waive": "which unit the discount waives",
       "tuck": "tuck which card (or none)", "remove a cube": "remove a cube from which track",
       "copy a Production card": "copy which Production card",
       "the card 'this card' means": "which card 'this card' means",
       "choose one": "choose one", "give a tucked card": "give which tucked card",
       "take a tucked card": "take which tucked card", "copy a Leader": "copy which Leader"}


def source_text(view: EstateView) -> str:
    """What the viewer's question comes from, with its text: the Solo Mode card revealed
    in the middle of another effect when one asks (E-R28: ``"Thief, a Solo Mode card
    revealed from the deck while refilling the Market: …"``), else the pending effect."""
    src = view.question_from
    by = view.question.by if view.question is not None else ""
    if by:
        return (f"{card_name(by)}, a Solo Mode card revealed from the deck while {source_name(src)}: "
                f"{card(by).text}{mark(card(by).source)}")
    if not src:
        return ""
    if src in CONTENT.leaders:
        return leader_text(src)
    if src in CONTENT.spaces or src in CONTENT.tiles:
        sp = space(src)
        return f"{sp.name}: {sp.text}{mark(sp.source)}"
    if src in CONTENT.events:
        ev = CONTENT.events[src]
        return f"{ev.name}: {ev.text}{mark(ev.source)}"
    if src in CONTENT.solo_events:
        ev = CONTENT.solo_events[src]
        return f"{ev.name}: {ev.text}{mark(ev.source)}"
    words = {"draw": "Your Draw action", "expand": "Your Expand (paying its cost)",
             "refill": "Refilling the Market", "reward": "An Era Objective's reward",
             "deal": "An Era Objective's reward", "drought": "Drought: a Gather yields 1 less"}
    if src in words:
        return words[src]
    try:
        return f"{card_name(src)}: {card(src).text}{mark(card(src).source)}"
    except (KeyError, ValueError, IndexError):
        return src


def spec_text(text: str) -> str:
    """``"{'I': 1}"`` (a spec as the rules write it in a question) as ``"1 Iron"``."""
    try:
        spec = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    if not isinstance(spec, dict):
        return text
    return " ".join(f"{n} {'of your choice' if r == 'any' else res_name(r)}" for r, n in spec.items()
                    if isinstance(n, int)) or text


def question_text(view: EstateView) -> str:
    """``"? Forge: …  — gain which resource"``: the question the viewer owes."""
    q = view.question
    if q is None:
        return ""
    why = WHY.get(q.why, q.why)
    if q.why.startswith("pay "):
        why = f"pay {spec_text(q.why[4:].rstrip('?'))}?"
    elif q.why.startswith("take "):
        why = q.why.replace("hand_card", "a card from hand").replace("resource_or_gold", "a resource or Gold")
    if "stop" in q.options:
        why += " (or stop)"
    if q.by:  # a Solo Mode card asks, in the middle of another effect (E-R28)
        why += f" ({card_name(q.by)})"
    source = source_text(view)
    shown = f"\nShown to you: {', '.join(card_name(c) for c in q.shown)}" if q.shown else ""
    if q.chosen:  # an "up to" choice: what it took so far in this effect
        shown += f"\n{CHOSEN.get(q.why, 'Chosen so far')}: {', '.join(answer_text(v, view) for v in q.chosen)}"
    return f"? {why}" + (f"\n  ({source})" if source else "") + shown


CHOSEN = {"discard": "Discarded so far", "exchange": "Paid so far"}
"""How an "up to" question says what it took so far, by its ``why``."""


def answer_text(value: Any, view: EstateView, names: Sequence[str] = ()) -> str:
    """One answer to the viewer's question, in words."""
    q = view.question
    kind = q.kind if q is not None else ""
    if value == "stop":
        return "Stop"
    if value == "none":
        return "None"
    if kind == "yes_no":
        return "Yes" if value else "No"
    if kind == "option":
        return f"Option {int(value) + 1}"
    if kind == "target":
        return f"{seat_word(view, int(value), names)} ({leader_name(view.estates[int(value)].leader)})"
    if kind == "resource":
        return res_name(str(value))
    if kind == "track":
        return f"{value} track"
    if kind == "draw":
        return "The deck's top card" if value == "deck" else f"{card_name(value)} from the Market"
    if kind == "stored":
        c, item = value
        return f"{res_name(item)} stored on {card_name(c)}"
    if kind == "tucked":
        s, under, c = value
        return f"{card_name(c)} under {seat_word(view, s, names)}'s {card_name(under)}"
    if kind == "leader":
        return f"The {leader_name(value)}"
    if kind == "card":
        return card_name(value) if isinstance(value, str) else placed_card(value)
    return str(value)


PLACES = {"hand": "from your hand", "market": "from the Market", "discard": "from the discard pile",
          "revealed": "just revealed"}
"""Where a card chosen with its place comes from (the tuck question, E-V10)."""


def placed_card(value: tuple[str, str]) -> str:
    """``("hand", copy)`` (a tuck's choice, E-V10) in words: ``"Actor from your hand"``."""
    place, copy = value
    return f"{card_name(copy)} {PLACES.get(place, place)}"


def answer_preview(value: Any, view: EstateView) -> str:
    q = view.question
    kind = q.kind if q is not None else ""
    if kind in ("card", "draw") and value not in ("stop", "none", "deck"):
        return card_text(value if isinstance(value, str) else value[1])
    if kind == "leader":
        return leader_text(value)
    if kind == "option":
        return f"Option {int(value) + 1} of: {source_text(view)}"
    if kind == "track":
        seat = view.seat
        return f"{value} track: value {track_value(view, seat, value)} → {next_value(view, seat, value)}"
    return ""  # (the question above says what the answer does)


def seat_word(view: EstateView, seat: int, names: Sequence[str] = ()) -> str:
    """``"you"``, the seat's name, or ``"seat 2"`` without names."""
    if seat == view.seat:
        return "you"
    return names[seat] if names and 0 <= seat < len(names) else f"seat {seat + 1}"


# ---- the log --------------------------------------------------------------------------

def event_line(event: Any, names: Sequence[str], me: int | None) -> str:
    """``"Ada gathers at Iron Seam"``; the cards of an event only as the view shows
    them (a private pick's card only to its picker)."""
    who = "" if event.seat < 0 else ("You" if event.seat == me else names[event.seat])
    what = named(event.what, lambda s: "you" if s == me else names[s] if 0 <= s < len(names) else f"seat {s + 1}")
    if what == "chose" and not event.cards:
        what = "answered"
    line = subject(who, what)  # "You gather", "You are"
    shown = [item_name(c) for c in event.cards if item_name(c) not in what]
    if shown and (event.seat == me or not event.private):
        line += ": " + ", ".join(shown)
    return line[0].upper() + line[1:] if line else line

