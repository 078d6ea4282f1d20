"""The session's playouts start in the background as soon as the tests are collected,
and their tests run last (tests/rules/playout_pool.py). Every test has its own user data
folder (where games are saved)."""

from __future__ import annotations

import pytest

from tests.rules import playout_pool


def pytest_collection_modifyitems(session, config, items):
    playouts = [item for item in items if playout_pool.is_playout(item)]
    items[:] = [item for item in items if not playout_pool.is_playout(item)] + playouts


def pytest_collection_finish(session):
    playout_pool.start(session.items)


def pytest_sessionfinish(session, exitstatus):
    playout_pool.stop()


@pytest.fixture(autouse=True)
def user_data_in_a_temporary_folder(monkeypatch, tmp_path):
    """Saves (hosted and local games) go to platformdirs' user data folder: in a test,
    a fresh temporary one (XDG_DATA_HOME), never the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
