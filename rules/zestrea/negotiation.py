"""Step IV, Weddings and Negotiations (rulebook "IV. Weddings and Negotiations";
reference §3.5-§3.7, Z-F14, Z-F21-Z-F27, Z-R12, Z-R13, Z-R22-Z-R24, Z-R33-Z-R35).

Every Boyar acts at once. With nothing open a Boyar may buy Land, adopt, buy and play
Fate cards, propose weddings and trades, answer and withdraw offers, give gifts, reveal
cards and press Ready. While a window is open every seat is asked for its own pass and
may add Wedding cards and Musicians or rent one; while a prompt is open (Steal the
Bride, the Fortune Teller) only its seat acts. The step ends when every seat is ready
and nothing is open; offers still open expire.
"""

from __future__ import annotations

import attrs

from ..core import ActionKind, OneOf, RuleViolation, Seat, SomeOf, Whole
from . import fate, offers
from .estate import MAX_LAND, adult_singles, can_draw, draw_fate, add_single, draw_villager, set_estate
from .state import (
    MAX_ATTEMPTS, SPLITS, Accept, Adopt, Bought, BuyFate, BuyLand, CardShown, Decline, Gift, PassWindow,
    PlayFate, ProposeTrade, ProposeWedding, ReadyChanged, Ready, RentMusician, RentOffer, Reveal,
    Unready, UseMusician, WeddingOffer, Withdraw, WindowPassed, ZestreaState, ZestreChanged,
)
from .weddings import close_window, shares

RULE = "zestrea.md §3.5"
LAND_PRICE, ADOPTION_PRICE, FATE_PRICE = 4, 2, 2  # Z-F22


def begin(state: ZestreaState, events: list) -> ZestreaState:
    """Step IV opens: nobody is ready, no offer is open (Z-F14)."""
    return attrs.evolve(state, phase="negotiation", ready=frozenset(), offers=(), closed=())


def done(state: ZestreaState) -> bool:
    """Z-F14, §3.5: every seat ready, no window and no prompt open."""
    return (state.phase == "negotiation" and state.window is None and not state.prompts
            and len(state.ready) == state.seats)


def end(state: ZestreaState, events: list) -> ZestreaState:
    """Offers still open expire (§3.5)."""
    return offers.expire_all(state, events)


# ---- what may be done ------------------------------------------------------------------


