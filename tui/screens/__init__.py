"""Screens that are not tied to one game: menu, local setup, hand-over, rules, notices."""
