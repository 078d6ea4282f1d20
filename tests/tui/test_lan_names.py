"""Names are shown as typed, never read as Textual markup: ``Zed[/]`` (which crashed the
host's seat list), ``[@click=app.quit]x`` (a clickable action, and a crash as
``away, held 1:59 more``), ``[AFK] Bob`` (which showed as `` Bob``), in the lobby, at the table,
in its notices and in the chat."""

from __future__ import annotations

from textual.widgets import OptionList
from textual.widgets._toast import Toast

from tui.lan import TokenStore
from tui.screens.lobby import LobbyScreen
from tui.zatre.lan_table import LanTableScreen
from tui.zatre.scores import ScoreStrip

from .helpers import SIZE, shown, until
from .lan_helpers import app_for, guest, hold_connection, host_session, hosted

ZED, CLICK, AFK = "Zed[/]", "[@click=app.quit]x", "[AFK] Bob"


def drawn(widget) -> str:
    """What ``widget`` draws on screen, line by line."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def toasts(screen) -> str:
    return "\n".join(str(t.render()) for t in screen.query(Toast))


async def test_names_like_markup_show_as_typed_and_the_host_survives(tmp_path):
    table = await hosted(grace=60)
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    links = []
    try:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await app.start_session(await host_session(table, "Ann", tokens))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            seats = lobby.query_one("#lobby-seats", OptionList)
            links = [await guest(table, name) for name in (ZED, CLICK, AFK)]
            zed, click, afk = links
            await click.say("/join")
            await afk.say("/join")
            await until(pilot, lambda: f"2 {AFK}" in drawn(seats))
            shown_seats = drawn(seats)
            assert "1 [@click=app.q…" in shown_seats and f"watching: Ann, {ZED}" in shown_seats

            gate = hold_connection(click)  # away: the seat list counts down ("away, held 1:59 more")
            await until(pilot, lambda: "away" in drawn(seats))
            assert "1 [@click=app.q…" in drawn(seats)
            gate.set()
            await until(pilot, lambda: "away" not in drawn(seats))

            await app.session.say("/start")
            await until(pilot, lambda: isinstance(app.screen, LanTableScreen) and app.screen.snap is not None)
            game = app.screen
            scores = shown(game.query_one(ScoreStrip))
            assert CLICK[:11] + "…" in scores and AFK in scores  # cut to the column, as typed
            assert game.query_one("#sheet")._border_title.plain == f"Sheet: {CLICK}"
            await afk.say(f"[red]hi[/] {ZED}")  # chat pops up as typed, under its sender's name
            await until(pilot, lambda: f"[red]hi[/] {ZED}" in toasts(game))
            assert AFK in toasts(game)
            game._toasts.gap = 0  # (toasts are gated a few seconds apart: not what this checks)
            hold_connection(click)  # a notice naming the player: as typed too
            await until(pilot, lambda: f"{CLICK} lost the connection" in toasts(game))
            await pilot.pause()
            assert app.is_running and app.screen is game  # no [@click=app.quit] was made
    finally:
        for link in links:
            await link.close()
        await app.close_table()
        await table.stop()
