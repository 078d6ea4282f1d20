"""Seeded playouts in two worker processes (design.md "tests/": random playouts over
many seeds), shared by the games' playout modules.

A module lists its chunks of games as tuples of test parameters (``(seats, start)``),
plays one chunk with a picklable ``play_chunk(*chunk)`` and defines its ``games``
fixture as ``yield from chunk_results(request, CHUNKS, play_chunk, ("seats", "start"))``.
Only the chunks this session's tests ask for are played: a test parametrized with
those names asks for its chunk; a test using ``games`` without them asks for all. All
are submitted at once to a pool of two (the suite must stay within its time on a
2-core machine); with a single core they run in this process.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Callable, Iterator, Sequence


def _done(value: Any) -> Future:
    future: Future = Future()
    future.set_result(value)
    return future


def chunk_results(request, chunks: Sequence[tuple], play_chunk: Callable[..., Any],
                  params: Sequence[str]) -> Iterator[dict[tuple, Future]]:
    """Yield ``{chunk: future}`` for the chunks the module's tests need (see above);
    ``future.result()`` is what ``play_chunk(*chunk)`` returned, or raises what it raised."""
    needed: set[tuple] = set()
    for item in request.session.items:
        if item.module is not request.module or "games" not in getattr(item, "fixturenames", ()):
            continue
        given = getattr(item, "callspec", None)
        if given is not None and all(p in given.params for p in params):
            needed.add(tuple(given.params[p] for p in params))
        else:
            needed.update(chunks)
    keys = [key for key in chunks if key in needed]
    if min(2, os.cpu_count() or 1) < 2:
        yield {key: _done(play_chunk(*key)) for key in keys}
        return
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield {key: pool.submit(play_chunk, *key) for key in keys}
        pool.shutdown(cancel_futures=True)
