"""The host's own lobby commands are not rate-limited (player-tester 6, finding 11: a
teams table set up in a few quick lines lost the last commands to "You are sending too
fast"); anyone else's are (docs/protocol.md: commands 1 per second, burst 5), and so is
the host's chat."""

from __future__ import annotations

from net.server import Limits
from tests.net import toygame
from tests.net.wire import host_table, join, until


async def test_the_hosts_quick_commands_all_act_and_a_guests_are_limited():
    hosted = await host_table(toygame.GAME, limits=Limits())  # the real limits
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    errors: dict[str, list[str]] = {"Ann": [], "Bob": []}
    for link in (ann, bob):
        link.on_event(lambda m, who=link.name: errors[who].append(m.code) if type(m).__name__ == "ErrorMsg" else None)
    for _ in range(12):  # twelve commands at once: /help answers each with a notice
        await ann.say("/help")
    await ann.say("/join")
    await until(lambda: hosted.table.lobby.seated_count() == 1, what="the host seated after 12 commands")
    for _ in range(12):
        await bob.say("/help")
    await until(lambda: "flood" in errors["Bob"], what="the guest told to slow down")
    assert errors["Ann"] == []
    for _ in range(12):  # the host's chat is limited like anyone's
        await ann.say("hello")
    await until(lambda: "flood" in errors["Ann"], what="the host's chat limited")
    for link in (ann, bob):
        await link.close()
    await hosted.stop()
