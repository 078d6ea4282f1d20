"""The Parlour app: one Textual App; the menu is its default screen."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from net.local import LocalTable

from .local_game import DEFAULT_PACE, LocalGame, open_table
from .screens.local_setup import LocalSetupScreen
from .screens.menu import MenuScreen
from .screens.notice import NoticeScreen
from .screens.rules import RulesScreen
from .zatre.table import TableScreen

COMING_SOON = "Coming soon: LAN play arrives with the LAN issue.\nSolo practice and hotseat work now."


class ParlourApp(App):
    """``pace``: the bots' pace (seconds per tile) offered first in the setup screen."""

    CSS_PATH = "parlour.tcss"
    TITLE = "Parlour"
    ENABLE_COMMAND_PALETTE = False
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, pace: float = DEFAULT_PACE) -> None:
        super().__init__()
        self.pace = pace
        self.table: LocalTable | None = None

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def show_rules(self) -> None:
        """Push the rules page: one screen kept for the whole session, so it opens
        quickly and remembers where the reader was."""
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(), "rules")
        if self.get_screen("rules") not in self.screen_stack:
            self.push_screen("rules")

    def open(self, what: str) -> None:
        """Open a menu entry: ``solo``, ``host``, ``join``, ``rules`` or ``quit``."""
        if what == "solo":
            self.push_screen(LocalSetupScreen(self.pace))
        elif what in ("host", "join"):
            title = "Host a game" if what == "host" else "Join a game"
            self.push_screen(NoticeScreen(title, COMING_SOON))
        elif what == "rules":
            self.show_rules()
        elif what == "quit":
            self.exit()

    def start_local(self, game: LocalGame) -> None:
        """Start ``game`` (from the setup screen) and show its table."""
        self.run_worker(self._start_local(game), group="table", exclusive=True)

    async def _start_local(self, game: LocalGame) -> None:
        await self.close_table()
        try:
            table = await open_table(game)
        except ValueError as err:
            self.push_screen(NoticeScreen("Cannot start this game", str(err)))
            return
        self.table = table
        await self.push_screen(
            TableScreen(table.humans, story=table.spectator, pace=game.pace,
                        leave=lambda: self.run_worker(self.close_table()))
        )

    async def close_table(self, then: str | None = None) -> None:
        """Back to the menu (stopping the game if one runs), then open ``then``."""
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        table, self.table = self.table, None
        if table is not None:
            await table.stop()
        if then:
            self.open(then)

    async def on_unmount(self) -> None:
        if self.table is not None:
            await self.table.stop()
