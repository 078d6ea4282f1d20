"""The Parlour app: one Textual App; the menu is its default screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import attrs
from textual import events
from textual.app import App
from textual.binding import Binding

from net.client import LinkStatus
from net.closecodes import BAD_TOKEN, TABLE_SAVED
from net.local import LocalTable
from net.saves import SaveError, SavedGame, hosted_games, local_games, local_saves_dir, new_local_path, saves_dir
from rules.estate import EstateView
from rules.zatre_cards import ZatreCardsView
from rules.zestrea import ZestreaView

from .estate.lan_table import EstateLanTableScreen
from .estate.replay import EstateReplayScreen
from .estate.table import EstateTableScreen
from .lan import (HOSTED_SAVED, HostError, HostSettings, LanSession, TokenStore, host_played_as, join_hosted,
                  next_table, relay_made, resumed_table)
from .local_game import DEFAULT_PACE, LocalGame, continue_table, open_table
from .screens.confirm import ConfirmScreen
from .screens.game_table import NOTHING_SAVED
from .screens.host_setup import HostSetupScreen
from .screens.join import JoinScreen
from .screens.lobby import LobbyScreen
from .screens.local_setup import HUMAN_NAME, LocalSetupScreen, SetupForm, replayed_form
from .screens.menu import MenuScreen
from .screens.notice import NoticeScreen
from .screens.rules import RulesScreen
from .widgets.too_small import too_small
from .zatre.lan_table import LanTableScreen
from .zatre.replay import ReplayScreen
from .zatre.table import TableScreen
from .zatre_cards.lan_table import CardLanTableScreen
from .zatre_cards.replay import CardReplayScreen
from .zatre_cards.table import CardTableScreen
from .zestrea.lan_table import ZestreaLanTableScreen
from .zestrea.replay import ZestreaReplayScreen
from .zestrea.table import ZestreaTableScreen

TABLES: dict[str, type] = {"zatre": TableScreen, "zatre-cards": CardTableScreen, "zestrea": ZestreaTableScreen,
                           "estate": EstateTableScreen}
"""Each game's table at this keyboard, by game name."""
LAN_TABLES: dict[str, type] = {"zatre": LanTableScreen, "zatre-cards": CardLanTableScreen,
                               "zestrea": ZestreaLanTableScreen, "estate": EstateLanTableScreen}
"""Each game's LAN table, by game name."""
RULES_PACKAGES: dict[str, str] = {"zatre": "tui.zatre", "zatre-cards": "tui.zatre_cards", "zestrea": "tui.zestrea",
                                  "estate": "tui.estate"}
"""Whose rules page (a package with a rules.md) each game shows."""


LOCAL_LEAVE_QUESTION = "Leave this game? It is saved: Continue in the menu takes it up again."


def zeroconf_backend() -> Any:
    """The real LAN discovery backend (raises if multicast is unavailable here)."""
    from net.discovery import ZeroconfBackend

    return ZeroconfBackend()


@attrs.frozen
class JoinForm:
    """What ``parlour join`` fills in on the join screen; ``auto``: join at once;
    ``new_code``: the table at ``address`` is a new one at a relay, whose room code the
    player has yet to be told (the code field starts empty and says to ask the host;
    tester 5, finding 1)."""

    address: str = ""
    name: str = ""
    code: str = ""
    auto: bool = False
    new_code: bool = False


