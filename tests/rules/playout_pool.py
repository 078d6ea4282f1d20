"""Seeded playouts in two background worker processes (design.md "tests/": random
playouts over many seeds), shared by the games' playout modules.

A playout module names its chunks of games as tuples of test parameters (``CHUNKS``,
e.g. ``(seats, start)``), the parameter names (``CHUNK_PARAMS``), and a picklable
``play_chunk(*chunk)``; its ``games`` fixture is ``return chunk_results(request)``.
Only the chunks the session's tests ask for are played: a test parametrized with those
names asks for its chunk; a test using ``games`` without them asks for all.

tests/conftest.py calls :func:`start` once the session is collected, and moves the
playout tests to the end: the games are played by two worker processes at a lower
priority (``nice``) while the other tests run, so they use the CPU those tests leave
idle (the suite must stay within its time on a 2-core machine). With a single core, or
when the suite runs in pytest-xdist workers (pyproject's ``-n 2 --dist loadfile``: each
module's tests in one worker, the two workers using both cores), the games are played in
the process of the module's first playout test when first asked for.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from types import ModuleType
from typing import Any, Iterable

NICENESS = 10
"""How much lower the workers' priority is than the tests' (os.nice)."""

_pool: ProcessPoolExecutor | None = None
_futures: dict[tuple[str, tuple], Future] = {}


def is_playout(item) -> bool:
    """Whether a collected test reads the ``games`` of a playout module."""
    module = getattr(item, "module", None)
    return (module is not None and hasattr(module, "CHUNKS") and hasattr(module, "play_chunk")
            and "games" in getattr(item, "fixturenames", ()))


def _needed(items: Iterable) -> dict[ModuleType, list[tuple]]:
    """The chunks each playout module's selected tests ask for, in ``CHUNKS`` order."""
    wanted: dict[ModuleType, set[tuple]] = {}
    for item in items:
        if not is_playout(item):
            continue
        module, params = item.module, item.module.CHUNK_PARAMS
        given = getattr(item, "callspec", None)
        chunks = wanted.setdefault(module, set())
        if given is not None and all(p in given.params for p in params):
            chunks.add(tuple(given.params[p] for p in params))
        else:
            chunks.update(module.CHUNKS)
    return {module: [c for c in module.CHUNKS if c in chunks] for module, chunks in wanted.items()}


def start(items: Iterable) -> None:
    """Submit every chunk the collected ``items`` need to the background workers."""
    global _pool
    needed = _needed(items)
    if not needed or min(2, os.cpu_count() or 1) < 2 or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    _pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"),
                                initializer=os.nice, initargs=(NICENESS,))
    for module, chunks in needed.items():
        for chunk in chunks:
            _futures[(module.__name__, chunk)] = _pool.submit(module.play_chunk, *chunk)


def stop() -> None:
    """Stop the workers (what is left unplayed is dropped)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(cancel_futures=True)
        _pool = None
    _futures.clear()


def chunk_results(request) -> dict[tuple, Any]:
    """``{chunk: future}`` for the chunks of ``request.module`` this session needs;
    ``future.result()`` is what ``play_chunk(*chunk)`` returned, or raises what it raised."""
    module = request.module
    chunks = _needed(request.session.items).get(module, [])
    out = {}
    for chunk in chunks:
        future = _futures.get((module.__name__, chunk))
        if future is None:  # a single core (or no background pool): play it here
            future = Future()
            try:
                future.set_result(module.play_chunk(*chunk))
            except BaseException as exc:  # raised again by result(), as a worker's would be
                future.set_exception(exc)
        out[chunk] = future
    return out
