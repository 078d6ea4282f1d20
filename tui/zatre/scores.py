"""Every seat at a glance: whose turn it is (a ▶, not colour alone), the sheet total,
what the last turn added, the tiles in front of each player (face down for the others),
and whose sheet is shown (≡)."""

from __future__ import annotations

import attrs
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


@attrs.frozen
class SeatLine:
    """One seat's line: ``name``, sheet ``total``, ``gained`` by its last turn (``None``:
    has not played yet), ``held`` tiles face down; flags for turn, "you" and shown sheet."""

    name: str
    total: int
    gained: int | None
    held: int
    to_play: bool = False
    you: bool = False
    shown: bool = False


class ScoreStrip(Widget):
    """A line per seat; ``lines`` is set by the table screen."""

    COMPONENT_CLASSES = {"scores--header", "scores--turn", "scores--you"}

    lines: reactive[tuple[SeatLine, ...]] = reactive(tuple, layout=True)

    def render(self) -> Text:
        turn = self.get_component_rich_style("scores--turn")
        you = self.get_component_rich_style("scores--you")
        out = [Text(f"  {'player':<12}{'total':>5}{'last':>5} tiles", self.get_component_rich_style("scores--header"))]
        for line in self.lines:
            marker = "▶" if line.to_play else " "
            shown = "≡" if line.shown else " "
            gained = "" if line.gained is None else f"+{line.gained}"
            text = Text(f"{marker}{shown}{line.name[:12]:<12}{line.total:>5}{gained:>5} {line.held:>5}")
            if line.to_play:
                text.stylize(turn)
            if line.you:
                text.stylize(you)
            out.append(text)
        return Text("\n").join(out)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + len(self.lines)
