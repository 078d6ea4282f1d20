"""Estate's Do list: the shared one (:mod:`tui.widgets.do_list`), quick to scan and to
cross (player-tester 21, finding 10: at 100x30 about six rows of long, wrapped entries,
and "Expand: Farmer" some twenty presses of ↓ below ten Gather entries).

- Every entry takes one line, cut with ``…`` where it is longer: the Now panel says all
  of it while it is highlighted, a greyed card's why as well (player-test 22: greyed
  lines wrapped to two or three rows, pushed the rest down and could not be reached).
- Entries come in groups, one per kind of action (Produce, Draw, every Gather, every
  Expand, End turn, the greyed cards, Convert…): PageDown goes to the first entry of the next group,
  PageUp to the first of this one or the one before; Home and End to the first and the
  last entry. The list's lower border says so whenever it is longer than the six rows
  it has at 80x24 and holds two groups or more."""

from __future__ import annotations

from typing import Any, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from ..widgets import do_list
from ..widgets.do_list import GREYED

GROUP_KEYS = "PgUp/Dn groups · Home/End"
"""The Do list's lower border while it is long and holds more than one group (26
columns at most: the list's at 80x24)."""
LONG = 6
"""Entries a Do list holds before its lower border names the keys that cross it (the
rows it shows at 80x24)."""


def group_of(entry: Any) -> str:
    """The group an entry of the Do list is in: its kind of action (every Gather
    together, every Expand, a Produce with or without an ability, every greyed card),
    or the entry itself for the table's own entries (``"convert"``)."""
    return entry if isinstance(entry, str) else type(entry).__name__


class OneLine(Content):
    """Text shown on one line, cut with ``…`` where the list is narrower."""

    def get_height(self, rules: Any, width: int) -> int:
        return 1

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        return Content.render_strips(self.truncate(width, ellipsis=True), width, height, style, options)


class DoList(do_list.DoList):
    """The Do list of an Estate table: every entry but ``Convert…`` commits at once (a
    worker placed, a card kept, an answer given), so the table starts the highlight on
    none of them: a list of two or more opens on its top line (``Choose with ↑↓, then
    Enter``), and ``Convert…``, listed last, is no place to start."""

    BINDINGS = [Binding("pagedown", "group(1)", "Next group", show=False),
                Binding("pageup", "group(-1)", "Previous group", show=False)]

    def offered_first(self, action: Any) -> bool:
        return False

    def prompt(self, text: str, greyed: bool) -> OneLine:
        return OneLine.styled(text, GREYED if greyed else "")  # type: ignore[return-value]

    def show(self, actions: Sequence[Any], texts: Sequence[str], greyed: Sequence[bool] = (),
             afresh: bool = False) -> None:
        """As the shared list's; the lower border names the group keys while it is long
        and there are two groups or more."""
        super().show(actions, texts, greyed, afresh)
        long = self.option_count > LONG and len(self.group_starts()) > 1
        self.border_subtitle = GROUP_KEYS if long else ""

    def group_starts(self) -> list[int]:
        """The index of each group's first entry, in list order (the top line is in
        none)."""
        starts: list[int] = []
        last = None
        for index in range(self.choose_line, self.option_count):
            group = group_of(self.entry_at(index))
            if group != last:
                starts.append(index)
                last = group
        return starts

    def action_group(self, step: int) -> None:
        """PageDown (``step`` 1): the next group's first entry, or the last entry after
        the last group; PageUp (-1): this group's first entry, or the group's before
        when the highlight is on it already."""
        starts = self.group_starts()
        if not starts:
            return
        at = self.highlighted
        if step > 0:
            later = [s for s in starts if at is None or s > at]
            self.highlighted = later[0] if later else self.option_count - 1
        else:
            earlier = [s for s in starts if at is not None and s < at]
            self.highlighted = earlier[-1] if earlier else starts[0]
