"""LAN play without widgets: hosting a table, joining one, remembering seat tokens, and
the lines the lobby's chat log shows.

A :class:`LanSession` is this player's connection to one table (a
:class:`net.client.RemoteSeatLink`, plus the :class:`net.cli.HostedTable` when this
process hosts it). The lobby screen, the table screen and the chat panel all read the
same session, so the chat log survives going from the lobby to the table and back.

Seat tokens are kept in ``tokens.json`` under the user data directory, keyed by the
table's URL and the player's name, so a restarted client gets its seat back; each entry
names the process that holds it, so that a second window joining under the same name
never takes a seat whose window is still open. The same file keeps the last few joins
(address, name, room code), which the join screen is filled in with, so that a player
who dropped out and joins again from the menu finds their seat's token (tester 7,
finding 2).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import getpass
import ipaddress
import json
import os
import socket
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import attrs
import platformdirs
import psutil

from net.cli import (CLOSED_SAVED, DEFAULT_PORT, EVERY_NETWORK, HostedTable, listen_advertised, listen_bind,
                     listen_port, relay_left_text, serve_table)
from net.closecodes import BAD_TOKEN, NO_ROOM, TABLE_SAVED
from net.client import JoinError, LinkStatus, RemoteSeatLink, table_url
from net.lobby import LobbyError, hash_token, parse_line
from net.protocol import (
    MAX_NAME,
    ChatLine,
    Command,
    ErrorMsg,
    GameOver,
    LobbyState,
    Notice,
    Presence,
    Welcome,
    plain_problem,
)
from net.relay import CODE_ALPHABET, CODE_LENGTH
from net.saves import SaveError, SavedGame
from net.socket_words import error_number, listen_problem, port_in_use, reach_problem
from rules import registry
from rules.zatre import GAME

TOKEN_DAYS = 30
"""Seat tokens older than this are forgotten."""
TOKEN_SLOTS = 8
"""Most seats one player name keeps tokens for at one table (one per open window)."""
JOINS_KEPT = 8
"""Joins remembered for the join screen (the newest first; one per address, name and code)."""
HOLDER_WAIT = 3.0
"""Seconds a join waits for another Parlour window that holds this player's seat token
to close (a window closed a moment ago may take a second or two to exit) before it joins
without the token."""


def default_player_name() -> str:
    """The login name, capitalised (``"Player"`` if there is none)."""
    try:
        name = getpass.getuser()
    except Exception:  # no login name in this environment
        name = ""
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:12]
    return name[:1].upper() + name[1:] if name else "Player"


# ---- seat tokens ---------------------------------------------------------------------------


class TokenStore:
    """Seat tokens by table URL, room code and player name, in one small JSON file
    (``path``; default ``<user data dir>/parlour/tokens.json``), written atomically and
    readable only by this user. A damaged file is treated as empty.

    A token is offered only to the room it was given for: at a relay every room shares
    one address, and a hello goes to its room's table, so a token kept by address alone
    went to whatever table the player joined next there, which could take the seat
    (player-tester 5, item 13)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or Path(platformdirs.user_data_dir("parlour", appauthor=False)) / "tokens.json"

    @staticmethod
    def key(url: str, name: str, code: str | None = None) -> str:
        """The key of ``name``'s seat at the table at ``url`` (``code``: its room code
        at a relay, any case; ``None``: a table of its own)."""
        room = f" #{code.strip().upper()}" if code else ""
        return f"{url}{room} {name.strip().casefold()}"

    @staticmethod
    def save_key(save: Path) -> str:
        """The key of the host's own seat in the game saved in ``save``: what
        ``parlour host --resume FILE`` gives back whatever the player's name or port
        this time (player-tester 5, item 14: without ``--player`` the login's name found
        no token, and the host only watched)."""
        return f"host save {Path(save).resolve()}"

    @staticmethod
    def host_key(url: str, name: str) -> str:
        """The key of the host's own seat at the table it hosts at ``url``, apart from
        the joiners' keys: a ``parlour join`` on the same machine with the host's name
        never offers the host's token, so it can never take the host's seat (and with
        it the table) away."""
        return "host " + TokenStore.key(url, name)

    def _read(self) -> dict[str, Any]:
        """The whole file: ``{"tokens": {key: entry}, "joins": [join]}`` (``{}``: none)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _load(self) -> dict[str, dict[str, Any]]:
        entries = self._read().get("tokens")
        if not isinstance(entries, dict):
            return {}
        cutoff = time.time() - TOKEN_DAYS * 86400
        return {
            k: v for k, v in entries.items()
            if isinstance(v, dict) and isinstance(v.get("token"), str)
            and isinstance(v.get("saved"), (int, float)) and v["saved"] >= cutoff
        }

    def _save(self, entries: dict[str, dict[str, Any]] | None = None,
              joins: list[dict[str, str]] | None = None) -> None:
        """Write ``entries`` (the tokens) and ``joins``; ``None`` keeps what the file has."""
        data = self._read()
        data = {"tokens": data.get("tokens", {}) if entries is None else entries,
                "joins": self._joins(data) if joins is None else joins}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tokens.", suffix=".tmp", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
            os.replace(tmp, self.path)
        except OSError:
            pass  # no token kept: the player types /join N after a restart instead

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Several Parlour windows of one user may write at once: one at a time."""
        try:
            import fcntl

            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = open(self.path.with_suffix(".lock"), "a")
        except (ImportError, OSError):  # no flock here: last writer wins
            yield
            return
        with lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    def get(self, key: str) -> str | None:
        entry = self._load().get(key)
        return entry["token"] if entry else None

    def claim(self, key: str) -> tuple[str, str | None]:
        """The ``(slot key, token)`` a new join under ``key`` uses: the first token kept
        under ``key`` (or its further slots, one per seat that name holds at that table)
        whose window is closed, else the first empty slot with ``None``. A token whose
        window is still open is never offered: a second window joining under the same
        name took that window's seat and threw it out (player-tester 6, finding 2)."""
        return self._claim(self._load(), key)

    def holder(self, key: str) -> dict[str, Any] | None:
        """The entry of the first token kept under ``key`` (or its further slots) whose
        window, another Parlour process, still runs (its ``pid``, when it ``started``),
        ``None`` if there is none: the window that keeps this player's seat."""
        entries = self._load()
        return next((entries[slot] for slot in _slots(key)
                     if slot in entries and _held_elsewhere(entries[slot])), None)

    @staticmethod
    def _claim(entries: dict[str, dict[str, Any]], key: str) -> tuple[str, str | None]:
        empty = None
        for slot in _slots(key):
            entry = entries.get(slot)
            if entry is None:
                empty = empty or slot
            elif not _held_elsewhere(entry):
                return slot, entry["token"]
        return empty or f"{key}\n{TOKEN_SLOTS + 1}", None

    def put(self, key: str, token: str, table: str = "", code: str | None = None) -> None:
        """Keep ``token`` under ``key``, with the ``table``'s name and its room ``code``,
        held by this process (its id and start time) while it runs."""
        with self._locked():
            entries = self._load()
            entries[key] = {"token": token, "table": table, "code": code.upper() if code else None,
                            "saved": time.time(), **_this_process()}
            self._save(entries)

    def find(self, table: str, name: str, code: str | None = None) -> tuple[str, str] | None:
        """The newest ``(key, token)`` kept for a table called ``table`` with room
        ``code`` (``None``: a table of its own) and the player ``name``, whatever address
        it was reached by (a table found on the LAN and the same one typed as
        ``127.0.0.1:7531`` have different URLs). Never one of another room: a room's
        table names itself, and could take another table's name."""
        wanted = " " + name.strip().casefold()
        room = code.upper() if code else None
        found = [(entry["saved"], key, entry["token"]) for key, entry in self._load().items()
                 if entry.get("table") == table and entry.get("code") == room
                 and key.split("\n")[0].endswith(wanted) and not _held_elsewhere(entry)]
        return max(found)[1:] if found else None

    def drop(self, key: str) -> None:
        with self._locked():
            entries = self._load()
            if entries.pop(key, None) is not None:
                self._save(entries)

    # ---- the joins the join screen is filled in with ----

    @staticmethod
    def _joins(data: dict[str, Any]) -> list[dict[str, str]]:
        joins = data.get("joins")
        fields = ("address", "name", "code")
        return [j for j in joins if isinstance(j, dict) and all(isinstance(j.get(f), str) for f in fields)
                ] if isinstance(joins, list) else []

    def joined(self, address: str, name: str, code: str | None = None) -> None:
        """Remember that this player joined the table at ``address`` (as typed) as
        ``name``, with room ``code`` (``None``: none), as the newest join."""
        join = {"address": address.strip(), "name": name.strip(), "code": (code or "").strip().upper()}
        with self._locked():
            older = [j for j in self._joins(self._read())
                     if (j["address"], j["name"].casefold(), j["code"])
                     != (join["address"], join["name"].casefold(), join["code"])]
            self._save(joins=[join, *older][:JOINS_KEPT])

    def last_join(self, address: str = "") -> tuple[str, str, str] | None:
        """The ``(address, name, room code)`` the join screen is filled in with: of
        the newest join whose seat token is still kept and free to take (a seat held
        for this player: joining with them retakes it), else of the newest join;
        ``address``: only joins to that table's URL (``parlour join ADDRESS`` without
        ``--name``). ``None`` if there is none."""
        data = self._read()
        entries = self._load()
        joins = [j for j in self._joins(data) if not address or _url(j["address"]) == _url(address)]
        seated = (j for j in joins
                  if self._claim(entries, self.key(_url(j["address"]), j["name"], j["code"] or None))[1])
        join = next(seated, joins[0] if joins else None)
        return (join["address"], join["name"], join["code"]) if join is not None else None


