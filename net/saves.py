"""Saved games: written by the host after every applied action, resumed after a crash,
replayed step by step (design.md, "Saves").

A save is one JSON file (``parlour/saves/<table>-<started>.json`` under platformdirs'
user data directory; local games, solo and hotseat, in ``parlour/saves/local/``),
written atomically: a temporary file in the same folder, flushed and fsynced, then
``os.replace``. Its body holds the game's name, options, seat count, names, bot kinds,
seed, the action log and the version reached, plus a digest of the final state; a
SHA-256 ``checksum`` over the body detects a truncated or edited file. While a process
hosts or plays a save, it holds a :class:`SaveLock` on it (an OS lock on the hidden file
``.NAME.json.lock`` beside it), so no other Parlour process plays the same game on.

The format is versioned (``format_version``, :data:`FORMAT_VERSION`):

- version 1 (and a file without ``format_version``): the fields above;
- version 2 adds optional fields, each with a default when absent: ``bot_took`` (the
  token hashes of players whose seats the host gave to bots, and those seats),
  ``over`` (the game had ended), ``local`` and ``pace`` (a local game and its bots'
  pace in seconds), ``ended_early`` (the host ended the game with ``/end`` after its
  last saved move: a save without it was not ended so), ``relay`` (the remote relay
  the table was hosted through, as :func:`public_relay` keeps it: a save without it
  was hosted on its host's machine, or before Parlour kept it), ``port`` (the port the
  table listened on, hosted on its host's machine: a save without it was hosted
  through a remote relay, or before Parlour kept it), ``bind`` and ``advertised`` (the
  address that table listened on and whether it was announced on the LAN: a save
  without them was hosted through a remote relay, or before Parlour kept them; hosting
  it again then listens on every network and announces it, as it did before).

Adding a field: give :class:`SaveData` a new attribute *with a default* (and a type
the codec's converter can structure). :func:`write` then writes it, and :func:`read`
reads it when present and uses the default when not, so older files still load and
:data:`FORMAT_VERSION` stays as it is. Keys a reader does not know are ignored (a
save from a later Parlour that only added fields still loads). Raise
:data:`FORMAT_VERSION` only when a change cannot be read that way (a field renamed or
made to mean something else); a reader refuses versions above its own.

Seat tokens are kept only as SHA-256 hashes: a stolen save lets nobody take a seat,
yet players who reconnect after a resume with the tokens they hold are recognised. The
save does hold the seed and every action, so it reveals hidden things (bag order, held
tiles): it stays on the host's disk and is never sent to anyone.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Any, Iterator

import attrs
import filelock
import platformdirs

from rules import registry
from rules.core import ADDED_KEY, Game, Seat

from .codec import Codec, ProtocolError, codec_for
from .host import Applied, Host

log = logging.getLogger(__name__)

FORMAT = "parlour.save"
FORMAT_VERSION = 2
"""The save format this Parlour writes; it reads this one and every one before it."""
MAX_SAVE_BYTES = 32 * 1024 * 1024
LISTEN_ADDRESS = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}")
"""A saved ``bind``: an IPv4 address or a host name (letters, digits, dots and
hyphens, at most 253 characters), as the host form's *Listen on* takes it."""


class SaveError(Exception):
    """A save that cannot be used; ``str(error)`` says why in a sentence."""


def saves_dir() -> Path:
    """``<user data dir>/parlour/saves``; made by the first save written there
    (:func:`write`), so that a file in its way is said where the save fails, and never
    stops Parlour from opening (player-tester 6, finding 7)."""
    return Path(platformdirs.user_data_dir("parlour", appauthor=False)) / "saves"


def folder_problem(folder: Path) -> str | None:
    """Why no game can be saved in ``folder`` when a file stands where it, or a folder
    above it, should be: ``"a file is in the way of the folder /home/ann/.local/share/
    parlour/saves"``; ``None`` otherwise (a missing folder is made by the first save)."""
    for path in (Path(folder), *Path(folder).parents):
        try:
            if path.is_dir():
                return None
            if path.exists():
                return f"a file is in the way of the folder {path}"
        except OSError as exc:
            return failure_text(exc)
    return None


