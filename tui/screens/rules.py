"""The rules reference: a game's rules page (Markdown), scrollable, Escape to go back."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from .base import ParlourScreen


def rules_text(package: str = "tui.zatre", name: str = "rules.md") -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


class RulesScreen(ParlourScreen):
    """Pushed over the menu or a table; popping it returns to exactly where one was."""

    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Back"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
        Binding("home", "top", "Top", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_text(), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(1, scroll.size.height - 2), animate=False)

    def action_top(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