def _slots(key: str) -> Iterator[str]:
    """The keys of the slots under ``key``, one per seat a name holds at a table."""
    for n in range(1, TOKEN_SLOTS + 1):
        yield key if n == 1 else f"{key}\n{n}"


def _url(address: str) -> str:
    """The table URL of a remembered ``address`` (the address itself if it is not one)."""
    try:
        return table_url(address)
    except ValueError:
        return address


def _this_process() -> dict[str, Any]:
    """What marks a token entry as held by this process: its id and start time (a
    process id alone may be reused by another program later)."""
    try:
        return {"pid": os.getpid(), "started": psutil.Process().create_time()}
    except psutil.Error:
        return {}


def _held_elsewhere(entry: dict[str, Any]) -> bool:
    """Whether another Parlour process that is still running holds ``entry`` (one that
    has exited and waits to be reaped, a zombie, does not)."""
    pid, started = entry.get("pid"), entry.get("started")
    if type(pid) is not int or pid == os.getpid() or not isinstance(started, (int, float)):
        return False
    try:
        process = psutil.Process(pid)
        return process.create_time() == started and process.status() != psutil.STATUS_ZOMBIE
    except (psutil.Error, ValueError, OverflowError):
        return False


# ---- what the chat log shows ------------------------------------------------------------------


