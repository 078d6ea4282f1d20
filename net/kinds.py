"""Kinds of action (:class:`rules.core.ActionKind`) as the wire carries them in a
snapshot's ``legal_actions`` (docs/protocol.md, "Action kinds"): written by
:func:`kind_to_wire`, read strictly by :func:`kind_from_wire` (no extra or missing key,
every type exact, values JSON primitives). :mod:`net.codec` calls these from its
converter's hooks for :data:`net.protocol.GameLegal`."""

from __future__ import annotations

from typing import Any, Sequence

from rules.core import ActionKind, OneOf, SomeOf, Whole


def _exact(value: Any, kind: type, what: str) -> Any:
    """``value`` if it is exactly of ``kind`` (an ``int`` is not a ``bool``, nor the
    reverse); ``TypeError`` otherwise."""
    if type(value) is not kind:
        raise TypeError(f"{what}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def has_kinds(legal: Sequence[Any]) -> bool:
    """Whether a snapshot's legal actions hold an :class:`rules.core.ActionKind`."""
    return any([type(a) is ActionKind for a in legal])


NOT_AN_ACTION = "not-an-action"
"""Outcome code of a seat link's ``submit`` given something that is not a move: an
:class:`rules.core.ActionKind` (its values not chosen yet), or a value the codec cannot
write as the game's action. Refused at once, nothing sent (docs/protocol.md, "Intents
and outcomes": every intent gets exactly one answer)."""


def kind_refusal(action: Any) -> str | None:
    """The reason a seat link refuses ``action`` before sending it, when it is an
    :class:`rules.core.ActionKind` (a kind of move, not a move); else ``None``."""
    if isinstance(action, ActionKind):
        return (f"That is a kind of move ({action.kind!r}), not a move: choose its values "
                "(rules.core.sample draws some within its bounds).")
    return None


ACTION_KIND = "action-kind"
"""The ``kind`` of a legal-actions entry that is an :class:`rules.core.ActionKind`."""

_PARAMS = {"whole": Whole, "one-of": OneOf, "some-of": SomeOf}
_PARAM_KEYS = {"whole": {"type", "name", "lo", "hi"}, "one-of": {"type", "name", "values"},
               "some-of": {"type", "name", "values", "lo", "hi", "ordered"}}
MAX_PARAM_VALUES = 512
"""Most values one parameter of an action kind may list on the wire."""


def _primitive(value: Any) -> Any:
    """A parameter's value as the wire carries it, both ways: a JSON string, integer,
    boolean or ``null`` only (seats, ids, words); ``TypeError`` otherwise."""
    if value is None or type(value) in (str, int, bool):
        return value
    raise TypeError(f"an action kind's values are strings, integers, booleans or null, not {type(value).__name__}")


def kind_to_wire(kind: ActionKind) -> dict:
    """``kind`` as JSON data: ``{"kind": "action-kind", "of": "bid", "params": [{"type":
    "whole", "name": "amount", "lo": 3, "hi": 12}], "fixed": [["card", "F07"]],
    "checks": ""}``; a ``one-of`` parameter lists its ``values``, a ``some-of`` one
    its ``values``, ``lo``, ``hi`` (``null``: as many as there are) and ``ordered``."""
    params = []
    for param in kind.params:
        if isinstance(param, Whole):
            params.append({"type": "whole", "name": param.name, "lo": param.lo, "hi": param.hi})
        elif isinstance(param, OneOf):
            params.append({"type": "one-of", "name": param.name,
                           "values": [_primitive(x) for x in param.values]})
        else:
            params.append({"type": "some-of", "name": param.name,
                           "values": [_primitive(x) for x in param.values], "lo": param.lo,
                           "hi": param.hi, "ordered": param.ordered})
    return {"kind": ACTION_KIND, "of": kind.kind, "params": params,
            "fixed": [[name, _primitive(value)] for name, value in kind.fixed], "checks": kind.checks}


def _strict_list(value: Any, limit: int, what: str) -> list:
    if type(value) is not list:
        raise TypeError(f"{what}: expected an array, got {type(value).__name__}")
    if len(value) > limit:
        raise ValueError(f"{what}: more than {limit} items")
    return value


def kind_from_wire(data: Any) -> ActionKind:
    """The :class:`rules.core.ActionKind` :func:`kind_to_wire` wrote; ``TypeError`` or
    ``ValueError`` for anything else (strict: no extra or missing key, every type
    exact)."""
    if type(data) is not dict or set(data) != {"kind", "of", "params", "fixed", "checks"}:
        raise ValueError("an action kind has exactly kind, of, params, fixed, checks")
    of, checks = _exact(data["of"], str, "of"), _exact(data["checks"], str, "checks")
    params: list[Any] = []
    for item in _strict_list(data["params"], 64, "params"):
        if type(item) is not dict or item.get("type") not in _PARAMS or set(item) != _PARAM_KEYS[item["type"]]:
            raise ValueError("a parameter is whole (name, lo, hi), one-of (name, values) or some-of "
                             "(name, values, lo, hi, ordered)")
        name = _exact(item["name"], str, "name")
        if item["type"] == "whole":
            params.append(Whole(name, _exact(item["lo"], int, "lo"), _exact(item["hi"], int, "hi")))
            continue
        values = tuple(_primitive(x) for x in _strict_list(item["values"], MAX_PARAM_VALUES, name))
        if item["type"] == "one-of":
            params.append(OneOf(name, values))
        else:
            hi = None if item["hi"] is None else _exact(item["hi"], int, "hi")
            params.append(SomeOf(name, values, _exact(item["lo"], int, "lo"), hi,
                                 _exact(item["ordered"], bool, "ordered")))
    fixed = []
    for pair in _strict_list(data["fixed"], 64, "fixed"):
        if type(pair) is not list or len(pair) != 2:
            raise ValueError("fixed: each is [name, value]")
        fixed.append((_exact(pair[0], str, "fixed name"), _primitive(pair[1])))
    return ActionKind(of, tuple(params), tuple(fixed), checks)
