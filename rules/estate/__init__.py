"""Estate: Raise the Realm (estate-raise-the-realm.txt; reference estate.md), 1-5 players.

Modules so far: data (the data files cards/leaders/events/secrets/realm.toml, loaded and
checked against the rulebook's counts and the effect vocabulary E-V1-E-V25), table (the
Estates, deck, discard pile and Market effects act on), effects (the one interpreter of
the vocabulary, with the rule modifiers in force), state (options, state, actions, events,
views), setup (Leaders chosen or random, the Realm board, Starting Builds and extra
setup, Family Secrets, the draft with the Warden's extra picks, solo's keep 4 of 10, the
first player). Play from Era 1 on is not built yet, so the game is not registered.
"""
