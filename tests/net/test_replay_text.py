"""``parlour replay --text`` tells what the table's log tells (player-tester 4, item 4):
Zestrea's Production rolls with the Zestre each gained and the Boyar each newcomer came to,
Fate cards drawn, Land bought, Zestre and cards given, each Boyar's payment to a Time card,
Zestre and Land a card gave or took (play-test 21, item 4), in the same words as the live log
(tui/zestrea/story.py), as a spectator's log tells them (no hidden card named)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net.cli import replay_text
from net.codec import codec_for
from net.host import Host
from net.saves import Replay, snapshot_of, write
from rules.zestrea import GAME, ZestreaOptions
from rules.zestrea.state import (
    Bought, CardsMoved, FateDrawn, Gift, LandChanged, Rolled, Toll, VillagerCame, VillagerMoved, ZestreChanged,
    ZestreGiven,
)
from rules.zestrea.words import (
    bought_text, drawn_text, given_text, land_text, moved_text, toll_text, villager_moved_text, who, zestre_text,
)
from tui.zestrea.story import event_lines

NAMES = ("Ann", "Bob", "Cy", "Di")


def _saved_game(tmp_path: Path, seed: int) -> Path:
    """A whole Zestrea game of four easy bots (``seed``), saved as a hosted game."""
    async def play() -> Host:
        bots = {s: "easy" for s in range(len(NAMES))}
        host = Host(GAME, ZestreaOptions(), len(NAMES), seed, NAMES, bots, bot_delay=0)
        async with host:
            await host.wait_over()
        return host

    host = asyncio.run(play())
    path = tmp_path / "game.json"
    write(path, snapshot_of(host, "Friday", (None,) * len(NAMES), codec_for(GAME)), codec_for(GAME))
    return path


def test_text_tells_production_rolls_and_newcomers_as_the_log_does(tmp_path):
    """Item 4 (zestrea.md step II, Z-R10; Newcomers Time card): each version's line in
    ``--text`` holds every roll and arrival line the table's log tells for it."""
    path = _saved_game(tmp_path, seed=3)
    lines = list(replay_text(path))
    by_version = {int(line[:4]): line[6:] for line in lines if line[:4].strip().isdigit()}
    rolls = arrivals = others = 0
    for step in Replay.open(path):
        if step.version == 0:
            continue
        seen = [GAME.project_event(e, None) for e in step.events]  # as a spectator's log
        told = event_lines(seen, NAMES, step.view(None))
        for event, line in _told_events(seen, told):
            assert line in by_version[step.version], (step.version, line)
            rolls += isinstance(event, Rolled)
            arrivals += isinstance(event, VillagerCame)
        if isinstance(step.action, Gift):
            continue  # (the gift's own line says what was given)
        for line in _other_lines(seen, step.view(None).time_card):
            assert line in told, (step.version, line)
            assert line in by_version[step.version], (step.version, line, by_version[step.version])
            others += 1
    assert rolls > 0 and arrivals > 0
    assert others > 3
    assert any(" rolled " in text and " Zestre" in text and ": +" in text for text in by_version.values())
    assert any("(newcomer)" in text for text in by_version.values()), "no Newcomers card in this game"


def test_text_tells_each_boyars_payment_to_a_time_card_as_the_log_does(tmp_path):
    """Play-test 21, item 4 (reference §5 H13 Tax Collector, H03 Bandits, H08 Highway):
    ``--text`` tells each Boyar's payment to a Time card, and the Land and Zestre a card
    took or gave, in the table log's words."""
    path = _saved_game(tmp_path, seed=5)  # its Time cards: ... H08, H13, H03 ...
    text = "\n".join(replay_text(path))
    for step in Replay.open(path):
        seen = [GAME.project_event(e, None) for e in step.events]
        told = event_lines(seen, NAMES, step.view(None))
        for line in _other_lines(seen, step.view(None).time_card):
            assert line in told and line in text, (step.version, line)
    for card in ("Tax Collector", "Bandits"):
        assert sum(" Zestre (" in line and f"({card})" in line for line in text.split("; ")) == len(NAMES), card
    assert "Land (Highway Through Your Yard)" in text


def _told_events(events, told):
    """The (event, log line) pairs for Production rolls and villagers who came."""
    for event in events:
        if isinstance(event, Rolled) and event.why == "production":
            boyar = NAMES[event.seat]
            yield event, next(line for line in told if line.startswith(f"{boyar} rolled {event.die} for "))
        elif isinstance(event, VillagerCame) and event.how not in ("start", "wedding"):
            yield event, next(line for line in told if line.startswith(f"{who(event.villager)} came to"))


def _other_lines(events, time_card):
    """The log's lines for Fate cards drawn, Land and Fate cards bought, Zestre and
    cards given, payments to a Time card, Zestre and Land a card gave or took, villagers
    a card moved (events as a spectator sees them)."""
    for event in events:
        if isinstance(event, FateDrawn):
            yield drawn_text(event, NAMES, time_card)
        elif isinstance(event, Bought) and event.what in ("land", "fate"):
            yield bought_text(event, NAMES)
        elif isinstance(event, ZestreGiven) and event.giver != event.taker:
            yield given_text(event, NAMES)
        elif isinstance(event, CardsMoved):
            yield moved_text(event, NAMES)
        elif isinstance(event, Toll):
            yield toll_text(event, NAMES)
        elif isinstance(event, ZestreChanged) and zestre_text(event, NAMES):
            yield zestre_text(event, NAMES)
        elif isinstance(event, LandChanged) and event.why != "food":
            yield land_text(event, NAMES)
        elif isinstance(event, VillagerMoved):
            yield villager_moved_text(event, NAMES)
