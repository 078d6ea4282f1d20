"""Zatre's table: the board, the tiles in hand, the score sheets, the move log, the
table screen that puts them together, and the results screen."""
