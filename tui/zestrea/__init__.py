"""Zestrea's table: estates, the hand, the Time card, the auction, prompts, offers and
windows, all driven by the legal actions (rules.zestrea)."""

from .cards_page import rules_page  # the F1 page's card list, from the data (tui.screens.rules)

__all__ = ["rules_page"]
