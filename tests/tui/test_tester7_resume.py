"""Player-tester 7's findings on saves and resuming.

Finding 1: a hosted LAN game could not be resumed from the menu, and leaving it said
"the game ends for everyone" though it was saved (``parlour host --resume FILE``
carried it on). Leaving now says it is saved and how to carry it on; the menu lists
the unfinished hosted games, and the host form started from one hosts it again as
``parlour host --resume FILE`` does: the same moves and scores, the host at their
seat, each other seat held until its player joins again.

Finding 3: leaving a new card game before its first move said "It is saved", yet no
save was written (a local game is saved after each move, the first included, not
before). Leaving or quitting a local game of any of the four games before anything of
it is saved now says so, and nothing is left in the menu; after the first move the
game is saved and the question says that."""

from __future__ import annotations

import asyncio
import os
import random

import pytest
from textual.widgets import OptionList

from net.client import RemoteSeatLink
from net.codec import codec_for
from net.saves import hosted_games, read, saves_dir, state_digest
from rules.zatre import GAME as ZATRE
from tui.lan import HOSTED_SAVED, TokenStore, free_port
from tui.screens.host_setup import RESUME_TITLE, HostSetupScreen
from tui.screens.lan_table import HOST_LEAVES_SAVED, LanTable
from tui.screens.lobby import LobbyScreen
from tui.screens.saved_games import HOSTED_TITLE, SavedGamesScreen

from net.saves import local_games
from tui.app import LOCAL_LEAVE_QUESTION, ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.screens.confirm import ConfirmScreen
from tui.screens.game_table import NOTHING_SAVED, NOTHING_SAVED_LEAVE_QUESTION, GameTableScreen
from tui.screens.handover import HandOverScreen
from tui.screens.menu import MenuScreen

from .helpers import SIZE, solo, until
from .lan_helpers import LINK, TIMEOUT, app_for, step
from .test_cards_table import cards_game, open_with_keys


FIRST_MOVE_WAITS = {
    "zatre": solo(),
    "zatre-cards": cards_game(),
    "zestrea": LocalGame((SeatChoice("Ann"), SeatChoice("Bob"), SeatChoice("Cy")), seed=2, pace=0, game="zestrea"),
    "estate": LocalGame((SeatChoice("You"),), seed=2, pace=0, game="estate", options=(("leaders", "random"),)),
}
"""A new local game of each game that waits for a human's first move (Zestrea's at one
keyboard, its first hand-over asking the question)."""


def first_move_waits(app: ParlourApp) -> bool:
    """Whether the table (or the hand-over covering it) waits for a human's keys."""
    screen = app.screen
    return (isinstance(screen, GameTableScreen) and screen.my_turn) or (
        isinstance(screen, HandOverScreen) and screen.listening)


async def asked(pilot, key: str) -> str:
    """Press ``key`` and return the question it asks (a :class:`ConfirmScreen`)."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
    return pilot.app.screen.question


@pytest.mark.parametrize("name", sorted(FIRST_MOVE_WAITS))
async def test_leaving_before_the_first_move_says_nothing_is_saved_and_nothing_is(tmp_path, name):
    """tester 7, finding 3: the question told of a save that was never written."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(FIRST_MOVE_WAITS[name])
        await until(pilot, lambda: first_move_waits(app))
        assert app.table.host.version == 0 and not list(tmp_path.glob("*.json"))
        assert await asked(pilot, "ctrl+q") == f"Quit Parlour? {NOTHING_SAVED}"
        await pilot.press("n")
        await until(pilot, lambda: first_move_waits(app))
        assert await asked(pilot, "q") == NOTHING_SAVED_LEAVE_QUESTION
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert not list(tmp_path.glob("*.json")) and local_games(tmp_path) == []  # as said: nothing to continue