class ParlourApp(App):
    """``pace``: the bots' pace (seconds per tile) offered first in the setup screen,
    and the pace at which other players' moves are laid out at a LAN table.

    What to open first (over the menu): ``session`` (a hosted or joined table: its
    lobby), ``hosted`` (a HostedTable just started and its settings: the host player
    joins it, then its lobby), ``join`` (the join screen, filled in), ``replay`` (a
    saved game's snapshots and title, and how the host ended it if it did).
    ``discovery`` makes the LAN discovery backend (tests: a FakeBackend); ``tokens`` keeps seat tokens; ``link_options`` go to every
    RemoteSeatLink; ``host_defaults`` override the host form's settings (tests:
    ``bind``, ``port``, ``save``); ``local_saves``: the folder local games are saved
    in (default: net.saves.local_saves_dir()); ``hosted_saves``: the folder whose hosted
    games the menu offers to host again (default: net.saves.saves_dir()).
    """

    CSS_PATH = "parlour.tcss"
    TITLE = "Parlour"
    ENABLE_COMMAND_PALETTE = False
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]
    QUIT_QUESTIONS = {
        "local": "Quit Parlour? The game is saved: Continue in the menu takes it up again.",
        "new": f"Quit Parlour? {NOTHING_SAVED}",
        "host": "Quit Parlour? You host this table: it closes for everyone.",
        "hosted": f"Quit Parlour? You host this table: {HOSTED_SAVED}",
        "lan": ("Quit Parlour? Your seat is held for a while: join again with the same "
                "name to get it back."),
    }

    def __init__(
        self,
        pace: float = DEFAULT_PACE,
        *,
        session: LanSession | None = None,
        hosted: tuple[Any, HostSettings] | None = None,
        join: JoinForm | None = None,
        replay: tuple[list, str] | tuple[list, str, str] | None = None,
        discovery: Callable[[], Any] | None = zeroconf_backend,
        tokens: TokenStore | None = None,
        link_options: dict[str, Any] | None = None,
        host_defaults: dict[str, Any] | None = None,
        local_saves: Path | None = None,
        hosted_saves: Path | None = None,
    ) -> None:
        super().__init__()
        self.pace = pace
        self.table: LocalTable | None = None
        self.session: LanSession | None = None
        self.again = "solo"
        self.discovery = discovery
        self.tokens = tokens if tokens is not None else TokenStore()
        self.link_options = dict(link_options or {})
        self.host_defaults = dict(host_defaults or {})
        self._first_session = session
        self._first_hosted = hosted
        self.hosted_taken = False
        self._first_join = join
        self._first_replay = replay
        self.rules_scroll: dict[str, float] = {}  # per rules page: where the reader left it
        self.local_form: SetupForm | None = None  # the local setup as last left
        self.replay_form: SetupForm | None = None  # a new game like the replay shown
        self._local_saves = local_saves
        self._hosted_saves = hosted_saves

    @property
    def local_saves(self) -> Path:
        """The folder local games are saved in."""
        return self._local_saves if self._local_saves is not None else local_saves_dir()

    def saved_local_games(self, problems: list[SaveError] | None = None) -> list[SavedGame]:
        """The local games not over yet, the most recently played first (the menu's
        Continue entries); saves that cannot be read are added to ``problems``."""
        return [game for game in local_games(self.local_saves, problems) if not game.over]

    def saved_hosted_games(self, problems: list[SaveError] | None = None) -> list[SavedGame]:
        """The hosted games not over yet in ``hosted_saves`` (default: the saves folder
        a hosted table writes to), the latest first: the menu hosts them again (tester 7,
        finding 1); saves that cannot be read are added to ``problems``."""
        folder = self._hosted_saves if self._hosted_saves is not None else saves_dir()
        return [game for game in hosted_games(folder, problems) if not game.over]

    async def on_event(self, event: events.Event) -> None:
        """While the terminal is too small for the table, keys and clicks do nothing
        (the screen cannot be seen), except copy and quit."""
        if (isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.MouseScrollDown,
                               events.MouseScrollUp))
                and not event.is_forwarded and too_small(*self.size)
                and getattr(event, "key", "") not in ("ctrl+c", "ctrl+q")):
            return
        await super().on_event(event)

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    async def on_mount(self) -> None:
        if self._first_session is not None:
            session, self._first_session = self._first_session, None
            await self.start_session(session)
        elif self._first_hosted is not None:
            self.run_worker(self._join_hosted(*self._first_hosted), group="table")
        elif self._first_join is not None:
            self.open_join(self._first_join)
        elif self._first_replay is not None:
            self.show_replay(*self._first_replay)

    def open_join(self, form: JoinForm) -> Any:
        """The join screen, filled in from ``form`` (joining at once if ``form.auto``).
        A form without a name (the menu's Join, ``parlour join`` without ``--name``) is
        filled in from the last join (to its address, if it has one), a seat still held
        for this player first: joining with it retakes the seat (tester 7, finding 2)."""
        last = self.tokens.last_join(form.address) if not form.name else None
        if last is not None:
            address, name, code = last
            form = attrs.evolve(form, address=form.address or address, name=name, code=form.code or code)
        return self.push_screen(JoinScreen(self.discovery, form.address, form.name, form.code, form.auto,
                                           new_code=form.new_code))

    def show_rules(self, package: str | None = None) -> None:
        """Push the rules page over whatever is shown (a table, a hand-over, the
        lobby...), opened where the reader last left it. A fresh screen each time, so
        it opens even when an earlier one is still further down the stack (the rules
        read in the lobby when the game started). ``package``: whose rules
        (``tui.zatre``, ``tui.zatre_cards``); by default the game being played's."""
        if isinstance(self.screen, RulesScreen):
            return
        if package is None:
            package = "tui.zatre"
            for name, screen in TABLES.items():
                if any(isinstance(s, screen) for s in self.screen_stack):
                    package = RULES_PACKAGES[name]
            if self.session is not None:
                package = RULES_PACKAGES.get(self.session.link.game.name, package)

        def closed(scroll: float | None) -> None:
            if scroll is not None:
                self.rules_scroll[package] = scroll

        self.push_screen(RulesScreen(self.rules_scroll.get(package, 0.0), package), closed)

    def open(self, what: str) -> None:
        """Open a menu entry: ``solo``, ``replayed`` (the setup form for a new game
        like the replay last shown), ``host``, ``join``, ``rules`` (Zatre's),
        ``rules-cards`` (the card game's) or ``quit``."""
        if what == "solo":
            self.push_screen(LocalSetupScreen(self.pace, self.local_form))
        elif what == "replayed":
            self.push_screen(LocalSetupScreen(self.pace, self.replay_form or self.local_form))
        elif what == "host":
            self.push_screen(HostSetupScreen())
        elif what == "join":
            self.open_join(JoinForm())
        elif what == "rules":
            self.show_rules("tui.zatre")
        elif what == "rules-cards":
            self.show_rules("tui.zatre_cards")
        elif what == "rules-zestrea":
            self.show_rules("tui.zestrea")
        elif what == "rules-estate":
            self.show_rules("tui.estate")
        elif what == "quit":
            self.exit()

    # ---- local games ----

    def start_local(self, game: LocalGame) -> None:
        """Start ``game`` (from the setup screen) and show its table."""
        self.run_worker(self._start_local(game), group="table", exclusive=True)

    async def _start_local(self, game: LocalGame) -> None:
        await self.close_table()
        try:
            table = await open_table(game, new_local_path(game.game, self.local_saves))
        except ValueError as err:
            self.push_screen(NoticeScreen("Cannot start this game", str(err)))
            return
        if self.local_form is not None:
            self.local_form = attrs.evolve(self.local_form, last_seed=table.seed, last_game=game.game)
        await self._show_local(table)

    def continue_local(self, path: Path) -> None:
        """Take up the local game saved in ``path`` (a menu's Continue entry)."""
        self.run_worker(self._continue_local(path), group="table", exclusive=True)

    async def _continue_local(self, path: Path) -> None:
        await self.close_table()
        try:
            table = await continue_table(path)
        except SaveError as err:
            self.push_screen(NoticeScreen("Cannot continue this game", str(err)))
            return
        await self._show_local(table)

    async def _show_local(self, table: LocalTable) -> None:
        """Show the table of the local game ``table`` (started), paced as it is saved."""
        self.table = table
        self.again = "solo"
        screen = TABLES.get(table.host.game.name, TableScreen)
        await self.push_screen(
            screen(table.humans, story=table.spectator, pace=table.host.bot_delay,
                   leave=lambda: self.run_worker(self.close_table()),
                   leave_question=LOCAL_LEAVE_QUESTION, saves=table)
        )

    # ---- LAN tables ----

    def host_saved(self, saved: SavedGame) -> None:
        """The host form for hosting the ``saved`` hosted game again (the menu's *Host a
        saved game again…*; its start does what ``parlour host --resume FILE`` does)."""
        played_as = host_played_as(saved, self.tokens)
        self.push_screen(HostSetupScreen(resumed_table(saved, played_as), saved, played_as=played_as))

    def host_overrides(self, settings: HostSettings) -> HostSettings:
        """``settings`` from the host form with :attr:`host_defaults` applied."""
        return attrs.evolve(settings, **self.host_defaults) if self.host_defaults else settings

    async def _join_hosted(self, hosted: Any, settings: HostSettings) -> None:
        self.hosted_taken = True  # from here on the session (or join_hosted) stops it
        try:
            session = await join_hosted(hosted, settings, self.tokens, **self.link_options)
        except HostError as err:
            self.push_screen(NoticeScreen("Cannot host this table", str(err)))
            return
        await self.start_session(session)

    async def start_session(self, session: LanSession) -> None:
        """Show the lobby of a table just hosted or joined (closing any other game)."""
        await self.close_table()
        self.session = session
        self.again = session.again
        session.link.on_status(lambda status: self._link_status(session, status))
        await self.push_screen(LobbyScreen(session))

    def show_lan_table(self, session: LanSession) -> None:
        """The game at ``session``'s table has started: show its table over the lobby
        (the table of the game its link plays now: the lobby may have changed it)."""
        if session is self.session:
            screen = LAN_TABLES.get(session.link.game.name, LanTableScreen)
            self.push_screen(screen(session, pace=self.pace,
                                    leave=lambda: self.run_worker(self.close_table())))

    def _link_status(self, session: LanSession, status: LinkStatus) -> None:
        if status.state == "closed" and session is self.session and not session.closing:
            self.run_worker(self._table_lost(session, status))

    async def _table_lost(self, session: LanSession, status: LinkStatus) -> None:
        """The table closed the connection for good (kicked, shut down...)."""
        reason = status.reason or "The table closed the connection."
        snap = session.link.snapshot() if session.link.has_snapshot else None
        if session.link.game_over is not None or (snap is not None and snap.over):
            self.notify(f"{reason} The game is over; q leaves.", title="Table closed", markup=False)
            return
        await self.close_table()
        if status.code == BAD_TOKEN and session.hosted is None:
            self._join_again(session)
            return
        if status.code == TABLE_SAVED and session.was_seated:
            reason += (f" Once the host hosts it again, join with the same name ({session.link.name}) "
                       "to get your seat back.")
        self.push_screen(NoticeScreen("Disconnected from the table", reason))

    def _join_again(self, session: LanSession) -> None:
        """The table no longer knows this player's seat token (a table resumed from a
        save older than the seat's last change): forget the token and join the same
        table again at once, to watch, with a line saying how to get the seat back
        (player-tester 6, finding 3: the player was left at the menu with "Unknown seat
        token.")."""
        link = session.link
        if self.tokens is not None:
            self.tokens.drop(session.key)
        self.notify("The table no longer knows your seat: joining it again to watch. "
                    "Ask the host to give your seat back with /seat N YOUR-NAME.",
                    title="Seat not known", timeout=20, markup=False)
        self.open_join(JoinForm(session.address, link.name, session.code or "", auto=True))

    # ---- replays ----

    def show_replay(self, snaps: list, title: str = "", ended: str = "") -> None:
        """Step through ``snaps`` (tui.screens.replay.replay_snapshots) at the table of
        the game they show; ``ended``: how the host ended it (net.saves.ended_text)."""
        screen = (CardReplayScreen if isinstance(snaps[0].view, ZatreCardsView) else
                  ZestreaReplayScreen if isinstance(snaps[0].view, ZestreaView) else
                  EstateReplayScreen if isinstance(snaps[0].view, EstateView) else ReplayScreen)
        self.again = "replayed"  # the results' g: a new game like this one (its setup form)
        self.replay_form = replayed_form(snaps[0].view, tuple(snaps[0].names), tuple(snaps[0].bots), self.pace,
                                         self._player_name())
        self.push_screen(screen(snaps, title, leave=lambda: self.run_worker(self.close_table()), ended=ended))

    def _player_name(self) -> str:
        """The name the player last gave themself in the setup form (its first human
        seat), else the form's default: the seat they take in a new game like a replay
        of bots only."""
        form = self.local_form
        if form is not None:
            for kind, name in zip(form.kinds, form.names):
                if kind == "human" and name.strip():
                    return name.strip()
        return HUMAN_NAME

    # ---- leaving ----

    def in_play(self) -> str | None:
        """What quitting now would end: ``"local"`` (a local game not over yet),
        ``"new"`` (one with nothing saved yet: no move was made, tester 7, finding 3),
        ``"host"`` or ``"lan"`` (a LAN table hosted or joined; ``"hosted"``: a hosted game
        under way and saved, :attr:`tui.lan.LanSession.resumable`), else ``None``."""
        if self.session is not None:
            if self.session.resumable:
                return "hosted"
            return "host" if self.session.hosted is not None else "lan"
        if self.table is not None:
            tables = [s for s in self.screen_stack if isinstance(s, (TableScreen, CardTableScreen))]
            if not tables or tables[-1].snap is None or not tables[-1].snap.over:
                return "local" if self.table.saved else "new"
        return None

    async def action_quit(self) -> None:
        """Ctrl+Q: quit at once, unless a game is in progress: then ask first (as
        ``q`` at the table does)."""
        what = self.in_play()
        if what is None:
            self.exit()
            return
        if isinstance(self.screen, ConfirmScreen) and self.screen.question == self.QUIT_QUESTIONS[what]:
            return  # already asked

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(self.QUIT_QUESTIONS[what], "Quit", "Stay"), answered)

    async def close_table(self, then: str | None = None) -> None:
        """Back to the menu (stopping the game or leaving the LAN table), then open
        ``then``: the join screen after a LAN table joined is filled in with its
        address, room code and the player's name (the next game at the same table; at
        a relay, where the next table gets a new code, the code is left for the player
        to ask the host for: :func:`tui.lan.relay_made`, tester 5, finding 1);
        the host form after a table hosted, with that table's settings (game, name,
        port, advertising, where it listens or the relay it went through:
        :func:`tui.lan.next_table`)."""
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        table, self.table = self.table, None
        if table is not None:
            await table.stop()
        session, self.session = self.session, None
        if session is not None:
            await session.close()
        if session is not None:
            self.clear_notifications()  # the table's toasts ("Table closed … q leaves") are over
        if then == "join" and session is not None and session.hosted is None:
            new_code = relay_made(session.code)
            self.open_join(JoinForm(session.address, session.link.name, "" if new_code else session.code or "",
                                    new_code=new_code))
        elif then == "host" and session is not None and (again := next_table(session)) is not None:
            self.push_screen(HostSetupScreen(again))
        elif then:
            self.open(then)

    async def on_unmount(self) -> None:
        if self.table is not None:
            await self.table.stop()
        if self.session is not None:
            await self.session.close()