@attrs.frozen
class Line:
    """One line of the lobby's log. ``kind``: ``chat`` (``name`` said ``text``),
    ``you`` (a line this player typed), ``notice`` (the table tells this player),
    ``event`` (someone came, went, sat down...), ``error`` (refused)."""

    kind: str
    text: str
    name: str = ""


def _clock(deadline: float | None) -> str:
    if deadline is None:
        return ""
    return time.strftime("%H:%M:%S", time.localtime(deadline))


def countdown(deadline: float | None, now: float | None = None) -> str:
    """``"1:42"``: time left until ``deadline`` (unix seconds); ``""`` without one."""
    if deadline is None:
        return ""
    left = max(0, int(deadline - (time.time() if now is None else now)))
    return f"{left // 60}:{left % 60:02d}"


def away_words(info: Any, now: float | None = None) -> str:
    """A lobby seat's absence in the words of every LAN table (``info``: a
    ``SeatInfo``): ``"away, held 1:42 more"`` while the grace period holds it (the time
    left, not the time away: player-tester 4, item 6), ``"away"`` after, ``"left"`` for a
    seat its player gave up (``/leave``); ``""`` if not away."""
    if info is None or info.status != "away":
        return ""
    if info.left:
        return "left"
    return f"away, held {countdown(info.deadline, now)} more" if info.deadline else "away"


def bot_hint(name: str, seat: int, left: bool = False) -> str:
    """What the host may do for a seat whose player dropped (or gave it up: ``left``),
    in every LAN table's words: ``"Bob is away: wait, or give the seat to a bot: t,
    then /bot seat 2 strong."`` (``seat`` counted from 0)."""
    gone = "left the seat" if left else "is away"
    return f"{name} {gone}: wait, or give the seat to a bot: t, then /bot seat {seat + 1} strong."


def describe(message: Any) -> Line | None:
    """The log line for a message from the table (``None``: nothing to show)."""
    if isinstance(message, ChatLine):
        return Line("chat", message.text, message.name)
    if isinstance(message, Notice):
        return Line("notice", message.text)
    if isinstance(message, ErrorMsg):
        return Line("error", message.message)
    if isinstance(message, Presence):
        seat = message.seat + 1
        if message.status == "away":
            until = f" until {_clock(message.deadline)}" if message.deadline else ""
            return Line("event", f"{message.name} lost the connection; seat {seat} is held{until}.")
        if message.status == "back":
            return Line("event", f"{message.name} is back at seat {seat}.")
        if message.status == "left":
            return Line("event", f"{message.name} gave up seat {seat}.")
        return Line("event", f"A bot plays {message.name}'s seat {seat} from now on.")
    if isinstance(message, GameOver):
        return Line("event", message.reason or "The game is over.")
    return None


def offline_text(status: LinkStatus, code: str | None) -> str:
    """What a table or lobby says while its link is down: ``"Connection lost:
    reconnecting… (attempt 2)"``, or at a relay whose room is not open again yet
    (issue 8, item 4) ``"Room K7QX2M not back at the relay (try 3)"`` (short
    enough for a table's top line at 80 columns: player-tester 5, item 6);
    ``"Disconnected: <reason>"`` once it has given up."""
    if status.state == "closed":
        return f"Disconnected: {status.reason}"
    if status.code == NO_ROOM and code:
        return f"Room {code} not back at the relay (try {status.attempt})"
    return f"Connection lost: reconnecting… (attempt {status.attempt})"


NEW_CODE_AFTER = 3
"""Attempts at a relay room that is not open again before a player is told what to do
should the host have a new code (:func:`new_code_words`)."""


def new_code_words(status: LinkStatus, code: str | None) -> str:
    """What a player waiting for a relay room can do once it has stayed shut a few
    attempts (a relay that lost its key gives the table a new code, told only to the
    host: player-tester 5, item 5): ``"If the host has a new room code: q, then Join
    with it; the host gives your seat back."`` (a seat token is offered only to the room
    that gave it, so the host does, with ``/seat``); ``""`` before that or on any other
    wait."""
    if status.state == "closed" or status.code != NO_ROOM or not code or status.attempt < NEW_CODE_AFTER:
        return ""
    return "If the host has a new room code: q, then Join with it; the host gives your seat back."


def guest_greeting(lobby: LobbyState | None, seat: int | None) -> str:
    """The first line of a guest's chat, once joined: where they are and what to type
    (``"You joined Ann's table (Zatre). /join takes a seat; /help lists the commands."``;
    back in seat 2 of a game under way: ``"You are back at Ann's table (Zatre), in seat
    2. ..."``).
    ``seat``: the wire seat (from 0), ``None`` when watching."""
    help_words = "/help lists the commands."
    if lobby is None:
        return help_words
    table = f"{lobby.table} ({lobby.title})"
    if seat is not None:
        where = "back at" if lobby.started else "at"
        return f"You are {where} {table}, in seat {seat + 1}. {help_words}"
    if lobby.started:
        return f"You joined {table} to watch: its game is under way. {help_words}"
    return f"You joined {table}. /join takes a seat; {help_words}"