def legal(state: ZestreaState, seat: Seat) -> tuple:
    """``seat``'s legal actions in step IV with no prompt open (see the module doc)."""
    if state.window is not None:
        return _window_legal(state, seat)
    estate = state.estates[seat]
    out: list = []
    if estate.zestre >= LAND_PRICE and estate.land < MAX_LAND:
        out.append(BuyLand())
    if estate.zestre >= ADOPTION_PRICE:
        if state.options.adoption_sex == "random":
            out += [Adopt("any")] if can_draw(state, None) else []
        else:
            out += [Adopt(s) for s in ("lad", "maiden") if can_draw(state, s)]
    if estate.zestre >= FATE_PRICE and state.fate_deck and not state.final_turn:
        out.append(BuyFate())
    for card in estate.hand:
        kind = fate.play_kind(state, seat, card, "free")
        if kind is not None:
            out.append(kind)
    out += [Reveal(c) for c in estate.hand if c not in estate.revealed]
    others = tuple(s for s in range(state.seats) if s != seat)
    to_me = tuple(o.id for o in state.offers if o.to == seat)
    lent = offers.lent(state)  # proposals yes, acceptances no (H14)
    out += [Accept(o.id) for o in state.offers  # only what can be paid now (§3.6)
            if o.to == seat and not (lent and isinstance(o, WeddingOffer)) and offers.payable(state, o)]
    out += [Decline(o.id) for o in state.offers if o.to == seat]
    out += [Withdraw(o.id) for o in state.offers if o.by == seat]
    mine = adult_singles(state, seat)
    theirs = tuple(v for s in others for v in adult_singles(state, s))
    shown = tuple(c for s in others for c in state.estates[s].hand if c in state.estates[s].revealed)
    most = max(state.estates[s].zestre for s in others)
    if mine and theirs:
        out.append(ActionKind("propose-wedding", (
            OneOf("to", others), OneOf("mine", mine), OneOf("theirs", theirs), OneOf("split", payable_splits(estate.zestre)),
            Whole("attempts", 1, MAX_ATTEMPTS), OneOf("receiver", (-1, seat) + others),
            OneOf("sweet_payer", ("", "proposer", "target")),
            Whole("sweet_zestre", 0, max(most, estate.zestre)),
            SomeOf("sweet_cards", estate.hand + shown), OneOf("sweet_when", ("on_accept", "on_success")),
            OneOf("counter", (0,) + to_me)),
            checks="theirs lives on to's Estate; a Lad and a Maiden (same sex only under Weddings in "
                   "Amsterdam, naming a receiver who is one of the two); the sweetener's payer "
                   "holds (the target: has revealed) its cards; each side has the Zestre it "
                   "would pay at acceptance; a counter answers an offer from to"))
    # a trade gives or asks something, a gift gives something (Z-R35): each is listed only
    # when there is something it could give or ask, so neither is a form with nothing to send
    if estate.zestre or estate.hand or most or shown:
        out.append(ActionKind("propose-trade", (
            OneOf("to", others), Whole("give_zestre", 0, estate.zestre), SomeOf("give_cards", estate.hand),
            Whole("ask_zestre", 0, most), SomeOf("ask_cards", shown), OneOf("counter", (0,) + to_me)),
            checks="something given or asked; asked Zestre and cards are to's; a counter answers an "
                   "offer from to"))
    if estate.zestre or estate.hand:
        out.append(ActionKind("gift", (OneOf("to", others), Whole("zestre", 0, estate.zestre),
                                       SomeOf("cards", estate.hand)), checks="something given"))
    out.append(Unready() if seat in state.ready else Ready())
    return tuple(out)


def payable_splits(zestre: int) -> tuple[str, ...]:
    """The splits a proposer with ``zestre`` could pay its share of (Z-R29: payment at
    acceptance); ``target_2`` always."""
    return tuple(s for s in SPLITS if dict(shares(s, 0, 1)).get(0, 0) <= zestre)


def _window_legal(state: ZestreaState, seat: Seat) -> tuple:
    window = state.window
    assert window is not None
    estate = state.estates[seat]
    out: list = []
    if seat not in window.passed:
        out.append(PassWindow())
    for card in estate.hand:
        kind = fate.play_kind(state, seat, card, "window")
        if kind is not None:
            out.append(kind)
    free = [c for v, c in state.roles if c[:3] == "F01" and c not in window.musicians]
    out += [UseMusician(c) for c in free if offers.musician_controller(state, c) == seat]
    rentable = tuple(c for c in free if offers.musician_controller(state, c) not in (None, seat))
    if rentable:
        out.append(ActionKind("rent-musician", (OneOf("musician", rentable),
                                                Whole("zestre", 0, estate.zestre),
                                                SomeOf("cards", estate.hand))))
    out += [a(o.id) for o in state.offers if o.to == seat and isinstance(o, RentOffer)
            for a in (Accept, Decline) if a is Decline or offers.payable(state, o)]
    return tuple(out)


# ---- doing it --------------------------------------------------------------------------