def save_path(table: str, started: float | None = None, folder: Path | None = None) -> Path:
    """A new save's path for ``table``: its name made file-safe, plus the start time."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started or time.time()))
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", table).strip("-")[:40] or "table"
    return (folder or saves_dir()) / f"{safe}-{stamp}.json"


@attrs.frozen
class LoggedAction:
    """One entry of the action log as saved."""

    version: int
    seat: int
    action_id: str
    action: Any


@attrs.frozen
class SaveData:
    """What a save holds (see the module docstring). ``token_hashes[seat]`` is the
    SHA-256 hex of the seat's token (``None``: a bot or a revoked seat);
    ``room_code`` the room code players gave (``None``: none): ``--resume`` reopens that
    room; ``bot_took`` maps the token hash of a player whose seat went to a bot to that seat
    (they may come back to watch, and the host may give it back); ``over``: the game
    had ended; ``local``: a solo or hotseat game; ``pace``: its bots' pace (seconds);
    ``ended_early``: the host ended the game (``/end``) after its last saved move, before
    the rules ended it (tester 6, finding 5: its replay told it as still running);
    ``relay``: the remote relay it was hosted through (``None``: none), never with the
    user name or password a URL may carry (:func:`public_relay`); ``port``: the port
    (1-65535) its table listened on when hosted on this machine (``None``: hosted
    through a remote relay, or saved before Parlour kept it), where ``parlour host
    --resume`` listens again so that its players' windows find it; ``bind``: the
    address it listened on then (``"127.0.0.1"``: this machine only; ``None`` as for
    ``port``) and ``advertised``: whether it was announced on the LAN (``None`` as for
    ``port``), which hosting it again keeps unless told otherwise (tester 23, finding
    2: a table kept to this machine and unannounced came back open and announced).

    The attributes with a default are the optional ones: absent from a file, they
    take the default (see "Adding a field" in the module docstring)."""

    game: str
    table: str
    options: Any
    seats: int
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    seed: int
    version: int
    log: tuple[LoggedAction, ...]
    token_hashes: tuple[str | None, ...]
    state_digest: str
    saved_at: float
    room_code: str | None = None
    bot_took: dict[str, int] = attrs.field(factory=dict)
    over: bool = False
    local: bool = False
    pace: float | None = None
    ended_early: bool = False
    relay: str | None = None
    port: int | None = None
    bind: str | None = None
    advertised: bool | None = None


def ended_text(data: SaveData, where: str = "") -> str:
    """How a save's game ended when the rules did not end it, as the replays tell it:
    ``"The host ended the game after move 12."`` (``/end``; ``data.version`` moves
    applied), ``""`` for a game not ended early. ``where``: words naming the save,
    put after "the game" (``" in friday.json"``)."""
    if not data.ended_early:
        return ""
    if data.version == 0:
        return f"The host ended the game{where} before the first move."
    return f"The host ended the game{where} after move {data.version}."


def finished_text(path: Path, data: SaveData, over: bool) -> str:
    """Why the game saved in ``path`` cannot be played on (``""``: it can): ``over``
    (the rules ended it), or its host ended it (``/end``). One sentence naming the file
    and pointing to ``parlour replay``: ``"The game in friday.json is over (move 40):
    it cannot be hosted again; parlour replay friday.json shows it."``"""
    if over:
        told = f"The game in {path} is over (move {data.version})"
    elif data.ended_early:
        told = ended_text(data, f" in {path}").removesuffix(".")
    else:
        return ""
    return f"{told}: it cannot be hosted again; parlour replay {path} shows it."


def public_relay(url: str | None) -> str | None:
    """A relay's URL as a save keeps it: ``scheme://host:port/path`` only, without a
    user name or password it may carry (``ws://ann:pw@relay:7531`` is kept as
    ``ws://relay:7531``), nor a query or fragment; ``None`` for ``None``."""
    if url is None:
        return None
    parts = urllib.parse.urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, "", ""))


