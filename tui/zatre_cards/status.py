"""The top line of the card table: whose turn it is and what to do, the round, and
the set-aside cards."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class CardStatus(Widget):
    """``turn``: who is to play and what to do (``▶`` marks it, not colour alone);
    ``round``: ``"round 1/2"``; ``extra``: options worth knowing (``profi``)."""

    COMPONENT_CLASSES = {"status--turn", "status--bag"}

    turn: reactive[str] = reactive("")
    round: reactive[str] = reactive("")
    extra: reactive[str] = reactive("")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"▶ {self.turn}", self.get_component_rich_style("status--turn"))
        if self.round:
            text.append(f"  ·  {self.round}", self.get_component_rich_style("status--bag"))
        if self.extra:
            text.append(f"  ·  {self.extra}")
        return text
