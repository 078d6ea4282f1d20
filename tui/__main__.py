"""``parlour``: the terminal game table. With no command it opens the menu."""

from __future__ import annotations

import argparse
import sys

from .local_game import DEFAULT_PACE


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="parlour", description="Tabletop games at the terminal: solo against bots or hotseat."
    )
    parser.add_argument(
        "--pace", type=float, default=DEFAULT_PACE, metavar="SECONDS",
        help=f"seconds between two tiles of a bot's move (default {DEFAULT_PACE}; 0: instant)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("menu", help="open the menu (the default)")
    args = parser.parse_args(argv)
    if args.pace < 0:
        parser.error("--pace must be 0 or more seconds")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from .app import ParlourApp  # textual loads only when the app runs

    ParlourApp(pace=args.pace).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