def _optional_fields() -> tuple[attrs.Attribute, ...]:
    """SaveData's attributes with a default, their types resolved."""
    attrs.resolve_types(SaveData)
    return tuple(f for f in attrs.fields(SaveData) if f.default is not attrs.NOTHING)


def state_digest(codec: Codec, state: Any, game: Game) -> str:
    """SHA-256 of the state as canonical JSON: replaying must reproduce it. A field
    marked by :func:`rules.core.added_field` is left out, so saves from before the
    field existed still resume, whatever their log gives the field when replayed (it
    follows from the log, as every field does: the rest of the state still checks it)."""
    data = codec.converter.unstructure(state, unstructure_as=game.state_type)
    if attrs.has(type(state)) and isinstance(data, dict):
        for field in attrs.fields(type(state)):
            if field.metadata.get(ADDED_KEY):
                data.pop(field.name, None)
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _body(data: SaveData, codec: Codec, game: Game) -> dict:
    conv = codec.converter
    return {
        "game": data.game,
        "table": data.table,
        "options": conv.unstructure(data.options, unstructure_as=game.options_type),
        "seats": data.seats,
        "names": list(data.names),
        "bots": list(data.bots),
        "seed": data.seed,
        "version": data.version,
        "log": [
            {"version": e.version, "seat": e.seat, "action_id": e.action_id,
             "action": conv.unstructure(e.action, unstructure_as=game.action_type)}
            for e in data.log
        ],
        "token_hashes": list(data.token_hashes),
        "state_digest": data.state_digest,
        "saved_at": data.saved_at,
        **{f.name: conv.unstructure(getattr(data, f.name), unstructure_as=f.type) for f in _optional_fields()},
    }


