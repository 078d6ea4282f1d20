"""One action in words, as the table's log tells it: ``describe(name, action, events)``.

The log is public, so it says only what everyone may know (reference §3.6 "Who sees
what", §3.10): that an offer was made and how it ended, never its terms; the number of
cards that changed hands, never which; prompt answers only through what they caused.
Villagers are told by name and sex (``Ion (♂)``), cards by title, seats by the player's
name when ``names`` is given, else as ``seat N`` (1-based; :func:`rules.core.seat_name`).

The words for the events a table tells on its own are here too, one function each, so
the table and ``parlour replay --text`` say them alike: :func:`attempt_text` (a wedding
attempt's die and what comes next), :func:`food_text` (one Boyar's Food step),
:func:`land_text` (Land lost or gained), :func:`production_text` (a Production roll and
the Zestre it gained), :func:`no_roll_text` (a Boyar who rolled nothing) and
:func:`came_text` (a villager who came to an Estate, and how), :func:`drawn_text` (Fate
cards drawn), :func:`bought_text` (a Land or Fate card bought), :func:`given_text` and
:func:`moved_text` (Zestre and Fate cards given), :func:`toll_text` (a Time card's
forced payment), :func:`paid_text` (who paid a wedding attempt, and what),
:func:`zestre_text` (Zestre a card gave or took that no other line tells),
:func:`villager_moved_text` (a villager a card sent to another Estate) and
:func:`separated_text` (a Couple a card separated).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import named, seat_name
from .cards import TIMES, card_name, person, reason, title
from .state import (
    Accept, Adopt, AuctionEnded, Attempted, Bid, Bought, BuyFate, BuyLand, CardsMoved, Choose,
    Decline, FateDrawn, FatePlayed, FoodSummary, Gift, LandChanged, OfferClosed, Pass, PassWindow,
    PhaseBegan, PlayFate, ProposeTrade, ProposeWedding, Ready, RentMusician, Reveal, Rolled, Separated,
    TimeRevealed, Toll,
    Unready, UseMusician, VillagerCame, VillagerGone, VillagerMoved, Window, WindowOpened, Withdraw,
    ZestreChanged, ZestreGiven,
)

BOUGHT_WORDS = {"land": "a Land", "fate": "a Fate card", "adoption": "an adoption"}
ZESTRE_TOLD_ELSEWHERE = frozenset(("production", "food", "auction", "wedding-attempt", "land",
                                   "adoption", "fate"))
"""The reasons of Zestre changes :func:`zestre_text` leaves to others: a Production
roll's (:func:`production_text`), Food's summary (:func:`food_text`), the auction's end,
a purchase (:func:`bought_text`), and a wedding attempt's shares (told per payer with
the attempt's window, :func:`paid_text`)."""
GIVEN_BACK = frozenset(("matchmaker",))
"""Reasons of Zestre the State gives back (The Matchmaker, F19): told as "back"."""


def who(villager: str) -> str:
    """``"Ion (♂)"``: a villager's name and sex."""
    return person(villager)


def couple_text(stayed: str, moved: str) -> str:
    """``"Ion (♂) and Ana (♀)"``: a Couple by its spouses, the one who stayed first (Z-F18)."""
    return f"{who(stayed)} and {who(moved)}"


def couple_names(holder: Any) -> dict[str, str]:
    """``{"C3": "Ion (♂) and Ana (♀)"}``: every Couple on ``holder``'s ``estates`` (a
    state or a view) by its spouses (:func:`couple_text`)."""
    return {c.id: couple_text(c.stayed, c.moved) for e in holder.estates for c in e.couples}


def production_text(events: Sequence[object], k: int, names: Sequence[str] = (),
                    couples: Mapping[str, str] | None = None) -> str:
    """The Production roll at ``events[k]`` (step II, Z-R10) with the Zestre it gained
    (the ``ZestreChanged`` after it, before the next roll): ``"Ana rolled 5 for Ion (♂)
    and Maria (♀): +2 Zestre"``; the Couple as ``couples`` (:func:`couple_names`) names
    it, else ``"Couple 3"``."""
    roll: Any = events[k]
    gained = 0
    for later in events[k + 1:]:
        if isinstance(later, Rolled):
            break
        if isinstance(later, ZestreChanged) and later.seat == roll.seat and later.why == "production":
            gained = later.delta
            break
    subject = roll.subject
    couple = (couples or {}).get(subject) or (f"Couple {subject[1:]}" if subject[:1] == "C" else "")
    return f"{seat_name(roll.seat, names)} rolled {roll.die} for {couple or 'a Couple'}: +{gained} Zestre"


