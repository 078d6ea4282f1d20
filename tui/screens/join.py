"""Joining a LAN table: the tables found on this network (zeroconf), listed as they
appear and vanish, and a field to type ``host:port`` (which always works)."""

from __future__ import annotations

from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from net import closecodes
from net.client import JoinError
from net.discovery import Browser, TableAd
from net.protocol import MAX_NAME
from rules import registry

from ..lan import default_player_name, join_table
from ..widgets.field_label import FieldLabel, MarksFocus
from ..widgets.name_input import NameInput
from .base import ParlourScreen


def ad_text(ad: TableAd) -> str:
    """A found table as listed: ``"Friday · Zatre · 2 seats free · 192.168.1.20:7531"``
    (the game's title; the advert's short name for a game this Parlour does not have).
    Adverts carry no options, so a Zatre table's teams are not shown here."""
    game = registry.GAMES.get(ad.game)
    title = game.title if game is not None else ad.game
    free = "game on" if ad.free == 0 else f"{ad.free} seat{'s' if ad.free != 1 else ''} free"
    code = " · room code needed" if ad.code_needed else ""
    return f"{ad.name} · {title} · {free}{code} · {ad.address}"


NEW_CODE_NOTE = ("A new table at the relay has a new room code: ask the host for it and "
                 "type it as the Room code.")
"""Said under the form when the join screen follows a game at a relay (tester 5, finding 1)."""
NEW_CODE_NEEDED = "Type the new table's room code: ask the host for it (the relay gives each table its own)."
"""Join with that screen's code still empty: said instead of asking the relay."""
NOT_OPEN_YET = "(or the table is not open yet: the host may not be back)"
"""Added to a relay's "No room with that code.": a room closes while its host is away."""


