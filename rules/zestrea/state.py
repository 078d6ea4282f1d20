"""Zestrea's options, state, actions, events and views: frozen attrs classes,
cattrs-friendly (actions and events tagged by a ``kind`` literal).

Ids (see cards.py): villagers ``"L01"``/``"M01"``; Fate cards ``"F07-2"``; Time cards
``"H03"``/``"G1"``; a Couple is ``"C<number>"`` where a choice names one. Zestre and Land
are whole counters (Z-R4). Seats are lobby order, clockwise (Z-R3).
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core import Rng, Seat, added_field, option

Phase = Literal["hard-times", "production", "auction", "negotiation", "food", "over"]
PHASES: tuple[str, ...] = ("hard-times", "production", "auction", "negotiation", "food")
"""The five steps of a turn, in order (Z-F7; reference §3.1)."""

TIMER_HELP = "seconds before a player who has not acted is given the default; 0 is off"  # reference §3.9


@attrs.frozen
class ZestreaOptions:
    """Table options (reference §8). The timers are the host's (§3.9), whole seconds,
    0 off: the rules carry them and say which one governs what a seat is asked and its
    default (:mod:`rules.zestrea.timers`); the host runs them."""

    # rulebook Setup
    extra_hard_times: int = option(0, "Hard Times added for a longer game",
                                   choices=(0, 1, 2), label="Extra Hard Times")
    # Z-R12, stand-in
    adoption_sex: str = option("choose", "an adopter chooses the villager's sex, or it is "
                               "random", choices=("choose", "random"), label="Adoption sex")
    # Z-R1, stand-in
    starting_zestre: int = option(0, "Zestre each Boyar starts with", lo=0, hi=30,
                                  label="Start Zestre")
    # the timers, reference §3.9 (rules/zestrea/timers.py)
    negotiation_timeout_s: int = option(
        0, "the whole of Weddings and Negotiations, then everyone is Ready: " + TIMER_HELP,
        lo=0, hi=3600, unit="s", off=0, label="Step IV timer")
    window_timeout_s: int = option(0, "wedding windows: " + TIMER_HELP, lo=0, hi=600, unit="s",
                                   off=0, label="Window timer")
    prompt_timeout_s: int = option(
        0, "questions (Hard Times, Production, Food, a ransom, the Fortune Teller): " + TIMER_HELP,
        lo=0, hi=600, unit="s", off=0, label="Prompt timer")
    auction_timeout_s: int = option(
        0, "auction turns and the winner's 'play it now?': " + TIMER_HELP,
        lo=0, hi=600, unit="s", off=0, label="Auction timer")


@attrs.frozen
class Couple:
    """Two married villagers on one Estate. ``stayed`` is the spouse who was on this
    Estate at the wedding (the Husband of a Lad+Maiden Couple), ``moved`` the one who
    came over (the Wife; Z-F18, Z-R32). ``number`` names it (``"C<number>"``); higher
    numbers married later (the youngest Couple has the highest)."""

    number: int
    stayed: str
    moved: str

    @property
    def id(self) -> str:
        return f"C{self.number}"

    @property
    def spouses(self) -> tuple[str, str]:
        return (self.stayed, self.moved)


@attrs.frozen
class Estate:
    """One Boyar's Estate. ``singles`` in order of arrival (oldest first), ``babies``
    the singles who are this turn's babies (Z-F11, Z-R10: born here, or sent here by
    Extended Vacation, F05; where each was born: :func:`~rules.zestrea.estate.born_on`),
    ``hand`` the Fate cards held (hidden, Z-R23), ``revealed`` those of them shown to
    all."""

    zestre: int
    land: int
    couples: tuple[Couple, ...] = ()
    singles: tuple[str, ...] = ()
    babies: frozenset[str] = frozenset()
    hand: tuple[str, ...] = ()
    revealed: frozenset[str] = frozenset()

    @property
    def villagers(self) -> tuple[str, ...]:
        return tuple(v for c in self.couples for v in c.spouses) + self.singles


@attrs.frozen
class Prompt:
    """A choice owed by ``seat`` (reference §3.1), answered by :class:`Choose`.

    ``kind``: ``"produce"`` (Couples to roll, in order, Z-R8), ``"tatars"`` (H07),
    ``"cholera"`` (H11), ``"winter"`` (H12: the singles paid for), ``"newcomer"`` (G2: a
    sex), ``"starve"`` (Z-R15: the units that starve), ``"play-now"`` (the auction's
    winner: ``"keep"``, or play the card, Z-R27 step 5), ``"ransom"`` (Steal the Bride,
    F10: ``"ransom"`` or ``"bride"``; ``by`` the thief, ``subject`` the Couple),
    ``"fortune"`` (the Fortune Teller, F21: ``"top"`` or ``"bottom"``; ``subject`` the
    card seen). The answer is ``lo .. hi`` distinct items of ``choices`` (in order where
    ``ordered``). ``answer`` is kept hidden from the other seats until every prompt of
    the step is answered (Z-R36).
    """

    seat: Seat
    kind: str
    choices: tuple[str, ...]
    lo: int
    hi: int
    ordered: bool = False
    answer: tuple[str, ...] | None = None
    by: Seat = -1
    subject: str = ""


@attrs.frozen
class Auction:
    """Step III (Z-R27): ``card`` up for auction, ``bids`` every accepted raise in order
    ``(seat, amount)``, ``out`` the seats that passed, ``turn`` the seat asked now."""

    card: str
    turn: Seat
    bids: tuple[tuple[Seat, int], ...] = ()
    out: frozenset[Seat] = frozenset()

    @property
    def high(self) -> tuple[Seat, int] | None:
        return self.bids[-1] if self.bids else None


# ---- step IV: offers, windows, wedding records ---------------------------------------

Split = Literal["proposer_2", "each_1", "target_2"]
SPLITS: tuple[str, ...] = ("proposer_2", "each_1", "target_2")
"""Who pays an attempt's 2 Zestre (Z-F16, Z-R29)."""
MAX_ATTEMPTS = 5  # reference §3.6, stand-in


