"""A panel whose border title is worded several ways, the longest first: it shows the
first wording that fits its width whole (a team's sheet: ``"Sheet: Maximilianaa &
Strongbowwww (you)"``, else ``"Maximilianaa & Strongbowwww (you)"``, else the names
alone), chosen again whenever the panel is resized."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ..names import first_fitting

CORNERS = 2
"""Cells of the border beside the title: a corner each side."""


class FittedTitle(Widget):
    """``titles``: the wordings of the border title, longest first (names as typed,
    never read as markup); ``()``: the title is left as set."""

    titles: reactive[tuple[str, ...]] = reactive(tuple)

    def watch_titles(self) -> None:
        self._fit_title()

    def on_resize(self) -> None:
        self._fit_title()

    def _fit_title(self) -> None:
        if not self.titles:
            return
        width = self.size.width
        title = first_fitting(self.titles, width - CORNERS) if width else self.titles[0]
        self.border_title = Content(title)
