"""The lines under the hand: what just happened (``news``), then what to do now or why
a move was refused (in the rulebook's words, marked with ✗ as well as colour)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..names import fit


class TableMessage(Widget):
    """``news``: the last turn, one line; ``text`` with a ``kind``: ``"info"`` or
    ``"error"`` (shown with ✗, in place of the news)."""

    COMPONENT_CLASSES = {"message--error", "message--news"}

    news: reactive[str] = reactive("")
    text: reactive[str] = reactive("")
    kind: reactive[str] = reactive("info")

    def render(self) -> Text:
        if self.kind == "error":  # the reason matters more than the news: all lines
            return Text(f"✗ {self.text}", self.get_component_rich_style("message--error"))
        width = max(1, self.size.width)
        news = fit(self.news, width)
        out = Text(news, self.get_component_rich_style("message--news"))
        if news:
            out.append("\n")
        out.append(self.text)
        return out