def no_roll_text(seat: int, names: Sequence[str] = ()) -> str:
    """``"Ana rolled nothing (no Couple chosen)"``: a Boyar with no Production roll."""
    return f"{seat_name(seat, names)} rolled nothing (no Couple chosen)"


def closed_words(how: str) -> str:
    """How an offer closed, as the end of "offer 24 from Ada to You ...": ``"expired"``
    for one whose step or window ended, else ``"was declined"``, ``"was cancelled"``...
    (``OfferClosed.how``; "was expired" read wrongly: player-test 22)."""
    return how if how == "expired" else f"was {how}"


def came_text(event: VillagerCame, names: Sequence[str] = ()) -> str:
    """``"Ion (♂) came to Ana (newcomer)"``: a villager who joined an Estate, and how."""
    return f"{who(event.villager)} came to {seat_name(event.seat, names)} ({reason(event.how)})"


def cards_text(count: int, cards: Sequence[str] = ()) -> str:
    """``"2 Fate cards"``, ``"1 Fate card: Musician"`` (the names where the reader sees
    them: §3.6, only the taker and the two parties)."""
    text = f"{count} Fate card{'s' * (count != 1)}"
    return text + (f": {', '.join(card_name(c) for c in cards)}" if cards else "")


def drawn_text(event: FateDrawn, names: Sequence[str] = (), time_card: str = "") -> str:
    """``"Ana drew 1 Fate card (Spring Blessing)"``: a Good Times draw by ``time_card``
    (the Time card that gave it, when known), else the event's reason (:func:`reason`);
    the cards named as the event shows them."""
    why = card_name(time_card) if event.why == "good-times" and time_card else reason(event.why)
    return f"{seat_name(event.seat, names)} drew {cards_text(event.count, event.cards)} ({why})"


def bought_text(event: Bought, names: Sequence[str] = ()) -> str:
    """``"Ana bought a Land for 4 Zestre"``."""
    return f"{seat_name(event.seat, names)} bought {BOUGHT_WORDS.get(event.what, event.what)} for {event.price} Zestre"


def given_text(event: ZestreGiven, names: Sequence[str] = ()) -> str:
    """``"Ana gave Ben 3 Zestre (gift)"``; a Boyar who had nothing to give what a card
    asked (reference §4: "a Boyar with 0 gives nothing", Just Married F09, The
    Godparents F20): ``"Ben has no Zestre to give Ana (Just Married)"``."""
    giver, taker = seat_name(event.giver, names), seat_name(event.taker, names)
    if not event.zestre:
        return f"{_s(giver, 'have', 'has')} no Zestre to give {taker} ({reason(event.why)})"
    return f"{giver} gave {taker} {event.zestre} Zestre ({reason(event.why)})"


def moved_text(event: CardsMoved, names: Sequence[str] = ()) -> str:
    """``"Ana gave Ben 1 Fate card: Musician (gift)"`` (the cards as the event shows them)."""
    return (f"{seat_name(event.giver, names)} gave {seat_name(event.taker, names)} "
            f"{cards_text(event.count, event.cards)} ({reason(event.why)})")


def toll_text(event: Toll, names: Sequence[str] = ()) -> str:
    """A Time card's forced payment (reference §5, Z-R5): ``"Ada pays 4 Zestre (Tax
    Collector)"``, or when the Boyar had less than it owed, ``"You pay 1 of the 2 Zestre
    owed (Tax Collector)"``."""
    name = seat_name(event.seat, names)
    paid = f"{event.paid} Zestre" if event.paid == event.owed else f"{event.paid} of the {event.owed} Zestre owed"
    return f"{_s(name, 'pay', 'pays')} {paid} ({reason(event.why)})"


