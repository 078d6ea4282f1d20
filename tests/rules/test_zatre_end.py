"""Turns and the end of the game: zatre-board.txt "How to Play" (turn order),
"End of the Game" (last tile; premature end), "Scoring" rule 10; reference/zatre.md
ruling 7; and the contract's refusals (rules/core.py: illegal actions change nothing)."""

from __future__ import annotations

from rules.zatre import GAME, GameEnded, PlaceTiles, PrematureEnd, TilesDrawn, TurnPlayed
from tests.rules.zatre_support import play, position, refused, turn

WALL = {(2, 6): 6, (2, 7): 6, (3, 6): 6, (3, 7): 6}
"""A 2x2 block of 6s: every neighbouring cell ends a line of 12, so no tile fits."""

ELEVENS = {(2, 6): 5, (2, 7): 6, (3, 6): 6, (3, 7): 5}
"""A 2x2 block whose lines are all 11: only a 1 fits next to it."""


def pass_turn(state):
    """The current seat lays nothing (it must be the only legal turn)."""
    assert GAME.legal_actions(state, state.current) == (PlaceTiles(()),)
    return GAME.apply(state, state.current, PlaceTiles(()))


# ---- turn order ------------------------------------------------------------------


def test_how_to_play_turn_passes_clockwise():
    """"How to Play": the turn passes clockwise (seat order 0, 1, 2, 0 ...)."""
    state = position({(4, 5): 1}, (1,), seats=3, seat=2)
    new, _ = play(state, ((4, 6), 1))
    assert new.current == 0 and GAME.active_seats(new) == frozenset({0})
    assert GAME.legal_actions(new, 1) == () and GAME.legal_actions(new, 2) == ()


def test_how_to_play_wrong_seat_is_refused_not_your_turn():
    """"How to Play": only the player whose turn it is places tiles."""
    state = position({(4, 5): 1}, (1, 2), others={1: (3, 4)})
    assert GAME.legal_actions(state, 1) == ()
    assert refused(state, turn(((4, 6), 3), ((4, 7), 4)), seat=1).code == "not-your-turn"


def test_contract_non_placing_action_is_refused():
    """Zatre knows only placing tiles (rules/core.py: an action the rules do not allow
    raises RuleViolation and changes nothing)."""
    state = position({(4, 5): 1}, (1, 2))
    assert refused(state, "draw").code == "bad-action"


def test_contract_illegal_action_leaves_state_unchanged():
    """rules/core.py ``apply``: an illegal action raises RuleViolation "leaving nothing
    changed": afterwards a legal turn plays out exactly as from a fresh state."""
    state = position({(4, 5): 1}, (1, 2), others={1: (3,)})
    fresh = position({(4, 5): 1}, (1, 2), others={1: (3,)})
    for bad in (turn(((4, 6), 1)), turn(((9, 9), 1), ((4, 6), 2)), PlaceTiles(())):
        refused(state, bad)
    action = GAME.legal_actions(state, 0)[0]
    assert GAME.apply(state, 0, action) == GAME.apply(fresh, 0, action)


# ---- End of the Game: the last tile ---------------------------------------------


def test_end_of_game_after_turn_of_player_drawing_last_tile_even_if_only_one():
    """"End of the Game": the game is over when a player draws the last tile; he
    finishes his turn as usual, even if he drew only one tile."""
    state = position({(4, 5): 1}, (1,), others={1: ()}, bag=(0, 1, 0, 0, 0, 0))
    new, events = play(state, ((4, 6), 1))
    assert not GAME.is_over(new)
    assert new.current == 1 and new.hands[1] == (2,) and new.drawn == 1 and new.bag_count == 0
    assert not any(isinstance(e, GameEnded) for e in events)
    assert GAME.legal_actions(new, 1)
    end, events = GAME.apply(new, 1, GAME.legal_actions(new, 1)[0])
    assert GAME.is_over(end)
    assert isinstance(events[0], TurnPlayed) and events[0].record.seat == 1
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "last-tile"
    assert not any(isinstance(e, TilesDrawn) for e in events)
    assert GAME.active_seats(end) == frozenset()
    assert end.log[-1].seat == 1 and end.log[-1].drew == 1


def test_end_of_game_after_last_two_tiles_drawn():
    """"End of the Game": drawing the last two tiles ends the game after that turn."""
    state = position({(4, 5): 1}, (1,), seats=3, others={1: (), 2: ()}, bag=(0, 0, 2, 0, 0, 0))
    new, _ = play(state, ((4, 6), 1))
    assert new.current == 1 and new.hands[1] == (3, 3) and not GAME.is_over(new)
    end, _ = GAME.apply(new, 1, GAME.legal_actions(new, 1)[0])
    assert GAME.is_over(end) and end.current == 1


