"""A local game's setup (solo practice or hotseat) and opening its table.

The setup screen fills a :class:`LocalGame`; :func:`open_table` turns it into a
running :class:`net.local.LocalTable` (the host in-process, bots as its seats), saved
after every action; :func:`continue_table` takes a saved one up again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import attrs

from net.local import LocalTable, start_local_game
from rules.core import Game
from rules.estate import GAME as ESTATE_GAME
from rules.zatre import GAME
from rules.zatre_cards import GAME as CARDS_GAME
from rules.zestrea import GAME as ZESTREA_GAME

PACES: dict[str, float] = {"instant": 0.0, "fast": 0.15, "normal": 0.4, "slow": 0.9}
"""Named bot paces: seconds between two tiles of a bot's move."""
DEFAULT_PACE = PACES["normal"]

RULES: dict[str, Game] = {GAME.name: GAME, CARDS_GAME.name: CARDS_GAME, ZESTREA_GAME.name: ZESTREA_GAME,
                         ESTATE_GAME.name: ESTATE_GAME}
"""The games a local table can play, by name (``"zatre"``, ``"zatre-cards"``, ``"zestrea"``, ``"estate"``)."""
GAMES: dict[str, str] = {name: game.title for name, game in RULES.items()}
"""The games a local table can play: name -> title."""


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
    seconds per tile (per card in the card game). ``options``: the game's other
    options by name (``(("extra_hard_times", 2),)``), as the setup form's fields drawn
    from its options type set them (:meth:`game_options`)."""

    seats: tuple[SeatChoice, ...]
    profi: bool = False
    seed: int | None = None
    pace: float = DEFAULT_PACE
    game: str = GAME.name
    teams: bool = False
    options: tuple[tuple[str, Any], ...] = ()

    def game_options(self, rules: Game) -> Any:
        """The options of ``rules`` this game sets: ``profi``, ``teams`` and
        :attr:`options`, those the game has (the card game has no ``teams``); the rest at
        their defaults. ``ValueError`` for a value the options type refuses."""
        names = {field.name for field in attrs.fields(rules.options_type)}
        values: Mapping[str, Any] = {"profi": self.profi, "teams": self.teams, **dict(self.options)}
        return rules.options_type(**{name: value for name, value in values.items() if name in names})

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.bot is None)


async def open_table(game: LocalGame, save_to: Path | None = None) -> LocalTable:
    """Start the host for ``game``, saved to ``save_to`` after every action (``None``:
    not saved). Bots think for at least ``pace`` seconds, so a bot's move starts to
    show about when the previous one has been laid out."""
    rules = RULES.get(game.game)
    if rules is None:
        raise ValueError(f"There is no game called {game.game!r} here.")
    return await start_local_game(
        rules,
        game.game_options(rules),
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
