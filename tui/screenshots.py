"""Regenerate the SVG screenshots in ``screenshots/``: ``python -m tui.screenshots``.

Each screen is driven headless by real key presses with a fixed seed and exported by
Textual's own ``save_screenshot``, so the pictures show what a player sees.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path
from typing import Any, Callable

from textual.pilot import Pilot

from .app import ParlourApp
from .local_game import DEFAULT_PACE, LocalGame, SeatChoice
from .zatre.results import ResultsScreen
from .zatre.table import TableScreen

SIZE = (100, 32)
SMALL = (80, 24)
SEED = 1
OUT = Path(__file__).resolve().parent.parent / "screenshots"


async def _until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        await pilot.pause(0.02)


def _asked(table: Any) -> bool:
    """The table waits for the player and listens (its quiet moment after a new
    question is over: keys pressed before it would be held back)."""
    return table.my_turn and table.listening


async def _play_turns(pilot: Pilot, table: TableScreen, turns: int) -> None:
    """Play ``turns`` of the human's turns with the keys: tile 1, next hint, Enter; c."""
    for _ in range(turns):
        await _until(pilot, lambda: _asked(table))
        for _ in range(table.to_place):
            await pilot.press("1", "n", "enter")
        await pilot.press("c")
        await _until(pilot, lambda: not table.pending)


async def _shoot(out: Path, name: str, size: tuple[int, int], pace: float, script) -> Path:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="parlour-shots-") as saves:  # not the user's games
        app = ParlourApp(pace=pace, local_saves=Path(saves), hosted_saves=Path(saves))
        return await _shoot_app(app, out, name, size, script)


async def _shoot_app(app: ParlourApp, out: Path, name: str, size: tuple[int, int], script) -> Path:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await script(app, pilot)
        await _until(pilot, lambda: getattr(app.screen, "listening", True))  # (no "one moment…" shot)
        await pilot.pause(0.2)
        path = out / f"{name}.svg"
        app.save_screenshot(path.name, str(out))
        for link in getattr(app, "_shot_links", ()):
            await link.close()
        await app.close_table()
    return path


async def _menu(app, pilot) -> None:
    pass


async def _setup(app, pilot) -> None:
    await pilot.press("s")


async def _rules(app, pilot) -> None:
    await pilot.press("r")


async def _table(app, pilot) -> None:
    app.start_local(LocalGame((SeatChoice("You"), SeatChoice("Ada", "strong")), seed=SEED, pace=0))
    await _until(pilot, lambda: isinstance(app.screen, TableScreen))
    table = app.screen
    await _play_turns(pilot, table, 6)
    await _until(pilot, lambda: _asked(table))
    await pilot.press("1", "n", "enter", "1")  # one tile laid (pending), hints for the next


async def _hotseat(app, pilot) -> None:
    app.start_local(LocalGame((SeatChoice("Al"), SeatChoice("Bo"), SeatChoice("Cy", "easy")),
                              seed=SEED, pace=0))
    await _until(pilot, lambda: app.screen.__class__.__name__ == "HandOverScreen" and app.screen.listening)


async def _results(app, pilot) -> None:
    app.start_local(LocalGame((SeatChoice("Cleo", "strong"), SeatChoice("Ada", "strong"),
                               SeatChoice("Ben", "easy")), seed=SEED, pace=0))
    await _until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.listening)


async def _team_table(app, pilot) -> None:
    """Zatre in teams: You with a strong bot partner against two easy bots, a few team
    turns played, then one tile of ours laid with the partner's tiles in sight."""
    seats = (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"),
             SeatChoice("Cy", "easy"))
    app.start_local(LocalGame(seats, seed=0, pace=0, teams=True))
    await _until(pilot, lambda: isinstance(app.screen, TableScreen))
    table = app.screen
    await _play_turns(pilot, table, 4)
    await _until(pilot, lambda: _asked(table))
    await pilot.press("1", "n", "enter")


