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


PILOT_IDLE_STEP = 0.002
"""Seconds of each of the pilot's idle checks (textual._wait: sleep, then the app is idle
if it used under 1 ms of CPU in that time; Textual's own step is 0.02)."""


@pytest.fixture(autouse=True)
def pilot_settles_in_short_steps(monkeypatch):
    """Every ``pilot.press`` key and ``pilot.pause()`` ends with idle checks (two a key),
    each at least one step of sleep: at Textual's 20 ms a test pressing a thousand keys
    slept 40 s, the CPU idle. In 2 ms steps the pilot still waits while the app works
    (each key's messages are processed before ``press`` returns: Pilot._wait_for_screen);
    what only settles later (a resize's layout, styles after a focus) is waited for on
    its condition (helpers.until), not on a long sleep."""
    import textual._wait

    assert isinstance(getattr(textual._wait, "SLEEP_GRANULARITY", None), float), (
        "textual._wait.SLEEP_GRANULARITY is gone: see tests/tui/conftest.py")
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", PILOT_IDLE_STEP)
