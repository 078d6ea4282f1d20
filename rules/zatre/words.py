"""Zatre in words, the one place every screen and printed replay reads them from.

- ``describe(name, action, events, names)``: one turn, as the table's log tells it (for
  ``parlour replay --text`` too); every fact comes from the action and the events the
  turn caused (the ``TurnRecord`` of Scoring rules 3, 6, 7).
- :func:`event_text`: the rare rules and the end, said whole ("End of the Game": the
  last tile, the premature end and the deal-out of the bag).
- :func:`opening_text`: the draw for first player ("The Game Begins"), ties included.
- :func:`why_not_here`: why a tile laid where no legal turn goes on is not allowed, as
  the rules' own refusal (placement.explain) of the turn it leads to.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..core import RuleViolation, cell_text, plural, seat_name
from .board import EMPTY_BOARD, index
from .placement import RULE_5, explain, legal_turns, max_placeable
from .state import PARTNER_FIRST, GameEnded, Placement, PlaceTiles, PrematureEnd, TeamOrder, TurnPlayed

ENDINGS = {
    "last-tile": "the last tile is drawn: the game is over",
    "no-tile-fits": "no tile fits anywhere: the game is over",
}
"""Why the game ended, after a turn's words (``GameEnded.reason``)."""


def describe(name: str, action: PlaceTiles | TeamOrder, events: Sequence[object] = (),
             names: Sequence[str] = ()) -> str:
    """``"Ann laid 6 at (7, 7), 1 at (7, 8) → 12 x2: +8"``, ``"Bob laid 3 at (5, 6) →
    no line: +0; keeps 1"``, ``"Cy could lay no tile and keeps 3"``, in teams ``"Ann
    lets the partner place first"`` (ruling 12); and, when the
    turn ended the game, why (``"; the last tile is drawn: the game is over"``).
    ``names``: the players by seat, for the deal-out of a premature end (else
    ``"seat N"``)."""
    if isinstance(action, TeamOrder):  # ruling 12: the partners' order
        return (f"{name} lets the partner place first" if action.order == PARTNER_FIRST
                else f"{name} leaves the order to the partner")
    record = next((e.record for e in events if isinstance(e, TurnPlayed)), None)
    if not action.placements:
        kept = f" and keeps {record.kept}" if record is not None else ""
        text = f"{name} could lay no tile{kept}"
    else:
        text = f"{name} laid " + ", ".join(f"{p.tile} at {cell_text(p.cell)}" for p in action.placements)
        if record is not None:
            lines = " ".join(str(line.total) for line in record.lines) or "no line"
            text += f" → {lines}" + " x2" * record.entry.crosses + f": +{record.gain}"
            if record.kept:
                text += f"; keeps {record.kept}"
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    if ended is not None:
        text += "; " + ENDINGS.get(ended.reason, "the game is over")
    premature = next((e for e in events if isinstance(e, PrematureEnd)), None)
    if premature is not None:
        text += ". " + deal_out_text(premature, names)
    return text


def _seat(names: Sequence[str], seat: int) -> str:
    return seat_name(seat, names)


def deal_out_text(event: PrematureEnd, names: Sequence[str]) -> str:
    """The deal-out of the premature end: ``"The 53 tiles left in the bag are dealt
    out one at a time, from Bob on: 26 to Ann, 27 to Bob; every one counts as minus points."``
    (``names`` by seat; a seat without one is ``"seat 2"``)."""
    if not event.bag:
        return "The bag is empty: nothing is dealt out."
    who = ", ".join(f"{n} to {_seat(names, s)}" for s, n in enumerate(event.dealt) if n)
    start = f", from {_seat(names, event.first)} on" if event.first is not None else ""
    tiles = "tile left in the bag is" if event.bag == 1 else f"{event.bag} tiles left in the bag are"
    return (f"The {tiles} dealt out one at a time{start}: {who}; "
            "every one counts as minus points (End of the Game).")


def event_text(event: object, names: Sequence[str]) -> str | None:
    """The words for an event that changes the course of the game, for the table's
    news, its log and the results (``names`` by seat); ``None`` for an ordinary one
    (turns and draws, which :func:`describe` tells):

    - ``PrematureEnd``: ``"No tile fits anywhere on the board any more: the game ends
      early (End of the Game). The 53 tiles left ... minus points (End of the Game)."``
    - ``GameEnded``: ``"The last tile is drawn and its turn played: the game is over."``
    """
    if isinstance(event, PrematureEnd):
        return ("No tile fits anywhere on the board any more: the game ends early "
                "(End of the Game). " + deal_out_text(event, names))
    if isinstance(event, GameEnded):
        if event.reason == "last-tile":
            return "The last tile is drawn and its turn played: the game is over (End of the Game)."
        if event.reason == "no-tile-fits":
            return "No tile fits anywhere: the game is over (End of the Game)."
        return "The game is over."
    return None


