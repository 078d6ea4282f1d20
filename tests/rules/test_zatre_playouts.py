"""Random playouts of Zatre (design.md "tests/": random playouts over many seeds
checking invariants): 24 seeded bot games over 2, 3 and 4 players and 16 of the team
variant (4 and 6 players in pairs), mostly easy bots with a strong bot in every tenth
seed. After every action: tiles conserved, no line over 12 (rule 3), someone can act
until the game is over, the draw at the start of the turn follows the Exception to Rule
No. 5 (ruling 6), views and events leak no hidden tiles; every game ends (End of the
Game). One game in twenty is also replayed (determinism) and round-tripped through
cattrs (state, views, action and events at every fifth action). The seeds are chosen so
that the rarer rules come up, and test_playouts_reach_the_rarer_rules asserts that they
do (see ``CHUNKS``); ``python -m tests.bench.zatre_playouts`` plays the same checked
games over many more seeds. The games run in two worker processes (see ``games``)."""

from __future__ import annotations

import random
import traceback

import attrs
import pytest

from rules.core import Rng
from rules.zatre import (
    GAME, GameEnded, PlaceTiles, PrematureEnd, TeamOrder, TilesDrawn, TurnPlayed,
    ZatreOptions, ZatreState, ZatreView,
)
from rules.zatre.placement import max_placeable
from rules.zatre.state import partner_of, sheet_index
from rules.zatre.board import WIDTH, index, line_sum, tiles_on
from tests.rules.playout_pool import chunk_results
from tests.rules.zatre_support import CONVERTER, FULL_BAG, longest_line, tile_counts

MAX_TURNS = 400  # 121 tiles: a game that has not ended by now never will


