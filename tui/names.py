"""How every table names a seat."""

from __future__ import annotations

from typing import Sequence


def seat_name(names: Sequence[str], bots: Sequence[str | None], seat: int) -> str:
    """``"Ada"`` or, for a bot seat, ``"Ada (strong bot)"``; a bot the lobby named after
    its kind stays ``"Strong bot"`` or ``"Easy bot 2"`` (not ``"Easy bot 2 (easy bot)"``)."""
    name = names[seat]
    bot = bots[seat] if seat < len(bots) else None
    if not bot or name.casefold().startswith(f"{bot} bot".casefold()):
        return name
    return f"{name} ({bot} bot)"
