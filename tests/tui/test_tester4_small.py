"""Player-tester 4's small findings (/work/briefs/tester-4-findings.md): item 5 (a
replay's ``g New game`` opens the replayed game's setup), item 1 (``Host a new table``
remembers the table just played), item 11 (a teams replay numbers moves alike)."""

from __future__ import annotations

from tui.app import ParlourApp
from tui.screens.results import ResultsScreen

from .helpers import setup_shown, until
from .zestrea_helpers import SMALL, finished_game_replay, replay_at_its_end


async def test_a_replays_new_game_opens_the_replayed_games_setup(tmp_path):
    """Item 5: after replaying a Zestrea game, the results' ``g New game`` opened a
    Zatre setup (You + Ada); it opens Zestrea's, with the replay's seats and options."""
    snaps = await finished_game_replay(tmp_path, seats=3, seed=1)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await replay_at_its_end(pilot, snaps)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.listening)
        keys = {b.key: b.description for _, b, enabled, _ in app.screen.active_bindings.values()
                if b.show and enabled}
        assert keys.get("g") == "New game"
        await pilot.press("g")
        await until(pilot, lambda: setup_shown(app))
        form = app.screen.current_form()
        assert form.game == "zestrea"
        # a game of bots only: the player takes its first seat (leftovers item 3)
        assert form.names[:3] == ("You", "Bob", "Cy") and form.kinds[:3] == ("human", "easy", "easy")
        assert set(form.kinds[3:]) == {"none"}
        assert dict(form.options)["adoption_sex"] == snaps[-1].view.options.adoption_sex


async def test_host_a_new_table_remembers_the_table_just_played(tmp_path):
    """Item 1: the results' ``g Host a new table`` opened the form with "Root's table",
    port 7531, Zatre, advertised (and the default bind): now it holds the table just
    played (the card game, Hana, port 47371, not advertised, bound to 127.0.0.1), so the
    joiners' refilled join screen points where the host's next table listens. And the
    table's last toast ("Table closed … q leaves") does not stay on the next screen."""
    from textual.widgets import Input, Select

    from tui.lan import HostSettings, TokenStore, host_table
    from tui.screens.host_setup import HostSetupScreen
    from tui.screens.lobby import LobbyScreen

    settings = HostSettings("Friday", "Hana", port=47371, bind="127.0.0.1", advertise=False,
                            save=False, grace=30.0, game="zatre-cards")
    app = ParlourApp(pace=0, discovery=None, tokens=TokenStore(tmp_path / "tokens.json"))
    async with app.run_test(size=SMALL) as pilot:
        session = await host_table(settings, app.tokens)
        await app.start_session(session)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.notify("The host closed the table. The game is over; q leaves.", title="Table closed")
        await app.close_table(then="host")
        await until(pilot, lambda: isinstance(app.screen, HostSetupScreen) and app.screen.query("#host-game"))
        form = app.screen
        assert form.query_one("#host-game", Select).value == "zatre-cards"
        assert form.query_one("#host-table", Input).value == "Friday"
        assert form.query_one("#host-player", Input).value == "Hana"
        assert form.query_one("#host-port", Input).value == "47371"
        assert form.query_one("#host-advertise", Select).value is False
        again = form.settings()
        assert (again.bind, again.port, again.advertise, again.grace) == ("127.0.0.1", 47371, False, 30.0)
        assert again.resume is None and again.game == "zatre-cards"
        assert not app._notifications, "the closed table's toast is gone"


async def test_a_teams_replay_header_says_the_logs_turn_where_it_differs(tmp_path):
    """Item 11 (ruling 12: the partners' order is a move of its own): the header said
    ``move 4 of 75`` while the log's last line was turn ``3``; now the header says the
    log's turn beside the move where the two differ, and only there."""
    from net.codec import codec_for
    from net.host import Host
    from net.saves import Replay, snapshot_of, write
    from rules.zatre import GAME, ZatreOptions
    from tui.screens.replay import replay_snapshots
    from tui.widgets.movelog import MoveLog
    from tui.zatre.replay import ReplayScreen

    names = ("Ann", "Bob", "Cy", "Di")
    host = Host(GAME, ZatreOptions(teams=True), 4, 8, names, {s: "easy" for s in range(4)}, bot_delay=0)
    async with host:
        await host.wait_over()
    path = tmp_path / "teams.json"
    write(path, snapshot_of(host, "Friday", (None,) * 4, codec_for(GAME)), codec_for(GAME))
    snaps = replay_snapshots(Replay.open(path))
    differs = next(i for i, snap in enumerate(snaps) if len(snap.view.log) != i)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_replay(snaps, "Friday")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        table = app.screen
        assert table.move_note() == ""  # the setup
        await pilot.press("right")
        await until(pilot, lambda: table.index == 1)
        assert "move 1 of" in table._turn_text() and "in the log" not in table._turn_text()
        for _ in range(differs - 1):
            await pilot.press("right")
        await until(pilot, lambda: table.index == differs)
        turns = len(snaps[differs].view.log)
        assert f"move {differs} of {len(snaps) - 1} (turn {turns} in the log)" in table._turn_text()
        last = [e for e in table.query_one(MoveLog).entries if e[:3].strip().isdigit()][-1]
        assert int(last[:3]) == turns
