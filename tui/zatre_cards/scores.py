"""Every seat at a glance: whose turn (▶, not colour alone), the sheet total, the
points just scored, cards in hand and in the seat's own draw pile, whose sheet is
shown (≡)."""

from __future__ import annotations

import attrs
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


@attrs.frozen
class SeatLine:
    name: str
    total: int
    gained: int | None
    hand: int
    pile: int
    to_play: bool = False
    you: bool = False
    shown: bool = False


class CardScores(Widget):
    """A line per seat, and ``footer`` below (the set-aside cards)."""

    COMPONENT_CLASSES = {"scores--header", "scores--turn", "scores--you"}

    lines: reactive[tuple[SeatLine, ...]] = reactive(tuple, layout=True)
    footer: reactive[str] = reactive("")

    def render(self) -> Text:
        turn = self.get_component_rich_style("scores--turn")
        you = self.get_component_rich_style("scores--you")
        header = self.get_component_rich_style("scores--header")
        out = [Text(f"  {'player':<9}{'total':>5}{'last':>5}{'hand':>5}{'pile':>5}", header)]
        for line in self.lines:
            marker = "▶" if line.to_play else " "
            shown = "≡" if line.shown else " "
            gained = "" if line.gained is None else f"+{line.gained}"
            text = Text(f"{marker}{shown}{line.name[:9]:<9}{line.total:>5}{gained:>5}"
                        f"{line.hand:>5}{line.pile:>5}")
            if line.to_play:
                text.stylize(turn)
            if line.you:
                text.stylize(you)
            out.append(text)
        if self.footer:
            out.append(Text(f"  {self.footer}", header))
        return Text("\n").join(out)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + len(self.lines) + (1 if self.footer else 0)
