"""The main menu: solo practice, host, join, each game's rules, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .base import ParlourScreen

TITLE = r"""
 ___  ___  ___  _    ___  _ _  ___
| . \| . || . \| |  | . || | || . \
|  _/|   ||   /| |_ | | || ' ||   /
|_|  |_|_||_\_\|___||___||___||_\_\
"""


class MenuScreen(ParlourScreen):
    """Where Parlour starts. Each entry also has a letter key."""

    BINDINGS = [
        Binding("s", "choose('solo')", "Solo / hotseat"),
        Binding("h", "choose('host')", "Host"),
        Binding("j", "choose('join')", "Join"),
        Binding("r", "choose('rules')", "Rules: Zatre"),
        Binding("c", "choose('rules-cards')", "Rules: card game"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(TITLE, id="menu-title")
            yield Static("a table for tabletop games · now playing: Zatre and Zatre: Das Kartenspiel", id="menu-subtitle")
            with Center():
                yield OptionList(
                    Option("Solo practice  (and hotseat: several players, one keyboard)", id="solo"),
                    Option("Host a game on the LAN", id="host"),
                    Option("Join a game on the LAN", id="join"),
                    Option("Rules of Zatre", id="rules"),
                    Option("Rules of Zatre: Das Kartenspiel  (the card game)", id="rules-cards"),
                    Option("Quit", id="quit"),
                    id="menu-options",
                )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        self.app.open(what)  # type: ignore[attr-defined]
