"""Zatre: Das Kartenspiel over the LAN: a Zatre table switched to the card game with
``/option cardgame on`` (zatre-online.txt, Options), real clients on 127.0.0.1 playing
it to the end, hands kept to their owners; a crashed card table resumed from its save."""

from __future__ import annotations

import asyncio
import random
import re

import attrs
import pytest

from net.cli import replay_text
from net.client import RemoteSeatLink
from net.lobby import LobbyError
from net.saves import read
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from rules.zatre_cards import GAME as CARDS
from rules.zatre_cards import CardsDrawn, EasyBot, ZatreCardsOptions, card
from tests.net.wire import crash, host_table, join, until

SECRET_FIELDS = {"hands", "piles", "set_aside", "rng"}
"""ZatreCardsState fields no view may have (zatre-card-game.txt: hands and piles are
face down)."""


async def play_own_bots(links: list[RemoteSeatLink], seed: int, timeout: float = 20.0) -> int:
    """Each link plays what its own easy bot chooses from its view, whenever its seat
    may act, until the game is over; every outcome must be accepted. Returns the
    number of moves the links made."""
    moves = 0

    async def player(link: RemoteSeatLink) -> None:
        nonlocal moves
        bot, rng = EasyBot(), random.Random(f"{seed}:{link.name}")
        while True:
            snap = link.snapshot()
            if snap.over or link.game_over is not None:
                return
            if link.seat in snap.active_seats and snap.legal_actions:
                outcome = await link.submit(bot.choose(snap.view, snap.legal_actions, rng))
                assert outcome.accepted, outcome
                moves += 1
            else:
                await asyncio.sleep(0.005)

    await asyncio.wait_for(asyncio.gather(*(player(link) for link in links)), timeout)
    return moves


def states_by_version(host) -> list:
    """The host's game state after each version, replayed from its seed and log."""
    state = CARDS.setup(host.options, host.seats, host.seed)
    states = [state]
    for applied in host.applied:
        state, _ = CARDS.apply(state, applied.seat, applied.action)
        states.append(state)
    return states


async def test_a_zatre_table_switched_to_the_card_game_plays_it_to_the_end(tmp_path):
    path = tmp_path / "cards.json"
    hosted = await host_table(ZATRE, save=path, seed=5)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    cyd = await join(hosted, "Cyd")  # watches
    await ann.say("/option profi on")
    await ann.say("/option cardgame on")
    links = (ann, bob, cyd)
    await until(lambda: all(link.lobby and link.lobby.game == "zatre-cards" for link in links),
                what="everyone told of the card game")
    assert all(link.game is CARDS for link in links)
    assert ann.lobby.variants == {"cardgame": True} and ann.lobby.options.profi  # profi kept
    seen: dict[str, list] = {link.name: [] for link in links}
    for link in links:
        link.listen(seen[link.name].append)
    for link in (ann, bob):
        await link.say("/join")
        await until(lambda: link.seat is not None, what=f"{link.name} seated")
    await ann.say("/bot add easy")
    await until(lambda: hosted.table.lobby.seated_count() == 3, what="three seated")
    await ann.say("/start")
    await until(lambda: all(link.has_snapshot for link in links), what="first snapshots")
    host = hosted.table.host
    assert host.game is CARDS and host.bot_kinds == (None, None, "easy")

    assert await play_own_bots([ann, bob], seed=5) > 0
    await until(lambda: all(link.game_over is not None for link in links), what="game over")
    assert host.over
    assert ann.game_over.result == bob.game_over.result == cyd.game_over.result == host.result
    assert host.result == CARDS.result(host.state)

    # nothing hidden ever reached a client: each view is exactly its seat's projection
    states = states_by_version(host)
    assert SECRET_FIELDS.isdisjoint(a.name for a in attrs.fields(CARDS.view_type))
    for link in (ann, bob):
        assert seen[link.name] and all(s.seat == link.seat for s in seen[link.name])
        for snap in seen[link.name]:
            state = states[snap.version]
            assert snap.view == CARDS.view(state, link.seat)
            assert snap.view.hand == tuple(map(card, state.hands[link.seat]))
            others = {c for seat in range(state.seats) if seat != link.seat for c in state.hands[seat]}
            piles = {c for pile in state.piles for c in pile}
            assert not ({c.id for c in snap.view.hand} & (others | piles))
            for event in snap.events:
                if isinstance(event, CardsDrawn) and event.seat != link.seat:
                    assert event.cards == ()
    assert seen["Cyd"] and all(s.seat is None and s.view.hand == () for s in seen["Cyd"])
    assert all(e.cards == () for s in seen["Cyd"] for e in s.events if isinstance(e, CardsDrawn))

    # the save records the card game, and replays as text
    data, game = read(path)
    assert game is CARDS and data.version == host.version and data.options.profi
    lines = list(replay_text(path))
    assert lines[0] == "Test table: Zatre: Das Kartenspiel, 3 seats: Ann, Bob, Easy bot"
    assert lines[1] == "options: profi on"
    assert lines[2].lstrip().startswith("1  Ann opened with ") and "LayOpening" not in lines[2]
    assert re.search(r"(Ann|Bob|Easy bot) laid \d\|\d at \(-?\d+, -?\d+\) (right|down|left|up) → ", "\n".join(lines))
    assert not [line for line in lines if "LayCard(" in line or "card=" in line]
    assert len(lines) == 2 + host.version + 4 and lines[-1].startswith("      winner: ")
    for link in links:
        await link.close()
    await hosted.stop()


