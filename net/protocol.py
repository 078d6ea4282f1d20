"""The wire protocol's messages (docs/protocol.md): attrs classes, one per ``kind``.

Every frame is one JSON object whose ``kind`` names its class here (the tag is added
and checked by :mod:`net.codec`; the classes themselves carry it as ``KIND``). The
protocol version is the websocket subprotocol :data:`SUBPROTOCOL`.

Game payloads (actions, views, events, options) are typed with the markers
:data:`GameAction`, :data:`GameLegal` (an action or a kind of action with bounds),
:data:`GameView`, :data:`GameEvent` and :data:`GameOptions`; a
codec built for a game structures them against that game's own attrs types
(``game.action_type`` ...), and a game's results against :class:`rules.core.Result`.

Every string and list has a bound (validators below, checked when a frame is
decoded and when a message is built), and so does every integer.
"""

from __future__ import annotations

import unicodedata
from typing import Any, ClassVar, Literal, NewType

import attrs
from attrs import validators as v

from rules.core import Result

from .closecodes import MAX_REASON_BYTES
from .table import MAX_TAKEOVERS, MAX_TIMERS, BotTook, Countdown

SUBPROTOCOL = "parlour.v1"
"""The websocket subprotocol naming this protocol version."""

MAX_CLIENT_FRAME = 64 * 1024
"""Largest frame a player may send, in bytes (the servers' websockets ``max_size``)."""
MAX_HOST_FRAME = 1024 * 1024
"""Largest frame a table sends (snapshots carry every legal action), in bytes."""

MAX_NAME = 24
MAX_TOKEN = 64
MAX_ACTION_ID = 64
MAX_CHAT = 400
MAX_TEXT = 2000
MAX_CODE = 40
MAX_ARG = 40
MAX_ARGS = 4
MAX_SEATS = 16
MAX_VARIANTS = 8
MAX_SPECTATORS = 64
MAX_ROOM_CODE = 12
MIN_ROOM_KEY = 16
MAX_VERSION = 2**31 - 1

GameAction = NewType("GameAction", object)
"""A game's action (``game.action_type``)."""
GameLegal = NewType("GameLegal", object)
"""An entry of a snapshot's legal actions: a game's action (``game.action_type``), or a
:class:`rules.core.ActionKind` (a kind of action with its parameters' bounds), written
``{"kind": "action-kind", "of": ..., "params": [...], "fixed": [...], "checks": ...}``."""
GameView = NewType("GameView", object)
"""A game's view (``game.view_type``)."""
GameEvent = NewType("GameEvent", object)
"""A game's event (``game.event_type``)."""
GameOptions = NewType("GameOptions", object)
"""A game's options (``game.options_type``)."""
ViewChanges = NewType("ViewChanges", object)
"""Some fields of a game's view, ``{field name: new value}``, each value of that
field's type (an :class:`UpdateMsg`'s ``view``)."""
ViewTails = NewType("ViewTails", object)
"""``{field name: items added at its end}`` for view fields typed ``tuple[X, ...]``
(an :class:`UpdateMsg`'s ``tails``: a turn log one record longer)."""
ViewInserts = NewType("ViewInserts", object)
"""``{field name: ((index, item), ...)}`` for view fields typed ``tuple[X, ...]`` that
gained items anywhere (an :class:`UpdateMsg`'s ``inserts``: a board's sorted tiles with
two more): each new item with its index in the new tuple, indexes increasing."""


def _text(limit: int, *, empty: bool = True) -> list:
    checks = [v.max_len(limit)]
    if not empty:
        checks.append(v.min_len(1))
    return checks


def _utf8_bytes(limit: int):
    """attrs validator: a string of at most ``limit`` bytes once encoded as UTF-8."""

    def check(instance: Any, attribute: Any, value: str) -> None:
        if len(value) > limit or len(value.encode("utf-8", "surrogatepass")) > limit:
            raise ValueError(f"{attribute.name} is over {limit} bytes of UTF-8")

    return check


def _opt_text(limit: int):
    return v.optional(v.max_len(limit))


UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories a name, a table name or a command word may not hold: control
characters (newline, escape, bell), format characters (the bidi overrides such as
U+202E, zero-width joiners), lone surrogates, and line/paragraph separators. Shown in a
seat list they break lines, reorder text or drive the terminal."""


def unsafe_char(text: str) -> str | None:
    """The first character of ``text`` in :data:`UNSAFE_CATEGORIES` (``None``: none)."""
    return next((ch for ch in text if unicodedata.category(ch) in UNSAFE_CATEGORIES), None)


def plain_problem(text: str, what: str = "A name") -> str | None:
    """Why ``text`` may not be a name (a sentence), or ``None`` if it may."""
    ch = unsafe_char(text)
    if ch is None:
        return None
    return f"{what} may not hold control or formatting characters (U+{ord(ch):04X} here)."


def _plain(instance: Any, attribute: Any, value: Any) -> None:
    """attrs validator: a string (or ``None``) holding no :data:`UNSAFE_CATEGORIES`."""
    if isinstance(value, str):
        problem = plain_problem(value, attribute.name)
        if problem:
            raise ValueError(problem)


def _plain_each(instance: Any, attribute: Any, value: Any) -> None:
    for item in value or ():
        _plain(instance, attribute, item)


def clean_chat(text: str) -> str:
    """Chat text as the table passes it on: control characters and line/paragraph
    separators become spaces (a pasted newline or tab cannot start a forged line),
    format characters (bidi overrides, zero-width joiners) and lone surrogates are
    dropped; the result is stripped (it may be empty)."""
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Zl", "Zp"):
            out.append(" ")
        elif category not in ("Cf", "Cs"):
            out.append(ch)
    return "".join(out).strip()


_version = [v.ge(0), v.le(MAX_VERSION)]
_seat = [v.ge(0), v.lt(MAX_SEATS)]
_opt_seat = v.optional(v.and_(v.ge(0), v.lt(MAX_SEATS)))
_deadline = v.optional(v.and_(v.ge(0.0), v.le(1e12)))


def _each(limit: int, check: Any = None):
    """A tuple of at most ``limit`` items, each passing ``check`` (if given)."""
    checks = [v.max_len(limit)]
    if check is not None:
        checks.append(v.deep_iterable(member_validator=check))
    return checks


def message(kind: str):
    """Class decorator: a frozen, keyword-only attrs message with tag ``kind``."""

    def wrap(cls: type) -> type:
        cls.KIND = kind
        return attrs.frozen(kw_only=True)(cls)

    return wrap


# ---- client -> table ----------------------------------------------------------------

CommandName = Literal[
    "join", "leave", "start", "option", "bot", "kick", "help", "end", "seat"
]
"""Lobby commands (``/join`` ...); see net.lobby for what each does."""


@message("hello")
class Hello:
    """The first frame of every connection.

    ``name`` the player's name; ``token`` a seat token from an earlier ``welcome``
    (restores that seat); ``host_key`` the key the table gave its host (host-only
    commands); ``last_version`` the last snapshot version this client saw;
    ``room`` the room code, needed at a relay that asks for one.
    """

    KIND: ClassVar[str]
    name: str = attrs.field(validator=[*_text(MAX_NAME, empty=False), _plain])
    token: str | None = attrs.field(default=None, validator=_opt_text(MAX_TOKEN))
    host_key: str | None = attrs.field(default=None, validator=_opt_text(MAX_TOKEN))
    last_version: int | None = attrs.field(
        default=None, validator=v.optional(v.and_(*_version))
    )
    room: str | None = attrs.field(default=None, validator=_opt_text(MAX_ROOM_CODE))
    updates: bool = False
    """``true``: after a first ``snapshot`` send me ``update`` frames (what changed)."""


@message("command")
class Command:
    """A lobby command: ``name`` and its ``args`` as typed (``/bot add easy`` is
    ``name="bot", args=("add", "easy")``); ``token`` retakes a held seat (``/join N``)."""

    KIND: ClassVar[str]
    name: CommandName
    args: tuple[str, ...] = attrs.field(default=(), validator=[*_each(MAX_ARGS, v.max_len(MAX_ARG)), _plain_each])
    token: str | None = attrs.field(default=None, validator=_opt_text(MAX_TOKEN))


@message("intent")
class IntentMsg:
    """An action: ``action_id`` unique per sender (a resend with the same id is
    answered again, never applied twice), ``version`` the snapshot it was made against."""

    KIND: ClassVar[str]
    action_id: str = attrs.field(validator=_text(MAX_ACTION_ID, empty=False))
    version: int = attrs.field(validator=_version)
    action: GameAction


@message("chat")
class Say:
    """A chat line (``text``, 1..400 characters)."""

    KIND: ClassVar[str]
    text: str = attrs.field(validator=_text(MAX_CHAT, empty=False))


@message("sync")
class SyncRequest:
    """Ask for the current snapshot (and lobby state) again."""

    KIND: ClassVar[str]


@message("leave")
class Leave:
    """Leave the table for good: the seat is given up (no grace period)."""

    KIND: ClassVar[str]


ClientMessage = Hello | Command | IntentMsg | Say | SyncRequest | Leave

# ---- table -> client ----------------------------------------------------------------


@message("welcome")
class Welcome:
    """Who this connection is: ``name`` (made unique at the table), ``seat``
    (``None``: not seated), ``token`` the seat token to keep for reconnecting (only
    ever sent to that seat's own connection), ``host`` whether host commands are
    allowed. Sent after ``hello`` and again whenever the seat changes."""

    KIND: ClassVar[str]
    name: str = attrs.field(validator=[*_text(MAX_NAME), _plain])
    seat: int | None = attrs.field(default=None, validator=_opt_seat)
    token: str | None = attrs.field(default=None, validator=_opt_text(MAX_TOKEN))
    host: bool = False
    table: str = attrs.field(default="", validator=[*_text(MAX_TEXT), _plain])
    game: str = attrs.field(default="", validator=_text(MAX_CODE))


SeatStatus = Literal["open", "here", "away", "bot"]


@attrs.frozen(kw_only=True)
class SeatInfo:
    """One seat in the lobby: ``status`` ``open`` (free), ``here`` (a connected
    player), ``away`` (dropped: held until ``deadline``, unix seconds; ``None`` once
    the grace period is over and the host decides) or ``bot`` (``bot`` names its kind).
    ``left``: an ``away`` seat whose player gave it up during the game (``/leave``)
    rather than lost the connection; held for the host's choice all the same."""

    seat: int = attrs.field(validator=_seat)
    status: SeatStatus
    name: str | None = attrs.field(default=None, validator=[_opt_text(MAX_NAME), _plain])
    bot: str | None = attrs.field(default=None, validator=_opt_text(MAX_CODE))
    deadline: float | None = attrs.field(default=None, validator=_deadline)
    left: bool = False


@message("lobby")
class LobbyState:
    """The table as the lobby shows it; sent to everyone on every change.

    ``game``/``title``: what is played here now (a table variant such as
    ``/option cardgame on`` changes them before the start); ``seat_counts``: the
    player counts the game allows with ``options``, ascending (Zatre ``[2, 3, 4]``,
    with ``teams`` ``[4, 6]``; empty from an older table), ``min_seats``/``max_seats``
    their least and greatest; ``seats`` has ``max_seats`` entries before the start;
    ``variants``: the table variants and whether each is on (``{"cardgame": false}``);
    ``save_problem``: why the host's latest save failed (``""``: it saved, or nothing
    is saved yet); it stays until a save succeeds.
    """

    KIND: ClassVar[str]
    table: str = attrs.field(validator=[*_text(MAX_TEXT), _plain])
    game: str = attrs.field(validator=_text(MAX_CODE))
    title: str = attrs.field(validator=_text(MAX_TEXT))
    host: str | None = attrs.field(default=None, validator=[_opt_text(MAX_NAME), _plain])
    min_seats: int = attrs.field(validator=_seat)
    max_seats: int = attrs.field(validator=[v.ge(1), v.le(MAX_SEATS)])
    seats: tuple[SeatInfo, ...] = attrs.field(validator=_each(MAX_SEATS))
    spectators: tuple[str, ...] = attrs.field(
        default=(), validator=[*_each(MAX_SPECTATORS, v.max_len(MAX_NAME)), _plain_each]
    )
    options: GameOptions
    started: bool = False
    over: bool = False
    code_needed: bool = False
    seat_counts: tuple[int, ...] = attrs.field(default=(), validator=_each(MAX_SEATS, v.and_(v.ge(1), v.le(MAX_SEATS))))
    variants: dict[str, bool] = attrs.field(factory=dict, validator=[
        v.max_len(MAX_VARIANTS), v.deep_mapping(key_validator=v.max_len(MAX_CODE), value_validator=v.instance_of(bool)),
    ])
    save_problem: str = attrs.field(default="", validator=_text(MAX_TEXT))


@message("snapshot")
class SnapshotMsg:
    """One seat's :class:`net.table.Snapshot` (``seat`` ``None``: a spectator's)."""

    KIND: ClassVar[str]
    version: int = attrs.field(validator=_version)
    seat: int | None = attrs.field(default=None, validator=_opt_seat)
    view: GameView
    legal_actions: tuple[GameLegal, ...] = ()
    active_seats: frozenset[int] = frozenset()
    events: tuple[GameEvent, ...] = ()
    names: tuple[str, ...] = attrs.field(default=(), validator=[*_each(MAX_SEATS, v.max_len(MAX_NAME)), _plain_each])
    bots: tuple[str | None, ...] = attrs.field(default=(), validator=_each(MAX_SEATS))
    over: bool = False
    result: Result | None = None
    bot_took: tuple[BotTook, ...] = attrs.field(default=(), validator=_each(MAX_TAKEOVERS))
    timers: tuple[Countdown, ...] = attrs.field(default=(), validator=_each(MAX_TIMERS))
    timed_out: int | None = attrs.field(default=None, validator=_opt_seat)


MAX_HISTORY = 500
"""The most versions a ``history`` frame holds (net.table.HISTORY_VERSIONS)."""


@attrs.frozen(kw_only=True)
class PastEvents:
    """One earlier version's events in a ``history`` frame (net.table.Past)."""

    version: int = attrs.field(validator=[v.ge(1), v.le(MAX_VERSION)])
    events: tuple[GameEvent, ...] = ()
    timed_out: int | None = attrs.field(default=None, validator=_opt_seat)


def _in_order(instance: Any, attribute: Any, value: tuple[PastEvents, ...]) -> None:
    versions = [past.version for past in value]
    if versions and (versions[0] <= instance.left_out or any(b <= a for a, b in zip(versions, versions[1:]))):
        raise ValueError("versions must rise, each after left_out")


@message("history")
class HistoryMsg:
    """The events of the versions before the ``snapshot`` that follows it, as ``seat``
    (``None``: spectators) saw them (net.table.History): sent on a join, a rejoin and
    a ``sync``. ``left_out``: the last earlier version not in ``past`` (``0``: none)."""

    KIND: ClassVar[str]
    seat: int | None = attrs.field(default=None, validator=_opt_seat)
    left_out: int = attrs.field(default=0, validator=_version)
    past: tuple[PastEvents, ...] = attrs.field(default=(), validator=[*_each(MAX_HISTORY), _in_order])


def _base(instance: Any, attribute: Any, value: int) -> None:
    if value != instance.version - 1:
        raise ValueError("base must be version - 1")


@message("update")
class UpdateMsg:
    """What changed in one seat's snapshot since version ``base`` (always ``version -
    1``), for a client that said ``updates`` in its hello and holds that version's
    snapshot: ``view`` the view fields that changed, whole; ``tails`` the view fields
    that only grew at the end (``tuple[X, ...]``), as their new items; ``inserts`` those
    that only gained items elsewhere, as the new items with their indexes; ``legal_actions``,
    ``active_seats`` and ``bots`` ``None`` when unchanged; ``events``, ``over`` and
    ``result`` always (as in :class:`SnapshotMsg`), ``timed_out`` too (this version's);
    ``timers`` ``None`` when unchanged. The names never change in a game. A field is in
    at most one of ``view``, ``tails`` and ``inserts`` (a client that holds another
    version asks for a ``sync``)."""

    KIND: ClassVar[str]
    version: int = attrs.field(validator=_version)
    base: int = attrs.field(validator=[*_version, _base])
    seat: int | None = attrs.field(default=None, validator=_opt_seat)
    view: ViewChanges = attrs.field(factory=dict)  # type: ignore[assignment]
    tails: ViewTails = attrs.field(factory=dict)  # type: ignore[assignment]
    inserts: ViewInserts = attrs.field(factory=dict)  # type: ignore[assignment]
    legal_actions: tuple[GameLegal, ...] | None = None  # action kinds among them, as in a snapshot
    active_seats: frozenset[int] | None = None
    events: tuple[GameEvent, ...] = ()
    bots: tuple[str | None, ...] | None = attrs.field(default=None, validator=v.optional(v.and_(*_each(MAX_SEATS))))
    over: bool = False
    result: Result | None = None
    timers: tuple[Countdown, ...] | None = attrs.field(default=None, validator=v.optional(v.and_(*_each(MAX_TIMERS))))
    timed_out: int | None = attrs.field(default=None, validator=_opt_seat)

    def __attrs_post_init__(self) -> None:
        view, tails, inserts = self.view.keys(), self.tails.keys(), self.inserts.keys()  # type: ignore[attr-defined]
        both = (view & tails) | (view & inserts) | (tails & inserts)
        if both:
            raise ValueError(f"a field changed or grown twice over: {sorted(both)[0]!r:.40}")


@message("outcome")
class OutcomeMsg:
    """The one answer to an intent, sent only to its sender (net.table.Outcome)."""

    KIND: ClassVar[str]
    action_id: str = attrs.field(validator=_text(MAX_ACTION_ID))
    accepted: bool
    code: str = attrs.field(default="", validator=_text(MAX_CODE))
    reason: str = attrs.field(default="", validator=_text(MAX_TEXT))


PresenceStatus = Literal["away", "back", "left", "bot"]


@message("presence")
class Presence:
    """A seated player dropped (``away``, held until ``deadline`` in unix seconds),
    came back (``back``), gave the seat up (``left``) or was replaced by a bot (``bot``)."""

    KIND: ClassVar[str]
    seat: int = attrs.field(validator=_seat)
    name: str = attrs.field(validator=[*_text(MAX_NAME), _plain])
    status: PresenceStatus
    deadline: float | None = attrs.field(default=None, validator=_deadline)


@message("chat")
class ChatLine:
    """Someone said ``text``; ``seat`` is theirs (``None``: not seated)."""

    KIND: ClassVar[str]
    name: str = attrs.field(validator=[*_text(MAX_NAME), _plain])
    text: str = attrs.field(validator=[*_text(MAX_CHAT), _plain])
    seat: int | None = attrs.field(default=None, validator=_opt_seat)


@message("game_over")
class GameOver:
    """The game ended: ``result`` (``None`` if the host ended it early), ``reason``."""

    KIND: ClassVar[str]
    result: Result | None = None
    reason: str = attrs.field(default="", validator=_text(MAX_TEXT))


@message("error")
class ErrorMsg:
    """Something this connection sent was refused: ``code`` (``bad-frame``,
    ``command``, ``flood`` ...) and a readable ``message``."""

    KIND: ClassVar[str]
    code: str = attrs.field(validator=_text(MAX_CODE))
    message: str = attrs.field(validator=_text(MAX_TEXT))


@message("notice")
class Notice:
    """Information for this connection only (``/help``'s text, a command's result)."""

    KIND: ClassVar[str]
    text: str = attrs.field(validator=_text(MAX_TEXT))


HostMessage = (
    Welcome | LobbyState | SnapshotMsg | UpdateMsg | OutcomeMsg | Presence | ChatLine | GameOver
    | ErrorMsg | Notice | HistoryMsg
)


# ---- table <-> relay (a table hosted through a relay elsewhere) ---------------------------
# The table's connection to a relay (path ``/host``) opens with ``open_room`` /
# ``room`` as text frames; after that every frame is binary: one of the headers below
# as JSON, a newline, then the player's frame as UTF-8 (possibly empty).


@message("open_room")
class OpenRoom:
    """Table -> relay, first frame: open a room for the table called ``table``.

    ``key``: the table's room key (16-64 characters the table keeps secret). The relay
    derives the room code from it and its own key, so the same table gets the same
    code back after either of them restarts, and only the holder of the key can take
    that room over (docs/protocol.md, "Relay"). Without a key the code is random and
    lasts as long as the connection."""

    KIND: ClassVar[str]
    table: str = attrs.field(validator=[*_text(MAX_TEXT, empty=False), _plain])
    key: str | None = attrs.field(default=None, validator=v.optional([v.min_len(MIN_ROOM_KEY), v.max_len(MAX_TOKEN)]))


@message("room")
class RoomOpened:
    """Relay -> table: the room is open; players need ``code`` in their hello."""

    KIND: ClassVar[str]
    code: str = attrs.field(validator=_text(MAX_ROOM_CODE, empty=False))


_conn = [v.ge(1), v.le(2**53)]


@message("join")
class PeerJoined:
    """Relay -> table: connection ``conn`` from ``address`` said hello (the payload)."""

    KIND: ClassVar[str]
    conn: int = attrs.field(validator=_conn)
    address: str = attrs.field(default="", validator=_text(MAX_TEXT))


@message("frame")
class PeerFrame:
    """Relay -> table: connection ``conn`` sent the payload."""

    KIND: ClassVar[str]
    conn: int = attrs.field(validator=_conn)


@message("gone")
class PeerGone:
    """Relay -> table: connection ``conn`` closed."""

    KIND: ClassVar[str]
    conn: int = attrs.field(validator=_conn)


@message("send")
class SendTo:
    """Table -> relay: send the payload to each of ``to``. ``fresh`` names what the
    payload supersedes: a queued, unsent payload with the same ``fresh`` (the seat's
    older snapshot) is dropped, so a slow player gets the latest state, not a backlog."""

    KIND: ClassVar[str]
    to: tuple[int, ...] = attrs.field(validator=_each(1024, v.and_(*_conn)))
    fresh: str | None = attrs.field(default=None, validator=_opt_text(MAX_CODE))


@message("close")
class ClosePeer:
    """Table -> relay: close connection ``conn`` with ``code`` (4000-4099) and ``reason``
    (at most 123 bytes of UTF-8, what a close frame holds: net.codec.close_reason)."""

    KIND: ClassVar[str]
    conn: int = attrs.field(validator=_conn)
    code: int = attrs.field(validator=[v.ge(4000), v.le(4099)])
    reason: str = attrs.field(default="", validator=_utf8_bytes(MAX_REASON_BYTES))


LINK_SUBPROTOCOL = "parlour.v1.batch"
"""The subprotocol of a table's link to a relay (``/host``) on which either side may send
:class:`Batch` frames. A table offers it before :data:`SUBPROTOCOL`; a relay that knows
it picks it (an older one picks ``parlour.v1``, and no batches are sent either way)."""
MAX_BATCH = 1024
"""Most envelopes in one :class:`Batch`."""


@message("batch")
class Batch:
    """Table <-> relay, on a link speaking :data:`LINK_SUBPROTOCOL`: several envelopes in
    one binary frame, so that a move's snapshots and outcome cross the link as one
    websocket message. ``sizes``: the length in bytes of each envelope (its header, the
    newline and its payload); the batch's payload is the envelopes back to back, exactly
    ``sum(sizes)`` bytes. An envelope in a batch is never a batch itself."""

    KIND: ClassVar[str]
    sizes: tuple[int, ...] = attrs.field(validator=[v.min_len(2), *_each(MAX_BATCH, v.and_(v.ge(2), v.le(MAX_HOST_FRAME)))])


RelayMessage = OpenRoom | RoomOpened | PeerJoined | PeerFrame | PeerGone | SendTo | ClosePeer | Batch
