"""Text from the wire that is not text (issue 8 §1): every string of every inbound frame
is checked in one place, the codec, and a bad one is refused like any other malformed
frame; reasons quote what was sent safely and close reasons fit a close frame
(docs/protocol.md, "Encoding rules" and "Close codes")."""

from __future__ import annotations

import asyncio
import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import closecodes as cc
from net import protocol as p
from net.cli import serve_table
from net.codec import ProtocolError, close_reason, codec_for, printable
from net.relay import CODE_ALPHABET, Relay
from net.server import Table
from rules.zatre_cards import GAME as CARDS
from tests.net import toygame
from tests.net.test_seat_room import Port
from tests.net.wire import FAST, TIMEOUT, ErrorLog, close_code, frames_until, host_table, raw, seated, until

TOY = codec_for(toygame.GAME)
RELAY = codec_for(None)
LONE = "\\ud800"  # as JSON writes it: a high surrogate with no partner

# every place the issue names, and the rest of the kinds: one lone surrogate each
LONE_SURROGATES = {
    "hello token": '{"kind":"hello","name":"Ann","token":"%s"}' % LONE,
    "hello host_key": '{"kind":"hello","name":"Ann","host_key":"%s"}' % LONE,
    "hello name": '{"kind":"hello","name":"A%s"}' % LONE,
    "hello room": '{"kind":"hello","name":"Ann","room":"AB%s"}' % LONE,
    "hello unknown key": '{"kind":"hello","name":"Ann","%s":1}' % LONE,
    "a low surrogate alone": '{"kind":"hello","name":"Ann","token":"x\\udc00y"}',
    "pair written backwards": '{"kind":"hello","name":"Ann","token":"\\ude00\\ud83d"}',
    "command name": '{"kind":"command","name":"%s"}' % LONE,
    "a /join N token": '{"kind":"command","name":"join","args":["2"],"token":"%s"}' % LONE,
    "command arg": '{"kind":"command","name":"kick","args":["%s"]}' % LONE,
    "intent action_id": '{"kind":"intent","action_id":"%s","version":0,"action":{"number":1}}' % LONE,
    "nested in an action": '{"kind":"intent","action_id":"a","version":0,"action":{"number":1,"x":[{"%s":"y"}]}}' % LONE,
    "chat text": '{"kind":"chat","text":"hi %s"}' % LONE,
    "kind": '{"kind":"%s"}' % LONE,
    "unknown key of sync": '{"kind":"sync","k":"%s"}' % LONE,
    "a raw surrogate in the text itself": '{"kind":"chat","text":"hi \ud800"}',
}


@pytest.mark.parametrize("frame", LONE_SURROGATES.values(), ids=LONE_SURROGATES.keys())
def test_a_lone_surrogate_anywhere_is_a_bad_frame(frame):
    with pytest.raises(ProtocolError) as caught:
        TOY.decode_client(frame)
    reason = caught.value.reason
    assert reason.encode("utf-8") and not any(unicodedata.category(ch) == "Cs" for ch in reason)


def test_the_reason_says_where_the_bad_text_is():
    with pytest.raises(ProtocolError, match=r"surrogate.*\$\.action\.x\[0\]"):
        TOY.decode_client(LONE_SURROGATES["nested in an action"])
    with pytest.raises(ProtocolError, match=r"surrogate.*\$\.token"):
        TOY.decode_client(LONE_SURROGATES["hello token"])


def test_a_lone_surrogate_in_a_game_payloads_string_field_is_refused():
    """Nested strings in actions: the card game's ``orientation``."""
    frame = json.dumps({"kind": "intent", "action_id": "a", "version": 0,
                        "action": {"card": 23, "cell": [0, -2], "orientation": "\ud800", "kind": "lay"}})
    with pytest.raises(ProtocolError, match="surrogate"):
        codec_for(CARDS).decode_client(frame)


def test_relay_headers_and_table_frames_are_checked_too():
    with pytest.raises(ProtocolError, match="surrogate"):
        RELAY.decode_relay('{"kind":"open_room","table":"T%s"}' % LONE)
    with pytest.raises(ProtocolError, match="surrogate"):
        TOY.decode_host('{"kind":"notice","text":"%s"}' % LONE)


def test_valid_text_written_as_escapes_is_still_text():
    """A surrogate *pair* is one character (an emoji), and ``\\\\ud800`` spelt with an
    escaped backslash is six plain characters."""
    assert TOY.decode_client('{"kind":"chat","text":"hi \\ud83d\\ude00"}') == p.Say(text="hi \U0001F600")
    assert TOY.decode_client('{"kind":"chat","text":"\\\\ud800"}') == p.Say(text="\\ud800")
    assert TOY.decode_client('{"kind":"hello","name":"Zoë 字"}') == p.Hello(name="Zoë 字")


