"""The Zatre table: board, hand, score sheets, move log, turn status and the keys.

Data flow: the table listens to its links (net.table.SeatLink). Every snapshot of the
"story" link (the spectator's, else a human seat's) goes through one queue, in version
order: turns by seats not at this keyboard are replayed one tile at a time at ``pace``
seconds per tile, then the version is shown from the view of the human seat whose turn
it is (or the last human seat during bot turns). In hotseat play a hand-over screen
hides the table whenever the keyboard passes to another human, and a player's hand
shows only during their own turn.

Tiles laid this turn are *pending*: local to this screen until the turn is confirmed and
sent as one ``PlaceTiles`` intent. Whether a tile may go somewhere is asked of the rules'
helpers (``check_partial``, ``legal_cells``); the host has the last word on confirm.
"""

from __future__ import annotations

import asyncio
from typing import Callable, Mapping

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer

from net.table import SeatLink, Snapshot
from rules.core import RuleViolation, Seat
from rules.zatre.board import RED_CELL, SIZE, Cell
from rules.zatre.placement import check_partial, explain_turn, legal_cells
from rules.zatre.scoring import TurnPreview, preview
from rules.zatre.state import Placement, PlaceTiles, TurnPlayed, ZatreView

from ..screens.game_table import GameTableScreen
from ..screens.handover import HandOverScreen
from .board import ZatreBoard, cell_kind
from .hand import HandTiles
from .message import TableMessage
from .movelog import MoveLog
from .results import ResultsScreen, headline
from .scores import ScoreStrip, SeatLine
from .sheet import ScoreSheet
from .status import TurnStatus
from .words import (hand_text, in_front, last_turn_text, log_line, preview_text, refusal_text,
                    seat_name, turns_since)

MOVE = Binding.Group("Move", compact=True)
PLAY_ACTIONS = {"choose", "cycle", "place", "take_back", "confirm", "next_hint"}
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
LEAVE_QUESTION = "Leave this game? It ends for everyone at this table."


def _without(hand: tuple[int, ...], pending: tuple[Placement, ...]) -> tuple[int, ...]:
    """``hand`` less one tile for each pending placement."""
    left = list(hand)
    for p in pending:
        if p.tile in left:
            left.remove(p.tile)
    return tuple(left)


