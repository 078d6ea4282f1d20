"""Local games are saved and continued (issue 8 §4: "Solo and hotseat games are lost when
Parlour closes. Save them like hosted games: the menu offers to continue an unfinished
one, and `parlour replay` opens finished ones"), and a failed save shows at the table
(issue 8 §1: "A save that fails is never silent")."""

from __future__ import annotations

import asyncio

from textual.widgets import OptionList

from net.local import LocalTable
from net.saves import Replay, local_games, read
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from tui.app import ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.screens.menu import MenuScreen
from tui.screens.saved_games import SavedGamesScreen
from tui.screens.whole_log import WholeLogScreen
from tui.zatre.hand import HandTiles
from tui.widgets.message import TableMessage
from tui.zatre.table import TableScreen

from .helpers import SIZE, hand_over, shown, solo, start, until
from .test_table import lay_hinted_turn


def menu_entries(app: ParlourApp) -> list[str]:
    options = app.screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def play_turns(pilot, table: TableScreen, turns: int) -> None:
    """Lay ``turns`` of the human's turns with keys (the bot answers each)."""
    for _ in range(turns):
        await until(pilot, lambda: table.my_turn)
        before = len(table.view.log)
        await lay_hinted_turn(pilot, table)
        await pilot.press("c")
        await until(pilot, lambda: len(table.view.log) > before + 1 and table.my_turn)


