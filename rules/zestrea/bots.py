"""Zestrea's bots. They see what a human in their seat sees (the view and the legal
actions) and never stall a table: every prompt and window is answered at once, and in
step IV a bot presses Ready once it has nothing left it wants to do (issue 9 "Bots").

- :class:`EasyBot` rolls every Couple, passes in auctions and windows, accepts wedding
  offers it can pay for, proposes one wedding a turn and buys Land for idle Couples.
- :class:`StrongBot` also keeps Zestre for the next Food (it never lets villagers starve
  that it could feed), bids up to what the card is worth to it, plays the cards that pay,
  proposes weddings that give it a Couple or rid it of a mouth (several attempts), adds
  and rents Musicians to its own weddings, adopts to make Couples, and trades Fate cards
  where a card is worth more to one side than to the other (:func:`card_value`, read off
  the public estates): it sells a card worth more to another Boyar, buys a revealed card
  worth more to it, and offers cards it has no use for for 1 Zestre. It answers offers
  made to it: accepts what pays; counters a wedding it would pay too much for by asking
  the proposer to pay, and a trade that does not pay it by naming a price that does;
  declines the rest (and a rent offer that pays nothing).

Offers (play-test 21: each new offer clears the Ready of the Boyar it goes to, reference
§3.5, so a bot that floods a table keeps everyone from ending step IV): a bot makes only
offers that could be accepted this turn (no wedding offer under Great Lent, H14; none
that a side could not pay at acceptance, §3.6). It remembers, per turn, the terms of
every offer it made and never makes the same offer to the same Boyar again that turn
(declined, withdrawn, countered or still open), nor asks again to rent a Musician whose
Boyar let its ask go at an earlier attempt of the same wedding. It keeps at most
:data:`OPEN_OFFERS` offers open, at most one to each Boyar, and waits for answers before
it makes more; it makes at most :data:`OFFERS_TO_EACH` offers a turn to each Boyar, at
most :data:`TRADES_PER_TURN` trade offers a turn, and counters each Boyar at most once a
turn, so two bots never haggle without end; it presses Ready when nothing is left.
"""

from __future__ import annotations

from typing import Any, Sequence

import attrs

from ..core import ActionKind, listed
from .cards import sex, title
from .offers import lent, proposal_short
from .timers import default_answer
from .state import (
    Accept, Adopt, Bid, BuyLand, Choose, Decline, Pass, PassWindow, PlayFate,
    ProposeTrade, ProposeWedding, Ready, RentMusician, TradeOffer, UseMusician, WeddingOffer,
    ZestreaView,
)

OPEN_OFFERS = 2
"""At most this many wedding and trade offers of one bot open at once, at most one of
them to each Boyar (a counter counts as one; a rent offer, which lives only in its
window, does not): it waits for answers before it makes more (play-test 21)."""
OFFERS_TO_EACH = 3
"""At most this many offers a turn from one bot to each other Boyar, counters included:
two strong bots settle a wedding or a trade in a few offers, or leave it (play-test 21)."""
TRADES_PER_TURN = 2
"""At most this many trade offers a turn from one strong bot (besides its counters:
one a turn to each Boyar whose trade did not pay it)."""
HARMFUL = frozenset(("F03", "F10", "F11", "F12", "F13"))
"""Cards a bot keeps out of others' hands: they strike at another Boyar's weddings,
Couples or singles."""


def card_value(view: ZestreaView, seat: int, card: str) -> int:
    """What Fate card ``card`` is worth to the Boyar at ``seat``, in Zestre, as the strong
    bot reckons from the public estates: the cards that pay Zestre or Land (Țuică 2,
    Pickle Business 1 a Couple up to 4, The Notary's Bribe 3 under 5 Land), cards that
    help its own weddings (a Boyar with adult singles) or pay after one 1; the rest 0."""
    t = title(card)
    e = view.estates[seat]
    if t.id == "F14":
        return 2
    if t.id == "F16":
        return min(4, len(e.couples))
    if t.id == "F24":
        return 3 if e.land < 5 and view.time_left >= 1 else 1
    if t.id in ("F01", "F09", "F25") or (t.chance > 0 and t.kind == "wedding"):
        return 1 if adult_singles(view, seat) or t.id == "F01" else 0
    return 0


