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


def test_a_solo_save_replays_with_era_ends_grammar_and_the_result(tmp_path):
    """Issue 10 tester items 1-2: ``replay --text`` of a solo game tells each Era's Event
    and end (met or failed, the failures so far, E-R21), "You gather" not "You gathers",
    what was answered, picks without their card (E-R32), each Solo Mode card revealed
    with what it did (E-R28, issue 10), and the title or loss instead of a blank winner."""
    async def play() -> None:
        table = await start_local_game(GAME, EstateOptions(), ("You",), {0: "easy"},
                                       seed=3, bot_delay=0, save_to=tmp_path / "game.json")
        for _ in range(2000):
            if table.result is not None:
                break
            await asyncio.sleep(0.01)
        await table.stop()

    asyncio.run(play())
    lines = list(replay_text(tmp_path / "game.json"))
    text = "\n".join(lines)
    assert ", 1 seat: You" in lines[0]  # tester-estate-1 item 16: not "1 seats"
    assert "Era 1 begins: the Era Event is " in text
    assert "Era 1 ends (" in text
    assert "objective failed (1 of 3)" in text or "objective met, measure" in text
    assert "You gathers" not in text and "You gather at " in text
    assert "You answered: " in text and "You kept a card from the packet" in text
    assert "You answer\n" not in text + "\n" and "You pick\n" not in text + "\n"
    assert "Merchant (Solo Mode card) copies Quarry and gives 1 Stone" in text  # E-R28, issue 10
    assert lines[-1].strip().startswith(("title: ", "lost: three Era Objectives failed"))


def test_an_unknown_action_kind_is_refused_by_name():
    """Player-tester findings on Estate, item 17: an intent whose action names no kind
    of Estate's (or Zestrea's) got "required field missing @ $.action" although
    ``action`` was there; the codec stays strict and names the unknown kind."""
    import pytest

    from net.codec import ProtocolError
    from rules.zestrea import GAME as ZESTREA

    def refused(game, action) -> str:
        frame = json.dumps({"kind": "intent", "action_id": "a1", "version": 3, "action": action})
        with pytest.raises(ProtocolError) as caught:
            codec_for(game).decode_client(frame)
        return str(caught.value)

    for game in (GAME, ZESTREA):
        assert refused(game, {"kind": "bogus"}) == "bad intent: unknown action kind 'bogus' @ $.action"
        assert refused(game, {"card": "E-C01-1"}) == "bad intent: an action needs a string 'kind' @ $.action"
        assert refused(game, {"kind": "bo\ngus"}) == "bad intent: unknown action kind 'bo\\x0agus' @ $.action"
    assert refused(GAME, {"kind": "draw", "extra": 1}) == "bad intent: unknown key 'extra' @ $.action"
    frame = json.dumps({"kind": "intent", "action_id": "a1", "version": 3, "action": {"kind": "draw"}})
    assert codec_for(GAME).decode_client(frame).action.kind == "draw"  # (a known kind still reads)
