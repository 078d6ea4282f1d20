"""Zestrea's Do list: the shared one (:mod:`tui.widgets.do_list`), where an entry that
spends Zestre on the State (a Land, an adoption, a Fate card) is never highlighted by
the table itself: it is done only on the player's own choice."""

from __future__ import annotations

from typing import Any

from rules.zestrea.state import Adopt, BuyFate, BuyLand

from ..widgets import do_list

SPENDING = (BuyLand, Adopt, BuyFate)
"""Entries that spend Zestre on the State (Z-F26, Z-F27, Z-R24)."""


class DoList(do_list.DoList):
    """The Do list of a Zestrea table."""

    def offered_first(self, action: Any) -> bool:
        return not isinstance(action, SPENDING)