def act(state: ZestreaState, seat: Seat, action, events: list) -> ZestreaState:
    """Apply a step-IV action of ``seat`` (no prompt is open); RuleViolation if illegal.
    Any action but Ready, Unready and a window pass clears the seat's ready flag (§3.5);
    afterwards offers that became impossible are cancelled (§3.6)."""
    if isinstance(action, (Ready, Unready)):
        if state.window is not None:
            raise RuleViolation("window-open", "A wedding window is open: pass or play first.", RULE)
        ready = isinstance(action, Ready)
        if (seat in state.ready) == ready:
            raise RuleViolation("already", "You are ready already." if ready else "You are not ready.", RULE)
        events.append(ReadyChanged(seat, ready))
        return attrs.evolve(state, ready=state.ready | {seat} if ready else state.ready - {seat})
    if isinstance(action, PassWindow):
        return _pass_window(state, seat, events)
    if seat in state.ready:
        events.append(ReadyChanged(seat, False))
        state = attrs.evolve(state, ready=state.ready - {seat})
    if state.window is not None:
        state = _window_act(state, seat, action, events)
    else:
        state = _free_act(state, seat, action, events)
    return offers.sweep(state, events)


def _pass_window(state: ZestreaState, seat: Seat, events: list) -> ZestreaState:
    window = state.window
    if window is None:
        raise RuleViolation("no-window", "No wedding window is open.", "zestrea.md §3.6")
    if seat in window.passed:
        raise RuleViolation("passed", "You have passed already; wait for the others.", "zestrea.md §3.6")
    window = attrs.evolve(window, passed=window.passed | {seat})
    events.append(WindowPassed(seat))
    state = attrs.evolve(state, window=window)
    if len(window.passed) == state.seats:  # rents still open expire, then the roll (§3.6)
        state = offers.sweep(close_window(offers.expire_rents(state, events), events), events)
    return state


def _window_act(state: ZestreaState, seat: Seat, action, events: list) -> ZestreaState:
    if isinstance(action, PlayFate):
        return _play(state, seat, action, "window", events)
    if isinstance(action, UseMusician):
        if action not in _window_legal(state, seat):
            raise RuleViolation("no-musician", "You can add only your own Musician, once per attempt.",
                                "zestrea.md Z-R34")
        return offers.use_musician(state, seat, action.musician, events)
    if isinstance(action, RentMusician):
        return offers.rent(state, seat, action.musician, action.zestre, action.cards, events)
    if isinstance(action, (Accept, Decline)):
        offer = offers.answerable(state, seat, action.offer)
        if isinstance(action, Decline):
            return offers.close(state, offer, "declined", "", events)
        return offers.accept(state, seat, action.offer, events)
    raise RuleViolation("window-open", "A wedding is being celebrated: while its window is open "
                        "you may play Wedding cards, add or rent Musicians, or pass.", "zestrea.md Z-R33")


