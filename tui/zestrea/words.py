"""Zestrea's table words: cards, villagers, seats, actions, action kinds' parameters and
events in words, as the table shows them (names from rules/zestrea's data files).

Only what the view and the events already hold is told: nothing here decides a rule."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rules.core import ActionKind, named
from rules.zestrea.cards import BOYAR_CARDS, FATE, PEOPLE, TIMES, person, reason, title
from rules.zestrea.cards import card_name as _card_name
from rules.zestrea.game import CHOICE_WORDS
from rules.zestrea.words import came_text, closed_words
from rules.zestrea.words import couple_names as rule_couple_names
from rules.zestrea.state import (
    Accept, Adopt, AuctionEnded, AuctionOpened, Attempted, Bid, BidMade, BidPassed, BuyFate,
    BuyLand, ChanceChanged, Choose, Decline, FatePlayed, Married, OfferClosed, OfferMade, Pass,
    PassWindow, PlayFate, Ready, ReadyChanged, Reveal, Rolled, TimeRevealed, TurnBegan, Unready,
    UseMusician, VillagerCame, VillagerGone, Withdraw, WindowOpened,
)

PHASE_WORDS = {"hard-times": "I Hard Times", "production": "II Production", "auction": "III Auction",
               "negotiation": "IV Weddings and Negotiations", "food": "V Food", "over": "game over"}
KIND_WORDS = {
    "bid": "Bid (choose the amount)", "choose": "Answer (choose)", "play": "Play a card",
    "propose-wedding": "Propose a wedding", "propose-trade": "Propose a trade",
    "gift": "Give a gift", "rent-musician": "Rent a Musician",
}
PARAM_WORDS = {
    "to": "to Boyar", "mine": "your single", "theirs": "their single", "split": "who pays the 2",
    "attempts": "attempts", "receiver": "receiver", "sweet_payer": "sweetener paid by",
    "sweet_zestre": "sweetener Zestre", "sweet_cards": "sweetener cards",
    "sweet_when": "sweetener given", "counter": "counters offer", "give_zestre": "you give Zestre",
    "give_cards": "you give cards", "ask_zestre": "you ask Zestre", "ask_cards": "you ask cards",
    "zestre": "Zestre", "cards": "cards", "amount": "amount", "picked": "choice",
    "villager": "villager", "other": "other single", "couple": "Couple", "record": "wedding",
    "mode": "play as", "musician": "Musician",
}
PROMPT_WORDS = {
    "produce": "Production: the Couples with a Land you roll for (Zestre and perhaps a baby), in the order rolled",
    "tatars": "The Tatars Are Coming: what you give up",
    "cholera": "Cholera: who is hit (at most one spouse of each Couple)",
    "winter": "Harsh Winter: the singles you pay for",
    "newcomer": "Newcomers: the sex of your newcomer",
    "starve": "Food: the villagers you cannot feed starve (one Couple always stays)",
    "play-now": "You won the auction: play the card now, or keep it for later",
    "ransom": "Steal the Bride: pay the ransom, or hand over the bride",
    "fortune": "The Fortune Teller: the Time card stays on top or goes to the bottom",
}
"""What each prompt asks, in words (rules.zestrea.state.Prompt kinds)."""
PROMPT_NAMES = {"produce": "Production", "tatars": "The Tatars", "cholera": "Cholera",
                "winter": "Harsh Winter", "newcomer": "Newcomers", "starve": "Food (who starves)",
                "play-now": "Play or keep the card won", "ransom": "Steal the Bride",
                "fortune": "The Fortune Teller"}
"""Each prompt kind by a short name, for the others' prompts in the Now panel."""
FORM_NOTES = {
    "gift": "A gift gives Zestre, Fate cards or both, at once: type the Zestre, tick the cards "
            "(space).",
    "propose-trade": "A trade gives or asks something, or both: type the Zestre you give or ask, "
                     "tick the cards (space; you may ask only for cards that Boyar has revealed).",
}
"""What a form of each kind needs before it can be sent, told at its top (reference §3.5,
Z-R35: a gift or trade of nothing is refused; player-test: the forms opened on nothing)."""
VALUE_WORDS = {"proposer_2": "you pay 2", "each_1": "1 each", "target_2": "they pay 2",
               "proposer": "you", "target": "them", "": "nobody", "on_accept": "on accepting",
               "on_success": "on a wedding", **CHOICE_WORDS}


