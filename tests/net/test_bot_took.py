"""A seat taken by a bot is a table fact (issue 8 §4): the host records when a bot
took a seat and when its player took it back; after ``--resume`` and in replays the
saved action log shows it (the host's own bots' action ids begin ``bot:``)."""

from __future__ import annotations

from net.host import Applied, Host
from net.table import BotTook, takeovers_from_log
from tests.net import toygame


def entry(version: int, seat: int, bot: bool) -> Applied:
    return Applied(version, seat, None, f"bot:{seat}:{version}" if bot else f"id{version}")


def test_a_log_shows_each_run_of_bot_moves_after_a_players_move():
    log = [entry(1, 0, False), entry(2, 1, True), entry(3, 0, True), entry(4, 1, True),
           entry(5, 0, True), entry(6, 0, False), entry(7, 1, True)]
    # seat 1 is a bot from the start: no takeover; seat 0 went to a bot at move 3 and
    # came back at move 6
    assert takeovers_from_log(log, ("strong", "easy")) == (BotTook(0, "strong", 2, 5),)
    assert takeovers_from_log(log[:5], (None, "easy")) == (BotTook(0, "", 2, None),)


async def test_the_host_records_a_takeover_and_the_players_return():
    host = Host(toygame.GAME, toygame.ToyOptions(rounds=6), 2, 3, ("Ann", "Bob"), bot_delay=0)
    assert host.snapshot(None).bot_took == ()
    host.seat_bot(1, "random")
    assert host.snapshot(0).bot_took == (BotTook(1, "random", 0),)
    host.seat_player(1)
    assert host.snapshot(None).bot_took == (BotTook(1, "random", 0, 0),)
