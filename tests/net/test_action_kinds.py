"""Games whose legal actions include kinds of action with parameter bounds
(rules.core ``ActionKind``) over net/: the codec writes them in snapshots and reads
intents strictly as before, the host's bots and their fallback draw within the bounds
(``core.sample``) and act only for the seats the game waits for (``core.awaited``).
Issue 9, "Before the third table": "The contract carries Zestrea as it is"."""

from __future__ import annotations

import asyncio
import json
import random

import attrs
import pytest

from net import protocol as p
from net.codec import Codec, ProtocolError, SnapshotEncoder, codec_for
from net.kinds import kind_from_wire, kind_to_wire
from net.host import GAME_OVER, STALE, Host, fallback_action
from rules.core import ActionKind, OneOf, SomeOf, Whole, awaited, kinds, permits, sample
from rules.zestrea import GAME as ZESTREA
from rules.zestrea import ZestreaOptions
from tests.net import toygame
from tests.net.toygame import Pick, ToyOptions
from tests.net.wire import TIMEOUT, host_table, join, until

KIND_OPTIONS = ToyOptions(rounds=3, top=50, picks="kind")

BID = ActionKind("play", (Whole("amount", 3, 12), OneOf("villager", ("L01", "M07", None)),
                          SomeOf("cards", ("F01", "F02", "F03"), 1, 2, ordered=True)),
                 fixed=(("card", "F07"),), checks="the villager lives on your Estate")


def kind_snapshot(legal: tuple) -> p.SnapshotMsg:
    state = toygame.GAME.setup(KIND_OPTIONS, 2, 1)
    return p.SnapshotMsg(version=0, seat=0, view=toygame.GAME.view(state, 0), legal_actions=legal,
                         active_seats=frozenset({0, 1}))


# ---- the codec --------------------------------------------------------------------------


def test_an_action_kind_is_written_as_docs_protocol_md_shows_and_read_back():
    """docs/protocol.md, "Action kinds": the example there is this kind's frame."""
    wire = kind_to_wire(BID)
    assert wire == {
        "kind": "action-kind", "of": "play",
        "params": [{"type": "whole", "name": "amount", "lo": 3, "hi": 12},
                   {"type": "one-of", "name": "villager", "values": ["L01", "M07", None]},
                   {"type": "some-of", "name": "cards", "values": ["F01", "F02", "F03"], "lo": 1,
                    "hi": 2, "ordered": True}],
        "fixed": [["card", "F07"]], "checks": "the villager lives on your Estate"}
    assert kind_from_wire(json.loads(json.dumps(wire))) == BID


def test_a_snapshot_with_kinds_and_listed_actions_round_trips():
    codec = Codec(toygame.GAME)
    kind = ActionKind("pick", (Whole("number", 1, 50),))
    message = kind_snapshot((Pick(2), kind))
    frame = codec.encode(message)
    assert json.loads(frame)["legal_actions"] == [
        {"number": 2, "kind": "pick"},
        {"kind": "action-kind", "of": "pick", "params": [{"type": "whole", "name": "number", "lo": 1, "hi": 50}],
         "fixed": [], "checks": ""}]
    assert codec.decode_host(frame) == message


@pytest.mark.parametrize("entry", [
    {"kind": "action-kind", "of": "pick", "params": [], "fixed": []},  # a key missing
    {"kind": "action-kind", "of": "pick", "params": [], "fixed": [], "checks": "", "x": 1},  # extra
    {"kind": "action-kind", "of": 3, "params": [], "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [{"type": "whole", "name": "n", "lo": "1", "hi": 3}],
     "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [{"type": "whole", "name": "n", "lo": 1, "hi": 3,
                                                       "values": []}], "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [{"type": "any", "name": "n"}], "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [{"type": "one-of", "name": "n", "values": [[1]]}],
     "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [{"type": "one-of", "name": "n", "values": [1.5]}],
     "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [{"type": "some-of", "name": "n", "values": [1],
                                                       "lo": 0, "hi": 1, "ordered": 1}], "fixed": [], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": [], "fixed": [["card"]], "checks": ""},
    {"kind": "action-kind", "of": "pick", "params": "whole", "fixed": [], "checks": ""},
    {"number": "2"},
])
def test_a_malformed_action_kind_in_a_snapshot_is_one_protocol_error(entry):
    frame = json.loads(Codec(toygame.GAME).encode(kind_snapshot((Pick(1),))))
    frame["legal_actions"] = [entry]
    with pytest.raises(ProtocolError):
        Codec(toygame.GAME).decode_host(json.dumps(frame))


def test_an_intent_is_never_an_action_kind():
    """Intents are read strictly as the game's action type, as before issue 9."""
    codec = Codec(toygame.GAME)
    frame = {"kind": "intent", "action_id": "a", "version": 0, "action": kind_to_wire(
        ActionKind("pick", (Whole("number", 1, 3),)))}
    with pytest.raises(ProtocolError):
        codec.decode_client(json.dumps(frame))
    assert codec.decode_client(json.dumps({**frame, "action": {"number": 2}})).action == Pick(2)