async def test_a_crashed_card_table_resumes_from_its_save(tmp_path):
    path = tmp_path / "cards.json"
    hosted = await host_table(CARDS, save=path, seed=7, options=ZatreCardsOptions(profi=True))
    port = int(hosted.url.rsplit(":", 1)[1])
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    for link in (ann, bob):
        await link.say("/join")
    await until(lambda: hosted.table.lobby.seated_count() == 2, what="both seated")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot and bob.has_snapshot, what="first snapshots")
    bots = {link.name: (EasyBot(), random.Random(link.name)) for link in (ann, bob)}
    while hosted.table.host.version < 6:  # a few turns, then the crash
        for link in (ann, bob):
            snap = link.snapshot()
            if link.seat in snap.active_seats and snap.legal_actions:
                bot, rng = bots[link.name]
                assert (await link.submit(bot.choose(snap.view, snap.legal_actions, rng))).accepted
        await asyncio.sleep(0.005)  # the other link reads its snapshot
    await crash(hosted)
    saved, game = read(path)
    assert game is CARDS and saved.version >= 6 and saved.options.profi
    await until(lambda: not ann.status.online and not bob.status.online, what="both offline")

    resumed = await host_table(None, save=True, resume_from=path, port=port)
    assert resumed.table.game is CARDS and resumed.table.host.version == saved.version
    assert resumed.table.lobby.state().options == saved.options
    await until(lambda: ann.status.online and bob.status.online, timeout=10, what="both back")
    await until(lambda: ann.snapshot().version == bob.snapshot().version == saved.version, what="resynced")
    await play_own_bots([ann, bob], seed=7)
    host = resumed.table.host
    assert host.over and ann.snapshot().view == host.snapshot(ann.seat).view
    assert read(path)[0].version == host.version
    for link in (ann, bob):
        await link.close()
    await resumed.stop()


async def test_a_zatre_table_in_teams_seats_six_and_starts_with_four():
    hosted = await host_table(ZATRE)
    ann = await join(hosted, "Ann", host=True)
    errors: list[str] = []
    ann.on_event(lambda m: errors.append(m.message) if type(m).__name__ == "ErrorMsg" else None)
    await ann.say("/option teams on")
    await until(lambda: ann.lobby is not None and ann.lobby.max_seats == 6, what="six seats")
    assert ann.lobby.seat_counts == (4, 6) and len(ann.lobby.seats) == 6
    await ann.say("/join 5")
    for _ in range(2):
        await ann.say("/bot add easy")
    await until(lambda: hosted.table.lobby.seated_count() == 3, what="three seated")
    await ann.say("/start")
    await ann.say("/option teams off")
    await until(lambda: len(errors) == 2, what="two refusals")
    assert errors == ["Zatre with teams on needs 4 or 6 players seated; 3 are.",
                      "Cannot turn teams off: seat 5 is taken by Ann, and Zatre has only 4 seats."]
    await ann.say("/bot add strong")
    await until(lambda: hosted.table.lobby.seated_count() == 4, what="four seated")
    await ann.say("/start")  # teams 1+2 and 5+6 are half seated: partners sit side by side
    await until(lambda: len(errors) == 3, what="a third refusal")
    assert errors[2].startswith("Seat 4 is empty, but partners play side by side (seats 1+2, "
                                "3+4, 5+6)")
    await ann.say("/bot remove 3")
    await ann.say("/bot add strong 6")
    await until(lambda: hosted.table.lobby.seats[5].bot == "strong", what="a bot beside Ann")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot, what="the first snapshot")
    assert hosted.table.host.seats == 4 and ann.snapshot().view.options.teams
    # seats closed up by whole teams: the bots at 1+2, Ann and her partner at 5+6 -> 3+4
    assert ann.seat == 2 and hosted.table.host.bot_kinds == ("easy", "easy", None, "strong")
    await ann.close()
    await hosted.stop()


async def test_set_game_switches_a_table_before_the_start_only():
    hosted = await host_table(ZATRE, options=ZatreOptions(profi=True, teams=True))
    ann = await join(hosted, "Ann", host=True)
    await ann.say("/join 6")
    await until(lambda: ann.seat == 5, what="Ann at seat 6")
    with pytest.raises(LobbyError) as refused:
        hosted.table.set_game(CARDS)
    assert str(refused.value) == (
        "Cannot switch to zatre-cards: seat 6 is taken by Ann, and Zatre: Das Kartenspiel has only 4 seats.")
    await ann.say("/join 1")
    await until(lambda: ann.seat == 0, what="Ann at seat 1")
    hosted.table.set_game(CARDS)  # what parlour host --game zatre-cards does
    await until(lambda: ann.lobby.game == "zatre-cards", what="the card game")
    assert ann.game is CARDS and ann.lobby.options == ZatreCardsOptions(profi=True)
    assert hosted.table.codec.game is CARDS and len(ann.lobby.seats) == 4
    await ann.say("/bot add easy")
    await until(lambda: hosted.table.lobby.seated_count() == 2, what="a bot")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot, what="the first snapshot")
    assert ann.snapshot().view.hand  # a card hand: the card game started
    with pytest.raises(LobbyError, match="has started"):
        hosted.table.set_game(ZATRE)
    await ann.close()
    await hosted.stop()
