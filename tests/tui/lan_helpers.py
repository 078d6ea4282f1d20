"""LAN tests of the TUI: a table hosted in-process on 127.0.0.1 (port 0), the app
joined to it, bounded waits, and no multicast (discovery is a FakeBackend or off)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any, AsyncIterator

from net.cli import HostedTable, serve_table
from net.client import RemoteSeatLink
from net.relay import Relay
from net.server import Limits
from rules.estate import GAME as ESTATE
from rules.estate.state import EstateOptions
from rules.zatre import GAME
from tui.app import ParlourApp
from tui.estate.lan_table import EstateLanTableScreen
from tui.lan import LanSession, TokenStore, join_table
from tui.zatre.lan_table import LanTableScreen
from tui.zatre.results import ResultsScreen

from .helpers import SIZE, until

FAST = Limits(chat_rate=100, chat_burst=100, intent_rate=200, intent_burst=200)
TIMEOUT = 5.0


def fast_delays():
    """Reconnect backoff for tests: 50 ms, then 100 ms."""
    yield 0.05
    while True:
        yield 0.1


LINK = {"reconnect_delays": fast_delays, "open_timeout": TIMEOUT}


async def hosted(name: str = "Friday", seed: int = 1, game=GAME, **kwargs) -> HostedTable:
    """A table of ``game`` (a Game or its name) on 127.0.0.1, any free port."""
    kwargs.setdefault("save", False)
    return await serve_table(game, name, bind="127.0.0.1", port=0, advertise=kwargs.pop("advertise", False),
                             limits=FAST, bot_delay=0, seed=seed, **kwargs)


async def host_session(table: HostedTable, player: str, tokens: TokenStore) -> LanSession:
    """The host's own player at ``table``, as ``parlour host`` makes it."""
    link = table.link(player, **LINK)
    await asyncio.wait_for(link.connect(), TIMEOUT)
    return LanSession(link, hosted=table, tokens=tokens, again="host")


async def guest(table: HostedTable, name: str, **kwargs) -> RemoteSeatLink:
    """Another player, outside the app."""
    link = RemoteSeatLink(table.local_url, name, GAME, room=table.code, **LINK, **kwargs)
    await asyncio.wait_for(link.connect(), TIMEOUT)
    return link


RELAY_KEY = bytes(range(32))


async def relay_at(port: int = 0) -> tuple[Relay, str, int]:
    """A standalone relay (``parlour relay``: room codes required) on 127.0.0.1
    (``port`` 0: any free one): ``(relay, url, port)``."""
    relay = Relay(require_code=True, key=RELAY_KEY)
    host, bound = await relay.start("127.0.0.1", port)
    return relay, f"ws://{host}:{bound}", bound


async def relayed_table(url: str) -> HostedTable:
    """A Zatre table "Friday" (seed 1) hosted through the relay at ``url``, as
    ``parlour host --relay URL`` hosts it."""
    return await serve_table(GAME, "Friday", relay_url=url, advertise=False, save=False, limits=FAST,
                             bot_delay=0, seed=1, relay_options={"reconnect_delays": fast_delays})


def app_for(tmp_path: Path, **kwargs) -> ParlourApp:
    kwargs.setdefault("discovery", None)
    kwargs.setdefault("tokens", TokenStore(tmp_path / "tokens.json"))
    return ParlourApp(pace=0, link_options=dict(LINK), **kwargs)


async def type_line(pilot, text: str) -> None:
    """Type ``text`` key by key into the focused line, then Enter."""
    await pilot.press(*text, "enter")


def hold_connection(link: RemoteSeatLink) -> asyncio.Event:
    """Cut ``link``'s connection and keep it down until the returned gate is set."""
    gate = asyncio.Event()
    dial = link._dial

    async def held_dial():
        await gate.wait()
        return await dial()

    link._dial = held_dial
    link._ws.transport.abort()
    return gate


async def step(link: RemoteSeatLink, rng: random.Random) -> None:
    """``link`` makes a random legal move if it owes one."""
    snap = link.snapshot()
    if link.seat in snap.active_seats and snap.legal_actions and not snap.over:
        await link.submit(rng.choice(snap.legal_actions))


