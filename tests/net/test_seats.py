"""Seats across drops and changes: a seat held in the lobby too, a token whose seat was
freed before the start, a welcome on every seat change, a failed join's close code."""

from __future__ import annotations

import itertools
import json

import pytest

from net import closecodes as cc
from net import lobby as lb
from net.server import UNKNOWN_TOKEN
from net.client import JoinError, RemoteSeatLink
from net.protocol import Command
from rules.zatre import GAME as ZATRE
from tests.net import toygame
from tests.net.wire import TIMEOUT, close_code, frames_until, host_table, join, raw, seated, until


def make() -> tuple[lb.Lobby, lb.Player, lb.Player]:
    counter = itertools.count(1)
    lobby = lb.Lobby(ZATRE, "Friday", make_token=lambda: f"token-{next(counter)}")
    return lobby, lobby.add_player("Ann", host=True), lobby.add_player("Bob")


def run(lobby: lb.Lobby, player: lb.Player, line: str) -> lb.Reply:
    command = lb.parse_line(line)
    assert isinstance(command, Command)
    return lobby.command(player.pid, command)


# ---- the lobby model ----


def test_a_drop_before_the_start_holds_the_seat_until_its_deadline():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    assert lobby.remove_player(bob.pid, deadline=1000.0) == 1
    slot = lobby.seats[1]
    assert slot.status == "away" and slot.deadline == 1000.0 and not slot.free
    assert lobby.seat_for_token("token-2") == 1
    again = lobby.add_player("Bob")
    seated, replaced = lobby.restore(again.pid, 1, "token-2")
    assert seated == lb.Seated(again.pid, 1, "token-2") and replaced is None
    assert again.name == "Bob" and slot.status == "here"


def test_a_seat_given_up_before_the_start_lets_its_token_back_in_unseated():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    lobby.remove_player(bob.pid, deadline=1000.0)
    lobby.grace_over(1)  # nobody came back: the seat is free for others
    assert lobby.seats[1].free and lobby.seat_for_token("token-2") is None
    assert lobby.given_up("token-2")
    run(lobby, ann, "/leave")
    assert lobby.given_up("token-1") and not lobby.given_up("token-9")


def test_a_kick_before_the_start_frees_the_seat_for_good():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    assert run(lobby, ann, "/kick Bob").effects == (lb.Kicked(bob.pid),)
    assert lobby.seats[1].free and bob.seat is None
    assert lobby.remove_player(bob.pid, deadline=1000.0) is None
    assert not lobby.given_up("token-2")  # a kicked player's token lets nobody in
    assert lobby.sent_away("token-2") and not lobby.sent_away("token-1")  # told so if it comes back


def test_a_kick_of_a_player_who_dropped_frees_the_held_seat():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    lobby.remove_player(bob.pid, deadline=1000.0)  # away, the seat held
    reply = run(lobby, ann, "/kick bob")
    assert reply.notice == "Bob was sent away; seat 2 is free." and reply.changed
    assert lobby.seats[1].free and lobby.seat_for_token("token-2") is None
    assert not lobby.given_up("token-2")  # the token lets nobody back in
    with pytest.raises(lb.LobbyError, match="Nobody called 'Bob' is here"):
        run(lobby, ann, "/kick Bob")


def test_a_kick_of_a_player_who_dropped_during_the_game_revokes_the_token():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    lobby.remove_player(bob.pid, deadline=1000.0)
    reply = run(lobby, ann, "/kick Bob")
    assert "/bot seat 2" in reply.notice
    slot = lobby.seats[1]
    assert slot.status == "away" and slot.deadline is None and lobby.seat_for_token("token-2") is None
    assert lobby.sent_away("token-2")
    reply = run(lobby, ann, "/bot seat 2 strong")  # one line for all: the presence "bot", no notice too
    assert reply.notice is None and reply.effects == (lb.BotTakesSeat(1, "strong"),)


