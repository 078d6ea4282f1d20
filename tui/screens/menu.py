"""The main menu: continue a saved local game, solo practice, host (a saved hosted game
again too), join, each game's rules, quit."""

from __future__ import annotations

import time

from rich.cells import cell_len
from textual.app import ComposeResult
from textual import events
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from net.saves import SaveError, SavedGame, folder_problem

from ..names import first_fitting, fit, seat_name

from .base import ParlourScreen
from .saved_games import HOSTED_TITLE, SavedGamesScreen, ask_discard
from .whole_log import WholeLogScreen

TITLE = r"""
 ___  ___  ___  _    ___  _ _  ___
| . \| . || . \| |  | . || | || . \
|  _/|   ||   /| |_ | | || ' ||   /
|_|  |_|_||_\_\|___||___||___||_\_\
"""


RULES_KEYS = Binding.Group("Rules", compact=True)
"""The footer's one place for every game's rules keys."""

CONTINUE_SHOWN = 3
"""How many unfinished local games the menu offers to continue (the latest ones); with
more, one more entry lists them all (:class:`SavedGamesScreen`)."""


ENTRY_CELLS = 68
"""The terminal cells a menu entry may take on one line: the list is 76 wide, its borders
take 2, its padding 2, each entry's padding 2 and the scrollbar 2 (three games to
continue make the list scroll; player-tester findings on Estate, item 15: "move 102 ·
01 Dec" lost its time to a hidden second line)."""


MIDDLE_CELLS = 16
"""Cells an entry keeps at least for its game, table and players before a hosted game's
relay is said in fewer words (``"hosted through a relay"``)."""


def continue_text(game: SavedGame, width: int = ENTRY_CELLS) -> str:
    """A Continue entry, one line of at most ``width`` cells (the players cut to fit):
    ``"Continue Zatre · You, Ada (strong bot) · move 12 · 30 Nov 20:41"``."""
    return _entry(f"Continue {game.title} · ", _players(game), game, width=width)


def hosted_text(game: SavedGame, width: int = ENTRY_CELLS) -> str:
    """A hosted game's entry, one line of at most ``width`` cells (its table and players
    cut to fit): ``"Zatre · Friday · Ann, Bob · move 12 · 30 Nov 20:41 · hosted (LAN)"``
    (tester 7, finding 1), or for one hosted through a remote relay ``"… · hosted (relay
    ws://relay:7531)"``, ``"… · hosted through a relay"`` where the URL leaves too little room."""
    where = ((f" · hosted (relay {game.relay})", " · hosted through a relay") if game.relay
             else (" · hosted (LAN)",))
    return _entry("", f"{game.title} · {game.table} · {_players(game)}", game, where, width)


def _players(game: SavedGame) -> str:
    """``"You, Ada (strong bot), Easy bot"``: the saved game's seats (:func:`seat_name`)."""
    return ", ".join(seat_name(game.names, game.bots, seat) for seat in range(len(game.names)))


def _entry(head: str, middle: str, game: SavedGame, after: tuple[str, ...] = ("",),
           width: int = ENTRY_CELLS) -> str:
    """``head``, ``middle`` cut to fit, the move and date, then the first of ``after``
    (longest wording first) that leaves ``middle`` :data:`MIDDLE_CELLS`: a saved game's
    entry in at most ``width`` cells."""
    when = time.strftime("%d %b %H:%M", time.localtime(game.saved_at))
    tail = f" · move {game.moves} · {when}"
    tail += first_fitting(after, width - cell_len(head) - cell_len(tail) - MIDDLE_CELLS)
    return f"{head}{fit(middle, max(1, width - cell_len(head) - cell_len(tail)))}{tail}"