def strong_seat(seats: int, seed: int) -> int | None:
    """The seat played by a strong bot: one in every tenth game."""
    return (seed // 10) % seats if seed % 10 == 0 else None


def bots_for(seats: int, seed: int):
    """Easy bots, with one strong seat in every tenth game."""
    strong = strong_seat(seats, seed)
    return [GAME.bots["strong" if s == strong else "easy"]() for s in range(seats)]


def deep(seed: int) -> bool:
    """Games also replayed and round-tripped through cattrs (every fifth action)."""
    return seed % 20 == 5


def wanted_draw(held: tuple[int, ...], board) -> tuple[int, str]:
    """Ruling 6 (Exception to Rule No. 5): how many tiles a seat holding ``held`` at
    the start of its turn draws while the bag lasts, and which case of the ruling that
    is (a name for test_playouts_reach_the_rarer_rules)."""
    if len(held) == 1:
        return 1, "draw: one tile held"
    if not held:
        return 2, "draw: no tile held"
    if max_placeable(board, held, False):
        return 0, "draw: held tiles fit"
    return 1, "draw: held tiles do not fit"


def check_views(state: ZatreState) -> None:
    """A view holds the seat's own tiles only (spectator: none) and in teams the
    partner's, the held counts of everyone, the public board; left-over tiles only
    once the game is over."""
    for seat in (*range(state.seats), None):
        view = GAME.view(state, seat)
        partner = None if seat is None else partner_of(state.options, seat)
        assert view.seat == seat
        assert view.hand == (state.hands[seat] if seat is not None else ())
        assert view.partner_hand == (state.hands[partner] if partner is not None else ())
        assert view.held_counts == tuple(len(h) for h in state.hands)
        assert view.bag_count == state.bag_count
        assert view.tile_map() == tiles_on(state.board)
        assert view.left_over == (state.hands if state.over else ())
        assert view.sheets == state.sheets


def check_events(events, state: ZatreState) -> None:
    """Drawn tiles are shown to the seat that drew them and its partner only
    (project_event)."""
    for event in events:
        for seat in (*range(state.seats), None):
            seen = GAME.project_event(event, seat)
            if isinstance(event, TilesDrawn) and seat not in {
                    event.seat, partner_of(state.options, event.seat)} - {None}:
                assert seen == attrs.evolve(event, tiles=(), audience=())
            else:
                assert seen == event


def roundtrip(value, type_) -> None:
    assert CONVERTER.structure(CONVERTER.unstructure(value, type_), type_) == value


def playout(seats: int, teams: bool, seed: int):
    """Play one seeded game with every check; return (actions, final state, events,
    the names of the rule cases the game went through)."""
    options = ZatreOptions(teams=teams)
    state = GAME.setup(options, seats, seed)
    assert tile_counts(state) == FULL_BAG
    bots, rng, heavy = bots_for(seats, seed), random.Random(seed), deep(seed)
    actions, all_events, cases = [], [], set()
    for _ in range(MAX_TURNS):
        if GAME.is_over(state):
            break
        seat = state.current  # while partners choose their order (ruling 12): one of them
        active = GAME.active_seats(state)
        assert active == frozenset(state.choosing or {seat}) and seat in active
        legal = GAME.legal_actions(state, seat)
        assert legal, "the seat to move always has at least one action"
        turns = [a for a in legal if isinstance(a, PlaceTiles)]
        assert len({len(a.placements) for a in turns}) == 1, "rule 5: all lay the most tiles"
        assert len(turns) + (len(state.choosing) if state.choosing else 0) == len(legal)
        assert all(GAME.legal_actions(state, s) == () for s in range(seats) if s not in active)
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        assert action in legal
        before = state
        state, events = GAME.apply(state, seat, action)
        actions.append(action)
        all_events.extend(events)
        if isinstance(action, TeamOrder):  # ruling 12: nothing laid, nothing drawn
            cases.add(f"team order: {action.order}")
            assert events == () and state.board == before.board and state.hands == before.hands
            assert state.current == seat ^ 1
            if action.order == "partner-first":
                assert state.after == (seat,) and state.choosing == ()
            else:
                assert before.choosing == (seat, seat ^ 1) or before.choosing == (seat ^ 1, seat)
                assert state.choosing == (seat ^ 1,)
            check_views(state)
            continue

        if before.choosing:  # ruling 12: laying tiles first settles the order
            cases.add("team order: placed first")
        if len(action.placements) > 2 and not before.first_move:
            cases.add("more than two tiles laid")  # "he may use all his tiles"
        # tiles conserved, per value, and no line over 12 (rule 3)
        assert tile_counts(state) == FULL_BAG
        for p in action.placements:  # lines change only through new tiles
            i = index(p.cell)
            assert state.board[i] == p.tile
            assert line_sum(state.board, i, 1) <= 12 and line_sum(state.board, i, WIDTH) <= 12
        # the turn as recorded: tiles laid, sheet written, tiles kept
        assert isinstance(events[0], TurnPlayed)
        rec = events[0].record
        assert rec.seat == seat and rec.placements == action.placements
        on = sheet_index(options, seat)
        assert state.sheets[on] == before.sheets[on].write(rec.entry)
        dealt = sum(e.count for e in events if isinstance(e, TilesDrawn) and e.seat == seat
                    and state.blocked)  # the premature end deals the bag to every seat
        assert rec.kept == len(state.hands[seat]) - dealt == len(before.hands[seat]) - len(action.placements)
        if rec.kept:
            cases.add("tiles kept")
        if state.over:
            assert isinstance(events[-1], GameEnded)
            # the last tile was drawn, or no tile fits anywhere and the bag was dealt out
            assert state.bag_count == 0
            assert before.ending or (state.blocked and max_placeable(state.board, (1,), False) == 0)
            cases.add("end: premature" if state.blocked else "end: last tile drawn")
            if rec.drew == 1:  # the last turn drew a single tile
                cases.add("end: a single last tile")
        elif before.after or before.choosing:
            # team variant: the partner places next, with what was drawn at the start
            assert events[1:] == () and state.current == seat ^ 1 and state.choosing == ()
            assert state.hands[state.current] == before.hands[state.current]
        else:
            # the draw at the start of the next turn: the next seat, or the next team
            # with both partners drawing (lower seat first)
            nxt = (seat // 2 + 1) % (seats // 2) * 2 if teams else (seat + 1) % seats
            drawers = (nxt, nxt + 1) if teams else (nxt,)
            draws = events[1:]
            assert state.current == nxt and state.after == drawers[1:]
            assert state.choosing == (drawers if teams else ())
            assert tuple(d.seat for d in draws) == drawers
            bag_left = before.bag_count
            for drawn in draws:
                assert isinstance(drawn, TilesDrawn)
                held = state.hands[drawn.seat][:len(state.hands[drawn.seat]) - drawn.count]
                assert held == before.hands[drawn.seat]
                assert drawn.count == len(drawn.tiles) == state.drawn[drawn.seat]
                want, case = wanted_draw(held, state.board)
                assert drawn.count == min(want, bag_left)
                cases.add(case if drawn.count == want else "draw: the bag runs short")
                bag_left -= drawn.count
            assert state.ending == (sum(d.count for d in draws) > 0 and state.bag_count == 0)
        check_views(state)
        check_events(events, state)
        if heavy and len(actions) % 5 == 1:
            roundtrip(state, ZatreState)
            roundtrip(action, GAME.action_type)
            for s in (*range(seats), None):
                roundtrip(GAME.view(state, s), ZatreView)
            for event in events:
                roundtrip(event, GAME.event_type)
                for s in (*range(seats), None):
                    roundtrip(GAME.project_event(event, s), GAME.event_type)
    assert GAME.is_over(state), f"game {seats}p seed {seed} did not end"
    assert longest_line(state.board) <= 12
    assert GAME.active_seats(state) == frozenset()
    result = GAME.result(state)
    for score in result.scores:  # in teams: the common sheet less both partners' tiles
        partner = partner_of(options, score.seat)
        minus = sum(state.hands[score.seat]) + (sum(state.hands[partner]) if teams else 0)
        assert score.total == state.sheets[sheet_index(options, score.seat)].total() - minus
    assert result.winners == {s.seat for s in result.scores
                              if s.total == max(x.total for x in result.scores)}
    if strong_seat(seats, seed) is not None:
        cases.add("a strong bot")
    if heavy:
        cases.add("replayed and round-tripped")
    return tuple(actions), state, tuple(all_events), frozenset(cases)


@attrs.frozen
class Played:
    """What a worker reports about one checked game."""

    seats: int
    teams: bool
    seed: int
    actions: tuple[PlaceTiles, ...]
    final: ZatreState
    turns: int
    cases: frozenset[str]


def play_chunk(seats: int, teams: bool, seeds: tuple[int, ...]) -> list[Played]:
    """Play and check the games of ``seeds`` (run in a worker process); the deep ones
    are also replayed here, in the process that played them."""
    out = []
    for seed in seeds:
        try:
            actions, final, events, cases = playout(seats, teams, seed)
            if deep(seed):
                state, replayed = GAME.setup(ZatreOptions(teams=teams), seats, seed), []
                for action in actions:
                    state, evs = GAME.apply(state, state.current, action)
                    replayed.extend(evs)
                assert state == final and tuple(replayed) == events, "replay differs"
        except AssertionError:
            # a worker has no pytest assertion rewriting: say which game and which check
            raise AssertionError(f"{seats}-player game{' in teams' * teams}, seed {seed}:\n"
                                 f"{traceback.format_exc()}") from None
        out.append(Played(seats, teams, seed, actions if deep(seed) else (), final, len(actions),
                          cases))
    return out


CHUNKS = [
    (2, False, (80, 81, 82, 85, 88, 92, 93, 96)),
    (3, False, (80, 81, 83, 84, 85, 86, 89, 91)),
    (4, False, (60, 61, 62, 63, 65, 74, 76, 77)),
    (4, True, (1, 2, 5, 6, 10, 13, 17, 18)),
    (6, True, (1, 2, 3, 4, 5, 6, 7, 10)),
]
"""Eight seeds for each seat count (and team size), chosen among the first hundred so
that the rarer rule cases come up (test_playouts_reach_the_rarer_rules asserts it); each
chunk has a strong-bot game (seeds 0 mod 10) and a deep one (5 mod 20), the rest are
ordinary games. 2 players: 96 lays more than two tiles after the first move, draws
nothing because its held tiles fit and one because they do not; 88 ends on a single
last tile, the bag running short. 3 players: 84 ends prematurely (no tile fits
anywhere); 89 and 91 hold tiles that fit, 91 also tiles that do not; 83, 89 and 91 end
on a single last tile. 4 players: 77 holds tiles that fit, 74 ends on a single last
tile. Teams of 4 and of 6: in seed 10 (a strong bot) a partner lets the other place
first (partner-first), in every game the easy bots leave the choice to their partner
(partner-chooses), who then places first; 18 (of 4) and 3 (of 6) end on a single last
tile. ``python -m tests.bench.zatre_playouts`` plays many more seeds."""

RARER = {"draw: no tile held", "draw: one tile held", "draw: held tiles fit",
         "draw: held tiles do not fit", "draw: the bag runs short", "tiles kept",
         "more than two tiles laid", "end: last tile drawn", "end: a single last tile",
         "end: premature", "a strong bot", "replayed and round-tripped"}
"""Every case the playouts must reach (the names ``playout`` gives them)."""
EVERY_CHUNK = {"draw: no tile held", "draw: one tile held", "tiles kept", "end: last tile drawn",
               "end: a single last tile", "a strong bot", "replayed and round-tripped"}
"""The cases each seat count (and team size) must reach."""
TEAM_ORDERS = {"team order: partner-first", "team order: partner-chooses",
               "team order: placed first"}
"""Ruling 12's ways for partners to settle who places first: each team size reaches all."""


CHUNK_PARAMS = ("seats", "teams", "seeds")
"""The test parameters a chunk is named by."""


def chunk_id(value: object) -> str | None:
    """A test id part: the seeds as ``80-81-…``, other parameters as pytest names them."""
    return "-".join(map(str, value)) if type(value) is tuple else None


@pytest.fixture(scope="module")
def games(request):
    """The chunks this session's tests need, played in the background since the tests
    were collected (tests/rules/playout_pool.py)."""
    return chunk_results(request)


@pytest.mark.parametrize("seats, teams, seeds", CHUNKS, ids=chunk_id)
def test_playouts_keep_invariants_and_end(games, seats, teams, seeds):
    """design.md random playouts, eight seeded games each: after every action tiles
    are conserved, no line is over 12, someone can act until the game is over, draws
    follow ruling 6, views and events leak nothing; the game ends; deep games replay
    identically and survive cattrs round trips."""
    played = games[(seats, teams, seeds)].result()
    assert [g.seed for g in played] == list(seeds)
    assert all(g.final.over and g.turns >= 40 for g in played)


@pytest.mark.parametrize("seats, teams, seeds", CHUNKS[::len(CHUNKS) // 3], ids=chunk_id)
def test_playouts_replay_identically_in_another_process(games, seats, teams, seeds):
    """design.md: "a seed plus the action list replays a game exactly", here in this
    process for games played in a worker (no dependence on hash seeds or caches)."""
    for game in games[(seats, teams, seeds)].result():
        if game.actions:
            state = GAME.setup(ZatreOptions(teams=teams), seats, game.seed)
            for action in game.actions:
                state, _ = GAME.apply(state, state.current, action)
            assert state == game.final


def test_playouts_reach_the_rarer_rules(games):
    """The playouts reach the rarer rules too (else they prove little about them):
    each case of ruling 6 (Exception to Rule No. 5: one tile held, none, held tiles
    that fit or do not, the bag running short), tiles kept face down, a turn laying
    more than two tiles ("he may use all his tiles"), the game ending on the last tile,
    on a single last tile and prematurely (End of the Game); at every seat count and
    team size, tiles kept, a single last tile, a strong bot and a deep game; in teams,
    each way of settling who places first (ruling 12)."""
    played = [g for key in CHUNKS for g in games[key].result()]
    assert len(played) == sum(len(seeds) for *_, seeds in CHUNKS)
    by_table: dict[tuple[int, bool], set[str]] = {}
    for g in played:
        by_table.setdefault((g.seats, g.teams), set()).update(g.cases)
    assert set(by_table) == {(2, False), (3, False), (4, False), (4, True), (6, True)}
    assert RARER <= set().union(*by_table.values())
    for (seats, teams), cases in by_table.items():
        assert EVERY_CHUNK <= cases, (seats, teams, EVERY_CHUNK - cases)
        assert (TEAM_ORDERS <= cases) if teams else not (TEAM_ORDERS & cases), (seats, teams)


def test_view_type_has_no_field_for_hidden_things():
    """design.md: hidden things (bag contents, other seats' tiles, the RNG) have no
    field in a view; only ``hand`` (the seat's own tiles) and, after the game,
    ``left_over`` carry tile values in front of players."""
    names = {f.name for f in attrs.fields(ZatreView)}
    assert not names & {"bag", "rng", "hands"}
    assert "hand" in names and "held_counts" in names and "bag_count" in names
    types = {f.name: str(f.type) for f in attrs.fields(ZatreView)}
    assert not any("Rng" in t for t in types.values())
    state = GAME.setup(ZatreOptions(), 3, 7)
    first = state.current
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert view.hand == (state.hands[first] if seat == first else ())
        blob = repr(CONVERTER.unstructure(view))
        assert "rng" not in blob and str(state.rng.state) not in blob


def test_state_rng_round_trips():
    """The state's RNG is data (rules/core.py Rng): it survives a cattrs round trip, so
    a saved game resumes with the same draws."""
    state = GAME.setup(ZatreOptions(), 2, 11)
    again = CONVERTER.structure(CONVERTER.unstructure(state), ZatreState)
    assert again.rng == state.rng and isinstance(again.rng, Rng)
    action = GAME.legal_actions(state, state.current)[0]
    assert GAME.apply(again, again.current, action) == GAME.apply(state, state.current, action)


def test_cattrs_round_trip_every_event_kind():
    """design.md (net/ protocol: one cattrs converter): every kind of Zatre event
    survives a round trip through the event union, projected or not."""
    state = GAME.setup(ZatreOptions(), 2, 4)
    state, events = GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
    kinds = (*events, PrematureEnd(),
             GameEnded("last-tile"))
    assert {type(e) for e in kinds} == {TurnPlayed, TilesDrawn, PrematureEnd,
                                        GameEnded}
    for event in kinds:
        for seat in (0, 1, None):
            roundtrip(GAME.project_event(event, seat), GAME.event_type)