# ---- a session --------------------------------------------------------------------------------


class LanSession:
    """This player at one table: ``link`` (connected), ``hosted`` when this process
    hosts the table, ``tokens`` and ``key`` for remembering the seat token, ``again``
    the menu entry a "new game" goes back to (``host`` or ``join``), ``settings`` the
    :class:`HostSettings` the hosted table was opened with (``None`` when joined).

    Listeners: :meth:`on_line` (log lines), :meth:`on_change` (lobby state, seat or
    connection changed). Both are called from the link's task: connect the link
    inside the app (a worker, a handler), so that they run with the app active.
    """

    def __init__(
        self,
        link: RemoteSeatLink,
        hosted: HostedTable | None = None,
        tokens: TokenStore | None = None,
        key: str | None = None,
        again: str = "join",
        settings: HostSettings | None = None,
    ) -> None:
        self.link = link
        self.hosted = hosted
        self.settings = settings
        self.tokens = tokens
        self.key = key or TokenStore.key(link.url, link.name, link.room)
        self.again = again
        self.lines: list[Line] = []
        self.closing = False
        self.was_seated = False
        self.held_elsewhere = ""  # joined without the seat another window holds: how to take it
        self._kept: str | None = None  # the token this session last kept under its key
        self._save_told = False
        self._code_told = self.code
        self._code_was: str | None = None  # the room code before the relay gave a new one
        self._away_since_code: set[int] = set()  # seats seen away since then
        self._line_listeners: list[Callable[[Line], None]] = []
        self._change_listeners: list[Callable[[], None]] = []
        self._stops = [link.on_event(self._event), link.on_status(self._status)]
        if hosted is not None:
            self.add(Line("notice", self.invitation()))
            if hosted.save is not None and not self.started:  # (nothing is written before /start)
                self.add(Line("notice", f"The game will be saved once it starts, to:\n{hosted.save}"))
            if hosted.relay is not None and hosted.advertiser is None:
                self.add(Line("notice", "Not advertised on the LAN: players type the address."))
            if hosted.saved_code is not None and hosted.saved_code != hosted.code:
                self.add(Line("notice", f"The save's room code was {hosted.saved_code}; the relay gave "
                                        f"{hosted.code} this time: tell your players."))
            left = relay_left_text(hosted, settings.resume) if settings and settings.resume else ""
            if left:  # (a save hosted through a relay, hosted here this time)
                self.add(Line("notice", left))
        else:  # (a guest's chat started empty: nothing said where they were or what to type)
            self.add(Line("notice", guest_greeting(link.lobby, link.seat)))
        self._event(None)

    # ---- what the screens read ----

    @property
    def lobby(self) -> LobbyState | None:
        return self.link.lobby

    @property
    def status(self) -> LinkStatus:
        return self.link.status

    @property
    def started(self) -> bool:
        return bool(self.link.lobby and self.link.lobby.started)

    @property
    def resumable(self) -> bool:
        """Whether this player hosts a game under way that is saved: hosting its save
        again carries it on (:data:`HOSTED_SAVED`; tester 7, finding 1)."""
        hosted = self.hosted
        return hosted is not None and hosted.save is not None and self.started and self.link.game_over is None

    @property
    def address(self) -> str:
        """Where others join: what they type on the join screen."""
        if self.hosted is not None:
            return self.hosted.join_address
        return self.link.url.removeprefix("ws://")

    @property
    def code(self) -> str | None:
        if self.hosted is not None:
            return self.hosted.code
        return self.link.room

    def invitation(self) -> str:
        code = f" with room code {self.code}" if self.code else ""
        return f"Players join at {self.address}{code}. /help lists the commands."

    def on_line(self, listener: Callable[[Line], None]) -> Callable[[], None]:
        return _add(self._line_listeners, listener)

    def on_change(self, listener: Callable[[], None]) -> Callable[[], None]:
        return _add(self._change_listeners, listener)

    def add(self, line: Line) -> None:
        self.lines.append(line)
        del self.lines[:-500]
        for listener in list(self._line_listeners):
            listener(line)

    def end_question(self, text: str) -> str | None:
        """What to ask before sending the typed line ``text``: ``/end`` from the host of a
        game under way ends it for everyone at once and for good, so the host is asked
        first (``"End the game for everyone now? ..."``); ``None``: send it at once
        (any other line, or an ``/end`` the table refuses, which says why)."""
        try:
            message = parse_line(text)
        except LobbyError:
            return None
        hosted = self.hosted
        if not isinstance(message, Command) or message.name != "end" or hosted is None:
            return None
        if not self.started or self.link.game_over is not None or (self.lobby and self.lobby.over):
            return None
        kept = (f"\nIt stays saved; parlour replay shows it:\n{hosted.save}" if hosted.save is not None
                else "")  # (the path on a line of its own: a narrow dialog breaks it less)
        return f"End the game for everyone now? Nobody can play on from here.{kept}"

    async def say(self, text: str) -> None:
        """Send a typed line (a ``/command`` or chat); a refusal becomes an error line."""
        text = text.strip()
        if not text:
            return
        if text.startswith("/"):
            self.add(Line("you", text))
        try:
            await self.link.say(text)
        except LobbyError as err:
            self.add(Line("error", str(err)))
        except Exception as err:  # the connection broke while sending
            self.add(Line("error", f"Not sent: {err or 'the connection closed'}."))

    async def close(self) -> None:
        """Leave the table quietly (a seat is held as after a drop); stop hosting."""
        if self.closing:
            return
        self.closing = True
        saved = self.resumable  # (the players are told so: TABLE_SAVED, net.cli.CLOSED_SAVED)
        for stop in self._stops:
            stop()
        await self.link.close()
        if self.hosted is not None:
            await (self.hosted.stop(TABLE_SAVED, CLOSED_SAVED) if saved else self.hosted.stop())

    # ---- from the link ----

    def _event(self, message: Any) -> None:
        if isinstance(message, Welcome) and message.seat is not None:
            self.was_seated = True
        self._keep_token()
        line = describe(message)
        if line is not None:
            self.add(line)
        if isinstance(message, GameOver) and self.tokens is not None:
            self.tokens.drop(self.key)
        self._tell_save()
        self._changed()

    def _tell_save(self) -> None:
        """Once the hosted game has started (its save is written at the start and after
        every move), say where the save is and how to continue it after a crash. (Here
        and in the lobby's first lines, the path has a line of its own: a narrow log
        breaks it less awkwardly.)"""
        hosted = self.hosted
        if hosted is None or hosted.save is None or self._save_told or not self.started:
            return
        self._save_told = True
        self.add(Line("notice", f"The game is saved (parlour host --resume FILE continues it), to:\n{hosted.save}"))

    def _keep_token(self) -> None:
        """Remember the seat token on disk, so that a restarted client gets its seat
        back (the link itself reconnects with it after a drop)."""
        link = self.link
        if link.lobby is None:
            return
        if link.token is not None and link.seat is not None and self.tokens is not None:
            if self._kept != link.token:  # (the first put marks the entry as this window's)
                self._kept = link.token
                self.tokens.put(self.key, link.token, link.lobby.table, self.code)
            hosted = self.hosted
            if hosted is not None and hosted.save is not None:
                save_key = TokenStore.save_key(hosted.save)
                if self.tokens.get(save_key) != link.token:
                    self.tokens.put(save_key, link.token, link.lobby.table, self.code)

    def _status(self, status: LinkStatus) -> None:
        if status.state == "reconnecting" and status.attempt == 1:
            self.add(Line("event", "Connection lost; reconnecting…"))
        elif status.state == "connected" and self.lines:
            if self.code != self._code_told:  # the relay lost its key: a new code
                self.add(Line("notice", f"The relay gave this table a new room code, {self.code} "
                                        f"(it was {self._code_told}): tell your players."))
                self._code_was, self._code_told = self._code_told, self.code
                self._away_since_code.clear()
            if self.link.seat is None and self.was_seated and not self.started:
                self.was_seated = False
                self.add(Line("event", "Connected again, but the seat was freed while you were "
                                       "away: /join to sit down again."))
            else:
                self.add(Line("event", "Connected again."))
        self._changed()

    def new_code_note(self) -> str:
        """For the host, while a relay's new room code may not have reached everyone
        (until those who dropped are all back: player-tester 5, item 5): ``"New room
        code 3ZABGT (it was 6VCBMJ): tell your players; once back, /seat N NAME gives
        each their seat."``; ``""`` otherwise."""
        lobby = self.link.lobby
        if self._code_was is None or lobby is None:
            return ""
        away = {info.seat for info in lobby.seats if info.status == "away"}
        self._away_since_code |= away
        if self._away_since_code and not away:  # those who dropped are all back
            self._code_was = None
            return ""
        return (f"New room code {self.code} (it was {self._code_was}): tell your players; "
                f"once back, /seat N NAME gives each their seat.")

    def _changed(self) -> None:
        for listener in list(self._change_listeners):
            listener()


