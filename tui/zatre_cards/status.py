"""The top line of the card table: whose turn it is and what to do, the round, and
the set-aside cards."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..names import TURN_ROOM, cells, fit


class CardStatus(Widget):
    """``turn``: who is to play and what to do (``▶`` marks it, not colour alone);
    ``round``: ``"round 1/2"``; ``extra``: options worth knowing (``profi``);
    ``alert``: ``turn`` is a warning (the connection is lost): marked ``⚠`` and the
    line takes the ``-alert`` class. When the line is too wide, ``turn`` is cut (at its
    end, in cells) so that the round stays in sight."""

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
        round_ = f"  ·  {self.round}" if self.round else ""
        extra = f"  ·  {self.extra}" if self.extra else ""
        room = max(TURN_ROOM, self.size.width - cells(round_ + extra))
        text.append(fit(f"{mark} {self.turn}", room), self.get_component_rich_style("status--turn"))
        text.append(round_, self.get_component_rich_style("status--bag"))
        text.append(extra)
        return text
