"""Base classes for Parlour's screens: each one covers itself with a "terminal too
small" notice below 80x24 and takes it away when the terminal grows again, and keeps
its footer compact while the terminal is narrow."""

from __future__ import annotations

from textual import events
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer

from ..widgets.too_small import TooSmall, too_small


ROOMY_FOOTER = 100
"""Below this many columns footers are compact (one space between keys), so that every
key of a LAN table, chat's ``t`` too, is readable at 80 (player-tester 3, item 8)."""


class _Sized:
    """Mixin: keeps the ``-too-small`` class of a screen in step with the terminal."""

    @property
    def is_too_small(self) -> bool:
        return self.has_class("-too-small")  # type: ignore[attr-defined]

    def on_mount(self) -> None:
        self.mount(TooSmall())  # type: ignore[attr-defined]
        self._check_size()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size  # type: ignore[attr-defined]
        for footer in self.query(Footer):  # type: ignore[attr-defined]
            footer.compact = width < ROOMY_FOOTER
        small = too_small(width, height)
        if small != self.is_too_small:
            self.set_class(small, "-too-small")  # type: ignore[attr-defined]
            self.size_changed(small)
        if small:
            self.query_one(TooSmall).refresh()  # type: ignore[attr-defined]

    def size_changed(self, small: bool) -> None:
        """Called when the screen becomes too small or big enough again."""
        self.refresh_bindings()  # type: ignore[attr-defined]


class ParlourScreen(_Sized, Screen):
    """A full screen."""


class ParlourModal(_Sized, ModalScreen):
    """A modal screen (a choice or notice over another screen). It has a footer of its
    own, with its own keys (``y``/``n``, Esc), over the one of the screen under it,
    whose keys do not act meanwhile (player-tester findings on Estate, item 11)."""

    def on_mount(self) -> None:  # (the mixin's on_mount runs as well: Textual)
        if not self.query(Footer):
            self.mount(Footer())