class MenuScreen(ParlourScreen):
    """Where Parlour starts. Each entry also has a letter key; the unfinished local
    games (solo, hotseat) come first, the latest first, ``o`` taking up the latest and
    ``d`` discarding the highlighted one (asked first; it stays replayable); past
    :data:`CONTINUE_SHOWN` of them, an entry lists them all. With unfinished hosted
    games, an entry lists them to host one again (tester 7, finding 1). Saves that
    cannot be read are said below the list, ``w`` listing why for each."""

    BINDINGS = [
        Binding("o", "continue_latest", "Continue"),
        Binding("d", "discard", "Discard"),
        Binding("s", "choose('solo')", "Solo"),
        Binding("h", "choose('host')", "Host"),
        Binding("j", "choose('join')", "Join"),
        # a key for each game's rules, grouped to fit 80 columns ("rcze Rules"; the
        # entries say which key is whose)
        Binding("r", "choose('rules')", "Zatre rules", group=RULES_KEYS),
        Binding("c", "choose('rules-cards')", "Card rules", group=RULES_KEYS),
        Binding("z", "choose('rules-zestrea')", "Zestrea rules", group=RULES_KEYS),
        Binding("e", "choose('rules-estate')", "Estate rules", group=RULES_KEYS),
        Binding("w", "why_unreadable", "Why"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saved: list[SavedGame] = []  # the games the Continue entries take up
        self.unfinished: list[SavedGame] = []  # every unfinished local game, the latest first
        self.hosted: list[SavedGame] = []  # every unfinished hosted game, the latest first
        self.unreadable: list[SaveError] = []  # local saves that could not be read

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(TITLE, id="menu-title")
            yield Static("a table for tabletop games · Zatre, Zatre: Das Kartenspiel, Zestrea, Estate", id="menu-subtitle")
            with Center():
                yield OptionList(*self._options(), id="menu-options")
            yield Static(self._unreadable_text(), id="menu-problems", markup=False)
        yield Footer()

    def _unreadable_text(self) -> str:
        """What the menu says of saved games it could not open (``""``: none): the
        first one's reason, so a game never vanishes from Continue without a word; or,
        first, that a file is in the way of the saves folder (nothing can be saved)."""
        blocked = folder_problem(self.app.local_saves)  # type: ignore[attr-defined]
        if blocked is not None:
            return f"⚠ Games cannot be saved: {blocked}. Move it away to keep games; playing works."
        if not self.unreadable:
            return ""
        more = len(self.unreadable) - 1
        others = f" (and {more} more; w says why for each)" if more else ""
        return f"⚠ A saved game could not be opened{others}: {self.unreadable[0]}"

    def _options(self) -> list[Option]:
        """The entries: a Continue per unfinished local game, then the fixed ones (and
        the hosted games' entry after *Host*, when there are some)."""
        self.unreadable = []
        self.unfinished = self.app.saved_local_games(self.unreadable)  # type: ignore[attr-defined]
        self.hosted = self.app.saved_hosted_games(self.unreadable)  # type: ignore[attr-defined]
        hosted = [Option(f"Host a saved game again…  ({len(self.hosted)} unfinished)", id="hosted-saves")
                  ] if self.hosted else []
        self.saved = self.unfinished[:CONTINUE_SHOWN]
        more = len(self.unfinished) - len(self.saved)
        listed = [Option(f"More unfinished games…  ({more} more, {len(self.unfinished)} in all)", id="saved-all")
                  ] if more else []
        return [Option(continue_text(game), id=f"continue:{i}") for i, game in enumerate(self.saved)] + listed + [
            Option("Solo practice  (and hotseat: several players, one keyboard)", id="solo"),
            Option("Host a game on the LAN", id="host"),
            *hosted,
            Option("Join a game on the LAN", id="join"),
            Option("Rules of Zatre  (r)", id="rules"),
            Option("Rules of Zatre: Das Kartenspiel  (the card game, c)", id="rules-cards"),
            Option("Rules of Zestrea  (z)", id="rules-zestrea"),
            Option("Rules of Estate: Raise the Realm  (e)", id="rules-estate"),
            Option("Quit", id="quit"),
        ]

    def on_screen_resume(self) -> None:
        """Back at the menu (a game left or finished): list the saved games anew (the
        highlight stays on the entry it was on, or goes to the first)."""
        self._relist()

    def _relist(self) -> None:
        was = (list(self.unfinished), list(self.hosted))
        options = self.query_one(OptionList)
        entries = self._options()
        self.query_one("#menu-problems", Static).update(self._unreadable_text())
        if (self.unfinished, self.hosted) == was:
            return
        index = options.highlighted
        kept = options.get_option_at_index(index).id if index is not None else None
        options.clear_options()
        options.add_options(entries)
        # the entry it was on, if it is still there (not a Continue entry: those moved);
        # else the first (player-tester 4, item 2: "More unfinished games…" gone, a crash)
        ids = [entry.id for entry in entries]
        fixed = kept is not None and not kept.startswith("continue:") and kept in ids
        options.highlighted = ids.index(kept) if fixed else 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_latest":
            return bool(self.saved)
        if action == "discard":
            return self._highlighted_saved() is not None
        if action == "why_unreadable":
            return bool(self.unreadable)
        return True

    def _highlighted_saved(self) -> SavedGame | None:
        """The saved game of the highlighted Continue entry (``None``: another entry)."""
        options = self.query_one(OptionList)
        index = options.highlighted
        what = options.get_option_at_index(index).id if index is not None else None
        if what is None or not what.startswith("continue:"):
            return None
        return self.saved[int(what.split(":")[1])]

    def on_key(self, event: events.Key) -> None:
        """``d`` with no Continue entry highlighted (its footer key hidden): say what it
        needs rather than nothing."""
        if event.key == "d" and self._highlighted_saved() is None:
            event.stop()
            needs = ("d discards an unfinished game: highlight its Continue entry (↑↓) first."
                     if self.saved else "d discards an unfinished game; there is none to discard.")
            self.notify(needs, markup=False)

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # Discard shows on Continue entries only

    def action_discard(self) -> None:
        """Discard the highlighted unfinished game, once the player says yes: it leaves
        the menu and is kept in the saves' discarded folder (``parlour replay``)."""
        game = self._highlighted_saved()
        if game is not None:
            ask_discard(self, game, continue_text(game).removeprefix("Continue "), self._relist)

    def action_why_unreadable(self) -> None:
        """List every save that could not be opened, and why."""
        self.app.push_screen(WholeLogScreen([f"• {err}" for err in self.unreadable],
                                            title="Saved games that could not be opened", at_end=False))

    def _choose_saved(self) -> None:
        """Every unfinished game, to continue one of them (or discard it)."""

        def chosen(path: object) -> None:
            if path is not None:
                self.app.continue_local(path)  # type: ignore[attr-defined]
            else:
                self._relist()

        self.app.push_screen(SavedGamesScreen(self.unfinished, continue_text), chosen)

    def _choose_hosted(self) -> None:
        """Every unfinished hosted game, to host one again (its host form) or discard it."""

        def chosen(path: object) -> None:
            saved = next((game for game in self.hosted if game.path == path), None)
            if saved is not None:
                self.app.host_saved(saved)  # type: ignore[attr-defined]
            else:
                self._relist()

        self.app.push_screen(SavedGamesScreen(self.hosted, hosted_text, HOSTED_TITLE), chosen)

    def action_continue_latest(self) -> None:
        if self.saved:
            self.app.continue_local(self.saved[0].path)  # type: ignore[attr-defined]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        what = event.option.id or ""
        if what.startswith("continue:"):
            self.app.continue_local(self.saved[int(what.split(":")[1])].path)  # type: ignore[attr-defined]
            return
        if what == "saved-all":
            self._choose_saved()
            return
        if what == "hosted-saves":
            self._choose_hosted()
            return
        self.action_choose(what)

    def action_choose(self, what: str) -> None:
        self.app.open(what)  # type: ignore[attr-defined]
