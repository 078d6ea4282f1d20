"""``parlour``: the terminal game table. With no command it opens the menu.

::

    parlour                      the menu
    parlour host [--game zatre|zatre-cards] [--name TABLE] [--player NAME] [--port N]
                 [--code CODE] [--relay ws://...] [--resume FILE] [--grace SECONDS]
                 [--bind ADDRESS] [--no-advertise | --advertise] [--profi]
    parlour join [HOST:PORT] [--name NAME] [--code CODE]
    parlour relay [--port N] [--key-file FILE]
                                 a standalone relay, no TUI (Ctrl-C stops it)
    parlour replay [--text] FILE a saved game, step by step (--text: printed move by move)

Bad input gets one line on stderr and exit status 2 (1 when the table or relay could
not be started), never a traceback. A bug that stops the app shows Textual's traceback
and exits with status 1.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

from .local_game import DEFAULT_PACE

DEFAULT_PORT = 7531  # net.cli.DEFAULT_PORT (not imported: --help stays quick)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0-65535)")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value < 10**6:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value


MAX_PACE = 10.0
"""The slowest bot pace accepted, in seconds per tile."""


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= MAX_PACE:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a pace: give 0 (instant) to {MAX_PACE:g} seconds per tile")
    return value


def _code(text: str) -> str:
    text = text.strip()
    if not text.isalnum() or len(text) > 12:
        raise argparse.ArgumentTypeError(f"{text!r} is not a room code (letters and digits, at most 12)")
    return text


def _relay_address(text: str) -> str:
    from net.cli import relay_url  # only when --relay is given: --help stays quick

    try:
        return relay_url(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _game(text: str) -> str:
    from rules.registry import GAMES  # only when --game is given: --help stays quick

    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game here (choose {' or '.join(GAMES)})")
    return text


def _name(text: str) -> str:
    text = text.strip()
    if not text or len(text) > 24 or not text.isprintable():
        raise argparse.ArgumentTypeError(f"{text!r} is not a name (1-24 printable characters)")
    return text


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    pace = argparse.ArgumentParser(add_help=False)
    pace.add_argument(
        "--pace", type=_pace, default=argparse.SUPPRESS, metavar="SECONDS",
        help=f"seconds between two tiles of another player's move (default {DEFAULT_PACE}; 0: instant)",
    )
    parser = argparse.ArgumentParser(
        prog="parlour",
        description="Tabletop games at the terminal: solo against bots, hotseat, or over the LAN.",
    )
    parser.add_argument(
        "--pace", type=_pace, default=DEFAULT_PACE, metavar="SECONDS",
        help=f"seconds between two tiles of a bot's move (default {DEFAULT_PACE}; 0: instant; "
             f"at most {MAX_PACE:g})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("menu", parents=[pace], help="open the menu (the default)")

    host = sub.add_parser("host", parents=[pace], help="host a table on the LAN and open its lobby")
    host.add_argument("--game", type=_game, metavar="GAME",
                      help="zatre (the default), zatre-cards (Zatre: Das Kartenspiel; in the "
                           "lobby /option cardgame on|off switches to it and back), zestrea or estate")
    host.add_argument("--name", type=_name, metavar="TABLE", help="the table's name (default: NAME's table)")
    host.add_argument("--player", type=_name, metavar="NAME", help="your name at the table (default: your login)")
    host.add_argument("--port", type=_port, help=f"port to listen on (default {DEFAULT_PORT}; with --resume, "
                                                  "the one the game was hosted on)")
    host.add_argument("--bind", metavar="ADDRESS", help="address to listen on (default: all; with --resume, "
                                                       "the one the game was hosted on)")
    host.add_argument("--code", type=_code, help="a room code players must give (not with --relay: the relay gives one)")
    host.add_argument("--relay", type=_relay_address, metavar="URL",
                      help="host through a relay (ws://relay:port, or relay:port) instead of listening here")
    host.add_argument("--resume", type=Path, metavar="FILE", help="continue a saved game")
    host.add_argument("--grace", type=_seconds, default=120.0, metavar="SECONDS",
                      help="how long a dropped player's seat is held (default 120)")
    host.add_argument("--no-advertise", action="store_const", const=True,
                      help="do not announce the table on the LAN (default: announce it; with --resume, "
                           "as the game was)")
    host.add_argument("--advertise", action="store_const", const=False, dest="no_advertise",
                      help="announce the table on the LAN (for a saved game that was not)")
    host.add_argument("--profi", action="store_true", help="hide the hints (the profi option)")

    join = sub.add_parser("join", parents=[pace], help="join a table on the LAN")
    join.add_argument("address", nargs="?", default="", metavar="HOST:PORT", help="join this table at once")
    join.add_argument("--name", type=_name, metavar="NAME", help="your name (default: the name and room code of your last join, to "
                      "HOST:PORT if given; else your login)")
    join.add_argument("--code", type=_code, help="the table's room code, if it has one")

    relay = sub.add_parser("relay", help="run a standalone relay (no TUI; Ctrl-C stops it)")
    relay.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    relay.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS", help="address to listen on (default: all)")
    relay.add_argument("--key-file", type=Path, metavar="FILE",
                       help="the relay's secret key, which keeps tables' room codes across restarts "
                            "(default: relay.key in Parlour's data folder; made if missing)")

    replay = sub.add_parser(
        "replay", help="step through a saved game",
        description="Show a saved game at its table, a move at a time, as a spectator saw it.",
        epilog="Keys: ← and → step back and forward, Home and End jump to the start and the end, "
               "r shows the results once the game is over, q leaves. A hosted table saves its "
               "game as it goes, in the folder the host's lobby names.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="the saved game (a .json file)")
    replay.add_argument("--text", action="store_true", help="print the game move by move instead of showing it")

    args = parser.parse_args(argv)
    if args.command == "host" and args.game and args.resume:
        parser.error("--game and --resume do not go together: the save says which game it is")
    if args.command == "join" and args.address:
        from net.client import table_url

        try:
            table_url(args.address)
        except ValueError as err:
            parser.error(str(err))
    return args


def _fail(command: str, message: str, status: int = 1) -> int:
    print(f"parlour {command}: {message}", file=sys.stderr)
    return status


def _log_to_file() -> None:
    """The TUI owns the terminal: log records go to parlour.log in the user log dir."""
    import platformdirs

    folder = Path(platformdirs.user_log_dir("parlour", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(folder / "parlour.log", encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.command == "relay":
        return _relay(args)
    if args.command == "replay" and args.text:
        return _replay_text(args)
    _log_to_file()
    if args.command == "host":
        return asyncio.run(_host(args))
    from .app import JoinForm, ParlourApp  # textual loads only when the app runs

    if args.command == "join":
        form = JoinForm(args.address, args.name or "", args.code or "", auto=bool(args.address))
        return run_app(ParlourApp(pace=args.pace, join=form))
    if args.command == "replay":
        return _replay(args)
    return run_app(ParlourApp(pace=args.pace))


def run_app(app: Any) -> int:
    """Run ``app`` to its end: its exit status (non-zero after a crash, when Textual has
    printed the traceback; 0 after an ordinary quit)."""
    app.run()
    return exit_status(app)


def exit_status(app: Any) -> int:
    """The process's exit status after ``app`` ran: Textual's ``return_code`` (1 when an
    unexpected exception ended it), 0 when it quit normally."""
    return app.return_code or 0


async def _host(args: argparse.Namespace) -> int:
    from net.cli import listen_advertised, listen_bind, listen_port, relay_left_text, saved_port_taken

    from .app import ParlourApp, zeroconf_backend
    from .lan import HostError, HostSettings, code_at_relay, default_player_name, start_hosting

    saved = None
    if args.resume is not None:
        from net.saves import SaveError, read

        try:
            saved = read(args.resume)[0]  # (where its table listened, and how; unused with --relay)
        except SaveError as err:
            return _fail("host", str(err))
    saved_port = saved.port if saved is not None else None
    if args.code is not None and args.relay is not None:  # (player-tester 5, item 15: it was dropped unsaid)
        return _fail("host", code_at_relay("--code", "out"))
    player = args.player or default_player_name()
    table = args.name or (None if args.resume is not None else f"{player}'s table")
    port = listen_port(saved_port, args.port)
    advertise = None if args.no_advertise is None else not args.no_advertise
    settings = HostSettings(
        table, player, port, bind=listen_bind(saved and saved.bind, args.bind), code=args.code,
        relay=args.relay, resume=args.resume, grace=args.grace,
        advertise=listen_advertised(saved and saved.advertised, advertise), profi=args.profi,
        game=args.game or "zatre",
    )
    try:
        hosted = await start_hosting(settings, zeroconf_backend)
    except HostError as err:
        if err.port_in_use and args.port is None and saved_port is not None:  # (the save chose it)
            return _fail("host", saved_port_taken(port, args.resume))
        return _fail("host", str(err))
    # no --relay: a save hosted through one says which (the lobby too)
    if args.resume is not None and (left := relay_left_text(hosted, args.resume)):
        print(f"parlour host: {left}", flush=True)
    app = ParlourApp(pace=args.pace, hosted=(hosted, settings))
    try:
        await app.run_async()
    finally:
        if not app.hosted_taken:  # the app stopped before its player joined the table
            await hosted.stop()
    return exit_status(app)


def _relay(args: argparse.Namespace) -> int:
    from net.cli import relay_key, run_relay

    try:
        relay_key(args.key_file)  # made or checked before listening
    except OSError as err:
        return _fail("relay", f"cannot use the relay key: {err}")
    try:
        asyncio.run(run_relay(args.port, args.bind, args.key_file))
    except KeyboardInterrupt:
        print("Relay stopped.")
        return 0
    except OSError as err:
        from net.socket_words import listen_problem

        return _fail("relay", listen_problem(err, args.port, "choose another with --port"))
    return 0


def _replay(args: argparse.Namespace) -> int:
    from net.saves import Replay, SaveError, ended_text

    from .app import ParlourApp
    from .zatre.replay import replay_snapshots

    try:
        replay = Replay.open(args.file)
        snaps = replay_snapshots(replay)
    except SaveError as err:
        return _fail("replay", str(err))
    return run_app(ParlourApp(pace=args.pace, replay=(snaps, replay.data.table, ended_text(replay.data))))


def _replay_text(args: argparse.Namespace) -> int:
    from net.cli import replay_text
    from net.saves import SaveError

    try:
        for line in replay_text(args.file):
            print(line)
        sys.stdout.flush()
    except SaveError as err:
        return _fail("replay", str(err))
    except BrokenPipeError:  # `parlour replay --text FILE | head`: the reader has enough
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
