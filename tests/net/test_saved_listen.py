"""A game hosted on its host's machine keeps in its save where its table listened
(``bind``) and whether it was announced on the LAN (``advertised``), beside the port,
so that hosting it again keeps a table meant for this machine only, unannounced, so
(tester 23, finding 2: it came back on 0.0.0.0 and advertised). Behind a remote relay
neither is kept (tests/net/test_saved_port.py). Older saves, without the fields, load and host again as before
(every network, announced); an address that is none is refused like a bad port."""

from __future__ import annotations

import asyncio

import pytest

from net.cli import EVERY_NETWORK, listen_advertised, listen_bind, serve_table
from net.discovery import FakeBackend
from net.saves import SaveError, hosted_games, read
from rules import registry
from tests.net.test_save_format import reseal
from tests.net.test_saved_relay import saved_zatre
from tests.net.wire import FAST, TIMEOUT, seated, until
from tests.net import toygame


async def a_move_saved_here(path, advertise) -> None:
    """Host the toy game on 127.0.0.1 (``advertise`` as :func:`serve_table` takes it),
    play one move, stop: its save in ``path``."""
    hosted = await serve_table(toygame.GAME, "Test table", bind="127.0.0.1", port=0, advertise=advertise,
                               save=path, seed=4, limits=FAST, bot_delay=0)
    try:
        ann, bob = await seated(hosted, ("Ann", "Bob"))
        assert (await asyncio.wait_for(bob.submit(toygame.Pick(2)), TIMEOUT)).accepted
        await until(lambda: path.exists() and read(path)[0].version >= 1, what="a move saved")
        await ann.close()
        await bob.close()
    finally:
        await hosted.stop()


@pytest.mark.parametrize("advertise, advertised", [(False, False), ("fake", True)], ids=["unannounced", "announced"])
async def test_the_save_keeps_where_the_table_listened_and_whether_it_was_announced(
        tmp_path, monkeypatch, advertise, advertised):
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)  # (read needs it)
    path = tmp_path / "save.json"
    await a_move_saved_here(path, FakeBackend() if advertise == "fake" else advertise)
    data, _ = read(path)
    assert (data.bind, data.advertised) == ("127.0.0.1", advertised)
    assert [(g.bind, g.advertised) for g in hosted_games(tmp_path)] == [("127.0.0.1", advertised)]
    assert (listen_bind(data.bind), listen_advertised(data.advertised)) == ("127.0.0.1", advertised)


def test_a_save_from_before_they_were_kept_loads_and_hosts_again_as_before(tmp_path):
    """Without ``bind`` and ``advertised`` a save loads, and hosting it again listens
    on every network and announces it (what the host form and ``parlour host`` did)."""
    path = saved_zatre(tmp_path / "older.json", port=7540, bind="127.0.0.1", advertised=False)
    assert (read(path)[0].bind, read(path)[0].advertised) == ("127.0.0.1", False)
    reseal(path, lambda outer: [outer["body"].pop(key) for key in ("bind", "advertised")])
    data, _ = read(path)
    assert (data.bind, data.advertised, data.port, data.version) == (None, None, 7540, 3)
    assert (listen_bind(data.bind), listen_advertised(data.advertised)) == (EVERY_NETWORK, True)


@pytest.mark.parametrize("bind", ["", " 127.0.0.1", "a b", "x" * 254, "-lan", 127], ids=repr)
def test_a_saved_address_that_is_none_is_refused(tmp_path, bind):
    path = saved_zatre(tmp_path / "odd.json", bind="127.0.0.1")
    reseal(path, lambda outer: outer["body"].update(bind=bind))
    with pytest.raises(SaveError, match="does not hold a valid save"):
        read(path)


@pytest.mark.parametrize("saved, given, chosen", [
    ("127.0.0.1", None, "127.0.0.1"), ("127.0.0.1", "192.168.1.20", "192.168.1.20"), (None, None, EVERY_NETWORK),
])
def test_the_address_given_wins_over_the_saved_one(saved, given, chosen):
    assert listen_bind(saved, given) == chosen


@pytest.mark.parametrize("saved, given, chosen", [
    (False, None, False), (False, True, True), (True, False, False), (None, None, True),
])
def test_the_advertising_asked_for_wins_over_the_saved_one(saved, given, chosen):
    assert listen_advertised(saved, given) is chosen
