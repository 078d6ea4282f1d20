"""``parlour relay`` tells connections refused for too many open from one address in
few lines: the first at once, then one line per interval counting the others (tester
6, finding 6: a burst of 108 connections from one address printed 108 identical
lines, so the log the README points at for "an address is refused" could be flooded)."""

from __future__ import annotations

import io
import logging
from typing import Callable

import pytest
from websockets.exceptions import InvalidStatus

from net.cli import show_relay_log
from net.relay import Refusals, Relay
from tests.net.wire import TIMEOUT, raw, until


@pytest.fixture
def out():
    """What ``parlour relay`` prints, as it prints it."""
    stream = io.StringIO()
    level = logging.getLogger("net.relay").level
    handler = show_relay_log(stream)
    yield stream
    logging.getLogger("net.relay").removeHandler(handler)
    logging.getLogger("net.relay").setLevel(level)


def told(out: io.StringIO) -> list[str]:
    """The lines printed, without their time of day."""
    return [line.split(" ", 1)[1] for line in out.getvalue().splitlines()]


class Later:
    """A scheduler the test runs by hand: ``due`` holds ``(seconds, callback)`` in
    order; a call returns itself as the handle, whose ``cancel`` drops everything due."""

    def __init__(self) -> None:
        self.due: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, callback: Callable[[], None]) -> "Later":
        self.due.append((seconds, callback))
        return self

    def cancel(self) -> None:
        self.due.clear()

    def run(self) -> None:
        """The interval passes: what was due runs (what that schedules waits)."""
        now, self.due = self.due, []
        for _, callback in now:
            callback()


def test_a_burst_is_one_line_at_once_and_one_line_counting_the_rest(out):
    later = Later()
    refusals = Refusals(lambda address: 16, interval=10, call_later=later)
    for _ in range(108):
        refusals.refused("10.0.0.7")
    refusals.refused("10.0.0.8")  # another address: its own first line
    assert told(out) == ["10.0.0.7 has 16 connections open: one more refused",
                         "10.0.0.8 has 16 connections open: one more refused"]
    assert [seconds for seconds, _ in later.due] == [10, 10]
    later.run()  # 10 s on: the rest of the burst in one line; nothing more from 10.0.0.8
    assert told(out)[2:] == ["10.0.0.7: 107 more connections refused in the last 10 s (16 open)"]
    refusals.refused("10.0.0.7")  # still going on: counted in the next interval's line
    later.run()
    assert told(out)[3:] == ["10.0.0.7: 1 more connection refused in the last 10 s (16 open)"]
    later.run()  # a quiet interval: the address is forgotten
    assert len(told(out)) == 4 and later.due == []
    refusals.refused("10.0.0.7")
    assert told(out)[4:] == ["10.0.0.7 has 16 connections open: one more refused"], "told at once again"
    refusals.close()  # stopping: the pending line is dropped
    assert later.due == []


async def test_the_relay_counts_a_burst_of_refused_connections(out):
    relay = Relay(max_per_address=2, refusals_every=3)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    held = [await raw(url) for _ in range(2)]  # (no hello yet: open until the hello timeout)
    try:
        for _ in range(12):
            with pytest.raises(InvalidStatus) as refused:
                await raw(url)
            assert refused.value.response.status_code == 429  # the refusal itself is as before
        assert told(out) == ["127.0.0.1 has 2 connections open: one more refused"]
        await until(lambda: len(told(out)) == 2, TIMEOUT)
        assert told(out)[1] == "127.0.0.1: 11 more connections refused in the last 3 s (2 open)"
    finally:
        for ws in held:
            await ws.close()
        await relay.stop()
