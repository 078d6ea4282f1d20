"""Random playouts of Zestrea (design.md "tests/": random playouts over many seeds
checking invariants; issue 9 "Tests, speed, screenshots"): GAMES_PER_SEATS seeded games
for each of 3, 4, 5 and 6 Boyars. Seats act in a random order among those the game
waits for (sometimes also a ready seat that needn't act), choosing among the legal
actions (an ActionKind is sampled within its bounds; a refusal of a kind that names
further checks is allowed and must change nothing), or their default; every fifth game
is played by easy and strong bots.

After every action: Zestre never negative, Land 1-5, every Boyar keeps a Couple,
villagers conserved (84 = Estates + supply + gone), Fate cards conserved (35 = deck +
hands + discard + Roles + the auction's card + escrow), someone is waited for until the
end and every seat waited for has a legal default; views and events leak no hidden card
or Time card (a canary check). Every game ends after its Time stack. Deep games are
replayed (determinism per seed) and round-tripped through cattrs (state, views, events,
actions). The games run in two worker processes (tests/rules/playout_pool.py)."""

from __future__ import annotations

import json
import random
import traceback

import attrs
import cattrs
import pytest

from rules.core import ActionKind, RuleViolation, awaited, sample
from rules.zestrea import GAME, ZestreaAction, ZestreaOptions, ZestreaState, ZestreaView
from rules.zestrea.cards import HARD_IDS
from rules.zestrea.game import default_action
from tests.rules.playout_pool import chunk_results

GAMES_PER_SEATS = 24
CHUNK = 8
MAX_ACTIONS = 6000
CONVERTER = cattrs.Converter()


def options_for(seed: int) -> ZestreaOptions:
    return ZestreaOptions(extra_hard_times=seed % 3, adoption_sex=("choose", "random")[seed % 2],
                          starting_zestre=(0, 0, 3)[seed % 3])


def deep(seed: int) -> bool:
    return seed % 6 == 1


def fate_cards(state: ZestreaState) -> list[str]:
    cards = list(state.fate_deck) + list(state.discard) + [c for _, c in state.roles]
    cards += [c for e in state.estates for c in e.hand]
    if state.auction is not None:
        cards.append(state.auction.card)
    if state.window is not None and state.window.escrow is not None:
        cards += list(state.window.escrow[2])
    return cards


def check_invariants(state: ZestreaState) -> None:
    for e in state.estates:
        assert e.zestre >= 0 and 1 <= e.land <= 5 and e.couples, e
        assert e.babies <= set(e.singles) and e.revealed <= set(e.hand)
    villagers = [v for e in state.estates for v in e.villagers] + list(state.supply) + list(state.gone)
    assert len(villagers) == len(set(villagers)) == 84
    cards = fate_cards(state)
    assert len(cards) == len(set(cards)) == 35
    if not GAME.is_over(state):
        waiting = awaited(GAME, state)
        assert waiting, f"nobody is waited for in {state.phase}"
        for seat in waiting:
            assert GAME.legal_actions(state, seat)


def _text(value) -> str:
    return json.dumps(CONVERTER.unstructure(value), ensure_ascii=False, default=sorted)


def offered(state: ZestreaState, seat) -> set[str]:
    """Cards named in open offers ``seat`` is a party to: shown to both (§3.6)."""
    out: set[str] = set()
    for o in state.offers:
        if seat in (o.by, o.to):
            for name in ("give_cards", "ask_cards", "sweet_cards", "cards"):
                out |= set(getattr(o, name, ()))
    return out


def check_leaks(before: ZestreaState, state: ZestreaState, events) -> None:
    """No hidden card or Time card in any seat's view or projected events (§3.10, §3.6)."""
    unseen_time = set(state.time_stack) | (set(HARD_IDS) - set(state.time_stack) - set(state.time_revealed))
    escrow = state.window.escrow if state.window is not None else None
    for seat in (*range(state.seats), None):
        foretold = {c for s, c in state.foretold if s == seat}
        own = set(before.estates[seat].hand) | set(state.estates[seat].hand) if seat is not None else set()
        hidden = {c for s, e in enumerate(state.estates) if s != seat for c in e.hand if c not in e.revealed}
        hidden |= set(state.fate_deck)
        if escrow is not None and seat not in (state.window.proposer, state.window.target):
            hidden |= set(escrow[2])
        hidden -= own | offered(before, seat) | offered(state, seat)
        view_text = _text(GAME.view(state, seat))
        event_text = "".join(_text(GAME.project_event(e, seat)) for e in events)
        for text in (view_text, event_text):
            for card in hidden:
                assert f'"{card}"' not in text, (seat, card)
            for card in unseen_time - foretold:
                assert f'"{card}"' not in text, (seat, card)
        assert '"rng"' not in view_text and "fate_deck\"" not in view_text


