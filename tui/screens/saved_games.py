"""Every unfinished local game, when the menu has more than its Continue entries show
(player-tester 3, item 2: a fourth unfinished game could not be reached); every
unfinished hosted game, to host one again (tester 7, finding 1). Enter takes the
highlighted one up, ``d`` discards it (asked first), Escape goes back."""

from __future__ import annotations

from typing import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from net.saves import SaveError, SavedGame, discard_local

from .base import ParlourModal
from .confirm import ConfirmScreen
from .notice import NoticeScreen


def ask_discard(screen: Screen, game: SavedGame, text: str, then: Callable[[], None]) -> None:
    """Ask whether to discard the unfinished ``game`` (shown as ``text``); if yes, move
    it to the saves' ``discarded`` folder (it stays replayable) and call ``then``. A
    save that cannot be moved is said in a notice."""
    app = screen.app

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        try:
            discard_local(game.path)
        except SaveError as err:
            app.push_screen(NoticeScreen("Cannot discard this game", str(err)))
            return
        then()

    app.push_screen(ConfirmScreen(
        f"Discard {text}? It leaves the menu and cannot be continued; parlour replay still "
        f"opens it ({game.path.parent / 'discarded'}).", yes="Discard", no="Keep"), answered)


LOCAL_TITLE = "Unfinished games · Enter: continue · d: discard · Escape: back"
HOSTED_TITLE = "Hosted games · Enter: host it again · d: discard · Escape: back"
"""The list's title for local games, and for hosted ones."""


class SavedGamesScreen(ParlourModal):
    """Lists ``games`` (each shown by ``entry(game)``, then, once the list is laid out,
    by ``entry(game, width)``: one line of at most ``width`` cells, as wide as the list
    is on this screen), the latest first, under ``title``; dismisses with the path of
    the one to take up, or ``None``."""

    BINDINGS = [
        Binding("escape", "dismiss_none", "Back"),
        Binding("d", "discard", "Discard"),
    ]

    def __init__(self, games: Sequence[SavedGame], entry: Callable[..., str],
                 title: str = LOCAL_TITLE) -> None:
        super().__init__()
        self.games = list(games)
        self.entry = entry
        self.heading = title
        self.cells: int | None = None  # an entry's width, measured once the list is laid out

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="saved-games"):
            yield Static(self.heading, classes="dialog-title", markup=False)
            yield OptionList(*self._options(), id="saved-games-list")

    def _options(self) -> list[Option]:
        return [Option(self._text(game), id=str(i)) for i, game in enumerate(self.games)]

    def _text(self, game: SavedGame) -> str:
        return self.entry(game) if self.cells is None else self.entry(game, self.cells)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The entries fitted to the list's width (room kept for its scrollbar), so a
        wider screen shows more of the names."""
        options = self.query_one(OptionList)
        cells = options.content_region.width - options.styles.scrollbar_size_vertical
        if cells > 0 and cells != self.cells:
            self.cells = cells
            self._relist(options, options.highlighted or 0)

    def _relist(self, options: OptionList, highlighted: int = 0) -> None:
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.games[int(event.option.id or 0)].path)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_discard(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None or not self.games:
            return
        game = self.games[options.highlighted]

        def gone() -> None:
            self.games.remove(game)
            if not self.games:
                self.dismiss(None)
                return
            self._relist(options)

        ask_discard(self, game, self._text(game).removeprefix("Continue "), gone)