async def _cards_table(app, pilot) -> None:
    """A card game against a strong bot: the opening and three turns laid with keys
    (card 1, next fit, Enter), then a card chosen, turned and moved, not yet laid."""
    from .zatre_cards.table import CardTableScreen

    app.start_local(LocalGame((SeatChoice("You"), SeatChoice("Ada", "strong")), seed=SEED, pace=0,
                              game="zatre-cards"))
    await _until(pilot, lambda: isinstance(app.screen, CardTableScreen) and app.screen.snap is not None)
    table = app.screen
    for _ in range(4):
        await _until(pilot, lambda: _asked(table))
        version = table.snap.version
        if table.must_give_up:
            await pilot.press("x")
        elif table.view.opening:
            await pilot.press("1", "enter", "1", "n", "enter")
        else:
            await pilot.press("1", "n", "enter")
        await _until(pilot, lambda: table.snap.version > version)
    await _until(pilot, lambda: _asked(table))
    await pilot.press("2", "r", "n")


async def _zestrea_to(app, pilot, seed: int, want, seats=None, options=()):
    """A Zestrea game (You against bots), played by keys (p passes, y is Ready, else
    Enter on the first entry, its form sent as it opens) until ``want(table)`` holds."""
    from rules.core import ActionKind, SomeOf

    from .zestrea.form import ActionForm
    from .zestrea.table import ZestreaTableScreen

    seats = seats or (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"),
                      SeatChoice("Cleo", "strong"))
    app.start_local(LocalGame(seats, seed=seed, pace=0, game="zestrea", options=options))
    await _until(pilot, lambda: isinstance(app.screen, ZestreaTableScreen) and app.screen.snap is not None)
    table = app.screen
    for _ in range(3000):
        await _until(pilot, lambda: table.snap.over or (app.screen is table and _asked(table)))
        if want(table) or table.snap.over:
            return table
        legal, view, version = table.snap.legal_actions, table.view, table.snap.version
        kinds = [getattr(a, "kind", "") for a in legal]
        if view.my_prompt is None and ("pass" in kinds or "pass-window" in kinds):
            await pilot.press("p")
        elif view.my_prompt is None and "ready" in kinds:
            await pilot.press("y")
        else:
            await pilot.press("home", "enter")
            if isinstance(legal[0], ActionKind):
                await _until(pilot, lambda: isinstance(app.screen, ActionForm))
                for i, param in enumerate(legal[0].params):
                    if isinstance(param, SomeOf) and param.lo:
                        app.screen.query_one(f"#p{i}").focus()
                        for _ in range(param.lo):
                            await pilot.press("space", "down")
                await pilot.press("ctrl+s")
        await _until(pilot, lambda: table.snap.version != version or bool(table._error))
    raise TimeoutError("the Zestrea game did not get there")


async def _zestrea_table(app, pilot) -> None:
    """Zestrea at 80x24: the estates in step IV of turn 3."""
    await _zestrea_to(app, pilot, 7, lambda t: t.view.turn >= 3 and t.view.phase == "negotiation")


async def _zestrea_auction(app, pilot) -> None:
    """Step III: your bid on a card others have bid for: the high bid, the bids and
    passes, the card, in the Now panel."""
    await _zestrea_to(app, pilot, 7, lambda t: t.view.auction is not None and bool(t.view.auction.bids or t.view.auction.out),
                      options=(("starting_zestre", 6),))


async def _zestrea_window(app, pilot) -> None:
    """A wedding window: the chance and how it is made up, who has passed."""
    await _zestrea_to(app, pilot, 7, lambda t: t.view.window is not None)


async def _zestrea_wedding_form(app, pilot) -> None:
    """The wedding form: your single, theirs, the split, attempts, receiver, sweetener."""
    from rules.core import kinds

    table = await _zestrea_to(app, pilot, 7, lambda t: any(
        k.kind == "propose-wedding" for k in kinds(t.snap.legal_actions)) and t.view.window is None)
    index = next(i for i, a in enumerate(table._entries) if getattr(a, "kind", "") == "propose-wedding"
                 and not dict(getattr(a, "fixed", ())))  # (not a counter)
    await pilot.press("home", *["down"] * index, "enter")


