"""Saved games: written by the host after every applied action, resumed after a crash,
replayed step by step (design.md, "Saves").

A save is one JSON file (``parlour/saves/<table>-<started>.json`` under platformdirs'
user data directory), written atomically: a temporary file in the same folder,
flushed and fsynced, then ``os.replace``. Its body holds the game's name, options,
seat count, names, bot kinds, seed, the action log and the version reached, plus a
digest of the final state; a SHA-256 ``checksum`` over the body detects a truncated or
edited file.

Seat tokens are kept only as SHA-256 hashes: a stolen save lets nobody take a seat,
yet players who reconnect after a resume with the tokens they hold are recognised. The
save does hold the seed and every action, so it reveals hidden things (bag order, held
tiles): it stays on the host's disk and is never sent to anyone.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

import attrs
import platformdirs

from rules import registry
from rules.core import Game, Seat

from .codec import Codec, ProtocolError, codec_for, dumps
from .host import Applied, Host

FORMAT = "parlour.save"
FORMAT_VERSION = 1
MAX_SAVE_BYTES = 32 * 1024 * 1024


class SaveError(Exception):
    """A save that cannot be used; ``str(error)`` says why in a sentence."""


def saves_dir() -> Path:
    """``<user data dir>/parlour/saves`` (created if missing)."""
    path = Path(platformdirs.user_data_dir("parlour", appauthor=False)) / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


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
    ``room_code`` the room code players gave (``None``: none; optional in the file, so
    saves written before it read as ``None``): ``--resume`` reopens that room."""

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


def state_digest(codec: Codec, state: Any, game: Game) -> str:
    """SHA-256 of the state as canonical JSON: replaying must reproduce it."""
    data = codec.converter.unstructure(state, unstructure_as=game.state_type)
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
        "room_code": data.room_code,
    }


def _checksum(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def snapshot_of(host: Host, table: str, token_hashes: tuple[str | None, ...], codec: Codec,
                room_code: str | None = None) -> SaveData:
    """The :class:`SaveData` of ``host``'s game right now, at a table with ``room_code``."""
    return SaveData(
        game=host.game.name, table=table, options=host.options, seats=host.seats,
        names=host.names, bots=host.bot_kinds, seed=host.seed, version=host.version,
        log=tuple(LoggedAction(a.version, a.seat, a.action_id, a.action) for a in host.applied),
        token_hashes=token_hashes, state_digest=state_digest(codec, host.state, host.game),
        saved_at=time.time(), room_code=room_code,
    )


def write(path: Path, data: SaveData, codec: Codec) -> None:
    """Write ``data`` to ``path`` atomically (temp file + fsync + ``os.replace``)."""
    game = codec.game
    assert game is not None
    body = _body(data, codec, game)
    text = dumps({"format": FORMAT, "format_version": FORMAT_VERSION, "checksum": _checksum(body), "body": body})
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def read(path: Path, games: Any = None) -> tuple[SaveData, Game]:
    """Load and check a save: ``(data, game)``. Raises :class:`SaveError` for a file
    that is missing, too big, not JSON, not a Parlour save, of another format version,
    altered or truncated (checksum), of an unknown game, or whose fields do not fit.

    ``games``: a mapping of game name -> Game (default: rules.registry.GAMES).
    """
    games = registry.GAMES if games is None else games
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveError(f"Cannot read {path}: {exc.strerror or exc}.") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is too big to be a Parlour save.")
    try:
        outer = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{path} is not a Parlour save (not JSON; truncated?).") from None
    if type(outer) is not dict or outer.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Parlour save.")
    if outer.get("format_version") != FORMAT_VERSION:
        raise SaveError(f"{path} is a save of another Parlour version ({outer.get('format_version')!r}).")
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
            room_code=codec.structure(body.get("room_code"), str | None),
        )
    except ProtocolError as exc:
        raise SaveError(f"{path} does not hold a valid save: {exc.reason}.") from None
    if not (len(data.names) == len(data.bots) == len(data.token_hashes) == data.seats):
        raise SaveError(f"{path} does not hold a valid save: the seats do not add up.")
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
        raise SaveError(f"The saved game does not replay: {exc}.") from None
    if host.version != data.version:
        raise SaveError(f"The saved game stops at version {host.version}, not {data.version}.")
    if state_digest(codec_for(game), host.state, game) != data.state_digest:
        raise SaveError("The saved game replays to a different state than the one saved.")
    return host


def resume(path: Path, bot_delay: float = 0.6) -> tuple[Host, SaveData]:
    """Read ``path`` and rebuild its host: ``(host, data)``; :class:`SaveError`."""
    data, game = read(path)
    return rebuild(data, game, bot_delay), data


class Saver:
    """Writes a table's game to ``path`` after every applied action: pass an instance
    as :class:`net.server.Table`'s ``saver``. Errors propagate to the table (logged)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.writes = 0

    def __call__(self, table: Any) -> None:
        host = table.host
        if host is None:
            return
        room_code = table.port.code if table.port is not None else None
        write(self.path, snapshot_of(host, table.name, table.token_hashes(), table.codec, room_code), table.codec)
        self.writes += 1


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
                raise SaveError(f"Action {entry.version} does not replay: {exc}.") from None
            yield ReplayStep(entry.version, entry.seat, entry.action, tuple(events), state, game)
