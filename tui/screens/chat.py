"""The chat panel over a LAN table: the lobby's log and line, so players can talk (and
the host can use ``/bot seat``, ``/kick``, ``/end``) in the middle of a game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.containers import Vertical
from textual.widgets import Footer, Input, Static

from net.protocol import MAX_CHAT

from ..lan import LanSession, Line
from ..widgets.chat_log import ChatLog
from ..widgets.told_input import ToldInput
from .base import ParlourModal
from .confirm import ConfirmScreen


def chat_line(placeholder: str, id: str) -> ToldInput:
    """The line a chat is typed in: at most :data:`net.protocol.MAX_CHAT` characters
    (what the host takes), and a notice when one more is typed or pasted (player-tester
    23, finding 8: a 450-character line was cut to 400 without a word)."""
    return ToldInput("", "Too long to say", f"A chat line has at most {MAX_CHAT} characters. "
                     "The rest was not taken.", placeholder=placeholder, max_length=MAX_CHAT, id=id)


def say_line(screen: Screen, session: LanSession, text: str) -> None:
    """Send the typed line ``text`` from ``screen`` (the lobby, the chat); an ``/end``
    that would end a game under way for everyone is asked about first
    (:meth:`LanSession.end_question`), and keeping the game says so in the log."""
    question = session.end_question(text)
    if question is None:
        screen.run_worker(session.say(text), group="say")
        return

    def answered(end: bool | None) -> None:
        if end:
            screen.run_worker(session.say(text), group="say")
        else:
            session.add(Line("notice", "The game goes on (not ended)."))

    screen.app.push_screen(ConfirmScreen(question, "End it", "Play on"), answered)


class ChatScreen(ParlourModal):
    """Enter sends the line; Escape goes back to the screen below (``back`` names it:
    the table, or the results)."""

    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, session: LanSession, back: str = "the table") -> None:
        super().__init__()
        self.session = session
        self.back = back
        self._stop = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="chat"):
            yield Static(f"Chat · /help lists the commands · Escape: back to {self.back}",
                         classes="dialog-title")
            yield ChatLog(self.session.lines, id="chat-log")
            yield chat_line("Say something", "chat-line")
        yield Footer()

    def on_mount(self) -> None:
        self._stop = self.session.on_line(self._line)
        self.query_one("#chat-line", Input).focus()

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop()

    def _line(self, line: Line) -> None:
        self.query_one(ChatLog).add(line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text:
            say_line(self, self.session, text)

    def action_close(self) -> None:
        self.dismiss()
