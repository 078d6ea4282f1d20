"""A table never stays on an old state in silence (player-tester report: a snapshot
that failed to show left a LAN table on the Family Secrets while the game went on): a
snapshot that cannot be shown is asked of the host again (``sync``), and the player is
told so."""

from __future__ import annotations

import random

from tui.lan import TokenStore

from .helpers import SIZE, until
from .lan_helpers import app_for, hosted
from .test_lan_table import play_bob, started


async def test_a_snapshot_that_cannot_be_shown_is_asked_for_again_and_said(tmp_path):
    table = await hosted("Friday", seed=1)  # seed 1: seat 0 (Ann) plays first
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    bob = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            game, bob = await started(pilot, app, table, tokens)
            link = app.session.link
            rng = random.Random(1)
            await until(pilot, lambda: game.my_turn)
            await link.submit(rng.choice(game.snap.legal_actions))
            await until(pilot, lambda: game.snap.version == 1)

            show, failures, told, syncs = game._show, [], [], []

            def failing_show(snap):  # version 2 fails twice: at once and shown without the log
                if snap.version == 2 and len(failures) < 2:
                    failures.append(snap.version)
                    raise KeyError("E")
                show(snap)

            sync = link.sync

            async def counted_sync():
                syncs.append(game.snap.version)
                await sync()

            notify = game.notify
            game._show, link.sync = failing_show, counted_sync
            game.notify = lambda text, **kw: (told.append(text), notify(text, **kw))
            await play_bob(bob, rng)
            await until(pilot, lambda: game.snap.version == 2)  # the snapshot came again
            assert failures == [2, 2] and syncs == [1]
            assert any("could not show the latest move" in t and "asking the host for it again" in t
                       for t in told)
            assert game.my_turn
    finally:
        if bob is not None:
            await bob.close()
        await table.stop()
