"""One action in words, as the table's log tells it: ``describe(name, action, events)``.

The log is public, so it says only what everyone may know (reference §3.6 "Who sees
what", §3.10): that an offer was made and how it ended, never its terms; the number of
cards that changed hands, never which; prompt answers only through what they caused.
Villagers are told by name and sex (``Ion (♂)``), cards by title, seats by the player's
name when ``names`` is given, else as ``seat N`` (1-based).
"""

from __future__ import annotations

from typing import Sequence

from .cards import TIMES, person, reason, title
from .state import (
    Accept, Adopt, AuctionEnded, Attempted, Bid, BuyFate, BuyLand, Choose, Decline, FatePlayed,
    Gift, OfferClosed, Pass, PassWindow, PlayFate, ProposeTrade, ProposeWedding, Ready,
    RentMusician, Reveal, TimeRevealed, Unready, UseMusician, VillagerCame, VillagerGone, Withdraw,
)


def who(villager: str) -> str:
    """``"Ion (♂)"``: a villager's name and sex."""
    return person(villager)


def seat_text(seat: int, names: Sequence[str] = ()) -> str:
    """The player's name at ``seat`` when ``names`` has it, else ``"seat N"`` (1-based)."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


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
        return f"{name} made a wedding offer to {seat_text(action.to, names)}"
    if isinstance(action, ProposeTrade):
        return f"{name} made a trade offer to {seat_text(action.to, names)}"
    if isinstance(action, Accept):
        return f"{name} accepted offer {action.offer}"
    if isinstance(action, Decline):
        return f"{name} declined offer {action.offer}"
    if isinstance(action, Withdraw):
        return f"{name} withdrew offer {action.offer}"
    if isinstance(action, Gift):
        parts = [f"{action.zestre} Zestre"] if action.zestre else []
        parts += [f"{len(action.cards)} Fate card{'s' * (len(action.cards) != 1)}"] if action.cards else []
        return f"{name} gave {seat_text(action.to, names)} {' and '.join(parts)}"
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


def describe(name: str, action: object, events: Sequence[object] = (), names: Sequence[str] = ()) -> str:
    """``"Ana played Bad Eyesight"``, ``"Bogdan accepted offer 3; Ion (♂) and Maria (♀):
    rolled 1 of chance 3: married"``: the action, then what followed that everyone saw
    (attempts, weddings, deaths, the auction's end, the next Time card). ``names``: the
    players' names by seat, when the caller has them (else other seats are ``seat N``)."""
    text = _action(name, action, names)
    for e in events:
        if isinstance(e, Attempted):
            text += (f"; {who(e.stays)} and {who(e.moves)}: rolled {e.die} of chance {e.chance}: "
                     + ("married" if e.success else "no wedding"))
        elif isinstance(e, VillagerGone):
            text += f"; {who(e.villager)} {e.how} ({reason(e.why)})"
        elif isinstance(e, VillagerCame) and e.how in ("adopted", "born", "newcomer"):
            text += f"; {who(e.villager)} {'arrived' if e.how != 'born' else 'was born'}"
        elif isinstance(e, OfferClosed) and e.how in ("cancelled", "expired"):
            text += f"; offer {e.id} was {e.how}: {e.why or 'it could no longer go ahead'}"
        elif isinstance(e, AuctionEnded):
            text += (f"; {title(e.card).name} went for {e.amount} Zestre to {seat_text(e.winner, names)}"
                     if e.winner is not None else f"; nobody bid for {title(e.card).name}")
        elif isinstance(e, TimeRevealed):
            text += f"; {TIMES[e.card].name} is the Time card"
        elif isinstance(e, FatePlayed) and not isinstance(action, PlayFate):
            text += f"; {title(e.card).name} played"
    return text