def _add(listeners: list, listener: Callable) -> Callable[[], None]:
    listeners.append(listener)

    def stop() -> None:
        if listener in listeners:
            listeners.remove(listener)

    return stop


# ---- joining -----------------------------------------------------------------------------------


async def join_table(
    address: str,
    name: str,
    code: str | None = None,
    tokens: TokenStore | None = None,
    waiting: Callable[[str], None] | None = None,
    **link_options: Any,
) -> LanSession:
    """Connect to the table at ``address`` (``host:port`` or ``ws://...``) as ``name``.

    A seat token remembered for this table and name is offered first (a restarted
    client gets its seat back); if the table does not know it, the join is tried again
    without. A token kept by another Parlour window that still runs is waited for up to
    :data:`HOLDER_WAIT` seconds (a window just closed may take a moment to exit; ``waiting``
    is told so meanwhile, a sentence for the player); if that window still runs, the join
    goes on without it, and the session says where the seat is and how to take it
    (:attr:`LanSession.held_elsewhere`). The join is remembered in ``tokens``
    (:meth:`TokenStore.last_join`). Raises :class:`JoinError` (or ``ValueError`` for a
    bad address) with a sentence for the player. Call it inside the app (see
    :class:`LanSession`).
    """
    url = table_url(address)
    name = name.strip()[:MAX_NAME] or default_player_name()
    problem = plain_problem(name, "Your name")
    if problem:
        raise ValueError(problem)
    code = (code or "").strip().upper() or None  # (codes are case-insensitive)
    key, token, holder = ("", None, None)
    if tokens is not None:
        key, token, holder = await _claim_waiting(tokens, TokenStore.key(url, name, code), waiting)
    heard = _Heard()
    try:
        link = await _connect(url, name, code, token, link_options, hear=heard.listen)
    except _BadToken:
        assert tokens is not None
        tokens.drop(key)
        token = None
        link = await _connect(url, name, code, None, link_options, hear=heard.listen)
    if token is None and tokens is not None:
        link = await _rejoin_by_table(link, url, name, code, tokens, link_options)
    if tokens is not None:
        tokens.joined(address, name, code)
    early = heard.stop(link)
    session = LanSession(link, tokens=tokens, key=key or None, again="join")
    for notice in early:  # (the table's word on the joiner's name follows the welcome at once)
        session.add(Line("notice", notice.text))
    if holder is not None and link.seat is None:
        session.held_elsewhere = held_words(holder, name, link.lobby)
        session.add(Line("notice", session.held_elsewhere))
    return session