def who(villager: str) -> str:
    """``"Ion (♂)"``: a villager by name and sex."""
    return person(villager)


def name(villager: str) -> str:
    """``"Ion"``: a villager's name alone."""
    person = PEOPLE.get(villager)
    return person.name if person else villager


def card_name(card: str) -> str:
    """A Fate card (``"F07-2"``), Fate title (``"F23"``) or Time card (``"H03"``) by its name."""
    return _card_name(card)


SOURCE_MARKS = {"stand-in": " [stand-in]"}
"""What follows a card's name for its source mark (``rules.zestrea.cards.SOURCES``) in
play: only a stand-in is marked (the rules page says which cards keep a printed name
with a reconstructed effect)."""


def card_text(card: str, marks: Mapping[str, str] = SOURCE_MARKS) -> str:
    """A Fate card's (or title's) name, kind, chance and text, marked as ``marks`` has
    its source."""
    t = title(card)
    chance = f" {t.chance:+d}" if t.chance else ""
    return f"{t.name} ({t.kind}{chance}){marks.get(t.source, '')}: {t.text}"


def time_text(card: str, marks: Mapping[str, str] = SOURCE_MARKS) -> str:
    """A Time card's name and text, marked as ``marks`` has its source."""
    if card not in TIMES:
        return "no Time card yet"
    t = TIMES[card]
    return f"{t.name}{marks.get(t.source, '')}: {t.text}"


def boyar_name(number: int) -> str:
    return BOYAR_CARDS[number].name if number in BOYAR_CARDS else f"Boyar {number}"


