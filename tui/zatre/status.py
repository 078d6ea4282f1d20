"""The top line of the table: whose turn it is, what to do, tiles left in the bag."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class TurnStatus(Widget):
    """``turn``: who is to play and what to do (``▶`` marks it, not colour alone);
    ``bag``: tiles left; ``extra``: options worth knowing (``profi``, seed);
    ``alert``: ``turn`` is a warning (the connection is lost): marked ``⚠`` and the
    line takes the ``-alert`` class."""

    COMPONENT_CLASSES = {"status--turn", "status--bag"}

    turn: reactive[str] = reactive("")
    bag: reactive[int] = reactive(0)
    extra: reactive[str] = reactive("")
    alert: reactive[bool] = reactive(False, toggle_class="-alert")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        mark = "⚠" if self.alert else "▶"
        text.append(f"{mark} {self.turn}", self.get_component_rich_style("status--turn"))
        text.append(f"  ·  bag: {self.bag} tiles", self.get_component_rich_style("status--bag"))
        if self.extra:
            text.append(f"  ·  {self.extra}")
        return text
