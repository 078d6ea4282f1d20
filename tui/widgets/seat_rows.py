"""What both games' score strips do with a seat's row once its figures are written."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text


def add_seat_row(out: list[Text], text: Text, line, inline: bool, turn: Style, you: Style,
                 note: Style) -> None:
    """Append ``text`` (one seat's figures) to ``out``: styled as the seat to play
    (``line.to_play``) and/or the player's own (``line.you``), with ``line.note`` after
    it when ``inline``, else on a line of its own under it."""
    if line.to_play:
        text.stylize(turn)
    if line.you:
        text.stylize(you)
    if line.note and inline:
        text.append(f" {line.note}", note)
    out.append(text)
    if line.note and not inline:
        out.append(Text(f"    {line.note}", note))
