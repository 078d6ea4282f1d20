"""Zestrea (zestrea.txt; reference zestrea.md), 3-6 Boyars. Built in steps; not yet
registered in rules.registry.

Modules: cards (the Fate, Time, Boyar and villager data files, loaded and checked).
"""
