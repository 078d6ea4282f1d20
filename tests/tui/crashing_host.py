"""A host that crashes: run as ``python -m tests.tui.crashing_host RELAY TOKENS``, it
hosts a fresh Zatre table "Thu" through the relay at ``RELAY`` as ``parlour host
--relay RELAY --player Ann --name Thu`` does (saved in the saves folder, seat tokens
kept in the file ``TOKENS``), sits Ann down with an easy bot, starts, prints the save's
path once the host's seat token is kept for it, and waits to be killed: no goodbye,
no clean shutdown, as when the host's terminal is closed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tui.lan import HostSettings, TokenStore, host_table


async def main(relay: str, tokens_file: str) -> None:
    tokens = TokenStore(Path(tokens_file))
    session = await host_table(HostSettings("Thu", "Ann", relay=relay, advertise=False, bot_delay=0), tokens)
    for line in ("/join", "/bot add easy", "/start"):
        await session.link.say(line)
        await asyncio.sleep(0.1)
    save = session.hosted.save
    while not (session.link.seat == 0 and session.started and tokens.get(TokenStore.save_key(save))):
        await asyncio.sleep(0.02)
    print(save, flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:3]))
