"""Hosting a LAN table: a small form (the game, table name, your name, a relay to host
through, the address it listens on, port, room code, hints for a game with them,
advertising), then the
table's lobby, where players sit down and bots are added (and the game may still change:
``/option cardgame on|off``). The same form hosts a saved game again (``parlour host
--resume FILE``), without the fields the save decides."""

from __future__ import annotations

import ipaddress
import re
from typing import Any, Callable

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Select, Static

from net.cli import DEFAULT_PORT, relay_url
from net.protocol import MAX_NAME, plain_problem
from net.saves import SavedGame

from ..lan import HostError, HostSettings, code_at_relay, default_player_name, host_table
from ..local_game import GAMES
from ..names import fit
from ..widgets.field_label import FieldLabel, MarksFocus
from ..widgets.name_input import NameInput
from ..widgets.open_lists import take_open_lists
from .base import ParlourScreen
from .local_setup import has_hints


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


def parse_port(text: str) -> int:
    """The form's *Port* field: a number from 1 to 65535; ``ValueError`` with a sentence."""
    if not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise ValueError(f"The port is a number from 1 to 65535 (usually {DEFAULT_PORT}).")
    return int(text)


def parse_relay(text: str) -> str | None:
    """The form's *Relay* field: empty, ``None`` (a table on this machine); else a
    relay's address as ``parlour host --relay`` takes it (:func:`net.cli.relay_url`:
    ``ws://relay.example:7531`` or ``relay.example:7531``), ``ValueError`` with a
    sentence otherwise (tester 5, finding 1)."""
    return relay_url(text) if text.strip() else None


def parse_host_form(table: str, player: str, port: str, code: str, profi: bool,
                    advertise: bool, game: str = "zatre", bind: str = EVERY_NETWORK,
                    relay: str = "") -> HostSettings:
    """The settings the form describes (``game``: a name in :data:`tui.local_game.GAMES`;
    ``bind``: the *Listen on* field, :func:`parse_bind`; ``relay``: the *Relay* field,
    :func:`parse_relay`); ``ValueError`` with a message if it is wrong. With a relay a
    room code is refused, as ``parlour host --code`` with ``--relay`` is (the relay
    gives it), and *Listen on* and *Port*, hidden then, are kept as typed where they are
    usable, else at their defaults (tester 5, finding 1). ``profi`` is kept only for a
    game with that option (:func:`has_hints`; tester 6, finding 8)."""
    table, player, code = table.strip(), player.strip(), code.strip()
    if not table:
        raise ValueError("Give the table a name: players see it on the join screen.")
    if not player:
        raise ValueError("Type your name.")
    for text, what in ((table, "The table's name"), (player, "Your name")):
        problem = plain_problem(text, what)
        if problem:
            raise ValueError(problem)
    relay_address = parse_relay(relay)
    if relay_address is None:
        port_number, bind = parse_port(port), parse_bind(bind)
    else:  # (not used at a relay: the fields are hidden, nothing there is refused)
        port_number, bind = _usable(parse_port, port, DEFAULT_PORT), _usable(parse_bind, bind, EVERY_NETWORK)
    if game not in GAMES:
        raise ValueError(f"Parlour has no game {game!r} to host.")
    if code and not code.isalnum():
        raise ValueError("A room code is letters and digits only (or leave it empty).")
    if code and relay_address is not None:
        raise ValueError(code_at_relay("Room code"))
    return HostSettings(table[:40], player[:24], port_number, bind=bind, code=code or None,
                        relay=relay_address, profi=profi and has_hints(game), advertise=advertise, game=game)


def table_named(player: str) -> str:
    """The table name the host form offers for ``player``: ``"Hana's table"``."""
    return f"{player}'s table"[:40]


def _usable(parse: Callable[[str], Any], text: str, default: Any) -> Any:
    """``parse(text)``, or ``default`` where it raises ``ValueError``."""
    try:
        return parse(text)
    except ValueError:
        return default


