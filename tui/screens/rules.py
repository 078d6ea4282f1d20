"""The rules reference: a game's rules page (Markdown), scrollable, Escape to go back.

The page is one Static holding Rich's Markdown: it opens at once (Textual's Markdown
widget mounts a widget per block, which took most of a second the first time, long
enough for a player to press F1 again and close it before it was ever seen).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module, resources

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from .base import ParlourScreen


@lru_cache(maxsize=None)
def rules_text(package: str = "tui.zatre", name: str = "rules.md") -> str:
    """A game's rules page: its package's ``rules.md``, completed by the package's
    ``rules_page(text)`` where it has one (Zestrea lists its cards from the game's data)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    complete = getattr(import_module(package), "rules_page", None)
    return complete(text) if callable(complete) else text


class RulesScreen(ParlourScreen):
    """Pushed over the menu, a table or a hand-over; popping it returns to exactly
    where one was. ``scroll``: where to open (the app remembers where the reader was);
    ``package``: whose ``rules.md`` to show (``tui.zatre``, ``tui.zatre_cards``)."""

    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Back"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
        Binding("home", "top", "Top", show=False),
    ]

    def __init__(self, scroll: float = 0.0, package: str = "tui.zatre") -> None:
        super().__init__()
        self.start_at = scroll
        self.package = package

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Static(Markdown(rules_text(self.package), hyperlinks=False), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.focus()
        if self.start_at:
            self.call_after_refresh(scroll.scroll_to, y=self.start_at, animate=False)

    @property
    def scrolled(self) -> float:
        return self.query_one("#rules-scroll", VerticalScroll).scroll_y

    def action_close(self) -> None:
        self.dismiss(self.scrolled)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(1, scroll.size.height - 2), animate=False)

    def action_top(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
