"""What ``parlour relay`` prints as it works (player-tester 5, item 9: after
"listening" it said nothing, so whoever ran it could not see rooms come and go, nor
abuse): a line for each room opened and closed and for an address refused."""

from __future__ import annotations

import io
import logging

from net import closecodes as cc
from net.cli import serve_table, show_relay_log
from net.relay import Relay, WrongCodes
from tests.net import toygame
from tests.net.wire import FAST, TIMEOUT, close_code, raw, until


async def test_the_relay_prints_rooms_and_refusals():
    out = io.StringIO()
    level = logging.getLogger("net.relay").level
    handler = show_relay_log(out)
    relay = Relay(require_code=True, wrong_codes=WrongCodes(per_minute=5, burst=2), max_per_address=4)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    try:
        hosted = await serve_table(toygame.GAME, "Ann's table", relay_url=url, advertise=False, save=False,
                                   limits=FAST)
        code = hosted.code
        for guess in ("ZZZZZZ", "YYYYYY"):
            ws = await raw(url, {"name": "Eve", "room": guess})
            assert await close_code(ws) == cc.NO_ROOM
        await hosted.stop()
        await until(lambda: "closed" in out.getvalue(), TIMEOUT)
        lines = out.getvalue().splitlines()
        assert any(f"room {code} opened by a table at 127.0.0.1: Ann's table" in line for line in lines), lines
        assert any("127.0.0.1 gave too many wrong room codes: refused for" in line for line in lines), lines
        assert any(f"room {code} closed: its table went away" in line for line in lines), lines
    finally:
        logging.getLogger("net.relay").removeHandler(handler)
        logging.getLogger("net.relay").setLevel(level)
        await relay.stop()