HERE_TITLE = "Host a game on the LAN"
HERE_HINT = (
    "Others on this network find the table on their join screen, or type its address; seats, "
    f"bots and options are settled in the lobby. Listen on: {EVERY_NETWORK} is every network of "
    "this machine, 127.0.0.1 this machine only. Relay: a `parlour relay` for players elsewhere."
)
RELAY_TITLE = "Host a game through a relay"
RELAY_HINT = (
    "The table opens a room at the relay: players type the relay's address on their join "
    "screen, with the room code the lobby shows; seats, bots and options are settled in the "
    "lobby. This machine listens on no port, and the table is not advertised on the LAN."
)
CODE_HERE = "optional: players must type it"
CODE_AT_RELAY = "none: the relay gives one"
"""The *Room code* field's placeholder, for a table here and through a relay."""
RESUME_TITLE = "Host a saved game again"
CODE_SAVED = "optional: the saved one, if it had one"
"""The *Room code* field's placeholder for a saved game hosted again."""
NEW_ONLY = "new-only"
"""The class of the fields (and their labels) a save decides: *Game*, *Table name*,
*Hints*; hidden while the form hosts a saved game again (tester 7, finding 1)."""
HERE_ONLY = "here-only"
"""The class of the fields (and their labels) that do not apply through a relay: *Listen
on*, *Port*, *On the LAN*; hidden while the *Relay* field holds an address."""
HINTS_ONLY = "hints-only"
"""The class of the *Hints* field and its label: shown only while the chosen game has
hints to hide (:func:`has_hints`: Zatre, the card game; tester 6, finding 8)."""


PLAYER_ASKED = "player-asked"
"""The class of *Your name* and its label: hidden while the form hosts again a saved
game whose host's seat token this machine keeps (the seat comes back under the name it
was played with, whatever is typed: a player-tester finding)."""


def resume_hint(saved: SavedGame, played_as: str | None = None) -> str:
    """The form's hint while it hosts ``saved`` again: which game, what comes back, and
    as whom the host plays (``played_as``: the name its kept seat token gives back;
    ``None``: none is kept, *Your name* is the one to be given the seat by)."""
    relay = (f"Relay: the one it went through, {saved.relay} (empty it to host here)." if saved.relay
             else "Relay: the save names none; type one to host through a relay.")
    you = (f"You play as {played_as} again." if played_as is not None else
           "Your name: the one you played under (this machine keeps no seat token of yours for this "
           "game: /seat N NAME gives your seat back to that name).")
    return (f"{saved.title} at {saved.table!r}, move {saved.moves}, carries on as `parlour host --resume` "
            "does: its game, options and seats come from the save, and each player joins again (same "
            f"name, same address and room code) to get their seat back. {you} {relay}")


