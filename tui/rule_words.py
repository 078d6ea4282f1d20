"""How every table says a refusal: the rules' own words, with the rule they come from.

A :class:`rules.core.RuleViolation` carries ``message`` (the reason, in the rulebook's
words) and ``rule`` (``"zatre-board.txt, How to Place a Tile, rule 7"``); the table
shows both, the rule cut to what a player looks up (``"rule 7"``, ``"Gameplay,
Exception"``). Nothing here decides a rule: the words are the rules' (issue 8 §4).
"""

from __future__ import annotations

import re


def rule_label(rule: str) -> str:
    """The part of a violation's ``rule`` a player looks up: the rulebook's file and any
    gloss in brackets dropped, and of a numbered rule only its number
    (``"zatre-board.txt, How to Place a Tile, rule 5 and its Exception"`` → ``"rule 5 and
    its Exception"``; ``"zatre-card-game.txt, Gameplay, Note (rows ...)"`` →
    ``"Gameplay, Note"``); ``""`` for no rule."""
    rule = re.sub(r"\s*\([^)]*\)", "", rule)
    parts = [p.strip() for p in rule.split(",") if p.strip() and not p.strip().endswith(".txt")]
    numbered = [p for p in parts if p.lower().startswith("rule ")]
    return numbered[-1] if numbered else ", ".join(parts)


def refusal_text(violation) -> str:
    """``"Not allowed (rule 2): Each tile must be placed next to a tile already on the
    board."``: a violation's message after the rule it names (``"Not allowed: ..."``
    when it names none: a tile not in hand, a cell taken)."""
    label = rule_label(getattr(violation, "rule", "") or "")
    message = violation.message
    if label:  # a message that begins with its rule ("Rule 7: a 2 ...") names it once
        said = re.match(r"rule (\d+): ", message, re.IGNORECASE)
        if said and label.lower().startswith(f"rule {said.group(1)}"):
            rest = message[said.end():]
            message = rest[:1].upper() + rest[1:]
    return f"Not allowed ({label}): {message}" if label else f"Not allowed: {message}"
