"""The results: standings, then each player's sheet (each team's, in the team
variant) with its arithmetic row by row (as the rules worked it out in ``Result``),
minus points and total."""

from __future__ import annotations

from typing import Callable, Sequence

from rich.markup import escape
from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static, TabbedContent, TabPane

from net.table import Snapshot, bot_took_text
from rules.zatre import words as zatre_words

from ..names import seat_name
from ..screens.base import ParlourScreen
from .words import sides

FORMULA = "Row = (10 + 11 + 12 + bonus if all three filled) x 2 if crossed."


def headline(snap: Snapshot) -> str:
    """``"Ada wins with 182 points!"`` (``"You win …"`` for a player named You, ``"Ada &
    Ben win …"`` for a team), or the tie."""
    result = snap.result
    winners = [name for seats, name in sides(snap.view, snap.names) if seats[0] in result.winners]
    best = max(s.total for s in result.scores)
    if len(winners) == 1:
        name = winners[0]
        plural = name == "You" or " & " in name
        return f"{name} {'win' if plural else 'wins'} with {best} points!"
    return f"A tie: {' and '.join(winners)} share the win with {best} points."


def places(totals: Sequence[int]) -> list[int]:
    """The place of each total, equal totals sharing one (``[184, 184, 150]`` →
    ``[1, 1, 3]``): one more than the totals above it."""
    return [1 + sum(other > total for other in totals) for total in totals]


