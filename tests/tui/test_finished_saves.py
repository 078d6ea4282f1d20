"""A hosted game that is over, or that its host ended with ``/end``, is not hosted
again: ``parlour host --resume FILE`` refuses it in one line (exit status 1, nothing
written), the menu's *Host a saved game again…* does not list it, and the host form
opened before such a save changed says why it cannot start."""

from __future__ import annotations

import functools

import pytest
from textual.widgets import OptionList, Static

from net.saves import read
from tests.net.test_ended_save import ended_after_two_moves
from tests.net.test_finished_resume import on_disk, over_save
from tests.net.test_save_format import reseal
from tests.tui.test_saved_relay_form import HeadlessApp, open_host_again_form, relayed_save
from tui.__main__ import _host, parse_args
from tui.screens.host_setup import HostSetupScreen

from .helpers import SIZE, until
from .lan_helpers import app_for


@pytest.mark.parametrize("finished, told", [
    ("ended", "The host ended the game in {path} after move 2"),
    ("over", "The game in {path} is over (move 2)"),
])
async def test_parlour_host_resume_of_a_finished_game_is_refused_in_one_line(tmp_path, capsys, monkeypatch,
                                                                             finished, told):
    monkeypatch.setattr("tui.app.ParlourApp", functools.partial(HeadlessApp, []))  # (were a table opened)
    if finished == "ended":
        path = await ended_after_two_moves(tmp_path)
    else:
        path = over_save(tmp_path / "over.json", monkeypatch)
    before = on_disk(tmp_path)
    args = parse_args(["host", "--resume", str(path), "--bind", "127.0.0.1", "--port", "0", "--no-advertise"])
    assert await _host(args) == 1
    assert capsys.readouterr().err == (
        f"parlour host: {told.format(path=path)}: it cannot be hosted again; parlour replay {path} shows it.\n")
    assert on_disk(tmp_path) == before


async def test_the_menu_does_not_offer_to_host_a_finished_game_again(tmp_path, monkeypatch):
    folder = tmp_path / "hosted"
    folder.mkdir()
    await ended_after_two_moves(folder)
    over_save(folder / "over.json", monkeypatch)
    assert await menu_entries(tmp_path, folder) == []
    unfinished = relayed_save(folder, None)
    assert await menu_entries(tmp_path, folder) == [unfinished]


async def menu_entries(tmp_path, folder) -> list:
    """The saves the menu offers to host again from ``folder`` (none: no entry for them)."""
    app = app_for(tmp_path, hosted_saves=folder, local_saves=tmp_path / "local")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ("hosted-saves" in ids) == bool(app.screen.hosted)
        return [game.path for game in app.screen.hosted]


async def test_the_form_of_a_game_ended_meanwhile_says_why_it_cannot_start(tmp_path):
    path = relayed_save(tmp_path / "hosted", None)
    app = app_for(tmp_path, hosted_saves=tmp_path / "hosted", local_saves=tmp_path / "local",
                  host_defaults={"bind": "127.0.0.1", "port": 0, "advertise": False})
    async with app.run_test(size=SIZE) as pilot:
        form = await open_host_again_form(app, pilot)
        reseal(path, lambda outer: outer["body"].update(ended_early=True))  # (hosted elsewhere and /end)
        before = on_disk(tmp_path / "hosted")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "cannot be hosted again" in str(form.query_one("#host-error", Static).render()))
        assert str(form.query_one("#host-error", Static).render()) == (
            f"✗ The host ended the game in {path} after move 3: it cannot be hosted again; "
            f"parlour replay {path} shows it.")
        assert isinstance(app.screen, HostSetupScreen) and app.session is None
        assert on_disk(tmp_path / "hosted") == before and read(path)[0].version == 3