def zestrea_host(seats: int, seed: int) -> Host:
    names = tuple(f"B{i}" for i in range(seats))
    return Host(ZESTREA, ZestreaOptions(), seats, seed, names,
                bots={s: ("strong" if s % 2 else "easy") for s in range(seats)}, bot_delay=0)


def test_the_snapshot_encoder_writes_zestreas_kinds_as_the_codec_does():
    """Zestrea (imported directly: it is not in rules.registry yet): every seat's and a
    spectator's snapshot for the first versions of a game, encoded by the fast encoder
    and by the codec alike, and read back equal."""
    codec = codec_for(ZESTREA)
    encoder = SnapshotEncoder(codec)
    host = zestrea_host(4, 3)
    rnd = random.Random(3)
    frame, seen_kinds = host._frame, 0
    for _ in range(60):
        for snap in frame.snapshots.values():
            message = _message(snap)
            text = encoder.encode(snap)
            assert text == codec.encode(message)
            assert codec.decode_host(text) == message
            seen_kinds += len(kinds(snap.legal_actions))
        if frame.over:
            break
        seat = min(frame.awaited or frame.active)
        action = fallback_action(ZESTREA, frame.snapshots[seat].legal_actions, rnd)
        try:
            frame = host._advance(frame, seat, action)
        except Exception as exc:  # a sample the checks refuse: another draw
            assert type(exc).__name__ == "RuleViolation", exc
    assert seen_kinds > 0


def test_an_update_carries_zestreas_kinds_and_makes_the_next_snapshot():
    """issue 11's update frames with issue 9's action kinds: a client holding version n
    and given the update to n + 1 holds exactly the snapshot of n + 1, kinds included."""
    from net.client import apply_update

    codec = codec_for(ZESTREA)
    encoder = SnapshotEncoder(codec)
    host = zestrea_host(4, 5)
    rnd = random.Random(5)
    frame, updates = host._frame, 0
    held = dict(frame.snapshots)
    for _ in range(80):
        if frame.over:
            break
        seat = min(frame.awaited or frame.active)
        action = fallback_action(ZESTREA, frame.snapshots[seat].legal_actions, rnd)
        try:
            frame = host._advance(frame, seat, action)
        except Exception as exc:  # a sample the checks refuse: another draw
            assert type(exc).__name__ == "RuleViolation", exc
            continue
        for who, snap in frame.snapshots.items():
            text = encoder.encode_update(held[who], snap)
            if text is not None:
                message = codec.decode_host(text)
                assert apply_update(held[who], message) == snap
                updates += 1
            held[who] = snap
    assert updates > 0


def _message(snap) -> p.SnapshotMsg:
    return p.SnapshotMsg(**{f.name: getattr(snap, f.name) for f in attrs.fields(type(snap))})


# ---- the host: bots, fallback, awaited seats ------------------------------------------------


async def test_bots_and_the_fallback_play_a_kind_within_its_bounds():
    """A bot that raises gets a random action drawn within the kind's bounds
    (core.sample); the game ends with every pick from 1 to top."""
    host = Host(toygame.GAME, attrs.evolve(KIND_OPTIONS, rounds=8), 2, 5, ("A", "B"),
                bots={0: "raising", 1: "random"}, bot_delay=0)
    async with host:
        await asyncio.wait_for(host.wait_over(), TIMEOUT)
    picks = [entry.action.number for entry in host.applied]
    assert len(picks) == 16 and all(1 <= n <= 50 for n in picks)
    assert len(set(picks)) > 2, "drawn from the whole range, not only the listed 1 to 3"


def test_the_fallback_prefers_listed_actions_and_else_samples_a_kind():
    rnd = random.Random(1)
    kind = ActionKind("pick", (Whole("number", 4, 9),))
    assert fallback_action(toygame.GAME, (kind, Pick(2)), rnd) == Pick(2)
    drawn = {fallback_action(toygame.GAME, (kind,), rnd).number for _ in range(60)}
    assert drawn == set(range(4, 10))


class SecondAfterFirst(toygame.SecretNumbers):
    """Secret Numbers where the game waits for seat 0 only once seat 1 has picked
    (seat 0 may pick sooner: it is active, not awaited)."""

    def awaited(self, state):
        active = self.active_seats(state)
        return active - {0} if 1 in active else active


async def test_bots_act_only_for_the_seats_the_game_waits_for():
    """core.awaited: in every round seat 1's bot picks before seat 0's, though both are
    active from the round's start."""
    game = SecondAfterFirst()
    host = Host(game, ToyOptions(rounds=6), 2, 9, ("A", "B"), bots={0: "high", 1: "high"}, bot_delay=0)
    assert awaited(game, host.state) == {1} and host.snapshot(None).active_seats == {0, 1}
    async with host:
        await asyncio.wait_for(host.wait_over(), TIMEOUT)
    order = [entry.seat for entry in host.applied]
    assert order == [1, 0] * 6


