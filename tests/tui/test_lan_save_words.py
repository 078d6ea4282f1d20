"""The lobby tells the host where the game is saved only once it is: nothing is written
before ``/start`` (net/saves.py saves a game, not a lobby)."""

from __future__ import annotations

import asyncio

from tui.lan import TokenStore

from .lan_helpers import host_session, hosted


async def test_the_save_is_promised_in_the_lobby_and_told_at_the_start(tmp_path):
    save = tmp_path / "friday.json"
    table = await hosted(save=save)
    session = await host_session(table, "Ann", TokenStore(tmp_path / "tokens.json"))
    try:
        notices = lambda: [line.text for line in session.lines if "saved to" in line.text]  # noqa: E731
        assert notices() == [f"The game will be saved to {save} once it starts."]
        assert not save.exists()
        await session.say("/join")
        await session.say("/bot add easy")
        await session.say("/start")
        for _ in range(200):
            if len(notices()) == 2:
                break
            await asyncio.sleep(0.01)
        assert notices()[1] == f"The game is saved to {save} (parlour host --resume FILE continues it)."
        assert save.exists()
    finally:
        await session.close()