async def _claim_waiting(tokens: TokenStore, key: str, waiting: Callable[[str], None] | None,
                         ) -> tuple[str, str | None, dict[str, Any] | None]:
    """:meth:`TokenStore.claim` under ``key``, waiting up to :data:`HOLDER_WAIT` seconds
    for a window that holds the token to exit: ``(slot key, token, holder)``, ``holder``
    the entry of the window still running at the end (``None``: none)."""
    deadline = time.monotonic() + HOLDER_WAIT
    while True:
        slot, token = tokens.claim(key)
        holder = tokens.holder(key) if token is None else None
        if holder is None or time.monotonic() >= deadline:
            return slot, token, holder
        if waiting is not None:
            waiting(f"Waiting for the other Parlour window with your seat (process {holder['pid']}) to close…")
        await asyncio.sleep(0.1)


def held_words(holder: dict[str, Any], name: str, lobby: LobbyState | None = None) -> str:
    """Where a seat not taken back is and how to take it: ``"Seat 2 is held for Bob by
    another Parlour window still open (process 4242, started 14:02:11), so you joined
    without it. To take it: close that window, then q and Join again."`` (``holder``: its
    token entry; ``lobby``: where to find the seat's number by ``name``). A player back
    from a window closed a moment earlier was left watching as "Bob 2", untold
    (player-tester finding)."""
    seat = next((info.seat for info in lobby.seats if info.status in ("here", "away")
                 and (info.name or "").casefold() == name.casefold()), None) if lobby is not None else None
    which = f"Seat {seat + 1} is held for {name}" if seat is not None else "Your seat is held"
    started = holder.get("started")
    when = f", started {time.strftime('%H:%M:%S', time.localtime(started))}" if started else ""
    return (f"{which} by another Parlour window still open (process {holder['pid']}{when}), so you "
            "joined without it. To take it: close that window, then q and Join again.")


async def _rejoin_by_table(link: RemoteSeatLink, url: str, name: str, code: str | None,
                           tokens: TokenStore, options: dict[str, Any]) -> RemoteSeatLink:
    """Joined a game already on as a spectator, yet a token is kept for this table's
    name and this player (reached by another address before)? Then try it: on success
    the seated link replaces the spectator's."""
    for _ in range(100):  # the lobby state follows the welcome at once
        if link.lobby is not None or not link.status.online:
            break
        await asyncio.sleep(0.01)
    lobby = link.lobby
    if lobby is None or not lobby.started or lobby.over or link.seat is not None:
        return link
    found = tokens.find(lobby.table, name, code)
    if found is None:
        return link
    old_key, token = found
    try:
        seated = await _connect(url, name, code, token, options)
    except _BadToken:
        tokens.drop(old_key)
        return link
    except JoinError:
        return link
    tokens.drop(old_key)  # kept again under this join's own key once seated
    await link.close()
    return seated


class _BadToken(Exception):
    pass


class _Heard:
    """The notices new links hear before a :class:`LanSession` listens to them."""

    def __init__(self) -> None:
        self._notices: dict[int, list[Notice]] = {}
        self._stops: list[Callable[[], None]] = []

    def listen(self, link: RemoteSeatLink) -> None:
        notices = self._notices.setdefault(id(link), [])
        self._stops.append(link.on_event(lambda m: notices.append(m) if isinstance(m, Notice) else None))

    def stop(self, link: RemoteSeatLink) -> list[Notice]:
        """Stop listening to every link; the notices ``link`` heard."""
        for stop in self._stops:
            stop()
        return self._notices.get(id(link), [])


async def _connect(url: str, name: str, code: str | None, token: str | None,
                   options: dict[str, Any], link: RemoteSeatLink | None = None,
                   hear: Callable[[RemoteSeatLink], None] | None = None) -> RemoteSeatLink:
    if link is None:  # (the link follows the table's game: a welcome naming another switches it)
        link = RemoteSeatLink(url, name, GAME, token=token, room=code, **options)
    if hear is not None:
        hear(link)
    try:
        await link.connect()
    except JoinError as err:
        if token is not None and err.code == BAD_TOKEN:
            raise _BadToken() from None
        raise
    return link


# ---- hosting ------------------------------------------------------------------------------------