def test_the_host_gives_a_held_seat_back_to_its_player_back_without_the_token():
    """Player-tester 5, items 5 and 13: tokens are offered only to the room that gave
    them, so a player back under a relay's new room code arrives without one and is
    named "Bob 2" while "Bob"'s seat is held; ``/seat 2 Bob`` seats them with a new
    token, under the seat's name. Only that seat's player: not someone else."""
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    lobby.remove_player(bob.pid, deadline=1000.0)
    carol = lobby.add_player("Carol")
    with pytest.raises(lb.LobbyError, match="held for Bob"):
        run(lobby, ann, "/seat 2 Carol")
    back = lobby.add_player("Bob")
    assert back.name == "Bob 2" and back.seat is None
    with pytest.raises(lb.LobbyError, match="host"):
        run(lobby, carol, "/seat 2 Bob")
    reply = run(lobby, ann, "/seat 2 Bob")
    assert reply.effects == (lb.Seated(back.pid, 1, "token-3"), lb.SeatBack(1))
    assert back.name == "Bob" and back.seat == 1 and lobby.seats[1].status == "here"
    assert lobby.seat_for_token("token-3") == 1 and lobby.seat_for_token("token-2") is None
    with pytest.raises(lb.LobbyError, match="No bot plays seat 2"):
        run(lobby, ann, "/seat 2 Bob")


def test_a_player_renamed_because_the_name_is_taken_is_told_why():
    """Player-tester finding: Bob, back from a closed window whose seat was still held,
    became "Bob 2", watching, and nobody told him why."""
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    assert lobby.renamed_words("Bob", "Bob") == ""
    lobby.remove_player(bob.pid, deadline=1000.0)
    back = lobby.add_player("Bob")
    assert lobby.renamed_words("Bob", back.name) == "Bob is already at this table (seat 2, away): you joined as Bob 2."
    assert lobby.renamed_words("ann", lobby.add_player("ann").name) == (
        "ann is already at this table (seat 1): you joined as ann 2.")
    assert lobby.renamed_words("Bob 2", lobby.add_player("Bob 2").name) == (
        "Bob 2 is already at this table (watching): you joined as Bob 2 2.")


# ---- over the wire ----


async def test_a_joiner_renamed_by_the_table_gets_a_notice_saying_why():
    hosted = await host_table(ZATRE, grace=60)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    await bob.close()
    await until(lambda: hosted.table.lobby.seats[1].status == "away", what="Bob's seat held")
    again = RemoteSeatLink(hosted.local_url, "Bob", ZATRE, room=hosted.code, open_timeout=TIMEOUT)
    notices: list[str] = []
    again.on_event(lambda m: notices.append(m.text) if type(m).__name__ == "Notice" else None)
    heard: list[str] = []
    ann.on_event(lambda m: heard.append(m.text) if type(m).__name__ == "Notice" else None)
    await again.connect()
    await until(lambda: notices, what="the renamed joiner told")
    assert again.name == "Bob 2" and again.seat is None
    assert notices == ["Bob is already at this table (seat 2, away): you joined as Bob 2."]
    await until(lambda: heard, what="the others told")
    assert heard == ["Bob 2 joined the table."]  # (the reason is said to the joiner only)
    for link in (ann, again):
        await link.close()
    await hosted.stop()



async def test_a_drop_in_the_lobby_reconnects_into_the_same_seat():
    hosted = await host_table(ZATRE)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    await bob.say("/join 2")
    await until(lambda: bob.seat == 1, what="Bob seated")
    token = bob.token
    presence = []
    ann.on_event(lambda m: presence.append(m.status) if type(m).__name__ == "Presence" else None)
    bob._ws.transport.abort()  # the network drops before the start
    await until(lambda: "back" in presence, what="Bob back")
    assert presence[0] == "away"
    await until(lambda: bob.status.online, what="Bob online")
    assert bob.seat == 1 and bob.token == token and hosted.table.lobby.seats[1].status == "here"
    await ann.say("/join")
    await until(lambda: ann.seat == 0, what="Ann seated")
    await ann.say("/start")
    await until(lambda: bob.has_snapshot and bob.snapshot().seat == 1, what="Bob's snapshot")
    await ann.close()
    await bob.close()
    await hosted.stop()