async def test_a_solo_game_closed_and_reopened_continues_at_the_same_board_hand_and_turn(tmp_path):
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo(bot="strong"))
        await play_turns(pilot, table, 2)
        version, view = table.snap.version, table.view
        await until(pilot, lambda: read(next(tmp_path.glob("*.json")))[0].version == version)
        await pilot.press("ctrl+q")  # asked first: the game is saved
        assert "The game is saved" in app.screen.question
        await pilot.press("enter")
    assert [g.moves for g in local_games(tmp_path)] == [version]

    again = ParlourApp(pace=0, local_saves=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        assert isinstance(again.screen, MenuScreen)
        first = menu_entries(again)[0]
        assert first.startswith("Continue Zatre · You, Ada (strong bot) · move ") and f"move {version}" in first
        await pilot.press("enter")  # the Continue entry is first and highlighted
        await until(pilot, lambda: isinstance(again.screen, TableScreen) and again.screen.snap is not None)
        table = again.screen
        await until(pilot, lambda: table.my_turn)
        assert table.snap.version == version and table.seat == 0
        assert table.view.tiles == view.tiles and table.view.hand == view.hand
        assert table.query_one(HandTiles).tiles == view.hand
        assert table.view.sheets == view.sheets and "your turn" in table._turn_text()
        assert again.table.host.bot_kinds == (None, "strong")  # the bot came back with it
        # it goes on being saved to the same file
        await play_turns(pilot, table, 1)
        await until(pilot, lambda: read(next(tmp_path.glob("*.json")))[0].version == table.snap.version)
        assert len(list(tmp_path.glob("*.json"))) == 1


async def test_a_hotseat_game_continues_with_its_seats_options_and_pace(tmp_path):
    game = LocalGame((SeatChoice("Ann"), SeatChoice("Bob"), SeatChoice("Ada", "easy")),
                     profi=True, seed=1, pace=0.05)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(game)
        await hand_over(pilot)
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.my_turn)
        table = app.screen
        link = table.links[table.seat]
        assert (await link.submit(link.snapshot().legal_actions[0])).accepted
        await until(pilot, lambda: read(next(tmp_path.glob("*.json")))[0].version >= 1)
    data, _ = read(next(tmp_path.glob("*.json")))
    assert data.local and data.pace == 0.05 and data.options == ZatreOptions(profi=True)

    again = ParlourApp(pace=0, local_saves=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        assert menu_entries(again)[0].startswith("Continue Zatre · Ann, Bob, Ada (easy bot) · move 1")
        await pilot.press("o")  # the latest, by its key
        await until(pilot, lambda: again.table is not None)
        table = again.table
        assert sorted(table.humans) == [0, 1] and table.host.bot_kinds == (None, None, "easy")
        assert table.host.options == ZatreOptions(profi=True) and table.host.bot_delay == 0.05
        await until(pilot, lambda: isinstance(again.screen, TableScreen) or "HandOver" in type(again.screen).__name__)
        screen = next(s for s in again.screen_stack if isinstance(s, TableScreen))
        assert screen.pace == 0.05 and len(screen.links) == 2  # hotseat: both humans at this keyboard


async def test_a_card_game_continues_at_the_card_table(tmp_path):
    from tui.zatre_cards.table import CardTableScreen

    game = LocalGame((SeatChoice("You"), SeatChoice("Ada", "easy")), seed=2, pace=0, game="zatre-cards")
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_local(game)
        await until(pilot, lambda: isinstance(app.screen, CardTableScreen) and app.screen.my_turn)
        link = app.screen.links[0]
        assert (await link.submit(link.snapshot().legal_actions[0])).accepted
        await until(pilot, lambda: app.screen.my_turn and app.screen.snap.version >= 2)
        version, hand = app.screen.snap.version, app.screen.view.hand
        await until(pilot, lambda: read(next(tmp_path.glob("*.json")))[0].version == version)
    again = ParlourApp(pace=0, local_saves=tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        assert menu_entries(again)[0].startswith("Continue Zatre: Das Kartenspiel · You, Ada")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(again.screen, CardTableScreen) and again.screen.my_turn)
        assert again.screen.snap.version == version and again.screen.view.hand == hand


async def test_a_finished_local_game_is_not_offered_but_replays(tmp_path):
    finished = LocalTable(ZATRE, ZatreOptions(), ("Ada", "Bea"), {0: "easy", 1: "easy"}, seed=4,
                          bot_delay=0, save_to=tmp_path / "finished.json")
    async with finished:
        await asyncio.wait_for(finished.host.wait_over(), 60)
    assert read(tmp_path / "finished.json")[0].over
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert not any(entry.startswith("Continue") for entry in menu_entries(app))
        table = await start(pilot, solo())  # an unfinished one, then back at the menu: offered
        await until(pilot, lambda: table.my_turn)
        link = table.links[0]
        assert (await link.submit(link.snapshot().legal_actions[0])).accepted
        await until(pilot, lambda: len(local_games(tmp_path)) == 2)
        await app.close_table()
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await until(pilot, lambda: menu_entries(app)[0].startswith("Continue Zatre · You, Ada (easy bot)"))
        assert sum(entry.startswith("Continue") for entry in menu_entries(app)) == 1
    replay = Replay.open(tmp_path / "finished.json")  # what parlour replay FILE opens
    steps = list(replay)
    assert ZATRE.is_over(steps[-1].state) and len(steps) == len(replay)


async def test_a_failed_local_save_shows_at_the_table_and_clears_when_a_save_works(tmp_path):
    blocked = tmp_path / "saves"
    blocked.write_text("a file where the folder should be")
    app = ParlourApp(pace=0, local_saves=blocked)
    async with app.run_test(size=SIZE) as pilot:
        table = await start(pilot, solo())
        message = table.query_one(TableMessage)
        link = table.links[0]
        assert (await link.submit(link.snapshot().legal_actions[0])).accepted
        await until(pilot, lambda: message.warning != "")
        assert message.warning.startswith("Parlour could not save the game after move 1: ")
        assert message.warning.endswith("it will try again after the next move.")
        assert "".join(shown(message).split()).startswith("".join(f"⚠ {message.warning}".split()))
        blocked.unlink()  # the folder can be made now
        await until(pilot, lambda: table.my_turn)
        link = table.links[0]
        assert (await link.submit(link.snapshot().legal_actions[0])).accepted
        await until(pilot, lambda: message.warning == "")
        assert read(next(blocked.glob("*.json")))[0].version >= 2


def test_a_continue_entry_fits_one_line_however_long_the_names():
    from pathlib import Path

    from rich.cells import cell_len

    from net.saves import SavedGame
    from tui.screens.menu import ENTRY_CELLS, continue_text

    wide = SavedGame(Path("x.json"), "Zatre: Das Kartenspiel", ("名前" * 6,) * 5 + ("Ada",),
                     (None,) * 5 + ("strong",), 123, 0.0, False)
    text = continue_text(wide)
    assert cell_len(text) <= ENTRY_CELLS and "…" in text
    assert text.startswith("Continue Zatre: Das Kartenspiel · 名前") and " · move 123 · " in text


async def test_an_unfinished_game_can_be_discarded_from_the_menu_and_still_replays(tmp_path):
    """No dead end: a game the player will not finish leaves the menu when discarded
    (asked first), and is kept for ``parlour replay``."""
    unfinished = LocalTable(ZATRE, ZatreOptions(), ("You", "Bo"), {}, seed=5,
                            bot_delay=0, save_to=tmp_path / "old.json")
    async with unfinished:  # hotseat: one move by whoever starts
        snap = unfinished.host.link(None).snapshot()
        link = unfinished.host.link(min(snap.active_seats))
        assert (await link.submit(link.snapshot().legal_actions[0])).accepted
        for _ in range(200):  # saved after the action (and the bot's answer)
            if local_games(tmp_path) and local_games(tmp_path)[0].moves >= 1:
                break
            await asyncio.sleep(0.02)
    assert len(local_games(tmp_path)) == 1 and not local_games(tmp_path)[0].over
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        assert menu_entries(app)[0].startswith("Continue Zatre")
        assert menu.check_action("discard", ()) is True  # the Continue entry is highlighted
        await pilot.press("d")
        await until(pilot, lambda: "Discard Zatre" in getattr(app.screen, "question", ""))
        await pilot.press("n")  # kept
        await until(pilot, lambda: app.screen is menu)
        assert menu_entries(app)[0].startswith("Continue Zatre")
        await pilot.press("d")
        await until(pilot, lambda: "Discard Zatre" in getattr(app.screen, "question", ""))
        await pilot.press("y")
        await until(pilot, lambda: app.screen is menu and not menu_entries(app)[0].startswith("Continue"))
        assert menu.check_action("discard", ()) is False  # nothing to discard on "Solo practice"
    assert local_games(tmp_path) == []
    kept = tmp_path / "discarded" / "old.json"
    assert Replay.open(kept) is not None


async def test_a_save_the_menu_cannot_read_is_said_not_hidden(tmp_path):
    """A cut-short save (or one from a newer Parlour) does not vanish from Continue
    without a word: the menu says a saved game could not be opened, and why
    (a player-tester's report)."""
    (tmp_path / "cut.json").write_text('{"format": "parlour-save", "body": {"game"')
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        text = str(menu.query_one("#menu-problems").render())
        assert text.startswith("⚠ A saved game could not be opened: ") and "cut.json" in text
        assert not any(entry.startswith("Continue") for entry in menu_entries(app))
        (tmp_path / "cut.json").unlink()  # gone: the line goes once the menu is shown again
        menu._relist()
        await pilot.pause()
        assert str(menu.query_one("#menu-problems").render()) == ""


async def unfinished_saves(folder, count: int) -> None:
    """``count`` unfinished hotseat Zatre games saved in ``folder`` (one move each)."""
    for n in range(count):
        table = LocalTable(ZATRE, ZatreOptions(), (f"P{n}", "Bo"), {}, seed=n + 1,
                           bot_delay=0, save_to=folder / f"game{n}.json")
        async with table:
            snap = table.host.link(None).snapshot()
            link = table.host.link(min(snap.active_seats))
            assert (await link.submit(link.snapshot().legal_actions[0])).accepted
            for _ in range(200):
                if any(g.path.name == f"game{n}.json" and g.moves >= 1 for g in local_games(folder)):
                    break
                await asyncio.sleep(0.02)


async def test_every_unfinished_game_can_be_reached_from_the_menu(tmp_path):
    """Past the three latest Continue entries, one more entry lists every unfinished
    game, to continue or discard (player-tester 3, item 2: a fourth and fifth game could
    not be reached; README: the menu continues each unfinished game)."""
    await unfinished_saves(tmp_path, 5)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        entries = menu_entries(app)
        assert sum(e.startswith("Continue Zatre") for e in entries) == 3
        assert entries[3] == "More unfinished games…  (2 more, 5 in all)"
        options = menu.query_one(OptionList)
        options.highlighted = 3
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        listed = app.screen
        assert len(listed.games) == 5 and {g.path.name for g in listed.games} == {f"game{n}.json" for n in range(5)}
        oldest = listed.games[-1]
        listed.query_one(OptionList).highlighted = 4
        await pilot.press("d")
        await until(pilot, lambda: "Discard Zatre" in getattr(app.screen, "question", ""))
        await pilot.press("y")
        await until(pilot, lambda: app.screen is listed and len(listed.games) == 4)
        assert oldest.path.name not in {g.path.name for g in local_games(tmp_path)}
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is menu)
        assert menu_entries(app)[3] == "More unfinished games…  (1 more, 4 in all)"
        options.highlighted = 3
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        last = app.screen.games[-1]
        app.screen.query_one(OptionList).highlighted = 3
        await pilot.press("enter")  # the fourth, which has no Continue entry, is taken up
        await until(pilot, lambda: app.table is not None)
        assert app.table.host.names == last.names  # the game without a Continue entry
        assert app.table.host.version == last.moves


