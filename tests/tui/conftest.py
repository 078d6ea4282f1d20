"""Multicast never leaves a TUI test: making a real zeroconf backend fails loudly."""

from __future__ import annotations

import pytest

import net.discovery


@pytest.fixture(autouse=True)
def no_real_multicast(monkeypatch):
    def refuse(self, *args, **kwargs):  # pytest.fail: no ``except Exception`` hides it
        pytest.fail("a TUI test tried real multicast (ZeroconfBackend); use FakeBackend")

    monkeypatch.setattr(net.discovery.ZeroconfBackend, "__init__", refuse)
