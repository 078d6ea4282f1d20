"""A saved game, step by step (``parlour replay FILE``), for every game: its table
read-only, as a spectator saw it after each move; ←/→ step, Home/End jump, ``r`` the
results. A game's replay screen is ``class ReplayScreen(ReplayTable, TableScreen)``
(tui/zatre/replay.py, tui/zatre_cards/replay.py)."""

from __future__ import annotations

from typing import Any, Callable, ClassVar

import attrs
from textual.binding import Binding

from net.saves import Replay
from net.table import Outcome, Snapshot, takeovers_from_log, timed_out

from .game_table import GameTableScreen


def replay_snapshots(replay: Replay) -> list[Snapshot]:
    """A spectator's snapshot after each step of ``replay`` (the setup first).
    Raises :class:`net.saves.SaveError` if an action does not replay."""
    game, data = replay.game, replay.data
    took = takeovers_from_log(data.log, data.bots)  # a table fact the save's log shows
    snaps = []
    for i, step in enumerate(replay):
        over = game.is_over(step.state)
        events = tuple(game.project_event(e, None) for e in step.events)
        snaps.append(Snapshot(
            version=step.version, seat=None, view=step.view(None), legal_actions=(),
            active_seats=frozenset(game.active_seats(step.state)) if not over else frozenset(),
            events=events, names=tuple(data.names), bots=tuple(data.bots), over=over,
            result=game.result(step.state) if over else None,
            bot_took=tuple(attrs.evolve(t, until=None if t.until is None or t.until >= step.version
                                        else t.until) for t in took if t.since < step.version),
            timed_out=timed_out(data.log[i - 1]) if i else None,  # the step's action id says
        ))
    return snaps


class Still:
    """A spectator's link that never changes (a replay table's story)."""

    seat = None

    def __init__(self, snap: Snapshot) -> None:
        self._snap = snap

    def snapshot(self) -> Snapshot:
        return self._snap

    def listen(self, listener: Callable[[Snapshot], None]) -> Callable[[], None]:
        return lambda: None

    async def submit(self, action: Any) -> Outcome:
        return Outcome("", False, "replay", "This is a replay.")


class ReplayTable(GameTableScreen):
    """``snaps`` from :func:`replay_snapshots`; ``title`` names the game shown;
    ``leave`` is called on leaving; ``ended``: how the game ended when the rules did not
    (:func:`net.saves.ended_text`: ``"The host ended the game after move 20."``), said at
    its last move (tester 6, finding 5). The game's table sets :attr:`hand_id`.

    ``h`` and ``l`` step as the cursor's letters do at a Zatre table; a game whose
    table binds one of these letters to what a replay still does (Estate's ``h``, the
    Hand page) binds it back in its replay, so that the keys and the footer agree
    (tests/tui/test_replay_keys.py checks every game's replay)."""

    BINDINGS = [  # priority: they step the replay wherever the focus is (a panel's own
        # Home and End would only scroll it)
        Binding("left,h", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right,l,space", "step(1)", "Forward", key_display="→", priority=True),
        Binding("home,g", "jump(0)", "Start", priority=True),
        Binding("end,G", "jump(-1)", "End", priority=True),
    ]

    hand_id: ClassVar[str] = "#hand"
    status_says_over: ClassVar[bool] = False
    """Whether the game's status line says "game over" itself (Zestrea's step)."""
    """The game table's hand widget (it has a ``note``)."""

    def __init__(self, snaps: list[Snapshot], title: str = "", leave: Callable[[], None] | None = None,
                 ended: str = "") -> None:
        super().__init__({}, story=Still(snaps[0]), pace=0, leave=leave)
        self.snaps = snaps
        self.index = 0
        self.title_text = title
        self.ended = ended
        self._results_shown = True  # r shows them; reaching the end does not

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.play_actions or action == "move":
            return False
        if action == "step":
            target = self.index + int(parameters[0])  # type: ignore[call-overload]
            return True if 0 <= target < len(self.snaps) else None
        return super().check_action(action, parameters)

    def action_step(self, step: int) -> None:
        self._go(self.index + step)

    def action_jump(self, index: int) -> None:
        self._go(index % len(self.snaps))

    def _go(self, index: int) -> None:
        if 0 <= index < len(self.snaps) and index != self.index:
            self.index = index
            self._forget_events()  # what the log tells from events, up to this step only
            for snap in self.snaps[:index + 1]:  # (from the setup: a log with no gap)
                self._note_events(snap)
            self._show(self.snaps[index])
            self.refresh_bindings()

    def action_leave(self) -> None:
        self.leave()

    def _turn_text(self) -> str:
        """``"Replay: move 12 of 60 · Friday"``: the table's name last, so that on a
        narrow line it is what gets cut (the status line cuts the turn's end); at the
        end ``", game over (r: results)"``, or only ``" (r: results)"`` where the
        status line says the game is over itself (player-tester 3, item 6); at the last
        move of a game the host ended, ``", ended by the host"``."""
        last = len(self.snaps) - 1
        where = "the setup" if self.index == 0 else f"move {self.index} of {last}{self.move_note()}"
        over = "" if self.status_says_over else ", game over"
        end = f"{over} (r: results)" if self.snap is not None and self.snap.over else ""
        if self._ended_here():
            end = ", ended by the host"
        title = f" · {self.title_text}" if self.title_text else ""
        return f"Replay: {where}{end}{title}"

    def move_note(self) -> str:
        """After the move number, what else numbers this move where it differs (Zatre's
        log numbers turns: ``" (turn 3 in the log)"``); default: nothing."""
        return ""

    def _update(self) -> None:
        super()._update()
        if self.snap is not None:
            hand: Any = self.query_one(self.hand_id)
            hand.note = "a replay: hands are not shown"

    def _ended_here(self) -> bool:
        """The last move of a game the host ended is shown."""
        return bool(self.ended) and self.index == len(self.snaps) - 1

    def _instructions(self) -> str:
        if self._ended_here():  # the last move: only the keys that still go somewhere,
            # so that the move's news keeps its line at 80x24
            return f"{self.ended} ← steps back, Home: the setup, q leaves."
        end = self._end_words()
        keys = "←/→ step through the game, Home/End: first/last move, q leaves."
        return f"{end} {keys}" if end else keys