async def test_every_save_the_menu_cannot_open_is_listed_with_its_reason(tmp_path):
    """Several broken saves: the line under the menu names the first and says how to
    see the others; ``w`` lists each with its reason (player-tester 3, item 3: the
    others' reasons were only in a log file the menu never mentions)."""
    (tmp_path / "cut.json").write_text('{"format": "parlour-save", "body": {"game"')
    (tmp_path / "empty.json").write_text("")
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        text = str(menu.query_one("#menu-problems").render())
        assert "(and 2 more; w says why for each)" in text
        assert menu.check_action("why_unreadable", ()) is True
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        lines = app.screen.lines
        assert len(lines) == 3
        assert {name for name in ("cut.json", "empty.json", "list.json") if any(name in line for line in lines)} \
            == {"cut.json", "empty.json", "list.json"}
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is menu)
    for name in ("cut.json", "empty.json", "list.json"):  # left as they were
        assert (tmp_path / name).exists()


async def test_back_at_the_menu_when_more_unfinished_games_is_gone(tmp_path):
    """Four unfinished games, one discarded from the list of them all: back at the menu
    the highlighted *More unfinished games…* entry is gone, and the menu highlights its
    first entry (player-tester 4, item 2: Parlour quit with a traceback)."""
    await unfinished_saves(tmp_path, 4)
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        options = menu.query_one(OptionList)
        options.highlighted = 3
        assert menu_entries(app)[3].startswith("More unfinished games…")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        await pilot.press("d")
        await until(pilot, lambda: "Discard Zatre" in getattr(app.screen, "question", ""))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen) and len(app.screen.games) == 3)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is menu)
        await pilot.pause()
        assert not any(e.startswith("More unfinished") for e in menu_entries(app))
        assert options.highlighted == 0 and app.is_running


async def test_the_list_of_unopened_saves_opens_at_its_top(tmp_path):
    """``w`` shows the first unopened save first (player-tester 4, item 9: it opened
    scrolled to its end, the first entries out of view)."""
    for n in range(12):
        (tmp_path / f"broken{n:02}.json").write_text("[1, 2, 3]")
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        await pilot.pause()
        await pilot.pause()
        scroll = app.screen.query_one("#whole-log-lines")
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
