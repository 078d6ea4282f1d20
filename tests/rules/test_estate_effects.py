"""The effect vocabulary's interpreter (issue 10 "the effect vocabulary as one small
interpreter"; reference estate.md §3, E-V1-E-V25, and the rulings it carries)."""

from __future__ import annotations

import attrs
import pytest

from rules.core import Rng, RuleViolation
from rules.estate import effects as fx
from rules.estate.data import BY_NAME, CONTENT, RESOURCES, card
from rules.estate.effects import Ctx, resolve
from rules.estate.table import Estate, Table


def cp(name: str, k: int = 1) -> str:
    """Copy ``k`` of the card called ``name``."""
    return f"{BY_NAME[name].id}-{k}"


def table(*estates: Estate, deck=(), discard=(), market=("", "", "", ""), solo=False) -> Table:
    return Table(tuple(estates), tuple(deck), tuple(discard), tuple(market), Rng(7), solo=solo)


def done(t: Table, ctx: Ctx, ops, answers=()) -> Table:
    out = resolve(t, ctx, ops, tuple(answers))
    assert out.question is None, out.question
    return out.table


def ask(t: Table, ctx: Ctx, ops, answers=()):
    out = resolve(t, ctx, ops, tuple(answers))
    assert out.question is not None and out.table is t
    return out.question


def res(**kw) -> tuple[int, int, int, int]:
    return tuple(kw.get(r, 0) for r in RESOURCES)


def test_e_v1_gain_fixed_any_and_stored():
    """E-V1: Farm gives 1 Grain; `any` asks the type of each unit (Innkeeper); E-F49 Barn
    Cat solo gives one resource of choice per Farm."""
    t = table(Estate(res=res(), cards=(cp("Farm"),)))
    assert done(t, Ctx(0, cp("Farm")), fx.triggers(cp("Farm"), "production")).estates[0].res == res(G=1)
    inn = fx.triggers(cp("Innkeeper"), "when_played")
    q = ask(t, Ctx(0), inn)
    assert q.kind == "resource" and q.options == RESOURCES
    assert done(t, Ctx(0), inn, ["I", "I"]).estates[0].res == res(I=2)
    cat = fx.triggers(cp("Barn Cat"), "solo_reveal")
    assert done(t, Ctx(0), cat, ["S"]).estates[0].res == res(S=1)


