"""The time left on a Zestrea timer, at the top of the Now panel (reference §3.9):
``⏱ 38 s left, then: Pass (leave the auction)`` when the timer waits for this seat,
``⏱ 38 s left for Ada, Ben`` when it waits for others; nothing when no timer runs.

The deadline and the seats come from the snapshot (net.table.Countdown, set by the
host); the default is the game's own (rules.core.timeouts for this seat's view), so
the line says what the host will give. It counts down once a second on its own."""

from __future__ import annotations

import time
from typing import Any, Callable

from textual.widgets import Static

from net.table import Snapshot
from rules.core import timeouts
from rules.zestrea import GAME
from rules.zestrea.state import Choose

from . import words


def countdown_text(snap: Snapshot | None, now: float) -> str:
    """The line for ``snap`` at unix time ``now`` (``""``: no timer runs): the soonest
    timer that waits for this seat, else the soonest of all."""
    if snap is None or snap.over or not snap.timers:
        return ""
    mine = [c for c in snap.timers if snap.seat in c.seats]
    countdown = (mine or list(snap.timers))[0]
    left = max(0, int(countdown.deadline - now + 0.999))
    if not mine:
        who = ", ".join(words.seat_word(snap.names, s) for s in sorted(countdown.seats))
        return f"⏱ {left} s left for {who}"
    default = next((t.action for t in timeouts(GAME, snap.view) if t.option == countdown.option), None)
    return f"⏱ {left} s left, then: {_then(default, snap)}" if default is not None else f"⏱ {left} s left"


THEN = {"produce": "roll for {}", "starve": "{} starve", "cholera": "{} die", "winter": "pay for {}"}
"""What a prompt's default does, by prompt kind, in words (``{}``: the chosen)."""


def _then(action: Any, snap: Snapshot) -> str:
    """The default ``action`` in words: a prompt's answer by what it does."""
    if isinstance(action, Choose):
        chosen = words.value_text("picked", action.picked, snap.names, words.couple_names(snap.view))
        prompt = snap.view.my_prompt
        return THEN.get(prompt.kind if prompt is not None else "", "{}").format(chosen)
    return words.action_text(action, snap.names)


class TimerLine(Static):
    """:func:`countdown_text` for the latest snapshot, redrawn every second; hidden
    while no timer runs (checked twice a second). ``clock`` gives unix seconds."""

    DEFAULT_CSS = "TimerLine { height: auto; }"

    def __init__(self, *args: Any, clock: Callable[[], float] = time.time, **kwargs: Any) -> None:
        super().__init__("", *args, markup=False, **kwargs)
        self.clock = clock
        self.snap: Snapshot | None = None
        self._text = ""

    def on_mount(self) -> None:
        self.display = False
        self.set_interval(0.5, self.tick)

    def show(self, snap: Snapshot | None) -> None:
        self.snap = snap
        self.tick()

    def tick(self) -> None:
        text = countdown_text(self.snap, self.clock())
        if text != self._text:
            self._text = text
            self.display = bool(text)
            self.update(text)
