"""The team variant: zatre-board.txt "Variant for Advanced Players" ("with 4 or 6
players, you may also form pairs ... both players simultaneously draw two tiles each
... the results are noted on a common scoring sheet, one after the other"), as
rules/zatre/game.py reads it: partners are seats 0+1, 2+3, 4+5; each partner's placing
is a turn of its own, scored onto the team's sheet; the partners choose which of them
places first (reference/zatre.md ruling 12)."""

from __future__ import annotations

import attrs
import pytest

from rules.core import RuleViolation
from rules.zatre import (
    GAME, EasyBot, GameEnded, PlaceTiles, PrematureEnd, StrongBot, TeamOrder, TilesDrawn, TurnPlayed,
    ZatreOptions,
)
from rules.zatre import words
from rules.zatre.sheet import Sheet, SheetEntry
from tests.rules.zatre_support import board_of, refused, turn

TEAMS = ZatreOptions(teams=True)


def team_position(tiles: dict, hands: dict, *, seats: int = 4, current: int = 0,
                  after=(1,), bag=None, **changes):
    """A team game with ``tiles`` on the board, ``hands`` ``{seat: tiles}`` and
    ``current`` placing now, ``after`` still to place this team turn."""
    base = GAME.setup(TEAMS, seats, 1)
    held = tuple(tuple(hands.get(s, ())) for s in range(seats))
    return attrs.evolve(
        base, board=board_of(tiles), hands=held, current=current, after=tuple(after),
        drawn=tuple(len(h) for h in held), first_move=False,
        bag=tuple(bag) if bag is not None else base.bag, **changes)


@pytest.mark.parametrize("seats", [4, 6])
def test_setup_pairs_share_a_sheet_and_the_starter_places_first(seats):
    """"form pairs": one common scoring sheet per team; "The Game Begins": the starting
    player has three tiles for the red cell; his partner draws two at the same time
    and places after him."""
    for seed in range(12):
        state = GAME.setup(TEAMS, seats, seed)
        first, partner = state.current, state.current ^ 1
        assert len(state.sheets) == seats // 2
        assert len(state.hands[first]) == 3 and len(state.hands[partner]) == 2
        assert all(not h for s, h in enumerate(state.hands) if s not in (first, partner))
        assert state.after == (partner,)
        assert GAME.active_seats(state) == {first}
        assert GAME.legal_actions(state, partner) == ()


def test_both_partners_see_both_hands_and_opponents_neither():
    """"They may then discuss how to best place the tiles": a partner's tiles are in
    the view of the other partner, never in an opponent's or a spectator's."""
    state = team_position({(7, 7): 2}, {0: (3, 4), 1: (5, 6), 2: (1,)})
    assert GAME.view(state, 0).partner_hand == (5, 6)
    assert GAME.view(state, 1).partner_hand == (3, 4)
    assert GAME.view(state, 1).hand == (5, 6)
    assert GAME.view(state, 2).partner_hand == () and GAME.view(state, 3).partner_hand == (1,)
    spectator = GAME.view(state, None)
    assert spectator.hand == () and spectator.partner_hand == ()


def test_drawn_tiles_are_shown_to_the_partner_too():
    """"both players simultaneously draw two tiles each": each partner's draw is
    shown to both partners, blank to the other team."""
    state = team_position({(7, 7): 2}, {0: (), 1: (4,), 2: (), 3: ()}, current=1, after=())
    new, events = GAME.apply(state, 1, turn(((7, 8), 4)))
    draws = [e for e in events if isinstance(e, TilesDrawn)]
    assert [d.seat for d in draws] == [2, 3] and [d.count for d in draws] == [2, 2]
    for d in draws:
        assert GAME.project_event(d, 2).tiles == d.tiles == GAME.project_event(d, 3).tiles
        assert GAME.project_event(d, 0).tiles == () == GAME.project_event(d, None).tiles
    assert new.current == 2 and new.after == (3,)


def test_partner_places_second_once_the_order_is_settled():
    """"the results are noted ... one after the other": once the team's order is
    settled (here seat 0 first), the partner's placing before it is refused and changes
    nothing, and neither partner may change the order any more (ruling 12)."""
    state = team_position({(7, 7): 2}, {0: (3, 4), 1: (5, 6)})
    violation = refused(state, turn(((7, 8), 5)), seat=1)
    assert violation.code == "not-your-turn" and "partner" in violation.message
    assert refused(state, TeamOrder("partner-first")).code == "bad-action"
    assert TeamOrder("partner-first") not in GAME.legal_actions(state, 0)