@attrs.frozen
class WeddingOffer:
    """A wedding proposal (reference §3.6): ``by`` proposes ``mine`` (an adult single of
    theirs) and ``theirs`` (``to``'s). ``split`` of each attempt's 2 Zestre; up to
    ``attempts`` attempts; ``receiver`` the seat that gets a same-sex Couple (-1 for a
    Lad and a Maiden: the Lad's Boyar). The sweetener: ``sweet_payer`` (``"proposer"``,
    ``"target"`` or ``""`` for none) gives ``sweet_zestre`` and ``sweet_cards`` ``on_accept``
    or ``on_success`` (held until the first success, returned if every attempt fails)."""

    id: int
    by: Seat
    to: Seat
    mine: str
    theirs: str
    split: str = "each_1"
    attempts: int = 1
    receiver: Seat = -1
    sweet_payer: str = ""
    sweet_zestre: int = 0
    sweet_cards: tuple[str, ...] = ()
    sweet_when: str = "on_accept"
    kind: Literal["wedding-offer"] = "wedding-offer"


@attrs.frozen
class TradeOffer:
    """A trade (Z-R35, §3.6): ``by`` gives ``give_zestre`` and ``give_cards`` (their own)
    for ``ask_zestre`` and ``ask_cards`` (cards ``to`` has revealed); both sides move at
    acceptance."""

    id: int
    by: Seat
    to: Seat
    give_zestre: int = 0
    give_cards: tuple[str, ...] = ()
    ask_zestre: int = 0
    ask_cards: tuple[str, ...] = ()
    kind: Literal["trade-offer"] = "trade-offer"


@attrs.frozen
class RentOffer:
    """Inside a window: ``by`` asks ``to`` (the Musician's Boyar) to play ``musician``
    (an F01 Role card) at this attempt for ``zestre`` and ``cards`` (Z-R34)."""

    id: int
    by: Seat
    to: Seat
    musician: str
    zestre: int = 0
    cards: tuple[str, ...] = ()
    kind: Literal["rent-offer"] = "rent-offer"


Offer = WeddingOffer | TradeOffer | RentOffer


