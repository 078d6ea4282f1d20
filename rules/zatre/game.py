"""Zatre as a Parlour game: setup, turns, drawing, the end (zatre-board.txt).

Sections implemented here: "The Game Begins" (draw for first player, the three-tile
first move), "How to Play" (turn order), "Exception to Rule No. 5" (drawing with held
tiles; reference ruling 6), "End of the Game" (last tile drawn; the premature end)
and the final scoring with minus points ("Scoring" rule 10).

The premature end: the rulebook ends the game early "if no more tiles can be placed"
and has the rest of the bag drawn in turns, every unplaceable tile counting as minus
points. reference/zatre.md ruling 7 settles it as Parlour plays it: the end comes when
no tile of any value fits anywhere on the board (not even a 1, unscored light cells of
rule 7's exception included), and the bag is then dealt one tile at a time in turn
order, starting with the next player; a round of players merely holding tiles that do
not fit is no end. Where tiles may
go is placement.py; what a turn scores is scoring.py; the sheet is sheet.py.

The team variant ("Variant for Advanced Players", ``ZatreOptions.teams``): 4 or 6
players, seats 0+1, 2+3 and 4+5 are teams taking turns in that order. At the start of
a team's turn both partners draw (two tiles each, or as the Exception to Rule No. 5 has
them draw), so each sees both hands before either places. The rulebook has "the results
noted on a common scoring sheet, one after the other": Parlour reads each partner's
placing as a turn of its own under rules 1-7, each scored onto the team's sheet as it is
placed. Which partner places first is the team's choice (reference ruling 12): at the
start of a team's placing both partners may act; laying tiles places first, a
``TeamOrder("partner-first")`` lets the partner place first, and a
``TeamOrder("partner-chooses")`` leaves the choice to the partner (what a bot does when
its partner may still choose, so a human partner always chooses). On the very first
move the starting player places first, as the three-tile move must cover the red cell.
Minus points of both partners count against the team, and both partners share the
team's result.
"""

from __future__ import annotations

from typing import Sequence

import attrs

from ..core import Result, Rng, RuleViolation, Seat, SeatScore
from .board import EMPTY_BOARD, data, index
from .placement import explain, is_legal, legal_turns, max_placeable
from .scoring import rows_written, score_turn
from .sheet import Sheet, row_terms
from .state import (
    PARTNER_CHOOSES, PARTNER_FIRST, GameEnded, PlaceTiles, PrematureEnd, TeamOrder, TilesDrawn,
    TurnPlayed, TurnRecord, ZatreEvent, ZatreOptions, ZatreState, ZatreView, partner_of, sheet_index,
)

MIN_SEATS, MAX_SEATS = 2, 6
SOLO_SEATS = (2, 3, 4)  # ruling 9 (the online table's limit)
TEAM_SEATS = (4, 6)  # Variant for Advanced Players: "4 or 6 players ... form pairs"
FULL_BAG: tuple[int, ...] = tuple(data()["tiles"][str(v)] for v in range(1, 7))


def _draw(bag: tuple[int, ...], rng: Rng) -> tuple[int, tuple[int, ...], Rng]:
    """Draw one tile blind from ``bag`` (counts of pips 1..6): ``(pips, bag, rng)``."""
    k, rng = rng.below(sum(bag))
    for v, n in enumerate(bag):
        if k < n:
            return v + 1, bag[:v] + (n - 1,) + bag[v + 1:], rng
        k -= n
    raise AssertionError("unreachable: k < sum(bag)")


def _draw_many(bag, rng, count):
    tiles = []
    for _ in range(count):
        t, bag, rng = _draw(bag, rng)
        tiles.append(t)
    return tuple(tiles), bag, rng


def seat_counts(options: ZatreOptions) -> tuple[int, ...]:
    """Player counts ``options`` allow: 2-4 (ruling 9), or 4 or 6 in teams (Variant for
    Advanced Players)."""
    return TEAM_SEATS if options.teams else SOLO_SEATS


def team_size(options: ZatreOptions) -> int:
    """Seats per side: 2 in teams (partners at seats 0+1, 2+3, 4+5), else 1."""
    return 2 if options.teams else 1


