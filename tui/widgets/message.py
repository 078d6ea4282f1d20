"""The lines under the hand: what just happened (``news``), then what to do now or why
a move was refused (in the rulebook's words, marked with ✗ as well as colour). While
the game's latest save failed, a ``warning`` (marked ⚠) takes the news' place."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..names import fit, wrap


def news_lines(news: str, width: int, room: int, shorter: Sequence[str] = ()) -> list[str]:
    """``news`` in at most ``room`` lines of ``width`` cells: wrapped, or else the first
    of its ``shorter`` forms (longest first) that fits wrapped (tester 6, finding 9);
    if none does, the shortest cut in its middle so that its end stays, from its last
    ``": "`` on (the points: ``"Ada (strong bot) laid 6 2 5 …: +4 points."``)."""
    for form in (news, *shorter):
        lines = wrap(form, width)
        if len(lines) <= room:
            return lines
    room = max(1, room)
    rest = " ".join(lines[room - 1:])
    tail = len(rest) - rest.rindex(": ") if ": " in rest else 0
    return lines[:room - 1] + [fit(rest, width, tail)]


class TableMessage(Widget):
    """``news``: the last turn, on the lines the instructions leave (none when they
    need every line: player-tester 3, item 10), or the longest of its ``shorter`` forms
    that fits there (:func:`news_lines`);
    ``text`` with a ``kind``: ``"info"`` or ``"error"`` (shown with ✗, in place of the
    news); ``warning``: shown with ⚠ in place of the news, over as many lines as it
    takes (a failed save), the ``text`` under it as far as there is room."""

    COMPONENT_CLASSES = {"message--error", "message--news", "message--warning"}

    warning: reactive[str] = reactive("")
    news: reactive[str] = reactive("")
    shorter: reactive[tuple[str, ...]] = reactive(())
    text: reactive[str] = reactive("")
    kind: reactive[str] = reactive("info")

    def cut(self) -> bool:
        """Whether the ``text`` (a refusal or what to do) needs more lines than this
        area has at its size now, so a player could not read it whole here."""
        width = max(1, self.size.width)
        if self.kind == "error":
            return len(wrap(f"✗ {self.text}", width)) > self.size.height
        said = len(wrap(f"⚠ {self.warning}", width)) if self.warning else 0
        return said + len(wrap(self.text, width)) > self.size.height

    def render(self) -> Text:
        if self.kind == "error":  # the reason matters more than the news: all lines
            return Text(f"✗ {self.text}", self.get_component_rich_style("message--error"))
        width = max(1, self.size.width)
        if self.warning:  # it says why the game is not saved: all of it, before the rest
            out = Text(f"⚠ {self.warning}", self.get_component_rich_style("message--warning"))
            return out.append("\n").append(self.text)
        told = len(wrap(self.text, width)) if self.text else 0
        room = self.size.height - told  # what to do comes first: the news (in the log too) yields
        lines = news_lines(self.news, width, room, self.shorter) if self.news and room > 0 else []
        out = Text("\n".join(lines), self.get_component_rich_style("message--news"))
        if lines:
            out.append("\n")
        out.append(self.text)
        return out
