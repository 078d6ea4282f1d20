"""The lobby of a LAN table, as at the online table (zatre-online.txt, "Game
preparation"): who sits where, the options, a chat log, and a line that takes chat or
``/join``, ``/leave``, ``/start``, ``/option ...``, ``/bot ...``, ``/kick ...``,
``/help``. The "game management" buttons send the same commands.

When the game starts (the first snapshot arrives) the app shows the table over it.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from net.lobby import value_words
from net.protocol import LobbyState, SeatInfo
from rules import registry
from rules.core import option_specs, plural

from ..lan import LanSession, Line, countdown, offline_text
from ..names import pad
from ..widgets.chat_log import ChatLog
from .base import ParlourScreen
from .chat import chat_line, say_line
from .confirm import ConfirmScreen

BASE_BUTTONS = {"join": "Join seat", "leave": "Leave seat", "bot-easy": "Add easy bot",
                "bot-strong": "Add strong bot", "bot-remove": "Remove bot", "start": "Start game"}
"""The game management buttons every lobby has, two to a row; the game's options add
theirs (:func:`option_buttons`) after Start, one to a row (a label and its value)."""
HOST_ONLY = ("bot-easy", "bot-strong", "bot-remove", "start")
"""Buttons only the host may press (the option buttons too): a guest's lobby hides them
and says so under the buttons."""
NAME = 14
"""Cells of the name column in the list of seats."""
OFF = "⊘ "
"""Before the label of a button that does nothing now: dimming alone is colour alone."""


def seat_text(seat: SeatInfo, lobby: LobbyState, you: int | None, now: float | None = None) -> str:
    """One seat as the lobby lists it: ``"2 Strong bot      strong bot"``,
    ``"1 Ann             host · you"``, ``"3 Bob             away, held 1:42 more"``, ``"4 open"``."""
    if seat.status == "open":
        return f"{seat.seat + 1} {pad('open', NAME)}{team_tag(seat, lobby)}".rstrip()
    tags = []
    if seat.status == "bot":
        tags.append(f"{seat.bot} bot")
    if seat.name is not None and seat.name == lobby.host and seat.status != "bot":
        tags.append("host")
    if seat.seat == you and seat.status != "bot":
        tags.append("you")
    if seat.status == "away":
        tags.append(f"away, held {countdown(seat.deadline, now)} more" if seat.deadline else "away, held")
    return f"{seat.seat + 1} {pad(seat.name or '', NAME)} {' · '.join(tags)}".rstrip() + team_tag(seat, lobby)


def team_size(lobby: LobbyState) -> int:
    """Seats per side at this table (``game.team_size``: 2 in Zatre's teams), 1 for a
    game this Parlour does not know."""
    try:
        return registry.get(lobby.game).team_size(lobby.options)
    except (KeyError, AttributeError, TypeError):
        return 1


def team_tag(seat: SeatInfo, lobby: LobbyState) -> str:
    """``" T1"`` after a seat where sides are several seats (Zatre's teams: T1 is seats
    1+2, T2 3+4, T3 5+6), short enough that a bot's seat stays on one line; else ``""``."""
    size = team_size(lobby)
    return f" T{seat.seat // size + 1}" if size > 1 else ""


def option_buttons(lobby: LobbyState) -> dict[str, tuple[str, str]]:
    """A button per option a press can set, drawn from the game's options type
    (:func:`rules.core.option_specs`): id (the option's name) -> (label, the command it
    sends). A yes/no option or a choice shows its label and value and goes on to the
    next value (``"Hints: shown ▸"``, ``"Adoption sex: choose ▸"``); a table variant
    toggles (``"Toggle cardgame"``). Whole numbers (Zestrea's timers) are typed:
    ``/option NAME VALUE`` (``/help`` lists them)."""
    buttons: dict[str, tuple[str, str]] = {}
    for spec in option_specs(type(lobby.options)):
        value = getattr(lobby.options, spec.name)
        values = [v for _, v in spec.values()]
        if len(values) < 2:
            continue
        following = values[(values.index(value) + 1) % len(values)] if value in values else values[0]
        command = {True: "on", False: "off"}[following] if spec.kind == "yes-no" else following
        buttons[spec.name] = (f"{spec.label}: {value_words(spec, value)} ▸", f"/option {spec.name} {command}")
    for name, on in lobby.variants.items():
        buttons[name] = (f"Toggle {name}", f"/option {name} {'off' if on else 'on'}")
    return buttons


def options_text(lobby: LobbyState) -> str:
    """``"Options: Hints shown · Teams no · cardgame off"``: each of the game's options
    by its label with its value in the setup form's words
    (:func:`net.lobby.value_words`: ``Window timer 90 s``), then the table variants."""
    parts = [f"{spec.label} {value_words(spec, getattr(lobby.options, spec.name))}"
             for spec in option_specs(type(lobby.options))]
    parts += [f"{name} {'on' if on else 'off'}" for name, on in lobby.variants.items()]
    return "Options: " + (" · ".join(parts) or "none")


def players_text(lobby: LobbyState) -> str:
    """How many may play: ``"2-4 players"``, ``"4 or 6 players"`` (``lobby.seat_counts``,
    else ``min_seats``-``max_seats``)."""
    counts = list(lobby.seat_counts) or list(range(lobby.min_seats, lobby.max_seats + 1))
    if team_size(lobby) > 1:
        return f"{' or '.join(map(str, counts))} players · T1-T{max(counts) // team_size(lobby)}: teams"
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players"
    if len(counts) == 1:
        return plural(counts[0], "player")
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


class LobbyScreen(ParlourScreen):
    """The lobby of ``session``'s table. Enter in the line sends it; Tab reaches the
    seats (Enter on an open seat sits there) and the game management buttons."""

    BINDINGS = [
        Binding("escape", "leave", "Leave table"),
        Binding("f1", "rules", "Rules"),
        Binding("f2", "focus_line", "Chat line"),
    ]

    def __init__(self, session: LanSession) -> None:
        super().__init__()
        self.session = session
        self._stops: list = []
        self._table_shown = False
        self._away = False

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            # markup=False here and Content below: names, the table's name and what the
            # table says are shown as typed ("Zed[/]", "[AFK] Bob"), never read as markup
            yield Static("", id="lobby-title", classes="screen-title", markup=False)
            yield Static("", id="lobby-status", markup=False)
            with Horizontal(id="lobby-body"):
                with Vertical(id="lobby-left"):
                    seats = OptionList(id="lobby-seats")
                    seats.border_title = "Seats"
                    yield seats
                    yield Static("", id="lobby-options", markup=False)
                    with Grid(id="lobby-buttons") as grid:
                        grid.border_title = "Game management"
                        for name, label in BASE_BUTTONS.items():
                            yield Button(label, id=name, compact=True,
                                         variant="primary" if name == "start" else "default")
                chat = ChatLog(self.session.lines, id="lobby-chat")
                chat.border_title = "Chat"
                yield chat
            yield chat_line("Say something, or type /help for the commands", "lobby-line")
        yield Footer()

    def on_mount(self) -> None:
        session = self.session
        self._stops = [
            session.on_line(self._line),
            session.on_change(self._refresh),
            session.link.listen(self._snapshot),
        ]
        self.set_interval(1.0, self._tick)
        self._refresh()
        self.query_one("#lobby-line", Input).focus()
        if session.link.has_snapshot:  # joined a game already being played
            self.call_after_refresh(self._show_table)

    def on_unmount(self) -> None:
        for stop in self._stops:
            stop()
        self._stops.clear()

    # ---- from the table ----

    def _line(self, line: Line) -> None:
        """A line of the table's chat log; a refusal is told there only, in red beside
        the line it answers (a notice as well covered the chat at 100 columns: tester 7,
        finding 7c)."""
        self.query_one(ChatLog).add(line)

    def _snapshot(self, snapshot: object) -> None:
        if not self._table_shown:
            self._show_table()

    def _show_table(self) -> None:
        if not self._table_shown and self.session.link.has_snapshot:
            self._table_shown = True
            self.app.clear_notifications()  # the lobby's refusals are done with: not over the table
            self.app.show_lan_table(self.session)  # type: ignore[attr-defined]

    def _tick(self) -> None:
        if self._away:
            self._refresh()

    def _refresh(self) -> None:
        session, link, lobby = self.session, self.session.link, self.session.lobby
        title = self.query_one("#lobby-title", Static)
        # the room code first: a long relay address may be cut at the right edge
        where = (f"room code {session.code} · " if session.code else "") + f"join at {session.address}"
        if lobby is None:
            title.update(f"Table at {session.address}")
        else:
            title.update(f"{lobby.table} · {lobby.title} · {where}")
            seats_list = self.query_one("#lobby-seats", OptionList)
            seats_list.border_subtitle = players_text(lobby)
        who = f"You are {link.name}" + (", the host" if link.is_host else "")
        who += f", at seat {link.seat + 1}" if link.seat is not None else ", watching (not seated)"
        status = link.status
        if status.state == "reconnecting":
            who = f"⚠ {offline_text(status, session.code)}"
        elif status.state == "closed":
            who = f"✗ {offline_text(status, session.code)}"
        elif lobby is not None and lobby.started:
            who += " · the game is on" if not lobby.over else " · the game is over"
        self.query_one("#lobby-status", Static).update(who)
        self.set_class(not status.online, "-offline")

        seats = self.query_one("#lobby-seats", OptionList)
        rows: list[Option] = []
        self._away = False
        if lobby is not None:
            now = time.time()
            for seat in lobby.seats:
                self._away |= seat.status == "away" and seat.deadline is not None
                rows.append(Option(Content(seat_text(seat, lobby, link.seat, now)), id=f"seat-{seat.seat}"))
            if lobby.spectators:
                rows.append(Option(Content(f"  watching: {', '.join(lobby.spectators)}"), id="watching",
                                   disabled=True))
            self.query_one("#lobby-options", Static).update(options_text(lobby))
        highlighted = seats.highlighted
        seats.clear_options()
        seats.add_options(rows)
        if rows and highlighted is not None:
            seats.highlighted = min(highlighted, len(rows) - 1)

        started = lobby is None or lobby.started
        online = status.online
        off = {"join": not online or started or link.seat is not None,
               "leave": not online or link.seat is None or started}
        host_off = not online or started or not link.is_host
        off.update((name, host_off) for name in HOST_ONLY)
        labels = dict(BASE_BUTTONS)
        for name, (label, _) in self._option_buttons(lobby, link.is_host).items():
            labels[name] = label
            off[name] = host_off
        for name, disabled in off.items():
            button = self.query_one(f"#{name}", Button)
            button.disabled = disabled
            button.label = (OFF if disabled else "") + labels[name]
            if name in HOST_ONLY:
                button.display = link.is_host
        why = ("offline" if not online else "the game is on" if started
               else "host only: bots and options" if not link.is_host else "")  # (Start too)
        self.query_one("#lobby-buttons").border_subtitle = f"{OFF}{why}" if why else ""

    def _option_buttons(self, lobby: LobbyState | None, host: bool) -> dict[str, tuple[str, str]]:
        """The option buttons of ``lobby``'s game (:func:`option_buttons`), mounted
        after Start the first time they are wanted, each across both columns, and
        hidden from a guest (``host`` false) and while the table plays a game without
        them (Zatre's ``teams`` in the card game)."""
        wanted = option_buttons(lobby) if lobby is not None else {}
        grid = self.query_one("#lobby-buttons", Grid)
        present = set()
        for button in grid.query(".option-button"):
            button.display = host and button.id in wanted
            present.add(button.id)
        new = [Button(label, id=name, compact=True, classes="option-button -wide")
               for name, (label, _) in wanted.items() if name not in present]
        for button in new:
            button.display = host
        if new:
            last = list(grid.query(".option-button"))
            grid.mount_all(new, after=last[-1] if last else "#start")
        return wanted

    # ---- commands ----

    def send(self, line: str) -> None:
        """Send a typed line or a button's command (``/end`` asks first: :func:`say_line`)."""
        say_line(self, self.session, line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.send(text)

    def _highlighted_seat(self) -> SeatInfo | None:
        lobby = self.session.lobby
        index = self.query_one("#lobby-seats", OptionList).highlighted
        if lobby is None or index is None or index >= len(lobby.seats):
            return None
        return lobby.seats[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seat = self._highlighted_seat()
        if seat is not None and seat.status == "open" and self.session.link.seat is None:
            self.send(f"/join {seat.seat + 1}")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        lobby = self.session.lobby
        command = {
            "join": "/join", "leave": "/leave", "bot-easy": "/bot add easy",
            "bot-strong": "/bot add strong", "start": "/start",
        }.get(event.button.id or "")
        if event.button.id == "join":
            seat = self._highlighted_seat()
            if seat is not None and seat.status == "open":
                command = f"/join {seat.seat + 1}"
        elif event.button.id == "bot-remove" and lobby is not None:
            seat = self._highlighted_seat()
            bots = [s for s in lobby.seats if s.status == "bot"]
            if seat is None or seat.status != "bot":
                seat = bots[-1] if bots else None
            if seat is None:
                self.session.add(Line("error", "No bot sits at the table."))
                return
            command = f"/bot remove {seat.seat + 1}"
        elif lobby is not None and event.button.id in option_buttons(lobby):
            command = option_buttons(lobby)[event.button.id][1]
        if command:
            self.send(command)

    # ---- keys ----

    def action_focus_line(self) -> None:
        self.query_one("#lobby-line", Input).focus()

    def action_rules(self) -> None:
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        question = ("Leave? You host this table: it closes for everyone."
                    if self.session.hosted is not None else "Leave this table?")

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.run_worker(self.app.close_table())  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmScreen(question, "Leave", "Stay"), answered)