async def _zestrea_offers(app, pilot) -> None:
    """The offers panel: an offer made to you, with Accept, Decline and Counter in the
    Do list; its Accept highlighted, the Now panel opens with its terms."""
    table = await _zestrea_to(app, pilot, 7, lambda t: t.view.window is None and t.view.my_prompt is None
                              and any(o.to == t.view.seat for o in t.view.my_offers))
    index = next(i for i, a in enumerate(table._entries) if getattr(a, "kind", "") == "accept")
    await pilot.press("home", *["down"] * index)
    await _until(pilot, lambda: table.query_one("#z-actions").check_action("select", ()) is True)
    await pilot.pause(0.5)  # the footer drawn with the keys that act


async def _zestrea_results(app, pilot) -> None:
    from .zestrea.results import ZestreaResultsScreen

    await _zestrea_to(app, pilot, 7, lambda t: False)
    await _until(pilot, lambda: isinstance(app.screen, ZestreaResultsScreen) and app.screen.listening)


async def _estate_to(app, pilot, seed: int, want, seats=None, leaders: str = "random"):
    """An Estate game (You against bots), played by keys until ``want(table)`` holds:
    each step the one a strong bot would choose from what You see, brought under the
    Do list's highlight (↑↓) and done with Enter; a conversion through ``c``."""
    import random

    from rules.estate import StrongBot
    from rules.estate.state import Convert

    from .estate.convert import ConvertScreen
    from .estate.table import EstateTableScreen

    seats = seats or (SeatChoice("You"), SeatChoice("Ada", "strong"), SeatChoice("Ben", "easy"))
    app.start_local(LocalGame(seats, seed=seed, pace=0, game="estate", options=(("leaders", leaders),)))
    await _until(pilot, lambda: isinstance(app.screen, EstateTableScreen) and app.screen.snap is not None)
    table = app.screen
    bot, rng = StrongBot(), random.Random(seed)
    for _ in range(3000):
        await _until(pilot, lambda: table.snap.over or (app.screen is table and _asked(table)))
        if want(table) or table.snap.over:
            return table
        snap = table.snap
        action = bot.choose(snap.view, snap.legal_actions, rng)
        if isinstance(action, Convert):
            await pilot.press("c")
            await _until(pilot, lambda: isinstance(app.screen, ConvertScreen))
            index = app.screen.conversions.index(action)
        else:
            index = table._entries.index(action)
            table.query_one("#e-actions").focus()
        await pilot.press("home", *["down"] * index, "enter")
        await _until(pilot, lambda: table.snap.version != snap.version or bool(table._error))
    raise TimeoutError("the Estate game did not get there")


async def _estate_table(app, pilot) -> None:
    """Estate at 80x24: your Estate in Era 3, an Expand highlighted (what it costs and
    gives in the Now panel)."""
    from rules.estate.state import Expand

    table = await _estate_to(app, pilot, 5, lambda t: t.view.phase == "turns" and t.view.era >= 3
                             and any(isinstance(e, Expand) for e in t._entries))
    index = next(i for i, e in enumerate(table._entries) if isinstance(e, Expand))
    await pilot.press("home", *["down"] * index)
    await pilot.pause(0.3)


async def _estate_realm(app, pilot) -> None:
    """The Realm board in Era 2: who stands where, what lies on the spaces."""
    await _estate_to(app, pilot, 5, lambda t: t.view.phase == "turns" and t.view.era >= 2
                     and len(t.view.occupied) >= 3)
    await pilot.press("b")


async def _estate_draft(app, pilot) -> None:
    """The draft at three seats: your packet with each card's text, your second pick of 4."""
    await _estate_to(app, pilot, 5, lambda t: t.view.phase == "draft" and len(t.view.packet) == 4)


async def _estate_score_pad(app, pilot) -> None:
    from .estate.results import EstateResultsScreen

    await _estate_to(app, pilot, 5, lambda t: False)
    await _until(pilot, lambda: isinstance(app.screen, EstateResultsScreen) and app.screen.listening)


