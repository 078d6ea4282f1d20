"""A game hosted on its host's machine keeps in its save the port its table listened on
(``parlour host --port 7540``), so that hosting it again after a crash listens there
again and the players' windows, reconnecting to the address they had, find it by
themselves (a play-tester finding: it came back on 7531). Behind a remote relay no port
of ours is kept. Older saves, without the field, still load; a port that is no port
is refused as any other bad field is."""

from __future__ import annotations

import asyncio

import pytest

from net.cli import DEFAULT_PORT, listen_port
from net.saves import SaveError, hosted_games, read
from net.relay import Relay
from rules import registry
from tests.net import toygame
from tests.net.test_save_format import reseal
from tests.net.test_saved_relay import RELAY_KEY, a_move_saved_through, saved_zatre
from tests.net.wire import TIMEOUT, crash, host_table, seated, until


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game in the registry, so that its saves can be resumed."""
    monkeypatch.setitem(registry.GAMES, toygame.GAME.name, toygame.GAME)


def port_of(hosted) -> int:
    """The port a table hosted here listens on."""
    return int(hosted.url.rsplit(":", 1)[1])


async def test_the_save_keeps_the_port_and_a_resume_there_brings_the_players_back(tmp_path, toy_registered):
    """The save records the port the table got (asked for any free one), the saved
    games list shows it, and a table resumed on the port :func:`listen_port` takes from
    the save is found again by a guest's window reconnecting on its own, with its seat."""
    path = tmp_path / "save.json"
    hosted = await host_table(toygame.GAME, save=path, seed=4)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    assert (await asyncio.wait_for(bob.submit(toygame.Pick(2)), TIMEOUT)).accepted
    await until(lambda: path.exists() and read(path)[0].version >= 1, what="a move saved")
    port, seat = port_of(hosted), bob.seat
    await crash(hosted)
    await until(lambda: not bob.status.online, what="Bob offline")

    saved, _ = read(path)
    assert saved.port == port and [game.port for game in hosted_games(tmp_path)] == [port]
    resumed = await host_table(None, save=True, resume_from=path, port=listen_port(saved.port))
    try:
        assert port_of(resumed) == port
        await until(lambda: bob.status.online and bob.seat == seat, timeout=10, what="Bob back in his seat")
    finally:
        await ann.close()
        await bob.close()
        await resumed.stop()


async def test_a_game_hosted_through_a_relay_keeps_no_port(tmp_path, toy_registered):
    """Behind a remote relay the table listens on no port of this machine: none is saved,
    nor an address or whether it was announced (tests/net/test_saved_listen.py)."""
    relay = Relay(require_code=True, key=RELAY_KEY)
    _, port = await relay.start("127.0.0.1", 0)
    path = tmp_path / "save.json"
    try:
        await a_move_saved_through(f"ws://127.0.0.1:{port}", path)
    finally:
        await relay.stop()
    assert (read(path)[0].port, read(path)[0].bind, read(path)[0].advertised) == (None, None, None)
    assert listen_port(read(path)[0].port) == DEFAULT_PORT


def test_a_save_from_before_the_port_was_kept_loads_without_one(tmp_path):
    """A save whose body has no ``port`` loads, its port ``None`` (the default port is
    then used), everything else as saved."""
    path = saved_zatre(tmp_path / "older.json", port=7540)
    assert read(path)[0].port == 7540
    reseal(path, lambda outer: outer["body"].pop("port"))
    data, _ = read(path)
    assert data.port is None and data.version == 3
    assert [game.port for game in hosted_games(tmp_path)] == [None]


@pytest.mark.parametrize("port", [0, 65536, -1, "7540", 7540.0, True], ids=repr)
def test_a_saved_port_that_is_no_port_is_refused(tmp_path, port):
    """Strict loading: a ``port`` that is not a whole number from 1 to 65535 makes the
    save refused with a sentence, as any field that does not fit."""
    path = saved_zatre(tmp_path / "odd.json", port=7540)
    reseal(path, lambda outer: outer["body"].update(port=port))
    with pytest.raises(SaveError, match="does not hold a valid save"):
        read(path)


@pytest.mark.parametrize("saved, given, port", [
    (7540, None, 7540), (7540, 7600, 7600), (None, None, DEFAULT_PORT), (None, 0, 0), (7540, 0, 0),
])
def test_the_port_given_wins_over_the_saved_one_which_wins_over_the_default(saved, given, port):
    """``--port`` when given (0 too: any free port), else the save's, else 7531."""
    assert listen_port(saved, given) == port
