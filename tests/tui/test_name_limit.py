"""Every name field says its limit (player-tester 21, finding 9: a 13th character typed
into the setup form's Name was dropped without a word): a character refused for it
brings a notice naming the limit, and the setup form's Name column says it before."""

from __future__ import annotations

from textual.widgets import Input

from net.protocol import MAX_NAME as NET_NAME
from tui.lan import HostSettings
from tui.screens.host_setup import HostSetupScreen
from tui.screens.join import JoinScreen
from tui.screens.local_setup import MAX_NAME, LocalSetupScreen
from tui.widgets.field_label import FieldLabel
from tui.widgets.name_input import limit_words

from .helpers import until
from .lan_helpers import app_for

SMALL = (80, 24)
WIDE_NAME = "王者荣耀之巅峰对决天下第一"
"""The tester's 13 wide characters."""


def told(app) -> list[str]:
    """Record every notice the app gives from now on; the list fills as they come."""
    notices: list[str] = []
    notify = app.notify

    def recording(message, *args, **kwargs):
        notices.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = recording
    return notices


async def type_over(pilot, field: Input, text: str) -> None:
    """Focus ``field``, empty it and type ``text`` key by key."""
    field.focus()
    field.value = ""
    await pilot.pause()
    await pilot.press(*text)


async def test_the_setup_forms_thirteenth_character_is_refused_with_a_word(tmp_path):
    """Finding 9: the Name column says "up to 12"; the 13th wide character typed is
    not taken, and a notice says "A name has at most 12 characters." (once, however
    many more are typed)."""
    app = app_for(tmp_path, local_saves=tmp_path / "saves")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, LocalSetupScreen))
        form = app.screen
        heads = [lb.text for lb in form.query(FieldLabel) if lb.has_class("head")]
        assert f"Name (up to {MAX_NAME})" in heads
        notices = told(app)
        name = form.query_one("#name-0", Input)
        await type_over(pilot, name, WIDE_NAME[:12])
        assert name.value == WIDE_NAME[:12] and notices == []
        await pilot.press(WIDE_NAME[12], "x", "y")
        assert name.value == WIDE_NAME[:12]
        assert len(notices) == 1 and notices[0].startswith(limit_words(12))


async def test_the_host_and_join_forms_say_their_name_limit(tmp_path):
    """Finding 9, every name field: the host form's and the join form's "Your name" take
    the wire's limit (net.protocol.MAX_NAME) and say it when one more is typed."""
    app = app_for(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        host = HostSetupScreen(HostSettings("Friday", "Ann"))
        await app.push_screen(host)
        await pilot.pause()
        notices = told(app)
        name = host.query_one("#host-player", Input)
        await type_over(pilot, name, "a" * (NET_NAME + 1))
        assert name.value == "a" * NET_NAME and notices and notices[-1].startswith(limit_words(NET_NAME))
        app.pop_screen()
        await pilot.pause()
        await app.push_screen(JoinScreen(None))
        await pilot.pause()
        name = app.screen.query_one("#join-name", Input)
        notices.clear()
        await type_over(pilot, name, "b" * (NET_NAME + 2))
        assert name.value == "b" * NET_NAME and len(notices) == 1