def test_team_turn_results_go_on_the_common_sheet_one_after_the_other():
    """"the results are noted on a common scoring sheet, one after the other": the
    first partner's line of 10 then the second's line of 12 are both on team 0's
    sheet, as two turns; the partner draws nothing in between."""
    state = team_position({(7, 7): 2, (7, 8): 4}, {0: (4,), 1: (6, 6), 2: (), 3: ()})
    assert GAME.legal_actions(state, 1) == ()
    mid, events = GAME.apply(state, 0, turn(((7, 9), 4)))
    assert [type(e) for e in events] == [TurnPlayed]
    assert mid.current == 1 and mid.after == () and GAME.active_seats(mid) == {1}
    assert mid.hands[1] == (6, 6) and mid.sheets[0].tens == (1,)
    end, events = GAME.apply(mid, 1, turn(((6, 7), 6), ((6, 8), 6)))
    first, second = mid.log[-1], end.log[-1]
    assert first.seat == 0 and second.seat == 1
    assert end.sheets[0] == Sheet().write(first.entry).write(second.entry)
    assert end.sheets[1] == Sheet()
    assert second.entry.twelve == 4
    # then the next team: both partners draw, and both may choose who places first
    assert end.current == 2 and end.after == (3,) and end.choosing == (2, 3)
    assert GAME.active_seats(end) == {2, 3}


def test_six_players_the_turn_goes_team_by_team():
    """"4 or 6 players ... form pairs": with three teams the turn passes from team 2
    (seats 4, 5) back to team 0 (seats 0, 1)."""
    state = team_position({(7, 7): 1}, {4: (), 5: (1,)}, seats=6, current=5, after=())
    new, _ = GAME.apply(state, 5, turn(((7, 8), 1)))
    assert new.current == 0 and new.after == (1,)
    assert len(new.hands[0]) == 2 and len(new.hands[1]) == 2


def test_last_tile_the_team_finishes_its_turn():
    """"End of the Game": the game ends once the player who drew the last tile ends
    his turn; in a team turn both partners drew at once, so the team's turn is
    finished (the partner still places) before the game ends."""
    state = team_position({(7, 7): 1}, {1: (1,), 2: (), 3: ()}, current=1, after=(),
                          bag=(3, 0, 0, 0, 0, 0))
    state, events = GAME.apply(state, 1, turn(((7, 8), 1)))
    assert [d.count for d in events if isinstance(d, TilesDrawn)] == [2, 1]
    assert state.ending and state.bag_count == 0 and not state.over
    state, events = GAME.apply(state, 2, GAME.legal_actions(state, 2)[0])
    assert not state.over and state.current == 3
    state, events = GAME.apply(state, 3, GAME.legal_actions(state, 3)[0])
    assert state.over and events[-1] == GameEnded("last-tile")


def test_results_both_partners_share_the_team_score_and_win_together():
    """"compete against the other team(s)": the common sheet less both partners'
    left-over tiles ("Scoring" rule 10) is each partner's result; the best team's two
    partners are the winners."""
    sheet0 = Sheet().write(SheetEntry(twelve=8))
    state = team_position({(7, 7): 1}, {0: (2,), 1: (3,), 2: (), 3: (1,)},
                          sheets=(sheet0, Sheet()), over=True)
    result = GAME.result(state)
    totals = {s.seat: s.total for s in result.scores}
    assert totals == {0: 8 - 5, 1: 8 - 5, 2: -1, 3: -1}
    assert result.winners == {0, 1}
    assert any("minus: 2 + 3 = -5" in line for line in result.scores[0].breakdown)