async def test_a_token_whose_seat_was_freed_before_the_start_joins_unseated():
    hosted = await host_table(ZATRE, grace=0.1)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    await bob.say("/join")
    await until(lambda: bob.seat is not None, what="Bob seated")
    token, seat = bob.token, bob.seat
    await bob.close()
    await until(lambda: hosted.table.lobby.seats[seat].status == "away", what="the seat held")
    await until(lambda: hosted.table.lobby.seats[seat].free, what="the seat freed after the grace")
    ws = await raw(hosted.local_url, {"name": "Bob", "token": token})
    welcome = await frames_until(ws, "welcome")
    assert welcome["seat"] is None and welcome["token"] is None
    assert "/join" in (await frames_until(ws, "notice"))["text"]
    await ws.close()
    # the client comes back the same way, online and unseated, not closed as final
    again = await join(hosted, "Bob", token=token)
    assert again.status.online and again.seat is None and again.token is None
    await again.say("/join")
    await until(lambda: again.seat is not None, what="seated again")
    await again.close()
    await ann.close()
    await hosted.stop()


async def test_start_closing_the_seats_up_tells_each_moved_connection():
    hosted = await host_table(toygame.GAME)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    await ann.say("/join 1")
    await bob.say("/join 4")
    await until(lambda: ann.seat == 0 and bob.seat == 3, what="seated")
    token = bob.token
    ws = await raw(hosted.local_url, {"name": "Cy"})
    await frames_until(ws, "welcome")
    await ws.send(json.dumps({"kind": "command", "name": "join", "args": ["3"]}))
    assert (await frames_until(ws, "welcome"))["seat"] == 2
    await ann.say("/start")  # seats 1, 3, 4 become 0, 1, 2
    await until(lambda: bob.has_snapshot, what="Bob's snapshot")
    assert bob.seat == 2 == bob.snapshot().seat and bob.token == token
    welcome = await frames_until(ws, "welcome")
    assert welcome["seat"] == 1 and welcome["token"] is None  # the token is unchanged
    assert (await frames_until(ws, "snapshot"))["seat"] == 1
    await ws.close()
    await ann.close()
    await bob.close()
    await hosted.stop()


async def test_a_kick_before_the_start_unseats_then_closes():
    hosted = await host_table(toygame.GAME)
    ann = await join(hosted, "Ann", host=True)
    ws = await raw(hosted.local_url, {"name": "Bob"})
    await frames_until(ws, "welcome")
    await ws.send(json.dumps({"kind": "command", "name": "join", "args": []}))
    assert (await frames_until(ws, "welcome"))["seat"] == 0
    await ann.say("/kick Bob")
    welcome = await frames_until(ws, "welcome")
    assert welcome["seat"] is None
    assert await close_code(ws) == cc.KICKED
    await until(lambda: hosted.table.lobby.seats[0].free, what="seat freed")
    await ann.close()
    await hosted.stop()


async def test_the_host_kicks_a_player_who_dropped_in_the_lobby():
    hosted = await host_table(ZATRE, grace=30)
    ann = await join(hosted, "Ann", host=True)
    cy = await join(hosted, "Cy")
    bob = await join(hosted, "Bob")
    await bob.say("/join 2")
    await until(lambda: bob.seat == 1, what="Bob seated")
    token = bob.token
    await bob.close()
    await until(lambda: cy.lobby.seats[1].status == "away", what="Cy sees Bob away")
    notices = []
    ann.on_event(lambda m: notices.append(m.text) if type(m).__name__ == "Notice" else None)
    await ann.say("/kick Bob")
    await until(lambda: cy.lobby.seats[1].status == "open", what="Cy sees the seat free")
    await until(lambda: notices, what="the host told")
    assert notices == ["Bob was sent away; seat 2 is free."]
    assert "Bob" not in cy.lobby.spectators
    ws = await raw(hosted.local_url, {"name": "Bob", "token": token})  # sent away: no way back,
    assert await close_code(ws) == cc.KICKED  # and told why (a player-tester's report)
    assert ws.close_reason == "The host sent you away from this table; your seat is not yours any more."
    await cy.say("/join 2")
    await until(lambda: cy.seat == 1, what="Cy takes the seat")
    await ann.close()
    await cy.close()
    await hosted.stop()


