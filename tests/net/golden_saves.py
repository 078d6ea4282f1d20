"""Golden saves: one save per game, made part way through a seeded bots' game, kept in
``tests/net/golden/`` so that tests/net/test_golden_saves.py can check that saves made by
an *older* Parlour still resume with the current code (design.md, "Saves"; README: "Saves
of an older Parlour still open").

Run: ``python -m tests.net.golden_saves DIR`` (or by path, ``python
tests/net/golden_saves.py DIR``, with ``PYTHONPATH`` naming the Parlour tree whose code is
to make them: run by path, this module imports nothing from ``tests``, so every import
resolves to that tree's ``rules`` and ``net``). It prints where ``rules`` was imported
from, so the maker can see which code wrote the files.

Everything is deterministic: fixed seeds, bots driven with ``random.Random(seed)``,
fixed action ids, token hashes and ``saved_at``. Each game stops at a point chosen by
what has happened, not by a move count alone (Zestrea: past a wedding window and a Fate
card played; Estate: in Era 2), so the state a save reaches holds the rarer parts.

The saves come in two kinds, as Parlour writes them: a hosted table's
(:class:`net.saves.Saver`: seat token hashes, room code, relay or port) and a local
game's (:class:`net.local.LocalTable`: ``local``, ``pace``, no tokens, the table named
"Solo game" / "Hotseat game"); both go through :func:`net.saves.snapshot_of` and
:func:`net.saves.write`, as those do.

A golden set is never made again to make the test pass: a save that no longer resumes
is a regression in the current code (or a rule change that needs its own decision). A
new set, made by a later commit, is added beside the old one (a new folder or new file
names); the old files stay.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any, Callable

import attrs

import net
import rules
from net.codec import codec_for
from net.host import Applied, Host
from net.saves import snapshot_of, write
from rules.core import awaited
from rules.estate import GAME as ESTATE
from rules.estate import EstateOptions
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from rules.zatre_cards import GAME as ZATRE_CARDS
from rules.zatre_cards.state import ZatreCardsOptions
from rules.zestrea import GAME as ZESTREA
from rules.zestrea import ZestreaOptions

SAVED_AT = 1_767_225_600.0  # 2026-01-01 00:00 UTC: a fixed time, so the files are the same each run
MAX_ACTIONS = 5_000


def token_hash(name: str) -> str:
    """A fixed stand-in for a seat token's SHA-256 (the save keeps hashes only)."""
    return hashlib.sha256(f"golden-token-{name}".encode()).hexdigest()


@attrs.frozen
class Golden:
    """One golden save: ``file`` in the folder; the ``game`` with ``options``, ``names``,
    ``seed``; ``players[s]`` the bot kind that plays seat ``s`` while it is made;
    ``bots`` the seats the save names as bots (the others are humans); ``stop(state,
    kinds, n)`` whether to stop after ``n`` actions, ``kinds`` the kinds of events seen
    so far (``{"window": 3, ...}``); ``local`` a local game's save (else a hosted one);
    ``saved`` further optional SaveData fields."""

    file: str
    game: Any
    options: Any
    names: tuple[str, ...]
    seed: int
    players: tuple[str, ...]
    bots: dict[int, str]
    stop: Callable[[Any, dict[str, int], int], bool]
    local: bool = False
    saved: dict = attrs.field(factory=dict)


def _after(n: int) -> Callable[[Any, dict[str, int], int], bool]:
    return lambda state, kinds, done: done >= n


def _zestrea_stop(fates: int, turn: int) -> Callable[[Any, dict[str, int], int], bool]:
    """Past a wedding window, a wedding and ``fates`` Fate cards played, in step IV of
    turn ``turn`` or later."""
    return lambda state, kinds, done: (
        kinds.get("window", 0) >= 1 and kinds.get("married", 0) >= 1
        and kinds.get("fate-played", 0) >= fates and state.phase == "negotiation" and state.turn >= turn)


def _estate_stop(era: int, into: int) -> Callable[[Any, dict[str, int], int], bool]:
    """``into`` actions into Era ``era`` (Era 1 and its scoring behind), in its turns."""
    return lambda state, kinds, done: (state.era >= era and state.phase == "turns"
                                       and kinds.get(f"_era{era}", 0) >= into)


