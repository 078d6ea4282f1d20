"""What the TUI talks to: one seat's link to a table (design.md, "net/").

The TUI never changes a game itself: it reads :class:`Snapshot`\\ s and sends actions
as intents through a :class:`SeatLink`. A local table (solo, hotseat) and a remote one
(LAN) give the same interface.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Protocol, Sequence

import attrs

from rules.core import Result, Seat


MAX_TAKEOVERS = 64
"""Bot takeovers a snapshot tells (the oldest are dropped past this)."""
MAX_TIMERS = 8
"""Running timers a snapshot may tell (Zestrea runs two at most)."""


@attrs.frozen
class BotTook:
    """A table fact: the player of ``seat`` left it and a ``kind`` bot played it, its
    first move being move ``since + 1``; ``until``: the bot's last move before its
    player took the seat back (``None``: the bot played on to the end, or still plays).
    A move is an applied action (the snapshot's version). Both come from the action log
    (:func:`takeovers_from_log`), so a live table, a resumed one and a replay say the
    same; a bot that took a seat and gave it back before moving played no move and is
    not told."""

    seat: Seat = attrs.field(validator=[attrs.validators.ge(0), attrs.validators.lt(16)])
    kind: str = attrs.field(validator=attrs.validators.max_len(40))
    since: int = attrs.field(validator=attrs.validators.ge(0))
    until: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(0)))


def bot_took_text(names: Sequence[str], took: BotTook) -> str:
    """``took`` as the log, the results and ``parlour replay`` tell it (``names`` by
    seat): ``"Seat 3 (Bob) was played by a strong bot from move 31."``, ``"... from
    move 31 to move 40."`` when its player came back, ``"... by a bot ..."`` when the
    kind is not known."""
    kind = took.kind
    bot = f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} bot" if kind else "a bot"
    name = names[took.seat] if took.seat < len(names) else "?"
    until = f" to move {took.until}" if took.until is not None else ""
    return f"Seat {took.seat + 1} ({name}) was played by {bot} from move {took.since + 1}{until}."


BOT_ACTION_ID = "bot:"
"""How the action ids of a host's own bots begin (net/host.py), as saved in a log."""
TIMER_ACTION_ID = "timer:"
"""How the action ids of defaults given by a timer begin (net/timers.py), as saved in a log."""


def timed_out(entry: Any) -> Seat | None:
    """The seat a timer gave its default to in the action log ``entry`` (an item
    with ``seat`` and ``action_id``: its id begins :data:`TIMER_ACTION_ID`), else
    ``None`` (the seat's player or bot chose it). A table fact: a live table tells
    it in the snapshot of that action's version (``Snapshot.timed_out``), a replay
    from the saved log (Zestrea: reference §3.9)."""
    return entry.seat if entry.action_id.startswith(TIMER_ACTION_ID) else None


def timed_out_text(names: Sequence[str], seat: Seat) -> str:
    """A default a timer gave, as ``parlour replay --text`` tells it (``names`` by
    seat): ``"Time ran out for Bob: the default was given."``."""
    name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    return f"Time ran out for {name}: the default was given."


def takeovers_from_log(log: Any, kinds: tuple[str | None, ...],
                       taken: Collection[Seat] = ()) -> tuple[BotTook, ...]:
    """The bot takeovers an action ``log`` shows (items with ``version``, ``seat`` and
    ``action_id``, in order; a host's bots' ids begin :data:`BOT_ACTION_ID`): each run
    of bot moves of a seat that follows a move of its player, from the bot's first move
    to its last (the log does not say when the seat was taken or given back).
    ``kinds``: the bot kind per seat (``""`` or ``None`` where it is not known);
    ``taken``: seats known to have been handed to a bot (a live table knows): their
    bot's first move opens a takeover even if their player had not moved yet."""
    out: list[BotTook] = []
    human: set[Seat] = set()  # seats whose player has moved
    open_: dict[Seat, int] = {}  # seat -> index in out of its open takeover
    last: dict[Seat, int] = {}  # seat -> version of its bot's latest move
    for entry in log:
        seat, bot = entry.seat, entry.action_id.startswith(BOT_ACTION_ID)
        if bot:
            last[seat] = entry.version
            if (seat in human or seat in taken) and seat not in open_:
                open_[seat] = len(out)
                kind = kinds[seat] if seat < len(kinds) and kinds[seat] else ""
                out.append(BotTook(seat, kind, entry.version - 1))
        else:
            if seat in open_:
                i = open_.pop(seat)
                out[i] = attrs.evolve(out[i], until=last[seat])
            human.add(seat)
    return tuple(out[-MAX_TAKEOVERS:])


@attrs.frozen
class Countdown:
    """A running timer (net/timers.py; Zestrea: reference §3.9): ``option`` names it
    (the options field giving its seconds), ``seats`` are the seats it waits for,
    ``deadline`` is when it runs out, in unix seconds (as a presence's deadline): then
    each of those seats is given the default of what it is asked (the game's
    ``timeouts`` for its view says which)."""

    option: str = attrs.field(validator=attrs.validators.max_len(40))
    seats: frozenset[Seat] = attrs.field(validator=[attrs.validators.max_len(16), attrs.validators.deep_iterable(
        member_validator=[attrs.validators.ge(0), attrs.validators.lt(16)])])
    deadline: float = attrs.field(validator=[attrs.validators.ge(0.0), attrs.validators.le(1e12)])


@attrs.frozen
class Snapshot:
    """Everything one seat may know right now.

    ``version`` counts applied actions; ``view`` is the game's view for ``seat``
    (``None``: spectator); ``legal_actions`` are this seat's (empty when it may not
    act); ``active_seats`` may act now; ``events`` are the events of the latest
    applied action as this seat may see them; ``names`` the seat names in seat order;
    ``bots`` the bot kind per seat (``None`` for a human); ``result`` once the game is over;
    ``bot_took``: the seats whose players left them to a bot during the game (a table
    fact, told in the log and on the results); ``timers``: the running timers, soonest
    first (empty where the game has none or they are off); ``timed_out``: the seat
    whose time ran out, when this version's action is the default a timer gave it
    (:func:`timed_out`; ``None`` for an action a player or bot chose), the same in
    every seat's snapshot.
    """

    version: int
    seat: Seat | None
    view: Any
    legal_actions: tuple[Any, ...]
    active_seats: frozenset[Seat]
    events: tuple[Any, ...]
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    over: bool
    result: Result | None = None
    bot_took: tuple[BotTook, ...] = ()
    timers: tuple[Countdown, ...] = ()
    timed_out: Seat | None = None


HISTORY_VERSIONS = 500
"""The most earlier versions whose events a (re)joining client is given (:class:`History`)."""


@attrs.frozen
class Past:
    """One earlier version's events as a seat may see them (``Snapshot.events`` of that
    version), with its ``timed_out`` (as ``Snapshot.timed_out``)."""

    version: int
    events: tuple[Any, ...]
    timed_out: Seat | None = None


@attrs.frozen
class History:
    """The events of the versions before a (re)joining client's snapshot, as ``seat``
    (``None``: spectators) saw them, oldest first, so that its table's log is whole:
    ``past`` holds versions ``left_out + 1`` up to the snapshot's version - 1;
    ``left_out`` is the last version left out (``0``: none, the log can be whole; more
    when the game is longer than :data:`HISTORY_VERSIONS` or the frame would be too big)."""

    seat: Seat | None
    left_out: int
    past: tuple[Past, ...]

    @property
    def until(self) -> int:
        """The last version it holds (``left_out`` when it holds none)."""
        return self.past[-1].version if self.past else self.left_out


@attrs.frozen
class Outcome:
    """The one answer to an intent, sent only to its sender.

    ``accepted``; otherwise ``code`` and ``reason`` (the rule's words) say why.
    """

    action_id: str
    accepted: bool
    code: str = ""
    reason: str = ""


Listener = Callable[[Snapshot], None]


class SeatLink(Protocol):
    """One seat's (or a spectator's) connection to a table."""

    seat: Seat | None

    def snapshot(self) -> Snapshot:
        """The latest snapshot for this seat."""
        ...

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with each new snapshot; returns a function that stops it."""
        ...

    async def submit(self, action: Any) -> Outcome:
        """Send ``action`` as an intent made against the latest snapshot's version."""
        ...
