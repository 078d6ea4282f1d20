"""Zestrea (zestrea.txt; reference zestrea.md), 3-6 Boyars. Built in steps; not yet
registered in rules.registry.

Modules: cards (the Fate, Time, Boyar and villager data files, loaded and checked),
state (options, state, actions, events, views), estate (the shared vocabulary of
effects: food units, paying, drawing, dying and leaving), dice, times (step I),
production (step II), auction (step III), food (step V), game (setup, the order of
steps, legal actions, apply, views).
"""
