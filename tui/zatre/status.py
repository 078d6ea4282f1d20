"""The top line of the table: whose turn it is, what to do, tiles left in the bag."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from rules.core import plural

from ..names import TURN_ROOM, cells, fit


class TurnStatus(Widget):
    """``turn``: who is to play and what to do (``▶`` marks it, not colour alone);
    ``bag``: tiles left; ``extra``: options worth knowing (``profi``, seed);
    ``alert``: ``turn`` is a warning (the connection is lost): marked ``⚠`` and the
    line takes the ``-alert`` class. When the line is too wide, ``extra`` makes way
    first (a team's turn names both partners: two 12-letter names stay whole at 80
    columns), then ``turn`` is cut (at its end, in cells) so that the bag stays in
    sight."""

    COMPONENT_CLASSES = {"status--turn", "status--bag"}

    turn: reactive[str] = reactive("")
    bag: reactive[int] = reactive(0)
    extra: reactive[str] = reactive("")
    alert: reactive[bool] = reactive(False, toggle_class="-alert")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        mark = "⚠" if self.alert else "▶"
        bag = f"  ·  bag: {plural(self.bag, 'tile')}"
        turn = f"{mark} {self.turn}"
        extra = f"  ·  {self.extra}" if self.extra else ""
        if cells(turn + bag + extra) > self.size.width:
            extra = ""
        room = max(TURN_ROOM, self.size.width - cells(bag + extra))
        text.append(fit(turn, room), self.get_component_rich_style("status--turn"))
        text.append(bag, self.get_component_rich_style("status--bag"))
        text.append(extra)
        return text