def seat_word(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def couple_names(view: Any) -> dict[str, str]:
    """``{"C3": "Ion (♂) and Ana (♀)"}``: every Couple in ``view`` (its ``estates``) by
    its spouses, for :func:`value_text` and :func:`event_line`
    (:func:`rules.zestrea.words.couple_names`)."""
    return rule_couple_names(view)


def value_text(name: str, value: Any, names: Sequence[str], couples: Mapping[str, str] | None = None) -> str:
    """One parameter value in words (a seat by name, a villager, a card, a split; a
    Couple by its spouses when ``couples``, from :func:`couple_names`, has it)."""
    if isinstance(value, tuple):
        return ", ".join(value_text(name, v, names, couples) for v in value) or "none"
    if name in ("to",) or (name == "receiver" and value >= 0):
        return seat_word(names, value)
    if name == "receiver":
        return "the Lad's Boyar"
    if name == "counter":
        return "no offer" if value == 0 else f"offer {value}"
    if isinstance(value, str):
        if value in VALUE_WORDS:
            return VALUE_WORDS[value]
        if value in PEOPLE:
            return who(value)
        if value in TIMES or value.split("-")[0] in FATE:
            return card_name(value)
        if value[:1] == "C" and value[1:].isdigit():
            return (couples or {}).get(value) or f"Couple {value[1:]}"
    return str(value)


def kind_text(kind: ActionKind) -> str:
    fixed = dict(kind.fixed)
    if fixed.get("counter"):
        what = "a wedding" if kind.kind == "propose-wedding" else "a trade"
        return f"Counter #{fixed['counter']} with {what}…"
    if kind.kind == "play":
        return f"Play {card_name(dict(kind.fixed)['card'])}…"
    return KIND_WORDS.get(kind.kind, kind.kind) + "…"


def offer_short(verb: str, offer: Any, names: Sequence[str]) -> str:
    """``"Accept Dan's wedding offer (#2)"``, ``"Withdraw your trade offer to Ada (#3)"``:
    the Do list's Accept, Decline and Withdraw (the terms head the Now panel while the
    entry is highlighted)."""
    what = offer_kind(offer.kind).split(" ", 1)[1]  # "a wedding offer" -> "wedding offer"
    if verb == "Withdraw":
        return f"Withdraw your {what} to {seat_word(names, offer.to)} (#{offer.id})"
    return f"{verb} {seat_word(names, offer.by)}'s {what} (#{offer.id})"


def action_text(action: Any, names: Sequence[str], offers: Mapping[int, Any] | None = None) -> str:
    """A listed legal action as an entry of the table's action list (``offers``: the
    offers the seat sees by id, to say which one an Accept answers)."""
    if isinstance(action, (Accept, Decline, Withdraw)) and (offers or {}).get(action.offer) is not None:
        verb = {Accept: "Accept", Decline: "Decline", Withdraw: "Withdraw"}[type(action)]
        return offer_short(verb, offers[action.offer], names)
    if isinstance(action, ActionKind):
        return kind_text(action)
    if isinstance(action, Choose):
        return "Answer: " + value_text("picked", action.picked, names)
    if isinstance(action, Pass):
        return "Pass (leave the auction)"
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, BuyLand):
        return "Buy a Land (4 Zestre)"
    if isinstance(action, Adopt):
        return f"Adopt {VALUE_WORDS.get(action.sex, action.sex)} (2 Zestre)"
    if isinstance(action, BuyFate):
        return "Buy a Fate card (2 Zestre)"
    if isinstance(action, PlayFate):
        extra = f" as {action.mode}" if action.mode else ""
        return f"Play {card_name(action.card)}{extra}"
    if isinstance(action, Reveal):
        return f"Reveal {card_name(action.card)}"
    if isinstance(action, Accept):
        return f"Accept offer {action.offer}"
    if isinstance(action, Decline):
        return f"Decline offer {action.offer}"
    if isinstance(action, Withdraw):
        return f"Withdraw offer {action.offer}"
    if isinstance(action, Ready):
        return "Ready (nothing more this step)"
    if isinstance(action, Unready):
        return "Not ready after all"
    if isinstance(action, UseMusician):
        return f"Add your Musician ({card_name(action.musician)})"
    if isinstance(action, PassWindow):
        return "Pass the window (no more cards)"
    return str(getattr(action, "kind", action))


def verb(name: str, plain: str, third: str) -> str:
    """``"Ada is"``, ``"You are"``: ``name`` and the verb agreeing with it."""
    return f"{name} {plain if name == 'You' else third}"


def _pays(name: str, amount: str) -> str:
    """``"Ada pays 2"``, ``"You pay 2"``."""
    return verb(name, "pay", "pays") + f" {amount}"


OFFER_KINDS = {"wedding-offer": "a wedding offer", "wedding": "a wedding offer",
               "trade-offer": "a trade offer", "trade": "a trade offer",
               "rent-offer": "an offer to rent a Musician", "rent": "an offer to rent a Musician"}


def offer_kind(what: str) -> str:
    """An offer's kind in words: ``"wedding-offer"`` -> ``"a wedding offer"``."""
    return OFFER_KINDS.get(what, "an offer")


def split_text(split: str, by: str, to: str) -> str:
    """Who pays each attempt's 2 Zestre (Z-R29), the proposer ``by`` and the Boyar asked
    ``to`` by name: ``"You pay 2"``, ``"1 each"``, ``"Cleo pays 2"``."""
    return {"proposer_2": _pays(by, "2"), "target_2": _pays(to, "2")}.get(split, VALUE_WORDS.get(split, split))


