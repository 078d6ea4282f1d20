"""The table of Zatre: Das Kartenspiel: the open table of cards, the hand, score
sheets, the move log, whose turn it is, and the keys.

Data flow as at every game's table (tui/screens/game_table.py): cards laid by seats not
at this keyboard (bots) are laid out one card at a time at ``pace`` seconds per card; in
hotseat play a hand-over screen hides the table between players.

The card being placed is local to this screen: the chosen card, turned one of four
ways (``r``), lies on the table at the cursor in reverse video until Enter sends it as a
``LayCard`` intent. The opening's first card waits on the table the same way until the
second is laid; both go as one ``LayOpening``. Where a card may go, why it may not and
what it would score come from the rules' helpers (``hint_cells``,
``opening_hint_cells``, ``check``, ``preview``); the host has the last word.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer

from net.table import Snapshot
from rules.core import Seat, cell_text
from rules.zatre_cards import (
    ORIENTATIONS, HandShown, LayCard, LayOpening, Pass, ShowHand,
    TurnPlayed, ZatreCardsView, check, hint_cells, opening_hint_cells, preview,
)
from rules.zatre_cards import words as card_words
from rules.zatre_cards.game import give_up_refusal

from ..rule_words import refusal_text
from ..screens.game_table import CURSOR_KEYS, TABLE_KEYS, GameTableScreen, hand_keys
from ..widgets.message import TableMessage
from ..widgets.movelog import MoveLog
from .cardtable import CardTable, Cell
from .hand import TURNED, HandCards
from .results import CardResultsScreen
from .scores import CardScores, SeatLine
from .sheet import CardSheet
from .status import CardStatus
from ..names import log_names
from .words import log_line, preview_text, turn_text, turns_since

PLAY_ACTIONS = {"choose", "cycle", "rotate", "lay", "take_back", "give_up", "next_hint"}
REACH = 4
"""How far beyond the laid cards the cursor may wander (the table has no edges)."""


def _near(cells, target: Cell) -> Cell:
    return min(cells, key=lambda c: (abs(c[0] - target[0]) + abs(c[1] - target[1]), c))


class CardTableScreen(GameTableScreen):
    """One game of Zatre: Das Kartenspiel at this keyboard. Arguments as for the Zatre
    table: ``links`` per human seat here, ``story`` (the spectator's link), ``pace``
    (seconds per card when laying out others' turns), ``leave``."""

    DEFAULT_CLASSES = "-cards"  # (its LAN and replay tables too, for parlour.tcss)
    pieces = "cards"  # what a hand holds (the hotseat hand-over says it)
    results_screen = CardResultsScreen
    words = card_words
    play_actions = frozenset(PLAY_ACTIONS)
    status_type = CardStatus
    footer_checks = (("choose", (0,)), ("choose", (1,)), ("cycle", ()), ("rotate", ()),
                     ("lay", ()), ("take_back", ()), ("give_up", ()), ("next_hint", ()),
                     ("results", ()), ("move", ()))
    playing_words = "is playing"
    sending_words = "Sending"
    unsent_words = "Your card could not be sent ({err}); try again."
    refused_words = "The table refused that ({code})."

    BINDINGS = [
        *CURSOR_KEYS,
        *hand_keys("Card", "1-4"),
        Binding("r", "rotate(1)", "Turn"),
        Binding("R", "rotate(-1)", "Rotate back", show=False),
        Binding("enter", "lay", "Lay"),
        Binding("u,backspace", "take_back", "Undo", show=False),
        Binding("x", "give_up", "Pass"),
        Binding("n", "next_hint", "Next fit", show=False),
        *TABLE_KEYS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # as GameTableScreen's
        super().__init__(*args, **kwargs)
        self.orientation = "right"
        self.first: LayCard | None = None  # the opening's first card, laid here, not sent yet
        self.cursor: Cell = (0, 0)

    # ---- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield CardStatus(id="card-status")
        with Horizontal(id="table"):
            with Vertical(id="cards-left"):
                table = CardTable(id="card-table")
                table.border_title = "Table"
                yield table
                yield HandCards(id="card-hand")
                yield TableMessage(id="message")
            with Vertical(id="table-right"):
                scores = CardScores(id="card-scores")
                scores.border_title = "Scores"
                yield scores
                yield CardSheet(id="card-sheet")
                log = MoveLog(id="log")
                log.border_title = "Log · L: all of it"
                yield log
        yield Footer()

    async def _replay_event(self, story: Snapshot, event: Any) -> None:
        """Lay out the cards of a turn played elsewhere (bots) one at a time, and let
        a shown hand be read."""
        if isinstance(event, HandShown) and event.seat not in self.links:
            self.animating = True
            self._news = card_words.event_line(event, story.names)  # (Exception)
            self._update()
            await asyncio.sleep(self.pace * 3)
        if not isinstance(event, TurnPlayed) or event.record.seat in self.links:
            return
        table = self.query_one(CardTable)
        record = event.record
        self._laying_out(story, record.seat, "is laying a card")
        laid = self.view.laid if record.round == self.view.round else ()
        for lay in record.laid:
            await asyncio.sleep(self.pace)
            laid = laid + (lay,)
            table.draw(laid, recent=(lay,), show_cursor=False, keep=lay.cells)
        self._news = turn_text(record, story.names[record.seat])
        self._update()
        await asyncio.sleep(self.pace * 2)

    def _news_since(self, story: Snapshot, seat: Seat) -> list[str]:
        return turns_since(story, seat)

    def _hide_hand(self) -> None:
        self.query_one(HandCards).cards = ()

    def _new_turn(self) -> None:
        self.first = None
        self._place_cursor()

    def _place_cursor(self) -> None:
        """At the start of a turn: the cursor next to the last card, on a place where
        the chosen card fits if there is one."""
        view = self.view
        if view is None or not view.laid:
            self.cursor = (0, 0)
            return
        last = view.laid[-1].cell
        hints = self.hints()
        self.cursor = _near(hints, last) if hints else last

    # ---- what the player may do -----------------------------------------------------

    @property
    def view(self) -> ZatreCardsView | None:
        return self.snap.view if self.snap is not None else None

    @property
    def hand_left(self):
        """Cards in hand not laid this turn (the opening's first card is laid)."""
        if self.view is None:
            return ()
        return tuple(c for c in self.view.hand if self.first is None or c.id != self.first.card)

    def unconfirmed(self) -> tuple[int, str]:
        """The opening's first card, laid here and not sent: leaving takes it back."""
        return int(self.first is not None), "card"

    @property
    def must_give_up(self):
        """``ShowHand()`` or ``Pass()`` when that is the only legal action, else ``None``."""
        if not self.my_turn:
            return None
        only = self.snap.legal_actions
        return only[0] if len(only) == 1 and isinstance(only[0], (ShowHand, Pass)) else None

    @property
    def card(self):
        """The chosen card (``None``: none)."""
        left = self.hand_left
        return left[self.chosen] if self.chosen is not None and self.chosen < len(left) else None

    def action_to_send(self):
        """The LayCard or LayOpening the chosen card at the cursor would be (``None``:
        none chosen, or the opening's first card, which is not sent on its own)."""
        card = self.card
        if card is None or self.view is None:
            return None
        lay = LayCard(card.id, self.cursor, self.orientation)  # type: ignore[arg-type]
        if self.view.opening:
            return LayOpening(self.first, lay) if self.first is not None else None
        return lay

    def hints(self) -> frozenset[Cell]:
        """Where the chosen card's first half may go, turned as it is (none in profi)."""
        view, card = self.view, self.card
        if view is None or view.options.profi or not self.my_turn or card is None or self.must_give_up:
            return frozenset()
        if view.opening:
            if self.first is None:
                return frozenset()  # anywhere: the table is empty
            return opening_hint_cells(self.first, card.id, self.orientation)
        return hint_cells(view, card.id, self.orientation)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.is_too_small:
            return None
        over = self.snap is not None and self.snap.over
        if action == "results":
            return True if over else False
        if self.keys_hidden(action):
            return False
        if action not in PLAY_ACTIONS:
            return True
        if not self.my_turn:
            return None
        if action == "give_up":
            return True  # when a card fits, x says so (action_give_up)
        if self.must_give_up:
            return None
        if action == "choose":
            return True if int(parameters[0]) < len(self.hand_left) else None  # type: ignore[call-overload]
        if action == "take_back":
            return True if self.first is not None else None
        return True

    # ---- actions ------------------------------------------------------------------------

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor[0] + dr, self.cursor[1] + dc
        cells = [cell for lay in (self.view.laid if self.view else ()) for cell in lay.cells]
        if self.first is not None:
            cells += list(self.first.cells)
        cells = cells or [(0, 0)]
        rows = [x for x, _ in cells]
        cols = [y for _, y in cells]
        if min(rows) - REACH <= r <= max(rows) + REACH and min(cols) - REACH <= c <= max(cols) + REACH:
            self.cursor = (r, c)
        self._error = ""
        self._update()

    def action_rotate(self, step: int) -> None:
        i = ORIENTATIONS.index(self.orientation)
        self.orientation = ORIENTATIONS[(i + step) % len(ORIENTATIONS)]
        self._error = ""
        self._update()

    def action_lay(self) -> None:
        if not self.my_turn or self.view is None:
            return
        card = self.card
        if card is None:
            self._error = "Choose a card first (1-4 or Tab)."
            self._update()
            return
        if self.view.opening and self.first is None:
            # the opening's first card may go anywhere on the empty table: it waits here
            self.first = LayCard(card.id, self.cursor, self.orientation)  # type: ignore[arg-type]
            self.chosen = 0
            self._error = ""
            hints = self.hints()
            if hints:
                self.cursor = _near(hints, self.first.cell)
            self._update()
            return
        action = self.action_to_send()
        violation = check(self.view, action)
        if violation is not None:
            self._error = refusal_text(violation)
            self._update()
            return
        self._send(action)

    def action_give_up(self) -> None:
        action = self.must_give_up
        if action is not None:
            self._send(action)
            return
        if not self.my_turn or self.view is None:
            return
        # a card fits: the rules say why the hand may not be shown (Gameplay, Exception)
        self._error = refusal_text(give_up_refusal(self.snap.legal_actions, ShowHand()))
        if not self.view.options.profi and not self.view.opening:
            self._error += " (n shows where)"
        self._update()

    def action_take_back(self) -> None:
        if self.first is None:
            return
        taken = self.first
        self.first = None
        self.cursor, self.orientation = taken.cell, taken.orientation
        self.chosen = next(i for i, c in enumerate(self.hand_left) if c.id == taken.card)
        self._error = ""
        self._update()

    def action_next_hint(self) -> None:
        nowhere = "The chosen card fits nowhere turned this way: r turns it." if self.card else ""
        self._jump_to_hint(self.hints(), nowhere)

    @on(CardTable.CellClicked)
    def _clicked_cell(self, event: CardTable.CellClicked) -> None:
        self._clicked_at(event.cell, self.action_lay)

    @on(HandCards.CardClicked)
    def _clicked_card(self, event: HandCards.CardClicked) -> None:
        if self.my_turn:
            self.action_choose(event.index)

    # ---- showing ---------------------------------------------------------------------------

    def _your_turn_text(self, you: str) -> str:
        view = self.view
        give_up = self.must_give_up
        if isinstance(give_up, ShowHand):
            return f"{you}, your turn: no card fits; x shows your hand"
        if isinstance(give_up, Pass):
            return f"{you}, your turn: no card fits anywhere; x passes"
        if view.opening:
            return f"{you}, you open round {view.round}: lay two touching cards"
        return f"{you}, your turn: lay a card"

    def _your_turn_instructions(self) -> str:
        view = self.view
        give_up = self.must_give_up
        if isinstance(give_up, ShowHand):
            return ("None of your cards can be laid: x shows them, puts them with the set-aside "
                    "cards and draws three.")
        if isinstance(give_up, Pass):
            return "No card in hand or set aside fits: x passes."
        if view.opening and self.first is None:
            return "Opening: 1-4 picks, r turns, Enter lays the first card anywhere."
        if view.opening:
            return "Now the second card, touching the first; u takes the first back."
        return "1-4 card · r turn · Enter lays" if view.options.profi else \
            "1-4 card · r turn · n next fit · Enter lays"

    def _update(self) -> None:
        snap, view = self.snap, self.view
        if snap is None or view is None:
            return
        mine = self.my_turn
        table = self.query_one(CardTable)
        hand = self.query_one(HandCards)
        hints = self.hints()
        action = self.action_to_send() if mine else None
        if not self.animating:
            ghost: tuple[LayCard, ...] = ()
            if self.first is not None:
                ghost += (self.first,)
            card = self.card if mine and not self.must_give_up else None
            if card is not None:
                ghost += (LayCard(card.id, self.cursor, self.orientation),)  # type: ignore[arg-type]
            recent = view.log[-1].laid if view.log and view.log[-1].round == view.round else ()
            keep = tuple(c for lay in recent for c in lay.cells)
            table.draw(view.laid, recent=recent, ghost=ghost, hints=hints, cursor=self.cursor,
                       show_cursor=mine, keep=keep)
        where = "empty" if not view.laid else f"{len(view.laid)} card{'s' * (len(view.laid) != 1)}"
        at = f" · cursor {cell_text(self.cursor)}" if mine else ""  # as the log and refusals name cells
        table.border_title = f"Table · {where}{at}"
        table.border_subtitle = "○ blank  underlined: last" + ("" if view.options.profi else "  + fits")

        if self.seat is None:
            hand.cards, hand.chosen, hand.note, hand.note2 = (), None, "watching: no hand", ""
        elif self._hides_hand():
            hand.cards, hand.chosen, hand.note2 = (), None, ""
            hand.note = f"{snap.names[self.seat]}'s cards are hidden until their turn"
        else:
            hand.cards = self.hand_left
            hand.chosen = self.chosen if mine and not self.must_give_up else None
            hand.note, hand.note2 = ("", "")
            if mine and self.card is not None and not self.must_give_up:
                hand.note = f"{TURNED[self.orientation]} {self.orientation}"
                hand.note2 = self._preview_note(action)
            if not hand.cards:
                hand.note = "no cards in hand"

        status = self.query_one(CardStatus)
        status.turn = self._turn_text()
        status.round = f"round {view.round}/{view.rounds}"
        status.extra = "profi: no hints" if view.options.profi else ""

        self._tell(self._news if self.animating else self._last_news(), self._error)

        last_gain: dict[int, int] = {}
        for record in view.log:
            last_gain[record.seat] = record.gain
        scores = self.query_one(CardScores)
        scores.lines = tuple(
            SeatLine(name=snap.names[s], total=view.sheets[s].total(), gained=last_gain.get(s),
                     hand=view.hand_counts[s], pile=view.pile_counts[s],
                     to_play=s in snap.active_seats, you=s == self.seat, shown=s == self.sheet_seat,
                     note=self._row_note(snap, s))
            for s in range(view.seats)
        )
        scores.footer = f"set aside: {view.set_aside_count} card{'s' * (view.set_aside_count != 1)}"
        self._render_sheet(action)
        self.query_one(MoveLog).entries = self._log_lines()
        self._refresh_footer()

    def _preview_note(self, action) -> str:
        """Beside the hand: what laying the card here would score, or that it may not
        go here (in profi: nothing, as the ``+`` marks: the rule speaks when it is laid)."""
        if action is None:
            return "anywhere" if self.view.opening else ""
        if self.view.options.profi:
            return ""
        if check(self.view, action) is not None:
            return "✗ not here"
        return preview_text(preview(self.view, action))

    def _last_news(self) -> str:
        snap, view = self.snap, self.view
        if view.shown and view.shown_by is not None:
            return card_words.event_line(HandShown(view.shown_by, view.shown), snap.names)
        told = self._latest_told()  # a pass, a round's end: the rules' words
        if told:
            return told
        if not view.log:
            return ""
        record = view.log[-1]
        return turn_text(record, snap.names[record.seat])

    def _log_lines(self) -> tuple[str, ...]:
        snap, view = self.snap, self.view
        names = log_names(snap.names)
        notes = self._story_log([n.rstrip() for n in names])
        out: list[str] = []
        k = 0
        current_round = 0
        for i, record in enumerate(view.log):
            while k < len(notes) and notes[k][0] <= i:
                out.append(notes[k][1])
                k += 1
            if record.round != current_round:
                current_round = record.round
                dealer = (record.round - 1) % view.seats  # the deal passes clockwise from seat 0
                out.append(f"── round {record.round}, dealer {snap.names[dealer]}")
            out.append(log_line(i + 1, record, names[record.seat]))
        out += [text for _, text in notes[k:]]
        if view.round != current_round and not view.over:
            out.append(f"── round {view.round}, dealer {snap.names[view.dealer]}")
        return tuple(out)

    def _render_sheet(self, action) -> None:
        view = self.view
        seat = self.sheet_seat
        sheet = self.query_one(CardSheet)
        self._sheet_heading(sheet)
        total = view.sheets[seat].total()
        sheet.total = f"Total: {total}"
        if (seat == self.seat and action is not None and not view.options.profi
                and check(view, action) is None):
            gain = preview(view, action).gain
            if gain:
                sheet.total += f" → {total + gain} if laid here"
