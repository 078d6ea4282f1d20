"""A seat that changes hands during a game is saved at once (player-tester 6, finding 3:
after ``/seat 3 NAME`` gave a held seat back to its returning player, the host crashed
and ``parlour host --resume`` refused that player's token: "Unknown seat token."). The
save holds each seat's token hash (net/saves.py); design.md: a hosted game is saved
after every action and every seat change."""

from __future__ import annotations

import asyncio
import hashlib

from net.saves import read
from rules.zatre import GAME as ZATRE
from tests.net.wire import TIMEOUT, crash, host_table, join, seated, until


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def test_a_seat_given_back_with_seat_is_saved_and_comes_back_after_a_resume(tmp_path):
    path = tmp_path / "save.json"
    hosted = await host_table(ZATRE, save=path, seed=4, grace=30)
    port = int(hosted.url.rsplit(":", 1)[1])
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    await bob.close()  # Bob's process dies; his seat is held for him
    await until(lambda: hosted.table.lobby.seats[1].status == "away", what="Bob away")
    again = await join(hosted, "Bob")  # a new process, no token: watching as "Bob 2"
    assert again.seat is None and again.name == "Bob 2"
    await ann.say("/seat 2 Bob")
    await until(lambda: again.seat == 1 and again.token is not None, what="Bob's seat given back")
    saved, _ = read(path)
    assert saved.token_hashes[1] == hashed(again.token)  # the save knows the new token at once

    await crash(hosted)
    await until(lambda: not ann.status.online and not again.status.online, what="both offline")
    resumed = await host_table(None, save=True, resume_from=path, port=port)
    await until(lambda: ann.status.online and again.status.online, timeout=10, what="both back")
    assert again.seat == 1 and again.status.state == "connected"
    await until(lambda: resumed.table.lobby.seats[1].status == "here", what="Bob's seat his again")
    for link in (ann, again):
        await asyncio.wait_for(link.close(), TIMEOUT)
    await resumed.stop()
