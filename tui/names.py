"""How every table names a seat."""

from __future__ import annotations

from typing import Sequence

from net.lobby import article


def seat_name(names: Sequence[str], bots: Sequence[str | None], seat: int) -> str:
    """``"Ada"`` or, for a bot seat, ``"Ada (strong bot)"``; a bot the lobby named after
    its kind stays ``"Strong bot"`` or ``"Easy bot 2"`` (not ``"Easy bot 2 (easy bot)"``)."""
    name = names[seat]
    bot = bots[seat] if seat < len(bots) else None
    if not bot or name.casefold().startswith(f"{bot} bot".casefold()):
        return name
    return f"{name} ({bot} bot)"


def bot_took_text(names: Sequence[str], took) -> str:
    """A seat taken by a bot during the game (a ``net.table.BotTook``), as the log and
    the results tell it: ``"Seat 3 (Bob) was played by a strong bot from move 31"``,
    ``"... from move 31 to move 40"`` when its player came back."""
    kind = f"{article(took.kind)} {took.kind} bot" if took.kind else "a bot"
    name = names[took.seat] if took.seat < len(names) else "?"
    until = f" to move {took.until}" if took.until is not None else ""
    return f"Seat {took.seat + 1} ({name}) was played by {kind} from move {took.since + 1}{until}."
