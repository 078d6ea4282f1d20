"""The lines under the hand: what just happened (``news``), then what to do now or why
a move was refused (in the rulebook's words, marked with ✗ as well as colour). While
the game's latest save failed, a ``warning`` (marked ⚠) takes the news' place."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class TableMessage(Widget):
    """``news``: the last turn, one line; ``text`` with a ``kind``: ``"info"`` or
    ``"error"`` (shown with ✗, in place of the news); ``warning``: shown with ⚠ in
    place of the news, over as many lines as it takes (a failed save), the ``text``
    under it as far as there is room."""

    COMPONENT_CLASSES = {"message--error", "message--news", "message--warning"}

    warning: reactive[str] = reactive("")
    news: reactive[str] = reactive("")
    text: reactive[str] = reactive("")
    kind: reactive[str] = reactive("info")

    def render(self) -> Text:
        if self.kind == "error":  # the reason matters more than the news: all lines
            return Text(f"✗ {self.text}", self.get_component_rich_style("message--error"))
        width = max(1, self.size.width)
        if self.warning:  # it says why the game is not saved: all of it, before the rest
            out = Text(f"⚠ {self.warning}", self.get_component_rich_style("message--warning"))
            return out.append("\n").append(self.text)
        news = self.news if len(self.news) <= width else self.news[: width - 1] + "…"
        out = Text(news, self.get_component_rich_style("message--news"))
        if news:
            out.append("\n")
        out.append(self.text)
        return out
