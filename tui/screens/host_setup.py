"""Hosting a LAN table: a small form (the game, table name, your name, the address it
listens on, port, room code, hints, advertising), then the table's lobby, where players sit down and bots are added (and the game
may still change: ``/option cardgame on|off``)."""

from __future__ import annotations

import ipaddress
import re
from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Select, Static

from net.cli import DEFAULT_PORT
from net.protocol import plain_problem

from ..lan import HostError, HostSettings, default_player_name, host_table
from ..local_game import GAMES
from ..names import fit
from ..widgets.field_label import FieldLabel, MarksFocus
from ..widgets.open_lists import take_open_lists
from .base import ParlourScreen


EVERY_NETWORK = HostSettings.__attrs_attrs__.bind.default  # type: ignore[attr-defined]
"""Where a table listens unless told otherwise: ``0.0.0.0``, every network of this
machine (as ``parlour host`` without ``--bind``)."""
HOST_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
"""One label of a host name (RFC 1123: letters, digits and inner hyphens, 1-63)."""


def parse_bind(text: str) -> str:
    """The address a table listens on as typed in the form's *Listen on* field: an
    IPv4 address (``"0.0.0.0"``: every network, ``"127.0.0.1"``: this machine only) or
    a host name (RFC 1123 labels, at most 253 characters); empty: :data:`EVERY_NETWORK`.
    ``ValueError`` with a sentence otherwise (an IPv6 address included: a table's
    address is written ``host:port``)."""
    text = text.strip()
    if not text:
        return EVERY_NETWORK
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        address = None
    if isinstance(address, ipaddress.IPv6Address):
        raise ValueError(f"Listen on an IPv4 address or a host name; {text!r} is an IPv6 address.")
    if address is not None:
        return str(address)
    labels = text.removesuffix(".").split(".")
    if (len(text) > 253 or not all(HOST_LABEL.fullmatch(label) for label in labels)
            or labels[-1].isdigit()):
        raise ValueError(f"Listen on an IPv4 address (like 192.168.1.20; {EVERY_NETWORK}: every "
                         f"network) or a host name: {fit(text, 24)!r} is neither.")
    return text


def parse_host_form(table: str, player: str, port: str, code: str, profi: bool,
                    advertise: bool, game: str = "zatre", bind: str = EVERY_NETWORK) -> HostSettings:
    """The settings the form describes (``game``: a name in :data:`tui.local_game.GAMES`;
    ``bind``: the *Listen on* field, :func:`parse_bind`); ``ValueError`` with a message
    if it is wrong."""
    table, player, code = table.strip(), player.strip(), code.strip()
    if not table:
        raise ValueError("Give the table a name: players see it on the join screen.")
    if not player:
        raise ValueError("Type your name.")
    for text, what in ((table, "The table's name"), (player, "Your name")):
        problem = plain_problem(text, what)
        if problem:
            raise ValueError(problem)
    if not port.strip().isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(f"The port is a number from 1 to 65535 (usually {DEFAULT_PORT}).")
    if game not in GAMES:
        raise ValueError(f"Parlour has no game {game!r} to host.")
    if code and not code.isalnum():
        raise ValueError("A room code is letters and digits only (or leave it empty).")
    return HostSettings(table[:40], player[:24], int(port), bind=parse_bind(bind), code=code or None,
                        profi=profi, advertise=advertise, game=game)


