"""Estate's pages as text, from the view: your Estate (tracks, workers, supply, stored
items, tableau by track with each card's text), your hand and Family Secret (the
draft's packet while drafting), the Realm board, the Market and the Era, and the other
Estates at a glance. The table shows one page at a time (tui/estate/table.py)."""

from __future__ import annotations

from typing import Sequence

from rules.estate.data import CONTENT, RESOURCES, TRACKS, card
from rules.estate.effects import evaluate
from rules.estate.eras import ERAS, ORDINAL, SOLO_FAILURES, SOLO_MET_VP, place_vp, reward_words
from rules.estate.state import EstateInView, EstateView
from rules.estate.table import Estate, Table
from rules.core import plural

from ..names import fit
from . import words

PAGES = {"estate": "Estate", "hand": "Hand", "realm": "Realm", "market": "Market", "others": "Others"}
"""The pages, by key word, as their tabs name them."""


def workers(view: EstateView, seat: int) -> str:
    """``"workers 2 free / 3 used (1 temporary), 1 from next Era"``."""
    permanent, pending, temporary = view.estates[seat].workers
    used = view.used_workers[seat] if view.used_workers else 0
    free = permanent + temporary - used
    text = f"workers {free} free / {used} used"
    if temporary:
        text += f" ({temporary} temporary)"
    if pending:
        text += f", {pending} from next Era"
    return text


def cubes(n: int) -> str:
    """The 7 cubes of a track, ``·`` where one is off: ``"··■■■■■"``."""
    return "·" * n + "■" * (7 - n)


def tracks(view: EstateView, seat: int) -> list[str]:
    est = view.estates[seat]
    out = []
    for i, t in enumerate(TRACKS):
        count = sum(card(c).track == t for c in est.cards)
        out.append(f"{t:<10} {cubes(est.cubes[i])} value {words.track_value(view, seat, t)}"
                   f" · {count}/7 cards")
    return out


def stored(est: EstateInView) -> str:
    if not est.stored:
        return "none"
    items: dict[str, list[str]] = {}
    for c, item in est.stored:
        items.setdefault(words.card_name(c), []).append(words.res_name(item))
    return "; ".join(f"{', '.join(v)} on {k}" for k, v in items.items())


def estate_page(view: EstateView, seat: int, names: Sequence[str]) -> str:
    """A seat's whole Estate: Leader, tracks, workers, supply, stored, tableau by
    track with each card's text, tucked cards."""
    est = view.estates[seat]
    crest = " · Crest flipped" if view.crests and view.crests[seat] else ""
    lines = [f"{names[seat]} · {words.leader_name(est.leader)}{crest}",
             *tracks(view, seat),
             f"{workers(view, seat)}",
             f"supply {words.supply(est.res, est.gold)}",
             f"stored: {stored(est)}"]
    tucked = len(est.tucked_under)
    if tucked:
        mine = f": {', '.join(words.card_name(t) for _, t in est.tucked)}" if est.tucked else ""
        lines.append(f"tucked: {tucked} card{'s' * (tucked != 1)}{mine}")
    for t in TRACKS:
        on = [c for c in est.cards if card(c).track == t]
        lines.append(f"── {t} ({len(on)}/7)")
        for c in on:
            activated = " (activated)" if c in view.activated else ""
            under = sum(u == c for u in est.tucked_under)
            tucks = f" ({under} tucked)" if under else ""
            lines.append(f"• {words.card_head(c)}{activated}{tucks}")
            lines.append(f"    {card(c).text}{words.mark(card(c).source)}")
        if not on:
            lines.append("  (no cards)")
    if est.leader:
        lines.append(f"── Leader: {words.leader_text(est.leader)}")
    return "\n".join(lines)


