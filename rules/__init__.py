"""Pure game engines for Parlour.

``rules`` never imports ``net`` or ``tui`` and never touches I/O, clocks or the
global :mod:`random` module: chance comes from the :class:`rules.core.Rng` kept
inside each game state, so a seed plus the action list replays a game exactly.

Each game is a sub-package exposing one object that satisfies
:class:`rules.core.Game`; :mod:`rules.registry` lists them.
"""