async def test_a_failed_join_keeps_the_tables_close_code_and_reason():
    hosted = await host_table(toygame.GAME)
    link = RemoteSeatLink(hosted.local_url, "Eve", toygame.GAME, token="x" * 43, open_timeout=TIMEOUT)
    with pytest.raises(JoinError) as failed:
        await link.connect()
    assert failed.value.code == cc.BAD_TOKEN and failed.value.reason == UNKNOWN_TOKEN
    assert link.status.state == "closed" and link.status.code == cc.BAD_TOKEN
    assert link.status.reason == UNKNOWN_TOKEN
    nobody = RemoteSeatLink("ws://127.0.0.1:9", "Eve", toygame.GAME, open_timeout=TIMEOUT)
    with pytest.raises(JoinError) as unreachable:
        await nobody.connect()
    assert unreachable.value.code is None
    await hosted.stop()


async def test_a_player_whose_seat_went_to_a_bot_comes_back_to_watch_and_gets_it_back():
    hosted = await host_table(ZATRE, grace=0.1)
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    cy = await join(hosted, "Cy")
    token = bob.token
    await bob.close()
    await until(lambda: hosted.table.lobby.seats[1].status == "away"
                and hosted.table.lobby.seats[1].deadline is None, what="the grace period over")
    notices: list[str] = []
    ann.on_event(lambda m: notices.append(m.text) if type(m).__name__ == "Notice" else None)
    await ann.say("/bot seat 2 strong")
    await until(lambda: ann.snapshot().bots[1] == "strong", what="the bot seated")

    # Bob comes back with his token: watching, told why, his token kept
    ws = await raw(hosted.local_url, {"name": "Robert", "token": token})
    welcome = await frames_until(ws, "welcome")
    assert welcome["seat"] is None and welcome["token"] == token and welcome["name"] == "Bob"
    told = (await frames_until(ws, "notice"))["text"]
    assert "strong bot" in told and "seat 2" in told and "/seat 2 Bob" in told
    assert (await frames_until(ws, "snapshot"))["seat"] is None
    await ws.close()
    back = await join(hosted, "Bob", token=token)
    assert back.status.online and back.seat is None and back.bot_took_seat and back.token == token
    await until(lambda: any("/seat 2 Bob gives it back" in n for n in notices), what="the host told")

    # a blip while watching: the link offers its token again and stays the seat's player
    states: list[str] = []
    back.on_status(lambda status: states.append(status.state))
    back._ws.transport.abort()
    await until(lambda: states[-2:] == ["reconnecting", "connected"], what="reconnected")
    assert back.seat is None and back.bot_took_seat

    refusals: list[str] = []
    ann.on_event(lambda m: refusals.append(m.message) if type(m).__name__ == "ErrorMsg" else None)
    await ann.say("/seat 2 Cy")
    await ann.say("/seat 1 Bob")
    await cy.say("/seat 2 Bob")
    await until(lambda: len(refusals) == 2, what="the host's refusals")
    assert refusals == ["Cy did not play seat 2; only the player the bot took it from can have it back.",
                        "No bot plays seat 1; /seat gives a bot's seat back to its player."]

    await ann.say("/seat 2 Bob")
    await until(lambda: back.seat == 1 and back.has_snapshot and back.snapshot().seat == 1, what="Bob seated")
    assert back.token == token and not back.bot_took_seat
    await until(lambda: back.snapshot().bots[1] is None and ann.snapshot().bots[1] is None, what="the bot gone")
    assert hosted.table.host.bot_kinds[1] is None and hosted.table.lobby.seats[1].status == "here"
    assert hosted.table.token_hashes()[1] is not None  # saved: a crashed host lets Bob back in
    await until(lambda: ann.snapshot().active_seats, what="a seat to move")
    for _ in range(2):  # the game goes on with Bob at his seat (no bot moves for him)
        mover = ann if ann.seat in ann.snapshot().active_seats else back
        version = mover.snapshot().version
        assert (await mover.submit(mover.snapshot().legal_actions[0])).accepted
        await until(lambda: back.snapshot().version > version and ann.snapshot().version > version,
                    what="the move seen")
    for link in (ann, back, cy):
        await link.close()
    await hosted.stop()