def test_premature_end_in_a_team_turn_deals_from_the_waiting_partner():
    """"End of the Game": when no tile can be placed any more the rest of the bag is
    drawn in turn; mid team turn, the partner still to place draws first."""
    wall = {(2, 6): 6, (2, 7): 6, (3, 6): 6, (3, 7): 6, (4, 6): 0}
    state = team_position({k: v for k, v in wall.items() if v}, {0: (), 1: (2,)},
                          bag=(0, 0, 0, 0, 0, 2))
    assert GAME.legal_actions(state, 0) == (PlaceTiles(()),)
    state, events = GAME.apply(state, 0, PlaceTiles(()))
    dealt = [e for e in events if isinstance(e, TilesDrawn)]
    assert [d.seat for d in dealt] == [1, 2] and state.over and state.blocked
    # the event says the deal-out: two tiles, one each from the partner on (issue 8 §4)
    premature = next(e for e in events if isinstance(e, PrematureEnd))
    assert premature == PrematureEnd(bag=2, dealt=(0, 1, 1, 0), first=1)
    names = ("Ann", "Bob", "Cy", "Dee")
    assert "from Bob on: 1 to Bob, 1 to Cy" in words.event_text(premature, names)


def test_team_options_refuse_other_player_counts():
    """"If you want to play ZATRE with 4 or 6 players, you may also form pairs"."""
    with pytest.raises(ValueError):
        GAME.setup(TEAMS, 5, 0)
    with pytest.raises(RuleViolation):
        GAME.apply(team_position({(7, 7): 1}, {0: (1,)}), 2, turn(((7, 8), 1)))