@attrs.frozen
class Window:
    """An attempt between payment and roll (reference §3.6). ``stays`` lives on the
    ``receiver``'s Estate and ``moves`` comes from the ``giver``'s; ``payers`` paid this
    attempt (``(seat, amount)``); ``played`` the Wedding cards played (``(seat,
    card)``); ``musicians`` the Musician Roles used; ``passed`` the seats that passed
    since the last change; ``escrow`` the on-success sweetener held (``(seat, zestre,
    cards)``); ``elopement`` for F23's attempt."""

    proposer: Seat
    target: Seat
    stays: str
    moves: str
    receiver: Seat
    giver: Seat
    split: str
    attempt: int = 1
    attempts: int = 1
    payers: tuple[tuple[Seat, int], ...] = ()
    played: tuple[tuple[Seat, str], ...] = ()
    musicians: tuple[str, ...] = ()
    passed: frozenset[Seat] = frozenset()
    escrow: tuple[Seat, int, tuple[str, ...]] | None = None
    elopement: bool = False


@attrs.frozen
class WeddingRecord:
    """A wedding that succeeded this turn (Z-R32), for After-wedding cards: ``id``,
    ``receiver`` and ``giver`` seats, the Couple formed (``couple`` number)."""

    id: int
    receiver: Seat
    giver: Seat
    couple: int


@attrs.frozen
class ZestreaState:
    """Everything, the RNG included. ``time_stack`` top first, ``time_card`` the card
    of this turn; ``fate_deck`` top first; ``supply`` the villagers the State holds
    (sorted; draws are random), ``gone`` those who died or left (Z-R11); ``roles``
    ``(villager, card)`` pairs of Roles in play (Z-F24); ``boyars`` the Boyar card of
    each seat; ``food`` this turn's Food so far, one summary per Boyar (told as events
    when step V ends); ``sent_babies`` this turn's babies that Extended Vacation (F05)
    sent away from the Estate they were born on, each with that Estate's seat (Twins!,
    F22, asks where a baby was born; emptied when the babies grow up)."""

    options: ZestreaOptions
    seats: int
    rng: Rng
    boyars: tuple[int, ...]
    estates: tuple[Estate, ...]
    time_stack: tuple[str, ...]
    fate_deck: tuple[str, ...]
    supply: tuple[str, ...]
    turn: int = 0
    phase: Phase = "hard-times"
    time_card: str = ""
    time_revealed: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()
    roles: tuple[tuple[str, str], ...] = ()
    prompts: tuple[Prompt, ...] = ()
    auction: Auction | None = None
    couples_made: int = 0
    ready: frozenset[Seat] = frozenset()
    offers: tuple[Offer, ...] = ()
    offers_made: int = 0
    closed: tuple[tuple[int, Seat, Seat, str], ...] = ()
    window: Window | None = None
    weddings: tuple[WeddingRecord, ...] = ()
    named: tuple[tuple[int, str], ...] = ()
    barred: frozenset[str] = frozenset()
    hora: bool = False
    amsterdam: bool = False
    foretold: tuple[tuple[Seat, str], ...] = ()
    food: tuple[FoodSummary, ...] = ()
    sent_babies: tuple[tuple[str, Seat], ...] = added_field(())

    @property
    def start_player(self) -> Seat:
        """Z-R3: seat ``(turn - 1) mod n``."""
        return (self.turn - 1) % self.seats

    @property
    def final_turn(self) -> bool:
        """Z-R38: the turn whose step I took the last Time card."""
        return self.turn > 0 and not self.time_stack

    def order(self) -> tuple[Seat, ...]:
        """Every seat from the start player clockwise (Z-R3)."""
        return tuple((self.start_player + k) % self.seats for k in range(self.seats))


# ---- actions -------------------------------------------------------------------------


@attrs.frozen
class Choose:
    """Answer the seat's open :class:`Prompt` with ``picked`` (ids from its choices)."""

    picked: tuple[str, ...]
    kind: Literal["choose"] = "choose"


@attrs.frozen
class Bid:
    """Step III: raise the standing bid to ``amount`` Zestre (Z-R27 step 3)."""

    amount: int
    kind: Literal["bid"] = "bid"


@attrs.frozen
class Pass:
    """Step III: leave the auction for good (Z-R27 step 3)."""

    kind: Literal["pass"] = "pass"


@attrs.frozen
class BuyLand:
    """Step IV: 4 Zestre for 1 Land, up to 5 (Z-F27, Z-R13)."""

    kind: Literal["buy-land"] = "buy-land"