async def _estate_solo_title(app, pilot) -> None:
    """A solo game (rulebook Solo Mode) to its title."""
    from .estate.results import EstateResultsScreen

    await _estate_to(app, pilot, 265, lambda t: False, seats=(SeatChoice("You"),))
    await _until(pilot, lambda: isinstance(app.screen, EstateResultsScreen) and app.screen.listening)


LAN_ADDRESS = "192.168.1.20:7531"
"""The address the LAN pictures show (the table really listens on a free loopback port)."""


def _lan_app(app) -> None:
    """No real multicast and no seat tokens written to the user's data folder."""
    import tempfile

    from .lan import TokenStore

    app.discovery = None
    app.tokens = TokenStore(Path(tempfile.mkdtemp(prefix="parlour-shots-")) / "tokens.json")


async def _join(app, pilot) -> None:
    from net.discovery import FakeBackend, TableAd

    _lan_app(app)
    network: dict = {"ads": {}, "watchers": []}
    lan = FakeBackend(network)
    await lan.publish(TableAd("Friday (ann-laptop:7531)._parlour._tcp.local.", "Friday", "zatre", 2, False,
                              "192.168.1.20", 7531))
    await lan.publish(TableAd("Club night (den:7600)._parlour._tcp.local.", "Club night", "zatre", 0, True,
                              "192.168.1.31", 7600))
    app.discovery = lambda: FakeBackend(network)
    await pilot.press("j")
    await _until(pilot, lambda: app.screen.query_one("#join-tables").option_count == 2)
    app.screen.query_one("#join-name").value = "Bob"
    app.screen.query_one("#join-tables").focus()


async def _lan_table_host(app, pilot, bots: tuple[str, ...] = ("strong",)):
    """Ann hosts "Friday" (seed 1) in this app; Bob joins from outside; bots sit."""
    from net.cli import serve_table
    from net.client import RemoteSeatLink
    from rules.zatre import GAME

    from .lan import LanSession

    _lan_app(app)
    hosted = await serve_table(GAME, "Friday", bind="127.0.0.1", port=0, advertise=False, save=False,
                               seed=SEED, bot_delay=0)
    hosted.join_address = LAN_ADDRESS
    link = hosted.link("Ann")
    await link.connect()
    await app.start_session(LanSession(link, hosted=hosted, tokens=app.tokens, again="host"))
    bob = RemoteSeatLink(hosted.local_url, "Bob", GAME)
    await bob.connect()
    app._shot_links = [bob]  # closed with the app's session below
    return hosted, link, bob


async def _lobby(app, pilot) -> None:
    hosted, ann, bob = await _lan_table_host(app, pilot)
    session = app.session
    await session.say("/join")
    await _until(pilot, lambda: ann.seat is not None)
    await bob.say("/join")
    await session.say("/bot add strong")
    await session.say("/option profi on")
    await bob.say("hi all, ready when you are")
    await _until(pilot, lambda: hosted.table.lobby.seated_count() == 3 and bool(ann.lobby and ann.lobby.options.profi))
    await session.say("good luck!")
    await _until(pilot, lambda: any(line.text == "good luck!" for line in session.lines))
    app.screen.query_one("#lobby-line").value = "/start"


async def _lan_table(app, pilot, drop: bool = False) -> None:
    import asyncio
    import random

    from .zatre.lan_table import LanTableScreen

    hosted, ann, bob = await _lan_table_host(app, pilot)
    session = app.session
    await session.say("/join")
    await _until(pilot, lambda: ann.seat is not None)
    await bob.say("/join")
    await session.say("/bot add strong")
    await _until(pilot, lambda: hosted.table.lobby.seated_count() == 3)
    await session.say("/start")
    await _until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
    table = app.screen
    rng = random.Random(SEED)
    for _ in range(3):  # three rounds: Ann by keys, Bob by his link, the bot by itself
        await _play_turns(pilot, table, 1)
        await _until(pilot, lambda: bob.has_snapshot and bob.seat in bob.snapshot().active_seats)
        await bob.submit(rng.choice(bob.snapshot().legal_actions))
    await _until(pilot, lambda: _asked(table))
    gate = asyncio.Event()
    dial = bob._dial

    async def held() -> object:
        await gate.wait()
        return await dial()

    bob._dial = held
    bob._ws.transport.abort()  # Bob's connection drops: away, his seat held
    await _until(pilot, lambda: "away" in str(table.query_one("#scores").lines))
    if drop:
        dial_ann = ann._dial

        async def held_ann() -> object:
            await asyncio.Event().wait()
            return await dial_ann()

        ann._dial = held_ann
        ann._ws.transport.abort()
        await _until(pilot, lambda: ann.status.state == "reconnecting")
    else:
        await pilot.press("1", "n", "enter")  # one tile laid, the next to choose


