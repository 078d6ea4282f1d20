"""Names and text fitted to columns by terminal cells, not characters (issue 8 §4:
"a name of 12 CJK characters or emoji pushes its row 12 cells wide in the Scores
panel, and at 80×24 the row wraps and pushes the other player's score out of sight").

Every check reads what a widget draws (``render_line``), at 80x24."""

from __future__ import annotations

from types import SimpleNamespace

from net.protocol import SeatInfo
from tui.app import ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.names import cells, fit, fit_names, log_names, pad, wrap
from tui.screens.lobby import NAME as LOBBY_NAME
from tui.screens.lobby import seat_text
from tui.widgets.message import TableMessage, news_lines
from tui.widgets.movelog import MoveLog
from tui.zatre.scores import NAME as ZATRE_NAME, TEAM
from tui.zatre.scores import ScoreStrip
from tui.zatre_cards.scores import CardScores

from .helpers import BOT_FIRST_SEED, start, until
from .test_cards_table import start as start_cards

SMALL = (80, 24)
CJK = "日本語の名前です漢字名前長"[:12]  # 12 characters, 24 cells
EMOJI = "🎲" * 12  # 12 characters, 24 cells
ACCENTS = "Zoe\u0301"  # 4 characters, 3 cells (a combining accent takes none)


def drawn(widget) -> list[str]:
    """The lines ``widget`` draws on screen, as text."""
    return [widget.render_line(y).text for y in range(widget.size.height)]


def column_at(row: str, start: int, width: int) -> str:
    """The text of ``row`` between cells ``start`` and ``start + width``."""
    out, at = [], 0
    for ch in row:
        if start <= at < start + width:
            out.append(ch)
        at += cells(ch)
    return "".join(out)


def test_fit_and_pad_measure_cells():
    assert cells(CJK) == 24 and cells(EMOJI) == 24 and cells(ACCENTS) == 3
    assert cells(fit(CJK, 12)) <= 12 and fit(CJK, 12).endswith("…")
    assert fit(ACCENTS, 3) == ACCENTS, "4 characters, 3 cells: it fits"
    for name in (CJK, EMOJI, "Ada", ACCENTS, "Easy bot 2"):
        for width in (5, 8, 9, 12):
            assert cells(pad(name, width)) == width, (name, width)
            assert cells(pad(name, width, ">")) == width
    assert fit("Easy bot 2", 8, 1) == "Easy b…2"
    short = fit_names([EMOJI, EMOJI[:-1] + "🎯"], 8)
    assert len(set(short)) == 2 and all(cells(s) <= 8 for s in short), short
    assert len({cells(name) for name in log_names(["You", CJK, EMOJI, "Ada"])}) == 1


def test_wrap_keeps_lines_within_cells():
    for text in (f" 7 {CJK} +14 5 6: 11 12 x2", f"{EMOJI}{EMOJI} +3", "Ada laid 5 6 → 11"):
        for width in (8, 13, 20, 40):
            lines = wrap(text, width, "    ")
            assert all(cells(line) <= width for line in lines), (text, width, lines)
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), "nothing lost"
    assert wrap(" 7 Ada      +14", 40) == [" 7 Ada      +14"], "spaces inside a line kept"


def test_lobby_seats_line_up_in_cells():
    lobby = SimpleNamespace(host=EMOJI, game="zatre", options=None)
    rows = [seat_text(SeatInfo(seat=i, status="here" if name else "open", name=name), lobby, 0)
            for i, name in enumerate((CJK, EMOJI, "Ann", None))]
    tags = [column_at(row, 2 + LOBBY_NAME + 1, 4) for row in rows]
    assert tags[:2] == ["you", "host"] and rows[2].rstrip().endswith("Ann"), rows
    assert all(cells(row) <= 2 + LOBBY_NAME + 1 + 4 for row in rows), rows


async def test_zatre_scores_and_log_fit_wide_names_at_80x24():
    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice(CJK), SeatChoice(EMOJI, "easy"), SeatChoice(ACCENTS, "easy")),
                     seed=BOT_FIRST_SEED, pace=0)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, game)
        strip = table.query_one(ScoreStrip)
        await until(pilot, lambda: any(line.gained is not None for line in strip.lines))
        await pilot.pause()
        rows = drawn(strip)
        assert len(strip.lines) == 3
        for y, line in enumerate(strip.lines, 1):  # one row per seat: none wrapped
            row = rows[y]
            assert cells(row) <= strip.size.width
            total = column_at(row, 2 + ZATRE_NAME, 5)
            assert total.strip() == str(line.total), (row, total)  # the column lines up
        assert column_at(rows[0], 2 + ZATRE_NAME, 5) == "total"
        assert column_at(rows[1], 2, 4) == CJK[:2] and column_at(rows[2], 2, 4) == EMOJI[:2]

        log = table.query_one(MoveLog)
        turns = [row for row in drawn(log) if row[:2].strip().isdigit()]
        assert turns, drawn(log)
        ends = set()
        for row in turns:
            assert cells(row) <= log.size.width
            gain = row.split("+", 1)[1].split()[0]
            ends.add(cells(row[:row.index("+" + gain) + len(gain) + 1]))
        assert len(ends) == 1, f"the points line up: {turns}"

        message = table.query_one(TableMessage)
        news = drawn(message)[0]
        assert cells(news.rstrip()) <= message.size.width


