"""A host who leaves a saved game under way: the others are told the game is saved and
how to get their seats back (joining again with the same name once it is hosted again),
not only "The host closed the table.". The close code says so (``TABLE_SAVED``, final:
the guest does not keep reconnecting to a table that is gone), not only the reason's
words, so any client can tell (docs/protocol.md, "Close codes")."""

from __future__ import annotations

from net.cli import CLOSED_SAVED
from net.closecodes import FINAL, TABLE_CLOSED, TABLE_SAVED
from tui.lan import TokenStore, join_table
from tui.screens.notice import NoticeScreen

from .helpers import SIZE, until
from .lan_helpers import LINK, app_for, host_session, hosted
from .test_lan_table import bob_in_the_app


async def bob_told_when_ann_leaves(tmp_path, start: bool) -> tuple[str, int | None]:
    """Ann hosts a saved table (her session outside the app), Bob joins it in the app
    (both seated and the game started if ``start``); Ann leaves: what Bob is told, and
    the close code his link got."""
    table = await hosted("Friday", seed=1, save=tmp_path / "Friday.json")
    tokens = TokenStore(tmp_path / "tokens.json")
    app = app_for(tmp_path, tokens=tokens)
    ann = await host_session(table, "Ann", TokenStore(tmp_path / "ann-tokens.json"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            if start:
                await bob_in_the_app(pilot, app, table, tokens, ann)
                await until(pilot, lambda: ann.resumable)
            else:
                await app.start_session(await join_table(table.join_address, "Bob", tokens=tokens, **LINK))
            link = app.session.link
            await ann.close()  # the host leaves: the game stops (and is saved once started)
            await until(pilot, lambda: isinstance(app.screen, NoticeScreen))
            return app.screen.text, link.status.code
    finally:
        await ann.close()
        await table.stop()


async def test_a_guest_is_told_the_game_is_saved_and_how_to_get_the_seat_back(tmp_path):
    text, code = await bob_told_when_ann_leaves(tmp_path, start=True)
    assert text == (
        f"{CLOSED_SAVED} Once the host hosts it again, join with the same name (Bob) to get your seat back.")
    assert code == TABLE_SAVED and code in FINAL


async def test_a_table_closed_before_its_game_started_says_nothing_of_a_save(tmp_path):
    assert await bob_told_when_ann_leaves(tmp_path, start=False) == ("The host closed the table.", TABLE_CLOSED)