def test_printable_escapes_control_and_bidi_characters_and_cuts():
    assert printable("a\nb\x1b[31m\u202eevil\u2028") == "a\\x0ab\\x1b[31m\\u202eevil\\u2028"
    assert printable("\ud800") == "\\ud800"
    assert printable("x" * 50, 10) == "x" * 9 + "…"
    once = printable("\u202e" * 30, 40)
    assert printable(once, 40) == once and len(once) == 40
    assert printable("Zoë 字 \U0001F600") == "Zoë 字 \U0001F600"  # printable text stays as it is


def test_close_reasons_are_cut_by_utf8_bytes():
    reason = close_reason("Bad hello: " + "字" * 100)
    assert len(reason.encode()) <= cc.MAX_REASON_BYTES and reason.endswith("…")
    assert close_reason("Plain and short.") == "Plain and short."
    assert close_reason("\U0001F600" * 40).encode()  # never a broken character
    assert len(close_reason("é" * 123).encode()) <= cc.MAX_REASON_BYTES


def test_an_unknown_key_of_40_wide_characters_is_quoted_short():
    frame = json.dumps({"kind": "hello", "name": "Ann", "字" * 40: 1}, ensure_ascii=False)
    with pytest.raises(ProtocolError) as caught:
        TOY.decode_client(frame)
    reason = caught.value.reason
    assert "unknown key" in reason and reason.endswith("@ $") and "字" * 30 not in reason
    assert len(close_reason(f"Bad hello: {reason}").encode()) <= cc.MAX_REASON_BYTES


def test_reasons_quote_bidi_and_control_characters_escaped():
    frame = json.dumps({"kind": "hello", "name": "Ann", "\u202egnp.exe\n": 1})
    with pytest.raises(ProtocolError) as caught:
        TOY.decode_client(frame)
    assert "\\u202egnp.exe\\x0a" in caught.value.reason
    with pytest.raises(ProtocolError) as caught:
        TOY.decode_client(json.dumps({"kind": "\x1b]0;pwned\x07"}))
    assert "\x1b" not in caught.value.reason and "\\x1b" in caught.value.reason


def test_a_close_reason_with_wide_characters_fits_the_relay_header():
    """ClosePeer (table -> relay) is bounded in bytes, as the close frame is."""
    p.ClosePeer(conn=1, code=cc.BAD_HELLO, reason=close_reason("字" * 100))
    with pytest.raises(ValueError):
        p.ClosePeer(conn=1, code=cc.BAD_HELLO, reason="字" * 42)


# ---- property: whatever arrives, a message or one clear refusal -----------------------

ODD = st.characters(categories=["Cs", "Cc", "Cf", "Zl", "Zp", "Lo", "Ll", "So", "Mn"])
odd_text = st.text(ODD, max_size=12) | st.text(max_size=12) | st.sampled_from(
    ["Ann", "join", "2", "a1", "ABC234", "\ud800", "\udfff", "字" * 40, "\u202e", ""])
