"""The top line of the card table: whose turn it is and what to do, the round, and
the set-aside cards."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class CardStatus(Widget):
    """``turn``: who is to play and what to do (``▶`` marks it, not colour alone);
    ``round``: ``"round 1/2"``; ``extra``: options worth knowing (``profi``);
    ``alert``: ``turn`` is a warning (the connection is lost): marked ``⚠`` and the
    line takes the ``-alert`` class."""

    DEFAULT_CSS = """
    CardStatus.-alert { background: $error; }
    CardStatus.-alert > .status--turn { color: $text; }
    """

    COMPONENT_CLASSES = {"status--turn", "status--bag"}

    turn: reactive[str] = reactive("")
    round: reactive[str] = reactive("")
    extra: reactive[str] = reactive("")
    alert: reactive[bool] = reactive(False, toggle_class="-alert")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        mark = "⚠" if self.alert else "▶"
        text.append(f"{mark} {self.turn}", self.get_component_rich_style("status--turn"))
        if self.round:
            text.append(f"  ·  {self.round}", self.get_component_rich_style("status--bag"))
        if self.extra:
            text.append(f"  ·  {self.extra}")
        return text
