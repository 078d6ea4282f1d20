"""A replay's keys and its footer agree (player-tester findings on Estate, item 10:
at move 88 of an Estate replay ``h`` went to move 87 while the page's border said
"h Hand" and the footer "ebmo Pages")."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.codec import codec_for
from net.host import Host
from net.saves import Replay, snapshot_of, write
from rules.estate import GAME as ESTATE
from rules.estate.state import EstateOptions
from tui.app import ParlourApp
from tui.estate.replay import EstateReplayScreen
from tui.estate.table import EstateTableScreen
from tui.screens.replay import replay_snapshots
from tui.zatre.replay import ReplayScreen
from tui.zatre.table import TableScreen
from tui.zatre_cards.replay import CardReplayScreen
from tui.zatre_cards.table import CardTableScreen
from tui.zestrea.replay import ZestreaReplayScreen
from tui.zestrea.table import ZestreaTableScreen

from .helpers import until

REPLAYS = [(ReplayScreen, TableScreen), (CardReplayScreen, CardTableScreen),
           (ZestreaReplayScreen, ZestreaTableScreen), (EstateReplayScreen, EstateTableScreen)]


@pytest.mark.parametrize("replay, table", REPLAYS, ids=lambda c: c.__name__)
def test_no_replay_key_hides_a_table_key_a_replay_still_does(replay, table):
    """Every key the game's table binds to what a replay still does (a page, the
    sheets, the rules: not a move) does the same in its replay."""
    playing = table.play_actions | {"move"}
    kept = replay._merged_bindings.key_to_bindings
    for key, bindings in table._merged_bindings.key_to_bindings.items():
        for binding in bindings:
            if binding.action.split("(")[0] not in playing:
                assert binding.action in [b.action for b in kept.get(key, ())], (key, binding.action)


async def test_h_shows_the_hand_page_in_an_estate_replay_and_left_steps_back(tmp_path):
    host = Host(ESTATE, EstateOptions(leaders="random"), 2, 3, ("Ann", "Bob"), {0: "easy", 1: "easy"},
                bot_delay=0)
    async with host:
        await host.wait_over()
    codec = codec_for(ESTATE)
    path = Path(tmp_path) / "game.json"
    write(path, snapshot_of(host, "Friday", (None, None), codec), codec)
    snaps = replay_snapshots(Replay.open(path))
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_replay(snaps, "Friday")
        await until(pilot, lambda: isinstance(app.screen, EstateReplayScreen) and app.screen.snap is not None)
        table = app.screen
        await pilot.press("end")
        await until(pilot, lambda: table.snap.over)
        at = table.index
        await pilot.press("h")
        assert table.index == at and table.page == "hand"
        assert "Hand" in str(table.query_one("#e-page-box").border_title)
        footer = {key for key, active in table.active_bindings.items() if active.binding.show}
        assert "h" in footer  # the footer's Pages are "ehbmo" again
        await pilot.press("left")  # ← steps back
        assert table.index == at - 1
