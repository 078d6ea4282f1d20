"""Estate's set-up, from the options to the start of Era 1 (rulebook Setup 1-13; reference
E-F5-E-F15, E-R1-E-R6, E-F47-E-F49): Leaders (chosen or random), Era Events, Advanced
tiles, the deck and Market, Starting Builds, the Leaders' extra setup, Family Secrets, the
simultaneous draft with the Warden's extra picks (or solo's keep 4 of 10), the first
player. ``setup``, ``active_seats``, ``legal_actions`` and ``apply`` for these phases.
"""

from __future__ import annotations

import attrs

from ..core import Rng, RuleViolation, Seat
from .data import CONTENT, DECK, card
from . import pending
from .effects import draw_card, enter_estate
from .state import (Answer, ChooseLeader, Draft, EstateAction, EstateEvent, EstateOptions,
                    EstateState, KeepSecret, Pending, Pick, SetupEvent)
from .state import not_allowed
from .words import answer_event
from .table import MARKET_SIZE, Estate, Table

RB = "estate-raise-the-realm.txt"


def eligible_leaders(seats: int) -> tuple[str, ...]:
    """E-R1, E-F8, E-F48: Leaders whose minimum player count is at most ``seats``; in solo
    never the Spy Master, Trade Queen or Warden."""
    return tuple(lid for lid, ld in CONTENT.leaders.items()
                 if ld.min_players <= seats and (seats > 1 or ld.solo))


def setup(options: EstateOptions, seats: int, seed: int) -> EstateState:
    """The opening state for ``seats`` players (1-5, E-F2); raises ``ValueError`` for
    another count. With ``leaders = random`` every seat is dealt a different eligible
    Leader and the table is laid out at once; with ``choose`` the seats choose first."""
    if not 1 <= seats <= 5:
        raise ValueError("Estate is for 1 to 5 players (E-F2)")
    rng = Rng.from_seed(seed)
    state = EstateState(options, seats, Table(tuple(Estate() for _ in range(seats)), rng=rng,
                                              solo=seats == 1, in_setup=True),
                        "leaders", ("",) * seats)
    if options.leaders == "random":
        pool, rng = rng.shuffled(eligible_leaders(seats))
        state = attrs.evolve(state, leaders=pool[:seats], table=attrs.evolve(state.table, rng=rng))
        return _lay_out(state)
    return state


def _shuffle(state: EstateState, items) -> tuple[EstateState, tuple]:
    out, rng = state.table.rng.shuffled(tuple(items))
    return attrs.evolve(state, table=attrs.evolve(state.table, rng=rng)), out


def _lay_out(state: EstateState) -> EstateState:
    """Setup 2-9 once the Leaders are known."""
    if state.solo:  # E-F47: one Solo Era Event of each Era's two, at random
        events = []
        for era in range(1, 6):
            state, pair = _shuffle(state, [s for s, ev in CONTENT.solo_events.items() if ev.era == era])
            events.append(pair[0])
    else:  # E-F5: Era 1 negative; 2 positive and 2 negative shuffled for Eras 2-5
        state, neg = _shuffle(state, [e for e, ev in CONTENT.events.items() if ev.polarity == "negative"])
        state, pos = _shuffle(state, [e for e, ev in CONTENT.events.items() if ev.polarity == "positive"])
        state, later = _shuffle(state, (*neg[1:3], *pos[:2]))
        events = [neg[0], *later]
    tiles = []
    for level in range(1, 5):  # E-F6
        state, pool = _shuffle(state, [t for t, tile in CONTENT.tiles.items() if tile.level == level])
        tiles.append(pool[0])
    # E-F48, E-R27: no Interactive Deck cards in solo, nor when the option is off.
    cards = [c for c in DECK if not (card(c).interactive and (state.solo or not state.options.interactive_deck))]
    estates = list(state.table.estates)
    extra = []
    for seat, lid in enumerate(state.leaders):  # E-F10: the Starting Build from the deck
        for name in CONTENT.leaders[lid].start_build:
            copy = next(c for c in cards if card(c).name == name)
            cards.remove(copy)
            estates[seat] = attrs.evolve(estates[seat], cards=(*estates[seat].cards, copy))
            if name in CONTENT.leaders[lid].setup:
                extra.append((seat, copy))
    state, deck = _shuffle(state, cards)
    table = attrs.evolve(state.table, estates=tuple(Estate() for _ in estates), deck=deck)
    for seat, e in enumerate(estates):  # E-R8: each starting card removes its cube
        for copy in e.cards:
            table = enter_estate(table, seat, copy)
    table = _deal_market(table)
    state = attrs.evolve(state, table=table, events=tuple(events), tiles=tuple(tiles), extra=tuple(extra))
    if not state.solo:  # E-F12: 2 Family Secrets each
        state, secrets = _shuffle(state, CONTENT.secrets)
        state = attrs.evolve(state, secrets=tuple(secrets[2 * s:2 * s + 2] for s in range(state.seats)))
    return _next_extra(attrs.evolve(state, phase="extra"))


