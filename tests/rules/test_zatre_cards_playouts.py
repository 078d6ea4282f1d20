"""Random playouts of Zatre: Das Kartenspiel (design.md "tests/": random playouts over
many seeds checking invariants): 50 seeded games for each of 2, 3 and 4 players. Most
seats choose uniformly among the legal actions (fast, and it reaches odd corners); in
every twentieth game the seats are easy and strong bots. After every action: cards
conserved (table, hands, piles, set-aside: all 50 once), no line over 12 (Gameplay,
Note), someone can act until the game is over, views and events leak no hidden card;
every game ends after as many rounds as players (End of the Game). One game in
twenty-five is replayed (determinism), round-tripped through cattrs (state, views, actions,
events) and has its legal placements checked against a brute-force search: at each
player count two such games and three with bots, and test_playouts_reach_the_rarer_rules
asserts that the rarer rules come up at each count. The games run in two worker
processes, like test_zatre_playouts.py."""

from __future__ import annotations

import random
import traceback

import attrs
import cattrs
import pytest

from rules.zatre_cards import (
    FACES, GAME, CardsDrawn, GameEnded, HandShown, LayCard, LayOpening, Pass, RoundEnded,
    ShowHand, TurnPlayed, ZatreCardsAction, ZatreCardsOptions, ZatreCardsState, ZatreCardsView,
)
from rules.zatre_cards.placement import AXES, NEAR, check_lay, grid_of, run_sum
from tests.rules.playout_pool import chunk_results

GAMES_PER_SEATS = 50  # seeds 0..49: bots at 3, 23, 43; deep at 7, 32 (bots_for, deep)
CHUNK = 50
MAX_ACTIONS = 2000
CONVERTER = cattrs.Converter()


class RandomBot:
    def choose(self, view, legal, rng):
        return rng.choice(legal)


def bots_for(seats: int, seed: int):
    if seed % 20 == 3:
        return [GAME.bots["strong" if s % 2 else "easy"]() for s in range(seats)]
    return [RandomBot() for _ in range(seats)]


def deep(seed: int) -> bool:
    return seed % 25 == 7


def conserved(state: ZatreCardsState) -> bool:
    every = [lay.card for lay in state.laid] + list(state.set_aside)
    for s in range(state.seats):
        every += list(state.hands[s]) + list(state.piles[s])
    return sorted(every) == list(range(50))


def brute_lays(state: ZatreCardsState, seat: int) -> set:
    """Every laying of the hand by trying each cell pair around the table with check_lay."""
    g = grid_of(state.laid)
    rows = [r for r, _ in g]
    cols = [c for _, c in g]
    out = set()
    for cid in state.hands[seat]:
        for r in range(min(rows) - 2, max(rows) + 3):
            for c in range(min(cols) - 2, max(cols) + 3):
                for o in ("right", "down", "left", "up"):
                    lay = LayCard(cid, (r, c), o)
                    if check_lay(state.laid, state.hands[seat], lay) is None:
                        a, b = FACES[cid]
                        out.add((cid, frozenset({(lay.cell, a), (lay.second, b)})))
    return out


def check_view(state: ZatreCardsState) -> None:
    for seat in (*range(state.seats), None):
        view = GAME.view(state, seat)
        assert [c.id for c in view.hand] == (list(state.hands[seat]) if seat is not None else [])
        assert view.hand_counts == tuple(map(len, state.hands))
        assert view.pile_counts == tuple(map(len, state.piles))
        assert view.set_aside_count == len(state.set_aside)
        assert [c.id for c in view.shown] == list(state.shown)


def check_events(events, seats: int) -> None:
    for event in events:
        for seat in (*range(seats), None):
            seen = GAME.project_event(event, seat)
            if isinstance(event, CardsDrawn) and seat != event.seat:
                assert seen.cards == () and seen.count == event.count
            else:
                assert seen == event


def roundtrip(value, type_) -> None:
    assert CONVERTER.structure(CONVERTER.unstructure(value, type_), type_) == value


