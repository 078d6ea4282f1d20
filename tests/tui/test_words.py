"""Wording shared by the tables and results: names cut to fit yet told apart, and
places in the standings (equal totals share one)."""

from __future__ import annotations

from types import SimpleNamespace

from rules.core import Result, SeatScore
from tui.app import ParlourApp
from tui.local_game import LocalGame, SeatChoice
from tui.widgets.movelog import MoveLog
from tui.zatre.results import places
from tui.zatre.results import standings as zatre_standings
from tui.names import fit as fit_name, fit_names, log_names
from tui.zatre_cards.results import standings as card_standings

from .helpers import start


def text_of(table) -> str:
    """A rich Table as plain text."""
    import io

    from rich.console import Console

    console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
    console.print(table)
    return console.export_text()


def test_names_are_cut_to_fit_and_told_apart():
    assert fit_names(["Ada", "Ben"], 5) == ("Ada", "Ben")
    assert fit_names(["Easy bot", "Easy bot 2"], 8) == ("Easy bot", "Easy b…2")
    # issue 9: "Strong…" beside "Strong…2" could be either bot; the first keeps its end
    assert fit_names(["Strong bot", "Strong bot 2", "Strong bot 3"], 8) == (
        "Strong…t", "Strong…2", "Strong…3")
    assert fit_names(["Alexander", "Alexandra"], 6) == ("Alex…r", "Alex…a")
    assert fit_name("Cleopatra", 8) == "Cleopat…"
    assert log_names(["You", "Ada"]) == ("You  ", "Ada  "), "no wider than needed"
    assert log_names(["You", "Strong bot", "Strong bot 2"]) == ("You     ", "Strong…t", "Strong…2")
    for names, width in ((["Easy bot 10", "Easy bot 11", "Easy bot 1"], 6),
                         (["Annabelle", "Annabella", "Anna"], 5)):
        short = fit_names(names, width)
        assert len(set(short)) == len(names) and all(len(s) <= width for s in short), short


def test_equal_totals_share_a_place():
    assert places([184, 184, 150, 90]) == [1, 1, 3, 4]
    assert places([200, 184, 184]) == [1, 2, 2]


def _snap(totals, parts, teams=False):
    seats = len(totals) * (2 if teams else 1)
    scores = tuple(SeatScore(seat * (2 if teams else 1), total, parts(total))
                   for seat, total in enumerate(totals))
    if teams:  # a team's score is at both partners' seats
        scores = tuple(SeatScore(s, totals[s // 2], parts(totals[s // 2])) for s in range(seats))
    best = max(totals)
    winners = frozenset(s.seat for s in scores if s.total == best)
    view = SimpleNamespace(options=SimpleNamespace(teams=teams), seats=seats)
    names = tuple(f"P{s}" for s in range(seats))
    return SimpleNamespace(result=Result(scores, winners), view=view, names=names,
                           bots=(None,) * seats)


def test_tied_teams_and_players_share_a_place_in_the_standings():
    teams = _snap([150, 184, 184], lambda t: (("score sheet", t), ("minus points", 0)), teams=True)
    rows = text_of(zatre_standings(teams)).splitlines()[1:]
    assert [row.split()[0:2] for row in rows] == [["★", "1"], ["★", "1"], ["3", "P0"]], rows
    cards = _snap([40, 75, 40], lambda t: (("round 1", t), ("round 2", 0)))
    rows = text_of(card_standings(cards)).splitlines()[1:]
    assert [row.split()[0:2] for row in rows] == [["★", "1"], ["2", "P0"], ["2", "P2"]], rows


async def test_zatre_log_tells_long_names_apart():
    app = ParlourApp(pace=0)
    game = LocalGame((SeatChoice("You"), SeatChoice("Strong bot", "strong"),
                      SeatChoice("Strong bot 2", "strong")), seed=1, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start(pilot, game)
        entries = table.query_one(MoveLog).entries
        draw = next(line for line in entries if "draw for first player" in line.lower())
        assert "Strong bot " in draw and "Strong bot 2 " in draw, draw
        lines = " ".join(entries)
        for i, record in enumerate(table.view.log, 1):
            name = {1: "Strong…", 2: "Strong…2"}.get(record.seat, "You")
            assert f"{i:>2} {name:<8} +" in lines, (name, entries)


def test_you_keep_and_others_keep_s():
    """The turn line agrees with its subject: "You could lay no tile and keep 1 face
    down", "Ada ... keeps 1" (a player-tester's report)."""
    from rules.zatre.sheet import SheetEntry
    from rules.zatre.state import Placement, TurnRecord
    from tui.zatre.words import turn_text

    def record(placements, kept):
        return TurnRecord(seat=0, drew=0, placements=placements, lines=(), crosses_at=(),
                          entry=SheetEntry(), rows=(), gain=0, kept=kept)

    assert turn_text(record((), 1), "You") == "You could lay no tile and keep 1 face down."
    assert turn_text(record((), 1), "Ada") == "Ada could lay no tile and keeps 1 face down."
    laid = (Placement((7, 7), 3),)
    assert turn_text(record(laid, 1), "You").endswith("; keep 1.")
    assert turn_text(record(laid, 1), "Ada").endswith("; keeps 1.")


def test_zestrea_places_follow_the_villager_tie_break():
    """Player-tester 5, item 12: two Boyars on 4 points with 6 and 5 villagers were both
    3rd, though the tie-break (Z-R40: the number of villagers; only a tie that is still
    tied is shared) separates them; a tie on both is shared."""
    from tui.zestrea.results import TIE_BREAK, standings as zestrea_standings

    villagers = (7, 5, 6, 5, 5)
    scores = tuple(SeatScore(seat, total, parts=(("Zestre", total),),
                             breakdown=(f"{TIE_BREAK}{villagers[seat]}",))
                   for seat, total in enumerate((10, 6, 4, 4, 4)))
    snap = SimpleNamespace(result=Result(scores, frozenset({0})), names=("Cleo", "Ben", "You", "Ada", "Dan"),
                           bots=(None,) * 5)
    rows = [row.split() for row in text_of(zestrea_standings(snap)).splitlines()[1:]]
    assert [(row[-7], row[-6]) for row in rows] == [
        ("1", "Cleo"), ("2", "Ben"), ("3", "You"), ("4", "Ada"), ("4", "Dan")], rows
