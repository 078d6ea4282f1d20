"""The table of Zatre: Das Kartenspiel (rules.zatre_cards): the open table of cards,
the hand, score sheets, results and rules page."""