def _checksum(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def snapshot_of(host: Host, table: str, token_hashes: tuple[str | None, ...], codec: Codec,
                **optional: Any) -> SaveData:
    """The :class:`SaveData` of ``host``'s game right now; ``optional``: values of the
    optional fields (``bot_took``, ``local``, ``pace``; ``over`` comes from the host)."""
    return SaveData(
        game=host.game.name, table=table, options=host.options, seats=host.seats,
        names=host.names, bots=host.bot_kinds, seed=host.seed, version=host.version,
        log=tuple(LoggedAction(a.version, a.seat, a.action_id, a.action) for a in host.applied),
        token_hashes=token_hashes, state_digest=state_digest(codec, host.state, host.game),
        saved_at=time.time(), over=host.over, **optional,
    )


def write(path: Path, data: SaveData, codec: Codec) -> None:
    """Write ``data`` to ``path`` atomically (temp file + fsync + ``os.replace``).
    The file is ASCII JSON (other characters as ``\\u`` escapes), so every string
    the game holds can be written. Raises ``OSError`` (its ``filename`` the save's
    folder), ``ValueError`` for a number JSON cannot hold."""
    game = codec.game
    assert game is not None
    body = _body(data, codec, game)
    outer = {"format": FORMAT, "format_version": FORMAT_VERSION, "checksum": _checksum(body), "body": body}
    # ASCII with \u escapes: any string the game holds is written, a lone surrogate too
    text = json.dumps(outer, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        exc.filename = str(path.parent)  # the folder, not a temporary file's name
        raise
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            exc.filename, exc.filename2 = str(path.parent), None
        raise


def read(path: Path, games: Any = None) -> tuple[SaveData, Game]:
    """Load and check a save of any format version up to :data:`FORMAT_VERSION`:
    ``(data, game)``. Raises :class:`SaveError` for a file that is missing, too big,
    not JSON, not a Parlour save, of a newer format version, altered or truncated
    (checksum), of an unknown game, or whose fields do not fit.

    ``games``: a mapping of game name -> Game (default: rules.registry.GAMES).
    """
    games = registry.GAMES if games is None else games
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveError(f"Cannot read {path}: {exc.strerror or exc}.") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is too big to be a Parlour save.")
    if not raw.strip():
        raise SaveError(f"{path} is empty: not a Parlour save (cut short when it was written?).")
    try:
        outer = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveError(f"{path} is not a Parlour save (JSON nested too deep).") from None
    except (UnicodeDecodeError, ValueError):
        raise SaveError(f"{path} is not a Parlour save (not JSON; truncated?).") from None
    if type(outer) is not dict or outer.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Parlour save.")
    found = outer.get("format_version", 1)  # the first saves had none
    if type(found) is not int or found < 1:
        raise SaveError(f"{path} is not a Parlour save (its format version is {found!r}).")
    if found > FORMAT_VERSION:
        raise SaveError(f"{path} was saved by a newer Parlour (save format {found}; this one "
                        f"reads up to {FORMAT_VERSION}): update Parlour to open it.")
    body = outer.get("body")
    if type(body) is not dict or outer.get("checksum") != _checksum(body):
        raise SaveError(f"{path} is damaged or was edited (its checksum does not match).")
    game = games.get(body.get("game")) if isinstance(body.get("game"), str) else None
    if game is None:
        raise SaveError(f"{path} is a save of a game this Parlour does not have ({body.get('game')!r}).")
    codec = codec_for(game)
    try:
        log = tuple(
            LoggedAction(
                codec.structure(e.get("version"), int), codec.structure(e.get("seat"), int),
                codec.structure(e.get("action_id"), str), codec.structure(e.get("action"), game.action_type),
            )
            if type(e) is dict and set(e) == {"version", "seat", "action_id", "action"}
            else _bad("a log entry")
            for e in _list(body.get("log"))
        )
        data = SaveData(
            game=game.name,
            table=codec.structure(body.get("table"), str),
            options=codec.structure(body.get("options"), game.options_type),
            seats=codec.structure(body.get("seats"), int),
            names=codec.structure(body.get("names"), tuple[str, ...]),
            bots=codec.structure(body.get("bots"), tuple[str | None, ...]),
            seed=codec.structure(body.get("seed"), int),
            version=codec.structure(body.get("version"), int),
            log=log,
            token_hashes=codec.structure(body.get("token_hashes"), tuple[str | None, ...]),
            state_digest=codec.structure(body.get("state_digest"), str),
            saved_at=codec.structure(body.get("saved_at"), float),
            **{f.name: codec.structure(body[f.name], f.type) for f in _optional_fields() if f.name in body},
        )
    except ProtocolError as exc:
        raise SaveError(f"{path} does not hold a valid save: {exc.reason}.") from None
    if not (len(data.names) == len(data.bots) == len(data.token_hashes) == data.seats):
        raise SaveError(f"{path} does not hold a valid save: the seats do not add up.")
    if any(not 0 <= seat < data.seats for seat in data.bot_took.values()):
        raise SaveError(f"{path} does not hold a valid save: a seat given to a bot is not a seat.")
    if data.port is not None and not 0 < data.port < 65536:
        raise SaveError(f"{path} does not hold a valid save: the port it was hosted on is not a port.")
    if data.bind is not None and not LISTEN_ADDRESS.fullmatch(data.bind):
        raise SaveError(f"{path} does not hold a valid save: the address it was hosted on is not an address.")
    return data, game


def _list(value: Any) -> list:
    if type(value) is not list:
        raise ProtocolError("the log is not a list")
    return value


def _bad(what: str) -> Any:
    raise ProtocolError(f"{what} is malformed")


def rebuild(data: SaveData, game: Game, bot_delay: float = 0.6) -> Host:
    """A :class:`Host` at the saved version, by replaying the log from the seed.

    Raises :class:`SaveError` if the log does not replay (an illegal action, versions
    out of order) or the replayed state differs from the saved digest.
    """
    bots = {seat: kind for seat, kind in enumerate(data.bots) if kind is not None}
    try:
        host = Host(game, data.options, data.seats, data.seed, data.names, bots, bot_delay)
        host.restore(tuple(Applied(e.version, e.seat, e.action, e.action_id) for e in data.log))
    except ValueError as exc:
        raise SaveError(f"The saved game does not replay: {str(exc).rstrip('.')}.") from None
    if host.version != data.version:
        raise SaveError(f"The saved game stops at version {host.version}, not {data.version}.")
    if state_digest(codec_for(game), host.state, game) != data.state_digest:
        raise SaveError("The saved game replays to a different state than the one saved.")
    return host


def resume(path: Path, bot_delay: float = 0.6) -> tuple[Host, SaveData]:
    """Read ``path`` and rebuild its host: ``(host, data)``; :class:`SaveError`."""
    data, game = read(path)
    return rebuild(data, game, bot_delay), data


def open_elsewhere_text(path: Path, local: bool) -> str:
    """Why the game saved in ``path`` cannot be hosted (``local``: continued) here: another
    Parlour process holds its :class:`SaveLock`. ``"friday.json is open in another Parlour
    window on this machine: join that table (or close that window) instead of hosting it
    again."``"""
    if local:
        return (f"{path} is open in another Parlour window on this machine: play on there (or leave "
                "the game in that window) instead of continuing it here.")
    return (f"{path} is open in another Parlour window on this machine: join that table (or close "
            "that window) instead of hosting it again.")


class SaveLock:
    """This process's hold on the save ``path`` (``local``: a solo or hotseat game's),
    so that no other Parlour process (nor another table of this one) plays the same game
    and overwrites its file: an exclusive OS lock (``filelock``) on a hidden file beside
    the save, ``.NAME.json.lock`` (never listed as a save). The OS drops the lock when
    the process ends, killed or crashed included, so a game is never locked for good.

    :meth:`take` before the save is read to be resumed, or written first;
    :meth:`release` when the game stops (both may be called again harmlessly)."""

    def __init__(self, path: Path, local: bool = False) -> None:
        self.path = Path(path)
        self.local = local
        self._lock = filelock.FileLock(self.path.with_name(f".{self.path.name}.lock"), timeout=0,
                                       thread_local=False)

    @property
    def held(self) -> bool:
        """Whether this process holds the save now."""
        return self._lock.is_locked

    def take(self) -> None:
        """Hold the save (nothing when held already). Raises :class:`SaveError` with
        :func:`open_elsewhere_text` when another process, or another lock of this one,
        holds it. A lock file that cannot be made (no such folder and none can be made,
        a folder that cannot be written) is logged and left: the save cannot be written
        there either, and its write says why."""
        if self.held:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
        except filelock.Timeout:
            raise SaveError(open_elsewhere_text(self.path, self.local)) from None
        except OSError as exc:
            log.warning("cannot lock %s: %s", self.path, failure_text(exc))

    @property
    def lock_file(self) -> Path:
        """The hidden file the OS lock is taken on, ``.NAME.json.lock`` beside the save."""
        return Path(self._lock.lock_file)

    def release(self) -> None:
        """Let other processes have the save again."""
        if self.held:
            self._lock.release(force=True)


class Saver:
    """Writes a table's game to ``path`` after every applied action: pass an instance
    as :class:`net.server.Table`'s ``saver``. A failed write raises (``OSError``,
    ``ValueError``, ``UnicodeError`` ...): the table says so to everyone and tries
    again after the next action (:func:`failure_text` words it). ``relay``: the
    remote relay the table is hosted through (``None``: none), saved as
    :func:`public_relay` keeps it; ``port``, ``bind``, ``advertised``: the port and
    address the table listens on, on this machine, and whether it is announced on the
    LAN (``None``: none, behind a remote relay; :func:`net.cli.serve_table` sets them
    once the table listens, before the first save). ``lock``: its :class:`SaveLock`,
    taken before the first write (:class:`SaveError` when another process holds it);
    the table's owner releases it when the table stops."""

    def __init__(self, path: Path, relay: str | None = None, port: int | None = None) -> None:
        self.path = Path(path)
        self.relay = public_relay(relay)
        self.port = port
        self.bind: str | None = None
        self.advertised: bool | None = None
        self.writes = 0
        self.lock = SaveLock(self.path)

    def __call__(self, table: Any) -> None:
        host = table.host
        if host is None:
            return
        room_code = table.port.code if table.port is not None else None
        # the lobby is over but the game is not: the host ended it (/end)
        data = snapshot_of(host, table.name, table.token_hashes(), table.codec,
                           bot_took=table.lobby.bot_took_hashes(), room_code=room_code,
                           ended_early=table.lobby.over and not host.over, relay=self.relay,
                           port=self.port, bind=self.bind, advertised=self.advertised)
        self.lock.take()
        write(self.path, data, table.codec)
        self.writes += 1


def failure_text(error: BaseException) -> str:
    """Why a save failed, in a few words: ``"Permission denied (/home/ann/saves)"``,
    ``"No space left on device"``, ``"a text in the game cannot be written as UTF-8"``,
    ``"a file is in the way of the folder /home/ann/saves/local"`` (a file where the
    folder should be: player-tester 3, item 13, "File exists")."""
    if isinstance(error, (FileExistsError, NotADirectoryError)) and error.filename:
        return f"a file is in the way of the folder {error.filename}"
    if isinstance(error, OSError):
        where = f" ({error.filename})" if error.filename else ""
        return f"{error.strerror or error}{where}"
    if isinstance(error, UnicodeError):
        return "a text in the game cannot be written as UTF-8"
    return str(error) or type(error).__name__


def failure_notice(who: str, version: int, error: BaseException) -> str:
    """The line players see after a failed save: ``"The host could not save the game
    after move 12: No space left on device; it will try again after the next move."``
    (``who``: ``"The host"``, ``"Parlour"``)."""
    return (f"{who} could not save the game after move {version}: {failure_text(error)}; "
            "it will try again after the next move.")


# ---- local games (solo, hotseat) ---------------------------------------------------------


def local_saves_dir() -> Path:
    """``<user data dir>/parlour/saves/local``: where solo and hotseat games are saved."""
    return saves_dir() / "local"


def new_local_path(game: str, folder: Path | None = None) -> Path:
    """A fresh file for a local game of ``game`` (never one that exists already)."""
    folder = folder or local_saves_dir()
    first = save_path(game, folder=folder)
    path, n = first, 1
    while path.exists():
        n += 1
        path = first.with_name(f"{first.stem}-{n}.json")
    return path


DISCARDED = "discarded"
"""The sub-folder of the local saves where a discarded game goes: off the menu, still
there for ``parlour replay``."""


def discard_local(path: Path) -> Path:
    """Take the game saved in ``path`` (a local one, or a hosted one: tester 7,
    finding 1) off the menu by moving it into the
    :data:`DISCARDED` folder beside it (nothing is deleted; ``parlour replay`` still
    opens it), and its lock file with it off the saves' folder (removed). Returns the
    new path; raises ``SaveError`` when it cannot be moved, or when another Parlour
    window plays the game (it holds its :class:`SaveLock`, and would write the file
    again after its next move)."""
    path = Path(path)
    folder = path.parent / DISCARDED
    lock = SaveLock(path)
    try:
        lock.take()
    except SaveError:
        raise SaveError(f"{path} is open in another Parlour window on this machine: leave the "
                        "game there first, then discard it.") from None
    try:
        folder.mkdir(exist_ok=True)
        target, n = folder / path.name, 1
        while target.exists():
            n += 1
            target = folder / f"{path.stem}-{n}{path.suffix}"
        moved = path.rename(target)
    except OSError as exc:
        raise SaveError(f"Could not discard {path}: {exc.strerror or exc}.") from None
    finally:
        lock.release()
    lock.lock_file.unlink(missing_ok=True)  # nothing left here to lock
    return moved


@attrs.frozen
class SavedGame:
    """A saved game as the menu lists it: its ``path``, the ``game``'s title, seat
    ``names`` and ``bots`` (kind per seat, ``None``: a human), ``moves`` (actions
    applied), ``saved_at`` (seconds since the epoch), whether it is ``over`` (the rules
    ended it, or its host did with ``/end``), its ``table`` name (a hosted game's, or
    ``"Solo game"``...), the name of its ``rules`` (``"zatre"``...) and the remote
    ``relay`` a hosted game went through (``None``: none), the seats'
    ``token_hashes`` (as :class:`SaveData`'s: whose seat a kept token is), and the
    ``port`` and ``bind`` address a game hosted on this machine listened on and whether
    it was ``advertised`` (``None``: none kept)."""

    path: Path
    title: str
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    moves: int
    saved_at: float
    over: bool
    table: str = ""
    rules: str = ""
    relay: str | None = None
    token_hashes: tuple[str | None, ...] = ()
    port: int | None = None
    bind: str | None = None
    advertised: bool | None = None


def local_games(folder: Path | None = None, problems: list[SaveError] | None = None) -> list[SavedGame]:
    """The local games saved in ``folder`` (default :func:`local_saves_dir`), the most
    recently saved first. A file that is not a readable save is left out, logged, and
    its :class:`SaveError` (which names the file and why) added to ``problems``."""
    return _saved_games(folder or local_saves_dir(), True, problems)


def hosted_games(folder: Path | None = None, problems: list[SaveError] | None = None) -> list[SavedGame]:
    """The hosted games saved in ``folder`` (default :func:`saves_dir`, where a hosted
    table saves), the most recently saved first; unreadable files as in
    :func:`local_games` (tester 7, finding 1: the menu hosts them again)."""
    return _saved_games(folder or saves_dir(), False, problems)


def _saved_games(folder: Path, local: bool, problems: list[SaveError] | None) -> list[SavedGame]:
    """The games saved in ``folder`` that are ``local`` (or hosted), the latest first."""
    found = []
    for path in sorted(Path(folder).glob("*.json")) if Path(folder).is_dir() else ():
        try:
            data, game = read(path)
        except SaveError as exc:
            log.warning("skipping a save: %s", exc)
            if problems is not None:
                problems.append(exc)
            continue
        if data.local == local:
            found.append(SavedGame(path, game.title, data.names, data.bots, data.version, data.saved_at,
                                   data.over or data.ended_early, data.table, game.name,
                                   data.relay, data.token_hashes, data.port, data.bind, data.advertised))
    return sorted(found, key=lambda g: g.saved_at, reverse=True)


# ---- replays --------------------------------------------------------------------------


@attrs.frozen
class ReplayStep:
    """The game after one action: ``version`` (0: the setup), the ``seat`` that acted
    and its ``action`` (``None`` at version 0), the ``events`` it caused (unprojected)
    and the full ``state``. ``view(seat)`` is what that seat saw then."""

    version: int
    seat: Seat | None
    action: Any
    events: tuple[Any, ...]
    state: Any
    game: Game

    def view(self, seat: Seat | None) -> Any:
        return self.game.view(self.state, seat)


class Replay:
    """A saved game, step by step: ``Replay.open(path)``; iterate for
    :class:`ReplayStep`\\ s from the setup to the last saved action. Raises
    :class:`SaveError` like :func:`read`, and during iteration if an action does not
    replay."""

    def __init__(self, data: SaveData, game: Game) -> None:
        self.data = data
        self.game = game

    @classmethod
    def open(cls, path: Path) -> "Replay":
        data, game = read(path)
        return cls(data, game)

    def __len__(self) -> int:
        return len(self.data.log) + 1

    def __iter__(self) -> Iterator[ReplayStep]:
        game, data = self.game, self.data
        state = game.setup(data.options, data.seats, data.seed)
        yield ReplayStep(0, None, None, (), state, game)
        for entry in data.log:
            try:
                state, events = game.apply(state, entry.seat, entry.action)
            except Exception as exc:
                raise SaveError(f"Action {entry.version} does not replay: {str(exc).rstrip('.')}.") from None
            yield ReplayStep(entry.version, entry.seat, entry.action, tuple(events), state, game)