def test_end_of_game_last_tile_drawer_who_cannot_place_still_ends_the_game():
    """"End of the Game": the player who drew the last tile finishes his turn as usual,
    here laying nothing; then the game is over and his tiles are minus points."""
    state = position(WALL, (5, 5), others={1: ()}, bag=(0, 0, 0, 1, 0, 0))
    new, _ = pass_turn(state)
    assert new.current == 1 and new.hands[1] == (4,) and not GAME.is_over(new)
    end, events = pass_turn(new)
    assert GAME.is_over(end) and isinstance(events[-1], GameEnded)
    assert [s.total for s in GAME.result(end).scores] == [-10, -4]


def test_end_of_game_not_before_the_last_tile_is_drawn():
    """"End of the Game": only drawing the last tile ends the game; a player drawing
    nothing (he holds placeable tiles) does not."""
    state = position({(4, 5): 1}, (1,), others={1: (6, 6)}, bag=(0, 0, 0, 0, 1, 0))
    new, _ = play(state, ((4, 6), 1))
    assert new.drawn == 0 and new.bag_count == 1
    after, _ = GAME.apply(new, 1, GAME.legal_actions(new, 1)[0])
    assert not GAME.is_over(after) and after.current == 0 and after.bag_count == 0


def test_end_of_game_then_everything_is_refused_game_over():
    """"End of the Game": once over, nobody acts: no active seat, no legal actions,
    and any action is refused with "game-over"."""
    state = position({(4, 5): 1}, (1,), others={1: ()}, bag=(1, 0, 0, 0, 0, 0))
    state, _ = play(state, ((4, 6), 1))
    state, _ = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert GAME.is_over(state)
    assert GAME.active_seats(state) == frozenset()
    for seat in (0, 1):
        assert GAME.legal_actions(state, seat) == ()
        assert refused(state, PlaceTiles(()), seat=seat).code == "game-over"


# ---- End of the Game: the premature end -----------------------------------------


def test_premature_end_no_tile_laid_for_a_round_then_one_tile_a_turn():
    """"End of the Game", second paragraph / ruling 7: if no tile can be placed for a
    whole round, players draw the remaining tiles one at a time, in turn, until the
    bag is empty; the one drawing the last finishes his turn; unplaced tiles are
    minus points (Scoring rule 10)."""
    state = position(WALL, (1, 2), others={1: ()}, bag=(0, 0, 0, 0, 5, 0))
    state, events = pass_turn(state)                 # seat 0 lays nothing
    assert not state.blocked and events[-1].count == 2     # seat 1 draws as usual
    state, events = pass_turn(state)                 # seat 1 lays nothing: a round
    assert state.blocked
    assert any(isinstance(e, PrematureEnd) for e in events)
    draws = [events[-1].count]
    for _ in range(10):  # 3 tiles left: the game must be over well before this
        if GAME.is_over(state):
            break
        state, events = pass_turn(state)
        draws += [e.count for e in events if isinstance(e, TilesDrawn)]
        assert not any(isinstance(e, PrematureEnd) for e in events), "announced once"
    assert draws == [1, 1, 1]
    assert isinstance(events[-1], GameEnded) and state.bag_count == 0
    assert state.hands == ((1, 2, 5, 5), (5, 5, 5))
    assert [s.total for s in GAME.result(state).scores] == [-13, -15]
    assert dict(GAME.result(state).scores[0].parts)["minus points"] == -13


def test_premature_end_one_tile_a_turn_even_with_nothing_held():
    """Ruling 7: during the premature end the bag is dealt one tile a turn, also to a
    player with nothing in front of him (instead of the usual two)."""
    state = position(WALL, (6,), others={1: ()}, bag=(0, 0, 0, 0, 0, 9), passes=1)
    state, events = pass_turn(state)
    assert state.blocked and state.current == 1
    assert state.drawn == 1 and state.hands[1] == (6,)


def test_premature_end_needs_a_whole_round():
    """Ruling 7: "no player can place any tile for a whole round": with three players,
    two turns laying nothing followed by a placed tile is no premature end."""
    state = position(ELEVENS, (6, 6), seats=3, others={1: (), 2: (1,)}, bag=(0, 0, 0, 0, 0, 9))
    state, _ = pass_turn(state)              # seat 0 cannot place its 6s
    state, _ = pass_turn(state)              # seat 1 draws two 6s, cannot place either
    assert not state.blocked and state.current == 2 and state.hands[2] == (1, 6)
    state, events = GAME.apply(state, 2, GAME.legal_actions(state, 2)[0])
    assert state.log[-1].placements and not state.blocked
    assert not any(isinstance(e, PrematureEnd) for e in events)
    assert state.passes == 0


def test_premature_end_still_places_tiles_that_fit():
    """Ruling 7 with rule 5: during the premature end a drawn tile that fits must
    still be placed (only unplaceable tiles stay and count as minus points)."""
    state = position(ELEVENS, (6,), others={1: ()}, bag=(3, 0, 0, 0, 0, 0), passes=1)
    state, _ = pass_turn(state)
    assert state.blocked and state.hands[1] == (1,)
    assert all(len(a.placements) == 1 for a in GAME.legal_actions(state, 1))
