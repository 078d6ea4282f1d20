"""Estate's options, state, actions, events and views (reference estate.md §2 E-R1-E-R6,
E-R32; rulebook Setup). Frozen attrs throughout, the RNG inside the table.

Phases: ``"leaders"`` (seats choose Leaders, last seat first, E-R1), ``"extra"`` (the
Starting Build's When Played effects in seat order, E-R4), ``"draft"`` (all seats pick at
once, E-F14; solo: keep 4 of 10, E-F48), ``"secrets"`` (each keeps 1 of 2 Family
Secrets, E-F12), ``"era"`` (the first player is chosen and Era 1 is ready to start,
E-F15).
"""

from __future__ import annotations

from typing import Any, Literal, Union

import attrs

from ..core import RuleViolation, Seat, option
from .effects import Question, tupled
from .table import Estate, Table


@attrs.frozen
class EstateOptions:
    """Table options (reference E-R1, E-R27, E-F48); their help is in players' words."""

    leaders: str = option("choose", "Leaders are chosen (last seat first) or dealt at random",
                          choices=("choose", "random"))
    interactive_deck: bool = option(True, "the Interactive Deck cards (Judge, Royal Ambassador, "
                                    "City Watch) are in the deck; never in solo",
                                    label="interactive deck")


@attrs.frozen
class Pending:
    """An effect waiting for answers: ``seat`` resolves the ops of ``part`` of
    ``source`` (a card copy and its trigger, a Leader's ability, a space, an action;
    pending.py) with ``answers`` so far (positions among each question's options,
    effects.py); ``this``, ``yielded`` and ``that_type`` rebuild its context; ``told``
    how many Solo Mode cards it revealed are told already (E-R28, pending.run_told)."""

    seat: Seat
    source: str
    part: str
    answers: tuple[int, ...] = ()
    this: str = ""
    yielded: tuple[str, ...] = ()
    that_type: str = ""
    told: int = 0


@attrs.frozen
class Doing:
    """A Produce action under way (E-R16): ``limit`` L fixed at its start, ``done``
    activations so far, ``mods`` how many table modifiers were in force before it (the
    ones its ability added are dropped at its end)."""

    limit: int
    done: int = 0
    mods: int = 0


@attrs.frozen
class Offer:
    """A Leader ability ``seat`` may use now (E-R24): ``leaders`` the abilities it may
    use (its own, or another player's for the Spy Master)."""

    seat: Seat
    leaders: tuple[str, ...]
    this: str = ""
    yielded: tuple[str, ...] = ()


@attrs.frozen
class Step:
    """What a take-back restores (pitfall E-11): the table, the waiting effect and the
    effects queued after it just before a conversion or storage move of the turn (a
    storage move made while an effect waits queues that effect to resume after it)."""

    table: Table
    pending: Pending | None = None
    queue: tuple[Pending, ...] = ()


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
    cards whose When Played effects are still to resolve (E-R4); ``placed`` whether the
    turn's worker action is taken and ``turn_ended`` whether its player has then ended
    the turn (conversions and storage moves may come after the action, E-R10); ``undo``
    the steps a take-back may restore: the turn's conversions and storage moves since its
    last other step (pitfall E-11)."""

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
    turn: Seat = 0
    used_workers: tuple[int, ...] = ()
    placed: bool = False
    turn_ended: bool = False
    undo: tuple[Step, ...] = ()
    occupied: tuple[tuple[str, Seat], ...] = ()
    crests: tuple[bool, ...] = ()
    doing: Doing | None = None
    queue: tuple[Pending, ...] = ()
    offer: Offer | None = None
    bonus: int = 0
    bonus_spaces: tuple[str, ...] = ()
    in_bonus: bool = False
    ending: bool = False
    closing: bool = False
    choosing: bool = False
    solo_options: tuple[str, ...] = ()
    objective_vp: tuple[int, ...] = ()
    firsts: tuple[int, ...] = ()
    places: tuple[tuple[int, ...], ...] = ()
    failures: int = 0
    lost: bool = False

    @property
    def solo(self) -> bool:
        return self.seats == 1


# ---- actions --------------------------------------------------------------------------

@attrs.frozen
class ChooseLeader:
    """Take Leader ``leader`` (an ``E-L`` id) in the ``leaders`` phase (E-R1)."""

    leader: str
    kind: Literal["leader"] = "leader"


@attrs.frozen
class Answer:
    """Answer the pending effect's question with ``value``, one of its options."""

    value: Any = attrs.field(converter=lambda v: tupled(v))
    kind: Literal["answer"] = "answer"