def roundtrip(value, type_) -> None:
    assert CONVERTER.structure(CONVERTER.unstructure(value, type_), type_) == value


def playout(seats: int, seed: int):
    state = GAME.setup(options_for(seed), seats, seed)
    rng = random.Random(seed)
    bots = [GAME.bots["strong" if s % 2 else "easy"]() for s in range(seats)] if seed % 5 == 2 else None
    heavy = deep(seed)
    moves, kinds = [], set()
    for step in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        waiting = sorted(awaited(GAME, state))
        active = sorted(GAME.active_seats(state))
        seat = rng.choice(active if (bots is None and rng.random() < 0.05) else waiting)
        legal = GAME.legal_actions(state, seat)
        if not legal:  # an active seat that passed a window with nothing left to play
            continue
        if bots is not None:
            action = bots[seat].choose(GAME.view(state, seat), legal, rng)
        elif rng.random() < 0.3:
            whole = [a for a in legal if not isinstance(a, ActionKind)]
            action = default_action(state, seat) or (rng.choice(whole) if whole else None)
            if action is None:
                continue
        else:
            entry = rng.choice(legal)
            action = sample(entry, ZestreaAction, rng) if isinstance(entry, ActionKind) else entry
        before = state
        try:
            state, events = GAME.apply(state, seat, action)
        except RuleViolation:
            kind = next((k for k in legal if isinstance(k, ActionKind) and k.bounds(action)), None)
            assert bots is None and kind is not None and kind.checks, f"refused: {action}"
            continue
        moves.append((seat, action))
        kinds.add(action.kind)
        kinds.update(e.kind for e in events)
        check_invariants(state)
        if heavy or step % 7 == 0:
            check_leaks(before, state, events)
        if heavy and step % 11 == 0:
            roundtrip(state, ZestreaState)
            roundtrip(action, ZestreaAction)
            for s in (*range(seats), None):
                roundtrip(GAME.view(state, s), ZestreaView)
            for event in events:
                roundtrip(event, GAME.event_type)
    assert GAME.is_over(state), f"game {seats}p seed {seed} did not end"
    assert state.turn == 8 + options_for(seed).extra_hard_times
    result = GAME.result(state)
    for score in result.scores:
        assert score.total == sum(p for _, p in score.parts) >= 1
    if heavy:
        again = GAME.setup(options_for(seed), seats, seed)
        for seat, action in moves:
            again, _ = GAME.apply(again, seat, action)
        assert again == state
    return tuple(moves) if heavy else (), state, kinds


@attrs.frozen
class Played:
    seats: int
    seed: int
    moves: tuple
    final: ZestreaState
    kinds: frozenset


def play_chunk(seats: int, start: int) -> list[Played]:
    out = []
    for seed in range(start, start + CHUNK):
        try:
            moves, final, kinds = playout(seats, seed)
        except Exception:
            raise AssertionError(f"{seats}-Boyar game, seed {seed}:\n{traceback.format_exc()}") from None
        out.append(Played(seats, seed, moves, final, frozenset(kinds)))
    return out


CHUNKS = [(seats, start) for seats in (6, 5, 4, 3) for start in range(0, GAMES_PER_SEATS, CHUNK)]
CHUNK_PARAMS = ("seats", "start")
"""The test parameters a chunk is named by."""


@pytest.fixture(scope="module")
def games(request):
    """The chunks this session's tests need, played in the background since the tests
    were collected (tests/rules/playout_pool.py)."""
    return chunk_results(request)


@pytest.mark.parametrize("seats, start", CHUNKS)
def test_playouts_keep_invariants_and_end(games, seats, start):
    """Issue 9's invariants (see the module) hold after every action, and every game
    ends after its last Time card's Food."""
    played = games[(seats, start)].result()
    assert [g.seed for g in played] == list(range(start, start + CHUNK))
    assert all(g.final.phase == "over" for g in played)


def test_playouts_replay_identically_in_another_process(games):
    """design.md: a seed plus the actions replays a game exactly (games from a worker)."""
    for game in games[CHUNKS[0]].result():
        if game.moves:
            state = GAME.setup(options_for(game.seed), game.seats, game.seed)
            for seat, action in game.moves:
                state, _ = GAME.apply(state, seat, action)
            assert state == game.final


def test_playouts_reach_the_rarer_rules(games):
    """The playouts reach weddings, windows, offers of each kind, prompts and deaths, else
    they prove little."""
    played = [g for key in CHUNKS for g in games[key].result()]
    assert len(played) == 4 * GAMES_PER_SEATS
    kinds = set().union(*(g.kinds for g in played))
    assert {"married", "attempted", "window", "offer-made", "offer-closed", "bid-made", "auction-end",
            "fate-played", "role", "gone", "propose-trade", "gift", "choose", "ready"} <= kinds