def hand_page(view: EstateView, names: Sequence[str] = ()) -> str:
    """Your hand with each card's text, then your Family Secret; in the draft, the
    packet you hold first."""
    if view.seat is None:
        return "(a spectator sees no hand)"
    est = view.estates[view.seat] if view.estates else None
    lines: list[str] = []
    if view.phase == "draft" and view.packet:
        to = view.passing_to
        if view.seats == 1:  # E-F48: keep 4 of 10, the rest discarded
            kept = 10 - len(view.packet)
            lines.append(f"Starting hand: keep {4 - kept} more of these {len(view.packet)} "
                         "(the rest are discarded)")
        else:  # E-F14: 5 cards, keep 1 and pass the rest, until 4 are kept
            pick = 6 - len(view.packet)
            nth = ("first", "second", "third", "fourth")[min(pick, 4) - 1]
            rest = ("the other goes to the discard pile" if pick >= 4 else  # E-F14: the last card left over
                    f"pass the rest to {names[to] if names and to is not None else 'the left'}")
            lines.append(f"Your {nth} pick of 4: keep 1 of these {len(view.packet)}, {rest}")
        lines += [f"{i + 1}. {words.card_text(c)}" for i, c in enumerate(view.packet)]
        if view.seats > 1 and names:
            lines.append("Packets now: " + ", ".join(f"{fit(names[s], 10)} {n}"
                                                     for s, n in enumerate(view.packet_sizes)))
        lines.append("")
    hand = est.hand if est is not None else ()
    lines.append(f"Hand ({plural(len(hand), 'card')}):" if hand else "Hand: no cards")
    lines += [f"{i + 1}. {words.card_text(c)}" for i, c in enumerate(hand)]
    secrets = est.secrets if est is not None else ()
    if view.seats == 1:
        lines.append("Family Secret: none in solo")
    for sid in secrets:
        s = CONTENT.secrets[sid]
        lines.append(f"Family Secret: {s.name}: {s.text}{words.mark(s.source)}")
    return "\n".join(lines)


def realm_page(view: EstateView, names: Sequence[str]) -> str:
    """The Realm board: each Gather space (open or one worker an Era), what lies on
    the accumulating ones, the Advanced tiles by level, and who stands where."""
    taken = dict(view.occupied)
    lines = ["Gather spaces (· free, ■ taken this Era; open spaces take anyone):"]

    def line(sid: str) -> list[str]:
        sp = words.space(sid)
        who = taken.get(sid)
        if sp.use == "open":
            state = "open"
        elif who is not None:
            state = f"■ {fit(names[who], 10)}"
        else:
            state = "· free"
        here = ""
        if sp.accumulates:
            here = f" [{view.accumulated[RESOURCES.index(sp.accumulates)]} {words.res_name(sp.accumulates)} here]"
        level = f"L{sp.level} " if sp.level else ""
        return [f"{state:<13}{level}{sp.name}{here}", f"    {sp.text}{words.mark(sp.source)}"]

    for sid in CONTENT.spaces:
        lines += line(sid)
    lines.append("Advanced tiles (need Gather value ≥ level):")
    for sid in view.tiles:
        lines += line(sid)
    return "\n".join(lines)


def objective_measures(view: EstateView) -> list[int]:
    """Each seat's measure of the current Era Objective, worked out by the rules'
    own expression reader on the Estates the view shows (E-R20)."""
    eid = view.era_events[view.era - 1] if view.era else ""
    if not eid:
        return []
    ev = CONTENT.solo_events[eid] if view.seats == 1 else CONTENT.events[eid]
    estates = tuple(Estate(res=e.res, gold=e.gold, cards=e.cards, cubes=e.cubes,
                           tucked=tuple((u, "") for u in e.tucked_under), stored=e.stored,
                           hand=("",) * e.hand_count) for e in view.estates)
    table = Table(estates)
    return [evaluate(table, s, ev.objective) for s in range(view.seats)]


def market_page(view: EstateView, names: Sequence[str]) -> str:
    """The Market with each card's text, the deck and discard, the Era Event and the
    objective standings, the Eras to come; once the game is over, the Era it ended in,
    every Era's objective result and the Eras left unplayed (a lost solo game, E-R21),
    no standings nor Eras to come."""
    over = view.phase == "over"
    head = f"Era {view.era} of {ERAS}" if view.era else "Before Era 1"
    lines = [f"Game over after Era {view.era} of {ERAS}" if over else head]
    eid = view.era_events[view.era - 1] if view.era and view.era_events else ""
    if eid:
        ev = CONTENT.solo_events[eid] if view.seats == 1 else CONTENT.events[eid]
        lines.append(f"Era Event: {ev.name}{words.mark(ev.source)}")
        lines.append(f"    {ev.text}")
        measures = objective_measures(view)  # once over, scored: the past Eras say how
        if over:
            measures = []
        elif view.seats == 1:
            lines.append(f"Objective: you {measures[0]}, needs {ev.threshold}"
                         f" ({'met' if measures[0] >= ev.threshold else 'not yet'})")
        else:
            order = sorted(range(view.seats), key=lambda s: -measures[s])
            lines.append("Objective standings: " + ", ".join(
                f"{fit(names[s], 10)} {measures[s]}" for s in order))
    elif view.era:
        lines.append("Era Event: not revealed yet")
    lines += past_eras(view, names)
    later = [i + 1 for i, e in enumerate(view.era_events) if not e and i + 1 > view.era]
    if over and view.era < ERAS:
        unplayed = ", ".join(str(era) for era in range(view.era + 1, ERAS + 1))
        lines.append(f"Era{'s' * (view.era + 1 < ERAS)} {unplayed} not played: the game ended early")
    elif later:
        lines.append(f"Eras to come: {', '.join(map(str, later))} (events face down)")
    lines.append("── Market:")
    for i, c in enumerate(view.market):
        lines.append(f"{i + 1}. {words.card_text(c)}" if c else f"{i + 1}. (empty)")
    lines.append(f"Deck {plural(view.deck_count, 'card')} · discard pile {len(view.discard)}")
    return "\n".join(lines)


