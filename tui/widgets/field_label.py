"""A form field's label that shows which field has the focus: ``▶`` before it and bold
(not colour alone), so a player always knows where typing goes."""

from __future__ import annotations

from textual import events
from textual.widgets import Label

MARK, NO_MARK = "▶ ", "  "


class FieldLabel(Label):
    """Labels the fields whose ids are ``fields`` (a row's label may name several
    fields, a column's head a whole column); marked while one of them has focus."""

    def __init__(self, text: str, *fields: str, **kwargs) -> None:
        super().__init__(NO_MARK + text, **kwargs)
        self.text = text
        self.fields = frozenset(fields)
        self.add_class("field-label")

    def mark(self, focused_id: str | None) -> None:
        on = focused_id in self.fields
        self.set_class(on, "-focused")
        self.update((MARK if on else NO_MARK) + self.text)


class MarksFocus:
    """Mixin for a form screen: keeps its :class:`FieldLabel` s in step with focus
    (a Select's open list counts as the Select)."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark_fields(event.widget)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._mark_fields(self.focused)  # type: ignore[attr-defined]

    def _mark_fields(self, widget) -> None:
        labels = list(self.query(FieldLabel))  # type: ignore[attr-defined]
        fields = set().union(*(label.fields for label in labels))
        while widget is not None and widget is not self and widget.id not in fields:
            widget = widget.parent
        focused_id = widget.id if widget is not None and widget is not self else None
        for label in labels:
            label.mark(focused_id)