def standings(snap: Snapshot) -> Table:
    """Places, sheet totals, minus points and totals, a line per player (per team in
    the team variant); winners marked with ★ and bold."""
    result = snap.result
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for header, justify in (("", "left"), ("Place", "right"), ("Player", "left"),
                            ("Sheet", "right"), ("Minus", "right"), ("Total", "right")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    names = {seats[0]: name for seats, name in sides(snap.view, snap.names, snap.bots)}
    ranked = sorted((s for s in result.scores if s.seat in names), key=lambda s: (-s.total, s.seat))
    for place, score in zip(places([s.total for s in ranked]), ranked):
        parts = dict(score.parts)
        won = score.seat in result.winners
        table.add_row(
            "★" if won else "", str(place), escape(names[score.seat]),
            str(parts.get("score sheet", score.total)), str(parts.get("minus points", 0)),
            str(score.total), style="bold" if won else "",
        )
    return table


def arithmetic(snap: Snapshot, seat: int) -> str:
    """The rows of ``seat``'s sheet, each with how its value arose."""
    return "\n".join(snap.result.scores[seat].breakdown) or "(nothing written on this sheet)"


def total_line(snap: Snapshot, seat: int) -> str:
    """``"sheet 40 - minus 7 = total 33"``: always in sight under the rows."""
    score = snap.result.scores[seat]
    parts = dict(score.parts)
    sheet, minus = parts.get("score sheet", score.total), -parts.get("minus points", 0)
    return f"sheet {sheet} - minus {minus} = total {score.total}"


class SheetPane(TabPane):
    """One player's arithmetic: the rows scroll, the totals line sits right under
    them, and stays in sight at the bottom when the rows need scrolling."""

    def on_resize(self) -> None:
        rows = self.query_one(".result-rows", VerticalScroll)
        rows.styles.max_height = max(1, self.size.height - 1)


class ResultsScreen(ParlourScreen):
    """Shown over the table when the game ends; ``b`` goes back to look at the board.
    ``chat``: opens the chat (a LAN table: ``t``, to say "good game"); ``None``: no
    chat here (the key is not shown). ``story``: the game's events the table told (the
    ends and rare rules; default: the finished snapshot's own); ``quiet``: wait for the
    quiet moment below (``False``: the player asked for the results, ``r``).

    New game is ``g``, no key of the table's: an ``n`` (next hint) pressed as the game
    ended must not skip the results. And it listens only after the keyboard has been
    quiet for ``QUIET`` seconds (its keys dimmed in the footer until then): a key
    pressed at the table as the game ended (a ``q``, Enter, ``c``) must not act here
    (issue 8 §4). Both games' results share this (the card game's subclass it)."""

    QUIET = 0.8

    BINDINGS = [
        Binding("b,escape", "back", "Board"),
        Binding("g", "new_game", "New game"),
        Binding("m,q", "menu", "Menu"),
        Binding("t", "chat", "Chat"),
        Binding("left", "tab(-1)", "Previous sheet", show=False),
        Binding("right,tab", "tab(1)", "Next sheet", key_display="→"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, snap: Snapshot, chat: Callable[[], None] | None = None,
                 story: Sequence[object] = (), quiet: bool = True) -> None:
        super().__init__()
        self.snap = snap
        self.chat = chat
        self.story = tuple(story) or tuple(snap.events)
        self.listening = not quiet or self.QUIET <= 0  # (asked for with r: at once)
        self._timer = None

    def on_mount(self) -> None:  # (the base class's on_mount runs as well: Textual)
        if not self.listening:
            self._wait_for_quiet()

    def _wait_for_quiet(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(self.QUIET, self._listen)

    def _listen(self) -> None:
        self.listening = True
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """Until the keyboard has been quiet for ``QUIET`` seconds, every key (but
        copy and quit) is swallowed and starts the wait again."""
        if not self.listening and event.key not in ("ctrl+c", "ctrl+q"):
            event.stop()
            event.prevent_default()
            self._wait_for_quiet()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat" and self.chat is None:
            return False  # no chat here: not shown
        return True if self.listening else None  # dimmed for the quiet moment

    def story_lines(self) -> list[str]:
        """How the game went, in the game's words (rules/zatre/words.py): a tie for
        first player, how it ended (the premature end and its deal-out)."""
        snap = self.snap
        names = [seat_name(snap.names, snap.bots, s) for s in range(len(snap.names))]
        return zatre_words.story_lines(self.story, names, snap.view.opening)

    def compose_story(self) -> ComposeResult:
        """The lines of :meth:`story_lines` under the headline, then the seats taken
        by bots (a table fact, the snapshot's ``bot_took``); nothing if none."""
        names = self.snap.names
        lines = self.story_lines() + [bot_took_text(names, took) for took in self.snap.bot_took]
        if lines:
            yield Static("\n".join(lines), id="story", markup=False)

    def compose(self) -> ComposeResult:
        snap = self.snap
        with Vertical(id="results"):
            yield Static(f"Game over · {headline(snap)}", classes="screen-title", id="headline",
                         markup=False)
            yield from self.compose_story()
            yield Static(standings(snap), id="standings")
            yield Static(FORMULA, classes="hint")
            with TabbedContent(id="result-sheets"):
                for (seat, *_), name in sides(snap.view, snap.names):
                    with SheetPane(Content(name), id=f"seat-{seat}"):  # (not markup)
                        with VerticalScroll(can_focus=False, classes="result-rows"):
                            yield Static(arithmetic(snap, seat), classes="arithmetic")
                        yield Static(total_line(snap, seat), classes="result-total")
        yield Footer()

    def action_back(self) -> None:
        self.dismiss()

    def action_chat(self) -> None:
        if self.chat is not None:
            self.chat()

    def action_menu(self) -> None:
        self.app.run_worker(self.app.close_table())  # type: ignore[attr-defined]

    def action_new_game(self) -> None:
        app = self.app
        app.run_worker(app.close_table(then=getattr(app, "again", "solo")))  # type: ignore[attr-defined]

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [f"seat-{seats[0]}" for seats, _ in sides(self.snap.view, self.snap.names)]
        current = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(current + step) % len(ids)]

    def action_scroll(self, lines: int) -> None:
        tabs = self.query_one(TabbedContent)
        pane = tabs.get_pane(tabs.active)
        pane.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
