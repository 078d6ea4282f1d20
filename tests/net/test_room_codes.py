"""Room codes cannot be guessed quickly (issue 8 §2): wrong codes are limited per
address, then closed with 4014 saying when to try again (docs/protocol.md, "Room
codes"). The clock is the test's own: nothing sleeps."""

from __future__ import annotations

import pytest

from net import closecodes as cc
from net.cli import serve_table
from net.relay import CODE_ALPHABET, CODE_LENGTH, Relay, WrongCodes, address_key
from tests.net import toygame
from tests.net.wire import FAST, close_code, frames_until, raw


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_few_wrong_codes_a_minute_then_a_wait():
    clock = Clock()
    codes = WrongCodes(per_minute=5, burst=5, clock=clock)
    for _ in range(5):
        assert codes.retry_after("192.0.2.7") == 0
        codes.wrong("192.0.2.7")
    assert codes.retry_after("192.0.2.7") == pytest.approx(12.0)
    assert codes.retry_after("192.0.2.8") == 0  # another address is not held back
    clock.now += 6
    assert codes.retry_after("192.0.2.7") == pytest.approx(6.0)
    clock.now += 6
    assert codes.retry_after("192.0.2.7") == 0
    codes.wrong("192.0.2.7")
    assert codes.retry_after("192.0.2.7") == pytest.approx(12.0)  # one earned, one spent
    clock.now += 3600
    assert codes.retry_after("192.0.2.7") == 0


def test_the_same_wrong_code_again_costs_nothing():
    """Players waiting for their room to reopen after a relay restart retry one code
    (several may share an address); a guesser needs a new code each time (issue 8 §2,
    docs/protocol.md "Room codes")."""
    clock = Clock()
    codes = WrongCodes(per_minute=5, burst=2, clock=clock, remembered_codes=3)
    for _ in range(20):
        codes.wrong("192.0.2.7", "K7QX2M")
    assert codes.retry_after("192.0.2.7") == 0
    codes.wrong("192.0.2.7", "AAAAAA")
    assert codes.retry_after("192.0.2.7") > 0  # two different codes: the burst is spent
    for code in ("BBBBBB", "CCCCCC", "DDDDDD"):
        codes.wrong("192.0.2.7", code)  # only the last 3 are remembered
    clock.now += 3600
    codes.wrong("192.0.2.7", "K7QX2M")  # forgotten by now: counted again
    codes.wrong("192.0.2.7", "EEEEEE")
    assert codes.retry_after("192.0.2.7") > 0


def test_an_ipv6_address_counts_by_its_64_network():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7" and address_key("?") == "?"
    clock = Clock()
    codes = WrongCodes(per_minute=5, burst=2, clock=clock)
    codes.wrong("2001:db8::1")
    codes.wrong("2001:db8::2")
    assert codes.retry_after("2001:db8::3") > 0


def test_the_addresses_remembered_are_bounded():
    clock = Clock()
    codes = WrongCodes(per_minute=5, burst=1, clock=clock, max_addresses=3)
    for n in range(3):
        codes.wrong(f"192.0.2.{n}")
    clock.now += 30  # 192.0.2.0-2 have their try back: forgotten first
    codes.wrong("198.51.100.1")
    assert codes.retry_after("198.51.100.1") > 0
    assert len(codes._buckets) <= 3
    for n in range(10):
        codes.wrong(f"203.0.113.{n}")
    assert len(codes._buckets) <= 3


def test_the_guessing_rate_in_the_docs_follows_from_the_limit():
    """docs/protocol.md says how long a guess takes; the figures come from here."""
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    assert codes == 887_503_681
    per_day = 5 * 60 * 24
    years_for_half = codes / 2 / per_day / 365.25
    assert 160 < years_for_half < 175  # one address, one room: about 169 years
    assert per_day / codes < 1e-5  # chance of a hit in a day, per address and open room


async def test_the_relay_closes_a_guesser_with_4014_and_says_when_to_retry():
    clock = Clock()
    relay = Relay(require_code=True, wrong_codes=WrongCodes(per_minute=5, burst=5, clock=clock))
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    hosted = await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False, save=False, limits=FAST)
    try:
        guesses = [code for code in ("ZZZZZZ", "YYYYYY", "XXXXXX", "WWWWWW", "VVVVVV", "UUUUUU")
                   if code != hosted.code][:5]
        for guess in guesses:  # a guesser tries a new code each time
            ws = await raw(url, {"name": "Eve", "room": guess})
            assert await close_code(ws) == cc.NO_ROOM
        # now even the right code gets no answer, only the time to wait
        ws = await raw(url, {"name": "Eve", "room": hosted.code})
        assert await close_code(ws) == cc.CODE_GUESSES
        assert ws.close_reason == "Too many wrong room codes from your address; try again in 12 s."
        ws = await raw(url, {"name": "Eve"})  # no code at all: not a guess
        assert await close_code(ws) == cc.NO_ROOM and "needs a room code" in ws.close_reason
        clock.now += 12
        ws = await raw(url, {"name": "Ann", "room": hosted.code.lower()})
        assert (await frames_until(ws, "welcome"))["name"] == "Ann"
        await ws.close()
    finally:
        await hosted.stop()
        await relay.stop()


async def test_a_hosted_tables_own_code_is_guarded_the_same_way():
    """``parlour host --code``: the in-process relay checks the code, and limits it."""
    clock = Clock()
    hosted = await serve_table(toygame.GAME, "Home", bind="127.0.0.1", port=0, advertise=False, save=False,
                               limits=FAST, code="Secret7",
                               relay_options={"wrong_codes": WrongCodes(per_minute=5, burst=2, clock=clock)})
    try:
        for guess in ("guess1", "guess2"):
            ws = await raw(hosted.local_url, {"name": "Eve", "room": guess})
            assert await close_code(ws) == cc.NO_ROOM
        ws = await raw(hosted.local_url, {"name": "Eve", "room": "Secret7"})
        assert await close_code(ws) == cc.CODE_GUESSES
        clock.now += 12
        ws = await raw(hosted.local_url, {"name": "Ann", "room": "secret7"})
        assert (await frames_until(ws, "welcome"))["name"] == "Ann"
        await ws.close()
    finally:
        await hosted.stop()
