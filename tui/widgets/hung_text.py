"""Plain text wrapped to the widget's width with hanging indents: each line's run-on
starts two cells past that line's own indent, so a long line still reads as one (an
estate's singles, a card's text in a narrow panel). Never read as markup."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ..names import wrap

HANG = 2
"""Cells a run-on line is indented past its line's own indent."""


def hung(text: str, width: int) -> list[str]:
    """``text``'s lines wrapped to ``width`` cells with hanging indents."""
    out: list[str] = []
    for line in text.split("\n"):
        lead = len(line) - len(line.lstrip(" "))
        out += wrap(line, max(1, width), " " * (lead + HANG))
    return out


class HungText(Widget):
    """``text`` shown wrapped by :func:`hung` at the widget's width, as tall as it is."""

    DEFAULT_CSS = "HungText { height: auto; }"

    text: reactive[str] = reactive("", layout=True)

    def __init__(self, text: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(HungText.text, text)

    def update(self, text: str) -> None:
        self.text = text

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[override]
        return len(hung(self.text, width))

    def render(self) -> Content:
        return Content("\n".join(hung(self.text, self.size.width or 80)))
