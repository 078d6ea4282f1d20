"""The Zatre table: board, hand, score sheets, move log, turn status and the keys.

Data flow as at every game's table (tui/screens/game_table.py): turns by seats not at
this keyboard are laid out one tile at a time at ``pace`` seconds per tile; in hotseat
play a hand-over screen hides the table between players.

Tiles laid this turn are *pending*: local to this screen until the turn is confirmed and
sent as one ``PlaceTiles`` intent. In teams, while the partners may choose which of them
places first (reference ruling 12), laying tiles and confirming places first, and ``p``
sends ``TeamOrder("partner-first")``. Whether a tile may go somewhere is asked of the rules'
helpers (``check_partial``, ``legal_cells``); the host has the last word on confirm.
"""

from __future__ import annotations

import asyncio
from typing import Any, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer

from net.table import Snapshot
from rules.core import RuleViolation, Seat, cell_text
from rules.zatre.board import RED_CELL, SIZE, Cell
from rules.zatre.placement import check_partial, explain_turn, legal_cells
from rules.zatre.scoring import TurnPreview, preview
from rules.zatre.state import PARTNER_FIRST, Placement, PlaceTiles, TeamOrder, TurnPlayed, ZatreView
from rules.zatre import words as zatre_words
from rules.zatre.words import opening_text, why_not_here

from ..screens.game_table import CURSOR_KEYS, TABLE_KEYS, GameTableScreen, hand_keys
from .board import ZatreBoard, cell_kind
from .hand import HandTiles
from ..widgets.message import TableMessage
from ..widgets.movelog import MoveLog
from .results import ResultsScreen
from .scores import ScoreStrip, SeatLine
from .sheet import ScoreSheet
from .status import TurnStatus
from ..names import fit, fit_names, log_names
from ..rule_words import refusal_text
from .words import (hand_text, in_front, last_turn_shorter, last_turn_text, log_line, partner_text, partner_turn,
                    preview_text, turns_since)

PLAY_ACTIONS = {"choose", "cycle", "place", "take_back", "confirm", "next_hint", "partner_first"}


def _without(hand: tuple[int, ...], pending: tuple[Placement, ...]) -> tuple[int, ...]:
    """``hand`` less one tile for each pending placement."""
    left = list(hand)
    for p in pending:
        if p.tile in left:
            left.remove(p.tile)
    return tuple(left)