class HostSetupScreen(MarksFocus, ParlourScreen):
    """The form; Start hosting (or ctrl+s) opens the table and its lobby. ``previous``:
    the table just played (:func:`tui.lan.next_table`), filling the form (where it
    listened, or the relay it went through, too), its settings the form has no field
    for (grace, pace) kept; ``None``: the defaults. While *Relay* holds an address, the
    fields that do not apply there are hidden and the hint says so (tester 5, finding 1);
    *Hints* shows only for a game that has them (tester 6, finding 8).
    ``saved``: a hosted game to host again (``previous`` then its
    :func:`tui.lan.resumed_table`): the table carries it on as ``parlour host --resume
    FILE`` does, the fields its save decides hidden (tester 7, finding 1);
    ``played_as``: the name the host played under, when this machine keeps the host's
    seat token for that save (:func:`tui.lan.host_played_as`): the seat comes back
    under that name, so *Your name* is not shown (a name typed there changed nothing:
    the seat's name is the game's, in its log, scores and replay, and the other
    players' ``/seat``)."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start hosting"),
    ]

    def __init__(self, previous: HostSettings | None = None, saved: SavedGame | None = None,
                 played_as: str | None = None) -> None:
        super().__init__()
        self.starting = False
        self.previous = previous
        self.saved = saved
        self.played_as = played_as if saved is not None else None
        self.named_after = ""
        """The table name made from *Your name* (:meth:`_follow_player`)."""

    def compose(self) -> ComposeResult:
        before = self.previous
        player = before.player if before is not None else default_player_name()
        table = before.table if before is not None and before.table else table_named(player)
        self.named_after = table_named(player)
        with Vertical(id="host-setup"):
            yield Static(HERE_TITLE, id="host-title", classes="screen-title")
            yield Static(HERE_HINT, id="host-hint", classes="hint", markup=False)
            with Grid(id="host-form"):
                yield FieldLabel("Game", "host-game", classes=NEW_ONLY)
                game = before.game if before is not None and before.game in GAMES else "zatre"
                yield Select([(title, name) for name, title in GAMES.items()], value=game,
                             allow_blank=False, compact=True, id="host-game", classes=NEW_ONLY)
                yield FieldLabel("Table name", "host-table", classes=NEW_ONLY)
                yield Input(table, max_length=40, compact=True, id="host-table", classes=NEW_ONLY)
                yield FieldLabel("Your name", "host-player", classes=PLAYER_ASKED)
                yield NameInput(player, MAX_NAME, compact=True, id="host-player", classes=PLAYER_ASKED)
                yield FieldLabel("Relay", "host-relay")
                relay = (before.relay or "") if before is not None else ""
                yield Input(relay, placeholder="optional: ws://HOST:PORT of a parlour relay", max_length=200,
                            compact=True, id="host-relay")
                yield FieldLabel("Listen on", "host-bind", classes=HERE_ONLY)
                bind = before.bind if before is not None else EVERY_NETWORK
                yield Input(bind, placeholder=f"{EVERY_NETWORK}: every network", max_length=253,
                            compact=True, id="host-bind", classes=HERE_ONLY)
                yield FieldLabel("Port", "host-port", classes=HERE_ONLY)
                port = before.port if before is not None and before.port else DEFAULT_PORT
                yield Input(str(port), max_length=5, restrict=r"\d*", compact=True, id="host-port",
                            classes=HERE_ONLY)
                yield FieldLabel("Room code", "host-code")
                code = (before.code or "") if before is not None else ""
                yield Input(code, placeholder=CODE_HERE, max_length=12, compact=True, id="host-code")
                yield FieldLabel("Hints", "host-profi", classes=f"{NEW_ONLY} {HINTS_ONLY}")
                yield Select([("shown", False), ("hidden (profi)", True)],
                             value=before is not None and before.profi,
                             allow_blank=False, compact=True, id="host-profi",
                             classes=f"{NEW_ONLY} {HINTS_ONLY}")
                yield FieldLabel("On the LAN", "host-advertise", classes=HERE_ONLY)
                yield Select([("advertised", True), ("by address only", False)],
                             value=before is None or before.advertise,
                             allow_blank=False, compact=True, id="host-advertise", classes=HERE_ONLY)
            yield Static("", id="host-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Start hosting", variant="primary", id="host-start")
                yield Button("Back", id="back")
        yield Footer()

    @property
    def relayed(self) -> bool:
        """Whether the *Relay* field holds something: the table is to go through a relay."""
        return bool(self.query_one("#host-relay", Input).value.strip())

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "host-relay":
            self._show_relayed()
        elif event.input.id == "host-player":
            self._follow_player(event.value)

    def _follow_player(self, player: str) -> None:
        """*Table name* follows *Your name* (``"Hana's table"``) while it still holds the
        name made from the last one, none typed of the player's own (tester 23, finding
        10: it stayed "Root's table", from the login); an empty name leaves it be."""
        table = self.query_one("#host-table", Input)
        if player.strip() and table.value == self.named_after:
            self.named_after = table.value = table_named(player.strip())

    def _show_relayed(self) -> None:
        """Hide the fields that do not apply through a relay while *Relay* holds an
        address (and show them again when it is emptied); the title and hint say which
        kind of table the form opens."""
        relayed, saved = self.relayed, self.saved
        self.query(f".{HERE_ONLY}").set(display=not relayed)
        self.query(f".{NEW_ONLY}").set(display=saved is None)
        self.query(f".{PLAYER_ASKED}").set(display=self.played_as is None)
        self.query_one("#host-title", Static).update(
            RESUME_TITLE if saved is not None else RELAY_TITLE if relayed else HERE_TITLE)
        self.query_one("#host-hint", Static).update(
            resume_hint(saved, self.played_as) if saved is not None else RELAY_HINT if relayed else HERE_HINT)
        self.query_one("#host-code", Input).placeholder = (
            CODE_AT_RELAY if relayed else CODE_SAVED if saved is not None else CODE_HERE)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "host-game":
            self._show_hints()

    def _show_hints(self) -> None:
        """Show *Hints* only while the chosen game has hints to hide (its value is kept
        for a game that has them again; :func:`parse_host_form` drops it otherwise), and
        never for a saved game hosted again (its save decides)."""
        game = str(self.query_one("#host-game", Select).value)
        self.query(f".{HINTS_ONLY}").set(display=self.saved is None and has_hints(game))

    def on_mount(self) -> None:
        # not Start: Enter must not host by mistake
        first = "#host-game" if self.saved is None else "#host-player" if self.played_as is None else "#host-relay"
        self.query_one(first).focus()
        self._show_relayed()
        self._show_hints()

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
            self.query_one("#host-relay", Input).value,
        )
        if self.previous is None:
            return chosen
        table = chosen.table if self.previous.resume is None else self.previous.table  # (the save's)
        return attrs.evolve(self.previous, table=table, player=chosen.player, port=chosen.port,
                            bind=chosen.bind, code=chosen.code, relay=chosen.relay, profi=chosen.profi,
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
        error.update(f"Opening a room at the relay {settings.relay}…" if settings.relay is not None
                     else f"Opening the table on port {settings.port}…")
        try:
            session = await host_table(settings, app.tokens, app.discovery, **app.link_options)
        except HostError as err:
            error.update(f"✗ {err}")
            return
        finally:
            self.starting = False
        error.update("")
        app.run_worker(app.start_session(session), group="table")  # it closes this screen
