"""The physical table the effect vocabulary acts on: each player's Estate (tableau,
cubes, tokens, stored items, tucked cards, hand, workers) and the shared cards (deck,
discard pile, Market), with the state's RNG. Frozen attrs; the game state holds one.

Cards are physical copies (``"E-C12-3"``, data.py). Resources are the letters
``I S W G`` (reference §0 "Notation"); Gold is kept apart (E-F37). Track indexes follow
:data:`data.TRACKS` (Production, Noble, Gather).
"""

from __future__ import annotations

import attrs

from ..core import Rng
from .data import RESOURCES, card

MARKET_SIZE, TRACK_LIMIT, MAX_WORKERS = 4, 7, 6  # E-F7, E-F30, E-F39


@attrs.frozen
class Estate:
    """One player's Estate and supply.

    ``res`` counts I, S, W, G in personal supply; ``cards`` the face-up Estate cards in
    play order; ``cubes`` the cubes removed per track (0-7, E-R8); ``tucked`` pairs
    ``(under, tucked card)``; ``stored`` one ``(card, item)`` pair per token lying on a
    card (item a resource letter or ``"Gold"``, E-R13); workers by E-R17; ``end_vp`` the
    At Game End VP summed by ``vp`` (E-V16)."""

    res: tuple[int, int, int, int] = (1, 1, 1, 1)  # E-F7
    gold: int = 0
    cards: tuple[str, ...] = ()
    cubes: tuple[int, int, int] = (0, 0, 0)
    tucked: tuple[tuple[str, str], ...] = ()
    stored: tuple[tuple[str, str], ...] = ()
    hand: tuple[str, ...] = ()
    permanent: int = 4  # E-F9
    pending: int = 0
    temporary: int = 0
    end_vp: int = 0

    def amount(self, r: str) -> int:
        """Personal supply of resource ``r``."""
        return self.res[RESOURCES.index(r)]

    def with_res(self, r: str, delta: int) -> "Estate":
        i = RESOURCES.index(r)
        res = list(self.res)
        res[i] += delta
        if res[i] < 0:
            raise ValueError(f"no {r} to spend")
        return attrs.evolve(self, res=tuple(res))

    def on_track(self, track: str) -> tuple[str, ...]:
        """The Estate cards on ``track``."""
        return tuple(c for c in self.cards if card(c).track == track)

    def stored_on(self, copy: str) -> tuple[str, ...]:
        return tuple(item for c, item in self.stored if c == copy)


@attrs.frozen
class Modifier:
    """A ``modify`` op (E-V17) in force for ``seat`` (-1: every player), put there by an
    Era Event or a Leader ability; the filter as ``type``/``track``/``names``/``royal``
    (reference §3 "Card filter"), ``value`` -1 when the op sets none."""

    seat: int
    rule: str
    delta: int = 0
    value: int = -1
    type: str = ""
    track: str = ""
    names: tuple[str, ...] = ()
    royal: bool = False
    surcharge: tuple[tuple[str, int], ...] = ()

    def op(self) -> dict:
        """The op as data.py writes it."""
        filt: dict = {k: v for k, v in (("type", self.type), ("track", self.track)) if v}
        if self.names:
            filt["name"] = list(self.names)
        if self.royal:
            filt["royal"] = True
        out: dict = {"op": "modify", "rule": self.rule, "delta": self.delta, "filter": filt,
                     "surcharge": dict(self.surcharge)}
        if self.value != -1:
            out["value"] = self.value
        return out


@attrs.frozen
class Table:
    """Everything cards and events act on: ``estates`` by seat; ``deck`` top first;
    ``discard`` oldest first (public, E-F14); ``market`` the 4 face-up slots, ``""`` for
    a gap (E-R14); ``activated`` the cards activated in the current Produce action
    (E-R16); ``used`` the once-per-Era cards marked this Era (E-R16, E-R34);
    ``modifiers`` the rule changes in force (E-V17, :class:`Modifier`);
    ``solo`` whether this is a solo game and ``in_setup`` whether set-up is running
    (E-R28: a Solo Mode card revealed in set-up is shuffled back and replaced)."""

    estates: tuple[Estate, ...]
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    market: tuple[str, ...] = ("", "", "", "")
    rng: Rng = Rng(0)
    activated: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    modifiers: tuple["Modifier", ...] = ()
    solo: bool = False
    in_setup: bool = False

    def set(self, seat: int, estate: Estate) -> "Table":
        """This table with ``seat``'s Estate replaced."""
        estates = list(self.estates)
        estates[seat] = estate
        return attrs.evolve(self, estates=tuple(estates))

    def owner(self, copy: str) -> int:
        """The seat whose Estate holds face-up card ``copy``; ``ValueError`` if none."""
        for seat, estate in enumerate(self.estates):
            if copy in estate.cards:
                return seat
        raise ValueError(f"{copy} is in no Estate")