def paid_text(window: Window, names: Sequence[str] = ()) -> str:
    """Who paid a wedding attempt to the State, each payer with their share (rulebook
    "IV. Weddings and Negotiations": 2 Zestre per attempt, one each or one pays both;
    Z-F16, Z-R29; public, as completed payments are, §3.6 "Who sees what"): ``"Ada pays
    2 Zestre for the wedding attempt"``, ``"Ada pays 1 Zestre and You pay 1 Zestre for
    wedding attempt 2 of 3"``; ``""`` for an Elopement's attempt, which costs nothing
    (F23)."""
    paid = " and ".join(f"{_s(seat_name(seat, names), 'pay', 'pays')} {amount} Zestre"
                        for seat, amount in window.payers)
    which = f"wedding attempt {window.attempt} of {window.attempts}" if window.attempts > 1 else "the wedding attempt"
    return f"{paid} for {which}" if paid else ""


def zestre_text(event: ZestreChanged, names: Sequence[str] = ()) -> str | None:
    """Zestre a card gave or took, in Zestre (reference §4, §5): ``"Ada gets 2 Zestre
    (Țuică (Plum Brandy))"``, ``"You get 1 Zestre back (The Matchmaker)"``, ``"Ada pays 1
    Zestre (The Notary's Bribe)"``; ``None`` for a change another line tells
    (:data:`ZESTRE_TOLD_ELSEWHERE`)."""
    if event.why in ZESTRE_TOLD_ELSEWHERE:
        return None
    name, amount = seat_name(event.seat, names), f"{abs(event.delta)} Zestre"
    if event.delta < 0:
        return f"{_s(name, 'pay', 'pays')} {amount} ({reason(event.why)})"
    back = " back" if event.why in GIVEN_BACK else ""
    return f"{_s(name, 'get', 'gets')} {amount}{back} ({reason(event.why)})"


def villager_moved_text(event: VillagerMoved, names: Sequence[str] = ()) -> str:
    """``"Ion (♂) moved from Ada to Ben (Extended Vacation)"``: a villager a card sent to
    another Estate (F05, F10)."""
    return (f"{who(event.villager)} moved from {seat_name(event.giver, names)} to "
            f"{seat_name(event.taker, names)} ({reason(event.why)})")


def separated_text(event: Separated, names: Sequence[str] = ()) -> str:
    """``"Ion (♂) and Ana (♀) of Ada separated (Trouble In Paradise)"``: a Couple a card
    parted (F11), by its spouses as every Couple is told (:func:`couple_text`)."""
    return (f"{couple_text(event.stayed, event.moved)} of {seat_name(event.seat, names)} "
            f"separated ({reason(event.why)})")


def _count(n: int, one: str, many: str = "") -> str:
    """``"1 attempt"``, ``"2 attempts"``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _villagers(ids: Sequence[str]) -> str:
    return ", ".join(who(v) for v in ids)


def attempt_text(event: Attempted, names: Sequence[str] = ()) -> str:
    """A wedding attempt's die in words, and after a failure what comes next (§3.6,
    Z-R30-Z-R32): ``"Ion (♂) and Maria (♀) married: rolled 2, needed 3 or less"``,
    ``"Ion (♂) and Maria (♀): attempt 1 of 3 failed: rolled 5, needed 3 or less; 2
    attempts left: the next starts now"``; ``names`` by seat name a Boyar who cannot pay
    the next attempt."""
    need = f"needed {event.chance} or less" if event.chance else "no face could win (chance 0)"
    roll = f"rolled {event.die}, {need}"
    couple = f"{who(event.stays)} and {who(event.moves)}"
    which = f" (attempt {event.attempt} of {event.attempts})" if event.attempts > 1 else ""
    if event.success:
        return f"{couple} married{which}: {roll}"
    if event.attempts == 1:
        return f"{couple}: the attempt failed: {roll}; no wedding"
    head = f"{couple}: attempt {event.attempt} of {event.attempts} failed: {roll}"
    left = _count(event.attempts - event.attempt, "attempt") + " left"
    if event.then == "again":
        return f"{head}; {left}: the next starts now"
    if event.then == "cannot-pay":
        return f"{head}; {left}, but {seat_name(event.short, names)} cannot pay the next: no wedding"
    if event.then == "cannot-marry":
        return f"{head}; {left}, but the two can no longer marry: no wedding"
    return f"{head}; no attempt left: no wedding"


def food_text(event: FoodSummary, names: Sequence[str] = ()) -> str:
    """One Boyar's Food step in words (Z-R14, Z-R15, Z-F11): ``"Food for Ana: 5 units;
    3 fed by Land, 1 paid with 1 Zestre, 1 fed by giving up 1 Land; starved: Ion (♂);
    grown up: Maria (♀)"``, ``"Food for Bogdan: 3 units, all fed by Land"``."""
    text = f"Food for {seat_name(event.seat, names)}: {_count(event.units, 'unit')}"
    if event.by_land == event.units:
        text += ", all fed by Land"
    else:
        fed = [f"{event.by_land} fed by Land"] if event.by_land else []
        if event.free:
            fed.append(f"{event.free} fed for free (Great Lent)")
        if event.paid:
            fed.append(f"{event.paid} paid with {event.paid} Zestre")
        if event.land_lost:
            fed.append(f"{event.land_lost} fed by giving up {event.land_lost} Land")
        text += "; " + ", ".join(fed) if fed else ""
    if event.starved:
        text += f"; starved: {_villagers(event.starved)}"
    if event.grown:
        text += f"; grown up: {_villagers(event.grown)}"
    return text


