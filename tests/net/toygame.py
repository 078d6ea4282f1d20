"""Secret Numbers: a tiny game for testing the host, in which every seat acts at once.

Each round every seat secretly picks a number from 1 to ``top`` (1, 2 or 3 by default). A pick stays hidden from the other
seats (and spectators) until everyone has picked; then all picks are revealed and each
seat whose pick nobody else made scores its pick in points. After ``rounds`` rounds
the highest total wins.

``ToyOptions.faulty_pick``: picking that number makes ``apply`` raise ``RuntimeError``
(a stand-in for a bug in a game), to prove the host survives it.

Its options describe themselves (rules.core ``option``): ``rounds`` and ``top`` are
whole numbers with bounds, ``picks`` a choice: ``listed`` lists every pick as a legal
action, ``kind`` gives one :class:`rules.core.ActionKind` "pick a number from 1 to top"
(issue 9: games whose actions cannot all be listed).
"""

from __future__ import annotations

import threading
from typing import Literal, Sequence

import attrs

from rules.core import ActionKind, Result, RuleViolation, Seat, SeatScore, Whole, listed, option, sample

NUMBERS = (1, 2, 3)


@attrs.frozen
class ToyOptions:
    rounds: int = option(3, "rounds to play", lo=1, hi=10_000)
    faulty_pick: int | None = None
    top: int = option(3, "the highest number a seat may pick", lo=2, hi=99)
    picks: str = option("listed", "legal picks listed one by one, or as one kind of action",
                        choices=("listed", "kind"))


@attrs.frozen
class Pick:
    number: int
    kind: Literal["pick"] = "pick"


@attrs.frozen
class ToyState:
    options: ToyOptions
    seats: int
    round: int  # 0-based; == options.rounds once over
    picks: tuple[int | None, ...]
    scores: tuple[int, ...]
    history: tuple[tuple[int, ...], ...] = ()


@attrs.frozen
class Picked:
    """``seat`` picked; ``number`` is ``None`` for anyone but that seat."""

    seat: Seat
    number: int | None


@attrs.frozen
class Revealed:
    round: int
    picks: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class ToyView:
    """Public: round, scores, who has picked, past rounds. Private: ``my_pick``."""

    seat: Seat | None
    round: int
    scores: tuple[int, ...]
    picked: frozenset[Seat]
    my_pick: int | None
    history: tuple[tuple[int, ...], ...]


class RandomBot:
    """A listed pick at random, or one drawn within the kind's bounds (core.sample)."""

    def choose(self, view: ToyView, legal_actions: Sequence[Pick], rng) -> Pick:
        whole = listed(legal_actions)
        return rng.choice(list(whole)) if whole else sample(legal_actions[0], Pick, rng)


class HighBot:
    def choose(self, view: ToyView, legal_actions: Sequence[Pick], rng) -> Pick:
        whole = listed(legal_actions)
        if not whole:
            return Pick(legal_actions[0].params[0].hi)
        return max(whole, key=lambda a: a.number)


class RaisingBot:
    def choose(self, view: ToyView, legal_actions: Sequence[Pick], rng) -> Pick:
        raise ZeroDivisionError("a bot bug")


class CheatingBot:
    def choose(self, view: ToyView, legal_actions: Sequence[Pick], rng) -> Pick:
        return Pick(99)


class GatedBot:
    """Blocks its worker thread until ``GatedBot.gate`` is set (at most 10 s)."""

    gate = threading.Event()
    thinking = threading.Event()

    def choose(self, view: ToyView, legal_actions: Sequence[Pick], rng) -> Pick:
        GatedBot.thinking.set()
        GatedBot.gate.wait(timeout=10)
        return listed(legal_actions)[0]


class SecretNumbers:
    name = "secret-numbers"
    title = "Secret Numbers"
    min_seats = 2
    max_seats = 4
    options_type = ToyOptions
    state_type = ToyState
    action_type = Pick
    view_type = ToyView
    event_type = Picked | Revealed
    bots = {
        "random": RandomBot,
        "high": HighBot,
        "raising": RaisingBot,
        "cheating": CheatingBot,
        "gated": GatedBot,
    }

    def seat_counts(self, options: ToyOptions) -> tuple[int, ...]:
        return (2, 3, 4)

    def team_size(self, options: ToyOptions) -> int:
        return 1

    def describe(self, name: str, action: Pick, events: Sequence[object] = ()) -> str:
        return f"{name} picked a number"

    def setup(self, options: ToyOptions, seats: int, seed: int) -> ToyState:
        return ToyState(options, seats, 0, (None,) * seats, (0,) * seats)

    def is_over(self, state: ToyState) -> bool:
        return state.round >= state.options.rounds

    def active_seats(self, state: ToyState) -> frozenset[Seat]:
        if self.is_over(state):
            return frozenset()
        return frozenset(s for s, p in enumerate(state.picks) if p is None)

    def legal_actions(self, state: ToyState, seat: Seat) -> tuple[Pick | ActionKind, ...]:
        if seat not in self.active_seats(state):
            return ()
        top = state.options.top
        if state.options.picks == "kind":
            return (ActionKind("pick", (Whole("number", 1, top),)),)
        return tuple(Pick(n) for n in range(1, top + 1))

    def apply(self, state: ToyState, seat: Seat, action: Pick):
        if self.is_over(state):
            raise RuleViolation("game-over", "The game is over.")
        if seat not in self.active_seats(state):
            raise RuleViolation("already-picked", "You have already picked this round.")
        top = state.options.top
        if not isinstance(action, Pick) or not 1 <= action.number <= top:
            raise RuleViolation("out-of-range", f"Pick a whole number from 1 to {top}.", "Secret Numbers, rule 1")
        if action.number == state.options.faulty_pick:
            raise RuntimeError("the toy game's deliberate bug")
        picks = state.picks[:seat] + (action.number,) + state.picks[seat + 1 :]
        events: list[Picked | Revealed] = [Picked(seat, action.number)]
        if None in picks:
            return attrs.evolve(state, picks=picks), tuple(events)
        revealed = tuple(p for p in picks if p is not None)
        scores = tuple(
            score + (pick if revealed.count(pick) == 1 else 0)
            for score, pick in zip(state.scores, revealed)
        )
        events.append(Revealed(state.round, revealed, scores))
        new_state = attrs.evolve(
            state,
            round=state.round + 1,
            picks=(None,) * state.seats,
            scores=scores,
            history=state.history + (revealed,),
        )
        return new_state, tuple(events)

    def view(self, state: ToyState, seat: Seat | None) -> ToyView:
        return ToyView(
            seat=seat,
            round=state.round,
            scores=state.scores,
            picked=frozenset(s for s, p in enumerate(state.picks) if p is not None),
            my_pick=None if seat is None else state.picks[seat],
            history=state.history,
        )

    def project_event(self, event: Picked | Revealed, seat: Seat | None):
        if isinstance(event, Picked) and event.seat != seat:
            return Picked(event.seat, None)
        return event

    def result(self, state: ToyState) -> Result:
        best = max(state.scores)
        return Result(
            scores=tuple(
                SeatScore(s, total, breakdown=tuple(f"round {r + 1}: picked {picks[s]}"
                                                    for r, picks in enumerate(state.history)))
                for s, total in enumerate(state.scores)
            ),
            winners=frozenset(s for s, total in enumerate(state.scores) if total == best),
        )


GAME = SecretNumbers()
