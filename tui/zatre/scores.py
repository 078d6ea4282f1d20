"""Every seat at a glance: whose turn it is (a ▶, not colour alone), the sheet total,
what the last turn added, the tiles each player keeps face down in front of them
between turns (``kept``: for the player to move, those kept from their last turn, not
this turn's draw), whose sheet is shown (≡), and a note such as ``away, held 1:42 more`` (a LAN
player who dropped)."""

from __future__ import annotations

import attrs
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..widgets.seat_rows import add_seat_row

from ..names import cells, fit_names, pad


@attrs.frozen
class SeatLine:
    """One seat's line: ``name``, sheet ``total`` (its team's in the team variant),
    ``gained`` by its last turn (``None``: has not played yet), ``kept`` tiles face down;
    once the game is over ``minus``, the minus points taken off (then ``total`` is the
    final total and the strip shows them in place of the last gain);
    flags for turn, "you" and shown sheet; ``note`` after the line (on a line of its own
    when the strip is too narrow); ``team``: its team's number (1-based) or ``None``."""

    name: str
    total: int
    gained: int | None
    kept: int
    to_play: bool = False
    you: bool = False
    shown: bool = False
    note: str = ""
    team: int | None = None
    minus: int | None = None


NAME = 12
"""Cells of a player's name: a name as long as the setup form takes
(:data:`tui.screens.local_setup.MAX_NAME`) shows whole."""
TEAM = 2
"""Cells the team's number takes before the name in the team variant (``"1·"``)."""
FIGURES = 15
"""Cells of the total, last and kept columns."""


def line_width(teams: bool) -> int:
    """Cells of a seat's line before its note: the marks, the name column (wider by
    :data:`TEAM` in the team variant, so that a 12-letter name stays whole at 80x24)
    and the figures."""
    return 2 + NAME + (TEAM if teams else 0) + FIGURES


class ScoreStrip(Widget):
    """A line per seat; ``lines`` is set by the table screen."""

    COMPONENT_CLASSES = {"scores--header", "scores--turn", "scores--you", "scores--note"}

    lines: reactive[tuple[SeatLine, ...]] = reactive(tuple, layout=True)

    def render(self) -> Text:
        turn = self.get_component_rich_style("scores--turn")
        you = self.get_component_rich_style("scores--you")
        note_style = self.get_component_rich_style("scores--note")
        inline = self._notes_inline(self.size.width)
        who = "team·player" if any(line.team for line in self.lines) else "player"
        ended = any(line.minus is not None for line in self.lines)
        last = "minus" if ended else "last"
        column = NAME + (TEAM if who != "player" else 0)
        out = [Text(f"  {pad(who, column)}{'total':>5}{last:>5}{'kept':>5}",
                    self.get_component_rich_style("scores--header"))]
        names = fit_names(  # cut to fit, alike names kept apart
            [line.name if line.team is None else f"{line.team}·{line.name}" for line in self.lines], column)
        for line, name in zip(self.lines, names):
            marker = "▶" if line.to_play else " "
            shown = "≡" if line.shown else " "
            gained = "" if line.gained is None else f"+{line.gained}"
            if ended:
                gained = f"-{line.minus}" if line.minus else "0"
            text = Text(f"{marker}{shown}{pad(name, column)}{line.total:>5}{gained:>5}{line.kept:>5}")
            add_seat_row(out, text, line, inline, turn, you, note_style)
        return Text("\n").join(out)

    def _notes_inline(self, width: int) -> bool:
        longest = max((cells(line.note) for line in self.lines), default=0)
        return line_width(any(line.team for line in self.lines)) + 1 + longest <= width

    def get_content_height(self, container, viewport, width: int) -> int:
        notes = 0 if self._notes_inline(width) else sum(1 for line in self.lines if line.note)
        return 1 + len(self.lines) + notes