def land_text(event: LandChanged, names: Sequence[str] = ()) -> str:
    """``"Ana gave up 2 Land for food"``, ``"Bogdan lost 1 Land (The Tatars Are
    Coming)"``, ``"Ana gained 1 Land (The Notary's Bribe)"``."""
    name, amount = seat_name(event.seat, names), _count(abs(event.delta), "Land", "Land")
    if event.delta < 0 and event.why == "food":
        return f"{name} gave up {amount} for food"
    return f"{name} {'lost' if event.delta < 0 else 'gained'} {amount} ({reason(event.why)})"


def _s(name: str, verb: str, third: str) -> str:
    """``"Ana is ready"``, ``"You are ready"``: the verb agreeing with ``name``."""
    return f"{name} {verb if name == 'You' else third}"


def _action(name: str, action: object, names: Sequence[str]) -> str:
    if isinstance(action, Choose):
        return f"{name} answered"
    if isinstance(action, Bid):
        return f"{name} bid {action.amount}"
    if isinstance(action, Pass):
        return f"{name} passed"
    if isinstance(action, BuyLand):
        return f"{name} bought a Land"
    if isinstance(action, Adopt):
        return f"{name} adopted" + ("" if action.sex == "any" else f" a {action.sex.title()}")
    if isinstance(action, BuyFate):
        return f"{name} bought a Fate card"
    if isinstance(action, PlayFate):
        return f"{name} played {title(action.card).name}"
    if isinstance(action, ProposeWedding):
        return f"{name} made a wedding offer to {seat_name(action.to, names)}"
    if isinstance(action, ProposeTrade):
        return f"{name} made a trade offer to {seat_name(action.to, names)}"
    if isinstance(action, Accept):
        return f"{name} accepted offer {action.offer}"
    if isinstance(action, Decline):
        return f"{name} declined offer {action.offer}"
    if isinstance(action, Withdraw):
        return f"{name} withdrew offer {action.offer}"
    if isinstance(action, Gift):
        parts = [f"{action.zestre} Zestre"] if action.zestre else []
        parts += [f"{len(action.cards)} Fate card{'s' * (len(action.cards) != 1)}"] if action.cards else []
        return f"{name} gave {seat_name(action.to, names)} {' and '.join(parts)}"
    if isinstance(action, Reveal):
        return f"{name} revealed {title(action.card).name}"
    if isinstance(action, Ready):
        return _s(name, "are", "is") + " ready"
    if isinstance(action, Unready):
        return _s(name, "are", "is") + " not ready"
    if isinstance(action, UseMusician):
        return f"{name} brought a Musician"
    if isinstance(action, RentMusician):
        return f"{name} asked to rent a Musician"
    if isinstance(action, PassWindow):
        return f"{name} passed the window"
    return f"{name} acted"


