"""Estate on the wire and in saves (issue 10: "parlour replay and --text read Estate
saves"; LAN 1-5 seats): every action and view of a game survives the protocol's JSON
(tagged action kinds, answers and questions whose options are tuples), and a saved game
replays as text."""

from __future__ import annotations

import asyncio
import json
import random

from net.cli import replay_text
from net.codec import codec_for
from net.local import start_local_game
from rules.estate import GAME
from rules.estate.state import Answer, EstateOptions


def _round_trip(conv, value, as_type):
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, unstructure_as=as_type))), as_type)


def test_actions_and_views_survive_the_wire():
    """Each seat's view and every action chosen over a 3-seat game read back equal
    (a tuple answer, a stored pair or a tucked triple, stays a tuple: E-R13, E-R24)."""
    conv = codec_for(GAME).converter
    state = GAME.setup(EstateOptions(), 3, 11)
    rnd = random.Random(11)
    while not GAME.is_over(state):
        seat = min(GAME.active_seats(state))
        view = GAME.view(state, seat)
        assert _round_trip(conv, view, GAME.view_type) == view
        action = rnd.choice(GAME.legal_actions(state, seat))
        assert _round_trip(conv, action, GAME.action_type) == action
        state, _ = GAME.apply(state, seat, action)
    assert Answer(["E-C01-1", "I"]) == Answer(("E-C01-1", "I"))  # JSON lists read as tuples


def test_a_saved_game_replays_as_text(tmp_path):
    """``parlour replay --text``: a local 3-bot game, saved after every action, told move
    by move with its scores and winner."""
    async def play() -> None:
        table = await start_local_game(GAME, EstateOptions(), ("Ann", "Bob", "Cy"), {0: "easy", 1: "easy", 2: "easy"},
                                       seed=3, bot_delay=0, save_to=tmp_path / "game.json")
        for _ in range(2000):
            if table.result is not None:
                break
            await asyncio.sleep(0.01)
        await table.stop()

    asyncio.run(play())
    lines = list(replay_text(tmp_path / "game.json"))
    assert "Estate: Raise the Realm, 3 seats" in lines[0]
    assert any("gathers at" in line for line in lines)
    assert lines[-1].startswith("      winner: ")