async def _lan_reconnecting(app, pilot) -> None:
    await _lan_table(app, pilot, drop=True)


async def _replay(app, pilot) -> None:
    import tempfile

    from net.codec import codec_for
    from net.host import Host
    from net.saves import Replay, snapshot_of, write
    from rules.zatre import GAME, ZatreOptions

    from .zatre.replay import ReplayScreen, replay_snapshots

    bots = {0: "strong", 1: "strong", 2: "easy"}  # a whole game, played unattended
    host = Host(GAME, ZatreOptions(), 3, SEED, ("Ann", "Bob", "Cy"), bots, bot_delay=0)
    async with host:
        await host.wait_over()
    codec = codec_for(GAME)
    path = Path(tempfile.mkdtemp(prefix="parlour-shots-")) / "game.json"
    write(path, snapshot_of(host, "Friday", (None, None, None), codec), codec)
    app.show_replay(replay_snapshots(Replay.open(path)), "Friday")
    await _until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
    await pilot.press(*["right"] * 12)


SHOTS = {  # name: terminal size, the app's bot pace (games start at pace 0), script
    "menu": (SIZE, DEFAULT_PACE, _menu),
    "solo-setup": (SIZE, DEFAULT_PACE, _setup),
    "table": (SIZE, 0.0, _table),
    "table-80x24": (SMALL, 0.0, _table),
    "hand-over": (SIZE, 0.0, _hotseat),
    "results": (SIZE, 0.0, _results),
    "team-table": (SIZE, 0.0, _team_table),
    "cards-table": (SMALL, 0.0, _cards_table),
    "rules": (SIZE, 0.0, _rules),
    "join": (SIZE, 0.0, _join),
    "lobby": (SIZE, 0.0, _lobby),
    "lan-table": (SIZE, 0.0, _lan_table),
    "lan-reconnecting": (SIZE, 0.0, _lan_reconnecting),
    "replay": (SIZE, 0.0, _replay),
    "zestrea-table": (SMALL, 0.0, _zestrea_table),
    "zestrea-auction": (SMALL, 0.0, _zestrea_auction),
    "zestrea-window": (SMALL, 0.0, _zestrea_window),
    "zestrea-wedding-form": (SMALL, 0.0, _zestrea_wedding_form),
    "zestrea-offers": (SMALL, 0.0, _zestrea_offers),
    "zestrea-results": (SMALL, 0.0, _zestrea_results),
    "estate-table": (SMALL, 0.0, _estate_table),
    "estate-realm": (SMALL, 0.0, _estate_realm),
    "estate-draft": (SMALL, 0.0, _estate_draft),
    "estate-score-pad": (SMALL, 0.0, _estate_score_pad),
    "estate-solo-title": (SMALL, 0.0, _estate_solo_title),
}


async def shoot_all(out: Path = OUT, names: list[str] | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in names or list(SHOTS):
        size, pace, script = SHOTS[name]
        paths.append(await _shoot(out, name, size, pace, script))
    return paths


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Regenerate Parlour's SVG screenshots.")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"which screens (default: all of {', '.join(SHOTS)})")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: screenshots/)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SHOTS]
    if unknown:
        parser.error(f"no screenshot called {', '.join(unknown)} (known: {', '.join(SHOTS)})")
    for path in asyncio.run(shoot_all(args.out, args.names or None)):
        print(path)


if __name__ == "__main__":
    main()
