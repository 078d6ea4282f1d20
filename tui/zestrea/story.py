"""Zestrea's live log: one version's events as lines, and the lines a table that joins
(or rejoins) a game mid-way can rebuild from the view alone (player-tester findings on
issue 9, items 2 and 5). The opening (turn 1's Time card and draws) happens at setup,
in no version's events: a table rebuilds it from its first view.

Beyond :func:`tui.zestrea.words.event_line` (one event, one line) it tells what needs
two events together or the view: each Production roll with the Zestre it gained (and
each Boyar who rolled nothing; in :mod:`rules.zestrea.words`' words, which ``parlour
replay --text`` tells too), Fate cards drawn (a Good Times card's draws), Land and
Fate cards bought, gifts, trades and sweeteners given, each Boyar's payment to a Time
card (Tax Collector, Bandits...), who paid each wedding attempt (after its window's
line), Zestre a card gave or took (The Matchmaker's refund), Land a card took or gave,
villagers a card sent to another Estate, and a Couple a card separated (by its
spouses: the view after it no longer holds it). Only what the view and the events as
projected for this seat hold is told."""

from __future__ import annotations

from typing import Any, Sequence

from rules.zestrea import words as rule_words
from rules.zestrea.state import (
    Bought, CardsMoved, FateDrawn, LandChanged, OfferClosed, PhaseBegan, Rolled, Separated, Toll,
    VillagerMoved, WindowOpened, ZestreChanged, ZestreGiven,
)

from . import words


def event_lines(events: Sequence[Any], names: Sequence[str], view: Any) -> list[str]:
    """``events`` (one version's, as projected for this seat) as log lines; ``view``
    the version's view (its Couples name the rolls, its Time card the draws)."""
    couples = words.couple_names(view) if view is not None else {}
    lines: list[str] = []
    rolled: set[int] = set()
    for k, event in enumerate(events):
        line: str | None
        if isinstance(event, Rolled) and event.why == "production":
            rolled.add(event.seat)
            line = rule_words.production_text(events, k, names, couples)
        elif isinstance(event, PhaseBegan) and event.phase == "auction":  # Production is over
            line = None
            lines += [rule_words.no_roll_text(s, names) for s in range(len(names)) if s not in rolled]
        else:
            line = _other_line(event, names, view) or words.event_line(event, names, couples)
        if line is not None:
            lines.append(line)
        if isinstance(event, WindowOpened) and (paid := rule_words.paid_text(event.window, names)):
            lines.append(paid)
    return lines


def timed_out_lines(lines: list[str], seat: int | None, names: Sequence[str]) -> list[str]:
    """One version's log ``lines`` told as a default a timer gave ``seat`` (the
    snapshot's ``timed_out``; reference §3.9), so nobody reads it as the Boyar's own
    choice: ``"⏱ Time ran out for Ann: Ann passes"`` (``"... for you: you pass"``)
    when the first line tells the Boyar's act, else ``"⏱ Time ran out for Ann: the
    default was given"`` before the lines. ``seat`` ``None``: ``lines`` as they are."""
    if seat is None:
        return lines
    name = words.seat_word(names, seat)
    head = f"⏱ Time ran out for {'you' if name == 'You' else name}: "
    if lines and lines[0].startswith(f"{name} "):
        first = "you" + lines[0][3:] if name == "You" else lines[0]
        return [head + first, *lines[1:]]
    return [head + "the default was given", *lines]


def _other_line(event: Any, names: Sequence[str], view: Any) -> str | None:
    """The events :func:`words.event_line` leaves out that a player wants told."""
    if isinstance(event, OfferClosed) and event.short >= 0:  # (told to the two parties only)
        return (f"offer {event.id} from {words.seat_word(names, event.by)} to "
                f"{words.seat_word(names, event.to)} {rule_words.closed_words(event.how)}: "
                f"{words.seat_word(names, event.short)} could not pay {event.owed} Zestre")
    if isinstance(event, FateDrawn):
        return rule_words.drawn_text(event, names, view.time_card if view is not None else "")
    if isinstance(event, Bought) and event.what in ("land", "fate"):
        return rule_words.bought_text(event, names)
    if isinstance(event, ZestreGiven) and event.giver != event.taker:
        return rule_words.given_text(event, names)
    if isinstance(event, CardsMoved):
        return rule_words.moved_text(event, names)
    if isinstance(event, Toll):
        return rule_words.toll_text(event, names)
    if isinstance(event, ZestreChanged):
        return rule_words.zestre_text(event, names)
    if isinstance(event, LandChanged) and event.why != "food":  # (Food's is in its summary)
        return rule_words.land_text(event, names)
    if isinstance(event, VillagerMoved):
        return rule_words.villager_moved_text(event, names)
    if isinstance(event, Separated):
        return rule_words.separated_text(event, names)
    return None


def joined_late(version: int, view: Any) -> bool:
    """Whether a table's first snapshot (``version``) comes after turn 1's Production
    began: then the log's earlier lines are lost to it (a rejoin), else it has them all
    (the opening's events are in no snapshot, :func:`catch_up_lines` tells them)."""
    return version > 0 and not (view.turn == 1 and view.phase in ("hard-times", "production"))


def catch_up_lines(view: Any, names: Sequence[str], joined: bool) -> list[str]:
    """The log a table rebuilds from ``view`` when it was not there for the events
    (the game's first snapshot carries none; a player who rejoins gets only the
    latest): the turn, the Time cards so far and this one, and the Fate cards each
    Boyar holds. ``joined``: a (re)join mid-game, said so."""
    start = words.seat_word(names, view.start_player)
    head = f"— turn {view.turn}, {start} {'start' if start == 'You' else 'starts'}" + (
        " (you joined here: earlier lines are not kept)" if joined else "")
    lines = [head]
    earlier = [c for c in view.time_revealed if c != view.time_card]
    if earlier:
        lines.append("Time cards so far: " + ", ".join(words.card_name(c) for c in earlier))
    if view.time_card:
        lines.append(f"Time card: {words.card_name(view.time_card)} ({view.time_left} left)")
    drawn = not joined and view.turn == 1  # the opening: the Good Times card's draws
    for seat, estate in enumerate(view.estates):
        if estate.hand_count:
            mine = view.hand if seat == view.seat else ()
            held = rule_words.cards_text(estate.hand_count, mine)
            name = words.seat_word(names, seat)
            holds = "hold" if name == "You" else "holds"
            lines.append(f"{name} " + (f"drew {held} ({words.card_name(view.time_card)})" if drawn
                                       else f"{holds} {held}"))
    return lines


def opening_lines(view: Any, names: Sequence[str]) -> list[str]:
    """The opening, for a log begun from a whole history (docs/protocol.md, "History")
    when ``view`` is past turn 1's Production: turn 1's Time card (the first of the
    view's ``time_revealed``) and that its draws, made at setup in no version's
    events and no longer in the view, are not told."""
    first = view.time_revealed[0] if view.time_revealed else ""
    head = "— turn 1" + (f" · Time card: {words.card_name(first)}" if first else "")
    return [head, "(the opening's draws came before move 1: they are not in this log)"]
