"""Zestrea's Do list: the shared one (:mod:`tui.widgets.do_list`), where the table itself
highlights only an entry that commits nothing it cannot take back: the auction winner's
"keep it for later" (:data:`KEEP`), a form (it asks for the terms before anything is
sent), Ready (``y`` takes it back) or a wedding window's pass (nothing spent; the
window's passes clear whenever its chance changes, Z-R30).
An entry that spends Zestre on the State (a Land, an adoption, a Fate card), an
acceptance, a card played or the auction's pass is done only on the player's own
choice; and the auction's pass, which leaves the auction for good, is listed after the
bid (player-tester 21, item 1)."""

from __future__ import annotations

from typing import Any, Sequence

from rules.core import ActionKind
from rules.zestrea.state import Choose, Pass, PassWindow, Ready, Unready

from ..widgets import do_list

STARTS = (ActionKind, Ready, Unready, PassWindow)
"""Entries the table may highlight by itself (spending on the State, Z-F26, Z-F27,
Z-R24, is none of them)."""
KEEP = Choose(("keep",))
"""The auction winner's "keep it for later" (rulebook "III. Auction": "The buyer can
play the card immediately or keep it for later"; Z-R27 step 5): the first entry the
table highlights then, before "Play …" (a form, safe too, but the player's own
choice). Keeping spends nothing and loses nothing: the card stays in the hand, and
every card the winner may play now (a Role or an Action card, Z-R22) may be played in
step IV, which follows at once; it is also what a timer gives (§3.9)."""


def pass_last(entries: Sequence[Any]) -> tuple[Any, ...]:
    """``entries`` in their order, the auction's :class:`Pass` moved to the end."""
    return tuple(e for e in entries if not isinstance(e, Pass)) + tuple(e for e in entries if isinstance(e, Pass))


class DoList(do_list.DoList):
    """The Do list of a Zestrea table."""

    def offered_first(self, action: Any) -> bool:
        return isinstance(action, STARTS) or action == KEEP
