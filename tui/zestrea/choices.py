"""What a Zestrea form offers in each field once the earlier fields are chosen.

An :class:`~rules.core.ActionKind` bounds each parameter on its own (any other Boyar's
single, any revealed card of anyone); the rules then check how the fields go together
(``ActionKind.checks``). A player should not be offered what those checks refuse, so
each field here is narrowed to what the view shows fits the fields before it:

- a wedding offer (reference §3.6, Z-R28, Z-F15): *their single* is a single of the
  Boyar chosen in *to*, of the other sex than *your single* (either sex while Weddings
  in Amsterdam is in force), not barred this turn (Bar Fight); *to* lists only Boyars
  with such a single, and of those only the ones with whom some split of the attempt's
  2 Zestre can be paid now (where there is one); *who pays the 2* only the splits both
  sides could pay now (Z-R29: payment is taken at acceptance, so an offer naming a
  Boyar for Zestre it lacks cannot be sent); *receiver* is the Lad's Boyar for a Lad
  and a Maiden, else one of the two Boyars (F06); the sweetener comes from its payer:
  your hand and Zestre, or the cards the target has revealed and its Zestre (Z-R23,
  ruling beside ``rules.zestrea.offers._shown_cards``), its Zestre less the payer's
  share of the 2; no payer, no sweetener;
- a trade (Z-R35): the cards and Zestre asked are the chosen Boyar's, the cards only
  those it has revealed (Z-R23); with nothing of yours to give, *to* lists only Boyars
  with something to ask for;
- a counter answers an offer the chosen Boyar made to you;
- an Elopement (F23): the other single is of the other sex (Z-R28).

Every narrowed parameter is a subset of its bound, so what the form sends is still
within the kind's bounds (``rules.core.permits``); the host keeps the last word.

A counter-offer's form starts from the offer it answers, seen from the other side
(:func:`counter_start`). Beside the fields a form may tell what the rules allow but a
player should know before sending (:func:`advice`): a wedding offer asking for more
attempts than its payers can pay now (§3.6: each later attempt goes ahead only if they
can pay it then)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

import attrs

from rules.core import ActionKind, Param, SomeOf, Whole, plural
from rules.zestrea.cards import sex
from rules.zestrea.offers import proposal_payers
from rules.zestrea.state import SPLITS, ProposeWedding
from rules.zestrea.weddings import attempts_payable, shares, short_of

from .words import seat_word, verb

Chosen = Mapping[str, Any]
"""The values of the fields chosen so far, by parameter name."""


def narrow(view: Any, kind: ActionKind, chosen: Chosen) -> tuple[Param, ...]:
    """``kind``'s parameters, each narrowed (never widened) to what fits ``chosen``
    and ``view`` (the seat's :class:`rules.zestrea.state.ZestreaView`). A field left
    with nothing to offer keeps its bound (the host then says why)."""
    rules = _NARROWERS.get(kind.kind, {})
    out = []
    for param in kind.params:
        rule = rules.get(param.name)
        allowed = rule(view, chosen) if rule is not None else None
        out.append(param if allowed is None else _within(param, allowed))
    return tuple(out)


def _within(param: Param, allowed: Any) -> Param:
    """``param`` cut to ``allowed``: a collection of values, or for a whole number its
    highest value. An empty cut keeps ``param`` (a OneOf must offer something)."""
    if isinstance(param, Whole):
        return attrs.evolve(param, hi=max(param.lo, min(param.hi, allowed)))
    values = tuple(v for v in param.values if v in allowed)
    if isinstance(param, SomeOf):
        return attrs.evolve(param, values=values, hi=None if param.hi is None else min(param.hi, len(values)))
    return attrs.evolve(param, values=values) if values else param


# ---- the view's facts ------------------------------------------------------------------


def _seat(view: Any, seat: Any) -> bool:
    """Whether ``seat`` (a field's value) is a seat of the view."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(view.estates)


def _singles(view: Any, seat: Any) -> tuple[str, ...]:
    """``seat``'s singles who may marry now as the view shows them: no baby, not barred
    (abroad villagers are already outside the kind's bounds)."""
    if not _seat(view, seat):
        return ()
    estate = view.estates[seat]
    return tuple(v for v in estate.singles if v not in estate.babies and v not in view.barred)


def _match(view: Any, a: Any, b: Any) -> bool:
    """A Lad and a Maiden, or any two while Weddings in Amsterdam is in force (Z-R28)."""
    return isinstance(a, str) and isinstance(b, str) and (view.amsterdam or sex(a) != sex(b))


def _zestre(view: Any, seat: Any) -> int:
    return view.estates[seat].zestre if _seat(view, seat) else 0


def _revealed(view: Any, seat: Any) -> tuple[str, ...]:
    return view.estates[seat].revealed if _seat(view, seat) else ()


def _counters(view: Any, chosen: Chosen) -> tuple[int, ...]:
    """No counter, or an offer the chosen Boyar made to you (its id)."""
    return (0,) + tuple(o.id for o in view.my_offers if o.by == chosen.get("to") and o.to == view.seat)


# ---- a wedding offer -------------------------------------------------------------------


def _splits(view: Any, to: Any) -> tuple[str, ...]:
    """The splits of an attempt's 2 Zestre that you and ``to`` could both pay now
    (Z-R29: payment at acceptance), as the view's public Zestre counts show."""
    if not _seat(view, to):
        return ()
    return tuple(s for s in SPLITS if short_of(view, shares(s, view.seat, to)) is None)


def _wedding_to(view: Any, chosen: Chosen) -> tuple[int, ...]:
    mine = _singles(view, view.seat)
    fit = tuple(s for s in range(len(view.estates)) if s != view.seat
                and any(_match(view, m, t) for m in mine for t in _singles(view, s)))
    return tuple(s for s in fit if _splits(view, s)) or fit


def _split(view: Any, chosen: Chosen) -> tuple[str, ...]:
    return _splits(view, chosen.get("to"))


def _wedding_mine(view: Any, chosen: Chosen) -> tuple[str, ...]:
    theirs = _singles(view, chosen.get("to"))
    return tuple(m for m in _singles(view, view.seat) if any(_match(view, m, t) for t in theirs))


def _wedding_theirs(view: Any, chosen: Chosen) -> tuple[str, ...]:
    return tuple(t for t in _singles(view, chosen.get("to")) if _match(view, chosen.get("mine"), t))


def _receiver(view: Any, chosen: Chosen) -> tuple[int, ...]:
    mine, theirs = chosen.get("mine"), chosen.get("theirs")
    if isinstance(mine, str) and isinstance(theirs, str) and sex(mine) == sex(theirs):
        return (view.seat, chosen.get("to"))
    return (-1,)


def _payer(view: Any, chosen: Chosen) -> Any:
    return {"proposer": view.seat, "target": chosen.get("to")}.get(chosen.get("sweet_payer"))


def _sweet_zestre(view: Any, chosen: Chosen) -> int:
    """The payer's Zestre less its share of the first attempt's 2 (both are taken at
    acceptance, §3.6 acceptance checks)."""
    payer, to, split = _payer(view, chosen), chosen.get("to"), chosen.get("split")
    share = dict(shares(split, view.seat, to)).get(payer, 0) if split in SPLITS and _seat(view, to) else 0
    return _zestre(view, payer) - share


def _sweet_cards(view: Any, chosen: Chosen) -> tuple[str, ...]:
    payer = _payer(view, chosen)
    if payer is None:
        return ()
    return view.hand if payer == view.seat else _revealed(view, payer)


def _sweet_when(view: Any, chosen: Chosen) -> tuple[str, ...] | None:
    return ("on_accept",) if not chosen.get("sweet_payer") else None


# ---- a gift, a trade, an Elopement ---------------------------------------------------------------


GIFT_START = {"zestre": 1}
"""A gift form's first values: 1 Zestre, the least gift there is (Z-R35), so it never
opens on a gift of nothing, which is refused; without Zestre the field keeps 0 and the
cards are ticked by the player (a card is never given away unasked)."""


def _trade_to(view: Any, chosen: Chosen) -> tuple[int, ...] | None:
    """With nothing of yours to give, only a Boyar with something to ask for (Zestre, a
    revealed card): a trade with anyone else could only be refused (Z-R35)."""
    if _zestre(view, view.seat) or view.hand:
        return None
    return tuple(s for s in range(len(view.estates)) if s != view.seat
                 and (_zestre(view, s) or _revealed(view, s)))


def _ask_zestre(view: Any, chosen: Chosen) -> int:
    return _zestre(view, chosen.get("to"))


def _ask_cards(view: Any, chosen: Chosen) -> tuple[str, ...]:
    return _revealed(view, chosen.get("to"))


def _elopement_other(view: Any, chosen: Chosen) -> tuple[str, ...] | None:
    if chosen.get("card", "")[:3] != "F23":
        return None
    return tuple(v for s in range(len(view.estates)) if s != view.seat
                 for v in _singles(view, s) if _match(view, chosen.get("villager"), v))


_NARROWERS: dict[str, dict[str, Callable[[Any, Chosen], Any]]] = {
    "propose-wedding": {"to": _wedding_to, "mine": _wedding_mine, "theirs": _wedding_theirs,
                        "split": _split, "receiver": _receiver, "sweet_zestre": _sweet_zestre,
                        "sweet_cards": _sweet_cards, "sweet_when": _sweet_when, "counter": _counters},
    "propose-trade": {"to": _trade_to, "ask_zestre": _ask_zestre, "ask_cards": _ask_cards,
                      "counter": _counters},
    "play": {"other": _elopement_other},
}


# ---- what the form tells beside its fields ------------------------------------------------


def advice(view: Any, names: Any, kind: ActionKind, chosen: Chosen) -> str:
    """What a form tells under its fields, for the values ``chosen`` (``""``: nothing):
    for a wedding offer asking more attempts than the Zestre its payers hold now pays
    for (:func:`rules.zestrea.weddings.attempts_payable`, with the shares and sweetener
    the rules take, :func:`rules.zestrea.offers.proposal_payers`), how many can be paid
    and who runs short. The rules allow the offer (a later attempt goes ahead only if
    its payers can pay it then, §3.6), so the form says it rather than refusing."""
    attempts, to, split = chosen.get("attempts"), chosen.get("to"), chosen.get("split")
    if kind.kind != "propose-wedding" or not isinstance(attempts, int) or not _seat(view, to) \
            or split not in SPLITS:
        return ""
    offer = ProposeWedding(to, "", "", split, attempts, sweet_payer=chosen.get("sweet_payer") or "",
                           sweet_zestre=chosen.get("sweet_zestre") or 0)
    paid, short = attempts_payable(view, *proposal_payers(view.seat, offer), most=attempts)
    if short is None:
        return ""
    seat = short[0]
    has = verb(seat_word(names, seat), "have", "has") + f" {view.estates[seat].zestre} Zestre"
    if not paid:
        return f"No attempt can be paid now: {has}."
    return (f"The Zestre held now pays {paid} of these {plural(attempts, 'attempt')} ({has}); "
            "the rest go ahead only if the payers can pay them then.")


# ---- a counter-offer ---------------------------------------------------------------------

_OTHER_SIDE = {"proposer_2": "target_2", "target_2": "proposer_2", "proposer": "target", "target": "proposer"}
"""A split or a sweetener's payer as the Boyar answering names it (the proposer of the
offer answered is the target of the counter)."""


def counter_start(offer: Any) -> dict[str, Any]:
    """The fields a counter to ``offer`` (a wedding or trade offer made to you) starts
    from: its own terms seen from your side (reference §3.6: a counter is a new offer
    back), so a counter changes only what it means to change: a wedding's singles
    swapped and the same payers named from your side; a trade's Zestre and cards given
    and asked swapped. What no longer fits the view gives way in the form as any
    choice does (``narrow``)."""
    if offer.kind == "wedding-offer":
        return {"mine": offer.theirs, "theirs": offer.mine, "split": _OTHER_SIDE.get(offer.split, offer.split),
                "attempts": offer.attempts, "receiver": offer.receiver,
                "sweet_payer": _OTHER_SIDE.get(offer.sweet_payer, offer.sweet_payer),
                "sweet_zestre": offer.sweet_zestre, "sweet_cards": offer.sweet_cards,
                "sweet_when": offer.sweet_when}
    if offer.kind == "trade-offer":
        return {"give_zestre": offer.ask_zestre, "give_cards": offer.ask_cards,
                "ask_zestre": offer.give_zestre, "ask_cards": offer.give_cards}
    return {}