def abroad(view: ZestreaView, villager: str) -> bool:
    return any(v == villager and title(c).id == "F15" for v, c in view.roles)


def adult_singles(view: ZestreaView, seat: int) -> tuple[str, ...]:
    """``seat``'s singles that may marry (not babies, not abroad, not barred)."""
    e = view.estates[seat]
    return tuple(v for v in e.singles if v not in e.babies and not abroad(view, v)
                 and v not in view.barred)


def food_need(view: ZestreaView, seat: int) -> int:
    """Zestre the next Food will ask of ``seat`` (Z-R14): units beyond its Land."""
    e = view.estates[seat]
    units = len(e.couples) + sum(1 for v in e.singles if not abroad(view, v))
    return max(0, units - e.land)


class EasyBot:
    """A plain, quick bot (see the module)."""

    eager = False

    def __init__(self) -> None:
        self.memory: set[tuple] = set()

    def choose(self, view: ZestreaView, legal: Sequence[Any], rng: Any) -> Any:
        simple = listed(legal)
        if view.my_prompt is not None and view.my_prompt.answer is None:
            return self.answer(view, legal, rng)
        if Pass() in simple:  # the auction
            return self.bid(view, legal)
        if view.window is not None:
            return self.window(view, legal)
        return self.negotiate(view, legal, rng)

    # ---- prompts, auction, windows

    def answer(self, view: ZestreaView, legal, rng) -> Any:
        return Choose(default_answer(view.my_prompt, adult_singles(view, view.seat)))

    def spare(self, view: ZestreaView) -> int:
        """Zestre it may spend now and still pay the next Food."""
        return view.estates[view.seat].zestre - (food_need(view, view.seat) if self.eager else 0)

    def bid(self, view: ZestreaView, legal) -> Any:
        return Pass()

    def window(self, view: ZestreaView, legal) -> Any:
        for action in listed(legal):
            if isinstance(action, Decline):  # rent offers: the easy bot keeps its Musicians
                return action
        return PassWindow() if PassWindow() in listed(legal) else listed(legal)[0]

    # ---- step IV

    def negotiate(self, view: ZestreaView, legal, rng) -> Any:
        me = view.seat
        for offer in view.my_offers:
            if offer.to == me:
                return self.respond(view, offer, legal)
        simple = listed(legal)
        e = view.estates[me]
        if BuyLand() in simple and len(e.couples) > e.land and self.spare(view) >= 4:
            return BuyLand()
        proposal = self.propose(view, legal)
        if proposal is not None:
            return proposal
        return Ready() if Ready() in simple else simple[0]

    def may_offer(self, view: ZestreaView, action: Any) -> bool:
        """Whether the bot may send ``action`` (a :class:`ProposeWedding` or
        :class:`ProposeTrade`, a counter too) now (see the module): it could be accepted
        this turn (no wedding under Great Lent, reference §5 H14; each side has the
        Zestre acceptance takes, §3.6, Z-R29); the bot made no offer of these terms to
        that Boyar this turn, and fewer than :data:`OFFERS_TO_EACH` offers to it in all;
        it keeps fewer than :data:`OPEN_OFFERS` offers open and none to that Boyar.
        :meth:`offer` sends it."""
        me = view.seat
        if isinstance(action, ProposeWedding) and lent(view):
            return False
        if proposal_short(view, me, action) is not None:
            return False
        made = [k for k in self.memory if k[:3] == ("offered", view.turn, action.to)]
        if len(made) >= OFFERS_TO_EACH or ("offered", view.turn, action.to, _terms(action)) in made:
            return False
        mine = [o for o in view.my_offers if o.by == me]
        return len(mine) < OPEN_OFFERS and all(o.to != action.to for o in mine)

    def offer(self, view: ZestreaView, action: Any) -> Any:
        """``action`` (an offer :meth:`may_offer` allowed), its terms remembered for the
        turn so it is never made again."""
        self.memory.add(("offered", view.turn, action.to, _terms(action)))
        return action

    def respond(self, view: ZestreaView, offer, legal) -> Any:
        if isinstance(offer, WeddingOffer) and Accept(offer.id) in listed(legal):
            pay = {"proposer_2": 0, "each_1": 1, "target_2": 2}[offer.split]
            if offer.sweet_payer == "target":
                pay += offer.sweet_zestre
            if pay <= self.spare(view) and not offer.sweet_cards:
                return Accept(offer.id)
        return Decline(offer.id)

    def wedding_pairs(self, view: ZestreaView):
        """``(other seat, mine, theirs)`` Lad-Maiden pairs it could propose."""
        me = view.seat
        for mine in adult_singles(view, me):
            for seat in range(view.seats):
                if seat == me:
                    continue
                for theirs in adult_singles(view, seat):
                    if sex(mine) != sex(theirs):
                        yield seat, mine, theirs

    def propose(self, view: ZestreaView, legal) -> Any:
        """One wedding a turn, the cost shared, the first pair :meth:`may_offer` allows."""
        if not any(isinstance(k, ActionKind) and k.kind == "propose-wedding" for k in legal):
            return None
        if self.spare(view) < 1 or ("wed", view.turn) in self.memory:
            return None
        for seat, mine, theirs in self.wedding_pairs(view):
            action = ProposeWedding(seat, mine, theirs, "each_1")
            if self.may_offer(view, action):
                self.memory.add(("wed", view.turn))
                return self.offer(view, action)
        return None


