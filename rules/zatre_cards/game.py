"""Zatre: Das Kartenspiel as a Parlour game: rounds, dealing, turns, the Exception,
the end (zatre-card-game.txt "Setup", "Gameplay", "End of the Game").

Readings of the rulebook chosen here:

- Rounds: as many as there are players. Seat 0 deals round 1; the deal passes
  clockwise, so every player deals (and starts) one round.
- Cards per round: round 1 takes 25 cards of the shuffled deck, the other 25 are the
  set-aside cards. Round 2 uses the set-aside cards, shuffled (the Setup's "Shuffle"),
  and the round-1 cards taken off the table become the set-aside stack. Rounds 3 and 4
  shuffle all 50 cards again and take 25 of them, the other 25 set aside. There is
  therefore always a set-aside stack. Should round 2 find more or fewer than 25
  set-aside cards (hands shown in round 1 move cards between the round and the stack),
  it deals 25 of them, or all if fewer; the rest stay set aside.
- Dealing: three cards to each other player, four to the dealer, the rest into
  personal face-down piles, one card at a time clockwise from the dealer's left. With 25
  cards the rest (18, 15, 12 for 2, 3, 4 players) always divides evenly; with an uneven
  rest (round 2 after shown hands) the seats nearest the dealer's left get one more.
- Turns: the dealer opens with two touching cards (:class:`LayOpening`) and draws one
  card; then each player lays one card touching the table and draws one card from
  their own pile while it lasts. A seat with an empty hand (its pile is empty too) is
  skipped. The round ends when no hand holds a card.
- The Exception: a player none of whose cards can be laid shows the hand
  (:class:`ShowHand`, public: a :class:`HandShown` event and the view's ``shown``
  until the turn ends), puts it under the set-aside stack and draws three cards from
  its top, and repeats while needed; the turn then goes on. Because the shown cards go
  underneath, repeated draws work through the whole stack before meeting them again,
  so if any set-aside card can be laid the player reaches one after at most
  ``ceil(stack / 3)`` showings. ShowHand is legal only when a set-aside card can be
  laid; when none can, the player passes (:class:`Pass`) and keeps the hand. If
  every seat holding cards passes in a row, no card can be laid any more: the round
  ends ("no-card-fits"), the cards still held or in piles are simply taken off (the
  card game has no minus points).
"""

from __future__ import annotations

from typing import Sequence

import attrs

from ..core import Result, Rng, RuleViolation, Seat, SeatScore, plural
from ..zatre.sheet import row_terms
from .cards import DECK_SIZE, FACES, ROUND_CARDS, card
from .placement import check_lay, check_opening, fits, grid_of, legal_lays, legal_openings
from .scoring import rows_written, score_lays
from .sheet import SUPER_BONUS, Sheet
from .state import (
    CardsDrawn, GameEnded, HandShown, LayCard, LayOpening, Pass, Passed, RoundEnded,
    RoundStarted, ShowHand, TurnPlayed, TurnRecord, ZatreCardsEvent, ZatreCardsOptions,
    ZatreCardsState, ZatreCardsView,
)

MIN_SEATS, MAX_SEATS = 2, 4
HAND, DEALER_HAND = 3, 4
RULE_EXCEPTION = "zatre-card-game.txt, Gameplay, Exception"
RULE_GAMEPLAY = "zatre-card-game.txt, Gameplay"