@attrs.frozen
class Adopt:
    """Step IV: 2 Zestre for a villager of ``sex`` (``"lad"``, ``"maiden"``; ``"any"``
    when the option ``adoption_sex`` is ``random``) from the supply (Z-F26, Z-R12)."""

    sex: str
    kind: Literal["adopt"] = "adopt"


@attrs.frozen
class BuyFate:
    """Step IV: 2 Zestre for the top Fate card; not in the final turn (Z-R24, Z-R38)."""

    kind: Literal["buy-fate"] = "buy-fate"


@attrs.frozen
class PlayFate:
    """Play Fate card ``card`` from the hand (reference §4). Targets, as the card needs:
    ``villager`` (a Role's bearer; the single sent on Extended Vacation, chased by the
    dog, in the Bar Fight; your single in an Elopement), ``other`` (the other single of
    an Elopement), ``couple`` (``"C<n>"``, Trouble in Paradise), ``to`` (a seat,
    Extended Vacation), ``record`` (a wedding record, After-wedding cards), ``mode``
    (``"wedding"`` or ``"action"`` for Țuică)."""

    card: str
    villager: str = ""
    other: str = ""
    couple: str = ""
    to: Seat = -1
    record: int = 0
    mode: str = ""
    kind: Literal["play"] = "play"


@attrs.frozen
class ProposeWedding:
    """Make a :class:`WeddingOffer` to ``to`` (the fields as there); ``counter`` the id
    of an offer made to you that this one answers and closes (0: none)."""

    to: Seat
    mine: str
    theirs: str
    split: str = "each_1"
    attempts: int = 1
    receiver: Seat = -1
    sweet_payer: str = ""
    sweet_zestre: int = 0
    sweet_cards: tuple[str, ...] = ()
    sweet_when: str = "on_accept"
    counter: int = 0
    kind: Literal["propose-wedding"] = "propose-wedding"


@attrs.frozen
class ProposeTrade:
    """Make a :class:`TradeOffer` to ``to``; ``counter`` as for :class:`ProposeWedding`."""

    to: Seat
    give_zestre: int = 0
    give_cards: tuple[str, ...] = ()
    ask_zestre: int = 0
    ask_cards: tuple[str, ...] = ()
    counter: int = 0
    kind: Literal["propose-trade"] = "propose-trade"


@attrs.frozen
class Accept:
    """Accept offer ``offer`` made to you."""

    offer: int
    kind: Literal["accept"] = "accept"


@attrs.frozen
class Decline:
    offer: int
    kind: Literal["decline"] = "decline"


@attrs.frozen
class Withdraw:
    """Take back an offer you made, while it is open."""

    offer: int
    kind: Literal["withdraw"] = "withdraw"


@attrs.frozen
class Gift:
    """Give ``to`` ``zestre`` and ``cards`` at once (Z-R35)."""

    to: Seat
    zestre: int = 0
    cards: tuple[str, ...] = ()
    kind: Literal["gift"] = "gift"


@attrs.frozen
class Reveal:
    """Show ``card`` from your hand to everyone (Z-F23, Z-R23)."""

    card: str
    kind: Literal["reveal"] = "reveal"


@attrs.frozen
class Ready:
    kind: Literal["ready"] = "ready"


@attrs.frozen
class Unready:
    kind: Literal["unready"] = "unready"


@attrs.frozen
class UseMusician:
    """In a window: add your Musician (its F01 Role card ``musician``) for +1 (Z-R34)."""

    musician: str
    kind: Literal["use-musician"] = "use-musician"


@attrs.frozen
class RentMusician:
    """In a window: offer the Musician's Boyar ``zestre`` and ``cards`` to play it."""

    musician: str
    zestre: int = 0
    cards: tuple[str, ...] = ()
    kind: Literal["rent-musician"] = "rent-musician"


@attrs.frozen
class PassWindow:
    """In a window: nothing more from you for this attempt (§3.6)."""

    kind: Literal["pass-window"] = "pass-window"


ZestreaAction = (
    Choose | Bid | Pass | BuyLand | Adopt | BuyFate | PlayFate | ProposeWedding | ProposeTrade
    | Accept | Decline | Withdraw | Gift | Reveal | Ready | Unready | UseMusician | RentMusician
    | PassWindow
)


# ---- events --------------------------------------------------------------------------


