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


async def test_the_host_tells_a_takeover_from_the_bots_first_move_to_its_last():
    """The live table says what the log shows (tester's report: "from move 3 to move 2",
    and the results and the replay disagreeing): a bot that took a seat and gave it
    back before moving is not told; one that moved is told from its first move to its
    last, as a replay of the same log tells it."""
    import asyncio

    host = Host(toygame.GAME, toygame.ToyOptions(rounds=6), 2, 3, ("Ann", "Bob"), bot_delay=0)
    host.seat_bot(1, "random")
    host.seat_player(1)  # given back before it moved
    assert host.snapshot(None).bot_took == ()
    async with host:
        ann, bob = host.link(0), host.link(1)
        assert (await ann.submit(toygame.Pick(1))).accepted  # version 1
        assert (await bob.submit(toygame.Pick(2))).accepted  # version 2: Bob has moved
        host.seat_bot(1, "random")
        assert host.snapshot(0).bot_took == ()  # not told until the bot moves
        assert (await ann.submit(toygame.Pick(1))).accepted  # version 3
        for _ in range(500):
            if host.snapshot(None).version >= 4:
                break
            await asyncio.sleep(0.01)
        assert host.snapshot(0).bot_took == (BotTook(1, "random", 3),)  # the bot's move 4
        host.seat_player(1)
        bot_moves = [a.version for a in host._log if a.action_id.startswith("bot:")]
        for _ in range(3):  # a round or two more: Bob plays his seat again
            for seat, link in ((0, ann), (1, bob)):
                if seat in host.snapshot(seat).active_seats:
                    assert (await link.submit(toygame.Pick(seat + 1))).accepted
        took = (BotTook(1, "random", bot_moves[0] - 1, bot_moves[-1]),)
        assert bot_moves[0] == 4 and host.snapshot(None).bot_took == took
        assert takeovers_from_log(host._log, ("", "random")) == took  # what a replay says
