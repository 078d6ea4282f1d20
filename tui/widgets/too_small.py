"""The notice covering a screen while the terminal is smaller than the table needs."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmall(Widget):
    """Covers its screen (see ``parlour.tcss``) when the screen has ``-too-small``."""

    def render(self) -> Text:
        width, height = self.app.size
        return Text(
            f"Terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {width}x{height}.\n\n"
            "Make the window larger; everything carries on where it was.",
            justify="center",
        )
