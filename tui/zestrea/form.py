"""A form for one kind of action whose parameters are bounded, not listed (an offer, a
bid, a prompt's choice, a card with targets): a field per parameter of the
:class:`rules.core.ActionKind`, drawn from its bounds and nothing else.

- a whole number (``Whole``): a number field, its bounds shown;
- one of some values (``OneOf``): a drop-down of the values in words;
- some of some values (``SomeOf``): a list of boxes to tick (space); Tab and shift+Tab
  go from box to box and on to the next field (the footer's "Tab: next field"), arrows
  too; where the order matters (rolls in that order) the order ticked is the order sent.

Tab and shift+Tab move the focus at once, before the next key is read: keys typed
straight after a Tab go to the field it reached (player-test 22: Textual's own Tab moves
the focus only once the key has passed up from the focused field, so "Tab 2" typed very
fast gave the "2" to the field Tab left, a drop-down that ignores it).

``start`` gives the value a field opens with (the boxes ticked for Production's Z-R8
default; a counter-offer's terms from the offer it answers); a value the field does not
offer is left out. A field with one value left is hidden, as there is nothing to choose,
except the :data:`SUBJECTS` (always a field) and the :data:`TOLD` (shown as text, ``Cleo
pays 2``: terms a player must read even when there is no choice).

Where a ``narrow`` function is given (:func:`tui.zestrea.choices.narrow`), each field
offers only what fits the fields before it, and changes as they change (the singles of
the Boyar chosen, the cards that Boyar has revealed). Where an ``advise`` function is
given (:func:`tui.zestrea.choices.advice`), what it tells of the values chosen shows
under the fields, and follows them (how many of the attempts asked can be paid now).

Send (Enter on the button, or ctrl+s) builds the action and checks it with
:func:`rules.core.permits` against the legal actions it came from; what the bounds do
not say (``checks``) the host decides: with a ``send`` the form waits for its answer and
stays open with the refusal shown in it, every field as the player left it (player-tester
21, finding 5: a refusal closed the form and lost what was chosen). Escape closes the
form and sends nothing; F1 opens the rules page over it, and leaving that page comes back
to the form as it was."""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Mapping, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from rules.core import ActionKind, OneOf, Param, SomeOf, Whole, action_class, permits
from rules.zestrea.cards import FATE, PEOPLE

from ..screens.base import ParlourModal
from .words import PARAM_WORDS, kind_text, split_text, value_text


SUBJECTS = frozenset({"to", "mine", "theirs", "villager", "other", "musician", "amount", "picked",
                      "mode", "record", "couple"})
"""Fields always shown, even with one value to offer: who and what an action names."""
TOLD = frozenset({"split"})
"""Fields shown as text when one value is left (``who pays the 2: Cleo pays 2``): what
an offer asks of someone, which the form says even when there is no choice
(player-tester 21, finding 5)."""
Narrow = Callable[[ActionKind, Mapping[str, Any]], tuple[Param, ...]]
"""``narrow(kind, chosen)``: ``kind``'s parameters cut to what fits the values chosen."""
Advise = Callable[[ActionKind, Mapping[str, Any]], str]
"""``advise(kind, chosen)``: what the form tells under its fields of the values chosen
(``""``: nothing): what the rules allow but a player should know before sending."""
Send = Callable[[Any], Awaitable[str]]
"""``send(action)``: sends the form's action and waits for the answer: ``""`` accepted,
else why it was refused, in words."""