def test_e_v25_guild_president_table_stores_gold():
    """E-F52 / E-R37 / E-V25: 1/3/5/7/9 Production Citizens in all Estates give 1/2/4/5/6
    Gold, stored on the card (E-F66); 0 below the first threshold."""
    gp = cp("Guild President")
    op = fx.triggers(gp, "when_played")
    citizens = [cp("Assassin", 1), cp("Assassin", 2), cp("Assassin", 3), cp("Assassin", 4),
                cp("Thief", 1), cp("Thief", 2), cp("Thief", 3), cp("Barn Cat", 1), cp("Barn Cat", 2)]
    for n, gold in [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 4), (6, 4), (7, 5), (9, 6)]:
        mine, theirs = citizens[:n // 2], citizens[n // 2:n]
        t = table(Estate(cards=(gp, *mine)), Estate(cards=tuple(theirs)))
        after = done(t, Ctx(0, gp), op).estates[0]
        assert after.stored == ((gp, "Gold"),) * gold and after.gold == 0, n


def test_e_v2_store_cap_and_source():
    """E-V2: Granary stores 1 Grain from the supply each Era end, never more than 4 on
    it; Larder moves Grain from personal supply, only if held."""
    gran = cp("Granary")
    t = table(Estate(cards=(gran,), stored=((gran, "G"),) * 4))
    assert done(t, Ctx(0, gran), fx.triggers(gran, "era_end")).estates[0].stored == ((gran, "G"),) * 4
    t = table(Estate(cards=(gran,)))
    assert done(t, Ctx(0, gran), fx.triggers(gran, "era_end")).estates[0].stored == ((gran, "G"),)
    larder = cp("Larder")
    store = [op for tr in card(larder).effects for op in tr.do]
    t = table(Estate(res=res(W=2), cards=(larder,)))
    assert done(t, Ctx(0, larder), store).estates[0].stored == ()
    t = table(Estate(res=res(G=2), cards=(larder,)))
    after = done(t, Ctx(0, larder), store).estates[0]
    assert after.stored == ((larder, "G"),) and after.res == res(G=1)


def test_e_v3_pay_is_optional_and_personal_only():
    """E-V3, E-R13: Forge pays 1 Wood from personal supply for 2 Iron, may be refused,
    and stored Wood cannot pay it."""
    forge = cp("Forge")
    ops = fx.triggers(forge, "production")
    t = table(Estate(res=res(W=1), cards=(forge,)))
    assert ask(t, Ctx(0, forge), ops).options == (True, False)
    assert done(t, Ctx(0, forge), ops, [True]).estates[0].res == res(I=2)
    assert done(t, Ctx(0, forge), ops, [False]).estates[0].res == res(W=1)
    t = table(Estate(res=res(), cards=(forge,), stored=((forge, "W"),)))
    assert done(t, Ctx(0, forge), ops).estates[0].res == res()


def test_e_v4_exchange_up_to_charcoal_burner():
    """E-V4, E-F66: Charcoal Burner discards up to 3 Wood for 1 Gold each; stop early."""
    cb = cp("Charcoal Burner")
    ops = fx.triggers(cb, "production")
    t = table(Estate(res=res(W=5), cards=(cb,)))
    after = done(t, Ctx(0, cb), ops, ["W", "W", "W"]).estates[0]
    assert (after.res, after.gold) == (res(W=2), 3)
    after = done(t, Ctx(0, cb), ops, ["W", "stop"]).estates[0]
    assert (after.res, after.gold) == (res(W=4), 1)


def test_e_v5_draw_deck_or_market_and_e_r6_reshuffle():
    """E-V5, E-R14: each card from the deck top or a Market card, the gap stays; E-R6: an
    empty deck is refilled by shuffling the discard pile; both empty: nothing more."""
    actor = cp("Actor")
    m = (cp("Farm", 1), cp("Monk", 1), "", cp("Quarry", 1))
    t = table(Estate(), deck=(cp("Farm", 2),), market=m)
    q = ask(t, Ctx(0), [{"op": "draw", "n": 2, "from": "deck_or_market"}])
    assert q.options == ("deck", cp("Farm", 1), cp("Monk", 1), cp("Quarry", 1))
    after = done(t, Ctx(0), [{"op": "draw", "n": 2, "from": "deck_or_market"}], [cp("Monk", 1), "deck"])
    assert after.estates[0].hand == (cp("Monk", 1), cp("Farm", 2))
    assert after.market == (cp("Farm", 1), "", "", cp("Quarry", 1))
    t = table(Estate(), deck=(), discard=(actor, cp("Monk", 2)))
    after = done(t, Ctx(0), [{"op": "draw", "n": 3, "from": "deck"}])
    assert sorted(after.estates[0].hand) == sorted((actor, cp("Monk", 2))) and after.discard == ()


def test_e_r28_solo_mode_card_revealed_in_solo():
    """E-R28, E-F49: in solo a drawn Solo Mode card resolves its solo effect (Treasurer:
    lose 1 Gold), is discarded, and the draw continues with the next card."""
    t = table(Estate(gold=2), deck=(cp("Treasurer"), cp("Farm")), solo=True)
    after = done(t, Ctx(0), [{"op": "draw", "n": 1, "from": "deck"}])
    assert after.estates[0].hand == (cp("Farm"),) and after.estates[0].gold == 1
    assert after.discard == (cp("Treasurer"),)
    t = attrs.evolve(t, solo=False)  # multiplayer: an ordinary card
    assert done(t, Ctx(0), [{"op": "draw", "n": 1, "from": "deck"}]).estates[0].hand == (cp("Treasurer"),)


def test_e_v6_e_v7_e_v9_place_of_worship():
    """E-V6 / E-V7 / E-V9 / E-R30 / E-F64: reveal 3, play one of them free (its When Played resolves), keep 1 of
    the rest and discard the other; playing none, keep 1 and discard 2."""
    pow_ = cp("Place of Worship")
    ops = fx.triggers(pow_, "when_played")
    deck = (cp("Farm"), cp("Innkeeper"), cp("Monk"), cp("Quarry"))
    t = table(Estate(res=res(), cards=(pow_,)), deck=deck)
    q = ask(t, Ctx(0, pow_), ops)
    assert q.kind == "card" and q.shown == deck[:3] and q.options == ("none", *deck[:3])
    after = done(t, Ctx(0, pow_), ops, [cp("Innkeeper"), "G", "G", cp("Monk")])
    e = after.estates[0]
    assert e.cards == (pow_, cp("Innkeeper")) and e.hand == (cp("Monk"),) and e.res == res(G=2)
    assert after.discard == (cp("Farm"),) and e.cubes == (0, 0, 1)
    after = done(t, Ctx(0, pow_), ops, ["none", cp("Farm")])
    assert after.estates[0].hand == (cp("Farm"),) and after.discard == (cp("Innkeeper"), cp("Monk"))


def test_e_v8_take_discard_necromancer():
    """E-V8: up to 2 cards of your choice from the discard pile."""
    nec = fx.triggers(cp("Necromancer"), "when_played")
    t = table(Estate(), discard=(cp("Farm"), cp("Monk"), cp("Actor")))
    after = done(t, Ctx(0), nec, [cp("Actor"), cp("Farm")])
    assert after.estates[0].hand == (cp("Actor"), cp("Farm")) and after.discard == (cp("Monk"),)
    assert done(t, Ctx(0), nec, ["stop"]).discard == t.discard


def test_e_v9_paid_play_from_tucked_and_stored_e_r11():
    """E-V9 / E-R11 / E-R13: the Dungeon's option (b) plays a tucked Citizen paying its cost,
    personal supply first, then resources stored on your cards; E-R8 its cube goes."""
    dun, monk, gran = cp("Dungeon"), cp("Monk"), cp("Granary")
    ops = [{"op": "play", "source": "tucked", "filter": {"type": "Citizen"}, "cost": "paid"}]
    t = table(Estate(res=res(G=1), cards=(dun, gran), tucked=((dun, monk),), stored=((gran, "G"),)))
    after = done(t, Ctx(0, dun), ops, [monk]).estates[0]
    assert after.cards == (dun, gran, monk) and after.tucked == () and after.stored == ()
    assert after.res == res() and after.cubes == (0, 1, 0)
    poor = table(Estate(res=res(), cards=(dun,), tucked=((dun, monk),)))
    assert done(poor, Ctx(0, dun), ops).estates[0].tucked == ((dun, monk),)


def test_e_r9_track_limit_blocks_effect_plays():
    """E-R9 / E-F30: a card may enter only if its track holds fewer than 7; the Castle's
    free Citizen cannot be a Production Citizen then."""
    farms = tuple(cp("Farm", k) for k in range(1, 8))
    castle = fx.triggers(cp("Castle"), "when_played")
    t = table(Estate(cards=farms, hand=(cp("Thief"), cp("Monk"))))
    assert ask(t, Ctx(0), castle).options == ("none", cp("Monk"))
    assert not fx.has_room(t.estates[0], cp("Farm", 8))


def test_e_v10_tuck_and_e_v22_choose_one_dungeon():
    """E-V10, E-V22: the Dungeon offers only options that can be carried out; (a) pays
    1 Grain and tucks a Citizen from the Market or hand under itself."""
    dun = cp("Dungeon")
    ops = fx.triggers(dun, "production")
    m = (cp("Monk"), cp("Farm"), "", "")
    t = table(Estate(res=res(G=1), cards=(dun,)), market=m)
    after = done(t, Ctx(0, dun), ops, [True, ("market", cp("Monk"))])  # only (a) is feasible
    assert after.estates[0].tucked == ((dun, cp("Monk")),) and after.market == ("", cp("Farm"), "", "")
    t = table(Estate(res=res(G=3, W=1), cards=(dun,), tucked=((dun, cp("Actor")),)), market=m)
    assert ask(t, Ctx(0, dun), ops).options == (0, 1)


def test_e_v11_remove_cube_choice():
    """E-V11 / E-R8: the Mage removes the leftmost cube of a track of your choice that
    still has one; none left, nothing happens."""
    mage = fx.triggers(cp("Mage"), "when_played")
    t = table(Estate(cubes=(7, 2, 7)))
    assert done(t, Ctx(0), mage).estates[0].cubes == (7, 3, 7)
    t = table(Estate(cubes=(1, 2, 0)))
    assert ask(t, Ctx(0), mage).options == ("Production", "Noble", "Gather")
    assert done(t, Ctx(0), mage, ["Gather"]).estates[0].cubes == (1, 2, 1)
    full = table(Estate(cubes=(7, 7, 7)))
    assert done(full, Ctx(0), mage).estates[0].cubes == (7, 7, 7)


def test_e_v12_workers_e_r17_e_f39():
    """E-V12 / E-R17 / E-F39: a temporary worker only if permanent + pending + temporary < 6; a
    permanent one (pending) if permanent + pending < 6, a temporary one not blocking;
    Royal Summons' fallback gives 2 Gold."""
    temp = [{"op": "gain_worker", "kind": "temporary"}]
    perm = [{"op": "gain_worker", "kind": "permanent"}]
    t = table(Estate(permanent=5, temporary=1))
    assert done(t, Ctx(0), temp).estates[0].temporary == 1
    assert done(t, Ctx(0), perm).estates[0].pending == 1
    t = table(Estate(permanent=6))
    assert done(t, Ctx(0), temp).estates[0].temporary == 0
    summons = CONTENT.tiles["E-A6"].do
    after = done(t, Ctx(0), summons, ["I", "I"]).estates[0]
    assert (after.pending, after.gold, after.res) == (0, 2, res(I=3, S=1, W=1, G=1))


def test_e_v13_copy_production_e_r25_e_f63():
    """E-V13 / E-R25 / E-F63: a Merchant copies a Production card of another Estate not yet
    activated in this action, never a Merchant; the copy is activated for the rest of the
    action; in solo the Merchant's solo effect copies your own card."""
    merchant, farm, other_merchant = cp("Merchant", 1), cp("Farm"), cp("Merchant", 2)
    ops = fx.triggers(merchant, "production_once")
    t = table(Estate(res=res(), cards=(merchant,)), Estate(cards=(farm, other_merchant, cp("Monk"))))
    after = done(t, Ctx(0, merchant), ops)
    assert after.estates[0].res == res(G=1) and after.activated == (farm,)
    assert done(after, Ctx(0, merchant), ops).estates[0].res == res(G=1)  # nothing left
    solo = table(Estate(res=res(), cards=(merchant, cp("Quarry"))), solo=True)
    after = done(solo, Ctx(0), fx.triggers(merchant, "solo_reveal"))
    assert after.estates[0].res == res(S=1)


def test_e_v14_take_and_e_v19_city_watch():
    """E-V14 / E-R27: the Thief takes 1 resource or Gold from a chosen player's personal
    supply, never stored items; City Watch protects its owner (E-V19); the Judge's
    givers choose; Royal Ambassador takes a hand card and the victim draws 1."""
    thief = fx.triggers(cp("Thief"), "production")
    gran = cp("Granary")
    t = table(Estate(res=res()), Estate(res=res(), gold=1, cards=(gran,), stored=((gran, "G"),)),
              Estate(res=res(W=1), cards=(cp("City Watch"),)))
    after = done(t, Ctx(0), thief)
    assert after.estates[0].gold == 1 and after.estates[1].stored == ((gran, "G"),)
    assert after.estates[2].res == res(W=1)
    judge = fx.triggers(cp("Judge"), "when_played")
    t = table(Estate(res=res()), Estate(res=res(S=1, G=1)), Estate(res=res()))
    q = ask(t, Ctx(0), judge)
    assert q.seat == 1 and q.options == ("S", "G")
    assert done(t, Ctx(0), judge, ["G"]).estates[0].res == res(G=1)
    amb = fx.triggers(cp("Royal Ambassador"), "when_played")
    t = table(Estate(), Estate(hand=(cp("Monk"), cp("Farm"))), deck=(cp("Actor"),))
    q = ask(t, Ctx(0), amb)
    assert q.shown == (cp("Monk"), cp("Farm"))
    after = done(t, Ctx(0), amb, [cp("Farm")])
    assert after.estates[0].hand == (cp("Farm"),) and after.estates[1].hand == (cp("Monk"), cp("Actor"))


def test_e_v14_thieves_guild_moves_stored_items():
    """E-F36: stored items are safe from the Thief but not the Thieves Guild, which moves
    one onto itself."""
    tg, gran = cp("Thieves Guild"), cp("Granary")
    t = table(Estate(cards=(tg,)), Estate(cards=(gran,), stored=((gran, "G"),)))
    after = done(t, Ctx(0, tg), fx.triggers(tg, "production"))
    assert after.estates[0].stored == ((tg, "G"),) and after.estates[1].stored == ()


def test_e_v15_discard_from_estate_e_r31():
    """E-V15 / E-R31 / E-F32: a card leaving an Estate goes to the discard pile, its cube stays off,
    its tucked cards move under another card of your choice, its stored items go to
    personal supply (Era of Plague)."""
    plague = CONTENT.events["E-E6"].effects[0].do
    mon, monk, a1, a2, dun = cp("Monastery"), cp("Monk"), cp("Actor", 1), cp("Actor", 2), cp("Dungeon")
    t = table(Estate(res=res(), cards=(mon, monk, a1, a2, dun), cubes=(1, 4, 0),
                     tucked=((monk, cp("Farm")),)))
    t = t.set(0, attrs.evolve(t.estates[0], stored=((monk, "Gold"),)))
    after = done(t, Ctx(0), plague, [monk, dun])
    e = after.estates[0]
    assert monk not in e.cards and after.discard == (monk,) and e.cubes == (1, 4, 0)
    assert e.tucked == ((dun, cp("Farm")),) and e.gold == 1 and e.stored == ()
    t = table(Estate(hand=(monk, cp("Farm", 2))))  # fewer than 3 Citizens: from hand
    assert done(t, Ctx(0), plague).estates[0].hand == (cp("Farm", 2),)


def test_e_v16_vp_game_end_scorers():
    """E-V16 / E-F62: the Royal Guard counts itself; Monarch counts other Citizens, at most
    6; Theatre 2 per Actor."""
    guard = cp("Royal Guard")
    t = table(Estate(cards=(guard, cp("Royal Court"), cp("Monarch"), cp("Actor"), cp("Theatre"))))
    for c, vp in [(guard, 2), (cp("Monarch"), 2), (cp("Theatre"), 2)]:
        assert done(t, Ctx(0, c), fx.triggers(c, "game_end")).estates[0].end_vp == vp


def test_e_v17_modifiers():
    """E-V17 with E-R12 (conversion 2:1 with Auction House or Era of Trade, never below
    2), E-R38 (draw count at least 1), E-R11 (Architect waives 1, Famine adds Grain), E-R26
    (Growth and Druid add up: a Forest resolves 3 times; Merchant once, E-F53)."""
    t = table(Estate(cards=(cp("Auction House"),)), Estate())
    assert fx.conversion_rate(t, 0) == 2 and fx.conversion_rate(t, 1) == 3
    t = done(t, Ctx(-1), CONTENT.events["E-E4"].effects[0].do)
    assert fx.conversion_rate(t, 1) == 2 and fx.conversion_rate(t, 0) == 2
    war = table(Estate(), Estate())
    war = fx.add_modifier(war, -1, CONTENT.events["E-E8"].effects[0].do[0])
    assert fx.draw_count(war, 0, 1) == 1 and fx.draw_count(war, 0, 3) == 2
    arch = table(Estate(cards=(cp("Architect"),)))
    assert fx.paid_cost(arch, 0, cp("Castle")) == ({"S": 3, "W": 1, "I": 1}, 1)
    assert fx.paid_cost(arch, 0, cp("Monk")) == ({"G": 2}, 0)
    famine = fx.add_modifier(arch, -1, CONTENT.events["E-E7"].effects[0].do[0])
    assert fx.paid_cost(famine, 0, cp("Monk")) == ({"G": 3}, 0)
    growth = fx.add_modifier(table(Estate()), -1, CONTENT.events["E-E1"].effects[0].do[0])
    druid = fx.add_modifier(growth, 0, CONTENT.leaders["E-L2"].ability["do"][0])
    assert fx.resolve_times(druid, 0, cp("Forest")) == 3
    assert fx.resolve_times(druid, 0, cp("Royal Wood")) == 2  # E-F57: not a Forest
    assert fx.resolve_times(druid, 0, cp("Merchant")) == 1  # E-F53
    unrest = fx.add_modifier(table(Estate()), -1, CONTENT.events["E-E10"].effects[0].do[0])
    assert not fx.allowed(unrest, 0, "leader_abilities") and fx.allowed(unrest, 0, "market_refill")


def test_e_v18_gather_bonus_types():
    """E-V18: Wood Cart gives 1 of the accumulating space's type; the Sorcerer's extra is
    one of the yielded types (E-F58, E-R24)."""
    cart = cp("Wood Cart")
    ops = card(cart).effects[0].do
    t = table(Estate(res=res(), cards=(cart,)))
    assert done(t, Ctx(0, cart, that_type="S"), ops).estates[0].res == res(S=1)
    sorc = CONTENT.leaders["E-L7"].ability["do"]
    assert ask(t, Ctx(0, yielded=("W", "G")), sorc).options == ("W", "G")
    assert done(t, Ctx(0, yielded=("W",)), sorc).estates[0].res == res(W=1)


def test_e_v20_smugglers_den_and_e_v21_council():
    """E-V20 / E-R34: a Smugglers Den is usable once per Era; E-V21 / E-F59: Council of the
    Realm grants 2 worker-free actions."""
    den = cp("Smugglers Den")
    t = table(Estate(cards=(den,)))
    assert fx.occupied_space_card(t, 0) == den
    out = resolve(t, Ctx(0, den), card(den).effects[0].do)
    assert out.occupied and fx.occupied_space_card(out.table, 0) == ""
    assert resolve(t, Ctx(0), CONTENT.tiles["E-A8"].do).bonus == 2


def test_e_v23_if_and_e_v24_trade():
    """E-V23: the Farmer gives 2 Grain with two Farms; E-V24: Traders' Row trades up to 3
    one for one, then gives 1 of your choice."""
    farmer = fx.triggers(cp("Farmer"), "production")
    one = table(Estate(res=res(), cards=(cp("Farm", 1),)))
    two = table(Estate(res=res(), cards=(cp("Farm", 1), cp("Farm", 2))))
    assert done(one, Ctx(0), farmer).estates[0].res == res(G=1)
    assert done(two, Ctx(0), farmer).estates[0].res == res(G=2)
    row = CONTENT.spaces["E-B7"].do
    t = table(Estate(res=res(W=2)))
    after = done(t, Ctx(0), row, ["W", "S", "W", "S", "stop", "I"])
    assert after.estates[0].res == res(S=2, I=1)


def test_warden_swap_sees_every_tucked_card():
    """E-R24 (b) / E-F55: the Warden swaps a card under the Dungeon with one tucked in a
    rival's Estate, seeing all tucked cards; not with a City Watch player."""
    dun, mon = cp("Dungeon"), cp("Monastery")
    swap = [{"op": "swap_tucked"}]
    t = table(Estate(cards=(dun,), tucked=((dun, cp("Monk")),)),
              Estate(cards=(mon,), tucked=((mon, cp("Castle")), (mon, cp("Actor")))))
    q = ask(t, Ctx(0, dun), swap)
    assert set(q.shown) == {cp("Monk"), cp("Castle"), cp("Actor")}
    assert q.options == ((1, mon, cp("Castle")), (1, mon, cp("Actor")))
    after = done(t, Ctx(0, dun), swap, [(1, mon, cp("Castle"))])
    assert after.estates[0].tucked == ((dun, cp("Castle")),)
    assert after.estates[1].tucked == ((mon, cp("Actor")), (mon, cp("Monk")))
    guarded = t.set(1, attrs.evolve(t.estates[1], cards=(mon, cp("City Watch"))))
    assert done(guarded, Ctx(0, dun), swap) == guarded


def test_a_bad_answer_changes_nothing():
    """Bad input gets a clear error and loses nothing (common.md)."""
    t = table(Estate(res=res(W=1), cards=(cp("Forge"),)))
    with pytest.raises(RuleViolation, match="not one of"):
        resolve(t, Ctx(0, cp("Forge")), fx.triggers(cp("Forge"), "production"), ("maybe",))
    with pytest.raises(RuleViolation, match="more answers"):
        resolve(t, Ctx(0, cp("Forge")), fx.triggers(cp("Forge"), "production"), (True, True))


def _first_answers(t: Table, ctx: Ctx, ops) -> Table:
    answers: list = []
    for _ in range(60):
        out = resolve(t, ctx, ops, tuple(answers))
        if out.question is None:
            return out.table
        opts = out.question.options
        answers.append(next((o for o in opts if o not in ("stop", "none", False)), opts[0]))
    raise AssertionError("no end")


def _rich_table(solo=False) -> Table:
    full = Estate(res=(3, 3, 3, 3), gold=3, cards=(cp("Farm", 9), cp("Dungeon", 3), cp("Monastery", 2)),
                  tucked=((cp("Dungeon", 3), cp("Monk", 5)),), stored=((cp("Monastery", 2), "W"),),
                  hand=(cp("Monk", 4), cp("Farm", 10)))
    deck = tuple(f"{c.id}-{c.copies}" for c in CONTENT.cards.values())
    return table(full, full, deck=deck[::-1], discard=(cp("Actor", 5),),
                 market=(cp("Knight", 4), cp("Monk", 3), "", cp("Farm", 8)), solo=solo)


def test_every_entry_resolves_at_least_once():
    """style.md "Content-heavy games": every card trigger, Leader ability, Era Event, solo
    option and Gather space resolves through the interpreter, and no token goes negative."""
    base = _rich_table()
    groups = [(c.id, [(t.do, f"{c.id}-1") for t in c.effects]) for c in CONTENT.cards.values()]
    groups += [(ld.id, [(ld.ability["do"], "")]) for ld in CONTENT.leaders.values()]
    groups += [(e.id, [(t.do, "") for t in e.effects]) for e in CONTENT.events.values()]
    groups += [(s.id, [(t.do, "") for t in (*s.a, *s.b)]) for s in CONTENT.solo_events.values()]
    groups += [(s.id, [(s.do, "")]) for s in (*CONTENT.spaces.values(), *CONTENT.tiles.values())]
    for ident, parts in groups:
        for ops, this in parts:
            t = base
            if this:
                t = t.set(0, attrs.evolve(t.estates[0], cards=(*t.estates[0].cards, this)))
            ctx = Ctx(0, this, yielded=("W",), that_type="I", rival_leaders=("E-L4",))
            after = _first_answers(t, ctx, ops)
            for e in after.estates:
                assert min(e.res) >= 0 and e.gold >= 0, ident
            before = sum(len(e.cards) + len(e.hand) + len(e.tucked) for e in t.estates)
            now = sum(len(e.cards) + len(e.hand) + len(e.tucked) for e in after.estates)
            piles = lambda x: len(x.deck) + len(x.discard) + sum(1 for m in x.market if m)  # noqa: E731
            assert before + piles(t) == now + piles(after), ident  # cards conserved


def test_e_f60_a_copied_card_tucks_under_the_copier_s_card():
    """E-F60 / E-R25: a Merchant copying another Estate's Dungeon tucks the card under a
    card of the active player's choice in the active player's Estate."""
    merchant, dungeon, farm = cp("Merchant"), cp("Dungeon"), cp("Farm")
    t = table(Estate(res=res(G=1), cards=(merchant, farm), hand=(cp("Monk"),)), Estate(cards=(dungeon,)))
    ops = fx.triggers(merchant, "production_once")
    q = ask(t, Ctx(0, merchant), ops)
    assert q.why == "the card 'this card' means" and q.options == (merchant, farm)
    after = done(t, Ctx(0, merchant), ops, [farm, True, ("hand", cp("Monk"))])
    assert after.estates[0].tucked == ((farm, cp("Monk")),) and after.estates[1].tucked == ()


def test_e_r29_surveyor_and_e_f65():
    """E-R29 / E-F65: the Surveyor reveals max(1, Production cards) cards; with fewer than
    7 Production cards one revealed Production card may be played free, the rest are
    discarded; with 7, all 7 revealed are discarded."""
    sur = fx.triggers(cp("Surveyor"), "when_played")
    deck = (cp("Monk"), cp("Quarry"), cp("Actor"), cp("Farm", 3))
    t = table(Estate(cards=(cp("Farm", 1), cp("Farm", 2))), deck=deck)
    after = done(t, Ctx(0), sur, [cp("Quarry")])
    assert cp("Quarry") in after.estates[0].cards and after.discard == (cp("Monk"),)
    seven = tuple(cp("Farm", k) for k in range(1, 8))
    deck = tuple(cp("Smelter", k) for k in range(1, 5)) + tuple(cp("Monk", k) for k in range(1, 5))
    t = table(Estate(cards=seven), deck=deck)
    after = done(t, Ctx(0), sur)
    assert after.estates[0].cards == seven and len(after.discard) == 7 and len(after.deck) == 1


def test_e_r27_interactive_deck_targets_and_choosers():
    """E-R27: the Interactive Deck is Judge, Royal Ambassador and City Watch (7 copies);
    "another player" is chosen by the active player among those City Watch does not
    protect, and with no such player the part that needs one does nothing; "each other
    player gives you X of their choice": each giver picks; "take X from another player":
    the taker picks from what that player's personal supply shows (stored items never)."""
    interactive = {c.name: c.copies for c in CONTENT.cards.values() if c.interactive}
    assert interactive == {"Judge": 2, "Royal Ambassador": 2, "City Watch": 3}
    amb = fx.triggers(cp("Royal Ambassador"), "when_played")
    watch = cp("City Watch")
    hands = (cp("Monk"), cp("Farm"))
    t = table(Estate(), Estate(hand=hands), Estate(hand=(cp("Actor"),)), Estate(hand=(cp("Knight"),), cards=(watch,)),
              deck=(cp("Castle"),))
    q = ask(t, Ctx(0), amb)
    assert (q.seat, q.kind, q.options) == (0, "target", (1, 2))  # seat 3 is protected
    q = ask(t, Ctx(0), amb, [1])
    assert (q.seat, q.options, q.shown) == (0, hands, hands)  # the taker picks, seeing the hand
    after = done(t, Ctx(0), amb, [1, cp("Farm")])
    assert after.estates[0].hand == (cp("Farm"),) and after.estates[1].hand == (cp("Monk"), cp("Castle"))
    alone = table(Estate(), Estate(hand=hands, cards=(watch,)), deck=(cp("Castle"),))
    assert done(alone, Ctx(0), amb) == alone  # no legal target: nothing happens
    judge = fx.triggers(cp("Judge"), "when_played")
    t = table(Estate(res=res()), Estate(res=res(S=1, G=1)), Estate(res=res(I=1), cards=(watch,)),
              Estate(res=res(W=2)))
    q = ask(t, Ctx(0), judge)
    assert (q.seat, q.options) == (1, ("S", "G"))  # the giver picks; seat 2 protected
    after = done(t, Ctx(0), judge, ["S"])  # seat 3 holds one type only: taken without a question
    assert after.estates[0].res == res(S=1, W=1) and after.estates[2].res == res(I=1)
    thief = fx.triggers(cp("Thief"), "production")
    gran = cp("Granary")
    t = table(Estate(res=res()), Estate(res=res(I=1, W=1), gold=1, cards=(gran,), stored=((gran, "S"),)))
    q = ask(t, Ctx(0), thief)
    assert q.seat == 0 and set(q.options) == {"I", "W", "Gold"}  # never the stored Stone