@attrs.frozen
class HostSettings:
    """A table to host: its ``table`` name (``None`` with ``resume``: the saved one),
    this player's ``player`` name, where it listens (``bind``, ``port``; ``0``: any
    free port), a room ``code`` players must give, a remote ``relay`` URL instead of
    listening here, a save to ``resume``, the ``grace`` seconds a dropped seat is
    held, whether to ``advertise`` on the LAN, ``profi``, ``save`` (True: a new file
    in the saves folder; False: none; a Path), the bots' ``bot_delay``, and the
    ``game`` played (a name in ``rules.registry``: ``"zatre"`` or ``"zatre-cards"``;
    it may still change in the lobby, e.g. ``/option cardgame on``)."""

    table: str | None
    player: str
    port: int = DEFAULT_PORT
    bind: str = EVERY_NETWORK
    code: str | None = None
    relay: str | None = None
    resume: Path | None = None
    grace: float = 120.0
    advertise: bool = True
    profi: bool = False
    save: bool | Path = True
    bot_delay: float = 0.6
    game: str = GAME.name


HOSTED_SAVED = ("the game stops for everyone and is saved: host it again from the menu (Host a saved "
                "game again…) or with parlour host --resume FILE, and the others join again to get "
                "their seats back.")
"""What leaving (or quitting) a hosted game under way does (:attr:`LanSession.resumable`;
tester 7, finding 1: the question said the game ends for everyone)."""


def resumed_table(saved: SavedGame, played_as: str | None = None) -> HostSettings:
    """The settings for hosting the ``saved`` hosted game again, as ``parlour host
    --resume FILE`` does (its table name, game and options from the save; the host's
    seat comes back by its token whatever the name), through the relay it was hosted
    through if its save recorded one, else on the port and address it listened on,
    announced on the LAN or not as it was, where its save recorded them (where its
    players' windows reconnect; tester 23, finding 2), else as a new table: the host
    form's start (tester 7, finding 1). The player is ``played_as``, the name the host
    played under (:func:`host_played_as`), else the login's name."""
    return HostSettings(None, played_as or default_player_name(), listen_port(saved.port),
                        bind=listen_bind(saved.bind), advertise=listen_advertised(saved.advertised),
                        relay=saved.relay, resume=saved.path, game=saved.rules)


def host_played_as(saved: SavedGame, tokens: TokenStore | None) -> str | None:
    """The name the host of the ``saved`` game played under: that of the seat whose
    token is the one ``tokens`` keeps for the save (:meth:`TokenStore.save_key`);
    ``None`` if none is kept there or it is no seat's now (hosted on another machine,
    the seat gone to a bot): then only the name can get the seat back (``/seat N
    NAME``)."""
    token = tokens.get(TokenStore.save_key(saved.path)) if tokens is not None else None
    if token is None:
        return None
    digest = hash_token(token)
    return next((name for name, kept in zip(saved.names, saved.token_hashes) if kept == digest), None)


def code_at_relay(field: str, leave: str = "empty") -> str:
    """The sentence refusing a room code chosen for a table hosted through a relay
    (``parlour host --code`` with ``--relay``, the host form's *Room code* with its
    *Relay*): the relay gives each table its code (player-tester 5, item 15; tester 5,
    finding 1). ``field`` names what asked for one; ``leave``: ``"out"`` or ``"empty"``."""
    return (f"{field} cannot be chosen at a relay: the relay gives the room code "
            f"(the lobby shows it); leave {field} {leave}.")


def relay_made(code: str | None) -> bool:
    """Whether the room code ``code`` has the shape of one a relay makes
    (:data:`net.relay.CODE_LENGTH` characters of :data:`net.relay.CODE_ALPHABET`, in
    any case): the code of a table at a `parlour relay`, where a new table gets a new
    code (tester 5, finding 1), while a table listening on its host's machine keeps
    the code its host typed. A player's connection cannot tell a relay from a host's
    own table, so the shape decides; a typed code of that shape by chance only costs
    the player asking the host for it."""
    code = (code or "").strip().upper()
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)


def next_table(session: LanSession) -> HostSettings | None:
    """The settings for hosting a new table like the one ``session`` hosted (the
    results' "Host a new table", player-tester 4 item 1): its game as it ends (the
    lobby may have changed it), table name, player, port, bind, room code, relay,
    advertising, grace and pace; a new save file (never the resumed or given one).
    ``None`` when ``session`` hosted no table."""
    settings, hosted = session.settings, session.hosted
    if settings is None or hosted is None:
        return None
    port = settings.port
    if not port and hosted.relay is not None:  # (0: any free port; the one it got)
        port = int(hosted.local_url.rsplit(":", 1)[1])
    return attrs.evolve(settings, table=hosted.table.name, game=session.link.game.name, port=port,
                        resume=None, save=bool(settings.save))


async def host_table(
    settings: HostSettings,
    tokens: TokenStore | None = None,
    discovery: Callable[[], Any] | None = None,
    **link_options: Any,
) -> LanSession:
    """:func:`start_hosting` then :func:`join_hosted`: the table and its host player."""
    hosted = await start_hosting(settings, discovery)
    return await join_hosted(hosted, settings, tokens, **link_options)


def starting_options(game: Any, profi: bool) -> Any:
    """The options a hosted table starts with: ``profi`` as the host form set it where
    the game has that option (Zatre, the card game), the rest at their defaults; the
    lobby's ``/option`` sets any of them before the start."""
    names = {field.name for field in attrs.fields(game.options_type)}
    return game.options_type(**({"profi": profi} if "profi" in names else {}))