def offer_text(offer: Any, names: Sequence[str]) -> str:
    """An offer's terms (only the two parties' views hold them), every payer named by
    seat, so they read the same to the proposer and to the Boyar asked: ``"#11 Ada →
    You: wedding Catinca (♀) + Marin (♂), Ada pays 2, 3 attempts"``."""
    by, to = seat_word(names, offer.by), seat_word(names, offer.to)
    head = f"#{offer.id} {by} → {to}: "
    if offer.kind == "wedding-offer":
        split = split_text(offer.split, by, to)
        sweet = ""
        if offer.sweet_payer:
            payer = {"proposer": by, "target": to}.get(offer.sweet_payer, offer.sweet_payer)
            sweet = (f"; sweetener from {payer}: {offer.sweet_zestre} Z"
                     + (f" + {value_text('', offer.sweet_cards, names)}" if offer.sweet_cards else "")
                     + f" {VALUE_WORDS[offer.sweet_when]}")
        receiver = "" if offer.receiver < 0 else f"; to {seat_word(names, offer.receiver)}"
        return (head + f"wedding {who(offer.mine)} + {who(offer.theirs)}, {split}, "
                f"{offer.attempts} attempt{'s' * (offer.attempts > 1)}{receiver}{sweet}")
    if offer.kind == "trade-offer":
        give = f"{offer.give_zestre} Z" + (f" + {value_text('', offer.give_cards, names)}" if offer.give_cards else "")
        ask = f"{offer.ask_zestre} Z" + (f" + {value_text('', offer.ask_cards, names)}" if offer.ask_cards else "")
        return head + f"trade: gives {give} for {ask}"
    return head + f"rent {card_name(offer.musician)} for {offer.zestre} Z" + (
        f" + {value_text('', offer.cards, names)}" if offer.cards else "")


def offer_cards(offer: Any) -> tuple[str, ...]:
    """The Fate cards an offer would move: a sweetener's, a trade's both ways, a rent's pay."""
    return tuple(getattr(offer, "sweet_cards", ())) + tuple(getattr(offer, "give_cards", ())) + tuple(
        getattr(offer, "ask_cards", ())) + tuple(getattr(offer, "cards", ()))


def offer_lines(offer: Any, names: Sequence[str]) -> list[str]:
    """An offer's terms (:func:`offer_text`), then the text of each card it would move
    (:func:`card_text`), so a Boyar deciding on it reads what a card does before owning it
    (player-tester 21, finding 2)."""
    return [offer_text(offer, names)] + [f"  {card_text(card)}" for card in dict.fromkeys(offer_cards(offer))]


def after_attempt(event: Attempted, attempts: int | None, again: bool, then: str = "",
                  short: str = "") -> str:
    """What follows a failed attempt (reference §3.6; Z-R31): ``attempts`` agreed
    (``None`` if unknown), whether the next attempt's window opened at once
    (``again``), and where the event says it (``Attempted.then``) why there is no
    next one: ``"cannot-pay"`` (``short`` cannot pay) or ``"cannot-marry"``."""
    of = f" of {attempts}" if attempts else ""
    if again:
        left = f" ({attempts - event.attempt} left)" if attempts else ""
        return (f"  attempt {event.attempt}{of} failed; attempt {event.attempt + 1} is paid and its "
                f"window opens again{left}: add cards or pass")
    if attempts and event.attempt < attempts:
        why = {"cannot-pay": f"{short or 'a payer'} cannot pay the next",
               "cannot-marry": "the two can no longer marry"}.get(
            then, "the payers cannot pay or the two can no longer marry")
        return f"  attempt {event.attempt}{of} failed; no more attempts: {why}"
    return f"  attempt {event.attempt}{of} failed: that was the last; no wedding"


