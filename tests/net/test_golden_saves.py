"""Saves made by an older Parlour still resume: every file in tests/net/golden/ (made by
tests/net/golden_saves.py with an older commit's code, see golden/README.md) is read and
resumed with the current code, reaches the state it was saved at, and plays on.

design.md, "Saves": the host writes the game (options, seed, action log, snapshot) after
every action, "so a crashed host resumes with ``--resume``"; "Local games (solo, hotseat)
... are saved the same way, so they can be continued and replayed". README.md (hosting):
"Saves of an older Parlour still open". A save holds the action log and a digest of the
state reached (net.saves.state_digest); a change to a game's rules or state class that
changes what the old log replays to breaks every existing save of that game, which no
test making its saves with the current code can see. A state field added since is kept
out of the digest (rules.core.added_field).

A golden file that fails here is a regression in the current code (or a rule change
that needs its own decision about old saves): never make the golden files again to pass.
"""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

import pytest

from net.codec import codec_for
from net.host import Intent
from net.local import LocalTable
from net.saves import Replay, finished_text, read, resume, state_digest
from rules import registry
from rules.core import awaited

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.rglob("*.json"))
TIMEOUT = 10.0


def test_the_golden_saves_are_there_for_every_game():
    assert len(FILES) >= 8
    games = {read(path)[0].game for path in FILES}
    assert games == set(registry.GAMES)
    assert any(read(path)[0].local for path in FILES) and any(not read(path)[0].local for path in FILES)


def next_action(game, state, seat: int):
    """What a bot would play for ``seat`` now (a legal action: a listed one, or one
    within an ActionKind's bounds that the bot fills in)."""
    bot = game.bots["easy"]()
    return bot.choose(game.view(state, seat), game.legal_actions(state, seat), random.Random(0))


def waited_for(game, state) -> list[int]:
    return sorted(awaited(game, state) or game.active_seats(state))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(GOLDEN)))
def test_a_golden_save_resumes_to_its_saved_state(path):
    data, game = read(path)
    host, again = resume(path, bot_delay=0)  # raises SaveError if the log replays elsewhere
    assert again == data
    assert host.version == data.version == len(data.log) > 0
    assert state_digest(codec_for(game), host.state, game) == data.state_digest
    assert not host.over and not finished_text(path, data, host.over)
    *_, last = Replay(data, game)  # parlour replay steps through it to the same state
    assert last.version == data.version and last.state == host.state


async def hosted_plays_on(path: Path) -> None:
    """As ``parlour host --resume`` does: resume, start the host; the seat it waits for
    (a human's: a bot's choice sent as that player's intent; a bot's: its own) plays."""
    host, data = resume(path, bot_delay=0)
    game = host.game
    async with host:
        seat = waited_for(game, host.state)[0]
        if host.bot_kinds[seat] is None:
            peer = host.connect(seat, lambda snapshot: None)
            action = next_action(game, host.state, seat)
            intent = Intent(action, "golden-next", host.version)
            outcome = await asyncio.wait_for(host.submit(peer, intent), TIMEOUT)
            assert outcome.accepted, outcome
        for _ in range(int(TIMEOUT / 0.01)):
            if host.version > data.version:
                break
            await asyncio.sleep(0.01)
        assert host.version > data.version


async def local_plays_on(path: Path) -> None:
    """As the menu's continue does (net.local.LocalTable.resume): the game goes on, a
    human's move (or the bots') saved to the same file."""
    table = LocalTable.resume(path)
    saved = table.host.version
    game = table.host.game
    async with table:
        seat = waited_for(game, table.host.state)[0]
        if seat in table.humans:
            action = next_action(game, table.host.state, seat)
            assert (await asyncio.wait_for(table.humans[seat].submit(action), TIMEOUT)).accepted
        for _ in range(int(TIMEOUT / 0.01)):
            if read(path)[0].version > saved:
                break
            await asyncio.sleep(0.01)
    assert read(path)[0].version > saved


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(GOLDEN)))
async def test_a_golden_save_plays_on(path, tmp_path):
    copy = tmp_path / path.name  # the golden file is never written to (nor locked)
    shutil.copyfile(path, copy)
    if read(copy)[0].local:
        await local_plays_on(copy)
    else:
        await hosted_plays_on(copy)