async def test_card_scores_and_log_fit_wide_names_at_80x24():
    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice(EMOJI), SeatChoice(CJK, "easy")), seed=2, pace=0,
                     game="zatre-cards")
    async with app.run_test(size=SMALL) as pilot:
        table = await start_cards(pilot, game)
        scores = table.query_one(CardScores)
        await pilot.pause()
        rows = drawn(scores)
        width = scores._name_width(scores.size.width)
        for y, line in enumerate(scores.lines, 1):
            row = rows[y]
            assert cells(row) <= scores.size.width
            assert column_at(row, 2 + width, 5).strip() == str(line.total), row
            assert column_at(row, 2 + width + 10, 5).strip() == str(line.hand), row
        assert column_at(rows[0], 2 + width, 5) == "total"
        await pilot.press("1", "enter", "1", "n", "enter")  # the opening: two cards
        log = table.query_one(MoveLog)
        await until(pilot, lambda: any(row[:2].strip().isdigit() for row in drawn(log)))
        turns = [row for row in drawn(log) if row[:2].strip().isdigit()]
        assert all(cells(row) <= log.size.width for row in turns)
        assert len({cells(row[:row.index("+")]) for row in turns}) == 1, turns


def test_news_cut_keeps_its_points():
    news = "Ada (strong bot) laid 3 6 → 12, 10, x2, x2: +16 points."
    assert news_lines(news, 80, 1) == [news]
    (line,) = news_lines(news, 44, 1)
    assert line.startswith("Ada (strong bot) laid") and line.endswith("…: +16 points.")
    assert cells(line) <= 44
    assert news_lines(news, 44, 2) == wrap(news, 44), "room for all of it: wrapped"
    assert all(cells(line) <= 30 for line in news_lines(f"{CJK} laid 3 6 → 12: +4 points.", 30, 1))


async def test_a_bots_turn_keeps_its_points_under_the_hand():
    """Issue 8 §4: bot-move lines were cut before their points at 100 columns."""
    for size in ((100, 30), SMALL):
        app = ParlourApp(pace=0)
        game = LocalGame((SeatChoice("You"), SeatChoice("Ada", "strong")), seed=BOT_FIRST_SEED, pace=0)
        async with app.run_test(size=size) as pilot:
            table = await start(pilot, game)
            record = table.view.log[-1]
            message = table.query_one(TableMessage)
            await pilot.pause()
            rows = [row.rstrip() for row in drawn(message)]
            points = "point" if record.gain == 1 else "points"
            news = " ".join(rows[:rows.index(message.text)])
            assert news.endswith(f": +{record.gain} {points}."), (size, rows)


async def test_a_team_table_with_wide_names_wraps_nothing_at_80x24():
    """The partner's line over the hand, the sheet's "In hand" line and the team
    scores, with names of 12 wide characters (teams: "both partners see both hands")."""
    from tui.zatre.hand import HandTiles
    from tui.zatre.sheet import ScoreSheet

    app = ParlourApp(pace=0)
    seats = (SeatChoice(CJK), SeatChoice(EMOJI, "easy"), SeatChoice("Ben", "easy"),
             SeatChoice("Cy", "easy"))
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, LocalGame(seats, seed=1, pace=0, teams=True))
        await pilot.pause()
        hand = table.query_one(HandTiles)
        rows = drawn(hand)
        assert hand.partner and EMOJI[:2] in rows[0] and "…" in rows[0], rows
        assert all(cells(row) <= hand.size.width for row in rows)
        sheet = table.query_one(ScoreSheet)
        assert drawn(sheet)[-1].startswith("Sheet total:"), drawn(sheet)
        strip = table.query_one(ScoreStrip)
        for y, line in enumerate(strip.lines, 1):
            assert column_at(drawn(strip)[y], 2 + ZATRE_NAME + TEAM, 5).strip() == str(line.total)
