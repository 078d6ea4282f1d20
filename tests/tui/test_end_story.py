"""Every end and every rare rule said on the table, in the log and on the results
(issue 8 §4), refusals naming the rule, and the results' quiet moment: positions
that reach them, served by a real host, read as the player sees them."""

from __future__ import annotations

from net.host import Host
from rules.zatre import GAME, ZatreOptions
from tests.rules.zatre_support import position
from tui.app import ParlourApp
from tui.widgets.message import TableMessage
from tui.widgets.movelog import MoveLog
from tui.zatre.results import ResultsScreen
from tui.zatre.scores import ScoreStrip
from tui.zatre.table import TableScreen

from .helpers import SIZE, shown, until, walk_to

WALL = {(2, 6): 6, (2, 7): 6, (3, 6): 6, (3, 7): 6}
"""A 2x2 block of 6s: no tile fits anywhere next to it."""


async def host_at(state, names=("You", "Ada"), bots=None) -> Host:
    """A started host whose game stands at ``state`` (version 0)."""
    host = Host(GAME, state.options, state.seats, 1, names, bots, bot_delay=0)
    host._frame = host._build(state, 0, (), None)
    await host.start()
    return host


async def test_premature_end_and_a_seat_taken_by_a_bot_are_said_everywhere():
    """End of the Game, second paragraph: no tile fits anywhere, so the game ends early
    and the bag (five 5s) is dealt out from the next player on, every tile a minus
    point; Ada's seat went to a strong bot (a table fact). The table's message, its
    log and the results say all of it; the score strip shows totals with the minus
    points ("Scoring" rule 10)."""
    state = position(WALL, (1, 2), others={1: ()}, bag=(0, 0, 0, 0, 5, 0))
    host = await host_at(state)
    host.seat_bot(1, "strong")
    app = ParlourApp(pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            table = TableScreen({0: host.link(0)}, pace=0)
            await app.push_screen(table)
            await until(pilot, lambda: table.my_turn)
            assert table.must_keep
            await pilot.press("c")  # no tile fits: kept face down, and then no tile fits at all
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
            results = app.screen
            story = " ".join(shown(results.query_one("#story")).split())
            assert "No tile fits anywhere on the board any more: the game ends early" in story
            assert "The 5 tiles left in the bag are dealt out one at a time" in story
            assert "2 to You, 3 to Ada (strong bot)" in story  # (the table names a bot seat so)
            # Ada's seat went to a bot that never moved (the game ended on your move): a
            # takeover is told from the bot's first move, so here there is none to tell
            assert "was played by" not in story
            await until(pilot, lambda: results.listening)
            await pilot.press("b")  # back to the table: it says the same
            assert app.screen is table
            message = table.query_one(TableMessage)
            assert "the game ends early" in message.text and "r shows the results" in message.text
            assert table._turn_text().startswith("Game over, no tile fits: ended early: You win")
            log = " ".join(table.query_one(MoveLog).entries)
            assert "── no tile fits: the game ends early; 5 tiles dealt out: 2 to You, 3 to Ada" in log
            assert "was played by" not in log
            you, ada = table.query_one(ScoreStrip).lines
            assert (you.total, you.minus) == (-13, 13) and (ada.total, ada.minus) == (-15, 15)
            header = shown(table.query_one(ScoreStrip)).splitlines()[0]
            assert "minus" in header
    finally:
        await host.stop()


async def test_an_unscored_tile_on_a_light_cell_names_rule_7_with_hints_on():
    """How to Place a Tile, rule 7: with hints on, a 2 laid on light (6, 6) beside a 1
    makes no 10-12 while both tiles fit dark cells: refused at once, naming rule 7 in
    the rules' words (it once said only "No legal turn goes on from here")."""
    state = position({(7, 6): 1}, (2, 3))
    host = await host_at(state)
    app = ParlourApp(pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            table = TableScreen({0: host.link(0)}, pace=0)
            await app.push_screen(table)
            await until(pilot, lambda: table.my_turn)
            assert not table.view.options.profi
            await pilot.press(str(table.hand_left.index(2) + 1))
            await walk_to(pilot, table, (6, 6))
            await pilot.press("enter")
            message = table.query_one(TableMessage)
            assert message.kind == "error"
            assert message.text.startswith("Not allowed (rule 7): A 2 could still go on a dark cell this turn (6, 5), "
                                           "so it may not lie unscored on a light cell.")
            assert message.text.endswith("(u takes it back)")
    finally:
        await host.stop()


async def test_a_tile_that_leaves_no_room_for_the_other_names_rule_5():
    """How to Place a Tile, rule 5: a 2 atop the column 1 6 2 leaves no place for the 6;
    with hints on the refusal says so with the numbers, naming rule 5."""
    board = {(5, 6): 5, (5, 7): 1, (5, 8): 5, (6, 6): 3, (6, 7): 6, (6, 8): 1, (7, 6): 2,
             (7, 7): 2, (7, 8): 4, (7, 9): 3, (8, 8): 2, (8, 9): 5, (8, 10): 5, (9, 10): 5,
             (9, 11): 5, (9, 12): 2, (10, 11): 1, (10, 12): 6, (10, 13): 4, (11, 12): 4,
             (11, 13): 5}
    host = await host_at(position(board, (6, 2)))
    app = ParlourApp(pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            table = TableScreen({0: host.link(0)}, pace=0)
            await app.push_screen(table)
            await until(pilot, lambda: table.my_turn)
            await pilot.press(str(table.hand_left.index(2) + 1))
            await walk_to(pilot, table, (4, 7))
            await pilot.press("enter")
            message = table.query_one(TableMessage)
            assert message.text.startswith("Not allowed (rule 5 and its Exception): You must place "
                                           "as many tiles as possible: 2 of your tiles")
    finally:
        await host.stop()


async def test_a_turn_confirmed_short_is_refused_naming_rule_5_before_it_is_sent():
    """How to Place a Tile, rule 5 (place as many as possible): one tile of two laid
    and confirmed: refused at the table with the rule, nothing sent."""
    state = position({(7, 6): 1}, (2, 3))
    host = await host_at(state)
    app = ParlourApp(pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            table = TableScreen({0: host.link(0)}, pace=0)
            await app.push_screen(table)
            await until(pilot, lambda: table.my_turn)
            await pilot.press("1", "n", "enter", "c")
            message = table.query_one(TableMessage)
            assert message.text.startswith("Not allowed (rule 5 and its Exception): You must place")
            assert host.version == 0
    finally:
        await host.stop()


async def test_a_replay_tells_the_seat_a_bot_took_and_how_the_game_ended(tmp_path):
    """A replay (``parlour replay FILE``) tells what the table told: the seat a bot
    took, from the saved log (the host's bots' action ids), in the log and on the
    results, and how the game ended in the message (issue 8 §4)."""
    from net.codec import codec_for
    from net.saves import LoggedAction, Replay, SaveData, state_digest, write
    from net.table import BotTook
    from tui.zatre.replay import ReplayScreen, replay_snapshots

    state = GAME.setup(ZatreOptions(), 2, 5)
    log, version = [], 0
    while not GAME.is_over(state):
        version += 1
        seat = state.current
        action = GAME.legal_actions(state, seat)[0]
        state, _ = GAME.apply(state, seat, action)
        bot = seat == 1 and version > 4  # Bob played the first moves, then a bot
        log.append(LoggedAction(version, seat, f"bot:1:{version}" if bot else f"id{version}", action))
    first_bot = next(e.version for e in log if e.action_id.startswith("bot:"))
    codec = codec_for(GAME)
    path = tmp_path / "game.json"
    write(path, SaveData(game="zatre", table="Friday", options=ZatreOptions(), seats=2,
                         names=("Ann", "Bob"), bots=(None, "strong"), seed=5, version=version,
                         log=tuple(log), token_hashes=(None, None),
                         state_digest=state_digest(codec, state, GAME), saved_at=0.0), codec)
    from net.cli import replay_text

    told = f"Seat 2 (Bob) was played by a strong bot from move {first_bot}."
    lines = list(replay_text(path))  # parlour replay --text
    assert lines.index(f"      {told}") + 1 == next(
        i for i, line in enumerate(lines) if line.startswith(f"{first_bot:>4}  "))
    snaps = replay_snapshots(Replay.open(path))
    took = BotTook(1, "strong", first_bot - 1)
    assert snaps[first_bot - 1].bot_took == () and snaps[-1].bot_took == (took,)
    app = ParlourApp(pace=0, replay=(snaps, "Friday"), discovery=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.snap is not None)
        replay = app.screen
        await pilot.press("end")
        assert f"── {told}" in replay.query_one(MoveLog).entries
        message = replay.query_one(TableMessage).text
        assert "the game is over (End of the Game)" in message or "ends early" in message
        await pilot.press("r")
        results = app.screen
        assert isinstance(results, ResultsScreen) and results.listening  # asked for: at once
        story = " ".join(shown(results.query_one("#story")).split())
        assert told in story