def past_eras(view: EstateView, names: Sequence[str]) -> list[str]:
    """Each past Era's objective result (E-R20, E-R21): solo met or failed with the
    failures so far; else each seat's place and what it earned (VP, a tie's shared VP,
    the cards and resource of 2nd and lower places, E-F41)."""
    lines = []
    failures = 0
    for i, places in enumerate(view.places):
        eid = view.era_events[i] if i < len(view.era_events) else ""
        ev = (CONTENT.solo_events[eid] if view.seats == 1 else CONTENT.events[eid]).name if eid else "?"
        if view.seats == 1:
            failures += not places[0]
            result = f"met, {SOLO_MET_VP} VP" if places[0] else f"failed ({failures} of {SOLO_FAILURES})"
            lines.append(f"Era {i + 1} ({ev}): objective {result}")
            continue
        vps = place_vp(places, i + 1 == ERAS)
        order = sorted(range(len(places)), key=lambda s: places[s])
        lines.append(f"Era {i + 1} ({ev}): " + ", ".join(
            f"{fit(names[s], 10)} {ORDINAL[places[s]]}{' (tie)' * (places.count(places[s]) > 1)} "
            f"{reward_words(places[s], vps[s], i + 1 == ERAS)}"
            for s in order))
    return (["── Past Eras' objectives:"] + lines) if lines else []


def glance(view: EstateView, seat: int, names: Sequence[str], bots: Sequence[str | None],
           notes: Sequence[str] = ()) -> list[str]:
    """Another Estate in three lines; ``notes`` by seat a word on its player (a LAN
    table's ``"away, held 1:42 more"`` for one who dropped), shown after its name."""
    est = view.estates[seat]
    by_track = " ".join(f"{t[0]}{sum(card(c).track == t for c in est.cards)}"
                        f"(v{words.track_value(view, seat, t)})" for t in TRACKS)
    bot = f" ({bots[seat]} bot)" if bots and bots[seat] else ""
    turn = " ◀ to act" if seat in view.awaiting else ""
    note = f" · {notes[seat]}" if seat < len(notes) and notes[seat] else ""
    # the name is fitted, the bot's kind kept whole (player-tester 2, item 7: "(strong bo…")
    return [f"{fit(names[seat], 16)}{bot} · {words.leader_name(est.leader)}{turn}{note}",
            f"  {by_track} · hand {est.hand_count} · {workers(view, seat)}",
            f"  {words.supply(est.res, est.gold)} · stored {len(est.stored)} · tucked {len(est.tucked_under)}"]


def others_page(view: EstateView, names: Sequence[str], bots: Sequence[str | None],
                notes: Sequence[str] = ()) -> str:
    """Every other Estate at a glance (cards per track and track value, hand size,
    workers, supply, stored and tucked; a player away marked, ``notes`` by seat), then
    their cards by name."""
    lines: list[str] = []
    others = [s for s in range(view.seats) if s != view.seat]
    if not others:
        return "Solo: no other Estates."
    for s in others:
        lines += glance(view, s, names, bots, notes)
        est = view.estates[s]
        for t in TRACKS:
            on = [words.card_name(c) for c in est.cards if card(c).track == t]
            if on:
                lines.append(f"  {t}: {', '.join(on)}")
    return "\n".join(lines)