async def test_after_the_card_games_first_move_it_is_saved_as_the_question_says(tmp_path):
    """tester 7, finding 3: once a move is made the game is on disk, and leaving says so."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(cards_game())
        await until(pilot, lambda: isinstance(app.screen, GameTableScreen) and app.screen.my_turn)
        table = app.screen
        await open_with_keys(pilot, table)
        await until(pilot, lambda: table.my_turn and len(table.view.log) >= 2)
        await until(pilot, lambda: [g.moves for g in local_games(tmp_path)] == [table.snap.version])
        assert await asked(pilot, "q") == LOCAL_LEAVE_QUESTION
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert [g.title for g in local_games(tmp_path)] == ["Zatre: Das Kartenspiel"]


def choose_entry(app: ParlourApp, entry: str) -> None:
    """Highlight the menu's entry ``entry`` (its id)."""
    options = app.screen.query_one(OptionList)
    options.highlighted = next(i for i in range(options.option_count)
                               if options.get_option_at_index(i).id == entry)


async def test_a_hosted_game_left_says_it_is_saved_and_is_hosted_again_from_the_menu(tmp_path, monkeypatch):
    """tester 7, finding 1: Ann hosts from the menu, plays with Bob, leaves with q (told
    the game is saved and how to carry it on), then hosts it again from the menu's
    *Host a saved game again…*: the same moves and scores from the same save file, her
    seat hers, Bob's held for him until he joins again with his token."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # (saves_dir(): a hosted table's saves)
    port = free_port("127.0.0.1", 20000 + os.getpid() % 20000)
    assert port is not None
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens, local_saves=tmp_path / "local",
                  host_defaults={"bind": "127.0.0.1", "port": port, "advertise": False, "bot_delay": 0})
    rng = random.Random(7)
    bob = again = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, HostSetupScreen))
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            hosted = app.session.hosted
            bob = RemoteSeatLink(hosted.local_url, "Bob", ZATRE, room=hosted.code, **LINK)
            await asyncio.wait_for(bob.connect(), TIMEOUT)
            await app.session.say("/join")
            await bob.say("/join")
            await until(pilot, lambda: hosted.table.lobby.seated_count() == 2)
            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTable) and app.screen.snap is not None)
            ann = app.session.link
            while hosted.table.host.version < 4:  # a few moves, each player's
                await step(ann, rng)
                await step(bob, rng)
                await pilot.pause(0.01)
            host = hosted.table.host
            version, digest = host.version, state_digest(codec_for(ZATRE), host.state, ZATRE)
            sheets, seats = host.state.sheets, (ann.seat, bob.seat)
            save = hosted.save
            assert save.parent == saves_dir()
            await until(pilot, lambda: read(save)[0].version == version)

            assert await asked(pilot, "ctrl+q") == f"Quit Parlour? You host this table: {HOSTED_SAVED}"
            await pilot.press("n")
            assert await asked(pilot, "q") == HOST_LEAVES_SAVED
            assert "is saved" in HOST_LEAVES_SAVED and "Host a saved game again" in HOST_LEAVES_SAVED
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            bob_token = bob.token
            await bob.close()

            assert [g.path for g in hosted_games()] == [save]
            choose_entry(app, "hosted-saves")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
            listed = app.screen
            assert listed.heading == HOSTED_TITLE
            entry = str(listed.query_one(OptionList).get_option_at_index(0).prompt)
            assert entry.startswith(f"Zatre · {hosted.table.name} · ")
            assert entry.endswith("hosted (LAN)") and f"move {version}" in entry
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, HostSetupScreen))
            form = app.screen
            assert str(form.query_one("#host-title").render()) == RESUME_TITLE
            assert not form.query_one("#host-game").display and not form.query_one("#host-table").display
            assert form.settings().resume == save
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LanTable) and app.screen.snap is not None)
            resumed = app.session.hosted
            assert resumed.save == save and resumed.table.name == hosted.table.name
            host = resumed.table.host
            assert host.version == version and host.state.sheets == sheets
            assert state_digest(codec_for(ZATRE), host.state, ZATRE) == digest
            await until(pilot, lambda: app.session.link.seat == seats[0])  # Ann's seat, by her token
            assert app.screen.snap.version == version

            # Bob's seat waits for him: he joins again with his token and has it back
            again = RemoteSeatLink(resumed.local_url, "Bob", ZATRE, room=resumed.code, token=bob_token, **LINK)
            await asyncio.wait_for(again.connect(), TIMEOUT)
            await until(pilot, lambda: again.seat == seats[1] and again.has_snapshot)
            assert again.snapshot().version == version
    finally:
        for link in (bob, again):
            if link is not None:
                await link.close()
