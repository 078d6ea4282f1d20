"""How every table names a seat, and how any text is fitted to columns.

Widths are terminal cells, never characters: a CJK character or most emoji take two
cells, a combining accent none. Rich (under Textual) measures them
(``rich.cells``); everything here is built on that, so a column of names lines up
whatever the names are written in (issue 8 §4).
"""

from __future__ import annotations

import re
from typing import Sequence

from rich.cells import cell_len, chop_cells, set_cell_size

ELLIPSIS = "…"

TURN_ROOM = 20
"""Cells a table's top line keeps at least for whose turn it is and what to do, before
the game's other facts there (the bag, the round, the options) are cut instead."""

LOG_NAME = 8
"""Cells of a player's name in a move log line (room at 80x24 for ``"Easy b…2"``)."""


def seat_name(names: Sequence[str], bots: Sequence[str | None], seat: int) -> str:
    """``"Ada"`` or, for a bot seat, ``"Ada (strong bot)"``; a bot the lobby named after
    its kind stays ``"Strong bot"`` or ``"Easy bot 2"`` (not ``"Easy bot 2 (easy bot)"``)."""
    mark = bot_mark(names, bots, seat)
    return f"{names[seat]} ({mark})" if mark else names[seat]


def bot_mark(names: Sequence[str], bots: Sequence[str | None], seat: int) -> str:
    """``"strong bot"`` for a seat a bot plays whose name does not say so already (a
    seat given to a bot keeps its player's name), else ``""``."""
    bot = bots[seat] if seat < len(bots) else None
    if not bot or names[seat].casefold().startswith(f"{bot} bot".casefold()):
        return ""
    return f"{bot} bot"


def cells(text: str) -> int:
    """Terminal cells ``text`` takes on one line (``cells("日本") == 4``)."""
    return cell_len(text)


def fit(text: str, width: int, tail: int = 0) -> str:
    """``text`` in at most ``width`` cells: whole if it fits, else cut with ``…``,
    keeping its last ``tail`` characters (``fit("Easy bot 2", 8, 1) == "Easy b…2"``).
    A wide character is never split: the cut text may be a cell short of ``width``."""
    width = max(0, width)
    if cell_len(text) <= width:
        return text
    if width == 0:
        return ""
    end = text[len(text) - tail:] if 0 < tail < len(text) else ""
    if cell_len(end) > width - 2:
        end = ""
    head = set_cell_size(text, width - 1 - cell_len(end)).rstrip()
    return f"{head}{ELLIPSIS}{end}"


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` :func:`fit` to ``width`` cells and padded with spaces to exactly
    ``width`` cells: on the right (``align="<"``) or on the left (``">"``)."""
    short = fit(text, width)
    room = " " * (width - cell_len(short))
    return short + room if align == "<" else room + short


def first_fitting(texts: Sequence[str], width: int) -> str:
    """The first of ``texts`` (longest wording first) that fits ``width`` cells
    whole, else the last :func:`fit` to ``width``: a shorter wording before a cut name."""
    for text in texts:
        if cell_len(text) <= width:
            return text
    return fit(texts[-1], width)


def fit_names(names: Sequence[str], width: int) -> tuple[str, ...]:
    """Every name in at most ``width`` cells, still telling the players apart:
    a number at the end is kept (``"Easy bot 2"`` → ``"Easy b…2"`` beside ``"Easy bot"``),
    and a cut name that could be read as another cut keeps more of its end until it
    cannot: beside ``"Strong bot 2"`` → ``"Strong…2"``, ``"Strong bot"`` reads
    ``"Strong…t"``, not ``"Strong…"`` (which would fit both; issue 9)."""
    tails = [len(m.group(0)) if (m := re.search(r"\d+$", name)) else 0 for name in names]
    while True:
        short = [fit(name, width, tail) for name, tail in zip(names, tails)]
        alike = [i for i, s in enumerate(short) if _reads_as_other(i, s, names, tails[i])
                 and cell_len(names[i]) > width and tails[i] < width - 2]
        if not alike:
            return tuple(short)
        for i in alike:
            tails[i] += 1


def _reads_as_other(i: int, short: str, names: Sequence[str], tail: int) -> bool:
    """Whether ``short`` (``names[i]`` fitted keeping ``tail`` characters) could be
    another of ``names`` fitted the same way: its head starts that name and its kept
    end ends it."""
    if ELLIPSIS not in short:
        return False
    head, _, end = short.rpartition(ELLIPSIS)
    return any(j != i and other.startswith(head) and other.endswith(end) and other != names[i]
               for j, other in enumerate(names))


def log_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names for the move log: cut to :data:`LOG_NAME` cells
    (:func:`fit_names`) and padded to one width in cells, no wider than the longest
    needs (at least 5)."""
    short = fit_names(names, LOG_NAME)
    width = max(5, *(cell_len(name) for name in short))
    return tuple(pad(name, width) for name in short)


def log_name(name: str) -> str:
    """``name`` (as :func:`log_names` gives it) in a log line's name column: at least
    5 cells, at most :data:`LOG_NAME` (cut there), padded in cells."""
    return pad(name, max(5, min(LOG_NAME, cell_len(name))))


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` cells, the lines
    after the first starting with ``indent`` (spaces inside a line are kept, those at a
    break dropped, those leading the text too); a word wider than a line is cut after a
    ``/`` where it has one (a path breaks between folders, not inside a name), else
    between characters (never inside a wide one)."""
    width = max(1, width)
    if cell_len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for space, word in re.findall(r"( *)([^ ]+)", text):
        lead = indent if lines else ""
        candidate = f"{line}{space}{word}" if line or not lines else f"{lead}{word}"
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line.strip():
            lines.append(line)
        line = indent if lines else space
        while cell_len(line + word) > width:
            piece = chop_cells(word, max(1, width - cell_len(line)))[0]
            if piece.rfind("/") > 0:
                piece = piece[:piece.rfind("/") + 1]
            lines.append(line + piece)
            line, word = indent, word[len(piece):]
        line += word
    if line.strip() or not lines:
        lines.append(line)
    return lines