async def play_duo_to_results(pilot, app: ParlourApp, table: HostedTable, ann: RemoteSeatLink,
                              rng: random.Random) -> None:
    """Ann (a guest link) and the app's player sit down at ``table``, Ann starts, and
    both play random legal moves until the app shows its results screen, listening."""
    await ann.say("/join")
    await app.session.say("/join")
    await until(pilot, lambda: table.table.lobby.seated_count() == 2)
    await ann.say("/start")
    await until(pilot, lambda: app.session.link.has_snapshot and ann.has_snapshot)
    link = app.session.link
    for _ in range(3000):  # the game played to its end through both links
        if isinstance(app.screen, ResultsScreen):
            break
        await step(ann, rng)
        await step(link, rng)
        await pilot.pause(0.01)
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.listening)


async def start_then_kill(pilot, app: ParlourApp, table: HostedTable, ann: RemoteSeatLink) -> tuple[int, Any]:
    """Ann (a guest link) and the app's player (in the lobby) sit down and Ann starts;
    once the app shows its Zatre table, its terminal is killed (no goodbye, no
    reconnecting) and waited for until its seat is away. Returns ``(seat, hand)`` the
    app's player had."""
    await ann.say("/join")
    await type_line(pilot, "/join")
    await until(pilot, lambda: table.table.lobby.seated_count() == 2)
    await ann.say("/start")
    await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
    seat, hand = app.screen.seat, app.screen.view.hand
    link = app.session.link

    async def dead():
        await asyncio.Event().wait()

    link._dial = dead
    link._ws.transport.abort()
    await until(pilot, lambda: table.table.lobby.seats[seat].status == "away")
    return seat, hand


@contextlib.asynccontextmanager
async def estate_duo(tmp_path: Path, player: str, **kwargs: Any) -> AsyncIterator[tuple[HostedTable, TokenStore, ParlourApp, Any, RemoteSeatLink]]:
    """An Estate table hosted on 127.0.0.1 (seed 3, Leaders dealt at random, E-R1) with
    Ann's link in one seat and the app joined as ``player`` in the other, the game
    started and the app at its Estate LAN table: yields ``(table, tokens, app, pilot,
    ann)``; Ann's link is closed and the table stopped afterwards. ``kwargs`` go to
    :func:`hosted` (``grace=0.1``: a seat away is soon the host's to give a bot)."""
    table = await hosted("Estate", seed=3, game=ESTATE, options=EstateOptions(leaders="random"), **kwargs)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    ann = RemoteSeatLink(table.local_url, "Ann", ESTATE, room=table.code, host_key=table.host_key, **LINK)
    await asyncio.wait_for(ann.connect(), TIMEOUT)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await join_table(table.join_address, player, tokens=tokens, **LINK))
            await ann.say("/join")
            await app.session.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await ann.say("/start")
            await until(pilot, lambda: isinstance(app.screen, EstateLanTableScreen) and app.screen.snap is not None)
            yield table, tokens, app, pilot, ann
    finally:
        await ann.close()
        await table.stop()


@contextlib.asynccontextmanager
async def hosting_duo(tmp_path: Path, **kwargs: Any) -> AsyncIterator[tuple[HostedTable, ParlourApp, Any, RemoteSeatLink]]:
    """A Zatre table "Friday" hosted on 127.0.0.1, the app its host (Ann, seat 1) and
    Bob's link in seat 2, the game started and the app at the table: yields ``(table,
    app, pilot, bob)``; Bob's link is closed and the table stopped afterwards.
    ``kwargs`` go to :func:`hosted` (``save=PATH``, ``grace=0.1``...)."""
    table = await hosted("Friday", **kwargs)
    bob = await guest(table, "Bob")
    app = app_for(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.start_session(await host_session(table, "Ann", app.tokens))
            await app.session.say("/join")
            await bob.say("/join")
            await until(pilot, lambda: table.table.lobby.seated_count() == 2)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            yield table, app, pilot, bob
    finally:
        await bob.close()
        await table.stop()
