"""The top line of the table: whose turn it is, what to do, tiles left in the bag."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class TurnStatus(Widget):
    """``turn``: who is to play and what to do (``▶`` marks it, not colour alone);
    ``bag``: tiles left; ``extra``: options worth knowing (``profi``, seed)."""

    COMPONENT_CLASSES = {"status--turn", "status--bag"}

    turn: reactive[str] = reactive("")
    bag: reactive[int] = reactive(0)
    extra: reactive[str] = reactive("")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"▶ {self.turn}", self.get_component_rich_style("status--turn"))
        text.append(f"  ·  bag: {self.bag} tiles", self.get_component_rich_style("status--bag"))
        if self.extra:
            text.append(f"  ·  {self.extra}")
        return text
