"""The results of any game: the headline, how the game went, the standings, then a
tab per side with its score worked out line by line (``Result.breakdown``) and the
total always in sight under it.

A game's results screen subclasses :class:`ResultsScreen` and says what is its own
(the standings' columns, the sides, the arithmetic, the story); the keys, the tabs and
the quiet moment before it listens are shared (issue 8 §4, issue 9 "what every game
shares")."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.markup import escape
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Footer, Static, TabbedContent, TabPane

from net.table import Snapshot, bot_took_text
from rules.core import plural

from ..names import seat_name
from .base import ParlourScreen
from .quiet import QuietKeys


def places(totals: Sequence[Any]) -> list[int]:
    """The place of each total, equal totals sharing one (``[184, 184, 150]`` →
    ``[1, 1, 3]``): one more than the totals above it. A total may be a tuple, its
    tie-breaks after it (Zestrea's ``(points, villagers)``, Z-R40)."""
    return [1 + sum(other > total for other in totals) for total in totals]


def win_line(winners: Sequence[str], best: int) -> str:
    """``"Ada wins with 75 points!"`` (``"You win …"``, ``"Ada & Ben win …"``), or
    ``"A tie: Ada and Ben share the win with 75 points."``."""
    if len(winners) == 1:
        name = winners[0]
        several = name == "You" or " & " in name
        return f"{name} {'win' if several else 'wins'} with {plural(best, 'point')}!"
    return f"A tie: {' and '.join(winners)} share the win with {plural(best, 'point')}."


class SheetPane(TabPane):
    """One player's arithmetic: the rows scroll, the totals line sits right under
    them, and stays in sight at the bottom when the rows need scrolling."""

    def on_resize(self) -> None:
        rows = self.query_one(".result-rows", VerticalScroll)
        rows.styles.max_height = max(1, self.size.height - 1)


class ResultsScreen(QuietKeys, ParlourScreen):
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
        Binding("g", "new_game('solo')", "New game"),
        Binding("g", "new_game('replayed')", "New game"),
        Binding("g", "new_game('host')", "Host a new table"),
        Binding("g", "new_game('join')", "Join a table"),
        Binding("m,q", "menu", "Menu"),
        Binding("t", "chat", "Chat"),
        # (before the focused tabs' own ←→: with one sheet the key says why nothing turns)
        Binding("left", "tab(-1)", "Previous sheet", show=False, priority=True),
        Binding("right,tab", "tab(1)", "Next sheet", key_display="→", priority=True),
        Binding("left,right,tab", "one_sheet", "Next sheet", show=False, priority=True),
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

    def on_mount(self) -> None:  # (the base class's on_mount runs as well: Textual)
        if not self.listening:
            self.wait_for_quiet()  # (tui/screens/quiet.py)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat" and self.chat is None:
            return False  # no chat here: not shown
        if action == "new_game" and parameters[:1] != (getattr(self.app, "again", "solo"),):
            return False  # g says what it opens: a new game's setup, a new table, the join screen
        if action in ("tab", "one_sheet") and (action == "tab") != (len(self.sides()) > 1):
            return False  # one sheet (Estate's solo mode): no "→ Next sheet"; the key says why
        return True if self.listening else None  # dimmed for the quiet moment

    def seat_names(self, bots: bool = True) -> list[str]:
        """Each seat's name; with ``bots`` a bot seat says so (``"Ada (strong bot)"``)."""
        snap = self.snap
        return [seat_name(snap.names, snap.bots if bots else (), s) for s in range(len(snap.names))]

    def story_lines(self) -> list[str]:
        """How the game went, in the game's words (default: nothing to tell)."""
        return []

    def sides(self, bots: bool = False) -> tuple[tuple[tuple[int, ...], str], ...]:
        """Who competes, in turn order: ``((seats, name), ...)`` (default: each seat
        alone, ``((0,), "Ada")``); with ``bots`` bot seats say so (the standings)."""
        return tuple(((s,), name) for s, name in enumerate(self.seat_names(bots)))

    @staticmethod
    def headline_of(snap: Snapshot) -> str:
        """Who won the finished ``snap``, as this screen's title says it, for a table's
        turn line before the screen is shown: each game's results screen gives its own
        (Zatre's teams, Estate's solo title); by default each seat alone."""
        names = [seat_name(snap.names, (), s) for s in range(len(snap.names))]
        winners = [names[s] for s in sorted(snap.result.winners)]
        return win_line(winners, max(s.total for s in snap.result.scores))

    def headline(self) -> str:
        """``"Ada wins with 75 points!"`` or the tie (:func:`win_line`)."""
        result = self.snap.result
        winners = [name for seats, name in self.sides() if seats[0] in result.winners]
        return win_line(winners, max(s.total for s in result.scores))

    def standings(self) -> Table:
        """Places, each named part of the totals (``Result`` ``parts``) and the totals, a
        line per side; winners marked with ★ and bold."""
        result = self.snap.result
        table = Table(box=None, padding=(0, 1), show_edge=False)
        parts = [name for name, _ in result.scores[0].parts] if result.scores else []
        for header, justify in (("", "left"), ("Place", "right"), ("Player", "left"),
                                *((name.capitalize(), "right") for name in parts), ("Total", "right")):
            table.add_column(header, justify=justify)  # type: ignore[arg-type]
        names = {seats[0]: name for seats, name in self.sides(bots=True)}
        ranked = sorted((s for s in result.scores if s.seat in names), key=lambda s: (-s.total, s.seat))
        for place, score in zip(places([s.total for s in ranked]), ranked):
            won = score.seat in result.winners
            table.add_row("★" if won else "", str(place), escape(names[score.seat]),
                          *(str(points) for _, points in score.parts), str(score.total),
                          style="bold" if won else "")
        return table

    def arithmetic(self, seat: int) -> str:
        """How ``seat``'s total arose, line by line (``Result`` ``breakdown``)."""
        return "\n".join(self.snap.result.scores[seat].breakdown) or "(nothing scored)"

    def total_line(self, seat: int) -> str:
        """``"round 1 35 + round 2 40 = total 75"``: always in sight under the lines."""
        score = self.snap.result.scores[seat]
        parts = " + ".join(f"{name} {points}" for name, points in score.parts)
        return f"{parts} = total {score.total}" if parts else f"total {score.total}"

    def compose_story(self) -> ComposeResult:
        """The lines of :meth:`story_lines` under the headline, then the seats taken
        by bots (a table fact, the snapshot's ``bot_took``); nothing if none."""
        names = self.snap.names
        lines = self.story_lines() + [bot_took_text(names, took) for took in self.snap.bot_took]
        if lines:
            yield Static("\n".join(lines), id="story", markup=False)

    def compose(self) -> ComposeResult:
        with Vertical(id="results"):
            yield Static(f"Game over · {self.headline()}", classes="screen-title", id="headline",
                         markup=False)
            yield from self.compose_story()
            yield Static(self.standings(), id="standings")
            if self.FORMULA:
                yield Static(self.FORMULA, classes="hint")
            with TabbedContent(id="result-sheets", initial=self.own_sheet()):
                for (seat, *_), name in self.sides():
                    with SheetPane(Content(name), id=f"seat-{seat}"):  # (not markup)
                        with VerticalScroll(can_focus=False, classes="result-rows"):
                            yield Static(self.arithmetic(seat), classes="arithmetic")
                        yield Static(self.total_line(seat), classes="result-total")
        yield Footer()

    def own_sheet(self) -> str:
        """The id of the sheet shown first: the player's own side's (the snapshot's
        seat; player-tester 2, item 10: Bob's results opened on Ann's), else the first."""
        for seats, _ in self.sides():
            if self.snap.seat in seats:
                return f"seat-{seats[0]}"
        return ""

    def action_back(self) -> None:
        self.dismiss()

    def action_chat(self) -> None:
        if self.chat is not None:
            self.chat()

    def action_menu(self) -> None:
        self.app.run_worker(self.app.close_table())  # type: ignore[attr-defined]

    def action_new_game(self, then: str = "solo") -> None:
        """``g``: the table closes and ``then`` opens (the app's ``again``: the setup
        form after a local game, the host form after hosting, the join screen after
        joining, filled in for the same table; after a replay the setup form of the
        game replayed, its seats and options (player-tester 4, item 5); player-tester
        2, item 10: the key's label says which)."""
        self.app.run_worker(self.app.close_table(then=then))  # type: ignore[attr-defined]

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [f"seat-{seats[0]}" for seats, _ in self.sides()]
        current = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(current + step) % len(ids)]

    def action_one_sheet(self) -> None:
        """←, → or Tab where there is one score sheet (player-tester 3, item 5): why
        nothing turns."""
        self.notify("There is one score sheet here: no other to turn to.", markup=False)

    def action_scroll(self, lines: int) -> None:
        tabs = self.query_one(TabbedContent)
        pane = tabs.get_pane(tabs.active)
        pane.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