def event_line(event: Any, names: Sequence[str], couples: Mapping[str, str] | None = None) -> str | None:
    """The events the log tells (dice, the auction, offers, weddings, arrivals and
    departures); ``None`` for the rest (their effect shows on the estates)."""
    if isinstance(event, TurnBegan):
        return f"— turn {event.turn}, " + verb(seat_word(names, event.start_player), "start", "starts")
    if isinstance(event, TimeRevealed):
        return f"Time card: {card_name(event.card)} ({event.left} left)"
    if isinstance(event, Rolled):
        subject = f" for {value_text('', event.subject, names, couples)}" if event.subject else ""
        return f"{seat_word(names, event.seat)} rolled {event.die} ({reason(event.why)}{subject})"
    if isinstance(event, AuctionOpened):
        return f"Auction: {card_name(event.card)}"
    if isinstance(event, BidMade):
        return verb(seat_word(names, event.seat), "bid", "bids") + f" {event.amount}"
    if isinstance(event, BidPassed):
        return verb(seat_word(names, event.seat), "pass", "passes")
    if isinstance(event, AuctionEnded):
        return (f"{card_name(event.card)} goes to {seat_word(names, event.winner)} for {event.amount} Zestre"
                if event.winner is not None else f"nobody bid for {card_name(event.card)}")
    if isinstance(event, OfferMade):
        return (verb(seat_word(names, event.by), "make", "makes")
                + f" {offer_kind(event.what)} to {seat_word(names, event.to)} (offer {event.id})")
    if isinstance(event, OfferClosed):
        why = named(event.why, names) or ("it could no longer go ahead" if event.how == "cancelled" else "")
        return (f"offer {event.id} from {seat_word(names, event.by)} to {seat_word(names, event.to)} "
                + closed_words(event.how) + (f": {why}" if why else ""))
    if isinstance(event, WindowOpened):
        w = event.window
        return f"Wedding window: {who(w.stays)} + {who(w.moves)}, attempt {w.attempt}/{w.attempts}"
    if isinstance(event, ChanceChanged):
        return chance_line(event, names)
    if isinstance(event, Attempted):
        return (f"{who(event.stays)} + {who(event.moves)}: rolled {event.die} vs chance {event.chance}: "
                + ("married!" if event.success else "no wedding"))
    if isinstance(event, FatePlayed):
        return f"{seat_word(names, event.seat)} played {card_name(event.card)}"
    if isinstance(event, VillagerCame) and event.how not in ("start", "wedding"):
        return came_text(event, names)
    if isinstance(event, VillagerGone):
        return f"{who(event.villager)} of {seat_word(names, event.seat)} {event.how} ({reason(event.why)})"
    if isinstance(event, ReadyChanged):
        return verb(seat_word(names, event.seat), "are", "is") + (" ready" if event.ready else " not ready")
    if isinstance(event, Married):
        return None
    return None


def chance_line(event: ChanceChanged, names: Sequence[str]) -> str | None:
    """A card or Musician that changed the open attempt's chance (Z-R30), its change
    signed as a gain or a loss: ``"Ada: Musician, chance +1"``, ``"You: Evil Eye, chance
    −2"``; ``None`` for a card that adds nothing to the number (Red Thread, The
    Matchmaker: the line of their play tells them, and the Matchmaker's refund has
    lines of its own)."""
    if not event.value:
        return None
    sign = "+" if event.value > 0 else "−"
    return f"{seat_word(names, event.seat)}: {value_text('', event.source, names)}, chance {sign}{abs(event.value)}"


def musician_text(card: str, view: Any, names: Sequence[str]) -> str:
    """A Musician Role card by whose it is and who carries it: ``"Ada's Musician (Ion
    (♂))"``, ``"your Musician (Ion (♂))"`` (the Role's bearer from ``view.roles``)."""
    bearer = next((v for v, c in view.roles if c == card), "")
    seat = next((s for s, e in enumerate(view.estates) if bearer in e.singles
                 or any(bearer in c.spouses for c in e.couples)), None)
    whose = "your" if seat is not None and seat == view.seat else (
        f"{seat_word(names, seat)}'s" if seat is not None else "a")
    return f"{whose} Musician" + (f" ({who(bearer)})" if bearer else "")


def form_words(view: Any, names: Sequence[str]) -> dict[str, str]:
    """Ids a form names otherwise than :func:`value_text` does: every Couple by its
    spouses, every Musician Role card by its Boyar and bearer, and (keyed
    ``("record", id)``) every wedding of the turn by its Couple."""
    musicians = {c: musician_text(c, view, names) for _, c in view.roles if title(c).id == "F01"}
    couples = couple_names(view)
    weddings = {("record", r.id): f"the wedding of {couples.get(f'C{r.couple}', f'Couple {r.couple}')}"
                for r in view.weddings}
    return {**couples, **musicians, **weddings}
