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
    assert new.current == 1 and new.hands[1] == (2,) and new.drawn[1] == 1 and new.bag_count == 0
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
    here laying nothing; then the game is over and his tiles are minus points. (Beside
    a block of 11s only a 1 would fit.)"""
    state = position(ELEVENS, (5, 5), others={1: ()}, bag=(0, 0, 0, 1, 0, 0))
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
    assert new.drawn[new.current] == 0 and new.bag_count == 1
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


def test_premature_end_when_no_tile_fits_anywhere():
    """"End of the Game", second paragraph: "if no more tiles can be placed", players
    draw the remaining tiles in turns, one after another, until the bag is empty, and
    every unplaceable tile counts as minus points (Scoring rule 10; ruling 7: no tile
    of any value fits anywhere, the bag dealt in turn order). Around a 2x2
    block of 6s no tile fits: after seat 0's turn the bag (five 5s) is dealt one at a
    time from seat 1 on and the game is over."""
    state = position(WALL, (1, 2), others={1: ()}, bag=(0, 0, 0, 0, 5, 0))
    state, events = pass_turn(state)
    kinds = [type(e) for e in events]
    assert kinds == [TurnPlayed, PrematureEnd, *[TilesDrawn] * 5, GameEnded]
    assert [(e.seat, e.count) for e in events if isinstance(e, TilesDrawn)] == [
        (1, 1), (0, 1), (1, 1), (0, 1), (1, 1)]
    assert GAME.is_over(state) and state.blocked and state.bag_count == 0
    assert events[-1].reason == "no-tile-fits"
    assert state.hands == ((1, 2, 5, 5), (5, 5, 5))
    assert [s.total for s in GAME.result(state).scores] == [-13, -15]
    assert dict(GAME.result(state).scores[0].parts)["minus points"] == -13


def test_no_premature_end_while_some_tile_fits():
    """"End of the Game": the early end needs a board where "no more tiles can be
    placed" (ruling 7: a round in which players merely hold tiles that do not fit is
    no end). Next to a block of 11s a 1 still fits, so a whole round of players who
    hold only 6s is no end: play goes on and the next player draws as usual
    (Exception to Rule No. 5: nothing held, draw two)."""
    state = position(ELEVENS, (6, 6), seats=3, others={1: (), 2: (6,)}, bag=(0, 0, 0, 0, 0, 9))
    state, _ = pass_turn(state)              # seat 0 cannot place its 6s
    assert state.current == 1 and state.drawn[1] == 2
    state, _ = pass_turn(state)              # seat 1 draws two 6s, cannot place either
    state, events = pass_turn(state)         # seat 2 draws one more 6: a whole round
    assert not state.blocked and not GAME.is_over(state)
    assert not any(isinstance(e, PrematureEnd) for e in events)
    assert state.current == 0 and state.drawn[0] == 1  # two held, none placeable: draw 1


def test_premature_end_drawn_tiles_are_hidden_from_others():
    """Exception to Rule No. 5: tiles in front of a player are face down; the tiles
    dealt at the premature end are shown only to the seat that gets them (and to all
    once the game is over, as minus points)."""
    state = position(WALL, (1, 2), others={1: ()}, bag=(0, 0, 0, 0, 5, 0))
    state, events = pass_turn(state)
    dealt = [e for e in events if isinstance(e, TilesDrawn)]
    assert all(GAME.project_event(e, 1 - e.seat).tiles == () for e in dealt)
    assert all(GAME.project_event(e, e.seat).tiles == (5,) for e in dealt)
    assert GAME.view(state, None).left_over == ((1, 2, 5, 5), (5, 5, 5))