@attrs.frozen
class Pick:
    """Keep ``card`` from the packet held (E-F14); the Warden may also ``tuck`` a second
    card of the packet under the Dungeon (E-R5)."""

    card: str
    tuck: str = ""
    kind: Literal["pick"] = "pick"


@attrs.frozen
class KeepSecret:
    """Keep Family Secret ``secret`` and discard the other (E-F12)."""

    secret: str
    kind: Literal["secret"] = "secret"


@attrs.frozen
class Produce:
    """Worker action Produce (E-F27, E-R16); ``ability`` the Leader whose produce-start
    ability is used (Druid Lord, Agrarian Lord), ``""`` for none."""

    ability: str = ""
    kind: Literal["produce"] = "produce"


@attrs.frozen
class Activate:
    """Activate Production card ``card`` in the Produce action under way (E-R16)."""

    card: str
    kind: Literal["activate"] = "activate"


@attrs.frozen
class StopProducing:
    """End the Produce action early (E-R16)."""

    kind: Literal["stop"] = "stop"


@attrs.frozen
class Draw:
    """Worker action Draw (E-F28); ``ability`` the Pious One's (or a copy), ``""``."""

    ability: str = ""
    kind: Literal["draw"] = "draw"


@attrs.frozen
class Gather:
    """Worker action Gather on ``space`` (an ``E-B`` space or ``E-A`` tile, E-F29);
    ``smuggle``: on a taken exclusive space with a Smugglers Den (E-R34)."""

    space: str
    smuggle: bool = False
    kind: Literal["gather"] = "gather"


@attrs.frozen
class Expand:
    """Worker action Expand: play ``card`` from hand, paying its cost (E-F30, E-R11)."""

    card: str
    kind: Literal["expand"] = "expand"


@attrs.frozen
class Convert:
    """Pay ``give`` (3 resources, or 2 at 2:1) from personal supply for 1 ``get``
    (E-F38, E-R12), at any point of your own turn (E-R10): before or after its worker
    action, between activations, while a Leader ability is offered, and while one of your
    effects waits on your answer (a Draw's next card, a payment, an Expand's payment) if
    the questions already answered stay as they were."""

    give: tuple[str, ...]
    get: str
    kind: Literal["convert"] = "convert"


@attrs.frozen
class StoreOn:
    """Use ``card``'s own-turn storage (Larder, Storehouse) at any point of your own turn
    (E-R10): before the worker action, between two activations, between Council bonus
    actions, while a Leader ability is offered, while one of your effects waits on your
    answer (if the questions already answered stay as they were, whatever is stored; the
    effect then resumes) and after the action. Its own question (which resource) comes
    first."""

    card: str
    kind: Literal["store"] = "store"


@attrs.frozen
class EndTurn:
    """End your turn after its worker action (E-R10): offered while conversions or storage
    moves could still be made; then the Market is refilled (E-R15)."""

    kind: Literal["end"] = "end"


@attrs.frozen
class TakeBack:
    """Take back your turn's latest conversion or storage move (pitfall E-11). Only those
    show nothing hidden; every other step (a worker action, an activation, an answer) may
    show a card or change what others see, so it stands and ends what may be taken back."""

    kind: Literal["take_back"] = "take_back"


@attrs.frozen
class UseAbility:
    """Use the offered Leader ability of ``leader`` (E-R24), or ``""`` to let it pass."""

    leader: str
    kind: Literal["ability"] = "ability"


@attrs.frozen
class ChooseOption:
    """Solo: take option ``"a"`` or ``"b"`` of the revealed Solo Era Event (E-F47)."""

    option: str
    kind: Literal["option"] = "option"


EstateAction = Union[ChooseLeader, Answer, Pick, KeepSecret, Produce, Activate, StopProducing,
                     Draw, Gather, Expand, Convert, StoreOn, EndTurn, TakeBack, UseAbility,
                     ChooseOption]

