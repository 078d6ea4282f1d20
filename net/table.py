"""What the TUI talks to: one seat's link to a table (design.md, "net/").

The TUI never changes a game itself: it reads :class:`Snapshot`\\ s and sends actions
as intents through a :class:`SeatLink`. A local table (solo, hotseat) and a remote one
(LAN) give the same interface.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import attrs

from rules.core import Result, Seat


@attrs.frozen
class Snapshot:
    """Everything one seat may know right now.

    ``version`` counts applied actions; ``view`` is the game's view for ``seat``
    (``None``: spectator); ``legal_actions`` are this seat's (empty when it may not
    act); ``active_seats`` may act now; ``events`` are the events of the latest
    applied action as this seat may see them; ``names`` the seat names in seat order;
    ``bots`` the bot kind per seat (``None`` for a human); ``result`` once the game is over.
    """

    version: int
    seat: Seat | None
    view: Any
    legal_actions: tuple[Any, ...]
    active_seats: frozenset[Seat]
    events: tuple[Any, ...]
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    over: bool
    result: Result | None = None


@attrs.frozen
class Outcome:
    """The one answer to an intent, sent only to its sender.

    ``accepted``; otherwise ``code`` and ``reason`` (the rule's words) say why.
    """

    action_id: str
    accepted: bool
    code: str = ""
    reason: str = ""


Listener = Callable[[Snapshot], None]


class SeatLink(Protocol):
    """One seat's (or a spectator's) connection to a table."""

    seat: Seat | None

    def snapshot(self) -> Snapshot:
        """The latest snapshot for this seat."""
        ...

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with each new snapshot; returns a function that stops it."""
        ...

    async def submit(self, action: Any) -> Outcome:
        """Send ``action`` as an intent made against the latest snapshot's version."""
        ...
