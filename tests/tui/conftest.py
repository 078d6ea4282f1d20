"""Multicast never leaves a TUI test: making a real zeroconf backend fails loudly."""

from __future__ import annotations

import pytest

import net.discovery


@pytest.fixture(autouse=True)
def no_real_multicast(monkeypatch):
    def refuse(self, *args, **kwargs):  # pytest.fail: no ``except Exception`` hides it
        pytest.fail("a TUI test tried real multicast (ZeroconfBackend); use FakeBackend")

    monkeypatch.setattr(net.discovery.ZeroconfBackend, "__init__", refuse)


@pytest.fixture(autouse=True)
def tables_listen_at_once(monkeypatch):
    """A table's quiet moment after its question changes (tui/screens/quiet.py) is off:
    tests press keys as soon as the turn is theirs. The tests of the quiet moment
    itself (test_quiet_keys.py) set it back."""
    from tui.screens.game_table import GameTableScreen

    monkeypatch.setattr(GameTableScreen, "QUIET", 0)
