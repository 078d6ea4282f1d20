"""A form for one kind of action whose parameters are bounded, not listed (an offer, a
bid, a prompt's choice, a card with targets): a field per parameter of the
:class:`rules.core.ActionKind`, drawn from its bounds and nothing else.

- a whole number (``Whole``): a number field, its bounds shown;
- one of some values (``OneOf``): a drop-down of the values in words;
- some of some values (``SomeOf``): a list of boxes to tick (space); Tab and shift+Tab
  go from box to box and on to the next field (the footer's "Tab: next field"), arrows
  too; where the order matters (rolls in that order) the order ticked is the order sent.
  ``ticked`` names the boxes ticked when the form opens (Production: Z-R8's default).

Send (Enter on the button, or ctrl+s) builds the action and checks it with
:func:`rules.core.permits` against the legal actions it came from; what the bounds do
not say (``checks``) the host decides. Escape closes the form and sends nothing."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from rules.core import ActionKind, OneOf, SomeOf, Whole, action_class, permits
from rules.zestrea.cards import FATE, PEOPLE

from ..screens.base import ParlourModal
from .words import PARAM_WORDS, kind_text, value_text


class ActionForm(ParlourModal):
    """The form for ``kind`` (one of ``legal``); dismissed with the action built, or
    ``None`` (cancelled). ``names``: the seat names; ``action_type``: the game's
    action union; ``title``/``note``: what the form is for and what it shows (the
    chance of a window, the card up for auction)."""

    DEFAULT_CSS = """
    ActionForm { align: center middle; }
    ActionForm > Vertical { width: 74; max-width: 100%; height: auto; max-height: 100%;
                            border: round $accent; padding: 0 1; background: $surface; }
    ActionForm VerticalScroll { height: auto; max-height: 16; }
    ActionForm .form-row { height: auto; margin-top: 1; }
    ActionForm .form-label { width: 24; }
    ActionForm .form-row Input, ActionForm .form-row Select { width: 1fr; }
    ActionForm .form-list-label { margin-top: 1; }
    ActionForm SelectionList { height: auto; max-height: 6; }
    ActionForm #form-error { color: $error; }
    ActionForm Horizontal { height: auto; margin-top: 1; }
    ActionForm Button { min-width: 10; margin-right: 1; }
    """

    BINDINGS = [
        Binding("ctrl+s", "send", "Send"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, kind: ActionKind, legal: Sequence[Any], names: Sequence[str],
                 action_type: Any, note: str = "", owners: Mapping[str, str] | None = None,
                 ticked: Mapping[str, Sequence[Any]] | None = None,
                 words: Mapping[Any, str] | None = None) -> None:
        super().__init__()
        self.owners = dict(owners or {})
        self.ticked = {name: tuple(values) for name, values in (ticked or {}).items()}
        self.words = dict(words or {})
        self.kind = kind
        self.legal = tuple(legal)
        self.names = tuple(names)
        self.action_type = action_type
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = kind_text(self.kind).rstrip("…")
            box.border_subtitle = "Tab: next field · ctrl+s: send · Esc: cancel"
            if self.note:
                yield Static(self.note, markup=False)
            with VerticalScroll(can_focus=False):
                for i, param in enumerate(self.kind.params):
                    yield from self._field(i, param)
            yield Static("", id="form-error", markup=False)
            with Horizontal():
                yield Button("Send", id="form-send", variant="primary", compact=True)
                yield Button("Cancel", id="form-cancel", compact=True)

    def _field(self, i: int, param: Any) -> ComposeResult:
        label = PARAM_WORDS.get(param.name, param.name)
        if isinstance(param, Whole):
            with Horizontal(classes="form-row"):
                yield Label(f"{label} ({param.lo}-{param.hi})", classes="form-label")
                yield Input(str(param.lo), type="integer", id=f"p{i}", compact=True)
        elif isinstance(param, OneOf):
            options = [(self._word(param.name, v), k) for k, v in enumerate(param.values)]
            with Horizontal(classes="form-row"):
                yield Label(label, classes="form-label")
                yield Select(options, value=0, allow_blank=False, id=f"p{i}", compact=True)
        elif param.values:
            hi = len(param.values) if param.hi is None else param.hi
            count = str(param.lo) if param.lo == hi else f"{param.lo} to {hi}"
            order = ", in the order ticked" if param.ordered else ""
            yield Label(f"{label}: tick {count} with space (Tab: next box){order}",
                        classes="form-list-label")
            yield TickList(*self._boxes(param), id=f"p{i}", compact=True)

    def _boxes(self, param: SomeOf) -> list[Selection]:
        """The boxes of ``param``, unticked (``ticked`` ones are ticked on mount)."""
        return [Selection(tick_text(self._word(param.name, v), None), k) for k, v in enumerate(param.values)]

    def _word(self, name: str, value: Any) -> str:
        """A value in words; a villager or a revealed card with its Boyar (``"Ana (♀)
        of Ada"``) where ``owners`` names one."""
        told = self.words.get((name, value), self.words.get(value) if isinstance(value, str) else None)
        if told is not None:
            return told
        owner = self.owners.get(value) if isinstance(value, str) else None
        return value_text(name, value, self.names) + (f" of {owner}" if owner else "")

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        """Ticked items say so in words (``[x]``, and their place where the order
        matters), not by colour alone."""
        event.stop()
        chosen = event.selection_list
        param = self.kind.params[int((chosen.id or "p0")[1:])]
        order = list(chosen.selected)  # (kept in the order ticked)
        for k, value in enumerate(param.values):
            place = (order.index(k) + 1 if param.ordered else 0) if k in order else None
            chosen.replace_option_prompt_at_index(k, tick_text(self._word(param.name, value), place))

    def on_mount(self) -> None:
        for i, param in enumerate(self.kind.params):  # ticked in the order given
            if isinstance(param, SomeOf) and param.values:
                chosen = self.query_one(f"#p{i}", TickList)
                for value in self.ticked.get(param.name, ()):
                    if value in param.values:
                        chosen.select(param.values.index(value))
        fields = self.query("Input, Select, SelectionList")
        (fields.first() if fields else self.query_one("#form-send")).focus()

    def _value(self, i: int, param: Any) -> Any:
        if isinstance(param, Whole):
            text = self.query_one(f"#p{i}", Input).value.strip()
            return int(text) if text.lstrip("-").isdigit() else None
        if isinstance(param, OneOf):
            return param.values[self.query_one(f"#p{i}", Select).value]
        if not param.values:
            return ()
        return tuple(param.values[k] for k in self.query_one(f"#p{i}", TickList).selected)

    def build(self) -> Any:
        """The action the fields make, or ``None`` with the reason shown."""
        values = dict(self.kind.fixed)
        for i, param in enumerate(self.kind.params):
            values[param.name] = self._value(i, param)
        try:
            action = action_class(self.action_type, self.kind.kind)(**values)
        except (TypeError, ValueError) as err:
            self._say(str(err))
            return None
        if not permits(self.legal, action):
            bad = [need_text(p, PARAM_WORDS.get(p.name, p.name)) for p in self.kind.params
                   if not p.holds(values[p.name])]
            self._say("; ".join(bad) + "." if bad else "Not allowed now: these values do not fit together.")
            return None
        return action

    def _say(self, text: str) -> None:
        self.query_one("#form-error", Static).update(f"✗ {text}")

    def action_send(self) -> None:
        action = self.build()
        if action is not None:
            self.dismiss(action)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "form-send":
            self.action_send()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_send()


def need_text(param: Any, label: str) -> str:
    """What a field needs, in words: ``"Tick exactly 3 villagers"``, ``"Tick 0 to 2
    Couples"``, ``"Type an amount from 0 to 5 (you give Zestre)"``, ``"Choose receiver"``."""
    if isinstance(param, Whole):
        return f"Type an amount from {param.lo} to {param.hi}" + (f" ({label})" if label != "amount" else "")
    if isinstance(param, SomeOf):
        hi = len(param.values) if param.hi is None else param.hi
        noun = tick_noun(param.values)
        if param.lo == hi:
            return f"Tick exactly {hi} {noun if hi != 1 else noun.rstrip('s')}"
        return f"Tick {param.lo} to {hi} {noun}" if param.lo else f"Tick at most {hi} {noun}"
    return f"Choose {label}"


def tick_noun(values: Sequence[Any]) -> str:
    """What the boxes are, in the plural: villagers, Couples, cards, or choices."""
    text = [v for v in values if isinstance(v, str)]
    if text and all(v in PEOPLE for v in text):
        return "villagers"
    if text and all(v[:1] == "C" and v[1:].isdigit() for v in text):
        return "Couples"
    if text and all(v.split("-")[0] in FATE for v in text):
        return "cards"
    return "choices"


class TickList(SelectionList):
    """The boxes of one "some of" field: Tab and shift+Tab move from box to box, and
    past the last (first) box on to the next (previous) field; space ticks."""

    BINDINGS = [Binding("tab", "next_box", "Next box", show=False),
                Binding("shift+tab", "previous_box", "Previous box", show=False)]

    def action_next_box(self) -> None:
        if self.highlighted is not None and self.highlighted < self.option_count - 1:
            self.highlighted += 1
        else:
            self.screen.focus_next()

    def action_previous_box(self) -> None:
        if self.highlighted is not None and self.highlighted > 0:
            self.highlighted -= 1
        else:
            self.screen.focus_previous()

    def on_focus(self, event: events.Focus) -> None:
        """Coming in by Tab the first box is highlighted, by shift+Tab the last."""
        if self.option_count and self.highlighted is None:
            self.highlighted = 0


def tick_text(text: str, place: int | None) -> Content:
    """``"[ ] Couple 1"``, ``"[x] Couple 1"``, ``"[2] Couple 1"`` (ticked second, where
    the order matters): ``place`` ``None`` unticked, ``0`` ticked."""
    return Content(f"[{' ' if place is None else place or 'x'}] {text}")  # plain: no markup


def open_form(screen: Any, kind: ActionKind, legal: Sequence[Any], names: Sequence[str],
              action_type: Any, then: Callable[[Any], None], note: str = "",
              owners: Mapping[str, str] | None = None, ticked: Mapping[str, Sequence[Any]] | None = None,
              words: Mapping[Any, str] | None = None) -> None:
    """Push the form for ``kind`` over ``screen``; ``then(action)`` once sent.
    ``ticked``: boxes ticked at first, by parameter name; ``words``: ids told otherwise
    than by :func:`value_text` (a Couple by its spouses, a Musician by its Boyar)."""
    screen.app.push_screen(ActionForm(kind, legal, names, action_type, note, owners, ticked, words),
                           lambda action: then(action) if action is not None else None)