class ActionForm(ParlourModal):
    """The form for ``kind`` (one of ``legal``); dismissed with the action built, or
    ``None`` (cancelled). ``names``: the seat names; ``action_type``: the game's
    action union; ``title``/``note``: what the form is for and what it shows (the
    chance of a window, the card up for auction); ``narrow(kind, chosen)``: the
    parameters cut to what fits ``chosen`` (the values so far by name, ``fixed``
    included), each within its bound; ``couples``: each Couple in words by its spouses;
    ``start``: the values the fields open with, by parameter name; ``send``: sends the
    action and waits for the answer (the form closes once it is accepted), else the
    form is dismissed with the action and the caller sends it; ``advise(kind, chosen)``:
    what to tell under the fields of the values chosen (:data:`Advise`)."""

    DEFAULT_CSS = """
    ActionForm { align: center middle; }
    ActionForm > Vertical { width: 74; max-width: 100%; height: auto; max-height: 100%;
                            border: round $accent; padding: 0 1; background: $surface; }
    ActionForm VerticalScroll { height: auto; max-height: 16; }
    ActionForm .form-row { height: auto; }
    ActionForm .form-label { width: 24; }
    ActionForm .form-row Input, ActionForm .form-row Select { width: 1fr; }
    ActionForm .form-list { height: auto; }
    ActionForm .form-list-label { margin-top: 1; }
    ActionForm SelectionList { height: auto; max-height: 6; }
    ActionForm #form-error { color: $error; }
    ActionForm #form-advice { color: $warning; width: 1fr; height: auto; }
    ActionForm .form-told { width: 1fr; }
    ActionForm #form-buttons { height: auto; margin-top: 1; }
    ActionForm Button { min-width: 10; margin-right: 1; }
    """

    BINDINGS = [
        Binding("ctrl+s", "send", "Send"),
        Binding("escape", "cancel", "Cancel"),
        Binding("f1", "rules", "Rules"),
        Binding("tab", "next_field(1)", "Next field", show=False, priority=True),
        Binding("shift+tab", "next_field(-1)", "Previous field", show=False, priority=True),
    ]

    def __init__(self, kind: ActionKind, legal: Sequence[Any], names: Sequence[str],
                 action_type: Any, note: str = "", owners: Mapping[str, str] | None = None,
                 narrow: Narrow | None = None, couples: Mapping[str, str] | None = None,
                 start: Mapping[str, Any] | None = None,
                 words: Mapping[Any, str] | None = None, send: Send | None = None,
                 advise: Advise | None = None) -> None:
        super().__init__()
        self.advise = advise
        self.start = dict(start or {})
        self.send = send
        self._sending = False  # waiting for the answer to a send (or closed): keys wait
        self.words = dict(words or {})
        self.couples = dict(couples or {})
        self.narrow = narrow
        self.params: list[Param] = list(kind.params)  # what each field offers now
        self.owners = dict(owners or {})
        self.kind = kind
        self.legal = tuple(legal)
        self.names = tuple(names)
        self.action_type = action_type
        self.note = note
        self._values = {**self.start, **dict(kind.fixed)}  # the values chosen, as last read
        self._texts: dict[int, list[str]] = {}  # each one-of field's words, as shown

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = kind_text(self.kind).rstrip("…")
            box.border_subtitle = "Tab: next field · ctrl+s: send · Esc: cancel"
            if self.note:
                yield Static(self.note, markup=False)
            with VerticalScroll(can_focus=False):
                for i, param in enumerate(self.kind.params):
                    yield from self._field(i, param)
            yield Static("", id="form-advice", markup=False)
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="form-buttons"):
                yield Button("Send", id="form-send", variant="primary", compact=True)
                yield Button("Cancel", id="form-cancel", compact=True)

    def _field(self, i: int, param: Any) -> ComposeResult:
        first = self.start.get(param.name)
        if isinstance(param, Whole):
            with Horizontal(classes="form-row", id=f"r{i}"):
                yield Label(self._label(param), classes="form-label", id=f"l{i}")
                yield Input(str(first if param.holds(first) else param.lo), type="integer", id=f"p{i}",
                            compact=True)
        elif isinstance(param, OneOf):
            options = self._options(i, param)
            self._texts[i] = [text for text, _ in options]
            key = param.values.index(first) if first in param.values else 0
            with Horizontal(classes="form-row", id=f"r{i}"):
                yield Label(self._label(param), classes="form-label", id=f"l{i}")
                yield Select(options, value=key, allow_blank=False, id=f"p{i}", compact=True)
                yield Static("", classes="form-told", id=f"t{i}", markup=False)
        else:
            with Vertical(classes="form-list", id=f"r{i}"):
                yield Label(self._label(param), classes="form-list-label", id=f"l{i}")
                yield TickList(*[Selection(tick_text(self._word(param.name, v), None), k)
                                 for k, v in self._options_of(i, param)], id=f"p{i}", compact=True)

    def _show_field(self, i: int, param: Param) -> None:
        """Field ``i`` shown as it now stands: hidden when :meth:`_decided`, as text when
        it is one of the :data:`TOLD`, else as a field to fill."""
        decided = self._decided(i, param)
        told = decided and param.name in TOLD and isinstance(param, OneOf) and bool(param.values)
        self.query_one(f"#r{i}").display = not decided or told
        if isinstance(param, OneOf):
            self.query_one(f"#p{i}").display = not told
            self.query_one(f"#t{i}", Static).display = told
            if told:
                self.query_one(f"#t{i}", Static).update(self._word(param.name, param.values[0]))

    def _decided(self, i: int, param: Param) -> bool:
        """Whether field ``i`` has nothing to choose (one value, ``0-0``, no card to
        tick), now that the fields before it are chosen, so it is not shown: the
        receiver of a Lad and a Maiden, a sweetener nobody pays, a counter with no
        offer to answer. The fields of :data:`SUBJECTS` always show."""
        if param.name in SUBJECTS:
            return isinstance(param, SomeOf) and not param.values
        if isinstance(param, Whole):
            return param.lo == param.hi
        return len(param.values) <= (1 if isinstance(param, OneOf) else 0)

    def _label(self, param: Param) -> str:
        label = PARAM_WORDS.get(param.name, param.name)
        if isinstance(param, Whole):
            return f"{label} ({param.lo}-{param.hi})"
        if isinstance(param, OneOf):
            return label
        if not param.values:
            return f"{label}: none to choose"
        hi = len(param.values) if param.hi is None else param.hi
        count = str(param.lo) if param.lo == hi else f"{param.lo} to {hi}"
        order = ", in the order ticked" if param.ordered else ""
        return f"{label}: tick {count} with space (Tab: next box){order}"

    def _options_of(self, i: int, param: Param) -> list[tuple[int, Any]]:
        """``(k, value)`` for each value ``param`` offers, ``k`` its place in the kind's
        own bound (what the field's widget holds, so a narrowed list keeps its keys)."""
        bound = self.kind.params[i].values  # type: ignore[union-attr]
        return [(k, v) for k, v in enumerate(bound) if v in param.values]

    def _options(self, i: int, param: Param) -> list[tuple[str, int]]:
        return [(self._word(param.name, v), k) for k, v in self._options_of(i, param)]

    def _word(self, name: str, value: Any) -> str:
        """A value in words; a villager or a revealed card with its Boyar (``"Ana (♀)
        of Ada"``) where ``owners`` names one; ``words`` first, where it tells the value
        (a Musician by its Boyar); who pays the 2 with the Boyar asked by name."""
        told = self.words.get((name, value), self.words.get(value) if isinstance(value, str) else None)
        if told is not None:
            return told
        if name == "split" and isinstance(self._values.get("to"), int):
            return split_text(value, "You", value_text("to", self._values["to"], self.names))
        owner = self.owners.get(value) if isinstance(value, str) else None
        return value_text(name, value, self.names, self.couples) + (f" of {owner}" if owner else "")

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        """Ticked items say so in words (``[x]``, and their place where the order
        matters), not by colour alone."""
        event.stop()
        chosen = event.selection_list
        i = int((chosen.id or "p0")[1:])
        param, bound = self.params[i], self.kind.params[i].values  # type: ignore[union-attr]
        order = list(chosen.selected)
        for index in range(chosen.option_count):
            k = chosen.get_option_at_index(index).value
            place = (order.index(k) + 1 if param.ordered else 0) if k in order else None
            chosen.replace_option_prompt_at_index(index, tick_text(self._word(param.name, bound[k]), place))
        self._edited()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._edited()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._edited()

    def _edited(self) -> None:
        """A field changed: the fields after it follow (:meth:`_renarrow`), and the last
        refusal goes, since it told of values no longer there (Send checks again)."""
        self._say("")
        self._renarrow()
        self._tell_advice()

    def _tell_advice(self) -> None:
        """Under the fields, what ``advise`` tells of the values chosen (shown only when
        there is something to tell)."""
        text = self.advise(self.kind, self._chosen()) if self.advise is not None else ""
        advice = self.query_one("#form-advice", Static)
        advice.update(f"! {text}" if text else "")
        advice.display = bool(text)

    def on_mount(self) -> None:
        for i, param in enumerate(self.kind.params):  # ticked in the order given
            if isinstance(param, SomeOf) and param.values:
                chosen = self.query_one(f"#p{i}", TickList)
                keys = [chosen.get_option_at_index(n).value for n in range(chosen.option_count)]
                for value in self.start.get(param.name, ()):
                    if value in param.values and param.values.index(value) in keys:
                        chosen.select(param.values.index(value))
        for i, param in enumerate(self.params):
            self._show_field(i, param)
        self._renarrow()
        self._tell_advice()
        fields = [self.query_one(f"#p{i}") for i in range(len(self.params)) if self.query_one(f"#r{i}").display]
        (fields[0] if fields else self.query_one("#form-send")).focus()

    def _chosen(self) -> dict[str, Any]:
        values = dict(self.kind.fixed)
        for i, param in enumerate(self.kind.params):
            values[param.name] = self._value(i, param)
        return values

    def _renarrow(self) -> None:
        """Each field cut to what fits the fields before it (``narrow``): a choice no
        longer offered gives way to the first one that is, and the fields after it
        follow, until nothing changes; a choice whose words name an earlier field's
        value (who pays the 2 names the Boyar asked) is told afresh."""
        for _ in range(len(self.params) + 1):
            self._values = self._chosen()
            wanted = self.narrow(self.kind, self._values) if self.narrow is not None else tuple(self.params)
            changed = [i for i, p in enumerate(wanted) if p != self.params[i] or (
                isinstance(p, OneOf) and [text for text, _ in self._options(i, p)] != self._texts.get(i))]
            if not changed:
                return
            for i in changed:
                self.params[i] = wanted[i]
                self._refill(i, wanted[i])

    def _refill(self, i: int, param: Param) -> None:
        """Field ``i`` offers ``param`` now, keeping what was chosen where it still may be."""
        self.query_one(f"#l{i}", Label).update(self._label(param))
        if isinstance(param, Whole):
            field = self.query_one(f"#p{i}", Input)
            now = self._value(i, param)
            if now is not None and now > param.hi:
                field.value = str(param.hi)
        elif isinstance(param, OneOf):
            select = self.query_one(f"#p{i}", Select)
            was = select.value
            options = self._options(i, param)
            self._texts[i] = [text for text, _ in options]
            select.set_options(options)
            if was in [k for _, k in options]:
                select.value = was
            select.mutate_reactive(Select.value)  # the choice shown in its new words
        else:
            ticks = self.query_one(f"#p{i}", TickList)
            was = [k for k in ticks.selected]
            ticks.clear_options()
            ticks.add_options([(tick_text(self._word(param.name, v), None), k, k in was)
                               for k, v in self._options_of(i, param)])
            if ticks.option_count:
                ticks.highlighted = 0
        self._show_field(i, param)

    def _value(self, i: int, param: Any) -> Any:
        bound = self.kind.params[i]
        if isinstance(bound, Whole):
            text = self.query_one(f"#p{i}", Input).value.strip()
            return int(text) if text.lstrip("-").isdigit() else None
        if isinstance(bound, OneOf):
            return bound.values[self.query_one(f"#p{i}", Select).value]
        return tuple(bound.values[k] for k in self.query_one(f"#p{i}", TickList).selected)

    def build(self) -> Any:
        """The action the fields make, or ``None`` with the reason shown."""
        values = self._chosen()
        try:
            action = action_class(self.action_type, self.kind.kind)(**values)
        except (TypeError, ValueError) as err:
            self._say(str(err))
            return None
        bad = [need_text(p, PARAM_WORDS.get(p.name, p.name)) for p in self.params
               if not p.holds(values[p.name])]
        if bad or not permits(self.legal, action):
            self._say("; ".join(bad) + "." if bad else "Not allowed now: these values do not fit together.")
            return None
        return action

    def _say(self, text: str) -> None:
        """Show why the form was refused (``""``: nothing to show)."""
        self.query_one("#form-error", Static).update(f"✗ {text}" if text else "")

    async def action_send(self) -> None:
        """Send the action the fields make: with ``send``, wait for the answer and close
        once it is accepted, else keep every field and show the refusal; without it,
        close with the action (the caller sends it)."""
        if self._sending:
            return
        action = self.build()
        if action is None:
            return
        if self.send is None:
            self._sending = True
            self.dismiss(action)
            return
        self._sending = True
        refused = await self.send(action)
        if refused:
            self._sending = False
            self._say(refused)
        else:
            self.dismiss(action)

    def action_next_field(self, step: int) -> None:
        """Tab (``step`` 1) or shift+Tab (-1): the next or previous box of a tick list,
        past its last or first box the next or previous field; at once (a priority
        binding: see the module's notes)."""
        focused = self.focused
        if isinstance(focused, TickList) and focused.step(step):
            return
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_rules(self) -> None:
        """F1: the rules page over the form, as at the table (its line says "F1: rules");
        leaving it comes back to the form, every field as it was (tester 23, finding 6)."""
        self.app.show_rules()  # type: ignore[attr-defined]

    def action_cancel(self) -> None:
        if not self._sending:
            self._sending = True
            self.dismiss(None)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "form-send":
            await self.action_send()
        else:
            self.action_cancel()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        await self.action_send()


