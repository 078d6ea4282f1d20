"""A replay's ``g New game`` after a game played by bots only (leftovers item 3): the
setup form opened with bot seats only, where a player expects a seat of their own as
in a new game's form; now the player takes the first seat and the other seats stay as
the replayed game had them (player-tester 4, item 5: the replayed game's kind, seats
and options)."""

from __future__ import annotations

from net.codec import codec_for
from net.host import Host
from net.saves import Replay, snapshot_of, write
from rules.zatre import GAME, ZatreOptions
from tui.app import ParlourApp
from tui.screens.local_setup import SetupForm, replayed_form
from tui.screens.replay import replay_snapshots
from tui.screens.results import ResultsScreen
from tui.zatre.replay import ReplayScreen
from tui.zatre.table import TableScreen

from .helpers import setup_shown, until

SMALL = (80, 24)


async def bots_only_replay(tmp_path, seats: int = 2, **options) -> list:
    """A whole Zatre game of easy bots (``Ann``, ``Bob``, ...), saved and opened as
    ``parlour replay`` opens it: its snapshots."""
    names = ("Ann", "Bob", "Cy", "Di")[:seats]
    host = Host(GAME, ZatreOptions(**options), seats, 4, names, {s: "easy" for s in range(seats)}, bot_delay=0)
    async with host:
        await host.wait_over()
    path = tmp_path / "bots.json"
    write(path, snapshot_of(host, "Friday", (None,) * seats, codec_for(GAME)), codec_for(GAME))
    return replay_snapshots(Replay.open(path))


async def test_a_bots_only_game_gives_its_first_seat_to_the_player(tmp_path):
    """The form keeps the game, its options and the other seats; the first is the
    player's (named as they last named themself), and a game of humans and bots keeps
    every seat as it was."""
    snaps = await bots_only_replay(tmp_path, seats=4, teams=True)
    view = snaps[0].view
    form = replayed_form(view, ("Ann", "Bob", "Cy", "Di"), ("easy",) * 4)
    assert form.game == "zatre" and dict(form.options)["teams"] is True
    assert form.kinds[:4] == ("human", "easy", "easy", "easy")
    assert form.names[:4] == ("You", "Bob", "Cy", "Di") and set(form.kinds[4:]) == {"none"}
    named = replayed_form(view, ("Ann", "Bob", "Cy", "Di"), ("easy",) * 4, player="Maximilianaa")
    assert named.names[0] == "Maximilianaa"
    mixed = replayed_form(view, ("Ann", "Bob", "Cy", "Di"), ("easy", None, "strong", None))
    assert mixed.kinds[:4] == ("easy", "human", "strong", "human")
    assert mixed.names[:4] == ("Ann", "Bob", "Cy", "Di")


async def test_g_after_a_bots_only_replay_starts_a_game_with_the_player_seated(tmp_path):
    """Replay to the end, ``r`` the results, ``g``: the form has the player at seat 1
    (the name they last gave) and Bob as the replay had him; Start seats the player."""
    snaps = await bots_only_replay(tmp_path)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    app.local_form = SetupForm(names=("Kim", "Ada", "Ben", "Cleo", "Dan", "Eve"))
    async with app.run_test(size=SMALL) as pilot:
        app.show_replay(snaps, "Friday")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        table = app.screen
        await pilot.press("end")
        await until(pilot, lambda: table.snap.over)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.listening)
        await pilot.press("g")
        await until(pilot, lambda: setup_shown(app))
        form = app.screen.current_form()
        assert form.game == "zatre"
        assert form.kinds[:2] == ("human", "easy") and form.names[:2] == ("Kim", "Bob")
        assert set(form.kinds[2:]) == {"none"}
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.snap is not None)
        game = app.screen
        assert game.seat == 0 and game.snap.names[:2] == ("Kim", "Bob")
        assert game.snap.bots[:2] == (None, "easy")