def shuffle(items: Sequence[int], rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """Fisher-Yates with the state's RNG."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def _replace(items: tuple, i: int, value) -> tuple:
    return items[:i] + (value,) + items[i + 1:]


def _deal(seats: int, dealer: Seat, cards: Sequence[int]):
    """Hands and piles from ``cards`` (top first): 3 to each other player, 4 to the
    dealer, the rest one at a time clockwise from the dealer's left."""
    hands = [[] for _ in range(seats)]
    piles = [[] for _ in range(seats)]
    order = [(dealer + k) % seats for k in range(1, seats + 1)]  # dealer last
    rest = list(cards)
    for want in range(DEALER_HAND):
        for s in order:
            if want < (DEALER_HAND if s == dealer else HAND) and rest:
                hands[s].append(rest.pop(0))
    for k, cid in enumerate(rest):
        piles[order[k % seats]].append(cid)
    return tuple(map(tuple, hands)), tuple(map(tuple, piles))


def _start_round(state: ZatreCardsState, number: int, dealer: Seat, cards: Sequence[int],
                 set_aside: Sequence[int]) -> tuple[ZatreCardsState, list[ZatreCardsEvent]]:
    hands, piles = _deal(state.seats, dealer, cards)
    state = attrs.evolve(
        state, round=number, dealer=dealer, current=dealer, laid=(), hands=hands, piles=piles,
        set_aside=tuple(set_aside), shown=(), shown_by=None, passes=0,
        round_points=state.round_points + ((0,) * state.seats,),
    )
    events: list[ZatreCardsEvent] = [RoundStarted(number, dealer, tuple(map(len, hands)),
                                                  tuple(map(len, piles)))]
    events += [CardsDrawn(s, len(hands[s]), "deal", tuple(map(card, hands[s])))
               for s in range(state.seats)]
    return state, events


def seat_counts(options: ZatreCardsOptions) -> tuple[int, ...]:
    """Player counts the card game allows: 2 to 4 (zatre-card-game.txt)."""
    return tuple(range(MIN_SEATS, MAX_SEATS + 1))


def team_size(options: ZatreCardsOptions) -> int:
    """Every player plays alone: 1 seat per side."""
    return 1


def setup(options: ZatreCardsOptions, seats: int, seed: int) -> ZatreCardsState:
    """The opening state for ``seats`` players (2-4) from ``seed``, round 1 dealt."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Zatre: Das Kartenspiel is played by {MIN_SEATS} to {MAX_SEATS} "
                         f"players here, not {seats}")
    deck, rng = shuffle(range(DECK_SIZE), Rng.from_seed(seed))
    state = ZatreCardsState(
        options=options, seats=seats, rng=rng, round=0, dealer=0, current=0, laid=(),
        hands=((),) * seats, piles=((),) * seats, set_aside=(), sheets=(Sheet(),) * seats,
        round_points=(),
    )
    state, _ = _start_round(state, 1, 0, deck[:ROUND_CARDS], deck[ROUND_CARDS:])
    return state


def setup_events(state: ZatreCardsState) -> tuple[ZatreCardsEvent, ...]:
    """The events of round 1's deal (for a host that announces the start)."""
    return (RoundStarted(state.round, state.dealer, tuple(map(len, state.hands)),
                         tuple(map(len, state.piles))),
            *(CardsDrawn(s, len(h), "deal", tuple(map(card, h))) for s, h in enumerate(state.hands)))


def active_seats(state: ZatreCardsState) -> frozenset[Seat]:
    return frozenset() if state.over else frozenset((state.current,))


def legal_actions(state: ZatreCardsState, seat: Seat):
    """Every legal action of ``seat``: the openings, or every :class:`LayCard` (each
    card, cell and orientation), or else ``(ShowHand(),)`` or ``(Pass(),)``."""
    if state.over or seat != state.current:
        return ()
    hand = state.hands[seat]
    if not state.laid:
        return legal_openings(hand)
    lays = legal_lays(state.laid, hand)
    if lays:
        return lays
    if fits(state.laid, (FACES[c] for c in state.set_aside)):
        return (ShowHand(),)
    return (Pass(),)


def apply(state: ZatreCardsState, seat: Seat, action) -> tuple[ZatreCardsState, tuple[ZatreCardsEvent, ...]]:
    """Play ``action`` for ``seat``. Raises :class:`RuleViolation` and changes nothing
    if it is not allowed."""
    if state.over:
        raise RuleViolation("game-over", "The game is over.")
    if seat != state.current:
        raise RuleViolation("not-your-turn", "It is not your turn.")
    hand = state.hands[seat]
    if isinstance(action, LayOpening):
        if state.laid:
            raise RuleViolation("not-opening", "Only the starting player's first turn lays two "
                                "cards; now lay one card.", RULE_GAMEPLAY)
        err = check_opening(hand, action)
        if err:
            raise err
        return _lay(state, seat, (action.first, action.second))
    if isinstance(action, LayCard):
        if not state.laid:
            raise RuleViolation("opening", "The starting player lays two cards on the empty "
                                "table.", RULE_GAMEPLAY)
        err = check_lay(state.laid, hand, action)
        if err:
            raise err
        return _lay(state, seat, (action,))
    if isinstance(action, (ShowHand, Pass)):
        err = give_up_refusal(legal_actions(state, seat), action)
        if err:
            raise err
        return _show(state, seat) if isinstance(action, ShowHand) else _pass(state, seat)
    raise RuleViolation("bad-action", "Zatre: Das Kartenspiel knows laying cards, showing a "
                        "hand and passing.")


def give_up_refusal(legal: Sequence[object], action: ShowHand | Pass) -> RuleViolation | None:
    """Why showing the hand or passing (``action``) is not allowed when the seat's legal
    actions are ``legal`` (``None``: it is), in the rule's words (Gameplay and its
    Exception). For the host and for a table that asks before it sends."""
    if action in legal:
        return None
    if legal and isinstance(legal[0], ShowHand):
        return RuleViolation("must-show", "None of your cards can be laid: show your "
                             "hand and draw three set-aside cards.", RULE_EXCEPTION)
    if isinstance(action, ShowHand):
        return RuleViolation("can-lay", "You may show your hand only when none of your "
                             "cards can be laid.", RULE_EXCEPTION)
    return RuleViolation("can-lay", "Laying a card is compulsory while one can be laid.",
                         RULE_GAMEPLAY)


def _lay(state: ZatreCardsState, seat: Seat, lays: tuple[LayCard, ...]):
    lines, entry = score_lays(state.laid, lays)
    sheet = state.sheets[seat]
    written = sheet.write(entry)
    gain = written.total() - sheet.total()
    used = {lay.card for lay in lays}
    hand = tuple(c for c in state.hands[seat] if c not in used)
    pile = state.piles[seat]
    drew = pile[:1]
    record = TurnRecord(
        seat=seat, round=state.round, laid=lays, faces=tuple(card(lay.card) for lay in lays),
        lines=lines, entry=entry, rows=rows_written(sheet, entry), gain=gain, drew=len(drew),
    )
    points = state.round_points[-1]
    state = attrs.evolve(
        state, laid=state.laid + lays, hands=_replace(state.hands, seat, hand + drew),
        piles=_replace(state.piles, seat, pile[1:]), sheets=_replace(state.sheets, seat, written),
        round_points=state.round_points[:-1] + (_replace(points, seat, points[seat] + gain),),
        log=state.log + (record,), passes=0, shown=(), shown_by=None,
    )
    events: list[ZatreCardsEvent] = [TurnPlayed(record)]
    if drew:
        events.append(CardsDrawn(seat, 1, "pile", (card(drew[0]),)))
    return _advance(state, seat, events)


def _show(state: ZatreCardsState, seat: Seat):
    hand = state.hands[seat]
    stack = state.set_aside + hand  # shown cards go underneath
    drawn, stack = stack[:3], stack[3:]
    state = attrs.evolve(state, hands=_replace(state.hands, seat, drawn), set_aside=stack,
                         shown=hand, shown_by=seat)
    return state, (HandShown(seat, tuple(map(card, hand))),
                   CardsDrawn(seat, len(drawn), "set-aside", tuple(map(card, drawn))))


def _pass(state: ZatreCardsState, seat: Seat):
    state = attrs.evolve(state, passes=state.passes + 1, shown=(), shown_by=None)
    return _advance(state, seat, [Passed(seat)])


def _advance(state: ZatreCardsState, seat: Seat, events: list):
    holding = [s for s in range(state.seats) if state.hands[s]]
    if not holding:
        return _end_round(state, "all-laid", events)
    if state.passes >= len(holding):
        return _end_round(state, "no-card-fits", events)
    nxt = next(s for k in range(1, state.seats + 1)
               if state.hands[s := (seat + k) % state.seats])
    return attrs.evolve(state, current=nxt), tuple(events)


def _end_round(state: ZatreCardsState, reason: str, events: list):
    events.append(RoundEnded(state.round, state.round_points[-1], reason))
    if state.round >= state.rounds:
        state = attrs.evolve(state, over=True, shown=(), shown_by=None)
        events.append(GameEnded(state.rounds))
        return state, tuple(events)
    number, rng = state.round + 1, state.rng
    off_table = tuple(lay.card for lay in state.laid) + tuple(
        c for s in range(state.seats) for c in state.hands[s] + state.piles[s])
    if number == 2:
        cards, rng = shuffle(state.set_aside, rng)
        cards, rest = cards[:ROUND_CARDS], cards[ROUND_CARDS:] + off_table
        rest, rng = shuffle(rest, rng)
    else:
        deck, rng = shuffle(range(DECK_SIZE), rng)
        cards, rest = deck[:ROUND_CARDS], deck[ROUND_CARDS:]
    state = attrs.evolve(state, rng=rng)
    state, more = _start_round(state, number, (state.dealer + 1) % state.seats, cards, rest)
    return state, (*events, *more)


def view(state: ZatreCardsState, seat: Seat | None) -> ZatreCardsView:
    """What ``seat`` may see (``None``: a spectator)."""
    return ZatreCardsView(
        seat=seat, seats=state.seats, options=state.options, round=state.round,
        rounds=state.rounds, dealer=state.dealer, current=state.current, laid=state.laid,
        table=tuple(sorted(grid_of(state.laid).items())),
        hand=tuple(map(card, state.hands[seat])) if seat is not None else (),
        hand_counts=tuple(map(len, state.hands)), pile_counts=tuple(map(len, state.piles)),
        set_aside_count=len(state.set_aside), shown=tuple(map(card, state.shown)),
        shown_by=state.shown_by, sheets=state.sheets, round_points=state.round_points,
        over=state.over, log=state.log,
    )


def project_event(event: ZatreCardsEvent, seat: Seat | None) -> ZatreCardsEvent:
    """``event`` as ``seat`` may see it: drawn and dealt cards only to their owner."""
    if isinstance(event, CardsDrawn) and event.seat != seat:
        return attrs.evolve(event, cards=())
    return event


def is_over(state: ZatreCardsState) -> bool:
    return state.over


def result(state: ZatreCardsState) -> Result:
    """Scores per round and overall. ``parts``: ``("round 1", points)`` ... adding up to
    the total; ``breakdown``: each sheet row's arithmetic, the super bonuses and the
    points per round, e.g. ``"row 1: 1 [10] + 3 [11] + 5 [12] + 2 bonus = 11"``."""
    scores = []
    for seat in range(state.seats):
        sheet = state.sheets[seat]
        lines = []
        for row in sheet.rows():
            terms = row_terms(row)
            if not terms:
                continue
            lines.append(f"row {row.number}: {' + '.join(terms)} = {row.value - (SUPER_BONUS if row.super_bonus else 0)}")
        if sheet.supers:
            lines.append(f"super bonus: {sheet.supers} x {SUPER_BONUS} = {sheet.supers * SUPER_BONUS}")
        parts = tuple((f"round {r + 1}", pts[seat]) for r, pts in enumerate(state.round_points))
        lines += [f"{name}: {plural(pts, 'point')}" for name, pts in parts]
        scores.append(SeatScore(seat, sheet.total(), parts, tuple(lines)))
    best = max(s.total for s in scores)
    return Result(tuple(scores), frozenset(s.seat for s in scores if s.total == best))
