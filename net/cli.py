"""Entry points for ``parlour host``, ``parlour relay`` and ``parlour replay``: plain
functions the TUI's ``__main__`` calls (no argument parsing here).

- :func:`serve_table` starts a hosted table (in-process relay by default, or through
  a remote relay) and returns a :class:`HostedTable` handle; the host's own TUI joins
  it with :meth:`HostedTable.link`, like any player, with the host key.
- :func:`run_relay` runs a standalone relay until cancelled (its key, which lets tables
  keep their room codes across restarts, in a file: :func:`relay_key`).
- :func:`replay_text` turns a save into lines for ``parlour replay FILE``.
- :func:`relay_url` reads a relay's address as ``--relay`` and the host form take it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import sys
import urllib.parse
from pathlib import Path
from typing import Any, Iterator, Sequence

import attrs
import platformdirs

from rules import registry
from rules.core import Game, describe_in, option_specs

from . import closecodes as cc
from .client import RemoteSeatLink
from .discovery import Advertiser, Backend, TableAd, ZeroconfBackend, lan_addresses, service_name
from .lobby import article, value_text
from .protocol import plain_problem
from .relay import Relay, RelayLink, room_key_from_seed, serve_gc
from .saves import Replay, SaveError, SaveLock, Saver, ended_text, finished_text, resume, save_path
from .server import Limits, Table
from .table import bot_took_text, takeovers_from_log, timed_out, timed_out_text

log = logging.getLogger(__name__)

DEFAULT_PORT = 7531
"""The port ``parlour host`` listens on unless told otherwise."""
EVERY_NETWORK = "0.0.0.0"
"""The address ``parlour host`` listens on unless told otherwise: every network of this
machine."""


def relay_url(address: str) -> str:
    """A relay's address as ``parlour host --relay`` and the host form's *Relay* field
    take it: ``ws://host:port`` or ``wss://host[:port]``, or ``host:port`` as players
    type it on the join screen (``ws://`` is added). Returns the URL without a trailing
    ``/`` (the table's link adds the relay's ``/host`` path to it). ``ValueError`` with a
    sentence for anything else: another scheme, no host, a port outside 1-65535, a
    path (README "Through a relay"; tester 5, finding 1)."""
    text = address.strip()
    url = text if "://" in text else f"ws://{text}"
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError:  # a port that is no number, or out of range
        parts, port = None, None
    if (parts is None or parts.scheme not in ("ws", "wss") or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment or port == 0
            or not text.isprintable() or " " in text
            or ("://" not in text and port is None)):
        raise ValueError(f"A relay's address is a websocket URL such as ws://relay.example:{DEFAULT_PORT} "
                         f"(or relay.example:{DEFAULT_PORT}); {text!r} is not one.")
    return f"{parts.scheme}://{parts.netloc}"


CLOSED_SAVED = "The host closed the table; the game is saved."
"""The close reason a host who leaves a game under way that is saved gives its players,
with the close code ``TABLE_SAVED`` (they are told how to get their seats back when it is
hosted again)."""


@attrs.define(eq=False)
class HostedTable:
    """A table being hosted by this process.

    ``table``: the :class:`~net.server.Table`; ``url``: where players connect
    (``ws://host:port`` of the in-process relay, or the remote relay's URL);
    ``code``: the room code players must give (``None``: none; behind a remote relay it
    follows the relay link, which may be given a new one: see :meth:`code_changed`);
    ``host_key``: what makes a connection the host; ``save``: the save file (``None``:
    not saved); ``relay`` / ``relay_link``: whichever carries the table; ``advertiser``;
    ``saved_code``: the room code the resumed save recorded; ``saved_relay``: the
    remote relay it was hosted through (``None``: none, or not recorded).
    """

    table: Table
    url: str
    code: str | None
    host_key: str
    save: Path | None
    relay: Relay | None = None
    relay_link: RelayLink | None = None
    advertiser: Advertiser | None = None
    join_address: str = ""
    """What players type on the join screen: ``192.168.1.20:7531`` (this machine's LAN
    address), or the remote relay's URL."""
    saved_code: str | None = None
    saved_relay: str | None = None
    lock: SaveLock | None = None
    """This process's hold on :attr:`save` (:class:`net.saves.SaveLock`), released by :meth:`stop`."""
    _watch: asyncio.Task[None] | None = None
    _links: list[RemoteSeatLink] = attrs.field(factory=list)

    def code_changed(self, link: RelayLink) -> None:
        """The relay link reopened its room (``RelayLink.on_change``): follow its code,
        and so do the host's own client links (:meth:`link`), which reconnect with it."""
        if link.code is not None and link.code != self.code:
            self.code = link.code
            for client in self._links:
                client.room = link.code

    @property
    def local_url(self) -> str:
        """The URL the host's own TUI uses (loopback for an in-process relay)."""
        if self.relay is not None:
            return self.url.replace("://0.0.0.0:", "://127.0.0.1:")
        return self.url

    def link(self, name: str, **kwargs: Any) -> RemoteSeatLink:
        """A client link for the host's own player (host key and room code filled in);
        ``await link.connect()`` it."""
        client = RemoteSeatLink(self.local_url, name, self.table.game, host_key=self.host_key,
                                room=self.code, **kwargs)
        self._links.append(client)
        return client

    async def stop(self, code: int = cc.TABLE_CLOSED, reason: str = "The host closed the table.") -> None:
        """Stop the game, close every connection, withdraw the advert; then let go of
        the save (:attr:`lock`, even if stopping failed), so that it can be hosted again."""
        try:
            if self._watch is not None:
                self._watch.cancel()
            if self.advertiser is not None:
                await self.advertiser.stop()
                await self.advertiser.backend.close()
            await self.table.stop(code, reason)  # (its last save try included)
            await asyncio.sleep(0.05)  # let the close frames go out
            if self.relay_link is not None:
                await self.relay_link.aclose()
            if self.relay is not None:
                await self.relay.stop()
        finally:
            if self.lock is not None:
                self.lock.release()


async def serve_table(
    game: Game | str | None,
    name: str | None,
    *,
    bind: str = EVERY_NETWORK,
    port: int = DEFAULT_PORT,
    relay_url: str | None = None,
    code: str | None = None,
    options: Any = None,
    seed: int | None = None,
    grace: float = 120.0,
    bot_delay: float = 0.6,
    advertise: bool | Backend = True,
    save: bool | Path = True,
    resume_from: Path | None = None,
    limits: Limits = Limits(),
    relay_options: dict[str, Any] | None = None,
) -> HostedTable:
    """Host a table of ``game`` (a Game or its name) called ``name``.

    Without ``relay_url`` an in-process relay listens on ``bind:port`` (``port=0``:
    any free port) and players need no room code unless ``code`` is given. With
    ``relay_url`` (``ws://relay:port``) the table opens a room there and
    :attr:`HostedTable.code` is the code to tell the players.

    ``advertise``: True for zeroconf, False for none, or a discovery Backend (tests:
    FakeBackend); only tables behind an in-process relay are advertised.
    ``save``: True for a new file in the saves folder, a Path, or False.
    ``relay_options``: keyword arguments for the in-process :class:`Relay`, or with
    ``relay_url`` for the :class:`RelayLink` (``reconnect_delays``, ``timeout``).
    ``resume_from``: a save to continue (its seats wait for their players' tokens);
    ``game``, ``options`` and ``seed`` then come from the save, and so does the room
    code unless ``code`` is given: a remote relay gives the same code back (the room key
    comes from the seed; see :class:`net.relay.RelayLink`), an in-process relay uses it.
    The relay a save was hosted through is not used unless given as ``relay_url``
    (:attr:`HostedTable.saved_relay` names it; :func:`relay_left_text`), nor the port
    it listened on unless given as ``port`` (``parlour host --resume`` gives it:
    :func:`listen_port`), nor its address and advertising unless given as ``bind`` and
    ``advertise`` (``parlour host --resume`` gives them: :func:`listen_bind`,
    :func:`listen_advertised`). The save keeps the port the table listens on (the one
    bound, for ``port=0``), its ``bind`` address and whether it is advertised
    (``advertise`` not False), or none of them behind a remote relay.

    The table holds its save (:class:`net.saves.SaveLock`: a resumed one before it is
    read, a new one from its first write) until :meth:`HostedTable.stop`, so no other
    Parlour process hosts or continues the same game meanwhile.

    Raises ``OSError`` if the port is taken or the relay is unreachable,
    :class:`net.saves.SaveError` for a save that cannot be resumed (unreadable, a solo
    or hotseat game's, of a game that is over or that its host ended:
    :func:`net.saves.finished_text`, or open in another Parlour process:
    :func:`net.saves.open_elsewhere_text`; nothing is written then), ``KeyError`` for
    an unknown game name.
    """
    saver: Saver | None = None
    relay: Relay | None = None
    try:
        if resume_from is not None and save is True:  # held before it is read: nobody else plays it on
            saver = Saver(resume_from, relay_url)
            saver.lock.take()
        resumed = _resumable(resume_from, bot_delay) if resume_from is not None else None
        if resumed is not None:
            host, data = resumed
            game, options, seed = host.game, host.options, data.seed  # the lobby shows the saved options
            name = data.table if name is None else name
            if relay_url is None and code is None:
                code = data.room_code
        if isinstance(game, str):
            game = registry.get(game)
        if game is None or name is None:
            raise ValueError("a new table needs a game and a name")
        if problem := plain_problem(name, "A table's name"):
            raise ValueError(problem)
        save_file = _save_file(save, name, resume_from)
        if saver is None and save_file is not None:
            saver = Saver(save_file, relay_url)
        table = Table(game, name, options=options, seed=seed, grace=grace, bot_delay=bot_delay, saver=saver,
                      limits=limits)
        link = None
        if relay_url is None:
            relay = Relay(require_code=False, tables=False, **(relay_options or {}))
            table.attach(relay.open_room(table, name, code=code, default=code is None))
            bound_host, bound_port = await relay.start(bind, port)
            if saver is not None:  # (the port it got: 0 asks for any free one)
                saver.port, saver.bind, saver.advertised = bound_port, bind, advertise is not False
            url, room_code = f"ws://{bound_host}:{bound_port}", code
        else:
            key = await asyncio.to_thread(room_key_from_seed, table.seed)  # scrypt: off the loop
            link = await RelayLink.open(relay_url, name, table, key, **(relay_options or {}))
            table.attach(link)
            url, room_code = relay_url, link.code
        if resumed is not None:
            host, data = resumed
            table.resume_seats(data.token_hashes, data.names, data.bots, data.bot_took)
            table.begin(host)
        saved = resumed[1] if resumed is not None else None
        hosted = HostedTable(table, url, room_code, table.host_key, save_file, relay, link,
                             saved_code=saved.room_code if saved else None, saved_relay=saved.relay if saved else None,
                             lock=saver.lock if saver is not None else None)
        if link is not None:
            link.on_change(hosted.code_changed)
        if relay is not None:
            hosted.join_address = f"{_lan_address(bind)}:{bound_port}"
            if advertise is not False:
                await _advertise(hosted, ZeroconfBackend() if advertise is True else advertise, bound_port)
        else:
            hosted.join_address = url
        return hosted
    except BaseException:
        if relay is not None:  # (listening already: the port is let go)
            await relay.stop()
        if saver is not None:  # (the table never started: nobody else will release it)
            saver.lock.release()
        raise


def _resumable(save: Path, bot_delay: float) -> tuple[Any, Any]:
    """``(host, data)`` of the game in ``save`` (:func:`net.saves.resume`), if a
    hosted game can carry on from it. Raises :class:`SaveError` for a solo or hotseat
    game's save, and for a game that is over or that its host ended."""
    host, data = resume(save, bot_delay)
    if data.local:
        raise SaveError(f"{save} is a solo or hotseat game: continue it from the menu "
                        "(parlour, then Continue).")
    if finished := finished_text(save, data, host.over):  # (never played on past its end)
        raise SaveError(finished)
    return host, data


def _save_file(save: bool | Path, name: str, resume_from: Path | None) -> Path | None:
    """Where a table saves: the resumed save itself, a new file named after the table
    (``save=True``), nowhere (``False``), or the path given."""
    if save is True:
        return Path(resume_from) if resume_from is not None else save_path(name)
    return None if save is False else Path(save)


async def _advertise(hosted: HostedTable, backend: Backend, port: int) -> None:
    """Announce ``hosted``'s table on the LAN (zeroconf, or the test's ``backend``)
    and keep the announcement's free seats current; without multicast the table still
    works by address, so a failure is logged and nothing more."""
    table = hosted.table
    ad = TableAd(service_name(table.name, port), table.name, table.game.name, table.free_seats(),
                 hosted.code is not None, hosted.join_address.rsplit(":", 1)[0], port)
    advertiser = Advertiser(backend, ad)
    try:
        await advertiser.start()
    except Exception as exc:  # no multicast here: the table still works by address
        log.warning("could not advertise the table: %s", exc)
        return
    hosted.advertiser = advertiser
    hosted._watch = asyncio.create_task(_keep_advert(hosted))


def listen_port(saved_port: int | None, given: int | None = None) -> int:
    """The port ``parlour host`` listens on: ``given`` (``--port``) when given, else
    ``saved_port``, the one the table of the game it carries on (``--resume FILE``)
    listened on, so that its players' windows, reconnecting to the address they had,
    find it again; else :data:`DEFAULT_PORT`."""
    return _given_else_saved(given, saved_port, DEFAULT_PORT)


def listen_bind(saved_bind: str | None, given: str | None = None) -> str:
    """The address ``parlour host`` listens on: ``given`` (``--bind``) when given, else
    ``saved_bind``, the one the table of the game it carries on listened on (a game
    kept to this machine stays so: tester 23, finding 2), else every network."""
    return _given_else_saved(given, saved_bind, EVERY_NETWORK)


def listen_advertised(saved: bool | None, given: bool | None = None) -> bool:
    """Whether ``parlour host`` announces its table on the LAN: ``given``
    (``--advertise``, ``--no-advertise``) when given, else ``saved``, whether the table
    of the game it carries on was announced, else yes."""
    return _given_else_saved(given, saved, True)


def _given_else_saved(given: Any, saved: Any, default: Any) -> Any:
    """``given`` (a command-line flag) unless ``None``, else ``saved`` (the save's)
    unless ``None``, else ``default``."""
    return given if given is not None else saved if saved is not None else default


def saved_port_taken(port: int, save: Path) -> str:
    """The sentence ``parlour host --resume FILE`` fails with when ``port``, the one the
    game saved in ``save`` was hosted on, is in use: ``"Port 7540, where this game was
    hosted, is in use: parlour host --resume FILE --port N hosts it on another port
    (tell your players the new address)."``"""
    return (f"Port {port}, where this game was hosted, is in use: parlour host --resume {save} --port N "
            "hosts it on another port (tell your players the new address).")


def relay_left_text(hosted: HostedTable, save: Path) -> str:
    """``""``, or, when ``hosted`` carries on the game saved in ``save`` on this machine
    although that save was hosted through a remote relay, the sentence saying so and
    how to host it there: ``"This game was hosted through the relay ws://relay:7531;
    it is hosted on this machine now (parlour host --resume FILE --relay
    ws://relay:7531 hosts it there)."``"""
    if hosted.saved_relay is None or hosted.relay_link is not None:
        return ""
    return (f"This game was hosted through the relay {hosted.saved_relay}; it is hosted on this machine "
            f"now (parlour host --resume {save} --relay {hosted.saved_relay} hosts it there).")


async def _keep_advert(hosted: HostedTable, every: float = 1.0) -> None:
    """Keep the advert's free-seat count and game current: updated as soon as the
    lobby changes, and at least every ``every`` seconds."""
    table = hosted.table
    while hosted.advertiser is not None:
        table.lobby_changed.clear()
        await hosted.advertiser.update(free=table.free_seats(), game=table.game.name)
        try:
            await asyncio.wait_for(table.lobby_changed.wait(), every)
        except TimeoutError:
            pass


def _lan_address(bind: str) -> str:
    """The address to advertise: ``bind`` itself, or this machine's first LAN address."""
    if bind not in ("0.0.0.0", "", "::"):
        return bind
    return lan_addresses()[0]


def relay_key(path: Path | None = None) -> bytes:
    """The relay's secret key, kept in ``path`` (default ``<user data dir>/parlour/
    relay.key``; made on first use, readable by this user only). Room codes are derived
    from it, so a relay restarted with the same file gives every table its code back.
    Raises ``OSError`` if the file cannot be read or made."""
    path = path or Path(platformdirs.user_data_dir("parlour", appauthor=False)) / "relay.key"
    try:
        key = bytes.fromhex(path.read_text(encoding="ascii").strip())
    except FileNotFoundError:
        key = b""
    except ValueError:
        raise OSError(f"{path} does not hold a relay key (64 hex digits); move it away to make a new one") from None
    if key and len(key) < 32:
        raise OSError(f"{path} holds too short a relay key; move it away to make a new one")
    if not key:
        key = secrets.token_bytes(32)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(key.hex() + "\n")
    return key


def show_relay_log(stream: Any = None) -> logging.Handler:
    """Print what the relay does to ``stream`` (default: standard output), a line each:
    rooms opened and closed, addresses refused for wrong codes or too many
    connections (player-tester 5, item 9: whoever runs a relay saw nothing after
    "listening"). Returns the handler (a test removes it)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stdout)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    relay_log = logging.getLogger("net.relay")
    relay_log.addHandler(handler)
    relay_log.setLevel(logging.INFO)
    return handler


async def run_relay(port: int = DEFAULT_PORT, bind: str = "0.0.0.0", key_file: Path | None = None,
                    **relay_options: Any) -> None:
    """``parlour relay --port N``: a standalone relay (room codes required) until
    cancelled. Prints where it listens. ``key_file``: where its key is kept
    (:func:`relay_key`); raises ``OSError`` as that does."""
    relay = Relay(require_code=True, key=relay_key(key_file), **relay_options)
    host, bound = await relay.start(bind, port)
    serve_gc()
    print(f"Parlour relay listening on ws://{host}:{bound} (tables connect to ws://HOST:{bound}/host)",
          flush=True)
    show_relay_log()
    try:
        await asyncio.Event().wait()
    finally:
        await relay.stop()


def replay_text(path: Path) -> Iterator[str]:
    """``parlour replay FILE``: the saved game move by move, as printable lines, each
    told as the table's log tells it (:func:`rules.core.describe_in`, with the seats'
    names), then the scores and winner, or how the host ended it
    (:func:`net.saves.ended_text`). Raises
    :class:`net.saves.SaveError` for a file that is not a usable save."""
    replay = Replay.open(path)
    data, game = replay.data, replay.game
    yield f"{data.table}: {game.title}, {data.seats} seat{'s' * (data.seats != 1)}: " + ", ".join(
        _seat_text(name, bot) for name, bot in zip(data.names, data.bots))
    yield f"options: {_options_text(data.options)}"
    last = None
    took = takeovers_from_log(data.log, data.bots)  # seats a bot took: the log shows them
    for i, step in enumerate(replay):
        last = step
        if step.version == 0:
            continue
        yield from (f"      {bot_took_text(data.names, t)}" for t in took if t.since + 1 == step.version)
        ran_out = timed_out(data.log[i - 1])  # a timer's default: its id says so
        if ran_out is not None:
            yield f"      {timed_out_text(data.names, ran_out)}"
        told = describe_in(game, step.state, data.names[step.seat], step.action, step.events, data.names)
        yield f"{step.version:>4}  {told}"
    if last is not None and game.is_over(last.state):
        result = game.result(last.state)
        for score in result.scores:
            yield f"      {data.names[score.seat]}: {score.total} point{'s' * (score.total != 1)}"
        yield "      " + _end_text(result, data.names)
    elif ended_text(data):  # (tester 6, finding 5)
        yield "      " + ended_text(data)


def _end_text(result: Any, names: Sequence[str]) -> str:
    """``"winner: Ann, Ben"``; alone, the score's last line when it is a title or a loss
    (Estate's solo mode: ``"title: Squire"``, ``"lost: three Era Objectives failed"``)."""
    last = result.scores[0].breakdown[-1:] if len(result.scores) == 1 else ()
    if last and last[0].startswith(("title:", "lost:")):
        return last[0]
    return "winner: " + (", ".join(names[s] for s in sorted(result.winners)) or "none")


def _seat_text(name: str, bot: str | None) -> str:
    """``"Ann"``, ``"Easy bot"``, ``"Quinn (a strong bot when saved)"``: the save keeps
    each seat's bot as it was at the last save, not when a bot took over a seat."""
    if bot is None or name.casefold().startswith(f"{bot} bot"):
        return name
    return f"{name} ({article(bot)} {bot} bot when saved)"


def _options_text(options: Any) -> str:
    """``"profi off, teams on"``, ``"window_timeout_s 90 s"``: each option and its value
    (as the lobby says it: :func:`net.lobby.value_text`)."""
    if not attrs.has(type(options)):
        return str(options)
    parts = [f"{spec.name} {value_text(spec, getattr(options, spec.name))}"
             for spec in option_specs(type(options))]
    return ", ".join(parts) or "none"
