"""Estate's options, state, actions, events and views (reference estate.md §2 E-R1-E-R6,
E-R32; rulebook Setup). Frozen attrs throughout, the RNG inside the table.

Phases: ``"leaders"`` (seats choose Leaders, last seat first, E-R1), ``"extra"`` (the
Starting Build's When Played effects in seat order, E-R4), ``"draft"`` (all seats pick at
once, E-F14; solo: keep 4 of 10, E-F48), ``"secrets"`` (each keeps 1 of 2 Family
Secrets, E-F12), ``"era"`` (the first player is chosen and Era 1 is ready to start,
E-F15).
"""

from __future__ import annotations

from typing import Any, Union

import attrs

from ..core import Seat, option
from .table import Estate, Table


@attrs.frozen
class EstateOptions:
    """Table options (reference E-R1, E-R27)."""

    leaders: str = option("choose", "Leaders are chosen (last seat first) or dealt at random "
                          "(E-R1)", choices=("choose", "random"))
    interactive_deck: bool = option(True, "the Interactive Deck cards (Judge, Royal Ambassador, "
                                    "City Watch) are in the deck; never in solo (E-R27, E-F48)",
                                    label="interactive deck")


@attrs.frozen
class Pending:
    """An effect waiting for answers: ``seat`` resolves the ops of ``part`` of
    ``source`` (a card copy and its trigger, an event, a space) with ``answers`` so far
    (effects.py)."""

    seat: Seat
    source: str
    part: str
    answers: tuple = ()


@attrs.frozen
class Draft:
    """The draft (E-F14, E-R5): ``packets[s]`` is the packet seat ``s`` holds now;
    ``picked[s]`` whether it has picked from it this round; ``round`` counts picks made
    (0-3); ``warden_tucks`` the Warden's extra picks used (at most 2, E-R5)."""

    packets: tuple[tuple[str, ...], ...]
    picked: tuple[bool, ...]
    round: int = 0
    warden_tucks: int = 0
    keep: int = 4


@attrs.frozen
class EstateState:
    """The whole game. ``leaders[s]`` is seat ``s``'s Leader id (``""`` while
    choosing); ``events`` the 5 Era Events in Era order (face down until revealed);
    ``tiles`` the Advanced Gather tile of levels 1-4; ``accumulated`` the tokens on the
    4 accumulating spaces (E-B1-E-B4); ``secrets[s]`` the Family Secrets a seat holds
    (2 until it keeps 1); ``first`` the first player; ``extra`` the seats and starting
    cards whose When Played effects are still to resolve (E-R4)."""

    options: EstateOptions
    seats: int
    table: Table
    phase: str
    leaders: tuple[str, ...]
    events: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    accumulated: tuple[int, int, int, int] = (1, 1, 1, 1)  # E-F7
    secrets: tuple[tuple[str, ...], ...] = ()
    first: Seat = 0
    era: int = 0
    extra: tuple[tuple[Seat, str], ...] = ()
    pending: Pending | None = None
    draft: Draft | None = None

    @property
    def solo(self) -> bool:
        return self.seats == 1


# ---- actions --------------------------------------------------------------------------

@attrs.frozen
class ChooseLeader:
    """Take Leader ``leader`` (an ``E-L`` id) in the ``leaders`` phase (E-R1)."""

    leader: str
    kind: str = "leader"


@attrs.frozen
class Answer:
    """Answer the pending effect's question with ``value``, one of its options."""

    value: Any
    kind: str = "answer"


@attrs.frozen
class Pick:
    """Keep ``card`` from the packet held (E-F14); the Warden may also ``tuck`` a second
    card of the packet under the Dungeon (E-R5)."""

    card: str
    tuck: str = ""
    kind: str = "pick"


@attrs.frozen
class KeepSecret:
    """Keep Family Secret ``secret`` and discard the other (E-F12)."""

    secret: str
    kind: str = "secret"


EstateAction = Union[ChooseLeader, Answer, Pick, KeepSecret]


# ---- events ---------------------------------------------------------------------------

@attrs.frozen
class SetupEvent:
    """Something that happened in set-up: ``what`` in words, ``cards`` it showed (to
    ``seat`` only when ``private``)."""

    seat: Seat
    what: str
    cards: tuple[str, ...] = ()
    private: bool = False


EstateEvent = SetupEvent


# ---- views ----------------------------------------------------------------------------

@attrs.frozen
class EstateInView:
    """One Estate as a viewer sees it (E-R32): the hand and tucked cards only for their
    owner (others see how many), everything else public."""

    leader: str
    res: tuple[int, int, int, int]
    gold: int
    cards: tuple[str, ...]
    cubes: tuple[int, int, int]
    stored: tuple[tuple[str, str], ...]
    tucked_under: tuple[str, ...]
    tucked: tuple[tuple[str, str], ...]
    hand: tuple[str, ...]
    hand_count: int
    workers: tuple[int, int, int]
    secrets: tuple[str, ...]


@attrs.frozen
class EstateView:
    """What ``seat`` may see (``None``: a spectator). ``era_events`` shows only revealed
    events (the rest as ``""``; Era 1's is known to be negative, E-R2); ``packet`` is the
    seat's own draft packet and ``packet_sizes`` everyone's; ``question`` the pending
    choice, only for the seat that owes it (with the cards shown to it)."""

    seat: Seat | None
    seats: int
    options: EstateOptions
    phase: str
    leaders: tuple[str, ...]
    estates: tuple[EstateInView, ...]
    market: tuple[str, ...]
    discard: tuple[str, ...]
    deck_count: int
    era: int
    era_events: tuple[str, ...]
    tiles: tuple[str, ...]
    accumulated: tuple[int, int, int, int]
    first: Seat
    packet: tuple[str, ...] = ()
    packet_sizes: tuple[int, ...] = ()
    passing_to: Seat | None = None
    question: Any = None
    awaiting: tuple[Seat, ...] = ()


def estate_view(state: EstateState, seat: Seat | None, s: Seat) -> EstateInView:
    e: Estate = state.table.estates[s]
    own = seat == s
    return EstateInView(
        leader=state.leaders[s], res=e.res, gold=e.gold, cards=e.cards, cubes=e.cubes,
        stored=e.stored, tucked_under=tuple(u for u, _ in e.tucked),
        tucked=e.tucked if own else (), hand=e.hand if own else (), hand_count=len(e.hand),
        workers=(e.permanent, e.pending, e.temporary),
        secrets=state.secrets[s] if own and state.secrets else ())