GOLDENS: tuple[Golden, ...] = (
    Golden("zatre-profi-hosted.json", ZATRE, ZatreOptions(profi=True), ("Ann", "Bob", "Cy"), 11,
           ("strong", "easy", "strong"), {2: "strong"}, _after(30),
           saved={"room_code": "ABC-123", "port": 7540}),
    Golden("zatre-teams-hosted.json", ZATRE, ZatreOptions(teams=True), ("Ann", "Bob", "Cy", "Dee"), 12,
           ("strong", "easy", "strong", "easy"), {1: "easy", 3: "easy"}, _after(40),
           saved={"relay": "ws://relay.example:7531"}),
    Golden("zatre-solo-local.json", ZATRE, ZatreOptions(), ("Ann", "Bot"), 13,
           ("easy", "strong"), {1: "strong"}, _after(20), local=True, saved={"pace": 0.6}),
    Golden("zatre-cards-hosted.json", ZATRE_CARDS, ZatreCardsOptions(), ("Ann", "Bob", "Cy"), 14,
           ("strong", "easy", "strong"), {1: "easy"}, _after(20), saved={"port": 7541}),
    # seed 28: Bad Eyesight, The Godparents, Dowry Chest and The Notary's Bribe played by turn 5
    # of 8, weddings won and lost
    Golden("zestrea-hosted.json", ZESTREA, ZestreaOptions(), ("Ann", "Bob", "Cy", "Dee"), 28,
           ("strong", "easy", "strong", "easy"), {1: "easy", 2: "strong", 3: "easy"}, _zestrea_stop(4, 5),
           saved={"port": 7542}),
    # seed 20: the Musician, The Godparents and Just Married played by turn 4; one human, so
    # a "Solo game" against three bots
    Golden("zestrea-solo-local.json", ZESTREA, ZestreaOptions(), ("Ann", "Bob", "Cy", "Dee"), 20,
           ("strong", "easy", "strong", "easy"), {1: "easy", 2: "strong", 3: "easy"}, _zestrea_stop(3, 4),
           local=True, saved={"pace": 0.6}),
    # seed 16 deals the Warlord, the Agrarian Lord, the Warden and the Pious One (whose Gather
    # track changed after ec12837)
    Golden("estate-hosted.json", ESTATE, EstateOptions(leaders="random"), ("Ann", "Bob", "Cy", "Dee"), 16,
           ("strong", "easy", "strong", "easy"), {1: "easy", 2: "strong", 3: "easy"}, _estate_stop(3, 10),
           saved={"port": 7543}),
    Golden("estate-solo-local.json", ESTATE, EstateOptions(), ("Ann",), 17,
           ("strong",), {}, _estate_stop(3, 6), local=True, saved={"pace": 0.6}),
)


def play(golden: Golden) -> tuple[Host, dict[str, int]]:
    """Play ``golden``'s game with its bots until its ``stop``; the host restored to
    that point (as a resumed table would be), and the kinds of events seen."""
    game = golden.game
    state = game.setup(golden.options, len(golden.names), golden.seed)
    bots = [game.bots[kind]() for kind in golden.players]
    rng = random.Random(golden.seed)
    log: list[Applied] = []
    kinds: dict[str, int] = {}
    while not golden.stop(state, kinds, len(log)):
        if game.is_over(state) or len(log) >= MAX_ACTIONS:
            raise SystemExit(f"{golden.file}: the game ended (or ran {len(log)} actions) before its stop")
        seat = rng.choice(sorted(awaited(game, state)))
        action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, events = game.apply(state, seat, action)
        for event in events:
            kind = getattr(event, "kind", type(event).__name__)
            kinds[kind] = kinds.get(kind, 0) + 1
        if getattr(state, "era", 0):  # Estate: actions played in each Era
            kinds[f"_era{state.era}"] = kinds.get(f"_era{state.era}", 0) + 1
        log.append(Applied(len(log) + 1, seat, action, f"golden-{len(log) + 1}"))
    host = Host(game, golden.options, len(golden.names), golden.seed, golden.names, golden.bots)
    host.restore(log)
    assert host.state == state, golden.file
    return host, kinds


def make(golden: Golden, folder: Path) -> Path:
    """Write ``golden``'s save in ``folder``: a local game's as net.local.LocalTable.save
    writes it, a hosted one's as net.saves.Saver does."""
    host, kinds = play(golden)
    codec = codec_for(host.game)
    seats = len(golden.names)
    if golden.local:
        humans = sum(s not in golden.bots for s in range(seats))
        table = ("Bots' game", "Solo game")[humans] if humans < 2 else "Hotseat game"
        data = snapshot_of(host, table, (None,) * seats, codec, local=True, **golden.saved)
    else:
        hashes = tuple(None if s in golden.bots else token_hash(golden.names[s]) for s in range(seats))
        data = snapshot_of(host, "Golden " + golden.game.title, hashes, codec, **golden.saved)
    data = attrs.evolve(data, saved_at=SAVED_AT)
    path = folder / golden.file
    write(path, data, codec)
    seen = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()) if not k.startswith("_"))
    print(f"{path.name}: {host.version} actions, {path.stat().st_size} bytes; events: {seen}")
    return path


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: python -m tests.net.golden_saves DIR")
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    print(f"rules from {Path(rules.__file__).parent}, net from {Path(net.__file__).parent}")
    for golden in GOLDENS:
        make(golden, folder)


if __name__ == "__main__":
    main(sys.argv[1:])
