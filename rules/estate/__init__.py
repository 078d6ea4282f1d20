"""Estate: Raise the Realm (estate-raise-the-realm.txt; reference estate.md), 1-5 players.

Modules: data (the data files cards/leaders/events/secrets/realm.toml, loaded and checked
against the rulebook's counts and the effect vocabulary E-V1-E-V25), table (the Estates,
deck, discard pile and Market effects act on), effects (the one interpreter of the
vocabulary, with the rule modifiers in force), state (options, state, actions, events,
view types), pending (which ops a waiting effect resolves), setup (Leaders chosen or
random, the Realm board, Starting Builds and extra setup, Family Secrets, the draft with
the Warden's extra picks, solo's keep 4 of 10, the first player), turns (the four worker
actions, the Realm board's spaces, conversion, storage, the Market refill, Leader
abilities, Council bonus actions, until the Era's last worker), eras (Era start with the
Era Event or the solo A/B choice, Era end, objectives and their rewards, the reset,
solo failures), scoring (the eight categories, tie-break, solo titles), views (what each
seat sees), game (the phases joined as one rules.core.Game's functions). No bots yet, so
the game is not registered.
"""