def _draw_setup(table: Table) -> tuple[Table, str]:
    """A card for set-up: in solo a Solo Mode card is shuffled back and replaced (E-R28,
    E-F49)."""
    while True:
        table, c = draw_card(table)
        if not c or not (table.solo and card(c).solo):
            return table, c
        if all(card(x).solo for x in table.deck):
            return attrs.evolve(table, deck=(*table.deck, c)), ""
        deck, rng = table.rng.shuffled((*table.deck, c))
        table = attrs.evolve(table, deck=deck, rng=rng)


def _deal_market(table: Table) -> Table:
    """E-F7: 4 cards face up as the Market."""
    market = []
    for _ in range(MARKET_SIZE):
        table, c = _draw_setup(table)
        market.append(c)
    return attrs.evolve(table, market=tuple(market))


def _next_extra(state: EstateState) -> EstateState:
    """Resolve the queued extra setup (E-F11, E-R4) in seat order until one waits for an
    answer; then deal the hands and start the draft."""
    while state.pending is None and state.extra:
        (seat, copy), rest = state.extra[0], state.extra[1:]
        state = _run(attrs.evolve(state, extra=rest, pending=Pending(seat, copy, "when_played")))
    if state.pending is not None or state.phase != "extra":
        return state
    return _start_draft(state)


def _run(state: EstateState) -> EstateState:
    """Resolve the pending effect with its answers: done, or still waiting."""
    out = pending.run(state.table, state.pending)
    if out.question is not None:
        return state
    return attrs.evolve(state, table=out.table, pending=None)


def _start_draft(state: EstateState) -> EstateState:
    """E-F13: 5 cards each (solo: 10, keep 4, E-F48)."""
    table = state.table
    size, keep = (10, 4) if state.solo else (5, 4)
    packets = []
    for _ in range(state.seats):
        packet = []
        for _ in range(size):
            table, c = _draw_setup(table)
            if c:
                packet.append(c)
        packets.append(tuple(packet))
    draft = Draft(tuple(packets), (False,) * state.seats, keep=keep)
    return attrs.evolve(state, table=table, phase="draft", draft=draft)


def _warden(state: EstateState, seat: Seat) -> str:
    """The Dungeon the Warden tucks draft cards under, ``""`` if ``seat`` may not (E-R5)."""
    lid = state.leaders[seat]
    ld = CONTENT.leaders[lid]
    if not ld.draft_tucks or state.draft.warden_tucks >= ld.draft_tucks:
        return ""
    return next((c for c in state.table.estates[seat].cards if card(c).name == "Dungeon"), "")


def active_seats(state: EstateState) -> frozenset[Seat]:
    """Who may act now: the choosing seat, the seat owing an answer, every seat yet to
    pick or keep a secret (they act at once)."""
    if state.phase == "leaders":
        return frozenset({_chooser(state)})
    if state.pending is not None:
        return frozenset({pending.question(state).seat})
    if state.phase == "draft":
        return frozenset(s for s in range(state.seats) if not state.draft.picked[s])
    if state.phase == "secrets":
        return frozenset(s for s in range(state.seats) if len(state.secrets[s]) == 2)
    return frozenset()


def _chooser(state: EstateState) -> Seat:
    """E-R1: the last seat chooses first, the first seat last."""
    return max(s for s in range(state.seats) if not state.leaders[s])


def legal_actions(state: EstateState, seat: Seat) -> list[EstateAction]:
    """Every action ``seat`` may take in set-up (empty if none)."""
    if seat not in active_seats(state):
        return []
    if state.phase == "leaders":
        return [ChooseLeader(lid) for lid in eligible_leaders(state.seats) if lid not in state.leaders]
    if state.pending is not None:
        return [Answer(v) for v in pending.question(state).options]
    if state.phase == "draft":
        packet = tuple(dict.fromkeys(state.draft.packets[seat]))
        out: list[EstateAction] = [Pick(c) for c in packet]
        if _warden(state, seat):
            out += [Pick(c, t) for c in packet for t in packet if t != c]
        return out
    return [KeepSecret(s) for s in state.secrets[seat]]


