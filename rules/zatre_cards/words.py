"""The card game in words, the one place every screen and printed replay reads them from.

- ``describe(name, action, events, names)``: one turn, as the table's log tells it (for
  ``parlour replay --text`` too).
- :func:`event_text`: the rare rules and the ends, said whole: a hand shown (Gameplay,
  Exception), a pass, the end of a round (every card laid, or none fits any more) and
  of the game (End of the Game: as many rounds as players).

A card is told by its pips, ``a|b`` (a blank half is ``0``), its first half on the cell
named and its second half one step ``orientation`` from there (state.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..core import cell_text, seat_name
from .cards import card
from .state import (
    CardsDrawn, GameEnded, HandShown, LayCard, LayOpening, Pass, Passed, RoundEnded, TurnPlayed,
)


def card_text(card_id: int) -> str:
    """``"2|5"``: a card's pips, first half then second."""
    face = card(card_id)
    return f"{face.a}|{face.b}"


def lay_text(lay: LayCard) -> str:
    """``"2|5 at (0, 1) right"``."""
    return f"{card_text(lay.card)} at {cell_text(lay.cell)} {lay.orientation}"


def describe(name: str, action: object, events: Sequence[object] = (), names: Sequence[str] = ()) -> str:
    """``"Bob laid 2|5 at (0, 1) right → 11: +4"``, ``"Ann opened with 3|4 at (0, 0)
    right and 6|1 at (1, 0) right → no line: +0"``, ``"Cy showed 5|6 2|5 (none fit) and
    drew 3"``, ``"Dee passed (no card fits)"``; then the end of a round or the game."""
    if isinstance(action, LayCard):
        text = f"{name} laid {lay_text(action)}"
    elif isinstance(action, LayOpening):
        text = f"{name} opened with {lay_text(action.first)} and {lay_text(action.second)}"
    elif isinstance(action, Pass):
        text = f"{name} passed (no card fits)"
    else:
        shown = next((e for e in events if isinstance(e, HandShown)), None)
        cards = " ".join(f"{c.a}|{c.b}" for c in shown.cards) if shown is not None else "the hand"
        drew = sum(e.count for e in events if isinstance(e, CardsDrawn) and e.source == "set-aside")
        text = f"{name} showed {cards} (none fit) and drew {drew}"
    record = next((e.record for e in events if isinstance(e, TurnPlayed)), None)
    if record is not None:
        lines = " ".join(str(line.total) for line in record.lines) or "no line"
        text += f" → {lines}" + (" +super" if record.entry.supers else "") + f": +{record.gain}"
    for event in events:
        if isinstance(event, RoundEnded):
            text += f"; round {event.round} is over" + (
                " (no card fits any more)" if event.reason == "no-card-fits" else "")
        elif isinstance(event, GameEnded):
            text += "; the game is over"
    return text


def _seat(names: Sequence[str], seat: int) -> str:
    return seat_name(seat, names)


def event_text(event: object, names: Sequence[str]) -> str | None:
    """The words for an event that changes the course of the game, for the table's
    news, its log and the results (``names`` by seat); ``None`` for an ordinary one
    (cards laid and drawn, a round dealt: :func:`describe` and the log tell those):

    - ``HandShown``: ``"Ada could lay none of 5|6 2|5 6|6 and showed them: they go under
      the set-aside cards and Ada draws three (Gameplay, Exception)."``
    - ``Passed``: ``"Ada passes: no card in hand fits, nor would any set-aside card."``
    - ``RoundEnded``: ``"Round 1 is over: every card is laid. Points this round: Ada 30,
      Ben 25."``, or ended early when no card fits any more.
    - ``GameEnded``: ``"The game is over: all 3 rounds are played, as many as there are
      players (End of the Game)."``
    """
    if isinstance(event, HandShown):
        name = _seat(names, event.seat)
        cards = " ".join(f"{c.a}|{c.b}" for c in event.cards)
        return (f"{name} could lay none of {cards} and showed them: they go under the "
                f"set-aside cards and {name} draws three (Gameplay, Exception).")
    if isinstance(event, Passed):
        return (f"{_seat(names, event.seat)} passes: no card in hand fits, nor would any "
                "set-aside card.")
    if isinstance(event, RoundEnded):
        points = ", ".join(f"{_seat(names, s)} {p}" for s, p in enumerate(event.points))
        if event.reason == "no-card-fits":
            how = ("ends early: no card in any hand fits and no set-aside card would; the "
                   "cards left are taken off (the card game has no minus points)")
        else:
            how = "is over: every card is laid"
        return f"Round {event.round} {how}. Points this round: {points}."
    if isinstance(event, GameEnded):
        rounds = f"all {event.rounds} rounds are played" if event.rounds else "all rounds are played"
        return f"The game is over: {rounds}, as many as there are players (End of the Game)."
    return None


def event_line(event: object, names: Sequence[str]) -> str | None:
    """:func:`event_text` short enough for a line of the move log (``None`` likewise):
    ``"Ada shows 5|6 2|5, draws 3 (Exception)"``, ``"round 1 over, every card laid:
    Ada 30, Ben 25"``, ``"game over: all 3 rounds played"``."""
    if isinstance(event, HandShown):
        cards = " ".join(f"{c.a}|{c.b}" for c in event.cards)
        return f"{_seat(names, event.seat)} shows {cards}, draws 3 (Exception)"
    if isinstance(event, Passed):
        return f"{_seat(names, event.seat)} passes: no card fits"
    if isinstance(event, RoundEnded):
        points = ", ".join(f"{_seat(names, s)} {p}" for s, p in enumerate(event.points))
        how = "ends early, no card fits" if event.reason == "no-card-fits" else "over, every card laid"
        return f"round {event.round} {how}: {points}"
    if isinstance(event, GameEnded):
        return f"game over: all {event.rounds} rounds played" if event.rounds else "game over"
    return None


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def story_lines(events: Sequence[object], names: Sequence[str]) -> list[str]:
    """How the game went, for the results, from the game's ``events`` (all of them, or
    at least the last turn's): who showed a hand (Gameplay, Exception) or passed and
    how often, rounds that ended early, and how the game ended."""
    shown = Counter(e.seat for e in events if isinstance(e, HandShown))
    passed = Counter(e.seat for e in events if isinstance(e, Passed))
    lines = [f"{_seat(names, s)} showed the hand {_times(n)}: no card of it could be laid "
             "(Gameplay, Exception)." for s, n in sorted(shown.items())]
    lines += [f"{_seat(names, s)} passed {_times(n)}: no card in hand or set aside fit."
              for s, n in sorted(passed.items())]
    lines += [f"Round {e.round} ended early: no card fitted any more; the cards left were "
              "taken off (no minus points)." for e in events
              if isinstance(e, RoundEnded) and e.reason == "no-card-fits"]
    lines += [event_text(e, names) or "" for e in events if isinstance(e, GameEnded)][-1:]
    return lines


def ending_text(events: Sequence[object]) -> str:
    """Why the game ended, short, for a turn line (``""`` if ``events`` do not end it):
    ``"all 3 rounds played"``."""
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    if ended is None:
        return ""
    return f"all {ended.rounds} rounds played" if ended.rounds else "all rounds played"