def opening_news(opening: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """The draw for first player on the news line, its head short so the draws and who
    begins fit at 80 columns (``"Draw: You 4, Ada 3: Ada begins."``; the log keeps the
    whole sentence; player-tester 2, item 7: "Draw for first player: You 4, A…")."""
    return opening_text(opening, names).replace("Draw for first player: ", "Draw: ", 1)


class TableScreen(GameTableScreen):
    """One Zatre game at this keyboard; arguments as for :class:`GameTableScreen`
    (``pace``: seconds per tile when laying out others' turns)."""

    results_screen = ResultsScreen
    words = zatre_words
    play_actions = frozenset(PLAY_ACTIONS)
    status_type = TurnStatus
    footer_checks = (("choose", (0,)), ("choose", (1,)), ("cycle", ()), ("place", ()),
                     ("take_back", ()), ("confirm", ()), ("next_hint", ()), ("partner_first", ()),
                     ("results", ()), ("move", ()))
    playing_words = "is laying tiles"
    sending_words = "Sending your turn"
    unsent_words = "Your turn could not be sent ({err}); try again."
    refused_words = "The table refused that turn ({code})."

    BINDINGS = [
        *CURSOR_KEYS,
        *hand_keys("Tile", "1-9"),
        Binding("enter", "place", "Place"),
        Binding("u,backspace", "take_back", "Undo"),
        Binding("c,space", "confirm", "Confirm"),
        Binding("n", "next_hint", "Next hint", show=False),
        Binding("p", "partner_first", "Partner first"),
        *TABLE_KEYS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # as GameTableScreen's
        super().__init__(*args, **kwargs)
        self.pending: tuple[Placement, ...] = ()
        self._pending_on: object = None  # the board and hand the pending tiles were laid on
        self.cursor: Cell = RED_CELL
        self._hint_cache: tuple[object, frozenset[Cell]] | None = None
        self._turn_cache: tuple[object, TurnPreview, str] | None = None

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
                log.border_title = "Log · L: all of it"
                yield log
        yield Footer()

    async def _replay_event(self, story: Snapshot, event: Any) -> None:
        """Lay the tiles of a turn played elsewhere (bots) one at a time."""
        if not isinstance(event, TurnPlayed) or event.record.seat in self.links:
            return
        board = self.query_one(ZatreBoard)
        record = event.record
        self._laying_out(story, record.seat, self.playing_words)
        tiles = dict(board.tiles)
        laid: list[Cell] = []
        board.pending, board.hints = (), frozenset()
        for placement in record.placements:
            await asyncio.sleep(self.pace)
            tiles[placement.cell] = placement.tile
            laid.append(placement.cell)
            board.tiles, board.recent = dict(tiles), frozenset(laid)
        await asyncio.sleep(self.pace)

    def _news_since(self, story: Snapshot, seat: Seat) -> list[str]:
        return turns_since(story, seat)

    def _sheet_seats(self, seat: Seat) -> tuple[Seat, ...]:
        """Partners share a sheet in the team variant (seats 0+1, 2+3, 4+5)."""
        view = self.view
        return (seat & ~1, seat | 1) if view is not None and view.options.teams else (seat,)

    def _sheet_index(self, seat: Seat) -> int:
        return seat // 2 if self.view is not None and self.view.options.teams else seat

    def _new_turn(self) -> None:
        """A new version: the tiles laid so far go, unless only the team's order changed
        (ruling 12: a bot partner leaving the choice while its partner lays tiles)."""
        view = self.view
        if view is None or (view.tiles, view.hand) != self._pending_on:
            self.pending = ()

    # ---- what the player may do -----------------------------------------------------

    @property
    def view(self) -> ZatreView | None:
        return self.snap.view if self.snap is not None else None

    @property
    def hand_left(self) -> tuple[int, ...]:
        """Tiles in hand not laid this turn."""
        return _without(self.view.hand, self.pending) if self.view is not None else ()

    def unconfirmed(self) -> tuple[int, str]:
        """The tiles laid this turn, not confirmed: leaving takes them back."""
        return len(self.pending), "tile"

    @property
    def turns(self) -> tuple[PlaceTiles, ...]:
        """The legal whole turns of the shown seat (its legal actions less the team's
        order, ruling 12)."""
        if self.snap is None:
            return ()
        return tuple(a for a in self.snap.legal_actions if isinstance(a, PlaceTiles))

    @property
    def must_keep(self) -> bool:
        """No tile can be laid: the only legal turn is the empty one."""
        return self.turns == (PlaceTiles(()),)

    @property
    def to_place(self) -> int:
        """How many tiles this turn lays (every legal turn lays as many)."""
        return len(self.turns[0].placements) if self.my_turn and self.turns else 0

    @property
    def may_let_partner_first(self) -> bool:
        """Ruling 12: the shown seat may let its partner place first (the team's order
        is still open to it)."""
        return self.my_turn and TeamOrder(PARTNER_FIRST) in self.snap.legal_actions

    @property
    def partner_name(self) -> str:
        view = self.view
        return self.snap.names[view.partner] if view is not None and view.partner is not None else ""

    def hints(self) -> frozenset[Cell]:
        """Cells where the chosen tile may go (none in ``profi`` or when not our turn)."""
        view = self.view
        if (view is None or view.options.profi or not self.my_turn or self.chosen is None
                or self.chosen >= len(self.hand_left)):
            return frozenset()
        tile = self.hand_left[self.chosen]
        key = (self.snap.version, self.pending, tile)
        if self._hint_cache is None or self._hint_cache[0] != key:
            cells = legal_cells(view, self.turns, self.pending, tile)
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
                    and PlaceTiles(self.pending) not in self.turns):
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
        if self.keys_hidden(action):
            return False
        if action == "results":
            return bool(self.snap and self.snap.over)
        if action == "next_hint":  # (in profi it says that hints are off)
            return True if self.my_turn else None
        if action == "partner_first":  # while the team's order is open and nothing laid
            return True if self.may_let_partner_first and not self.pending else False
        if action not in PLAY_ACTIONS:
            return True
        if not self.my_turn:
            return None
        if action == "choose":
            return True if int(parameters[0]) < len(self.hand_left) else None  # type: ignore[call-overload]
        if action in ("cycle", "place"):
            return True if self.hand_left and not self.must_keep else None
        choosing = self.may_let_partner_first and not self.pending  # (ruling 12: room for p)
        if action == "take_back":
            return True if self.pending else False if choosing else None
        if action == "confirm" and choosing and not self.must_keep:
            return False
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
            self._error = refusal_text(violation)
            self._update()
            return
        self.pending += (placement,)
        self._pending_on = (self.view.tiles, self.view.hand)
        self._error = ""
        if not self.view.options.profi and placement.cell not in hinted:
            # no legal turn goes on from here: the rule it breaks, in the rules' words
            self._error = refusal_text(why_not_here(self.view, self.pending)) + " (u takes it back)"
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
        turn = PlaceTiles(self.pending)
        if turn not in self.snap.legal_actions:  # the rule it breaks, before it is sent
            self._error = refusal_text(explain_turn(self.view, self.pending))
            self._update()
            return
        self._send(turn)

    def action_partner_first(self) -> None:
        """Ruling 12: let the partner place first (offered while no tile is laid: one
        laid means this seat goes first, until taken back)."""
        if not self.may_let_partner_first or self.pending or self.seat is None:
            return
        self._send(TeamOrder(PARTNER_FIRST))

    def action_next_hint(self) -> None:
        self._jump_to_hint(self.hints(), self._nowhere_text())

    def _nowhere_text(self) -> str:
        """What ``n`` says when the chosen tile fits nowhere: a tile of the hand that
        does fit is named with its key, since laying it first may open a place for the
        chosen one (tester 7, finding 7d; zatre-board.txt, "How to Place a Tile": each tile
        goes next to the tiles already laid, so one tile may make room for the next)."""
        if self.chosen is None or self.view is None:
            return ""
        for index, tile in enumerate(self.hand_left):
            if index != self.chosen and legal_cells(self.view, self.turns, self.pending, tile):
                return f"The chosen tile fits nowhere now; {tile} does: lay it first ({index + 1} picks it)."
        return "The chosen tile fits nowhere now."

    @on(ZatreBoard.CellClicked)
    def _clicked_cell(self, event: ZatreBoard.CellClicked) -> None:
        self._clicked_at(event.cell, self.action_place)

    @on(HandTiles.TileClicked)
    def _clicked_tile(self, event: HandTiles.TileClicked) -> None:
        if self.my_turn:
            self.action_choose(event.index)

    # ---- showing ---------------------------------------------------------------------------

    def _your_turn_text(self, you: str) -> str:
        if self.may_let_partner_first:
            partner = self.partner_name
            if len(self.view.choosing) > 1:
                return f"{you}, your team places: you or {partner} first"
            return f"{you}, your team places: you choose who goes first"  # (the partner left it)
        if self.must_keep:
            return f"{you}, your turn: no tile can be laid"
        n = self.to_place
        return f"{you}, your turn: lay {n} tile{'s' if n != 1 else ''}"

    def _your_turn_instructions(self) -> str:
        view = self.view
        if self.may_let_partner_first and not self.pending:
            return self._order_instructions()
        if self.must_keep:
            return "No tile fits: c keeps them face down."
        left = self.to_place - len(self.pending)
        if left <= 0:
            return "All laid: c confirms, u takes one back."
        if view.first_move and not self.pending:
            return "First move: one tile must cover the red cell."
        return f"Lay {left} more: pick 1-9, move, Enter lays."

    def _order_instructions(self) -> str:
        """Ruling 12, while the team's order is open (the turn line says who may go
        first): the keys, in one line of the message area, the partner's name whole
        up to 12 cells at 80x24."""
        partner = fit(self.partner_name, 12)
        if self.must_keep:
            return f"No tile fits: c keeps; p: {partner} first."
        return f"Enter: you lay first; p: {partner} first."

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
        # the cursor's (row, col), as refusals and the log name cells (the board has no labels)
        board.border_title = (f"Zatre · cursor {cell_text(self.cursor)}: {kind} cell"
                              + (f" ({on_tile})" if on_tile else ""))
        board.border_subtitle = "[·] light  (·) red" + ("" if view.options.profi else "  + may go")

        hand.partner = hand.partner_turn = ""
        if self.seat is None:
            hand.tiles, hand.chosen, hand.note = (), None, "watching: no hand"
        elif self._hides_hand():
            hand.tiles, hand.chosen = (), None
            hand.note = f"{snap.names[self.seat]}'s tiles are hidden until their turn"
        else:
            hand.tiles = self.hand_left
            hand.chosen = self.chosen if mine else None
            hand.note = self._hand_note() if mine else ""
            hand.partner = partner_text(view, snap.names)
            hand.partner_turn = partner_turn(view, snap.names)
            if not view.hand:
                hand.note = "no tiles in front of you"

        status = self.query_one(TurnStatus)
        status.turn = self._turn_text()
        status.bag = view.bag_count
        status.extra = "profi: no hints" if view.options.profi else ""

        if self.animating:
            news, shorter = self._news, ()
        else:  # (shorter forms for a narrow line: tester 6, finding 9)
            news = last_turn_text(snap) or opening_news(view.opening, self._seat_names(snap))
            shorter = last_turn_shorter(snap)
        self._tell(news, self._error or self.turn_problem(), shorter)

        last_gain = {record.seat: record.gain for record in view.log}
        shown = self._sheet_seats(self.sheet_seat)
        final = {score.seat: score for score in snap.result.scores} if snap.result else {}
        self.query_one(ScoreStrip).lines = tuple(
            SeatLine(  # after the end: the totals with the minus points ("Scoring" rule 10)
                name=snap.names[s], gained=last_gain.get(s),
                total=final[s].total if s in final else view.sheet_of(s).total(),
                minus=-dict(final[s].parts).get("minus points", 0) if s in final else None,
                kept=in_front(view, s), to_play=s in snap.active_seats, you=s == self.seat,
                shown=s in shown, note=self._row_note(snap, s),
                team=(s // 2 + 1) if view.options.teams else None,
            )
            for s in range(view.seats)
        )
        self._render_sheet()
        names = log_names(snap.names)
        turns = [log_line(i, record, names[record.seat]) for i, record in enumerate(view.log, 1)]
        log = [self._opening_line()] + self._with_story(turns, [n.rstrip() for n in names])
        self.query_one(MoveLog).entries = tuple(line for line in log if line)
        self._refresh_footer()

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

    def _render_sheet(self) -> None:
        snap, view = self.snap, self.view
        seat = self.sheet_seat
        sheet = self.query_one(ScoreSheet)
        self._sheet_heading(sheet)
        seats = self._sheet_seats(seat)
        sheet.short_minus = ""
        if snap.over and snap.result is not None:
            score = snap.result.scores[seat]
            minus = dict(score.parts).get("minus points", 0)
            tiles = tuple(t for s in seats for t in view.left_over[s]) if view.left_over else ()
            sheet.minus = (f"Minus: tiles {' '.join(map(str, tiles))} left = {minus}" if tiles
                           else "Minus: no tiles left over")
            sheet.total = f"Total: {score.total}"
        else:
            kept = sum(view.held_counts[s] for s in seats)
            if view.current in seats and len(seats) == 1:
                sheet.minus = hand_text(view, seat).capitalize()
            elif view.current in seats:  # a team's turn: both hands hold this turn's draws
                sheet.minus = "In hand: " + ", ".join(f"{snap.names[s]} {view.held_counts[s]}" for s in seats)
                # too long at 80x24 with two long names: the counts in the title's order
                sheet.short_minus = "In hand: " + " & ".join(str(view.held_counts[s]) for s in seats)
            else:
                sheet.minus = f"Tiles in front: {kept} (minus at end)" if kept else "Tiles in front: none"
            total = view.sheet_of(seat).total()
            sheet.total = f"Sheet total: {total}"
            turn = self.preview() if self.seat in seats else None
            if turn is not None and turn.gain:
                sheet.total += f" → {total + turn.gain}"  # if the tiles laid are confirmed

    def _opening_line(self) -> str:
        view, snap = self.view, self.snap
        if not view.opening:
            return ""
        names = fit_names(snap.names, 12)  # the log wraps a long line: room for "Strong bot 2"
        return f" · {opening_text(view.opening, names)}"