async def start_hosting(settings: HostSettings, discovery: Callable[[], Any] | None = None) -> HostedTable:
    """Start hosting the table ``settings`` describes. ``discovery`` makes the
    backend it is advertised with (``app.zeroconf_backend`` for the real LAN;
    ``None``: not advertised); if that cannot be made, the table is simply not
    advertised. Raises :class:`HostError` with a sentence."""
    advertise: Any = False
    if settings.advertise and settings.relay is None and discovery is not None:
        try:
            advertise = discovery()
        except Exception:  # no multicast here: players type the address
            advertise = False
    try:
        game = registry.get(settings.game)
        bind = settings.bind if settings.relay is not None else await ipv4_address(settings.bind)
        return await serve_table(
            game, settings.table, bind=bind, port=settings.port,
            relay_url=settings.relay, code=settings.code,
            options=starting_options(game, settings.profi), grace=settings.grace,
            bot_delay=settings.bot_delay, advertise=advertise, save=settings.save,
            resume_from=settings.resume,
        )
    except Exception as err:
        raise HostError(host_error(err, settings), port_in_use(err) and settings.relay is None) from None


async def join_hosted(
    hosted: HostedTable,
    settings: HostSettings,
    tokens: TokenStore | None = None,
    **link_options: Any,
) -> LanSession:
    """Join ``hosted`` as its host player (``settings.player``). With a resumed game
    the host's remembered seat tokens are offered, the one kept for that save first
    (:meth:`TokenStore.save_key`), then the one kept for that name at that address, so
    the host gets its seat back under whatever name; a token the table does not know
    is forgotten and the next one tried, the last join having none (the host watches).
    On failure the table is stopped and :class:`HostError` raised.

    The name's key is not the first: every game hosted at one address (a relay, a
    fixed port) shares it, so it may hold an earlier game's token (the host who gave
    another name than the one played under then watched their own game).

    Call this inside the app (a worker or handler): the link's listeners then run
    with the app active."""
    key = TokenStore.host_key(hosted.local_url, settings.player)
    kept: dict[str, str] = {}  # token -> the key it was kept under
    if tokens is not None and settings.resume is not None:
        for where in (TokenStore.save_key(settings.resume), key):
            token = tokens.get(where)
            if token is not None:
                kept.setdefault(token, where)
    try:
        for token, where in [*kept.items(), (None, "")]:
            try:
                link = await _connect(hosted.local_url, settings.player, hosted.code, token, link_options,
                                      hosted.link(settings.player, token=token, **link_options))
                break
            except _BadToken:
                assert tokens is not None
                tokens.drop(where)
    except JoinError as err:
        await hosted.stop()
        raise HostError(f"The table started, but you could not join it: {err}") from None
    return LanSession(link, hosted=hosted, tokens=tokens, key=key, again="host", settings=settings)


class HostError(Exception):
    """The table could not be hosted; ``str(error)`` says why in a sentence;
    ``port_in_use``: because the port it was to listen on is in use (``parlour host
    --resume`` then says it was the save's port, when it was)."""

    def __init__(self, message: str, port_in_use: bool = False) -> None:
        super().__init__(message)
        self.port_in_use = port_in_use


def free_port(bind: str, first: int, tries: int = 20) -> int | None:
    """The first port from ``first`` (``tries`` of them, up to 65535) that ``bind`` can
    listen on now, or ``None``: what to suggest when a port is taken (player-tester 5,
    item 7: the next port was suggested, itself in use). A suggestion, not a promise."""
    for port in range(first, min(first + tries, 65536)):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((bind, port))
            return port
    return None


async def ipv4_address(bind: str) -> str:
    """Where a table listens, as an IPv4 address: ``bind`` itself when it is one (``"0.0.0.0"``:
    every network), else the first IPv4 address the host name ``bind`` has, so the
    table's address reads ``host:port`` (``"localhost"`` may name ``::1`` first).
    ``socket.gaierror`` when it has none."""
    try:
        return str(ipaddress.IPv4Address(bind))
    except ValueError:
        pass
    found = await asyncio.get_running_loop().getaddrinfo(bind, None, family=socket.AF_INET,
                                                         type=socket.SOCK_STREAM)
    return found[0][4][0]


def host_error(err: BaseException, settings: HostSettings) -> str:
    """One sentence for a failure of :func:`net.cli.serve_table`."""
    if isinstance(err, SaveError):
        return str(err)
    if isinstance(err, socket.gaierror) and settings.relay is None:
        return (f"This machine finds no address {settings.bind!r} to listen on "
                f"({err.strerror or err}); type an IPv4 address or another host name.")
    if isinstance(err, OSError) and settings.relay is None:
        if error_number(err) == errno.EADDRNOTAVAIL:
            return f"This machine has no address {settings.bind} to listen on."
        free = free_port(settings.bind, settings.port + 1) if port_in_use(err) else None
        other = f"choose another port, e.g. {free}" if free is not None else "choose another port"
        return listen_problem(err, settings.port, other)
    if settings.relay is not None:
        if getattr(getattr(err, "response", None), "status_code", None) == 404:  # websockets' InvalidStatus
            return (f"No relay answers at {settings.relay} (HTTP 404): a hosted table takes players, "
                    f"not other tables; run `parlour relay` there.")
        return f"Could not open a room at the relay {settings.relay}: {reach_problem(err)}."
    return f"Could not start the table: {err}"
