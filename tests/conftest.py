"""The session's playouts start in the background as soon as the tests are collected,
and their tests run last (tests/rules/playout_pool.py)."""

from __future__ import annotations

from tests.rules import playout_pool


def pytest_collection_modifyitems(session, config, items):
    playouts = [item for item in items if playout_pool.is_playout(item)]
    items[:] = [item for item in items if not playout_pool.is_playout(item)] + playouts


def pytest_collection_finish(session):
    playout_pool.start(session.items)


def pytest_sessionfinish(session, exitstatus):
    playout_pool.stop()
