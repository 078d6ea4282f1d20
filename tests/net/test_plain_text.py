"""Names, table names and command words hold no control or format characters (they
would break a seat list's lines, reorder text or drive the terminal): refused at the
protocol boundary. Chat keeps its words but loses those characters, so a chat line
stays one line (docs/protocol.md, "Encoding rules")."""

from __future__ import annotations

import json

import pytest

from net import closecodes as cc
from net import protocol as p
from net.cli import serve_table
from net.codec import Codec, ProtocolError
from net.discovery import TableAd
from rules.zatre import GAME as ZATRE

from .wire import close_code, frames_until, host_table, join, raw, seated, until

CODEC = Codec(ZATRE)
BAD = {"newline": "Li\nne", "bell": "a\u0007", "escape": "\x1b[31mred", "tab": "a\tb",
       "rtl override": "ab\u202eRTL", "zero-width space": "a\u200bb", "line separator": "a\u2028b",
       "paragraph separator": "a\u2029b", "lone surrogate": "a\ud800", "delete": "a\x7f"}
GOOD = ["Zed[/]", "[AFK] Bob", "Ünal", "李雷", "Ann 🙂", "O'Neil-Smith"]


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_a_hello_with_a_control_or_format_character_is_refused(name):
    with pytest.raises(ProtocolError) as refused:
        CODEC.decode_client(json.dumps({"kind": "hello", "name": name}))
    if "\ud800" in name:  # not text at all: the codec's own check says so first (issue 8 §1)
        assert refused.value.reason == "not valid text (a lone surrogate) @ $.name"
    else:
        assert "name may not hold control or formatting characters (U+" in refused.value.reason
    with pytest.raises(ValueError):
        p.Hello(name=name)  # a client cannot even build it
    with pytest.raises(ProtocolError):  # nor a /kick or /seat word
        CODEC.decode_client(json.dumps({"kind": "command", "name": "kick", "args": [name]}))


def test_the_testers_name_is_refused_and_says_which_character():
    assert p.plain_problem("Li\nne\u202eRTL\u0007") == (
        "A name may not hold control or formatting characters (U+000A here).")


@pytest.mark.parametrize("name", GOOD)
def test_ordinary_names_pass(name):
    assert CODEC.decode_client(json.dumps({"kind": "hello", "name": name})) == p.Hello(name=name)
    assert p.plain_problem(name) is None


def test_the_table_refuses_such_names_it_would_send_and_clients_refuse_them_received():
    with pytest.raises(ValueError):
        p.SeatInfo(seat=0, status="here", name="a\nb")
    with pytest.raises(ValueError):
        p.Presence(seat=0, name="a\u202eb", status="away")
    with pytest.raises(ValueError):
        p.ChatLine(name="Ann", text="hi\nfake line")
    with pytest.raises(ProtocolError):
        CODEC.decode_host(json.dumps({"kind": "welcome", "name": "Ann", "table": "Fri\nday"}))


def test_chat_keeps_its_words_on_one_line():
    assert p.clean_chat("hi\r\nfake line\x1b[31mred") == "hi  fake line [31mred"
    assert p.clean_chat("abc\u202edef\u200d") == "abcdef"
    assert p.clean_chat("\n\u202e ") == ""
    assert p.clean_chat("Zed[/] 🙂 李") == "Zed[/] 🙂 李"


async def test_over_the_wire_a_bad_name_is_closed_with_a_reason_and_chat_is_cleaned():
    hosted = await host_table(ZATRE)
    try:
        ws = await raw(hosted.local_url, {"name": "Li\nne\u202eRTL\u0007"})
        assert await close_code(ws) == cc.BAD_HELLO
        assert "control or formatting characters" in ws.close_reason
        assert not hosted.table.lobby.players

        ann = await join(hosted, "Ann", host=True)
        bob = await raw(hosted.local_url, {"name": "Bob"})
        await frames_until(bob, "lobby")
        await ann.say("hi\r\nfake line\x1b[31mred")
        assert (await frames_until(bob, "chat"))["text"] == "hi  fake line [31mred"
        await ann.say("\u202e\u200b")  # nothing left to say: nothing sent
        await ann.say("next")
        assert (await frames_until(bob, "chat"))["text"] == "next"
        await bob.close()
        await ann.close()
    finally:
        await hosted.stop()


async def test_a_table_name_with_control_characters_is_not_hosted_nor_listed():
    with pytest.raises(ValueError, match="table's name may not hold"):
        await serve_table(ZATRE, "Fri\u202eday", bind="127.0.0.1", port=0, advertise=False, save=False)
    props = TableAd("s", "Friday", "zatre", 2, False, "10.0.0.2", 7531).properties()
    assert TableAd.from_properties("s", "10.0.0.2", 7531, props) is not None
    assert TableAd.from_properties("s", "10.0.0.2", 7531, {**props, "table": "Fri\nday"}) is None


async def test_bot_seat_is_told_once_to_everyone():
    """``/bot seat N KIND``: one line, the presence ``bot`` everyone gets (the host had
    a notice as well, saying the same thing again)."""
    hosted = await host_table(ZATRE, grace=0.05)
    try:
        ann, bob = await seated(hosted, ("Ann", "Bob"))
        await bob.close()
        await until(lambda: hosted.table.lobby.seats[1].away and hosted.table.lobby.seats[1].deadline is None,
                    what="the grace period over")
        heard: list[object] = []
        ann.on_event(heard.append)
        await ann.say("/bot seat 2 easy")
        await until(lambda: ann.snapshot().bots[1] == "easy", what="the bot seated")
        await until(lambda: any(isinstance(m, p.Presence) for m in heard), what="the presence")
        assert [m.status for m in heard if isinstance(m, p.Presence)] == ["bot"]
        assert not [m for m in heard if isinstance(m, p.Notice) and "from now on" in m.text]
        await ann.close()
    finally:
        await hosted.stop()
