"""Zestrea's table: estates, the hand, the Time card, the auction, prompts, offers and
windows, all driven by the legal actions (rules.zestrea)."""