class HostSetupScreen(MarksFocus, ParlourScreen):
    """The form; Start hosting (or ctrl+s) opens the table and its lobby. ``previous``:
    the table just played (:func:`tui.lan.next_table`), filling the form (where it
    listened too), its settings the form has no field for (the relay, grace, pace)
    kept; ``None``: the defaults."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start hosting"),
    ]

    def __init__(self, previous: HostSettings | None = None) -> None:
        super().__init__()
        self.starting = False
        self.previous = previous

    def compose(self) -> ComposeResult:
        before = self.previous
        player = before.player if before is not None else default_player_name()
        table = before.table if before is not None and before.table else f"{player}'s table"
        with Vertical(id="host-setup"):
            yield Static("Host a game on the LAN", classes="screen-title")
            yield Static(
                "Others on this network find the table on their join screen, or type its "
                f"address. Seats, bots and options are settled in the lobby. Listen on: "
                f"{EVERY_NETWORK} is every network of this machine, 127.0.0.1 this machine only.",
                classes="hint",
            )
            with Grid(id="host-form"):
                yield FieldLabel("Game", "host-game")
                game = before.game if before is not None and before.game in GAMES else "zatre"
                yield Select([(title, name) for name, title in GAMES.items()], value=game,
                             allow_blank=False, compact=True, id="host-game")
                yield FieldLabel("Table name", "host-table")
                yield Input(table, max_length=40, compact=True, id="host-table")
                yield FieldLabel("Your name", "host-player")
                yield Input(player, max_length=24, compact=True, id="host-player")
                yield FieldLabel("Listen on", "host-bind")
                bind = before.bind if before is not None else EVERY_NETWORK
                yield Input(bind, placeholder=f"{EVERY_NETWORK}: every network", max_length=253,
                            compact=True, id="host-bind")
                yield FieldLabel("Port", "host-port")
                port = before.port if before is not None and before.port else DEFAULT_PORT
                yield Input(str(port), max_length=5, restrict=r"\d*", compact=True, id="host-port")
                yield FieldLabel("Room code", "host-code")
                code = (before.code or "") if before is not None else ""
                yield Input(code, placeholder="optional: players must type it", max_length=12,
                            compact=True, id="host-code")
                yield FieldLabel("Hints", "host-profi")
                yield Select([("shown", False), ("hidden (profi)", True)],
                             value=before is not None and before.profi,
                             allow_blank=False, compact=True, id="host-profi")
                yield FieldLabel("On the LAN", "host-advertise")
                yield Select([("advertised", True), ("by address only", False)],
                             value=before is None or before.advertise,
                             allow_blank=False, compact=True, id="host-advertise")
            yield Static("", id="host-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Start hosting", variant="primary", id="host-start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#host-game", Select).focus()  # not Start: Enter must not host by mistake

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "host-start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self) -> None:
        self.focus_next()

    def action_back(self) -> None:
        self.dismiss()

    def settings(self) -> HostSettings:
        """The form's settings (``ValueError`` if wrong), over :attr:`previous`'s others."""
        chosen = parse_host_form(
            self.query_one("#host-table", Input).value,
            self.query_one("#host-player", Input).value,
            self.query_one("#host-port", Input).value,
            self.query_one("#host-code", Input).value,
            bool(self.query_one("#host-profi", Select).value),
            bool(self.query_one("#host-advertise", Select).value),
            str(self.query_one("#host-game", Select).value),
            self.query_one("#host-bind", Input).value,
        )
        if self.previous is None:
            return chosen
        return attrs.evolve(self.previous, table=chosen.table, player=chosen.player, port=chosen.port,
                            bind=chosen.bind, code=chosen.code, profi=chosen.profi,
                            advertise=chosen.advertise, game=chosen.game)

    def action_start(self) -> None:
        if self.starting:
            return
        take_open_lists(self)  # Enter on a list with ctrl+s: the entry just chosen
        try:
            settings = self.settings()
        except ValueError as err:
            self.query_one("#host-error", Static).update(f"✗ {err}")
            return
        app: Any = self.app
        settings = app.host_overrides(settings)
        self.run_worker(self._start(settings), group="host", exclusive=True)

    async def _start(self, settings: HostSettings) -> None:
        app: Any = self.app
        error = self.query_one("#host-error", Static)
        self.starting = True
        error.update(f"Opening the table on port {settings.port}…")
        try:
            session = await host_table(settings, app.tokens, app.discovery, **app.link_options)
        except HostError as err:
            error.update(f"✗ {err}")
            return
        finally:
            self.starting = False
        error.update("")
        app.run_worker(app.start_session(session), group="table")  # it closes this screen