async def test_a_human_may_act_while_not_awaited():
    game = SecondAfterFirst()
    host = Host(game, ToyOptions(rounds=2), 2, 9, ("A", "B"), bot_delay=0)
    async with host:
        assert (await asyncio.wait_for(host.link(0).submit(Pick(3)), TIMEOUT)).accepted


@pytest.mark.parametrize("seats,seed", [(3, 1), (6, 2)])
async def test_zestrea_bots_play_in_the_host_without_stalling(seats, seed):
    """rules.zestrea's GAME (imported directly) with its bots at every seat in the
    in-memory host plays to the end (a few hundred actions), never stalling (a table
    with nothing applied for 10 s)."""
    host = zestrea_host(seats, seed)
    async with host:
        last, still = host.version, 0
        while not host.over and host.version < 5000:
            await asyncio.sleep(0.05)
            still = still + 1 if host.version == last else 0
            last = host.version
            assert still < 200, f"stalled at version {host.version}: awaited {sorted(host._frame.awaited)}"
    assert host.over and host.result is not None
    for entry in host.applied:  # every applied action was legal for its seat when made
        assert entry.seat in range(seats)


async def test_a_peers_out_of_date_intent_in_zestreas_step_iv_is_judged_as_the_state_is():
    """Reference §3.1: "In step IV an intent is checked against the current state, not
    the version it was made against" (rules.core.judged_now). Ann reveals a card, which
    changes what Bob may ask in a trade; Bob's adoption, made before it, is applied,
    not refused as stale, and an intent from the future still is."""
    from rules.zestrea.state import Adopt, Reveal
    from net.host import Intent
    from tests.net.zestrea_play import to_step_iv

    host = Host(ZESTREA, ZestreaOptions(starting_zestre=10), 3, 5, ("Ann", "Bob", "Cas"), bot_delay=0)
    async with host:
        await asyncio.wait_for(to_step_iv([host.link(s) for s in range(3)]), TIMEOUT)
        before = host.version
        ann, bob = host.connect(0, lambda snap: None), host.connect(1, lambda snap: None)
        card = host.snapshot(0).view.hand[0]
        assert (await host.submit(ann, Intent(Reveal(card), "r", before))).accepted
        assert host._frame.changed_at[1] == before + 1  # Bob's choices changed
        assert (await host.submit(bob, Intent(Adopt("lad"), "a", before))).accepted
        future = await host.submit(bob, Intent(Adopt("lad"), "b", host.version + 1))
        assert future.code == STALE


# ---- over loopback ----------------------------------------------------------------------


async def test_clients_pick_a_number_between_1_and_n_over_loopback():
    """The lobby sets the toy game's options (a whole number with bounds, a choice), the
    clients read the kind "pick a number from 1 to 50" from their snapshots, draw
    within it (core.sample) and play to the end with a bot; a pick out of bounds is
    refused in words."""
    hosted = await host_table(toygame.GAME)
    ann = await join(hosted, "Ann", host=True)
    for line in ("/option top 50", "/option picks kind", "/option rounds 3", "/join"):
        await ann.say(line)
    bob = await join(hosted, "Bob")
    await bob.say("/join")
    await until(lambda: hosted.table.lobby.seated_count() == 2, what="both seated")
    await ann.say("/bot add random")
    await until(lambda: hosted.table.lobby.seated_count() == 3, what="bot seated")
    await ann.say("/start")
    await until(lambda: ann.has_snapshot and bob.has_snapshot, what="first snapshots")
    legal = ann.snapshot().legal_actions
    assert legal == (ActionKind("pick", (Whole("number", 1, 50),)),)
    refused = await asyncio.wait_for(ann.submit(Pick(51)), TIMEOUT)
    assert not refused.accepted and "1 to 50" in refused.reason
    rnd = random.Random(4)

    async def play(link) -> None:
        while not link.snapshot().over:
            snap = link.snapshot()
            if link.seat in snap.active_seats and snap.legal_actions:
                action = sample(snap.legal_actions[0], toygame.GAME.action_type, rnd)
                assert permits(snap.legal_actions, action)
                outcome = await link.submit(action)
                assert outcome.accepted or outcome.code in (STALE, GAME_OVER), outcome
            else:
                await asyncio.sleep(0.005)

    await asyncio.wait_for(asyncio.gather(play(ann), play(bob)), 30)
    picks = [e for e in ann.snapshot().view.history]
    assert len(picks) == 3 and all(1 <= n <= 50 for round_ in picks for n in round_)
    for link in (ann, bob):
        await link.close()
    await hosted.stop()
