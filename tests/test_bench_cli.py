"""The bench scripts' command lines (issue 8 §4: ``python -m tests.bench.zatre_cards
--help`` failed, reading ``--help`` as the number of games): ``--help`` prints what the
bench does and runs nothing, a bad count is a usage error, not a traceback."""

from __future__ import annotations

import importlib

import pytest

from tests.bench.figures import games_to_play

BENCHES = ("tests.bench.zatre", "tests.bench.zatre_bots", "tests.bench.zatre_cards",
           "tests.bench.zatre_playouts")


@pytest.mark.parametrize("module", BENCHES)
def test_help_prints_usage_and_runs_nothing(module, capsys):
    bench = importlib.import_module(module)
    with pytest.raises(SystemExit) as stop:
        bench.main(["--help"])  # it would print figures (for minutes) if it ran
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m {module}") and bench.__doc__.splitlines()[0] in out


def test_games_count_is_checked():
    assert games_to_play("tests.bench.x", "doc", 200, []) == 200
    assert games_to_play("tests.bench.x", "doc", 200, ["12"]) == 12
    assert games_to_play("tests.bench.x", "doc", None, []) is None
    for bad in (["--games"], ["x"], ["0"], ["3", "4"]):
        with pytest.raises(SystemExit) as stop:
            games_to_play("tests.bench.x", "doc", 200, bad)
        assert stop.value.code == 2, bad
    with pytest.raises(SystemExit):
        games_to_play("tests.bench.x", "doc", None, ["12"])  # takes no games