def event_line(event: object, names: Sequence[str]) -> str | None:
    """:func:`event_text` short enough for a line of the move log (``None`` likewise):
    ``"no tile fits: the game ends early; 53 tiles dealt out: 27 to Ann, 26 to Bob
    (minus points)"``, ``"the last tile is drawn: the game is over"``."""
    if isinstance(event, PrematureEnd):
        who = ", ".join(f"{n} to {_seat(names, s)}" for s, n in enumerate(event.dealt) if n)
        dealt = f"; {plural(event.bag, 'tile')} dealt out: {who} (minus points)" if event.bag else ""
        return f"no tile fits: the game ends early{dealt}"
    if isinstance(event, GameEnded):
        return ENDINGS.get(event.reason, "the game is over")
    return None


def story_lines(events: Sequence[object], names: Sequence[str],
                opening: Sequence[tuple[int, int]] = ()) -> list[str]:
    """How the game went, for the results: a tie in the draw for first player
    (``opening``, the view's), then how it ended (:func:`event_text`), from the game's
    ``events`` (all of them, or at least the last turn's)."""
    lines = [opening_text(opening, names)] if first_player_tie(opening, len(names)) else []
    premature = [e for e in events if isinstance(e, PrematureEnd)]
    lines += [event_text(e, names) or "" for e in premature]
    ended = [e for e in events if isinstance(e, GameEnded)]
    if ended and not premature:
        lines.append(event_text(ended[-1], names) or "")
    return lines


def ending_text(events: Sequence[object]) -> str:
    """Why the game ended, short, for a turn line (``""`` if ``events`` do not end it):
    ``"the last tile is drawn"``, ``"no tile fits: ended early"``."""
    ended = next((e for e in events if isinstance(e, GameEnded)), None)
    if ended is None:
        return ""
    return {"last-tile": "the last tile is drawn",
            "no-tile-fits": "no tile fits: ended early"}.get(ended.reason, "")


def draw_rounds(opening: Sequence[tuple[int, int]], seats: int) -> list[list[tuple[int, int]]]:
    """The draw for first player (``view.opening``: ``(seat, pips)`` in the order drawn)
    cut into its rounds: every seat draws once, then only the players tied for the
    highest draw again ("The Game Begins")."""
    rounds, rest, size = [], list(opening), seats
    while rest:
        this, rest = rest[:size], rest[size:]
        rounds.append(this)
        best = max(t for _, t in this)
        size = sum(1 for _, t in this if t == best)
    return rounds


def opening_text(opening: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """The draw for first player in words (``""`` before it): ``"Draw for first player:
    Ann 5, Bob 3: Ann begins."``; after a tie, ``"Draw for first player: Ann 5, Bob 5,
    Cy 2; Ann and Bob tie at 5 and draw again: Ann 6, Bob 2: Ann begins."``."""
    if not opening:
        return ""
    rounds = draw_rounds(opening, len(names))
    parts = []
    for n, drawn in enumerate(rounds):
        text = ", ".join(f"{_seat(names, s)} {t}" for s, t in drawn)
        best = max(t for _, t in drawn)
        tied = [_seat(names, s) for s, t in drawn if t == best]
        if n + 1 < len(rounds):
            text += f"; {' and '.join(tied)} tie at {best} and draw again"
        parts.append(text)
    first = _seat(names, max(rounds[-1], key=lambda d: d[1])[0])
    return f"Draw for first player: {': '.join(parts)}: {first} begin{'s' * (first != 'You')}."


def first_player_tie(opening: Sequence[tuple[int, int]], seats: int) -> bool:
    """Whether the draw for first player needed more than one round (a tie)."""
    return len(draw_rounds(opening, seats)) > 1


def why_not_here(view, pending: Sequence[Placement]) -> RuleViolation:
    """Why the tiles ``pending`` (each step allowed by rules 1-3, see
    placement.check_partial) lead to no legal turn on ``view``'s board and hand: the
    rules' own refusal of the whole turn they lead to (placement.explain: rule 7, a
    tile on a light cell without a line of 10-12; or rule 5, too few tiles could then go
    on). ``view``: a ZatreView (``tiles``, ``hand``, ``first_move``)."""
    grid = list(EMPTY_BOARD)
    for cell, pips in view.tiles:
        grid[index(cell)] = pips
    board = tuple(grid)
    most = max_placeable(board, tuple(view.hand), view.first_move)
    after = list(board)
    for p in pending:
        after[index(p.cell)] = p.tile
    rest = Counter(view.hand)
    rest.subtract(p.tile for p in pending)
    left = tuple(sorted(rest.elements()))
    more = max_placeable(tuple(after), left, False) if left else 0
    if len(pending) + more < most:
        return RuleViolation(
            "place-more",
            f"You must place as many tiles as possible: {most} of your tiles can go on the "
            f"board, and from here only {len(pending) + more} can.", RULE_5)
    rest_turn = legal_turns(tuple(after), left, False)[0].placements if left else ()
    return explain(board, tuple(view.hand), view.first_move,
                   PlaceTiles(tuple(pending) + tuple(rest_turn)), hints=not view.options.profi)