class JoinScreen(MarksFocus, ParlourScreen):
    """``discovery`` makes the backend to browse with (``None``: do not browse);
    ``address``, ``name``, ``code`` fill the fields; ``auto`` joins at once.
    ``new_code``: ``address`` is a relay whose next table's code the player has yet to
    be told (the results' ``g`` after a game there): a line says to ask the host, the
    focus starts on the code, and Join without one is refused here, never taken to
    the relay, where a wrong code counts against the address (tester 5, finding 1)."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "join", "Join"),  # as the setup and host forms start (tester 23, finding 5)
        Binding("ctrl+j", "join", "Join", show=False),
        Binding("f5", "rescan", "Look again"),
    ]

    def __init__(
        self,
        discovery: Callable[[], Any] | None,
        address: str = "",
        name: str = "",
        code: str = "",
        auto: bool = False,
        new_code: bool = False,
    ) -> None:
        super().__init__()
        self.new_code = new_code
        self.discovery = discovery
        self.address, self.player, self.code = address, name or default_player_name(), code
        self.auto = auto
        self.ads: dict[str, TableAd] = {}
        self.browser: Browser | None = None
        self.joining = False

    def compose(self) -> ComposeResult:
        with Vertical(id="join-screen"):
            yield Static("Join a game on the LAN", classes="screen-title")
            yield Static("", id="join-found", classes="hint", markup=False)
            tables = OptionList(id="join-tables")
            tables.border_title = "Tables on this network"
            yield tables
            with Grid(id="join-form"):
                yield FieldLabel("Address", "join-address")
                yield Input(self.address, placeholder="host:port, e.g. 192.168.1.20:7531",
                            compact=True, id="join-address")
                yield FieldLabel("Your name", "join-name")
                yield NameInput(self.player, MAX_NAME, compact=True, id="join-name")
                yield FieldLabel("Room code", "join-code")
                yield Input(self.code, placeholder="the new table's: ask the host" if self.new_code
                            else "only if the table asks for one", max_length=12, compact=True, id="join-code")
            if self.new_code:
                yield Static(NEW_CODE_NOTE, id="join-note", classes="hint")
            yield Static("", id="join-error", markup=False)  # (a table's words, as sent)
            with Horizontal(classes="buttons"):
                yield Button("Join", variant="primary", id="join-button")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-address" if not self.address else "#join-code" if self.new_code
                       else "#join-button").focus()
        self._found()
        if self.discovery is not None:
            self.run_worker(self._browse(), group="browse", exclusive=True, exit_on_error=False)
        else:
            self.query_one("#join-found", Static).update("Not looking for tables: type the address.")
        if self.auto and self.address:
            self.call_after_refresh(self.action_join)

    async def on_unmount(self) -> None:
        await self._stop_browsing()

    # ---- discovery ----

    async def _browse(self) -> None:
        found = self.query_one("#join-found", Static)
        found.update("Looking for tables on this network…")
        try:
            backend = self.discovery()  # type: ignore[misc]
            self.browser = Browser(backend)
            await self.browser.start()
        except Exception as err:  # no multicast here (or zeroconf missing)
            await self._stop_browsing()
            found.update(f"Cannot look for tables here ({err or type(err).__name__}): "
                         "type the address below.")
            return
        for ad in list(self.browser.tables.values()):
            self.ads[ad.service] = ad
        self._found()
        async for change in self.browser.changes():
            self.ads = dict(self.browser.tables)
            self._found()

    async def _stop_browsing(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            try:
                await browser.stop()
                await browser.backend.close()
            except Exception:
                pass

    def _found(self) -> None:
        tables = self.query_one("#join-tables", OptionList)
        highlighted = tables.highlighted
        ads = sorted(self.ads.values(), key=lambda ad: (ad.name.casefold(), ad.address))
        tables.clear_options()
        tables.add_options([Option(Content(ad_text(ad)), id=ad.service) for ad in ads])  # as advertised
        if ads:
            tables.highlighted = min(highlighted or 0, len(ads) - 1)
            address = self.query_one("#join-address", Input)
            if address.has_focus and not address.value:  # nothing typed yet: Enter joins
                tables.focus()
        if self.browser is not None:
            count = len(ads)
            self.query_one("#join-found", Static).update(
                f"{count} table{'s' if count != 1 else ''} found: Enter on one joins it."
                if count else "Looking for tables on this network… none yet. Or type the address."
            )

    def action_rescan(self) -> None:
        if self.discovery is not None:
            self.run_worker(self._rescan(), group="browse", exclusive=True, exit_on_error=False)

    async def _rescan(self) -> None:
        await self._stop_browsing()
        self.ads.clear()
        await self._browse()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ad = self.ads.get(event.option.id or "")
        if ad is None:
            return
        self.query_one("#join-address", Input).value = ad.address
        if ad.code_needed and not self.query_one("#join-code", Input).value.strip():
            self._error("This table needs a room code: ask the host, type it, then Join.")
            self._ask_code()
            return
        self.action_join()

    # ---- joining ----

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.query_one("#join-address", Input).value.strip():
            self.action_join()
        else:
            self.query_one("#join-address", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join-button":
            self.action_join()
        else:
            self.action_back()

    def _error(self, text: str) -> None:
        self.query_one("#join-error", Static).update(f"✗ {text}" if text else "")

    def _ask_code(self) -> None:
        """Put the focus on the room code, its old text selected: what is typed next
        is the code (issue 8 §4)."""
        code = self.query_one("#join-code", Input)
        code.focus()
        code.select_all()

    def action_join(self) -> None:
        if self.joining:
            return
        address = self.query_one("#join-address", Input).value.strip()
        name = self.query_one("#join-name", Input).value.strip()
        code = self.query_one("#join-code", Input).value.strip()
        if not address:
            self._error("Type the table's address (host:port), or choose a table above.")
            self.query_one("#join-address", Input).focus()
            return
        if not name:
            self._error("Type your name.")
            self.query_one("#join-name", Input).focus()
            return
        if self.new_code and not code and address == self.address:
            self._error(NEW_CODE_NEEDED)
            self._ask_code()
            return
        self.run_worker(self._join(address, name, code), group="join", exclusive=True)

    async def _join(self, address: str, name: str, code: str) -> None:
        app: Any = self.app
        self.joining = True
        line = self.query_one("#join-error", Static)
        line.update(f"Joining {address}…")
        try:
            session = await join_table(address, name, code, app.tokens, waiting=line.update, **app.link_options)
        except (JoinError, ValueError) as err:
            no_room = getattr(err, "code", None) == closecodes.NO_ROOM  # no code, or a wrong one
            self._error(f"{err} {NOT_OPEN_YET}" if no_room and code else str(err))
            if no_room:
                self._ask_code()
            return
        except Exception as err:  # anything else the network throws: say it, stay here
            self._error(f"Could not join {address}: {err}")
            return
        finally:
            self.joining = False
        self._error("")
        await self._stop_browsing()
        app.run_worker(app.start_session(session), group="table")  # it closes this screen

    def action_back(self) -> None:
        self.dismiss()