def test_team_size_tells_a_lobby_to_keep_partners_together():
    """"Players sit next to each other in their teams": two consecutive seats per side
    in teams (seats 0+1, 2+3, 4+5 share a sheet), one otherwise (rules/core.py)."""
    assert GAME.team_size(TEAMS) == 2 and GAME.team_size(ZatreOptions()) == 1
    state = GAME.setup(TEAMS, 6, 0)
    assert len(state.sheets) == 6 // GAME.team_size(TEAMS)


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_what_a_turn_would_score_is_worked_on_the_common_sheet(seat):
    """"the results are noted on a common scoring sheet": the table's preview of a turn
    (rules/zatre/scoring.py ``preview``) adds to the seat's team's sheet, for every seat
    (seat 3 once read a sheet that does not exist, seat 1 the other team's)."""
    from rules.zatre.scoring import preview

    full = Sheet().write(SheetEntry(crosses=4))  # team 0's next 12 box is in a x2 row
    for _ in range(3):
        full = full.write(SheetEntry(ten=1, eleven=2, twelve=4))
    partner = seat ^ 1
    state = team_position({(7, 7): 2, (7, 8): 4}, {seat: (6,), partner: ()},
                          current=seat, after=() if seat % 2 else (partner,),
                          sheets=(full, Sheet()))
    action = turn(((7, 9), 6))
    assert action in GAME.legal_actions(state, seat)
    view = GAME.view(state, seat)
    forecast = preview(view, action.placements)
    new, _ = GAME.apply(state, seat, action)
    assert forecast.gain == new.log[-1].gain == (new.sheets[seat // 2].total()
                                                 - state.sheets[seat // 2].total())


# ---- ruling 12: the partners choose who places first ------------------------------

ORDER = {(7, 7): 4}
"""Ruling 12's example: the lower seat holds 5 and 2, the partner 6 and 4."""


def choosing_position(**changes):
    return team_position(ORDER, {0: (5, 2), 1: (6, 4)}, choosing=(0, 1), **changes)


def best_team_total(state, first: int) -> int:
    """The team's best sheet total when ``first`` places first, then the partner."""
    best = 0
    for action in GAME.legal_actions(state, first):
        if isinstance(action, PlaceTiles):
            mid, _ = GAME.apply(state, first, action)
            for reply in GAME.legal_actions(mid, mid.current):
                best = max(best, GAME.apply(mid, mid.current, reply)[0].sheets[0].total())
    return best


def test_ruling12_either_partner_may_place_first():
    """Ruling 12: "They may then discuss how to best place the tiles" leaves the order to
    the team: at the start of its placing both partners may act; whoever lays tiles
    places first, and the other then places."""
    state = choosing_position()
    assert GAME.active_seats(state) == {0, 1}
    assert TeamOrder("partner-first") in GAME.legal_actions(state, 1)
    mid, _ = GAME.apply(state, 1, turn(((7, 8), 4), ((8, 7), 6)))
    assert mid.current == 0 and mid.after == () and mid.choosing == ()
    assert GAME.active_seats(mid) == {0} and GAME.legal_actions(mid, 1) == ()
    assert all(isinstance(a, PlaceTiles) for a in GAME.legal_actions(mid, 0))
    assert GAME.view(mid, 0).current == 0


def test_ruling12_the_team_gets_20_with_the_partner_first_not_12():
    """Ruling 12's example (issue 8 §3): board {(7,7): 4}, the lower seat holding 5 and
    2, the partner 6 and 4: the team's best is 12 points with the lower seat first and
    20 the other way, and the team can get those 20 by letting the partner go first."""
    state = choosing_position()
    assert best_team_total(state, 0) == 12
    assert best_team_total(state, 1) == 20
    swapped, events = GAME.apply(state, 0, TeamOrder("partner-first"))
    assert events == () and swapped.current == 1 and swapped.after == (0,)
    assert GAME.active_seats(swapped) == {1} and swapped.choosing == ()
    mid, _ = GAME.apply(swapped, 1, turn(((7, 8), 4), ((8, 7), 6)))
    end, _ = GAME.apply(mid, 0, turn(((6, 7), 2), ((8, 8), 5)))
    assert end.sheets[0].total() == 20 and [r.seat for r in end.log[-2:]] == [1, 0]


def test_ruling12_leaving_the_choice_to_the_partner():
    """Ruling 12, "a bot partner lets a human partner choose": ``partner-chooses``
    hands the choice to the partner alone, who may place first or let the other place
    first; the choice cannot be handed back."""
    state = choosing_position()
    left, _ = GAME.apply(state, 0, TeamOrder("partner-chooses"))
    assert GAME.active_seats(left) == {1} and left.choosing == (1,) and left.current == 1
    legal = GAME.legal_actions(left, 1)
    assert TeamOrder("partner-first") in legal and TeamOrder("partner-chooses") not in legal
    assert refused(left, TeamOrder("partner-chooses"), seat=1).code == "bad-action"
    assert refused(left, TeamOrder("partner-first"), seat=0).code == "not-your-turn"
    back, _ = GAME.apply(left, 1, TeamOrder("partner-first"))
    assert back.current == 0 and back.after == (1,) and GAME.active_seats(back) == {0}
    view = GAME.view(left, 0)
    assert view.choosing == (1,) and view.after == (0,)


def test_ruling12_no_choice_on_the_first_move():
    """Ruling 4 with ruling 12: on the very first move the starting player places first
    (his three tiles must cover the red cell); the partners choose from the next team
    turn on."""
    state = GAME.setup(TEAMS, 4, 0)
    assert state.choosing == () and GAME.active_seats(state) == {state.current}
    assert all(isinstance(a, PlaceTiles) for a in GAME.legal_actions(state, state.current))


@pytest.mark.parametrize("bot", [EasyBot, StrongBot])
def test_ruling12_a_bot_leaves_the_choice_to_its_partner(bot):
    """Ruling 12: "a bot partner lets a human partner choose": while its partner may
    still choose, a bot leaves the choice to it (whichever seat it sits in)."""
    import random

    state = choosing_position()
    for seat in (0, 1):
        action = bot().choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(1))
        assert action == TeamOrder("partner-chooses")


def test_ruling12_a_strong_bot_left_the_choice_lets_its_partner_first_for_20():
    """Ruling 12, a team of two bots chooses by its own evaluation: left the choice,
    the strong bot in the lower seat lets its partner place first (the team's 20, not
    12); in the partner's seat it places first."""
    import random

    left, _ = GAME.apply(choosing_position(), 1, TeamOrder("partner-chooses"))
    assert StrongBot().choose(GAME.view(left, 0), GAME.legal_actions(left, 0),
                              random.Random(1)) == TeamOrder("partner-first")
    other, _ = GAME.apply(choosing_position(), 0, TeamOrder("partner-chooses"))
    action = StrongBot().choose(GAME.view(other, 1), GAME.legal_actions(other, 1), random.Random(1))
    assert isinstance(action, PlaceTiles) and sorted(p.tile for p in action.placements) == [4, 6]


def test_ruling12_no_order_to_choose_without_teams():
    """Ruling 12 is the team variant's: a TeamOrder at a table without teams is refused
    in words that do not speak of a team (a player-tester's report)."""
    state = GAME.setup(ZatreOptions(), 2, 3)
    seat = next(iter(GAME.active_seats(state)))
    with pytest.raises(RuleViolation, match="played without teams") as refused_:
        GAME.apply(state, seat, TeamOrder("partner-first"))
    assert "Variant for Advanced Players" in refused_.value.rule