json_ish = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**40) | odd_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(odd_text, inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["name", "token", "host_key", "room", "last_version", "args", "action_id", "version",
          "action", "text"]
GOOD = [
    {"kind": "hello", "name": "Ann"},
    {"kind": "command", "name": "join", "args": ["2"]},
    {"kind": "intent", "action_id": "a1", "version": 0, "action": {"number": 1}},
    {"kind": "chat", "text": "hi"},
    {"kind": "sync"},
]
wild = st.builds(
    lambda kind, fields, extra: {"kind": kind, **fields, **extra},
    st.sampled_from(["hello", "command", "intent", "chat", "sync", "leave"]) | odd_text,
    st.dictionaries(st.sampled_from(FIELDS), json_ish, max_size=4),
    st.dictionaries(odd_text, json_ish, max_size=2),
)
one_odd_field = st.builds(  # a good frame with one field made odd: the common attack
    lambda good, field, value: {**good, field: value},
    st.sampled_from(GOOD), st.sampled_from(FIELDS), odd_text,
)
frames = wild | one_odd_field | st.sampled_from(GOOD)


@settings(max_examples=400, deadline=None)
@given(frames, st.booleans())
def test_any_frame_decodes_to_text_that_encodes_or_is_refused_cleanly(data, ascii_only):
    """Issue 8 §1: no decoded message can hold text that fails to go out again; every
    refusal is a ProtocolError whose reason is safe to show and fits a close frame."""
    frame = json.dumps(data, ensure_ascii=ascii_only)
    try:
        message = TOY.decode_client(frame)
    except ProtocolError as exc:
        reason = exc.reason
        assert not any(unicodedata.category(ch) in p.UNSAFE_CATEGORIES for ch in reason)
        assert len(close_reason(f"Bad hello: {reason}").encode()) <= cc.MAX_REASON_BYTES
        return
    TOY.encode(message).encode("utf-8")  # raises if any string were not text


# ---- over loopback: the host and the relay never fail on what a client sent -------------
BAD_HELLOS = {
    "token": '{"kind":"hello","name":"Ann","token":"%s"}' % LONE,
    "host_key": '{"kind":"hello","name":"Ann","host_key":"%s"}' % LONE,
    "unknown key": '{"kind":"hello","name":"Ann","%s":1}' % LONE,
    "unknown key of 40 wide characters": json.dumps({"kind": "hello", "name": "Ann", "字" * 40: 1},
                                                    ensure_ascii=False),
    "bidi in an unknown key": json.dumps({"kind": "hello", "name": "Ann", "\u202e" * 40: 1}),
}


async def test_bad_text_in_a_hello_closes_4002_with_a_reason_that_fits():
    """Issue 8 §1: these closed with 4099 (internal) or failed to close at all."""
    with ErrorLog() as errors:
        hosted = await host_table(toygame.GAME)
        try:
            for what, text in BAD_HELLOS.items():
                ws = await raw(hosted.local_url)
                await ws.send(text)
                assert await close_code(ws) == cc.BAD_HELLO, what
                reason = ws.close_reason
                assert reason.startswith("A hello first: ") and len(reason.encode()) <= cc.MAX_REASON_BYTES
                assert not any(unicodedata.category(ch) in p.UNSAFE_CATEGORIES for ch in reason), what
            # the table still seats newcomers
            ws = await raw(hosted.local_url, {"name": "Probe"})
            assert (await frames_until(ws, "welcome"))["name"] == "Probe"
            await ws.close()
        finally:
            await hosted.stop()
    assert not errors.records, [r.getMessage() for r in errors.records]


async def test_bad_text_after_the_hello_is_a_bad_frame_and_nothing_is_applied(tmp_path):
    """Issue 8 §1: a seated player's intent whose action_id was a lone surrogate was
    applied, its outcome never sent and every later save failed. Now it is refused
    before anything happens, and the next move is applied and saved."""
    save = tmp_path / "table.json"
    with ErrorLog() as errors:
        hosted = await host_table(toygame.GAME, save=save, options=toygame.ToyOptions(rounds=5))
        try:
            p0, p1 = await seated(hosted, ("P0", "P1"))
            ws = await raw(hosted.local_url, {"name": "Fuzz", "token": p1.token})  # P1's seat, raw
            await frames_until(ws, "snapshot")
            host = hosted.table.host
            for what, frame in [
                ("action_id", '{"kind":"intent","action_id":"%s","version":0,"action":{"number":1}}' % LONE),
                ("command name", '{"kind":"command","name":"%s"}' % LONE),
                ("/join N token", '{"kind":"command","name":"join","args":["2"],"token":"%s"}' % LONE),
                ("unknown key", '{"kind":"chat","text":"hi","%s":1}' % LONE),
            ]:
                await ws.send(frame)
                error = await frames_until(ws, "error")
                assert error["code"] == "bad-frame" and "surrogate" in error["message"], what
            assert host.version == 0
            await ws.send(json.dumps({"kind": "intent", "action_id": "ok", "version": 0, "action": {"number": 2}}))
            assert (await frames_until(ws, "outcome"))["accepted"]
            await until(lambda: save.exists() and '"ok"' in save.read_text(), what="the move saved")
            await ws.close()
            await p0.close()
            await p1.close()
        finally:
            await hosted.stop()
    assert not errors.records, [r.getMessage() for r in errors.records]


async def test_a_room_code_with_a_non_ascii_letter_is_no_room_at_a_relay():
    """Issue 8 §1: ``parlour relay`` closed these with 4099 once a room was open."""
    with ErrorLog() as errors:
        relay = Relay(require_code=True)
        host, port = await relay.start("127.0.0.1", 0)
        url = f"ws://{host}:{port}"
        hosted = await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False, save=False,
                                   limits=FAST)
        try:
            for code in ("ÄBCDEF", hosted.code[:5] + "É", "字字字字字字", "\u202eABCDE"):
                ws = await raw(url, {"name": "Eve", "room": code})
                assert await close_code(ws) == cc.NO_ROOM, code
                assert ws.close_reason == "No room with that code."
            ws = await raw(url, {"name": "Ann", "room": hosted.code})
            assert (await frames_until(ws, "welcome"))["name"] == "Ann"
            await ws.close()
        finally:
            await hosted.stop()
            await relay.stop()
    assert not errors.records, [r.getMessage() for r in errors.records]


# ---- property: the table answers anything with a clear refusal, never `internal` -------

ARGS = st.lists(st.sampled_from(["1", "2", "add", "seat", "easy", "rounds", "3", "on", "P0", "١"]) | odd_text,
                max_size=4)