def tick_text(text: str, place: int | None) -> Content:
    """``"[ ] Couple 1"``, ``"[x] Couple 1"``, ``"[2] Couple 1"`` (ticked second, where
    the order matters): ``place`` ``None`` unticked, ``0`` ticked."""
    return Content(f"[{' ' if place is None else place or 'x'}] {text}")  # plain: no markup


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
    """The boxes of one "some of" field: Tab and shift+Tab move from box to box
    (:meth:`step`, the form's keys), and past the last (first) box on to the next
    (previous) field; space ticks, ↑↓ move. Its keys act at once, as the form's Tab
    does, so that they keep their order with it (a box's space acted only once the key
    had passed up from the list: a Tab typed straight after had moved on by then)."""

    BINDINGS = [Binding("space", "tick", "Tick", show=False, priority=True),
                Binding("up", "cursor_up", "Up", show=False, priority=True),
                Binding("down", "cursor_down", "Down", show=False, priority=True)]

    def action_tick(self) -> None:
        """Space: the highlighted box ticked or unticked, at once (the list's own
        space ticks whichever box is highlighted once its message is read)."""
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted))

    def step(self, step: int) -> bool:
        """The next (``step`` 1) or previous (-1) box highlighted, if there is one."""
        if self.highlighted is None or not 0 <= self.highlighted + step < self.option_count:
            return False
        self.highlighted += step
        return True

    def on_focus(self, event: events.Focus) -> None:
        """Coming in by Tab the first box is highlighted, by shift+Tab the last."""
        if self.option_count and self.highlighted is None:
            self.highlighted = 0


def open_form(screen: Any, kind: ActionKind, legal: Sequence[Any], names: Sequence[str],
              action_type: Any, send: Send, note: str = "",
              owners: Mapping[str, str] | None = None, narrow: Narrow | None = None,
              couples: Mapping[str, str] | None = None, start: Mapping[str, Any] | None = None,
              words: Mapping[Any, str] | None = None, advise: Advise | None = None) -> None:
    """Push the form for ``kind`` over ``screen``; ``send(action)`` sends what it makes
    and answers whether it was refused (the form stays open then, with the refusal)
    (``couples``: each Couple's id in words, :func:`tui.zestrea.words.couple_names`;
    ``start``: the fields' first values, by parameter name; ``words``: ids told
    otherwise than by :func:`value_text`, a Musician by its Boyar; ``advise``: what to tell
    under the fields, :data:`Advise`)."""
    screen.app.push_screen(ActionForm(kind, legal, names, action_type, note, owners, narrow, couples,
                                      start, words, send, advise))
