"""JSON frames <-> protocol messages, with one strict cattrs converter (docs/protocol.md).

:class:`Codec` is built for one game (or ``None``: the relay, which never sees a game
payload). Its converter has

- explicit tagged unions (``cattrs.strategies.configure_tagged_union``) for
  :data:`net.protocol.ClientMessage` and :data:`net.protocol.HostMessage`, the tag
  under ``kind``;
- strict primitive hooks: an ``int`` field takes a JSON integer only (not ``"5"``, not
  ``true``, not ``5.0``), a ``str`` only a string (``null`` is never ``"None"``), a
  ``bool`` only ``true``/``false``, a ``float`` a finite number; sequences and sets
  only a JSON array (a string is not a list of characters), mappings only an object;
- ``forbid_extra_keys=True``, and the bounds of every field (the validators in
  net.protocol) checked as each message is built;
- the game's payload types: :data:`~net.protocol.GameAction` is structured as
  ``game.action_type``, views as ``game.view_type``, events as ``game.event_type``,
  options as ``game.options_type``, results as :class:`rules.core.Result`; a legal
  action (:data:`~net.protocol.GameLegal`) as ``game.action_type`` or, tagged
  ``"action-kind"``, as a :class:`rules.core.ActionKind` (:func:`kind_to_wire`).

Every string of a decoded frame, object keys included and at any depth, is checked to
be valid text as the frame is parsed (:func:`text_problem`): a lone surrogate (JSON
``"\\ud800"`` with no partner) cannot be written out again as UTF-8 (an echo, a save, a
hash), so a frame holding one is refused like any other malformed frame. What a field
may *show* is the field's own rule (names: net.protocol's ``_plain``; chat:
``clean_chat``).

Any failure to decode raises :class:`ProtocolError` with a short reason, nothing else.
Reasons that quote what the sender wrote quote it with :func:`printable` (control,
format and bidi characters escaped, cut to fit); :func:`close_reason` fits any reason
into a websocket close frame.
"""

from __future__ import annotations

import json
import math
import re
import typing
import unicodedata
from collections import abc
from typing import Any, Callable

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from rules.core import ActionKind, Game, Result

from . import closecodes as cc
from . import protocol as p
from .kinds import ACTION_KIND, has_kinds, kind_from_wire, kind_to_wire
from .table import BotTook, Countdown

_TAG = "kind"

MAX_REASON = 200
"""Longest reason a :class:`ProtocolError` gives, in characters."""


# ---- text from the wire --------------------------------------------------------------


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, limit: int = 40) -> str:
    """``text`` (something a peer sent) as a reason may quote it: every character in
    :data:`net.protocol.UNSAFE_CATEGORIES` (controls such as newline and escape, format
    characters such as the bidi override U+202E, lone surrogates, line and paragraph
    separators) written as a Python-style escape (``\\x0a``, ``\\u202e``), then cut to
    ``limit`` characters, the last of them ``…`` when something was cut. The result holds
    no unsafe character and encodes as UTF-8; applying it again changes nothing."""
    text = text[: limit + 1]  # escapes only lengthen it
    if not (text.isascii() and text.isprintable()):
        text = "".join(
            _escape(ch) if unicodedata.category(ch) in p.UNSAFE_CATEGORIES else ch for ch in text
        )
    if len(text) > limit:
        text = text[: max(0, limit - 1)] + "…"
    return text