table_frames = st.one_of(
    frames.map(json.dumps),
    frames.map(lambda d: json.dumps(d, ensure_ascii=False)),
    st.builds(lambda name, args, token: json.dumps({"kind": "command", "name": name, "args": args, "token": token}),
              st.sampled_from(sorted(["join", "leave", "start", "option", "bot", "kick", "help", "end", "seat"])),
              ARGS, st.none() | odd_text),
    st.builds(lambda aid, version, number: json.dumps(
        {"kind": "intent", "action_id": aid, "version": version, "action": {"number": number}}),
        odd_text, st.integers(-1, 4), st.integers(0, 4)),
)
hello_fields = st.dictionaries(
    st.sampled_from(["name", "token", "host_key", "room", "last_version"]) | odd_text,
    odd_text | st.none() | st.integers(-1, 3), max_size=4)
hellos = st.builds(  # mostly with a good name, so the odd fields are what is judged
    lambda name, fields: json.dumps({"kind": "hello", **name, **fields}),
    st.sampled_from([{"name": "Kim"}, {"name": "Ann"}, {}]), hello_fields)


async def _throw(table_hellos: list[str], batch: list[tuple[int, str]]) -> None:
    table = Table(toygame.GAME, "Fuzz", bot_delay=0, seed=5)
    port = Port()
    table.attach(port)  # type: ignore[arg-type]
    try:
        table.peer_joined(1, "192.0.2.1", json.dumps({"kind": "hello", "name": "Ann", "host_key": table.host_key}))
        table.peer_joined(2, "192.0.2.2", json.dumps({"kind": "hello", "name": "Bob"}))
        for conn in (1, 2):
            table.peer_frame(conn, json.dumps({"kind": "command", "name": "join"}))
        for n, text in enumerate(table_hellos, start=10):
            table.peer_joined(n, "198.51.100.1", text)
        table.peer_joined(3, "198.51.100.1", json.dumps({"kind": "hello", "name": "Fuzz"}))
        for conn, text in batch:  # the host, a seated player and a watcher all send junk
            table.peer_frame(conn, text)
            if conn == 1 and not table.started and len(batch) % 3 == 0:
                table.peer_frame(1, json.dumps({"kind": "command", "name": "start"}))
        answers = [t for t in table._tasks if t.get_coro().__name__ == "_intent"]  # type: ignore[union-attr]
        if answers:
            await asyncio.wait(answers, timeout=10)
        for task in answers:  # each intent's one answer went out
            assert task.done() and task.exception() is None, task
    finally:
        await table.stop()
    for conn, (code, reason) in port.closed.items():
        assert code != cc.INTERNAL, reason
    for conn, sent in port.frames.items():
        for frame in sent:
            assert frame.get("code") != "internal", frame


@settings(max_examples=150, deadline=None)
@given(st.lists(hellos, max_size=4), st.lists(st.tuples(st.sampled_from([1, 2, 3]), table_frames), max_size=20))
def test_the_table_never_answers_internal_to_anything_a_client_sends(table_hellos, batch):
    """Issue 8 §1: 'the host never answers internal or 4099 for anything a client can
    send': odd hellos and frames (lone surrogates, controls, bidi, wide characters,
    unknown keys) from the host's connection, a seated player and a watcher."""
    with ErrorLog() as errors:
        asyncio.run(asyncio.wait_for(_throw(table_hellos, batch), 20))
    assert not errors.records, [r.getMessage() for r in errors.records]


async def _guess(hellos_sent: list[str]) -> None:
    relay = Relay(require_code=True)
    host, port = await relay.start("127.0.0.1", 0)
    url = f"ws://{host}:{port}"
    hosted = await serve_table(toygame.GAME, "Remote", relay_url=url, advertise=False, save=False, limits=FAST)
    try:
        for text in hellos_sent:
            ws = await raw(url)
            await ws.send(text)
            code = await close_code(ws, TIMEOUT)
            assert code != cc.INTERNAL and code != 1006, (text, code, ws.close_reason)
    finally:
        await hosted.stop()
        await relay.stop()


room_hellos = st.builds(  # as JSON text with \u escapes: a websocket carries only UTF-8
    lambda name, room: json.dumps({"kind": "hello", "name": name, "room": room}),
    odd_text, odd_text | st.text(alphabet=CODE_ALPHABET + "ÄÖÉ字", max_size=7),
) | hellos


@settings(max_examples=10, deadline=None)
@given(st.lists(room_hellos, min_size=1, max_size=6))
def test_parlour_relay_refuses_any_hello_clearly(hellos_sent):
    """Issue 8 §1 at ``parlour relay``: a room code with a non-ASCII letter (or any odd
    hello) is refused with a clear code, never 4099 nor a dropped connection."""
    with ErrorLog() as errors:
        asyncio.run(asyncio.wait_for(_guess(hellos_sent), 30))
    assert not errors.records, [r.getMessage() for r in errors.records]
