"""Where cards may go (zatre-card-game.txt "Gameplay", its Note and "The Zero").

Lines (reference/zatre.md ruling 1, applied to the open table): a line is a maximal
run of occupied cells in one row or one column. A zero half occupies its cell, so it
never ends a line ("the zero does not end a row"): it joins the runs on both sides
into one, which is allowed while the joined line stays at 12 or less (the bridge of
Figure 4). The two halves of one card: a horizontal card's halves lie in one row, so
they are two cells of the same row line (a 6/5 alone is a line of 11), and each half
is also a cell of its own column line; a vertical card likewise. A card may therefore
join different lines with its two halves (Note, Figure 3).

Rules checked, in this order (:func:`check_lay`): the card is in hand, both cells are
free, the card touches a card already laid ("The newly played card must touch a card
already laid"), and no line through either half exceeds twelve pips ("Rows with more
than twelve pips may not be laid"). The opening (:func:`check_opening`): two cards
from the hand, on an empty table, touching each other, no line over twelve.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from ..core import RuleViolation
from .cards import FACES
from .state import ORIENTATIONS, STEP, Cell, LayCard, LayOpening

MAX_LINE = 12
SCORING = (10, 11, 12)
AXES: tuple[Cell, Cell] = ((0, 1), (1, 0))  # along a row, along a column
NEAR: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
OPPOSITE = {"right": "left", "left": "right", "up": "down", "down": "up"}

RULE_TOUCH = "zatre-card-game.txt, Gameplay (the newly played card must touch a card already laid)"
RULE_12 = "zatre-card-game.txt, Gameplay, Note (rows with more than twelve pips may not be laid)"
RULE_OPENING = "zatre-card-game.txt, Gameplay (the starting player lays two cards on the empty table)"


@lru_cache(maxsize=512)
def grid_of(laid: tuple[LayCard, ...]) -> dict[Cell, int]:
    """``{(row, col): pips}`` of the cards in ``laid`` (cached: do not mutate)."""
    g: dict[Cell, int] = {}
    for lay in laid:
        a, b = FACES[lay.card]
        g[lay.cell] = a
        g[lay.second] = b
    return g


def run_cells(g: dict[Cell, int], cell: Cell, axis: Cell) -> tuple[Cell, ...]:
    """The cells of the line through occupied ``cell`` along ``axis``, in order."""
    dr, dc = axis
    r, c = cell
    while (r - dr, c - dc) in g:
        r, c = r - dr, c - dc
    out = []
    while (r, c) in g:
        out.append((r, c))
        r, c = r + dr, c + dc
    return tuple(out)


def run_sum(g: dict[Cell, int], cell: Cell, axis: Cell) -> int:
    """Pips of the line through occupied ``cell`` along ``axis``."""
    dr, dc = axis
    total = g[cell]
    r, c = cell[0] - dr, cell[1] - dc
    while (r, c) in g:
        total += g[(r, c)]
        r, c = r - dr, c - dc
    r, c = cell[0] + dr, cell[1] + dc
    while (r, c) in g:
        total += g[(r, c)]
        r, c = r + dr, c + dc
    return total


def frontier(g: dict[Cell, int]) -> set[Cell]:
    """Empty cells next to a laid half."""
    return {(r + dr, c + dc) for (r, c) in g for dr, dc in NEAR if (r + dr, c + dc) not in g}


def _side(g: dict[Cell, int], cell: Cell, d: Cell) -> int:
    """Pips of the run of occupied cells starting next to ``cell`` in direction ``d``."""
    total = 0
    r, c = cell[0] + d[0], cell[1] + d[1]
    while (r, c) in g:
        total += g[(r, c)]
        r, c = r + d[0], c + d[1]
    return total


_DIRS = (("right", (0, 1), "left"), ("down", (1, 0), "up"), ("left", (0, -1), "right"),
         ("up", (-1, 0), "down"))


@lru_cache(maxsize=256)
def slots(laid: tuple[LayCard, ...]) -> tuple[tuple[Cell, str, int, int, int], ...]:
    """Every place a card could cover on a non-empty table, as ``(cell of first half,
    orientation, along, cross_first, cross_second)``: both cells free, one touching the
    table; ``along`` is the pips the card's own line holds besides the card, and
    ``cross_*`` what each half's crossing line holds besides that half. A card ``a/b``
    fits there when ``along + a + b``, ``cross_first + a`` and ``cross_second + b`` are
    all 12 or less."""
    g = grid_of(laid)
    front = frontier(g)
    region = front | {(r + dr, c + dc) for (r, c) in front for dr, dc in NEAR
                      if (r + dr, c + dc) not in g}
    # pips of the run next to each free cell: right, down, left, up
    side = {e: (_side(g, e, (0, 1)), _side(g, e, (1, 0)), _side(g, e, (0, -1)), _side(g, e, (-1, 0)))
            for e in region}
    out: dict[tuple[Cell, str], tuple[int, int, int]] = {}
    for f in front:
        sf = side[f]
        r, c = f
        for i, (o, (dr, dc), back) in enumerate(_DIRS):
            other = (r + dr, c + dc)
            if other in g:
                continue
            so = side[other]
            along = sf[(i + 2) % 4] + so[i]
            if i % 2 == 0:  # horizontal: crossing lines are columns
                xf, xo = sf[1] + sf[3], so[1] + so[3]
            else:
                xf, xo = sf[0] + sf[2], so[0] + so[2]
            out[(f, o)] = (along, xf, xo)
            out[(other, back)] = (along, xo, xf)
    return tuple(sorted((cell, o, *v) for (cell, o), v in out.items()))


def face_placements(laid: tuple[LayCard, ...], face: tuple[int, int]) -> list[tuple[Cell, str]]:
    """Every legal ``(cell of first half, orientation)`` for a card showing ``face``
    on the non-empty table ``laid``. A double turned round puts the same pips on the
    same cells: only its "right" and "down" layouts are listed."""
    a, b = face
    room = MAX_LINE - a - b
    skip = ("left", "up") if a == b else ()
    return [(cell, o) for cell, o, along, x1, x2 in slots(laid)
            if along <= room and x1 + a <= MAX_LINE and x2 + b <= MAX_LINE and o not in skip]


def legal_lays(laid: tuple[LayCard, ...], hand: Sequence[int]) -> tuple[LayCard, ...]:
    """Every legal :class:`LayCard` for the card ids in ``hand`` on a non-empty table."""
    by_face: dict[tuple[int, int], list] = {}
    out = []
    for cid in hand:
        face = FACES[cid]
        if face not in by_face:
            by_face[face] = face_placements(laid, face)
        out.extend(LayCard(cid, cell, o) for cell, o in by_face[face])
    return tuple(out)


def fits(laid: tuple[LayCard, ...], faces: Iterable[tuple[int, int]]) -> bool:
    """Whether any of the card ``faces`` can be laid on the (non-empty) table."""
    for face in set(faces):
        if face_placements(laid, face):
            return True
    return False


def legal_openings(hand: Sequence[int]) -> tuple[LayOpening, ...]:
    """Every opening for ``hand``: two cards, the first with its first half on
    ``(0, 0)`` (where on the open table does not matter) in each orientation, the
    second anywhere touching it."""
    out = []
    ids = list(hand)
    for i, x in enumerate(ids):
        for y in ids[i + 1:]:
            a, b = FACES[x]
            firsts = ORIENTATIONS if a != b else ("right", "down")
            for o in firsts:
                first = LayCard(x, (0, 0), o)
                out.extend(LayOpening(first, LayCard(y, cell, o2))
                           for cell, o2 in face_placements((first,), FACES[y]))
    return tuple(out)


# ---- checks with the rule's words --------------------------------------------------


def _over_12(total: int) -> RuleViolation:
    return RuleViolation(
        "over-12", f"That would make a row of {total} pips: rows with more than twelve pips "
        "may not be laid.", RULE_12)


def _check_cells(g: dict[Cell, int], lay: LayCard) -> None:
    if lay.orientation not in STEP:
        raise RuleViolation("bad-orientation", f"{lay.orientation!r} is not right, down, left or up.")
    if lay.cell in g or lay.second in g:
        raise RuleViolation("occupied", "A card can only be laid on free places of the table.")


def _check_lines(g: dict[Cell, int], lay: LayCard) -> None:
    a, b = FACES[lay.card]
    g = dict(g)
    g[lay.cell], g[lay.second] = a, b
    for c in lay.cells:
        for axis in AXES:
            total = run_sum(g, c, axis)
            if total > MAX_LINE:
                raise _over_12(total)


def _touches(g: dict[Cell, int], lay: LayCard) -> bool:
    return any((r + dr, c + dc) in g for (r, c) in lay.cells for dr, dc in NEAR)


def check_lay(laid: tuple[LayCard, ...], hand: Sequence[int], lay: LayCard) -> RuleViolation | None:
    """Why ``lay`` may not be laid now (``None`` if it may), on a non-empty table."""
    if lay.card not in hand:
        return RuleViolation("not-in-hand", "That card is not in your hand.")
    g = grid_of(laid)
    try:
        _check_cells(g, lay)
        if not _touches(g, lay):
            raise RuleViolation("not-touching", "The newly played card must touch a card "
                                "already laid.", RULE_TOUCH)
        _check_lines(g, lay)
    except RuleViolation as err:
        return err
    return None


def check_opening(hand: Sequence[int], action: LayOpening) -> RuleViolation | None:
    """Why the opening ``action`` may not be laid (``None`` if it may)."""
    first, second = action.first, action.second
    if first.card not in hand or second.card not in hand:
        return RuleViolation("not-in-hand", "That card is not in your hand.")
    if first.card == second.card:
        return RuleViolation("same-card", "The opening lays two different cards.", RULE_OPENING)
    try:
        _check_cells({}, first)
        g = dict(grid_of((first,)))
        _check_cells(g, second)
        if not _touches(g, second):
            raise RuleViolation("not-touching", "The starting player's two cards must touch "
                                "each other.", RULE_OPENING)
        _check_lines(g, second)
    except RuleViolation as err:
        return err
    return None


# ---- hints for the table -------------------------------------------------------


def hint_cells(view, card_id: int, orientation: str) -> frozenset[Cell]:
    """Cells where the first half of ``card_id`` may go with ``orientation`` (the
    hint shown unless ``profi`` is on). On the empty table the opening's first card
    goes anywhere: ``{(0, 0)}`` stands for that; see :func:`opening_hint_cells` for
    the second card."""
    if not view.laid:
        return frozenset({(0, 0)})
    a, b = FACES[card_id]
    return frozenset(cell for cell, o, along, x1, x2 in slots(view.laid)
                     if o == orientation and along + a + b <= MAX_LINE
                     and x1 + a <= MAX_LINE and x2 + b <= MAX_LINE)


def opening_hint_cells(first: LayCard, card_id: int, orientation: str) -> frozenset[Cell]:
    """Cells for the first half of the opening's second card ``card_id`` laid with
    ``orientation``, once the opening's ``first`` card lies on the table."""
    a, b = FACES[card_id]
    return frozenset(cell for cell, o, along, x1, x2 in slots((first,))
                     if o == orientation and along + a + b <= MAX_LINE
                     and x1 + a <= MAX_LINE and x2 + b <= MAX_LINE)


def check(view, action) -> RuleViolation | None:
    """Why ``action`` (a LayCard or LayOpening) may not be played on ``view`` by
    ``view.seat`` now, in the rule's words (``None``: it may). For a table UI."""
    hand = tuple(c.id for c in view.hand)
    if isinstance(action, LayOpening):
        if view.laid:
            return RuleViolation("not-opening", "Only the first turn of a round lays two cards.",
                                 RULE_OPENING)
        return check_opening(hand, action)
    if isinstance(action, LayCard):
        if not view.laid:
            return RuleViolation("opening", "The starting player lays two cards on the empty "
                                 "table.", RULE_OPENING)
        return check_lay(view.laid, hand, action)
    return RuleViolation("bad-action", "Only laying cards can be checked here.")