ACTION_WORDS: dict[str, tuple[str, str]] = {
    "leader": ("choose a Leader", "chooses a Leader"), "answer": ("answer", "answers"),
    "pick": ("keep a card of the packet", "keeps a card of the packet"),
    "secret": ("keep a Family Secret", "keeps a Family Secret"),
    "produce": ("take the Produce action", "takes the Produce action"),
    "activate": ("activate a card", "activates a card"), "stop": ("stop producing", "stops producing"),
    "draw": ("take the Draw action", "takes the Draw action"), "gather": ("gather", "gathers"),
    "expand": ("expand", "expands"), "convert": ("convert resources", "converts resources"),
    "store": ("store on a card", "stores on a card"),
    "ability": ("use a Leader's ability", "uses a Leader's ability"),
    "option": ("take an Era option", "takes an Era option"),
    "end": ("end the turn", "ends the turn"),
    "take_back": ("take back a conversion or storage move", "takes back a conversion or storage move"),
}
"""Each action kind in words (rulebook Play: the actions), as after "you may not" and after
a name, for refusals and :func:`rules.estate.game.describe`; never an action's repr."""


def not_allowed(action: EstateAction, rule: str) -> RuleViolation:
    """The refusal of an action that is not legal now: ``"You may not keep a Family
    Secret now."`` (code ``not-legal``, ``rule`` its rulebook section)."""
    bare = ACTION_WORDS.get(action.kind, ("make that move", ""))[0]
    return RuleViolation("not-legal", f"You may not {bare} now.", rule)


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
    draft packet the seat picks from now (``()`` once it has picked this round and waits
    for the next, E-3) and ``packet_sizes`` everyone's; ``question`` the pending
    choice, only for the seat that owes it (with the cards shown to it); in turns, whose
    turn it is, the spaces taken, Crests flipped, workers used, a Produce action's
    ``(limit, done)``, the Leader abilities offered to the viewer, ``used`` the
    once-per-Era cards marked this Era (public, E-R16, E-R32), and ``question_from``
    what the viewer's question comes from (the pending effect's source: a card copy, a
    Leader, a space or tile, an Era Event, or ``"draw"``, ``"expand"``, ``"refill"``,
    ``"reward"``, ``"deal"``, ``"drought"``), so that a table can show its text;
    ``places`` each past Era's objective result (public, E-R20): by seat the place (1 =
    first), or solo ``(1,)`` met and ``(0,)`` failed (E-R21); ``limits`` in turns the
    viewer's Produce limit and Draw count with the modifiers in force, as
    ``(kind, Leader ability or "", value)`` (:func:`rules.estate.views.worker_limits`),
    ``costs`` what each card in the viewer's hand costs to Expand now
    (:func:`rules.estate.views.expand_costs`)."""

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
    question: Question | None = None
    awaiting: tuple[Seat, ...] = ()
    turn: Seat = 0
    occupied: tuple[tuple[str, Seat], ...] = ()
    crests: tuple[bool, ...] = ()
    used_workers: tuple[int, ...] = ()
    bonus: int = 0
    producing: tuple[int, int] | None = None
    activated: tuple[str, ...] = ()
    offer: tuple[str, ...] = ()
    question_from: str = ""
    used: tuple[str, ...] = ()
    places: tuple[tuple[int, ...], ...] = ()
    limits: tuple[tuple[str, str, int], ...] = ()
    costs: tuple[tuple[str, tuple[tuple[str, int], ...], int, tuple[str, ...]], ...] = ()


def estate_view(state: EstateState, seat: Seat | None, s: Seat) -> EstateInView:
    e: Estate = state.table.estates[s]
    over = state.phase == "over"  # E-R22: Family Secrets are revealed at game end
    own = seat == s
    return EstateInView(
        leader=state.leaders[s], res=e.res, gold=e.gold, cards=e.cards, cubes=e.cubes,
        stored=e.stored, tucked_under=tuple(u for u, _ in e.tucked),
        tucked=e.tucked if own else (), hand=e.hand if own else (), hand_count=len(e.hand),
        workers=(e.permanent, e.pending, e.temporary),
        secrets=state.secrets[s] if (own or over) and state.secrets else ())