def describe(name: str, action: object, events: Sequence[object] = (), names: Sequence[str] = (),
             couples: Mapping[str, str] | None = None, time_card: str = "") -> str:
    """``"Ana played Bad Eyesight"``, ``"Bogdan accepted offer 3; Ion (♂) and Maria (♀)
    married: rolled 1, needed 3 or less"``: the action, then what followed that everyone
    saw (Production rolls with the Zestre gained and who rolled nothing, attempts and
    who paid each, weddings, deaths, arrivals and to whom, villagers moved, Couples
    separated, Land lost,
    Zestre a card gave or took and each Boyar's payment to a Time card, the auction's
    end, each Boyar's Food, the next Time card), in the table log's words. ``names``: the
    players' names by seat, when the caller has them (else other seats are ``seat N``);
    the reasons the rules give are told with them too. ``couples``: the Couples by
    their spouses (:func:`couple_names`), else a roll names ``"Couple N"``;
    ``time_card``: the Time card in play (a Good Times draw is told by it)."""
    text = _action(name, action, names)
    rolled: set[int] = set()
    for k, e in enumerate(events):
        if isinstance(e, Rolled) and e.why == "production":
            rolled.add(e.seat)
            text += "; " + production_text(events, k, names, couples)
        elif isinstance(e, PhaseBegan) and e.phase == "auction":  # Production is over
            text += "".join(f"; {no_roll_text(s, names)}" for s in range(len(names)) if s not in rolled)
        elif isinstance(e, FateDrawn):  # (the log is public: no card named)
            text += "; " + drawn_text(FateDrawn(e.seat, e.count, e.why), names, time_card)
        elif isinstance(e, Bought) and e.what in ("land", "fate"):
            text += f" for {e.price} Zestre" if isinstance(action, (BuyLand, BuyFate)) else "; " + bought_text(e, names)
        elif isinstance(e, ZestreGiven) and e.giver != e.taker and not isinstance(action, Gift):
            text += "; " + given_text(e, names)
        elif isinstance(e, CardsMoved) and not isinstance(action, Gift):
            text += "; " + moved_text(CardsMoved(e.giver, e.taker, e.count, e.why), names)
        elif isinstance(e, Attempted):
            text += "; " + attempt_text(e, names)
        elif isinstance(e, WindowOpened) and (paid := paid_text(e.window, names)):
            text += "; " + paid
        elif isinstance(e, FoodSummary):
            text += "; " + food_text(e, names)
        elif isinstance(e, LandChanged) and e.why != "food":  # Food's is in its summary
            text += "; " + land_text(e, names)
        elif isinstance(e, Toll):
            text += "; " + toll_text(e, names)
        elif isinstance(e, ZestreChanged) and (told := zestre_text(e, names)):
            text += "; " + told
        elif isinstance(e, VillagerMoved):
            text += "; " + villager_moved_text(e, names)
        elif isinstance(e, Separated):
            text += "; " + separated_text(e, names)
        elif isinstance(e, VillagerGone):
            text += f"; {who(e.villager)} {e.how} ({reason(e.why)})"
        elif isinstance(e, VillagerCame) and e.how in ("adopted", "born", "newcomer"):
            text += "; " + came_text(e, names)
        elif isinstance(e, OfferClosed) and e.how in ("cancelled", "expired"):
            text += f"; offer {e.id} {closed_words(e.how)}: {named(e.why, names) or 'it could no longer go ahead'}"
        elif isinstance(e, AuctionEnded):
            text += (f"; {title(e.card).name} went for {e.amount} Zestre to {seat_name(e.winner, names)}"
                     if e.winner is not None else f"; nobody bid for {title(e.card).name}")
        elif isinstance(e, TimeRevealed):
            text += f"; {TIMES[e.card].name} is the Time card"
        elif isinstance(e, FatePlayed) and not isinstance(action, PlayFate):
            text += f"; {title(e.card).name} played"
    return text


def describe_in(state: Any, name: str, action: object, events: Sequence[object] = (),
                names: Sequence[str] = ()) -> str:
    """:func:`describe` with the Couples named by their spouses and the Time card from
    ``state`` (the game after the action): what ``parlour replay --text`` prints."""
    return describe(name, action, events, names, couple_names(state), state.time_card)
