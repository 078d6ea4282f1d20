"""Zatre's team variant over the LAN (zatre-board.txt "Variant for Advanced Players":
partners "may then discuss how to best place the tiles", so each sees the other's
tiles; the other team does not): two partners on real clients over 127.0.0.1 against
a team of two easy bots, played to the end. (What is checked here is what each link is
shown, the same whatever the bots' strength; the strong bot's team play is checked by
tests/rules/test_zatre_teams.py and the team playouts.)"""

from __future__ import annotations

import asyncio
import random

from rules.zatre import GAME as ZATRE
from rules.zatre import EasyBot, TilesDrawn, ZatreOptions
from tests.net.wire import host_table, join, until


async def test_partners_see_each_others_tiles_and_nobody_else_does():
    hosted = await host_table(ZATRE, options=ZatreOptions(teams=True), seed=3)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    cyd = await join(hosted, "Cyd")  # watches
    links = (ann, bob, cyd)
    seen: dict[str, list] = {link.name: [] for link in links}
    for link in links:
        link.listen(seen[link.name].append)
    for link in (ann, bob):
        await link.say("/join")
        await until(lambda: link.seat is not None, what=f"{link.name} seated")
    for _ in range(2):
        await ann.say("/bot add easy")
    await until(lambda: hosted.table.lobby.seated_count() == 4, what="four seated")
    await ann.say("/start")
    await until(lambda: all(link.has_snapshot for link in links), what="first snapshots")
    assert (ann.seat, bob.seat) == (0, 1)

    async def play(link) -> None:  # each partner plays what its own easy bot picks
        bot, rng = EasyBot(), random.Random(link.name)
        while not (link.snapshot().over or link.game_over is not None):
            snap = link.snapshot()
            if link.seat in snap.active_seats and snap.legal_actions:
                outcome = await link.submit(bot.choose(snap.view, snap.legal_actions, rng))
                # both partners may act as their team's placing starts (ruling 12): the
                # one whose choice came second looks again at the fresh snapshot
                assert outcome.accepted or outcome.code == "stale", outcome
            else:
                await asyncio.sleep(0.005)

    await asyncio.wait_for(asyncio.gather(play(ann), play(bob)), 30)
    await until(lambda: all(link.game_over is not None for link in links), what="game over")
    host = hosted.table.host
    result = host.result
    assert result == ann.game_over.result == cyd.game_over.result
    assert result.winners in ({0, 1}, {2, 3}, {0, 1, 2, 3}), "partners win together"

    # every snapshot is its seat's view: the seat's own tiles and its partner's, never
    # the other team's; drawn tiles are shown to the drawer and the partner only
    state = ZATRE.setup(host.options, host.seats, host.seed)
    states = [state]
    for applied in host.applied:
        state, _ = ZATRE.apply(state, applied.seat, applied.action)
        states.append(state)
    for link in (ann, bob):
        partner = link.seat ^ 1
        assert seen[link.name]
        for snap in seen[link.name]:
            state = states[snap.version]
            assert snap.view == ZATRE.view(state, link.seat)
            assert snap.view.partner_hand == state.hands[partner]
            for event in snap.events:
                if isinstance(event, TilesDrawn) and event.seat in (2, 3):
                    assert event.tiles == ()
                elif isinstance(event, TilesDrawn) and event.count:
                    assert event.tiles, "a partner's draw is shown to both partners"
    for snap in seen["Cyd"]:
        assert snap.view.hand == () and snap.view.partner_hand == ()
        assert all(e.tiles == () for e in snap.events if isinstance(e, TilesDrawn))
    for link in links:
        await link.close()
    await hosted.stop()