def close_reason(reason: str) -> str:
    """``reason`` made fit for a websocket close frame: :func:`printable`, then cut to
    :data:`net.closecodes.MAX_REASON_BYTES` bytes of UTF-8 on a character boundary (a
    longer reason makes websockets fail to close at all)."""
    text = printable(reason, cc.MAX_REASON_BYTES)
    data = text.encode()
    if len(data) <= cc.MAX_REASON_BYTES:
        return text
    cut = data[: cc.MAX_REASON_BYTES - len("…".encode())].decode(errors="ignore")
    return cut + "…"


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
"""In a JSON text: a ``\\uD8xx``-``\\uDFxx`` escape. Without one (and with no raw
surrogate in the text) no decoded string can hold a lone surrogate; an escaped backslash
before ``u`` only makes the check look closer."""
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _path(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{printable(str(key), 24)}"


def _utf8(text: str) -> bool:
    """Whether ``text`` holds no surrogate (a websocket's text always does)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def text_problem(frame: str, data: Any) -> str | None:
    """Why the JSON value ``data``, parsed from ``frame``, holds text that is not valid
    (a lone surrogate in a string or an object key, at any depth), as ``what @ $.path``;
    ``None`` when every string is valid. Quick for the common frame: the text of
    ``frame`` is searched once, and the value walked only if an escape could have made
    a surrogate."""
    if _SURROGATE_ESCAPE.search(frame) is None and _utf8(frame):
        return None
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, path = stack.pop()
        if type(value) is str:
            if _SURROGATE.search(value):
                return f"not valid text (a lone surrogate) @ {path}"
        elif type(value) is dict:
            for key, item in value.items():
                if _SURROGATE.search(key):
                    return f"a key that is not valid text (a lone surrogate) @ {path}"
                stack.append((item, _path(path, key)))
        elif type(value) is list:
            stack.extend((item, _path(path, i)) for i, item in enumerate(value))
    return None


class ProtocolError(ValueError):
    """A frame that is not a valid message; ``reason`` says why in a few words (at most
    :data:`MAX_REASON` characters, safe to show: see :func:`printable`).

    ``action_id``: for a malformed ``intent`` whose own ``action_id`` is valid, that id,
    so that the intent still gets its one ``outcome`` (docs/protocol.md, "Encoding
    rules"); else ``None``."""

    def __init__(self, reason: str, action_id: str | None = None) -> None:
        reason = printable(reason, MAX_REASON)
        super().__init__(reason)
        self.reason = reason
        self.action_id = action_id


# ---- strict hooks ----------------------------------------------------------------------


def _strict_int(value: Any, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {_json_type(value)}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {_json_type(value)}")
    return value


def _strict_bool(value: Any, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {_json_type(value)}")
    return value


def _strict_float(value: Any, _: type) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise TypeError(f"expected a finite number, got {_json_type(value)}")
    return float(value)


_SEQUENCES = {tuple, list, frozenset, set, abc.Sequence, abc.Set, abc.MutableSequence}
_BUILD: dict[Any, Callable[[Any], Any]] = {
    tuple: tuple, list: list, frozenset: frozenset, set: set, abc.Set: frozenset,
}


_JSON_TYPES = {type(None): "null", bool: "a boolean", int: "a number", float: "a number",
               str: "a string", list: "an array", dict: "an object"}


def _json_type(value: Any) -> str:
    """What a decoded JSON value is, in JSON's words (``"null"``, ``"an array"``), for
    the reasons a frame is refused (never Python's type names)."""
    return _JSON_TYPES.get(type(value), "a value")


def _is_collection(t: Any) -> bool:
    return typing.get_origin(t) in _SEQUENCES


def _sorted_list(items: Any) -> list:
    """Sets go out as arrays, sorted where their items allow it (stable frames)."""
    out = list(items)
    try:
        out.sort()
    except TypeError:
        pass
    return out


def make_converter(game: Game | None) -> cattrs.Converter:
    """The protocol's converter for ``game`` (``None``: no game payloads allowed)."""
    conv = cattrs.Converter(
        forbid_extra_keys=True,
        detailed_validation=True,
        unstruct_collection_overrides={typing.AbstractSet: _sorted_list},
    )
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(float, _strict_float)

    def collection_hook(t: Any) -> Callable[[Any, Any], Any]:
        origin = typing.get_origin(t)
        args = typing.get_args(t)
        if origin is tuple and args and args[-1] is not Ellipsis:
            hooks = [conv.get_structure_hook(a) for a in args]

            def fixed(value: Any, _: Any) -> tuple:
                if type(value) is not list:
                    raise TypeError(f"expected an array, got {_json_type(value)}")
                if len(value) != len(args):
                    raise ValueError(f"expected {len(args)} items, got {len(value)}")
                return tuple(h(x, a) for h, x, a in zip(hooks, value, args))

            return fixed
        item = args[0] if args else Any
        hook = conv.get_structure_hook(item)
        build = _BUILD.get(origin, tuple)

        def many(value: Any, _: Any) -> Any:
            if type(value) is not list:
                raise TypeError(f"expected an array, got {_json_type(value)}")
            return build(hook(x, item) for x in value)

        return many

    conv.register_structure_hook_factory(_is_collection, collection_hook)

    def mapping_hook(t: Any) -> Callable[[Any, Any], Any]:
        key, val = (typing.get_args(t) + (Any, Any))[:2]
        kh, vh = conv.get_structure_hook(key), conv.get_structure_hook(val)

        def mapping(value: Any, _: Any) -> dict:
            if type(value) is not dict:
                raise TypeError(f"expected an object, got {_json_type(value)}")
            return {kh(k, key): vh(x, val) for k, x in value.items()}

        return mapping

    conv.register_structure_hook_factory(
        lambda t: typing.get_origin(t) in (dict, abc.Mapping), mapping_hook
    )

    def attrs_guard(t: type) -> Callable[[Any, Any], Any]:
        inner = conv.gen_structure_attrs_fromdict(t)

        def guarded(value: Any, cl: Any) -> Any:
            if type(value) is not dict:
                raise TypeError(f"expected an object, got {_json_type(value)}")
            return inner(value, cl)

        return guarded

    conv.register_structure_hook_factory(attrs.has, attrs_guard)

    def payload(name: str, attr: str) -> None:
        marker = getattr(p, name)
        target = getattr(game, attr) if game is not None else None
        kinds = _kind_tags(target)

        def structure(value: Any, _: Any) -> Any:
            if target is None:
                raise TypeError("no game payloads here")
            if type(value) is not dict:  # (cattrs' own words would leak: player-tester 4, item 12)
                raise ValueError(f"expected an object, got {_json_type(value)}")
            if kinds and type(value) is dict and value.get(_TAG) not in kinds:  # named, not "field missing"
                kind = value.get(_TAG)
                raise ValueError(f"unknown action kind '{printable(kind)}'" if type(kind) is str
                                 else f"an action needs a string '{_TAG}'")
            return conv.structure(value, target)

        def unstructure(value: Any) -> Any:
            if target is None:
                raise TypeError("no game payloads here")
            return conv.unstructure(value, unstructure_as=target)

        conv.register_structure_hook(marker, structure)
        conv.register_unstructure_hook(marker, unstructure)

    payload("GameAction", "action_type")

    action_type = getattr(game, "action_type", None) if game is not None else None

    def legal_structure(value: Any, _: Any) -> Any:
        if action_type is None:
            raise TypeError("no game payloads here")
        if type(value) is dict and value.get(_TAG) == ACTION_KIND:
            return kind_from_wire(value)
        return conv.structure(value, action_type)

    def legal_unstructure(value: Any) -> Any:
        if action_type is None:
            raise TypeError("no game payloads here")
        if isinstance(value, ActionKind):
            return kind_to_wire(value)
        return conv.unstructure(value, unstructure_as=action_type)

    conv.register_structure_hook(p.GameLegal, legal_structure)
    conv.register_unstructure_hook(p.GameLegal, legal_unstructure)
    payload("GameView", "view_type")
    payload("GameEvent", "event_type")
    payload("GameOptions", "options_type")

    fields = view_fields(game)

    def field_type(name: Any, tails: bool) -> Any:
        as_type = fields.get(name) if type(name) is str else None
        if as_type is None:
            raise ValueError(f"no view field '{printable(str(name), 24)}'")
        if tails and not _is_tuple_of(as_type):
            raise ValueError(f"view field '{name}' does not grow")
        return as_type

    def changes_hook(tails: bool) -> tuple[Callable[[Any, Any], Any], Callable[[Any], Any]]:
        def structure(value: Any, _: Any) -> dict:
            if not fields:
                raise TypeError("no game payloads here")
            if type(value) is not dict:
                raise ValueError(f"expected an object, got {_json_type(value)}")
            out = {}
            for k, x in value.items():
                as_type = field_type(k, tails)
                try:
                    out[k] = conv.structure(x, as_type)
                except Exception as exc:
                    raise ValueError(f"bad view field '{k}' ({_short(exc)})") from None
            return out

        def unstructure(value: Any) -> dict:
            return {k: conv.unstructure(x, unstructure_as=field_type(k, tails)) for k, x in value.items()}

        return structure, unstructure

    for marker, tails in ((p.ViewChanges, False), (p.ViewTails, True)):
        structure_changes, unstructure_changes = changes_hook(tails)
        conv.register_structure_hook(marker, structure_changes)
        conv.register_unstructure_hook(marker, unstructure_changes)

    def structure_inserts(value: Any, _: Any) -> dict:
        if not fields:
            raise TypeError("no game payloads here")
        if type(value) is not dict:
            raise ValueError(f"expected an object, got {_json_type(value)}")
        out = {}
        for k, pairs in value.items():
            item = typing.get_args(field_type(k, True))[0]
            if type(pairs) is not list or not pairs:
                raise ValueError(f"view field '{k}' takes a non-empty array of [index, item]")
            got, last = [], -1
            for pair in pairs:
                if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int or not last < pair[0] <= 2**31:
                    raise ValueError(f"view field '{k}' takes [index, item] pairs, indexes increasing")
                last = pair[0]
                try:
                    got.append((last, conv.structure(pair[1], item)))
                except Exception as exc:
                    raise ValueError(f"bad view field '{k}' ({_short(exc)})") from None
            out[k] = tuple(got)
        return out

    def unstructure_inserts(value: Any) -> dict:
        out = {}
        for k, pairs in value.items():
            item = typing.get_args(field_type(k, True))[0]
            out[k] = [[i, conv.unstructure(x, unstructure_as=item)] for i, x in pairs]
        return out

    conv.register_structure_hook(p.ViewInserts, structure_inserts)
    conv.register_unstructure_hook(p.ViewInserts, unstructure_inserts)

    # an update without inserts says nothing of them (as updates did before inserts)
    conv.register_unstructure_hook(p.UpdateMsg, make_dict_unstructure_fn(
        p.UpdateMsg, conv, inserts=override(omit_if_default=True)))

    def tag(cls: type) -> str:
        return cls.KIND  # type: ignore[attr-defined]

    configure_tagged_union(p.ClientMessage, conv, tag_generator=tag, tag_name=_TAG)
    configure_tagged_union(p.HostMessage, conv, tag_generator=tag, tag_name=_TAG)
    configure_tagged_union(p.RelayMessage, conv, tag_generator=tag, tag_name=_TAG)
    return conv


def _kind_tags(target: Any) -> frozenset[str]:
    """The ``kind`` tags of a game's action classes (a union of attrs classes, each with
    a constant ``kind``, as Estate's and Zestrea's), so that an intent naming no such
    kind is refused by name; empty where the actions are not such a union (Zatre's)."""
    members = typing.get_args(target)  # (one class alone: its kind has a default, may be left out)
    tags = set()
    for cls in members:
        field = attrs.fields_dict(cls).get(_TAG) if attrs.has(cls) else None
        if field is None or type(field.default) is not str:
            return frozenset()
        tags.add(field.default)
    return frozenset(tags)


def view_fields(game: Game | None) -> dict[str, Any]:
    """``{field name: type}`` of ``game``'s view (an attrs class), for ``update``
    frames; empty when there is no game or its view is no attrs class."""
    cls = getattr(game, "view_type", None)
    if cls is None or not isinstance(cls, type) or not attrs.has(cls):
        return {}
    try:
        hints = typing.get_type_hints(cls)
    except Exception:
        return {}
    return {a.name: hints[a.name] for a in attrs.fields(cls) if a.init}


def _is_tuple_of(as_type: Any) -> bool:
    """Whether ``as_type`` is ``tuple[X, ...]``."""
    args = typing.get_args(as_type)
    return typing.get_origin(as_type) is tuple and len(args) == 2 and args[1] is Ellipsis


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("duplicate key in an object")
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_decode_json = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant).decode
"""``json.loads`` with the codec's hooks, its decoder built once (``loads`` with hooks
builds one per call)."""


def _loads(frame: str | bytes, limit: int) -> Any:
    if not isinstance(frame, str):
        raise ProtocolError("binary frames are not part of the protocol")
    if len(frame) > limit:  # characters >= bytes / 4; the socket checked bytes already
        raise ProtocolError(f"frame over {limit} bytes")
    try:
        if frame.startswith("\ufeff"):  # as json.loads refuses it
            raise ValueError("Unexpected UTF-8 BOM (decode using utf-8-sig)")
        data = _decode_json(frame)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"not JSON: {str(exc)[:80]}") from None
    problem = text_problem(frame, data)
    if problem is not None:
        raise ProtocolError(problem)
    if type(data) is not dict:
        raise ProtocolError("a frame must be a JSON object")
    if type(data.get(_TAG)) is not str:
        raise ProtocolError("a frame needs a string 'kind'")
    return data


def _intent_id(data: dict) -> str | None:
    """The ``action_id`` of a malformed intent, if that field itself is valid (a string
    of 1 to :data:`net.protocol.MAX_ACTION_ID` characters, valid text); else ``None``."""
    action_id = data.get("action_id") if data[_TAG] == p.IntentMsg.KIND else None
    if type(action_id) is not str:
        return None
    try:
        p.OutcomeMsg(action_id=action_id, accepted=False, code="bad-frame", reason="")  # its checks
    except (TypeError, ValueError):
        return None
    return action_id


def _format(exc: BaseException, type_: Any) -> str:
    """One cattrs failure in a few words; what the sender wrote is quoted short
    (:func:`printable`), so the path after it always fits in the reason."""
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        keys = sorted(exc.extra_fields)
        shown = ", ".join(f"'{printable(k, 24)}'" for k in keys[:3])
        more = f" and {len(keys) - 3} more" if len(keys) > 3 else ""
        return f"unknown key{'s' if len(keys) > 1 else ''} {shown}{more}"
    if typing.get_origin(type_) is typing.Literal:
        return "expected one of " + ", ".join(map(str, typing.get_args(type_)))
    if isinstance(exc, ValueError) and str(exc):
        return printable(str(exc).split(":")[0], 120)
    return printable(format_exception(exc, type_), 120)


def _short(exc: BaseException) -> str:
    """The first reason cattrs gives, as ``what @ $.path``."""
    if isinstance(exc, cattrs.BaseValidationError):
        try:
            reasons = cattrs.transform_error(exc, format_exception=_format)
        except Exception:  # pragma: no cover - transform_error is best effort
            reasons = []
        if reasons:
            return reasons[0]
    return printable(str(exc) or type(exc).__name__, 120)


def dumps(data: Any) -> str:
    """Compact JSON text; ``NaN`` and infinities are refused (``ValueError``)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


_encode_str = json.encoder.encode_basestring  # what dumps(ensure_ascii=False) does to a str


def encode_outcome(action_id: str, accepted: bool, code: str, reason: str) -> str:
    """An ``outcome`` frame, the same text as ``codec.encode(OutcomeMsg(...))`` (one per
    intent, so written directly; tests/net/test_codec.py checks the two agree). Raises
    ``ValueError`` where ``OutcomeMsg`` would (the lengths of net.protocol)."""
    if not (accepted is True and code == reason == "" and type(action_id) is str
            and len(action_id) <= p.MAX_ACTION_ID):  # (an acceptance: the checks in short)
        p.OutcomeMsg(action_id=action_id, accepted=accepted, code=code, reason=reason)  # its checks
    return (f'{{"kind":"outcome","action_id":{_encode_str(action_id)},'
            f'"accepted":{"true" if accepted else "false"},"code":{_encode_str(code)},'
            f'"reason":{_encode_str(reason)}}}')


_SEATS = frozenset[int]
_SHORT_LIST = 16
"""Legal action lists up to this long are also kept by value (the same few choices come
again for another seat or round); a longer one (Zatre's hundred placements) costs more to
hash than to write, and hardly comes again."""
_KEPT_VALUES = 4096
"""The most texts :class:`SnapshotEncoder` keeps by value in each of its tables (events,
legal actions, whole event lists, collections of ints): equal values come again in later
versions (another round's hidden picks), so they are kept from one version to the next,
and all forgotten at once when a table is full."""
_NAMES = tuple[str, ...]
_BOTS = tuple[str | None, ...]
_RESULT = Result | None
_TOOK = tuple[BotTook, ...]
_TIMERS = tuple[Countdown, ...]
_TIMED_OUT = int | None


class SnapshotEncoder:
    """Snapshots -> ``snapshot`` frames, the same text as ``codec.encode(SnapshotMsg(...))``
    (tests/net/test_codec.py checks that on whole games), at a fraction of the cost.

    A table encodes one snapshot per seat after every action, and most of each is the
    same as in the other seats' snapshots and the previous version's: the seat names,
    bots, active seats and result are one object per version, and a game's view hands
    on unchanged parts of its state (Zatre's turn log and sheets, the toy game's
    history). Views and everything in them are immutable (rules/ contract: frozen attrs
    classes, tuples, frozensets), so the JSON text of an object can be kept and reused
    whenever that same object (by identity) comes again: the view's fields are written
    one by one, and fields typed ``tuple[X, ...]`` with attrs items (a turn log) item by
    item, so a log one record longer costs one record. Texts are kept by identity for
    the current and the previous version only (each entry holds its object, so an id is
    never mistaken for a newer object's). A game projects each event once per seat,
    mostly to equal objects (another seat's pick, hidden the same way for everyone, and
    the same again next round), lists each seat's legal actions anew, often equal to
    another seat's, and builds each seat's view with collections of ints of its own
    (the seats that picked), so events, legal actions, whole event lists and
    collections of ints are also kept by value, from one version to the next, up to
    :data:`_KEPT_VALUES` of each. Events of attrs classes are written field by field,
    as views are (a third of cattrs' and ``json``'s cost).
    """

    def __init__(self, codec: "Codec") -> None:
        self.codec = codec
        self.game = codec.game
        self._conv = codec.converter
        self._version: int | None = None
        self._texts: dict[int, tuple[Any, Any, str]] = {}
        self._older: dict[int, tuple[Any, Any, str]] = {}
        self._plans: dict[type, list[tuple[str, str, Any, Any]] | None] = {}
        self._tails: dict[type, dict[str, Any]] = {}
        self._event_texts: dict[Any, str] = {}
        self._ints: dict[tuple[int, ...] | frozenset[int], str] = {}  # by value, any version
        self._event_lists: dict[tuple, str] = {}  # a snapshot's whole events, by value
        self._keep: dict[type, bool] = {}  # whether texts of values of a type are kept by identity
        game = self.game
        if game is not None:
            self._actions = tuple[game.action_type, ...]  # type: ignore[name-defined]
            self._legal = tuple[p.GameLegal, ...]  # where action kinds are among them
            self._events = tuple[game.event_type, ...]  # type: ignore[name-defined]
            self._event = game.event_type
            # events of these attrs classes are written field by field (_record), as views are
            self._event_classes = frozenset(
                cls for cls in (typing.get_args(game.event_type) or (game.event_type,))
                if isinstance(cls, type) and self._plan(cls) is not None)

    def encode(self, snapshot: Any) -> str:
        """The frame for ``snapshot`` (a :class:`net.table.Snapshot`)."""
        if snapshot.version != self._version:
            self._version = snapshot.version
            self._older, self._texts = self._texts, {}
        if self.game is None:
            raise TypeError("no game payloads here")
        text = self._text
        legal = snapshot.legal_actions
        seat = "null" if snapshot.seat is None else int.__repr__(snapshot.seat)
        over = "true" if snapshot.over else "false"
        return (
            f'{{"kind":"snapshot","version":{int.__repr__(snapshot.version)},"seat":{seat},'
            f'"view":{self._view(snapshot.view)},'
            f'"legal_actions":{text(legal, self._legal if has_kinds(legal) else self._actions)},'
            f'"active_seats":{text(snapshot.active_seats, _SEATS)},'
            f'"events":{self._events_text(snapshot.events)},'
            f'"names":{text(snapshot.names, _NAMES)},'
            f'"bots":{text(snapshot.bots, _BOTS)},'
            f'"over":{over},"result":{text(snapshot.result, _RESULT)},'
            f'"bot_took":{text(snapshot.bot_took, _TOOK)},'
            f'"timers":{text(snapshot.timers, _TIMERS)},'
            f'"timed_out":{text(snapshot.timed_out, _TIMED_OUT)}}}'
        )

    def encode_update(self, old: Any, new: Any) -> str | None:
        """The ``update`` frame taking a client from snapshot ``old`` to ``new`` (same
        seat, ``new.version == old.version + 1``), the same text as
        ``codec.encode(UpdateMsg(...))`` (tests/net/test_codec.py), or ``None`` when
        ``new`` does not follow ``old`` for the same seat, this game's view is no attrs
        class, or the seat names or the seats a bot took changed. A view field whose object is the old one is
        unchanged; one that only grew at the end (the old tuple a prefix of the new)
        is sent as its new items (``tails``); one that only gained items elsewhere, at
        most half of it (a board's sorted tiles), as those items with their indexes
        (``inserts``: :func:`_inserted`); one equal to the old is unchanged; any other
        is sent whole. A change of the seats a bot took (``bot_took``) also gives ``None``."""
        game = self.game
        if old.seat != new.seat or new.version != old.version + 1 or game is None:  # snapshot_seat_mismatch
            return None
        if new.names != old.names or new.bot_took != old.bot_took:  # rare: a whole snapshot
            return None
        view_type = game.view_type  # type: ignore[union-attr]
        old_view, new_view = old.view, new.view
        if type(new_view) is not view_type or type(old_view) is not view_type:
            return None
        plan = self._plans.get(view_type) if view_type in self._plans else self._plan(view_type)
        if plan is None:
            return None
        if new.version != self._version:
            self._version = new.version
            self._older, self._texts = self._texts, {}
        text = self._text
        changed, grown, inserted = [], [], []
        tails = self._tails.get(view_type)
        if tails is None:
            tails = self._tails[view_type] = {
                attr: typing.get_args(as_type)[0] for attr, _, as_type, _ in plan if _is_tuple_of(as_type)
            }
        for attr, name, as_type, items in plan:
            was, now = getattr(old_view, attr), getattr(new_view, attr)
            if was is now:
                continue
            item_type = tails.get(attr)
            if item_type is not None and type(was) is tuple and type(now) is tuple and len(now) > len(was):
                if now[:len(was)] == was:
                    grown.append(f"{name}:[" + ",".join([text(item, item_type) for item in now[len(was):]]) + "]")
                    continue
                at = _inserted(was, now)
                if at is not None:
                    inserted.append(f"{name}:[" + ",".join(
                        [f"[{i},{text(now[i], item_type)}]" for i in at]) + "]")
                    continue
            if was != now:
                changed.append(f"{name}:{text(now, as_type, items)}")
        seat = "null" if new.seat is None else int.__repr__(new.seat)
        legal = new.legal_actions
        legal = ("null" if legal is old.legal_actions or legal == old.legal_actions
                 else text(legal, self._legal if has_kinds(legal) else self._actions))
        active = new.active_seats
        active = "null" if active is old.active_seats or active == old.active_seats else text(active, _SEATS)
        bots = "null" if new.bots == old.bots else text(new.bots, _BOTS)
        result, timers, timed_out = new.result, new.timers, new.timed_out
        result = "null" if result is None else text(result, _RESULT)
        timers = "null" if timers == old.timers else text(timers, _TIMERS)
        timed_out = "null" if timed_out is None else text(timed_out, _TIMED_OUT)
        inserts = f',"inserts":{{{",".join(inserted)}}}' if inserted else ""  # none: no key (cattrs: last)
        return (
            f'{{"kind":"update","version":{int.__repr__(new.version)},"base":{int.__repr__(old.version)},'
            f'"seat":{seat},"view":{{{",".join(changed)}}},"tails":{{{",".join(grown)}}},'
            f'"legal_actions":{legal},"active_seats":{active},'
            f'"events":{self._events_text(new.events)},'
            f'"bots":{bots},"over":{"true" if new.over else "false"},"result":{result},"timers":{timers},'
            f'"timed_out":{timed_out}{inserts}}}'
        )

    def _whole(self, value: Any, as_type: Any) -> str:
        return dumps(self._conv.unstructure(value, unstructure_as=as_type))

    def _record(self, value: Any) -> str:
        """An attrs ``value`` with a plan (:meth:`_plan`), written field by field: the
        text cattrs writes for it, at a third of the cost for a small event."""
        text = self._text
        return "{" + ",".join([
            f"{name}:{text(getattr(value, attr), as_type, items)}"
            for attr, name, as_type, items in self._plans[type(value)]  # type: ignore[union-attr]
        ]) + "}"

    def _text(self, value: Any, as_type: Any, items: Any = None) -> str:
        """JSON text of ``value`` unstructured as ``as_type``, reused by identity;
        ``items``: the item type of a ``tuple[X, ...]`` to write item by item."""
        kind = type(value)
        if kind is int:
            return int.__repr__(value)
        if kind is str:
            return _encode_str(value)
        if value is None:
            return "null"
        if kind is bool:
            return "true" if value else "false"
        key = id(value)
        hit = self._texts.get(key)
        if hit is None:
            hit = self._older.get(key)
            if hit is not None and hit[0] is value and (hit[1] is as_type or hit[1] == as_type):
                self._texts[key] = hit
        if hit is not None and hit[0] is value and (hit[1] is as_type or hit[1] == as_type):
            return hit[2]
        if (kind is tuple or kind is frozenset) and items is None and (
                not value or type(next(iter(value))) is int) and all([type(x) is int for x in value]):
            # a few ints (seats, scores, the seats that picked): the seats' views hold equal
            # ones as objects of their own, so they are kept by value too (an equal
            # collection of ints is written the same; bools and floats never get here)
            text = self._ints.get(value)
            if text is None:
                if len(self._ints) >= _KEPT_VALUES:
                    self._ints.clear()
                text = self._ints[value] = "[" + ",".join(
                    map(int.__repr__, sorted(value) if kind is frozenset else value)) + "]"
            self._texts[key] = (value, as_type, text)
            return text
        if items is not None and kind is tuple:
            text = "[" + ",".join([self._text(item, items) for item in value]) + "]"
        elif self.game is not None and (as_type is self._event or (
                as_type is self._actions and len(value) <= _SHORT_LIST)):
            try:  # equal events (or legal actions), one text: frozen, so hashable
                text = self._event_texts.get((as_type is self._event, value))
            except TypeError:
                text = None
            if text is None:
                text = self._record(value) if kind in self._event_classes else self._whole(value, as_type)
                try:
                    if len(self._event_texts) >= _KEPT_VALUES:
                        self._event_texts.clear()
                    self._event_texts[(as_type is self._event, value)] = text
                except TypeError:
                    pass
        else:
            text = self._whole(value, as_type)
        keep = self._keep.get(kind)
        if keep is None:
            keep = self._keep[kind] = kind is tuple or kind is frozenset or attrs.has(kind)
        if keep:
            self._texts[key] = (value, as_type, text)
        return text

    def _events_text(self, events: tuple) -> str:
        """The text of a snapshot's ``events``: kept by value for the version (the
        seats' projections of one move's events are mostly equal tuples)."""
        try:
            text = self._event_lists.get(events)
        except TypeError:
            return self._text(events, self._events, self._event)
        if text is None:
            if len(self._event_lists) >= _KEPT_VALUES:
                self._event_lists.clear()
            text = self._event_lists[events] = self._text(events, self._events, self._event)
        return text

    def _view(self, view: Any) -> str:
        view_type = self.game.view_type  # type: ignore[union-attr]
        plan = self._plan(type(view)) if type(view) is view_type else None
        if plan is None:
            return self._text(view, view_type)
        text = self._text
        return "{" + ",".join([
            f"{name}:{text(getattr(view, attr), as_type, items)}" for attr, name, as_type, items in plan
        ]) + "}"

    def _plan(self, cls: type) -> Any:
        """How to write an attrs view field by field, as cattrs would (the attribute,
        its JSON key, its type, the item type of a ``tuple[X, ...]`` of attrs items);
        ``None``: write it whole."""
        if cls in self._plans:
            return self._plans[cls]
        plan = None
        if attrs.has(cls):
            try:
                hints = typing.get_type_hints(cls)
            except Exception:
                hints = None
            fields = attrs.fields(cls)
            if hints is not None and all(a.init for a in fields):
                plan = []
                for a in fields:
                    as_type = hints[a.name]
                    args = typing.get_args(as_type)
                    items = None
                    if (typing.get_origin(as_type) is tuple and len(args) == 2 and args[1] is Ellipsis
                            and attrs.has(args[0])):
                        items = args[0]
                    plan.append((a.name, _encode_str(a.name), as_type, items))
        self._plans[cls] = plan
        return plan


def _inserted(was: tuple, now: tuple) -> list[int] | None:
    """Where ``now`` has items that ``was`` lacks, when ``was`` is ``now`` without them
    (order kept) and they are at most half of ``now`` (else the whole field is
    cheaper): their indexes in ``now``; ``None`` otherwise."""
    most = len(now) // 2
    if len(now) - len(was) > most:
        return None
    at, j, n = [], 0, len(was)
    for i, item in enumerate(now):
        if j < n and item == was[j]:
            j += 1
        else:
            at.append(i)
            if len(at) > most:
                return None
    return at if j == n else None


def snapshot_seat_mismatch(old: Any, new: Any) -> bool:
    """Whether snapshot ``new`` is not the next one after ``old`` for the same seat."""
    return old.seat != new.seat or new.version != old.version + 1


_CODECS: dict[int, "Codec"] = {}


def codec_for(game: Game | None) -> "Codec":
    """The shared :class:`Codec` of ``game`` (built once per game and process: cattrs
    generates and compiles its hooks lazily, which is worth doing only once)."""
    codec = _CODECS.get(id(game))
    if codec is None or codec.game is not game:
        codec = _CODECS[id(game)] = Codec(game)
    return codec


class Codec:
    """Encode and decode frames for one game (``None``: no game payloads).
    Prefer :func:`codec_for`, which shares one per game.

    ``encode(message) -> str``: a JSON text frame (raises ``ValueError``/``TypeError``
    only for a message this program built wrongly). ``decode_client(frame)`` and
    ``decode_host(frame)``: the message in a frame from a client / from a table;
    raise :class:`ProtocolError` for anything that is not one.
    """

    def __init__(self, game: Game | None) -> None:
        self.game = game
        self.converter = make_converter(game)
        self._client_kinds = {cls.KIND for cls in typing.get_args(p.ClientMessage)}
        self._host_kinds = {cls.KIND for cls in typing.get_args(p.HostMessage)}
        self._relay_kinds = {cls.KIND for cls in typing.get_args(p.RelayMessage)}
        self._unions = {
            cls: union
            for union in (p.ClientMessage, p.HostMessage, p.RelayMessage)
            for cls in typing.get_args(union)
        }

    def unstructure(self, message: Any) -> dict:
        """The message as JSON-ready data, ``kind`` included."""
        return self.converter.unstructure(message, unstructure_as=self._unions[type(message)])

    def encode(self, message: Any) -> str:
        data = self.unstructure(message)
        return dumps({_TAG: data.pop(_TAG), **data})

    def decode_client(self, frame: str | bytes) -> p.ClientMessage:
        """A message a client sent; limit :data:`net.protocol.MAX_CLIENT_FRAME`."""
        return self._decode(frame, p.ClientMessage, self._client_kinds, p.MAX_CLIENT_FRAME)

    def decode_host(self, frame: str | bytes) -> p.HostMessage:
        """A message a table sent; limit :data:`net.protocol.MAX_HOST_FRAME`."""
        return self._decode(frame, p.HostMessage, self._host_kinds, p.MAX_HOST_FRAME)

    def decode_relay(self, frame: str | bytes) -> p.RelayMessage:
        """A relay envelope header (text); limit :data:`net.protocol.MAX_CLIENT_FRAME`."""
        return self._decode(frame, p.RelayMessage, self._relay_kinds, p.MAX_CLIENT_FRAME)

    def structure(self, data: Any, cls: Any) -> Any:
        """``data`` as ``cls`` with this codec's strict rules; :class:`ProtocolError`."""
        try:
            return self.converter.structure(data, cls)
        except Exception as exc:
            raise ProtocolError(_short(exc)) from None

    def _decode(self, frame: str | bytes, union: Any, kinds: set[str], limit: int) -> Any:
        data = _loads(frame, limit)
        if data[_TAG] not in kinds:
            raise ProtocolError(f"unknown kind '{printable(data[_TAG])}'")
        try:
            return self.converter.structure(data, union)
        except Exception as exc:
            raise ProtocolError(f"bad {data[_TAG]}: {_short(exc)}", _intent_id(data)) from None
