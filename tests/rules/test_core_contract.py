"""The contract's shared pieces (rules/core.py; issue 9 "Before the third table"):
options that describe themselves, and actions given as kinds with parameter bounds."""

from __future__ import annotations

import attrs
import pytest

from rules.core import (
    ActionKind, OneOf, SomeOf, Whole, action_class, kinds, listed, option, option_specs, permits,
    sample,
)
from rules.zatre.state import ZatreOptions


@attrs.frozen
class Opts:
    sex: str = option("choose", "how an adopted villager's sex is found", choices=("choose", "random"))
    extra: int = option(0, "extra Hard Times", choices=(0, 1, 2))
    start: int = option(0, "starting Zestre", lo=0, hi=20)
    timer: int = option(0, "seconds per window", lo=0, hi=600, unit="s", off=0)
    profi: bool = option(False, "hide hints")


def test_every_kind_of_option_is_described_and_checked():
    specs = {s.name: s for s in option_specs(Opts)}
    assert [s.kind for s in specs.values()] == ["choice", "choice", "whole", "whole", "yes-no"]
    assert specs["sex"].choices == ("choose", "random") and specs["sex"].default == "choose"
    assert specs["timer"].bounds() == "from 0 to 600" and specs["timer"].unit == "s"
    assert specs["extra"].parse("2") == 2 and specs["sex"].parse("Random") == "random"
    assert specs["timer"].parse("off") == 0 and specs["profi"].parse("on") is True
    for name, text in (("extra", "3"), ("sex", "both"), ("start", "-1"), ("start", "x"), ("profi", "maybe")):
        with pytest.raises(ValueError):
            specs[name].parse(text)
    with pytest.raises(ValueError, match="extra is one of 0, 1, 2"):
        attrs.evolve(Opts(), extra=5)  # the lobby's /option path refuses in words
    with pytest.raises(ValueError):
        Opts(start=21)


def test_older_options_classes_are_described_unchanged():
    """Zatre's plain bool fields read as yes/no options."""
    specs = option_specs(ZatreOptions)
    assert [(s.name, s.kind, s.default) for s in specs] == [
        ("profi", "yes-no", False), ("teams", "yes-no", False)]


@attrs.frozen
class Bid:
    amount: int
    kind: str = "bid"


@attrs.frozen
class Give:
    to: int
    cards: tuple[str, ...]
    kind: str = "give"


@attrs.frozen
class Pass:
    kind: str = "pass"


def test_action_kinds_bound_their_parameters():
    legal = (Pass(), ActionKind("bid", (Whole("amount", 3, 7),)),
             ActionKind("give", (OneOf("to", (1, 2)), SomeOf("cards", ("a", "b"), lo=1)),
                        checks="the cards are still held"))
    assert listed(legal) == (Pass(),) and len(kinds(legal)) == 2
    assert permits(legal, Pass()) and permits(legal, Bid(3)) and permits(legal, Bid(7))
    assert not permits(legal, Bid(2)) and not permits(legal, Bid(8))
    assert not permits(legal, Bid(True)) and not permits(legal, Bid(3.0))  # whole numbers only
    assert permits(legal, Give(1, ("b", "a")))
    assert not permits(legal, Give(3, ("a",)))
    assert not permits(legal, Give(1, ()))          # at least one
    assert not permits(legal, Give(1, ("a", "a")))  # distinct
    assert not permits(legal, Give(1, ["a"]))       # a tuple
    fixed = ActionKind("give", (SomeOf("cards", ("a",)),), fixed=(("to", 2),))
    assert fixed.bounds(Give(2, ("a",))) and not fixed.bounds(Give(1, ("a",)))


def test_sample_draws_an_action_within_bounds():
    import random

    kind = ActionKind("give", (OneOf("to", (1, 2)), SomeOf("cards", ("a", "b"), lo=1)))
    rnd = random.Random(3)
    for _ in range(20):
        action = sample(kind, Bid | Give | Pass, rnd)
        assert isinstance(action, Give) and kind.bounds(action)
    assert action_class(Bid | Give | Pass, "pass") is Pass


def test_words_name_players_by_seat_and_the_table_puts_names_in():
    """design.md "the game contract" (issue 9 item 3): the rules know no names, so their
    texts say "seat N" (1-based); with the seats' names at hand every such mention is
    told by name, and every game's ``describe`` takes the names."""
    import inspect

    from rules.core import named, seat_name
    from rules.registry import GAMES

    names = ("Ana", "Bogdan")
    assert (seat_name(1, names), seat_name(1), seat_name(4, names)) == ("Bogdan", "seat 2", "seat 5")
    assert named("seat 2 cannot pay 2 Zestre; waiting for seat 1", names) == (
        "Bogdan cannot pay 2 Zestre; waiting for Ana")
    assert named("seat 3 and seat 12 and seats 1", names) == "seat 3 and seat 12 and seats 1"
    assert named("seat 2 cannot pay", ()) == "seat 2 cannot pay"
    from rules.estate import GAME as ESTATE
    for game in (*GAMES.values(), ESTATE):
        assert "names" in inspect.signature(game.describe).parameters, game.name
