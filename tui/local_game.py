"""A local game's setup (solo practice or hotseat) and opening its table.

The setup screen fills a :class:`LocalGame`; :func:`open_table` turns it into a
running :class:`net.local.LocalTable` (the host in-process, bots as its seats), saved
after every action; :func:`continue_table` takes a saved one up again.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from net.local import LocalTable, start_local_game
from rules.zatre import GAME, ZatreOptions
from rules.zatre_cards import GAME as CARDS_GAME, ZatreCardsOptions

PACES: dict[str, float] = {"instant": 0.0, "fast": 0.15, "normal": 0.4, "slow": 0.9}
"""Named bot paces: seconds between two tiles of a bot's move."""
DEFAULT_PACE = PACES["normal"]

GAMES: dict[str, str] = {GAME.name: GAME.title, CARDS_GAME.name: CARDS_GAME.title}
"""The games a local table can play: name -> title (``"zatre"``, ``"zatre-cards"``)."""


@attrs.frozen
class SeatChoice:
    """One seat: the player's ``name`` and ``bot`` kind (``None``: a human)."""

    name: str
    bot: str | None = None


@attrs.frozen
class LocalGame:
    """A local game of ``game`` (a name in :data:`GAMES`, Zatre by default): 2-4 seats
    in turn order (Zatre with ``teams``: 4 or 6, partners side by side), ``profi`` (no
    hints), an optional ``seed`` (``None``: a random one) and the bots' ``pace`` in
    seconds per tile (per card in the card game)."""

    seats: tuple[SeatChoice, ...]
    profi: bool = False
    seed: int | None = None
    pace: float = DEFAULT_PACE
    game: str = GAME.name
    teams: bool = False

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.bot is None)


async def open_table(game: LocalGame, save_to: Path | None = None) -> LocalTable:
    """Start the host for ``game``, saved to ``save_to`` after every action (``None``:
    not saved). Bots think for at least ``pace`` seconds, so a bot's move starts to
    show about when the previous one has been laid out."""
    if game.game == CARDS_GAME.name:
        rules, options = CARDS_GAME, ZatreCardsOptions(profi=game.profi)
    elif game.game == GAME.name:
        rules, options = GAME, ZatreOptions(profi=game.profi, teams=game.teams)
    else:
        raise ValueError(f"There is no game called {game.game!r} here.")
    return await start_local_game(
        rules,
        options,
        tuple(s.name for s in game.seats),
        {i: s.bot for i, s in enumerate(game.seats) if s.bot is not None},
        seed=game.seed,
        bot_delay=game.pace,
        save_to=save_to,
    )


async def continue_table(path: Path) -> LocalTable:
    """Start the local game saved in ``path`` again where it was left (its bots,
    human seats, options and pace as saved). Raises :class:`net.saves.SaveError`."""
    table = LocalTable.resume(path)
    await table.start()
    return table
