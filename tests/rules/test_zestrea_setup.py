"""Zestrea: options, setup and views (rulebook "Setup"; reference Z-F1-Z-F5, Z-R1-Z-R3,
§3.10, §8)."""

from __future__ import annotations

import attrs
import cattrs
import pytest

from rules.core import option_specs
from rules.zestrea import game
from rules.zestrea.cards import GOOD_IDS, HARD_IDS, sex
from rules.zestrea.state import ZestreaOptions, ZestreaState
from tests.rules.zestrea_support import seen_by, villager_count

OPTIONS = ZestreaOptions()


def test_options_describe_themselves():
    """§8 and §3.9: extra_hard_times 0|1|2, adoption_sex choose|random, starting_zestre
    from 0, the four timers in seconds (0 = off), all off or 0 by default."""
    specs = {s.name: s for s in option_specs(ZestreaOptions)}
    assert specs["extra_hard_times"].kind == "choice" and specs["extra_hard_times"].choices == (0, 1, 2)
    assert specs["adoption_sex"].choices == ("choose", "random") and specs["adoption_sex"].default == "choose"
    assert specs["starting_zestre"].kind == "whole" and specs["starting_zestre"].lo == 0
    for name in ("negotiation_timeout_s", "window_timeout_s", "prompt_timeout_s", "auction_timeout_s"):
        assert specs[name].unit == "s" and specs[name].off == 0 and specs[name].default == 0
    with pytest.raises(ValueError):
        attrs.evolve(OPTIONS, extra_hard_times=3)
    with pytest.raises(ValueError):
        attrs.evolve(OPTIONS, adoption_sex="both")


@pytest.mark.parametrize("seats", [2, 7])
def test_three_to_six_boyars(seats):
    """Z-F1: 3 to 6 players."""
    assert game.seat_counts(OPTIONS) == (3, 4, 5, 6)
    with pytest.raises(ValueError):
        game.setup(OPTIONS, seats, 1)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_each_boyar_starts_with_a_couple_and_three_land(seats):
    """Z-F3, Z-R1: 0 Zestre, 3 Land, one Lad+Maiden Couple drawn from the supply; a
    Boyar card each, all different (Z-F1); villagers conserved (Z-F2, Z-R11)."""
    state, events = game.setup_with_events(OPTIONS, seats, 7)
    assert len(set(state.boyars)) == seats and set(state.boyars) <= set(range(1, 7))
    for e in state.estates:
        assert e.land == 3 and len(e.couples) == 1 and not e.babies
        c = e.couples[0]
        assert (sex(c.stayed), sex(c.moved)) == ("lad", "maiden")
    assert villager_count(state) == 84
    starts = [e for e in events if getattr(e, "how", None) == "start"]
    assert len(starts) == 2 * seats
    # turn 1 is Good Times I: each Boyar drew 1 Fate card (Z-F36), so Zestre is 0 until
    # Production; the 35 Fate cards are all still deck + hands, the Fate deck and the
    # villager supply being the State's (Z-F5)
    assert all(e.zestre == 0 for e in state.estates)
    assert len(state.fate_deck) + sum(len(e.hand) for e in state.estates) == 35


def test_starting_zestre_option():
    """Z-R1: option starting_zestre."""
    state = game.setup(attrs.evolve(OPTIONS, starting_zestre=4), 3, 2)
    assert [e.zestre for e in state.estates] == [4, 4, 4]


@pytest.mark.parametrize("extra", [0, 1, 2])
def test_time_stack(extra):
    """Z-F4, Z-R2, Z-F8: Good Times I, II, III on top in that order, then 5 (+extra)
    different Hard Times drawn at random; the game lasts 8 (9, 10) turns."""
    state = game.setup(attrs.evolve(OPTIONS, extra_hard_times=extra), 4, 11)
    assert state.turn == 1 and state.time_card == "G1" and state.time_revealed == ("G1",)
    assert state.time_stack[:2] == GOOD_IDS[1:]
    hard = state.time_stack[2:]
    assert len(hard) == 5 + extra and len(set(hard)) == len(hard) and set(hard) <= set(HARD_IDS)
    assert state.turn + len(state.time_stack) == 8 + extra
    drawn = {game.setup(OPTIONS, 4, seed).time_stack[2:] for seed in range(20)}
    assert len(drawn) > 15  # random draws, not a fixed set


def test_setup_is_deterministic_per_seed():
    """design.md: a seed replays a game exactly."""
    assert game.setup(OPTIONS, 5, 3) == game.setup(OPTIONS, 5, 3)
    assert game.setup(OPTIONS, 5, 3) != game.setup(OPTIONS, 5, 4)


def test_start_player_moves_clockwise():
    """Z-R3: in turn t the start player is seat (t - 1) mod n, and ordered things go
    clockwise from it."""
    state = game.setup(OPTIONS, 4, 1)
    for turn, first in ((1, 0), (2, 1), (4, 3), (5, 0)):
        s = attrs.evolve(state, turn=turn)
        assert s.start_player == first
        assert s.order() == tuple((first + k) % 4 for k in range(4))


def test_state_round_trips_through_cattrs():
    converter = cattrs.Converter()
    state = game.setup(OPTIONS, 6, 5)
    assert converter.structure(converter.unstructure(state), ZestreaState) == state


def test_views_hide_hands_decks_and_the_time_stack():
    """§3.10: a seat sees its own hand only; nobody (spectators included) sees another
    hand, the order of the Fate deck or the Time stack, which Hard Times are out of
    the game, or the RNG. Z-R23: hand counts are public."""
    state, events = game.setup_with_events(OPTIONS, 4, 9)
    unrevealed = set(state.time_stack) - set(GOOD_IDS)
    out_of_game = set(HARD_IDS) - set(state.time_stack)
    for seat in (None, 0, 1, 2, 3):
        text = seen_by(state, events, seat)
        for other in range(4):
            for card in state.estates[other].hand:
                assert (card in text) == (other == seat), (seat, other, card)
        for card in state.fate_deck:
            assert card not in text
        for hard in unrevealed | out_of_game:
            assert f'"{hard}"' not in text
        assert str(state.rng.state) not in text and '"rng"' not in text
        v = game.view(state, seat)
        assert [e.hand_count for e in v.estates] == [1, 1, 1, 1]
        assert v.time_left == 7 and v.fate_deck_count == 31
        assert v.supply_lads + v.supply_maidens == 84 - 8


def test_the_view_has_no_field_for_hidden_things():
    """design.md: hidden things have no field in the view type."""
    names = {f.name for f in attrs.fields(game.ZestreaView)}
    assert not names & {"rng", "fate_deck", "time_stack", "supply"}
    assert {"fate_deck_count", "time_left", "supply_lads", "supply_maidens", "hand"} <= names