@attrs.frozen
class TurnBegan:
    turn: int
    start_player: Seat
    kind: Literal["turn"] = "turn"


@attrs.frozen
class PhaseBegan:
    phase: str
    kind: Literal["phase"] = "phase"


@attrs.frozen
class TimeRevealed:
    """Step I: ``card`` turned up; ``left`` Time cards remain in the stack."""

    card: str
    left: int
    kind: Literal["time"] = "time"


@attrs.frozen
class Rolled:
    """The host rolled ``die`` for ``seat`` (``why``: the card or step; ``subject``: the
    villager or Couple rolled for)."""

    seat: Seat
    die: int
    why: str
    subject: str = ""
    kind: Literal["rolled"] = "rolled"


@attrs.frozen
class ZestreChanged:
    """``seat``'s Zestre changed by ``delta`` (``why``: the card, price or step)."""

    seat: Seat
    delta: int
    why: str
    kind: Literal["zestre"] = "zestre"


@attrs.frozen
class Toll:
    """A Time card's forced payment to the State (Bandits, Collectivisation, The Tatars
    Are Coming, Harsh Winter, Tax Collector; reference §5), one for each Boyar it asks of,
    as Food's summary is (play-test 21; public, as Zestre is): ``seat`` owed ``owed``
    Zestre for ``why`` and paid ``paid``, as much of it as it had (Z-R5)."""

    seat: Seat
    owed: int
    paid: int
    why: str
    kind: Literal["toll"] = "toll"


@attrs.frozen
class LandChanged:
    seat: Seat
    delta: int
    why: str
    kind: Literal["land"] = "land"


@attrs.frozen
class VillagerCame:
    """``villager`` joined ``seat``'s Estate (``how``: ``"start"``, ``"born"``,
    ``"newcomer"``)."""

    seat: Seat
    villager: str
    how: str
    kind: Literal["came"] = "came"


@attrs.frozen
class VillagerGone:
    """``villager`` of ``seat``'s Estate ``died`` or ``left`` (Z-R18) because of ``why``."""

    seat: Seat
    villager: str
    how: Literal["died", "left"]
    why: str
    kind: Literal["gone"] = "gone"


@attrs.frozen
class FateDrawn:
    """``seat`` took ``count`` Fate cards (``why``: ``"good-times"``, ``"dealt"``, ...).
    ``cards`` are seen only by ``seat`` (Z-R23, Z-R37)."""

    seat: Seat
    count: int
    why: str
    cards: tuple[str, ...] = ()
    kind: Literal["fate-drawn"] = "fate-drawn"


@attrs.frozen
class HandsCollected:
    """Beaten by Fate (Z-R37): every hand went to the middle; ``counts`` per seat."""

    counts: tuple[int, ...]
    to_deck: int = 0
    kind: Literal["collected"] = "collected"


@attrs.frozen
class Answered:
    """``seat`` answered its prompt; what it chose stays hidden until all have (Z-R36)."""

    seat: Seat
    kind: Literal["answered"] = "answered"


@attrs.frozen
class BidMade:
    seat: Seat
    amount: int
    kind: Literal["bid-made"] = "bid-made"


@attrs.frozen
class BidPassed:
    seat: Seat
    kind: Literal["bid-passed"] = "bid-passed"


@attrs.frozen
class AuctionOpened:
    """Step III: ``card`` is up (public: it is read out, Z-F13, Z-R23)."""

    card: str
    kind: Literal["auction"] = "auction"


@attrs.frozen
class AuctionEnded:
    """The auction of ``card`` ended: ``winner`` paid ``amount``, or nobody bid
    (``winner`` ``None``) and the card was discarded (Z-R27 steps 5-6)."""

    card: str
    winner: Seat | None
    amount: int = 0
    kind: Literal["auction-end"] = "auction-end"


@attrs.frozen
class Bought:
    """``seat`` paid ``price`` to the State for ``what`` (``"land"``, ``"adoption"``,
    ``"fate"``)."""

    seat: Seat
    what: str
    price: int
    kind: Literal["bought"] = "bought"


@attrs.frozen
class FatePlayed:
    """``seat`` played ``card`` (now public) with these targets."""

    seat: Seat
    card: str
    villager: str = ""
    other: str = ""
    couple: str = ""
    to: Seat = -1
    record: int = 0
    mode: str = ""
    kind: Literal["fate-played"] = "fate-played"


