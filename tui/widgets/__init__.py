"""Widgets shared by every screen (game-specific ones live in the game's folder)."""
