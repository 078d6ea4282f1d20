"""A form's open lists taken as chosen: ctrl+s pressed with (or just after) Enter on an
open list must start from the entry just chosen, while the list's own news of it is
still on its way (player-tester 2, item 1: Enter on Zestrea with ctrl+s started the
Zatre set-up shown before)."""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode
from textual.widgets import Select
from textual.widgets._select import SelectOverlay


def take_open_lists(root: DOMNode) -> list[tuple[Select, Any]]:
    """Each open list under ``root`` closes, its highlighted entry becoming its value
    (focus back on the list, as Enter leaves it); returns ``(list, value)`` for those
    whose value this changed (each posts its ``Select.Changed`` later, as usual)."""
    taken = []
    for select in root.query(Select):
        if not select.expanded:
            continue
        index = select.query_one(SelectOverlay).highlighted
        value = select._options[index][1] if index is not None else select.value
        select.expanded = False
        select.focus()
        if value != select.value:
            select.value = value
            taken.append((select, value))
    return taken