def _free_act(state: ZestreaState, seat: Seat, action, events: list) -> ZestreaState:
    estate = state.estates[seat]
    if isinstance(action, BuyLand):
        if estate.land >= MAX_LAND:
            raise RuleViolation("land-limit", "A Boyar has at most 5 Land.", "zestrea.md Z-F27")
        state = _pay(state, seat, LAND_PRICE, "land", events)
        return set_estate(state, seat, land=state.estates[seat].land + 1)
    if isinstance(action, Adopt):
        want = {"choose": ("lad", "maiden"), "random": ("any",)}[state.options.adoption_sex]
        if action.sex not in want:
            raise RuleViolation("bad-sex", f"Adopt names {' or '.join(want)} at this table.",
                                "zestrea.md Z-R12")
        sex = None if action.sex == "any" else action.sex
        if not can_draw(state, sex):
            raise RuleViolation("none-left", "The State has no such villager to adopt.", "zestrea.md Z-R11")
        state = _pay(state, seat, ADOPTION_PRICE, "adoption", events)
        state, villager = draw_villager(state, sex)
        return add_single(state, seat, villager, "adopted", events)
    if isinstance(action, BuyFate):
        if state.final_turn:
            raise RuleViolation("final-turn", "No Fate cards can be bought in the final turn.",
                                "zestrea.md Z-R38")
        if not state.fate_deck:
            raise RuleViolation("deck-empty", "The Fate deck is empty.", "zestrea.md Z-F25")
        state = _pay(state, seat, FATE_PRICE, "fate", events)
        return draw_fate(state, seat, 1, "bought", events)
    if isinstance(action, PlayFate):
        return _play(state, seat, action, "free", events)
    if isinstance(action, Reveal):
        if action.card not in estate.hand:
            raise RuleViolation("not-held", "You can reveal only a card in your hand.", "zestrea.md Z-R23")
        if action.card in estate.revealed:
            raise RuleViolation("already", "That card is shown already.", "zestrea.md Z-R23")
        events.append(CardShown(seat, action.card))
        return set_estate(state, seat, revealed=estate.revealed | {action.card})
    if isinstance(action, ProposeWedding):
        return offers.propose_wedding(state, seat, action, events)
    if isinstance(action, ProposeTrade):
        return offers.propose_trade(state, seat, action, events)
    if isinstance(action, Accept):
        return offers.accept(state, seat, action.offer, events)
    if isinstance(action, Decline):
        return offers.close(state, offers.answerable(state, seat, action.offer), "declined", "", events)
    if isinstance(action, Withdraw):
        offer = offers.answerable(state, seat, action.offer, by_maker=True)
        return offers.close(state, offer, "withdrawn", "", events)
    if isinstance(action, Gift):
        to = offers.other_seat(state, seat, action.to, "zestrea.md Z-R35")
        offers.whole(action.zestre, "A gift's Zestre", 0, estate.zestre)
        cards = offers.own_cards(state, seat, action.cards, "A gift")
        if not action.zestre and not cards:
            raise RuleViolation("empty", "A gift gives Zestre or Fate cards.", "zestrea.md Z-R35")
        return offers.transfer(state, seat, to, action.zestre, cards, "gift", events)
    if isinstance(action, (UseMusician, RentMusician)):
        raise RuleViolation("no-window", "Musicians play in a wedding window.", "zestrea.md Z-R34")
    raise RuleViolation("bad-action", f"Zestrea has no action {action!r} in step IV.", RULE)


def _pay(state: ZestreaState, seat: Seat, price: int, what: str, events: list) -> ZestreaState:
    """A purchase, paid in full or refused (Z-R5, Z-F22)."""
    have = state.estates[seat].zestre
    if have < price:
        raise RuleViolation("cannot-pay", f"That costs {price} Zestre; you have {have}.", "zestrea.md Z-R5")
    events.append(Bought(seat, what, price))
    events.append(ZestreChanged(seat, -price, what))
    return set_estate(state, seat, zestre=have - price)


def _play(state: ZestreaState, seat: Seat, action: PlayFate, context: str, events: list) -> ZestreaState:
    """Play a Fate card in ``context`` (see :func:`rules.zestrea.fate.play_kind`)."""
    if action.card not in state.estates[seat].hand:
        raise RuleViolation("not-held", "You can play only a Fate card in your hand.", "zestrea.md Z-F23")
    kind = fate.play_kind(state, seat, action.card, context)
    if kind is None:
        raise RuleViolation("cannot-play", "That card cannot be played now, or would do "
                            "nothing.", "zestrea.md Z-R22")  # and Z-R42
    if not (kind.bounds(action) if isinstance(kind, ActionKind) else kind == action):
        raise RuleViolation("bad-target", "That is not a target this card can take.", "zestrea.md Z-R26")
    fate.check(state, seat, action)
    return fate.play(state, seat, action, events)


def play_now(state: ZestreaState, seat: Seat, action: PlayFate, events: list) -> ZestreaState:
    """The auction's winner plays the card at once (Z-R27 step 5: Role or Action)."""
    prompt = state.prompts[0]
    if action.card != prompt.subject:
        raise RuleViolation("not-now", "Only the card just won may be played now.", "zestrea.md Z-R27")
    state = attrs.evolve(state, prompts=())
    return _play(state, seat, action, "auction", events)