class TableScreen(GameTableScreen):
    """One Zatre game at this keyboard.

    ``links``: a link per human seat at this keyboard (none: watching bots);
    ``story``: the link whose snapshots drive the table (defaults to the first human's);
    ``pace``: seconds per tile when replaying others' turns (``0``: at once);
    ``leave``: called when the player leaves the table (the app stops the host and
    goes back to the menu); ``leave_question``: what leaving asks first.
    """

    results_screen = ResultsScreen

    BINDINGS = [
        Binding("left,h", "move(0, -1)", "Left", group=MOVE),
        Binding("up,k", "move(-1, 0)", "Up", group=MOVE),
        Binding("down,j", "move(1, 0)", "Down", group=MOVE),
        Binding("right,l", "move(0, 1)", "Right", group=MOVE),
        Binding("1", "choose(0)", "Tile", key_display="1-9"),
        *[Binding(str(i + 1), f"choose({i})", f"Tile {i + 1}", show=False) for i in range(1, 9)],
        Binding("tab", "cycle(1)", "Next tile", show=False),
        Binding("shift+tab", "cycle(-1)", "Previous tile", show=False),
        Binding("enter", "place", "Place"),
        Binding("u,backspace", "take_back", "Undo"),
        Binding("c,space", "confirm", "Confirm"),
        Binding("n", "next_hint", "Next hint", show=False),
        Binding("s", "cycle_sheet", "Sheet"),
        Binding("r", "results", "Results"),
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(
        self,
        links: Mapping[Seat, SeatLink],
        story: SeatLink | None = None,
        pace: float = 0.4,
        leave: Callable[[], None] | None = None,
        leave_question: str = LEAVE_QUESTION,
    ) -> None:
        super().__init__()
        if story is None and not links:
            raise ValueError("a table needs a human seat's link or a spectator link")
        self.links = dict(links)
        self.story = story if story is not None else self.links[min(self.links)]
        self.pace = pace
        self._leave = leave
        self.leave_question = leave_question
        self.seat: Seat | None = None  # the human seat whose view is shown
        self._at_keyboard: Seat | None = None  # hotseat: who last said they were ready
        self.snap: Snapshot | None = None  # the snapshot shown
        self.pending: tuple[Placement, ...] = ()
        self.chosen: int | None = None
        self.cursor: Cell = RED_CELL
        self.sheet_seat = 0
        self.animating = False
        self.busy = False
        self._queue: list[Snapshot] = []
        self._seat_snaps: dict[Seat, dict[int, Snapshot]] = {seat: {} for seat in self.links}
        self._pumping = False
        self._stops: list[Callable[[], None]] = []
        self._error = ""
        self._news = ""
        self._hint_cache: tuple[object, frozenset[Cell]] | None = None
        self._turn_cache: tuple[object, TurnPreview, str] | None = None
        self._tick = 0
        self._results_shown = False
        self._allowed: tuple[bool | None, ...] = ()

    # ---- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TurnStatus(id="status")
        with Horizontal(id="table"):
            with Vertical(id="table-left"):
                board = ZatreBoard(id="board")
                board.border_title = "Zatre"
                yield board
                yield HandTiles(id="hand")
                yield TableMessage(id="message")
            with Vertical(id="table-right"):
                scores = ScoreStrip(id="scores")
                scores.border_title = "Scores"
                yield scores
                sheet = ScoreSheet(id="sheet")
                yield sheet
                log = MoveLog(id="log")
                log.border_title = "Log"
                yield log
        yield Footer()

    def on_mount(self) -> None:
        for seat, link in self.links.items():
            self._stops.append(link.listen(lambda snap, seat=seat: self._got_seat(seat, snap)))
            self._seat_snaps[seat][link.snapshot().version] = link.snapshot()
        self._stops.append(self.story.listen(self._got_story))
        self._queue.append(self.story.snapshot())
        self._start_pump()
        self.set_interval(0.15, self._spin)

    def _start_pump(self) -> None:
        if not self._pumping:
            self._pumping = True
            self.run_worker(self._pump(), group="feed", exit_on_error=False)

    async def _pump(self) -> None:
        try:
            while self._queue:
                await asyncio.sleep(0)  # let every link of this version be delivered
                story = self._queue.pop(0)
                if self.snap is not None and story.version <= self.snap.version:
                    continue
                if self.pace <= 0 and self._queue and self.snap is not None:
                    continue  # nothing to replay and a later version is already here
                await self._replay(story)
                if not await self._hand_over(story):
                    return  # the players left the game
                self._show(self._seat_view(story))
        except Exception as err:  # never a traceback at the table: say it, keep the app
            self.log.error("table feed failed", err)
            self.notify(f"The table could not show the latest move: {err}", severity="error")
        finally:
            self._pumping = False

    async def _replay(self, story: Snapshot) -> None:
        """Lay the tiles of turns played elsewhere (bots) one at a time."""
        if self.snap is None or self.pace <= 0:
            return
        board = self.query_one(ZatreBoard)
        for event in story.events:
            if not isinstance(event, TurnPlayed) or event.record.seat in self.links:
                continue
            record = event.record
            self.animating = True
            self._news = f"{seat_name(story.names, story.bots, record.seat)} is laying tiles…"
            self._error = ""
            self._update()
            tiles = dict(board.tiles)
            laid: list[Cell] = []
            board.pending, board.hints = (), frozenset()
            for placement in record.placements:
                await asyncio.sleep(self.pace)
                tiles[placement.cell] = placement.tile
                laid.append(placement.cell)
                board.tiles, board.recent = dict(tiles), frozenset(laid)
            await asyncio.sleep(self.pace)
        self.animating = False

    async def _hand_over(self, story: Snapshot) -> bool:
        """Choose whose view to show; in hotseat play hide the table between players.
        ``False``: the players chose to leave instead."""
        active = next(iter(story.active_seats), None)
        target = self.seat
        if active in self.links:
            target = active
        elif target is None and self.links:
            target = min(self.links)  # a bot opens the game: this seat's view meanwhile
        if target is None:
            return True
        if len(self.links) > 1 and active == target and target != self._at_keyboard:
            note = "\n".join(turns_since(story, target))
            cover = HandOverScreen(story.names[target], note, self.leave_question)
            if not await self.app.push_screen_wait(cover):
                self.leave()
                return False
            self._at_keyboard = target
        if target != self.seat:
            self.seat = target
            self.sheet_seat = target
        return True

    def _seat_view(self, story: Snapshot) -> Snapshot:
        """The snapshot of the shown seat at ``story``'s version (else ``story``)."""
        for snaps in self._seat_snaps.values():
            for version in [v for v in snaps if v < story.version]:
                del snaps[version]
        if self.seat is None:
            return story
        return self._seat_snaps[self.seat].get(story.version, story)

    def _show(self, snap: Snapshot) -> None:
        """Show ``snap``: a new version clears this turn's pending tiles."""
        if self.snap is None or snap.version != self.snap.version:
            self.pending = ()
            self._error = ""
            self.chosen = 0 if snap.view.hand else None
        self.snap = snap
        self.animating = False
        self._update()
        if snap.over and not self._results_shown:
            self._results_shown = True
            self.app.push_screen(ResultsScreen(snap))

    # ---- what the player may do -----------------------------------------------------

    @property
    def view(self) -> ZatreView | None:
        return self.snap.view if self.snap is not None else None

    @property
    def hand_left(self) -> tuple[int, ...]:
        """Tiles in hand not laid this turn."""
        return _without(self.view.hand, self.pending) if self.view is not None else ()

    @property
    def my_turn(self) -> bool:
        """The shown seat is to play, and nothing is being replayed or sent."""
        snap = self.snap
        return (snap is not None and snap.seat is not None and snap.seat in snap.active_seats
                and bool(snap.legal_actions) and not self.animating and not self.busy
                and not self._queue)

    @property
    def must_keep(self) -> bool:
        """No tile can be laid: the only legal turn is the empty one."""
        return self.snap is not None and self.snap.legal_actions == (PlaceTiles(()),)

    @property
    def to_place(self) -> int:
        """How many tiles this turn lays (every legal turn lays as many)."""
        return len(self.snap.legal_actions[0].placements) if self.my_turn else 0

    def hints(self) -> frozenset[Cell]:
        """Cells where the chosen tile may go (none in ``profi`` or when not our turn)."""
        view = self.view
        if (view is None or view.options.profi or not self.my_turn or self.chosen is None
                or self.chosen >= len(self.hand_left)):
            return frozenset()
        tile = self.hand_left[self.chosen]
        key = (self.snap.version, self.pending, tile)
        if self._hint_cache is None or self._hint_cache[0] != key:
            cells = legal_cells(view, self.snap.legal_actions, self.pending, tile)
            self._hint_cache = (key, frozenset(cells))
        return self._hint_cache[1]

    def _pending_turn(self) -> tuple[TurnPreview, str] | None:
        """What the tiles laid this turn would score if confirmed, and, once all are
        laid, why that turn is not allowed (``""``: it is). ``None``: none laid."""
        if not self.pending or not self.my_turn or self.view is None:
            return None
        key = (self.snap.version, self.pending)
        if self._turn_cache is None or self._turn_cache[0] != key:
            problem = ""
            if (len(self.pending) >= self.to_place
                    and PlaceTiles(self.pending) not in self.snap.legal_actions):
                problem = refusal_text(explain_turn(self.view, self.pending))
            self._turn_cache = (key, preview(self.view, self.pending), problem)
        return self._turn_cache[1:]

    def preview(self) -> TurnPreview | None:
        """What the tiles laid this turn would score if confirmed (``None``: none laid)."""
        turn = self._pending_turn()
        return turn[0] if turn is not None else None

    def turn_problem(self) -> str:
        """Why the turn laid so far may not be confirmed (``""``: it may, or it is not
        all laid yet)."""
        turn = self._pending_turn()
        return turn[1] if turn is not None else ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.is_too_small:  # (the app drops keys meanwhile: nothing can be seen)
            return None
        if self.snap is not None and self.snap.over and (action in PLAY_ACTIONS or action == "move"):
            return False
        if action == "results":
            return bool(self.snap and self.snap.over)
        if action == "next_hint":  # (in profi it says that hints are off)
            return True if self.my_turn else None
        if action not in PLAY_ACTIONS:
            return True
        if not self.my_turn:
            return None
        if action == "choose":
            return True if int(parameters[0]) < len(self.hand_left) else None  # type: ignore[call-overload]
        if action in ("cycle", "place"):
            return True if self.hand_left and not self.must_keep else None
        if action == "take_back":
            return True if self.pending else None
        return True

    # ---- actions ------------------------------------------------------------------------

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        while 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            r, c = r + dr, c + dc
            if cell_kind((r, c)) != "none":
                self.cursor = (r, c)
                break
        self._update()

    def action_choose(self, index: int) -> None:
        self.chosen = index
        self._error = ""
        self._update()

    def action_cycle(self, step: int) -> None:
        count = len(self.hand_left)
        self.chosen = ((self.chosen or 0) + step) % count if count else None
        self._update()

    def action_place(self) -> None:
        if self.chosen is None or self.chosen >= len(self.hand_left):
            self._error = "Choose a tile first (1-9 or Tab)."
            self._update()
            return
        placement = Placement(self.cursor, self.hand_left[self.chosen])
        hinted = self.hints()
        try:
            check_partial(self.view, self.pending + (placement,))
        except RuleViolation as violation:
            self._error = violation.message
            self._update()
            return
        self.pending += (placement,)
        self._error = ""
        if not self.view.options.profi and placement.cell not in hinted:
            self._error = "No legal turn goes on from here: u takes it back."
        left = len(self.hand_left)
        self.chosen = min(self.chosen, left - 1) if left else None
        self._update()

    def action_take_back(self) -> None:
        if not self.pending:
            return
        taken = self.pending[-1]
        self.pending = self.pending[:-1]
        self.cursor = taken.cell
        self.chosen = self.hand_left.index(taken.tile)
        self._error = ""
        self._update()

    def action_confirm(self) -> None:
        if not self.my_turn or self.seat is None:
            return
        self.busy = True
        self._update()
        self.run_worker(self._submit(self.links[self.seat], PlaceTiles(self.pending)), group="submit")

    async def _submit(self, link: SeatLink, action: PlaceTiles) -> None:
        try:
            outcome = await link.submit(action)
        except Exception as err:  # a broken link: tell the player, keep the tiles laid
            self._error = f"Your turn could not be sent ({err}); try again."
        else:
            if not outcome.accepted:
                self._error = outcome.reason or f"The table refused that turn ({outcome.code})."
                area = self.query_one(TableMessage).size
                if len(self._error) + 2 > area.width * area.height:  # too long to show whole
                    self.notify(self._error, title="Turn refused", severity="error")
        finally:
            self.busy = False
        self._update()
        self._start_pump()

    def action_next_hint(self) -> None:
        if self.view is not None and self.view.options.profi:
            self._error = "Hints are off (profi)."
            self._update()
            return
        cells = sorted(self.hints())
        if not cells:
            self._error = "The chosen tile fits nowhere now." if self.chosen is not None else ""
            self._update()
            return
        after = [cell for cell in cells if cell > self.cursor]
        self.cursor = (after or cells)[0]
        self._update()

    @on(ZatreBoard.CellClicked)
    def _clicked_cell(self, event: ZatreBoard.CellClicked) -> None:
        if event.cell == self.cursor and self.my_turn:
            self.action_place()
        else:
            self.cursor = event.cell
            self._update()

    @on(HandTiles.TileClicked)
    def _clicked_tile(self, event: HandTiles.TileClicked) -> None:
        if self.my_turn:
            self.action_choose(event.index)

    # ---- showing ---------------------------------------------------------------------------

    def _spin(self) -> None:
        if self.snap is not None and not self.my_turn and not self.snap.over:
            self._tick += 1
            self.query_one(TurnStatus).turn = self._turn_text()

    def _turn_text(self) -> str:
        snap, view = self.snap, self.view
        assert snap is not None and view is not None
        if snap.over:
            return f"Game over: {headline(snap)} (r: results)" if snap.result else "Game over"
        current = seat_name(snap.names, snap.bots, view.current)
        spin = SPINNER[self._tick % len(SPINNER)]
        if self.animating:
            return f"{current} is laying tiles {spin}"
        if self.busy:
            return f"Sending your turn {spin}"
        if not self.my_turn:
            if snap.bots[view.current]:
                return f"{current} is thinking {spin}"
            return f"Waiting for {current} {spin}"
        you = snap.names[self.seat]
        if self.must_keep:
            return f"{you}, your turn: no tile can be laid"
        n = self.to_place
        return f"{you}, your turn: lay {n} tile{'s' if n != 1 else ''}"

    def _instructions(self) -> str:
        view = self.view
        if self.snap is None or view is None:
            return ""
        if self.snap.over:
            return "Game over: r shows the results, q leaves."
        if self.seat is None:
            return "Watching the bots play. q leaves."
        if not self.my_turn:
            return "Not your turn yet. F1: rules, s: sheets."
        if self.must_keep:
            return "No tile fits: c keeps them face down."
        left = self.to_place - len(self.pending)
        if left <= 0:
            return "All laid: c confirms, u takes one back."
        if view.first_move and not self.pending:
            return "First move: one tile must cover the red cell."
        return f"Lay {left} more: pick 1-9, move, Enter lays."

    def _update(self) -> None:
        """Push the shown snapshot and this turn's tiles down into the widgets."""
        snap, view = self.snap, self.view
        if snap is None or view is None:
            return
        board = self.query_one(ZatreBoard)
        hand = self.query_one(HandTiles)
        mine = self.my_turn
        if not self.animating:
            board.tiles = view.tile_map()
            board.pending = self.pending
            board.hints = self.hints()
            board.recent = frozenset(p.cell for p in view.log[-1].placements) if view.log else frozenset()
        board.cursor = self.cursor
        board.show_cursor = self.seat is not None and not snap.over
        kind = cell_kind(self.cursor)
        on_tile = dict(view.tiles).get(self.cursor)
        board.border_title = f"Zatre · cursor on {kind} cell" + (f" ({on_tile})" if on_tile else "")
        board.border_subtitle = "[·] light  (·) red" + ("" if view.options.profi else "  + may go")

        if self.seat is None:
            hand.tiles, hand.chosen, hand.note = (), None, "watching: no hand"
        elif len(self.links) > 1 and view.current != self.seat and not snap.over:
            # hotseat: between their turns a player's kept tiles are face down, and
            # whoever is at the keyboard now may not be the one they belong to
            hand.tiles, hand.chosen = (), None
            hand.note = f"{snap.names[self.seat]}'s tiles are hidden until their turn"
        else:
            hand.tiles = self.hand_left
            hand.chosen = self.chosen if mine else None
            hand.note = self._hand_note() if mine else ""
            if not view.hand:
                hand.note = "no tiles in front of you"

        status = self.query_one(TurnStatus)
        status.turn = self._turn_text()
        status.bag = view.bag_count
        status.extra = "profi: no hints" if view.options.profi else ""

        message = self.query_one(TableMessage)
        message.news = self._news if self.animating else last_turn_text(snap)
        error = self._error or self.turn_problem()
        message.text, message.kind = (error, "error") if error else (self._instructions(), "info")

        last_gain = {record.seat: record.gain for record in view.log}
        self.query_one(ScoreStrip).lines = tuple(
            SeatLine(
                name=snap.names[s], total=view.sheets[s].total(), gained=last_gain.get(s),
                kept=in_front(view, s), to_play=s in snap.active_seats, you=s == self.seat,
                shown=s == self.sheet_seat, note=self._seat_note(s),
            )
            for s in range(view.seats)
        )
        self._render_sheet()
        log = [self._opening_line()] + [
            log_line(i, record, snap.names[record.seat])
            for i, record in enumerate(view.log, 1)
        ]
        self.query_one(MoveLog).entries = tuple(line for line in log if line)
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Redraw the footer's keys when what is allowed has changed (not on every key)."""
        allowed = tuple(
            self.check_action(action, parameters)
            for action, parameters in (("choose", (0,)), ("choose", (1,)), ("cycle", ()),
                                       ("place", ()), ("take_back", ()), ("confirm", ()),
                                       ("next_hint", ()), ("results", ()), ("move", ()))
        )
        if allowed != self._allowed:
            self._allowed = allowed
            self.refresh_bindings()

    def _hand_note(self) -> str:
        """Beside the hand on the player's turn: what the tiles laid so far would
        score, else what the hand holds (``kept 1, drew 2``)."""
        view = self.view
        turn = self.preview()
        if turn is not None:
            return preview_text(turn)
        if view.first_move:
            return "first move"
        return f"kept {len(view.hand) - view.drawn}, drew {view.drawn}"

    def _seat_note(self, seat: Seat) -> str:
        """A word after the seat's line in the scores strip (a LAN table: ``away 1:42``)."""
        return ""

    def _render_sheet(self) -> None:
        snap, view = self.snap, self.view
        seat = self.sheet_seat
        sheet = self.query_one(ScoreSheet)
        sheet.sheet = view.sheets[seat]
        last = view.log[-1] if view.log else None
        sheet.written = frozenset(last.rows) if last is not None and last.seat == seat else frozenset()
        name = snap.names[seat] + (" (you)" if seat == self.seat else "")
        sheet.border_title = f"Sheet: {name}"
        sheet.border_subtitle = "s: next sheet" if view.seats > 1 else ""
        if snap.over and snap.result is not None:
            score = snap.result.scores[seat]
            minus = dict(score.parts).get("minus points", 0)
            tiles = view.left_over[seat] if view.left_over else ()
            sheet.minus = (f"Minus: tiles {' '.join(map(str, tiles))} left = {minus}" if tiles
                           else "Minus: no tiles left over")
            sheet.total = f"Total: {score.total}"
        else:
            kept = view.held_counts[seat]
            if seat == view.current:
                sheet.minus = hand_text(view, seat).capitalize()
            else:
                sheet.minus = f"Tiles in front: {kept} (minus at end)" if kept else "Tiles in front: none"
            total = view.sheets[seat].total()
            sheet.total = f"Sheet total: {total}"
            turn = self.preview() if seat == self.seat else None
            if turn is not None and turn.gain:
                sheet.total += f" → {total + turn.gain}"  # if the tiles laid are confirmed

    def _opening_line(self) -> str:
        view, snap = self.view, self.snap
        if not view.opening:
            return ""
        draws = ", ".join(f"{snap.names[s][:7]} {t}" for s, t in view.opening)
        return f" · draw for first player: {draws}"