def setup(options: ZatreOptions, seats: int, seed: int) -> ZatreState:
    """The opening state for ``seats`` players (2-4; 4 or 6 in teams) from ``seed``.

    Draws for first player ("The Game Begins": highest pips begins, tied players draw
    again until one is ahead); the winner keeps his highest tile drawn (ruling 11: after
    a tie, the highest of all his draws, not the tile that broke the tie), every other
    drawn tile goes back into the bag, and he draws two more for the three-tile
    first move; in teams the partner draws two as well and
    places after. Raises ``ValueError`` for a seat count :func:`seat_counts` refuses.
    """
    if seats not in seat_counts(options):
        allowed = "4 or 6 players in teams" if options.teams else "2 to 4 players"
        raise ValueError(f"Zatre is played by {allowed}, not {seats}")
    rng = Rng.from_seed(seed)
    bag = FULL_BAG
    draws: list[tuple[Seat, int]] = []
    contenders, round_bag = list(range(seats)), bag
    while True:  # tied players go on drawing; the drawn tiles stay out until the end
        round_draws = []
        for s in contenders:
            t, round_bag, rng = _draw(round_bag, rng)
            round_draws.append((s, t))
        draws.extend(round_draws)
        best = max(t for _, t in round_draws)
        contenders = [s for s, t in round_draws if t == best]
        if len(contenders) == 1:
            first = contenders[0]
            break
    tile = max(t for s, t in draws if s == first)  # ruling 11: his highest tile drawn
    bag = bag[: tile - 1] + (bag[tile - 1] - 1,) + bag[tile:]  # every other drawn tile goes back
    drawn, bag, rng = _draw_many(bag, rng, 2)
    hands = [(tile,) + drawn if s == first else () for s in range(seats)]
    counts = [2 if s == first else 0 for s in range(seats)]
    partner = partner_of(options, first)
    if partner is not None:  # the partner draws two at the same time
        hands[partner], bag, rng = _draw_many(bag, rng, 2)
        counts[partner] = 2
    return ZatreState(
        options=options, seats=seats, rng=rng, board=EMPTY_BOARD, bag=bag, hands=tuple(hands),
        sheets=(Sheet(),) * (seats // team_size(options)), current=first,
        after=() if partner is None else (partner,), drawn=tuple(counts), first_move=True,
        opening=tuple(draws),
    )


def active_seats(state: ZatreState) -> frozenset[Seat]:
    """The seat to move (one seat at a time: clockwise, or partner after partner in
    teams; at the start of a team's placing, both partners while they may still choose
    who places first, ruling 12), none once the game is over."""
    if state.over:
        return frozenset()
    return frozenset(state.choosing or (state.current,))


def legal_actions(state: ZatreState, seat: Seat) -> tuple[PlaceTiles | TeamOrder, ...]:
    """Every legal action of ``seat`` (empty tuple if it may not act now): its legal
    whole turns (:class:`PlaceTiles`), and while the partners choose who places first
    (ruling 12) then ``TeamOrder("partner-first")`` and, while the partner may choose
    too, ``TeamOrder("partner-chooses")``, after the turns."""
    if state.over or seat not in active_seats(state):
        return ()
    turns = legal_turns(state.board, state.hands[seat], state.first_move)
    if seat not in state.choosing:
        return turns
    orders = (TeamOrder(PARTNER_FIRST),)
    if len(state.choosing) > 1:
        orders += (TeamOrder(PARTNER_CHOOSES),)
    return turns + orders


def _draw_count(state: ZatreState, seat: Seat) -> int:
    """Tiles ``seat`` draws at the start of a turn (Exception to Rule No. 5, ruling 6)."""
    held = state.hands[seat]
    if len(held) == 1:
        return 1
    if not held:
        return 2
    return 0 if max_placeable(state.board, held, False) > 0 else 1


def apply(state: ZatreState, seat: Seat,
          action: PlaceTiles | TeamOrder) -> tuple[ZatreState, tuple[ZatreEvent, ...]]:
    """Play ``seat``'s whole turn ``action``, then start the next turn (drawing); or, in
    teams, settle who places first (a :class:`TeamOrder`, ruling 12: no event).

    Raises :class:`RuleViolation` (``game-over``, ``not-your-turn``, ``bad-action``, or
    the placement rule broken, see placement.explain) and changes nothing then.
    """
    if state.over:
        raise RuleViolation("game-over", "The game is over.")
    if seat not in active_seats(state):
        if seat in state.after:
            raise RuleViolation("not-your-turn", "Your partner places first; your tiles go after.")
        raise RuleViolation("not-your-turn", "It is not your turn.")
    if isinstance(action, TeamOrder):
        return _choose_order(state, seat, action), ()
    if not isinstance(action, PlaceTiles):
        raise RuleViolation("bad-action", "Zatre knows placing tiles and, in teams, the partners' order.")
    if state.choosing:  # laying tiles first settles the team's order (ruling 12)
        state = attrs.evolve(state, current=seat, after=(partner_of(state.options, seat),), choosing=())
    hand = state.hands[seat]
    if not is_legal(state.board, hand, state.first_move, action):
        raise explain(state.board, hand, state.first_move, action, hints=not state.options.profi)

    board = list(state.board)
    left = list(hand)
    for p in action.placements:
        board[index(p.cell)] = p.tile
        left.remove(p.tile)
    board = tuple(board)
    lines, crosses_at, entry = score_turn(board, action.placements, state.first_move)
    on = sheet_index(state.options, seat)
    sheet = state.sheets[on]
    written = sheet.write(entry)
    record = TurnRecord(
        seat=seat, drew=state.drawn[seat], placements=action.placements, lines=lines,
        crosses_at=crosses_at, entry=entry, rows=rows_written(sheet, entry),
        gain=written.total() - sheet.total(), kept=len(left),
    )
    state = attrs.evolve(
        state, board=board, first_move=False,
        hands=_replace(state.hands, seat, tuple(left)),
        sheets=_replace(state.sheets, on, written),
        log=state.log + (record,),
    )
    events: list[ZatreEvent] = [TurnPlayed(record)]
    if state.after:  # the partner places next, with the tiles drawn at the turn's start
        following = state.after[0]
    else:
        following = _next_turn(state, seat)
        if state.ending:
            return attrs.evolve(state, over=True), (*events, GameEnded("last-tile"))
    if max_placeable(board, (1,), False) == 0:
        bag = state.bag_count
        state, dealt = _deal_out(state, following)
        counts = tuple(sum(e.count for e in dealt if e.seat == s) for s in range(state.seats))
        return state, (*events, PrematureEnd(bag, counts, following), *dealt,
                       GameEnded("no-tile-fits"))
    if state.after:
        return attrs.evolve(state, current=following, after=state.after[1:]), tuple(events)
    state, drawn = _start_turn(state, following)
    return state, (*events, *drawn)


def _choose_order(state: ZatreState, seat: Seat, action: TeamOrder) -> ZatreState:
    """Ruling 12: ``seat`` lets its partner place first, or leaves the choice to them.
    Raises :class:`RuleViolation` (``bad-action``) when that is not open to ``seat``."""
    if not state.options.teams:
        raise RuleViolation("bad-action", "Only partners in the team variant choose who places first; "
                            "this game is played without teams.", "zatre-board.txt, Variant for Advanced Players")
    partner = partner_of(state.options, seat)
    if seat not in state.choosing:
        raise RuleViolation("bad-action", "Ruling 12: your team's order is settled; place your tiles.")
    if action.order == PARTNER_FIRST:
        return attrs.evolve(state, current=partner, after=(seat,), choosing=())
    if action.order == PARTNER_CHOOSES and partner in state.choosing:
        return attrs.evolve(state, current=partner, after=(seat,), choosing=(partner,))
    if action.order == PARTNER_CHOOSES:
        raise RuleViolation("bad-action", "Ruling 12: your partner left the choice to you: "
                            "place first, or let your partner place first.")
    raise RuleViolation("bad-action", "Ruling 12: a team order is partner-first or partner-chooses.")


def _deal_out(state: ZatreState, seat: Seat) -> tuple[ZatreState, list[TilesDrawn]]:
    """The premature end: the rest of the bag drawn one tile at a time in turn order
    from ``seat`` on; none can be placed, so all count as minus points."""
    hands, bag, rng, dealt = list(state.hands), state.bag, state.rng, []
    while sum(bag):
        tile, bag, rng = _draw(bag, rng)
        hands[seat] += (tile,)
        dealt.append(TilesDrawn(seat, 1, (tile,), _audience(state.options, seat)))
        seat = (seat + 1) % state.seats
    state = attrs.evolve(state, hands=tuple(hands), bag=bag, rng=rng, blocked=True, over=True,
                         drawn=(0,) * state.seats, after=(), choosing=())
    return state, dealt


def _next_turn(state: ZatreState, seat: Seat) -> Seat:
    """Who begins the turn after ``seat``'s: the next seat clockwise, or in teams the
    first seat of the next team."""
    size = team_size(state.options)
    return (seat // size + 1) % (state.seats // size) * size


def _audience(options: ZatreOptions, seat: Seat) -> tuple[Seat, ...]:
    """Who may see the tiles ``seat`` draws: the seat, and its partner in teams."""
    partner = partner_of(options, seat)
    return (seat,) if partner is None else (seat, partner)


def _start_turn(state: ZatreState, seat: Seat) -> tuple[ZatreState, list[TilesDrawn]]:
    """Begin ``seat``'s turn (in teams: its team's turn, both partners drawing, then
    choosing who places first, ruling 12; ``seat``, the lower, unless they choose
    otherwise); the turn is the last if the bag runs empty ("End of the Game")."""
    seats = _audience(state.options, seat)
    hands, counts, bag, rng, events = list(state.hands), [0] * state.seats, state.bag, state.rng, []
    for s in seats:
        counts[s] = min(_draw_count(state, s), sum(bag))
        tiles, bag, rng = _draw_many(bag, rng, counts[s])
        hands[s] += tiles
        events.append(TilesDrawn(s, counts[s], tiles, _audience(state.options, s)))
    state = attrs.evolve(
        state, current=seat, after=seats[1:], choosing=seats if len(seats) > 1 else (),
        drawn=tuple(counts), bag=bag, rng=rng,
        ending=sum(counts) > 0 and sum(bag) == 0, hands=tuple(hands),
    )
    return state, events


def _replace(items: tuple, i: int, value) -> tuple:
    return items[:i] + (value,) + items[i + 1:]


def view(state: ZatreState, seat: Seat | None) -> ZatreView:
    """What ``seat`` may see (``None``: a spectator): never the bag's contents, the RNG
    or another seat's tiles, except a partner's in the team variant; all tiles left in
    front of players once the game is over."""
    partner = None if seat is None else partner_of(state.options, seat)
    placing = (state.current, *state.after)
    return ZatreView(
        seat=seat, seats=state.seats, options=state.options,
        tiles=tuple((cell, v) for cell, v in _tiles(state.board)),
        current=state.current,
        hand=state.hands[seat] if seat is not None else (),
        drawn=state.drawn[seat] if seat in placing and not state.over else 0,
        held_counts=tuple(len(h) for h in state.hands),
        sheets=state.sheets, bag_count=state.bag_count, first_move=state.first_move,
        blocked=state.blocked, over=state.over, opening=state.opening, log=state.log,
        left_over=state.hands if state.over else (), after=state.after,
        partner_hand=state.hands[partner] if partner is not None else (),
        choosing=state.choosing,
    )


def _tiles(board):
    from .board import cell_of

    return [(cell_of(i), v) for i, v in enumerate(board) if v]


def project_event(event: ZatreEvent, seat: Seat | None) -> ZatreEvent:
    """``event`` as ``seat`` may see it: drawn tiles only to the seat that drew them
    and, in the team variant, its partner (``TilesDrawn.audience``)."""
    if isinstance(event, TilesDrawn) and seat not in event.audience:
        return attrs.evolve(event, tiles=(), audience=())
    return event


def is_over(state: ZatreState) -> bool:
    return state.over


def minus_points(hand: Sequence[int]) -> int:
    """Minus points for tiles left in front of a player: their pips ("Scoring" rule 10)."""
    return sum(hand)


def result(state: ZatreState) -> Result:
    """Final scores: each row's arithmetic, the minus points, the grand total.

    A breakdown line reads ``"row 1: (1 [10] + 2 [11] + 8 [12] + 3 bonus) x 2 = 28"``:
    each box with its column, the printed bonus of a complete row, the doubling of a
    crossed row ("Scoring" rules 8-10; the rulebook's final scoring example). In the
    team variant both partners get their team's score: the common sheet less both
    partners' minus points; the winners are both partners of the best team.
    """
    scores = []
    for seat in range(state.seats):
        sheet = state.sheets[sheet_index(state.options, seat)]
        partner = partner_of(state.options, seat)
        left = tuple(sorted((seat,) if partner is None else (seat, partner)))
        minus = sum(minus_points(state.hands[s]) for s in left)
        lines = _sheet_lines(sheet)
        if minus:
            pips = [str(t) for s in left for t in state.hands[s]]
            lines.append(f"minus: {' + '.join(pips)} = -{minus}")
        total = sheet.total() - minus
        scores.append(SeatScore(seat, total, (("score sheet", sheet.total()), ("minus points", -minus)),
                                tuple(lines)))
    best = max(s.total for s in scores)
    return Result(tuple(scores), frozenset(s.seat for s in scores if s.total == best))


def _sheet_lines(sheet: Sheet) -> list[str]:
    """Each written row's arithmetic, as :func:`result` shows it."""
    lines = []
    for row in sheet.rows():
        terms = row_terms(row)
        if not terms:
            continue
        text = " + ".join(terms)
        lines.append(f"row {row.number}: " + (f"({text}) x 2" if row.cross else text)
                     + f" = {row.value}")
    return lines