@attrs.frozen
class CardShown:
    """``seat`` revealed ``card`` to all."""

    seat: Seat
    card: str
    kind: Literal["shown"] = "shown"


@attrs.frozen
class CardsMoved:
    """``count`` Fate cards went from ``giver`` to ``taker`` (a gift, trade, sweetener,
    rent). ``cards`` are seen only by the two (§3.6 "Who sees what", Z-13)."""

    giver: Seat
    taker: Seat
    count: int
    why: str
    cards: tuple[str, ...] = ()
    kind: Literal["cards-moved"] = "cards-moved"


@attrs.frozen
class ZestreGiven:
    """``zestre`` went from ``giver`` to ``taker`` (public: Zestre counts are)."""

    giver: Seat
    taker: Seat
    zestre: int
    why: str
    kind: Literal["zestre-given"] = "zestre-given"


@attrs.frozen
class OfferMade:
    """``by`` made an offer to ``to``. ``offer`` (its terms) is seen only by the two
    (§3.6); everyone else sees who and what kind (``what``: wedding, trade, rent)."""

    by: Seat
    to: Seat
    id: int
    what: str
    offer: Offer | None = None
    kind: Literal["offer-made"] = "offer-made"


@attrs.frozen
class OfferClosed:
    """Offer ``id`` of ``by`` to ``to`` ended: ``how`` is accepted, declined, withdrawn,
    countered, cancelled or expired, public; ``why`` (it may tell the terms) only to the
    two parties, and so are ``short`` and ``owed``: the seat that could not pay and what
    it owed, when that cancelled it (``-1``, ``0``: not that)."""

    by: Seat
    to: Seat
    id: int
    how: str
    why: str = ""
    short: Seat = -1
    owed: int = 0
    kind: Literal["offer-closed"] = "offer-closed"


@attrs.frozen
class ReadyChanged:
    seat: Seat
    ready: bool
    kind: Literal["ready"] = "ready"


@attrs.frozen
class WindowOpened:
    """An attempt was paid; its window is open (public, §3.6: every attempt is)."""

    window: Window
    kind: Literal["window"] = "window"


@attrs.frozen
class ChanceChanged:
    """A Wedding card or a Musician changed the open attempt's chance (passes cleared)."""

    seat: Seat
    source: str
    value: int
    kind: Literal["chance"] = "chance"


@attrs.frozen
class WindowPassed:
    seat: Seat
    kind: Literal["window-passed"] = "window-passed"


@attrs.frozen
class Attempted:
    """The die of attempt ``attempt`` of the ``attempts`` agreed: ``chance`` made of
    ``parts`` (``(source, value)``), ``die``, ``success`` (Z-R30, Z-R31; public). After
    a failure ``then`` says what comes next (§3.6): ``"again"`` (the next attempt starts
    at once), ``"cannot-pay"`` (attempts are left but ``short``, a payer, cannot pay the
    next), ``"cannot-marry"`` (the two can no longer marry), ``""`` (no attempt left)."""

    stays: str
    moves: str
    attempt: int
    parts: tuple[tuple[str, int], ...]
    chance: int
    die: int
    success: bool
    attempts: int = 1
    then: str = ""
    short: Seat = -1
    kind: Literal["attempted"] = "attempted"


@attrs.frozen
class Married:
    """A wedding record (Z-R32): ``moves`` went to the ``receiver``'s Estate."""

    record: WeddingRecord
    stays: str
    moves: str
    kind: Literal["married"] = "married"


@attrs.frozen
class VillagerMoved:
    """``villager`` moved from ``giver``'s Estate to ``taker``'s (``why``)."""

    giver: Seat
    taker: Seat
    villager: str
    why: str
    kind: Literal["moved"] = "moved"


@attrs.frozen
class Separated:
    """The Couple ``couple`` (``"C<n>"``) of ``seat``'s Estate separated because of
    ``why`` (Trouble in Paradise, F11): ``stayed`` and ``moved``, its spouses as
    :class:`Couple` names them, are adult singles there now (public, as villagers are;
    the Couple is gone from the view after it, so the event names them)."""

    seat: Seat
    couple: str
    stayed: str
    moved: str
    why: str
    kind: Literal["separated"] = "separated"


