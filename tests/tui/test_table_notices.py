"""Notices (toasts) at every game's table keep off the panels' borders (tui-leftovers
brief, item 3): a toast drawn over a border ("Spec joined the table." over the top
border of Estate's Now panel, or over the board's right border at Zatre's table) left
its edge, "▌" (the toast's border-left), in that border after it went. Placed by CSS
the way Textual's docs say (the ToastRack and Toast types, tui/parlour.tcss), a toast
sits inside the right-hand panel, below the status line and the top borders."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast, ToastRack

from tui.app import ParlourApp

from . import estate_helpers, helpers, zestrea_helpers
from .test_cards_table import cards_game, start as cards_start

NOTICE = "Spec joined the table. (+1 more: t for the chat)"
NO_LINE = ("", "none", "hidden", "blank")


def border_cells(screen) -> set[tuple[int, int]]:
    """The screen cells ``(x, y)`` where a widget's border is drawn (toasts left out)."""
    cells: set[tuple[int, int]] = set()
    for widget in screen.query("*"):
        if isinstance(widget, (Toast, ToastRack)) or any(isinstance(a, ToastRack) for a in widget.ancestors):
            continue
        try:
            geometry = screen.find_widget(widget)
        except Exception:  # (not shown)
            continue
        region, shown = geometry.region, geometry.region.intersection(geometry.clip)
        styles = widget.styles
        edges = []
        if styles.border_top[0] not in NO_LINE:
            edges += [(x, region.y) for x in range(region.x, region.right)]
        if styles.border_bottom[0] not in NO_LINE:
            edges += [(x, region.bottom - 1) for x in range(region.x, region.right)]
        if styles.border_left[0] not in NO_LINE:
            edges += [(region.x, y) for y in range(region.y, region.bottom)]
        if styles.border_right[0] not in NO_LINE:
            edges += [(region.right - 1, y) for y in range(region.y, region.bottom)]
        cells |= {cell for cell in edges if shown.contains(*cell)}
    return cells


TABLES = {
    "zatre": (helpers.start, helpers.solo),
    "zatre-cards": (cards_start, cards_game),
    "zestrea": (zestrea_helpers.start, zestrea_helpers.zestrea_game),
    "estate": (estate_helpers.start, estate_helpers.estate_game),
}


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize("game", list(TABLES))
async def test_a_notice_at_the_table_covers_no_border(game, size):
    start, setup = TABLES[game]
    app = ParlourApp(pace=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        table = await start(pilot, setup())
        table.notify(NOTICE, markup=False)
        await helpers.until(pilot, lambda: bool(table.query(Toast)))
        await pilot.pause()
        toast = table.query_one(Toast).region
        assert toast.height >= 2  # (the notice is whole: two lines at 29 cells)
        covered = {(x, y) for x in range(toast.x, toast.right) for y in range(toast.y, toast.bottom)}
        assert not covered & border_cells(table), (game, toast)
        assert toast.y > 1, "below the status line and the panels' top borders"
