"""The host of a game under way whose terminal was closed (its process killed: no
clean shutdown) hosts it again under whatever name and gets its seat back (crash 9:
``parlour host --resume FILE`` without ``--player``, or the menu's *Host a saved game
again…* with the login in *Your name*, left the host watching their own game, "Waiting
for Ann (away)", when this machine still kept the host's token of an earlier game at
the same relay under that other name)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tui.lan import HostSettings, TokenStore, host_table

from .lan_helpers import LINK, relay_at
from .test_lan_join import until_table

ROOT = Path(__file__).resolve().parents[2]


async def crashed_host(relay: str, tokens: TokenStore) -> Path:
    """A fresh table hosted by Ann through ``relay`` in another process, started with
    an easy bot, then killed: the path of its save."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    process = subprocess.Popen([sys.executable, "-m", "tests.tui.crashing_host", relay, str(tokens.path)],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 30)
    finally:
        process.kill()  # (SIGKILL: as a closed terminal, nothing is said or cleaned up)
        process.wait()
        process.stdout.close()
    assert line.strip(), "the crashing host printed no save"
    return Path(line.strip())


async def test_a_host_killed_mid_game_gets_its_seat_back_under_another_name(tmp_path):
    relay, url, _ = await relay_at()
    tokens = TokenStore(tmp_path / "tokens.json")
    # an earlier game at this relay, hosted again as Root: its token is still kept under that name
    tokens.put(TokenStore.host_key(url, "Root"), "an-earlier-games-token", "Wed", "ABCDEF")
    try:
        save = await crashed_host(url, tokens)
        again = await host_table(HostSettings(None, "Root", relay=url, advertise=False, resume=save),
                                 tokens, **LINK)
        try:
            await until_table(lambda: again.link.seat == 0)
            assert again.lobby.seats[0].name == "Ann" and again.lobby.seats[0].status == "here"
            assert tokens.get(TokenStore.host_key(url, "Root")) == again.link.token  # (the stale one replaced)
        finally:
            await again.close()
    finally:
        await relay.stop()