@attrs.frozen
class RoleAttached:
    villager: str
    card: str
    kind: Literal["role"] = "role"


@attrs.frozen
class Foretold:
    """The Fortune Teller showed ``seat`` the top Time card ``card`` (seen only by
    ``seat``, §3.10); ``moved`` if it went to the bottom (public)."""

    seat: Seat
    card: str = ""
    moved: bool = False
    kind: Literal["foretold"] = "foretold"


@attrs.frozen
class FoodSummary:
    """Step V for ``seat``, told once the step is over (Z-R14, Z-R15, Z-F11; public, as
    Zestre, Land and villagers are): ``units`` food units; ``by_land`` fed by Land;
    ``free`` fed for free (Great Lent, H14); ``paid`` Zestre paid for food; ``land_lost``
    Land given up for food (Z-R14 step 5); ``starved`` the villagers who starved (both
    spouses of a Couple); ``grown`` the babies who grew up."""

    seat: Seat
    units: int
    by_land: int
    free: int = 0
    paid: int = 0
    land_lost: int = 0
    starved: tuple[str, ...] = ()
    grown: tuple[str, ...] = ()
    kind: Literal["food-summary"] = "food-summary"


ZestreaEvent = (
    TurnBegan | PhaseBegan | TimeRevealed | Rolled | ZestreChanged | Toll | LandChanged | VillagerCame
    | VillagerGone | FateDrawn | HandsCollected | Answered | BidMade | BidPassed
    | AuctionOpened | AuctionEnded | Bought | FatePlayed | CardShown | CardsMoved | ZestreGiven
    | OfferMade | OfferClosed | ReadyChanged | WindowOpened | ChanceChanged | WindowPassed
    | Attempted | Married | VillagerMoved | Separated | RoleAttached | Foretold | FoodSummary
)


# ---- views ---------------------------------------------------------------------------


@attrs.frozen
class EstateView:
    """One Estate as everyone sees it (reference §3.10): everything but the hand, of
    which only the count and the revealed cards show."""

    boyar: int
    zestre: int
    land: int
    couples: tuple[Couple, ...]
    singles: tuple[str, ...]
    babies: frozenset[str]
    hand_count: int
    revealed: tuple[str, ...]


@attrs.frozen
class OfferSummary:
    """An open offer as everyone sees it: who made it to whom, of what ``what`` kind
    (its terms go to the two parties only, §3.6)."""

    id: int
    by: Seat
    to: Seat
    what: str


@attrs.frozen
class PromptView:
    """Someone's open prompt as the others see it: who owes what kind, and whether
    they have answered (not what)."""

    seat: Seat
    kind: str
    answered: bool


@attrs.frozen
class ZestreaView:
    """What ``seat`` may see (``None``: a spectator), reference §3.10. Never in it: the
    RNG, the order of the Fate deck and of the Time stack, the Hard Times out of the
    game, other seats' hands, other seats' prompt answers, the terms of offers between
    others, what the Fortune Teller showed others. ``window`` with ``chance_parts`` and
    ``chance`` is the open attempt, live (Z-R30); ``foretold`` the Time cards the
    Fortune Teller showed this seat."""

    seat: Seat | None
    seats: int
    options: ZestreaOptions
    boyars: tuple[int, ...]
    turn: int
    phase: str
    start_player: Seat
    final_turn: bool
    time_card: str
    time_left: int
    time_revealed: tuple[str, ...]
    fate_deck_count: int
    discard: tuple[str, ...]
    gone: tuple[str, ...]
    supply_lads: int
    supply_maidens: int
    estates: tuple[EstateView, ...]
    roles: tuple[tuple[str, str], ...]
    prompts: tuple[PromptView, ...]
    auction: Auction | None
    hand: tuple[str, ...] = ()
    my_prompt: Prompt | None = None
    ready: frozenset[Seat] = frozenset()
    offers: tuple[OfferSummary, ...] = ()
    my_offers: tuple[Offer, ...] = ()
    window: Window | None = None
    chance_parts: tuple[tuple[str, int], ...] = ()
    chance: int = 0
    weddings: tuple[WeddingRecord, ...] = ()
    barred: frozenset[str] = frozenset()
    hora: bool = False
    amsterdam: bool = False
    foretold: tuple[str, ...] = ()