class StrongBot(EasyBot):
    """The strong bot (see the module)."""

    eager = True

    def answer(self, view: ZestreaView, legal, rng) -> Any:
        prompt = view.my_prompt
        if prompt.kind == "play-now":
            played = [a for a in legal if not isinstance(a, Choose)]
            if played and self.worth_playing(view, prompt.subject):
                return self.target(view, played[0])
        if prompt.kind == "fortune":
            return Choose(("bottom",))  # a Hard Times card later rather than sooner
        return super().answer(view, legal, rng)

    def bid(self, view: ZestreaView, legal) -> Any:
        worth = card_value(view, view.seat, view.auction.card)  # bids below it
        high = view.auction.bids[-1][1] if view.auction.bids else 0
        if high + 1 <= min(worth - 1, self.spare(view)):
            return Bid(high + 1)
        return Pass()

    def window(self, view: ZestreaView, legal) -> Any:
        me = view.seat
        w = view.window
        party = me in (w.proposer, w.target)
        for musician in w.musicians:  # a Musician it asked to rent at this attempt plays
            if ("rent", view.turn, w.stays, w.moves, musician, w.attempt) in self.memory:
                self.memory.add(("rented", view.turn, w.stays, w.moves, musician, w.attempt))
        simple = listed(legal)
        for action in simple:
            if isinstance(action, Accept):  # a rent offer: yes if it pays anything
                rent = next((o for o in view.my_offers if o.id == action.offer), None)
                if rent is not None and (rent.zestre or rent.cards):
                    return action
        if party and view.chance < 6:
            for action in simple:
                if isinstance(action, UseMusician):
                    return action
                if isinstance(action, PlayFate) and title(action.card).chance > 0:
                    return action
            rent = next((k for k in legal if isinstance(k, ActionKind) and k.kind == "rent-musician"), None)
            if rent is not None and view.chance <= 3 and self.spare(view) >= 1:
                for musician in rent.params[0].values:
                    if self.may_rent(view, musician):
                        self.memory.add(("rent", view.turn, w.stays, w.moves, musician, w.attempt))
                        return RentMusician(musician, 1)
        if not party:
            for action in simple:
                if isinstance(action, PlayFate) and title(action.card).id == "F20":
                    return action
        for action in simple:
            if isinstance(action, Decline):
                return action
        return PassWindow() if PassWindow() in simple else simple[0]

    def may_rent(self, view: ZestreaView, musician: str) -> bool:
        """Whether to ask to rent ``musician`` for the open attempt: not asked yet at
        this attempt, and at earlier attempts of this wedding its Boyar took every ask
        (one let go, declined or expired, is not made again this turn)."""
        w = view.window
        wedding = (view.turn, w.stays, w.moves, musician)
        asked = {k[5] for k in self.memory if k[:5] == ("rent",) + wedding}
        return w.attempt not in asked and all(("rented",) + wedding + (a,) in self.memory for a in asked)

    def worth_playing(self, view: ZestreaView, card: str) -> bool:
        t = title(card).id
        e = view.estates[view.seat]
        if t in ("F14", "F16", "F09", "F25"):
            return True
        if t == "F24":
            return len(e.couples) >= e.land and e.zestre >= 1
        if t == "F01":
            return True
        return False

    def target(self, view: ZestreaView, action: Any) -> Any:
        """A whole action from a listed play or a play kind: its own villagers first."""
        if not isinstance(action, ActionKind):
            return action
        values = dict(action.fixed)
        mine = _own(view)
        for p in action.params:
            own = [v for v in p.values if v in mine]
            values[p.name] = (own or list(p.values))[0]
        return PlayFate(**values)

    def negotiate(self, view: ZestreaView, legal, rng) -> Any:
        me = view.seat
        for offer in view.my_offers:
            if offer.to == me:
                return self.respond(view, offer, legal)
        simple = listed(legal)
        e = view.estates[me]
        for action in simple:
            if isinstance(action, PlayFate) and self.worth_playing(view, action.card) \
                    and title(action.card).kind != "role":
                return action
        for kind in legal:
            if isinstance(kind, ActionKind) and kind.kind == "play" \
                    and title(dict(kind.fixed)["card"]).id in ("F09", "F25", "F01"):
                return self.target(view, kind)
        if BuyLand() in simple and self.spare(view) >= 4 and (
                (len(e.couples) > e.land and view.time_left >= 2)
                or (food_need(view, me) and view.time_left >= 3)):
            return BuyLand()
        proposal = self.propose(view, legal) or self.propose_trade(view, legal)
        if proposal is not None:
            return proposal
        if self.spare(view) >= 4 and view.time_left >= 2 and not adult_singles(view, me) \
                and len(e.couples) < e.land \
                and ("adopt", view.turn) not in self.memory and any(
                    adult_singles(view, s) for s in range(view.seats) if s != me):
            self.memory.add(("adopt", view.turn))
            lads = sum(sex(v) == "lad" for s in range(view.seats) if s != me for v in adult_singles(view, s))
            want = Adopt("maiden" if lads else "lad")
            if want in simple:
                return want
            if Adopt("any") in simple:
                return Adopt("any")
        return Ready() if Ready() in simple else simple[0]

    def wedding_value(self, view: ZestreaView, mine: str, receiving: bool) -> float:
        """What a wedding of its villager ``mine`` is worth to it, in Zestre: as the
        receiver a Couple that produces on spare Land for the turns left (and may bring the
        couples bonus); as the giver a mouth less to feed and a Fate card."""
        e = view.estates[view.seat]
        turns = view.time_left
        if receiving:
            value = 2.0 * turns if e.land > len(e.couples) else 0.5
            mine_after = len(e.couples) + 1
            best_other = max(len(o.couples) for s, o in enumerate(view.estates) if s != view.seat)
            if mine_after > best_other >= len(e.couples) and turns <= 2:
                value += 3  # it would hold the most Couples alone
            return value
        fed_by_land = e.land >= len(e.couples) + len([v for v in e.singles if not abroad(view, v)])
        return (0 if fed_by_land else turns + 1) + 1.5

    def respond(self, view: ZestreaView, offer, legal) -> Any:
        me = view.seat
        if isinstance(offer, TradeOffer):
            gain = self.trade_gain(view, offer.give_zestre, offer.give_cards, offer.ask_zestre,
                                   offer.ask_cards)
            free = not offer.ask_zestre and not offer.ask_cards
            if (gain > 0 or free) and Accept(offer.id) in listed(legal) \
                    and offer.ask_zestre <= self.spare(view):
                return Accept(offer.id)
            counter = self.trade_counter(view, offer, legal)
            return counter if counter is not None else Decline(offer.id)
        if isinstance(offer, WeddingOffer):
            pay = {"proposer_2": 0, "each_1": 1, "target_2": 2}[offer.split]
            extra = 0
            if offer.sweet_payer == "target":
                extra = offer.sweet_zestre + 2 * len(offer.sweet_cards)
            elif offer.sweet_payer == "proposer":
                extra = -offer.sweet_zestre - 2 * len(offer.sweet_cards)
            receiving = sex(offer.theirs) == "lad" if offer.receiver == -1 else offer.receiver == me
            value = self.wedding_value(view, offer.theirs, receiving)
            cost = pay * min(offer.attempts, 3) + extra
            affordable = pay + max(0, extra) <= self.spare(view)
            if Accept(offer.id) in listed(legal) and cost <= value and affordable:
                return Accept(offer.id)
            key = ("wed", view.turn, frozenset((offer.mine, offer.theirs)))  # once a pair a turn
            # the counter asks the proposer (now the target) to pay the attempts
            counter = ProposeWedding(offer.by, offer.theirs, offer.mine, "target_2",
                                     attempts=offer.attempts, receiver=offer.receiver, counter=offer.id)
            if key not in self.memory and offer.split != "proposer_2" and value >= 1 \
                    and Accept(offer.id) in listed(legal) and self.may_offer(view, counter):
                self.memory.add(key)
                return self.offer(view, counter)
        return Decline(offer.id)

    def trade_gain(self, view: ZestreaView, give_zestre: int, give_cards, ask_zestre: int,
                   ask_cards) -> int:
        """What a trade offered to it gains it, in Zestre: what it is given less what it
        is asked, cards at :func:`card_value` to it."""
        me = view.seat
        return (give_zestre + sum(card_value(view, me, c) for c in give_cards)
                - ask_zestre - sum(card_value(view, me, c) for c in ask_cards))

    def _trades_made(self, view: ZestreaView, what: str) -> int:
        return sum(1 for key in self.memory if key[:2] == (what, view.turn))

    def trade_counter(self, view: ZestreaView, offer: TradeOffer, legal) -> Any:
        """A counter to a trade that does not pay it: the same cards from it (and of the
        proposer's, those it may ask for: revealed, and worth something to it), the Zestre
        set so the trade gains it 1; ``None`` (decline) if that cannot be paid, if it
        would move no card, or it countered this Boyar already this turn. (A card worth
        nothing to it is not asked for: offered Evil Eye for 2 Zestre, it countered "I
        give 0 for 1 Zestre and your Evil Eye", worse for the proposer than a gift:
        player-test 22, finding 1.)"""
        kind = next((k for k in legal if isinstance(k, ActionKind) and k.kind == "propose-trade"), None)
        key = ("trade-counter", view.turn, offer.by)
        if kind is None or key in self.memory:
            return None
        me, them = view.seat, view.estates[offer.by]
        asked = tuple(c for c in offer.give_cards if c in them.revealed and card_value(view, me, c) > 0)
        net = 1 + sum(card_value(view, me, c) for c in offer.ask_cards) \
            - sum(card_value(view, me, c) for c in asked)
        give, ask = max(0, -net), max(0, net)
        counter = ProposeTrade(offer.by, give, offer.ask_cards, ask, asked, counter=offer.id)
        if not (offer.ask_cards or asked) or give > self.spare(view) or not self.may_offer(view, counter):
            return None
        self.memory.add(key)
        return self.offer(view, counter)

    def propose_trade(self, view: ZestreaView, legal) -> Any:
        """A trade that pays both sides by :func:`card_value`: sell a card of its hand to
        the Boyar it is worth most to, for 1 more than it is worth to the bot and less
        than to the buyer; buy a card another Boyar revealed that is worth more to it;
        or offer a card it has no use for (and that harms nobody) for 1 Zestre to the
        richest Boyar who has not let such an offer go. At most :data:`TRADES_PER_TURN` a
        turn, each card and Boyar once."""
        kind = next((k for k in legal if isinstance(k, ActionKind) and k.kind == "propose-trade"), None)
        if kind is None or self._trades_made(view, "trade") >= TRADES_PER_TURN:
            return None
        me = view.seat
        others = [s for s in range(view.seats) if s != me]
        options = []  # (what the other side gains, seat, action): the best first
        for card in view.hand:
            mine = card_value(view, me, card)
            for seat in others:
                theirs, price = card_value(view, seat, card), mine + 1
                if theirs > price and price <= view.estates[seat].zestre:
                    options.append((theirs - price, seat, ProposeTrade(seat, 0, (card,), price)))
        spare = self.spare(view)
        for seat in others:
            for card in view.estates[seat].revealed:
                theirs, mine = card_value(view, seat, card), card_value(view, me, card)
                price = max(1, theirs + 1)
                if mine > price and price <= spare:
                    options.append((mine - price, seat, ProposeTrade(seat, price, (), 0, (card,))))
        refused = self._no_buyers(view)
        buyers = [s for s in sorted(others, key=lambda s: -view.estates[s].zestre)
                  if view.estates[s].zestre >= 1 and s not in refused]
        if buyers:
            options += [(0, buyers[0], ProposeTrade(buyers[0], 0, (card,), 1)) for card in view.hand
                        if card_value(view, me, card) == 0 and title(card).id not in HARMFUL]
        for gain, _, action in sorted(options, key=lambda o: (-o[0], o[1])):
            key = ("trade", view.turn, action.to, action.give_cards + action.ask_cards)
            if key not in self.memory and self.may_offer(view, action):
                self.memory.add(key)
                if gain == 0:
                    self.memory.add(("sale", action.to, action.give_cards[0]))
                return self.offer(view, action)
        return None

    def _no_buyers(self, view: ZestreaView) -> set[int]:
        """The Boyars who let a card of no use to it go unbought (offered for 1 Zestre,
        still in its hand, no longer offered): it offers them no more such cards."""
        offered = {c for o in view.my_offers if isinstance(o, TradeOffer) for c in o.give_cards}
        return {key[1] for key in self.memory if key[0] == "sale"
                and key[2] in view.hand and key[2] not in offered}

    def propose(self, view: ZestreaView, legal) -> Any:
        """A wedding worth at least 2 to it, the other Boyar asked to pay the attempts
        (several); if that was declined this turn, the cost shared; none :meth:`may_offer`
        refuses (under Great Lent none at all)."""
        if not any(isinstance(k, ActionKind) and k.kind == "propose-wedding" for k in legal) or lent(view):
            return None
        for seat, mine, theirs in self.wedding_pairs(view):
            pair = frozenset((mine, theirs))
            value = self.wedding_value(view, mine, sex(mine) == "lad")
            if value < 2:
                continue
            for split, attempts in (("target_2", 3), ("each_1", 2)):
                key = ("wed", view.turn, pair, split)
                if key in self.memory or ("wed", view.turn, pair) in self.memory:
                    continue
                if split == "each_1" and min(attempts, 3) > min(value, self.spare(view)):
                    attempts = 1
                if split == "each_1" and self.spare(view) < 1:
                    continue
                action = ProposeWedding(seat, mine, theirs, split, attempts=attempts)
                if not self.may_offer(view, action):
                    continue
                self.memory.add(key)
                return self.offer(view, action)
        return None


def _terms(action: Any) -> tuple:
    """An offer's terms and whom it goes to, the offer it counters left out: two offers
    with equal terms are the same offer made again."""
    return attrs.astuple(attrs.evolve(action, counter=0), recurse=False)


def _own(view: ZestreaView) -> set[str]:
    e = view.estates[view.seat]
    return {v for c in e.couples for v in c.spouses} | set(e.singles)
