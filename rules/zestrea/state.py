"""Zestrea's options, state, actions, events and views: frozen attrs classes,
cattrs-friendly (actions and events tagged by a ``kind`` literal).

Ids (see cards.py): villagers ``"L01"``/``"M01"``; Fate cards ``"F07-2"``; Time cards
``"H03"``/``"G1"``; a Couple is ``"C<number>"`` where a choice names one. Zestre and Land
are whole counters (Z-R4). Seats are lobby order, clockwise (Z-R3).
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core import Rng, Seat, option

Phase = Literal["hard-times", "production", "auction", "negotiation", "food", "over"]
PHASES: tuple[str, ...] = ("hard-times", "production", "auction", "negotiation", "food")
"""The five steps of a turn, in order (Z-F7; reference §3.1)."""

TIMER_HELP = "seconds before the seat gets its default (reference §3.9); 0 is off"


@attrs.frozen
class ZestreaOptions:
    """Table options (reference §8). The timers are the host's (§3.9): the rules only
    carry them; a seat whose timer runs out is given :func:`rules.zestrea.game.default_action`."""

    extra_hard_times: int = option(0, "Hard Times added for a longer game (rulebook Setup)",
                                   choices=(0, 1, 2))
    adoption_sex: str = option("choose", "an adopter chooses the villager's sex, or it is "
                               "random (Z-R12, stand-in)", choices=("choose", "random"))
    starting_zestre: int = option(0, "Zestre each Boyar starts with (Z-R1, stand-in)", lo=0, hi=30)
    negotiation_timeout_s: int = option(0, "step IV: " + TIMER_HELP, lo=0, hi=3600, unit="s", off=0)
    window_timeout_s: int = option(0, "wedding windows: " + TIMER_HELP, lo=0, hi=600, unit="s", off=0)
    prompt_timeout_s: int = option(0, "prompts: " + TIMER_HELP, lo=0, hi=600, unit="s", off=0)
    auction_timeout_s: int = option(0, "auction turns: " + TIMER_HELP, lo=0, hi=600, unit="s", off=0)


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
    the singles born this turn (Z-F11, Z-R10), ``hand`` the Fate cards held (hidden,
    Z-R23), ``revealed`` those of them shown to all."""

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
    sex), ``"starve"`` (Z-R15: the units that starve). The answer is ``lo .. hi``
    distinct items of ``choices`` (in order where ``ordered``). ``answer`` is kept
    hidden from the other seats until every prompt of the step is answered (Z-R36).
    """

    seat: Seat
    kind: str
    choices: tuple[str, ...]
    lo: int
    hi: int
    ordered: bool = False
    answer: tuple[str, ...] | None = None


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


@attrs.frozen
class ZestreaState:
    """Everything, the RNG included. ``time_stack`` top first, ``time_card`` the card
    of this turn; ``fate_deck`` top first; ``supply`` the villagers the State holds
    (sorted; draws are random), ``gone`` those who died or left (Z-R11); ``roles``
    ``(villager, card)`` pairs of Roles in play (Z-F24); ``boyars`` the Boyar card of
    each seat."""

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


ZestreaAction = Choose | Bid | Pass


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
class Prompted:
    """``seat`` owes a choice of ``prompt`` kind (its choices go to ``seat`` only)."""

    seat: Seat
    prompt: str
    kind: Literal["prompted"] = "prompted"


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


ZestreaEvent = (
    TurnBegan | PhaseBegan | TimeRevealed | Rolled | ZestreChanged | LandChanged | VillagerCame
    | VillagerGone | FateDrawn | HandsCollected | Prompted | Answered | BidMade | BidPassed
    | AuctionOpened | AuctionEnded
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
    game, other seats' hands and other seats' prompt answers."""

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