def apply(state: EstateState, seat: Seat, action: EstateAction) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """Apply a set-up action; ``RuleViolation`` (nothing changed) if it is not legal."""
    if action not in legal_actions(state, seat):
        raise _refusal(state, seat, action)
    if isinstance(action, ChooseLeader):
        leaders = list(state.leaders)
        leaders[seat] = action.leader
        state = attrs.evolve(state, leaders=tuple(leaders))
        events = (SetupEvent(seat, f"chose {CONTENT.leaders[action.leader].name}"),)
        return (_lay_out(state) if all(leaders) else state), events
    if isinstance(action, Answer):
        told = answer_event(seat, pending.question(state), action.value, state.pending.source)
        state = _run(attrs.evolve(state, pending=pending.answered(state, action.value)))
        return _next_extra(state), (told,)
    if isinstance(action, Pick):
        return _pick(state, seat, action)
    secrets = list(state.secrets)
    secrets[seat] = (action.secret,)
    state = attrs.evolve(state, secrets=tuple(secrets))
    events = (SetupEvent(seat, "kept a Family Secret", (action.secret,), True),)
    if all(len(s) == 1 for s in secrets):
        state = _first_player(state)
        events += (SetupEvent(state.first, "is the first player"),)
    return state, events


def _refusal(state: EstateState, seat: Seat, action: EstateAction) -> RuleViolation:
    """Why ``action`` is refused in set-up: a pick of a card not in the seat's packet,
    or a Family Secret not dealt to it, says so (E-F14, E-F15; tester-estate-1 item 17);
    anything else is not allowed now."""
    rule = f"{RB}, Setup"
    if seat in active_seats(state) and state.pending is None:
        if isinstance(action, Pick) and state.phase == "draft":
            packet = state.draft.packets[seat]
            if any(c and c not in packet for c in (action.card, action.tuck)):
                return RuleViolation("not-legal", "That card is not in your packet.", rule)
        if isinstance(action, KeepSecret) and state.phase == "secrets" and action.secret not in state.secrets[seat]:
            return RuleViolation("not-legal", "That Family Secret was not dealt to you.", rule)
    return not_allowed(action, rule)


def _pick(state: EstateState, seat: Seat, action: Pick) -> tuple[EstateState, tuple[EstateEvent, ...]]:
    """E-F14, E-R5: keep a card; the Warden may tuck a second one under the Dungeon and
    put the deck's top card into the packet."""
    d, table = state.draft, state.table
    packet = list(d.packets[seat])
    packet.remove(action.card)
    e = table.estates[seat]
    e = attrs.evolve(e, hand=(*e.hand, action.card))
    shown = [action.card]
    tucks = d.warden_tucks
    if action.tuck:
        packet.remove(action.tuck)
        e = attrs.evolve(e, tucked=(*e.tucked, (_warden(state, seat), action.tuck)))
        table, c = draw_card(table.set(seat, e))
        e = table.estates[seat]
        if c:
            packet.append(c)
            shown += [action.tuck, c]
        tucks += 1
    table = table.set(seat, e)
    packets = list(d.packets)
    packets[seat] = tuple(packet)
    picked = list(d.picked)
    picked[seat] = True
    d = attrs.evolve(d, packets=tuple(packets), picked=tuple(picked), warden_tucks=tucks)
    events: tuple[EstateEvent, ...] = (SetupEvent(seat, "picked a card", tuple(shown), True),)
    if not all(picked):
        return attrs.evolve(state, table=table, draft=d), events
    if d.round + 1 < d.keep:  # E-F14: pass to the left-hand neighbour, seat + 1
        n = state.seats
        passed = tuple(d.packets[(s - 1) % n] for s in range(n))
        d = Draft(passed, (False,) * n, d.round + 1, d.warden_tucks, d.keep)
        return attrs.evolve(state, table=table, draft=d), events
    leftover = tuple(c for p in d.packets for c in p)  # face up onto the discard pile
    table = attrs.evolve(table, discard=(*table.discard, *leftover))
    events += (SetupEvent(-1, "discarded the draft's last cards", leftover),)
    state = attrs.evolve(state, table=table, draft=None, phase="secrets")
    if state.solo:  # E-F47: no Family Secrets
        state = _first_player(state)
        events += (SetupEvent(state.first, "is the first player"),)
    return state, events


def _first_player(state: EstateState) -> EstateState:
    """E-R1, E-F15: the first player is drawn at random; Era 1 is ready to start."""
    first, rng = state.table.rng.below(state.seats)
    table = attrs.evolve(state.table, rng=rng, in_setup=False)
    return attrs.evolve(state, table=table, first=first, phase="era", era=1)