def playout(seats: int, seed: int):
    state = GAME.setup(ZatreCardsOptions(), seats, seed)
    bots, rng, heavy = bots_for(seats, seed), random.Random(seed), deep(seed)
    actions, kinds = [], set()
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        seat = state.current
        assert GAME.active_seats(state) == frozenset({seat})
        legal = GAME.legal_actions(state, seat)
        assert legal, "the seat to move always has an action"
        assert all(GAME.legal_actions(state, s) == () for s in range(seats) if s != seat)
        if heavy and state.laid and isinstance(legal[0], LayCard) and len(actions) % 9 == 0:
            got = {(a.card, frozenset({(a.cell, FACES[a.card][0]), (a.second, FACES[a.card][1])}))
                   for a in legal}
            assert got == brute_lays(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        before = state
        state, events = GAME.apply(state, seat, action)
        actions.append(action)
        kinds.add(action.kind)
        kinds.update(e.kind + (":" + e.reason if isinstance(e, RoundEnded) else "") for e in events)
        assert conserved(state)
        if isinstance(action, (LayCard, LayOpening)):
            lays = (action,) if isinstance(action, LayCard) else (action.first, action.second)
            g = grid_of(before.laid + lays)
            assert all(run_sum(g, c, ax) <= 12 for lay in lays for c in lay.cells for ax in AXES)
            assert isinstance(events[0], TurnPlayed) and events[0].record.laid == lays
            rec = events[0].record
            assert before.sheets[seat].write(rec.entry) == state.sheets[seat]  # one sheet per game
            if len(lays) == 1:  # the card touches the table
                assert any((r + dr, c + dc) in grid_of(before.laid)
                           for (r, c) in lays[0].cells for dr, dc in NEAR)
        if isinstance(action, ShowHand):
            assert isinstance(events[0], HandShown) and state.current == seat
        check_view(state)
        check_events(events, seats)
        if heavy and len(actions) % 5 == 1:
            roundtrip(state, ZatreCardsState)
            roundtrip(action, ZatreCardsAction)
            for s in (*range(seats), None):
                roundtrip(GAME.view(state, s), ZatreCardsView)
            for event in events:
                roundtrip(event, GAME.event_type)
    assert GAME.is_over(state), f"game {seats}p seed {seed} did not end"
    assert isinstance(events[-1], GameEnded)
    assert GAME.active_seats(state) == frozenset()
    assert len(state.round_points) == seats
    result = GAME.result(state)
    for score in result.scores:
        assert score.total == state.sheets[score.seat].total() == sum(p for _, p in score.parts)
    if heavy:
        again = GAME.setup(ZatreCardsOptions(), seats, seed)
        for action in actions:
            again, _ = GAME.apply(again, again.current, action)
        assert again == state
    return actions if heavy else (), state, kinds


@attrs.frozen
class Played:
    seats: int
    seed: int
    actions: tuple
    final: ZatreCardsState
    kinds: frozenset


def play_chunk(seats: int, start: int) -> list[Played]:
    out = []
    for seed in range(start, start + CHUNK):
        try:
            actions, final, kinds = playout(seats, seed)
        except Exception:
            raise AssertionError(
                f"{seats}-player game, seed {seed}:\n{traceback.format_exc()}") from None
        out.append(Played(seats, seed, tuple(actions), final, frozenset(kinds)))
    return out


CHUNKS = [(seats, start) for seats in (4, 3, 2) for start in range(0, GAMES_PER_SEATS, CHUNK)]


CHUNK_PARAMS = ("seats", "start")
"""The test parameters a chunk is named by."""


@pytest.fixture(scope="module")
def games(request):
    """The chunks this session's tests need, played in the background since the tests
    were collected (tests/rules/playout_pool.py)."""
    return chunk_results(request)


@pytest.mark.parametrize("seats, start", CHUNKS)
def test_playouts_keep_invariants_and_end(games, seats, start):
    """design.md random playouts (CHUNK seeded games each): cards conserved, no line
    over 12, someone can act until the game is over, views and events leak nothing;
    every game ends after as many rounds as players; deep games replay identically,
    survive cattrs round trips and agree with a brute-force placement search."""
    played = games[(seats, start)].result()
    assert [g.seed for g in played] == list(range(start, start + CHUNK))
    assert all(g.final.over and g.final.round == seats for g in played)


@pytest.mark.parametrize("seats, start", CHUNKS[::len(CHUNKS) // 3])
def test_playouts_replay_identically_in_another_process(games, seats, start):
    """design.md: a seed plus the action list replays a game exactly, here in this
    process for games played in a worker."""
    for game in games[(seats, start)].result():
        if game.actions:
            state = GAME.setup(ZatreCardsOptions(), seats, game.seed)
            for action in game.actions:
                state, _ = GAME.apply(state, state.current, action)
            assert state == game.final


def test_playouts_reach_the_rarer_rules(games):
    """The playouts reach, at each player count, triple scores (the super bonus), rounds
    ended with every card laid and the deep games checked against the brute-force search, else they
    prove little. The Exception (a hand shown) is rare on an open table, where
    a card can nearly always be laid crosswise somewhere: about one bot game in a
    hundred shows a hand, so it is checked by the rule tests (test_exception_*) rather
    than demanded here."""
    played = [g for key in CHUNKS for g in games[key].result()]
    assert len(played) == 3 * GAMES_PER_SEATS
    assert {g.final.seats for g in played} == {2, 3, 4}
    for seats in (2, 3, 4):  # at every player count
        here = [g for g in played if g.seats == seats]
        kinds = set().union(*(g.kinds for g in here))
        assert {"opening", "lay", "round-end:all-laid", "round-start", "game-over"} <= kinds, seats
        assert any(g.final.sheets[s].supers for g in here for s in range(seats)), seats
        assert sum(1 for g in here if g.actions) >= 2, seats  # deep games (brute-force search)
