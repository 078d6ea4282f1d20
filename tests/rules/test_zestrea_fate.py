"""Zestrea's Fate cards, each played at least once (reference §4, Z-F23-Z-F25, Z-F28,
Z-R17-Z-R26, Z-R39, Z-R41, Z-R42; issue 9 "card effects ... each card tested")."""

from __future__ import annotations

from pathlib import Path

import attrs
from rules.zestrea import game
from rules.zestrea.cards import FATE
from rules.zestrea.state import (
    Accept, Bid, Choose, PlayFate, ProposeWedding, Ready,
)
from tests.rules.contract import refused_by
from tests.rules.zestrea_support import (
    Dice, act, answer_all, estate, pass_all, reveal, seen_by, step_four, table,
)

ANA, BOGDAN, COSTACHE, DANA = range(4)


def four(ana=None, bogdan=None, costache=None, dana=None, **changes):
    people = []
    for i, kw in enumerate((ana, bogdan, costache, dana), 1):
        people.append(estate(**{"couples": ((f"L0{i}", f"M0{i}"),), **(kw or {})}))
    return step_four(*people, **changes)


def play(state, seat, card, **targets):
    return game.apply(state, seat, PlayFate(card, **targets))


def wedding(state, monkeypatch=None):
    """Ana's M10 and Bogdan's L10, accepted: the window is open."""
    state, _ = game.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10"))
    state, _ = game.apply(state, BOGDAN, Accept(state.offers[-1].id))
    return state


WED = dict(ana=dict(zestre=2, singles=("M10",)), bogdan=dict(zestre=2, singles=("L10",)))


def test_roles_attach_to_any_villager_and_stay():
    """Z-F24, Z-R19, Z-R26: Musician, Rumpled Clothes and the Village Idiot attach to
    any villager, another Boyar's or a baby included; several Roles on one count."""
    state = four(ana=dict(hand=("F01-1", "F02-1", "F08-1")), bogdan=dict(singles=("L10",), babies=("L10",)))
    state, events = play(state, ANA, "F02-1", villager="L10")
    state, _ = play(state, ANA, "F08-1", villager="L10")
    state, _ = play(state, ANA, "F01-1", villager="M02")
    assert state.roles == (("L10", "F02-1"), ("L10", "F08-1"), ("M02", "F01-1"))
    assert state.discard == () and any(e.kind == "role" for e in events)


def test_rumpled_clothes_and_the_village_idiot_lower_the_chance():
    """Z-F28, F02, F08, Z-R30: -1 each for a Role on either villager."""
    state = wedding(four(**WED, roles=(("M10", "F02-1"), ("L10", "F08-1"), ("L10", "F02-2"))))
    assert game.view(state, None).chance == 0  # 2 - 3, clamped to 0


def test_the_village_preacher_only_on_a_male_villager():
    """F04, Z-F28: a Lad, a Husband or a male baby; payouts are tested in step I."""
    state = four(ana=dict(hand=("F04-1",)))
    refused_by(game, state, PlayFate("F04-1", villager="M02"), ANA)
    state, _ = play(state, ANA, "F04-1", villager="L02")
    assert state.roles == (("L02", "F04-1"),)


def test_evil_eye_bad_eyesight_and_tuica_in_a_window(monkeypatch):
    """F03 (-2, any seat, parties included), F07 (+2), F14 wedding mode (+1); Z-R22:
    Wedding cards only inside a window."""
    state = four(**{**WED, "costache": dict(hand=("F03-1", "F07-1", "F14-1"))})
    assert refused_by(game, state, PlayFate("F07-1"), COSTACHE).code == "cannot-play"
    state = wedding(state)
    state, _ = play(state, COSTACHE, "F03-1")
    state, _ = play(state, COSTACHE, "F07-1")
    state, _ = play(state, COSTACHE, "F14-1", mode="wedding")
    assert game.view(state, None).chance == 3 and state.discard == ("F03-1", "F07-1", "F14-1")


def test_tuica_as_an_action_sells_the_barrel():
    """F14 action mode: +2 Zestre from the State; not inside a window in that mode."""
    state = four(ana=dict(hand=("F14-1",)))
    state, _ = play(state, ANA, "F14-1", mode="action")
    assert state.estates[0].zestre == 2


def test_extended_vacation_sends_a_single_for_good():
    """F05, Z-F28: one of your singles (a baby too, not abroad), with its Roles, to
    another Boyar, who cannot refuse."""
    state = four(ana=dict(hand=("F05-1",), singles=("M10",), babies=("M10",)), roles=(("M10", "F02-1"),))
    refused_by(game, state, PlayFate("F05-1", villager="M02", to=BOGDAN), ANA)  # married
    refused_by(game, state, PlayFate("F05-1", villager="M10", to=ANA), ANA)     # to yourself
    state, _ = play(state, ANA, "F05-1", villager="M10", to=BOGDAN)
    assert state.estates[1].singles == ("M10",) and state.estates[1].babies == {"M10"}
    assert state.roles == (("M10", "F02-1"),)


def test_weddings_in_amsterdam_for_the_rest_of_the_turn():
    """F06: same-sex weddings this turn (tested with weddings); Z-R42: already in force,
    it would do nothing and cannot be played."""
    state = four(ana=dict(hand=("F06-1",)))
    played, _ = play(state, ANA, "F06-1")
    assert played.amsterdam and played.discard == ("F06-1",)
    state = attrs.evolve(state, amsterdam=True)
    assert refused_by(game, state, PlayFate("F06-1"), ANA).code == "cannot-play"


def married(monkeypatch, **extra):
    """Ana gave M10 to Bogdan's L10 this turn (record 1); Bogdan then has 4 Zestre."""
    state = four(ana=dict(zestre=2, singles=("M10",), **extra.get("ana", {})),
                 bogdan=dict(zestre=5, singles=("L10",), **extra.get("bogdan", {})),
                 costache=dict(zestre=1, **extra.get("costache", {})), dana=extra.get("dana"))
    state = wedding(state)
    Dice(monkeypatch, 1)
    state, _ = pass_all(state)
    assert state.weddings
    return state


def test_just_married(monkeypatch):
    """F09: the giver or receiver of a wedding this turn gets 1 from every other Boyar
    (none from a Boyar with 0); nobody else may name it; each record once."""
    state = married(monkeypatch, bogdan=dict(hand=("F09-1",)), dana=dict(hand=("F09-2",)))
    assert state.estates[3].zestre == 0
    assert refused_by(game, state, PlayFate("F09-2", record=1), DANA).code == "cannot-play"
    state, _ = play(state, BOGDAN, "F09-1", record=1)
    assert [e.zestre for e in state.estates] == [0, 6, 0, 0]
    state = attrs.evolve(state, estates=tuple(
        attrs.evolve(e, hand=("F09-2",) if i == ANA else ()) if i in (ANA, DANA) else e
        for i, e in enumerate(state.estates)))
    assert refused_by(game, state, PlayFate("F09-2", record=1), ANA).code == "cannot-play"


def test_just_married_tells_who_had_nothing_to_give(monkeypatch):
    """Reference §4 F09 Just Married ("Every other Boyar gives you 1 Zestre (a Boyar with
    0 gives nothing)"): the log and ``parlour replay --text`` tell every other Boyar's
    part, a Boyar with no Zestre too, rather than leaving them out; so do The
    Godparents' parties (F20, the same words)."""
    from rules.zestrea.words import describe_in
    names = ("Ana", "Bogdan", "Costache", "Dana")
    state = married(monkeypatch, bogdan=dict(hand=("F09-1",)))
    state, events = play(state, BOGDAN, "F09-1", record=1)
    assert describe_in(state, "Bogdan", PlayFate("F09-1", record=1), events, names) == (
        "Bogdan played Just Married; Ana gave Bogdan 1 Zestre (Just Married); "
        "Costache gave Bogdan 1 Zestre (Just Married); Dana has no Zestre to give Bogdan (Just Married)")
    state = wedding(four(ana=dict(zestre=1, singles=("M10",)), bogdan=dict(zestre=1, singles=("L10",)),
                         costache=dict(hand=("F20-1",))))  # each pays 1 of the attempt: none left
    state, _ = play(state, COSTACHE, "F20-1")
    Dice(monkeypatch, 1)
    state, events = pass_all(state)
    told = describe_in(state, "Dana", PlayFate("F20-1"), events, names)
    assert "Ana has no Zestre to give Costache (The Godparents)" in told
    assert "Bogdan has no Zestre to give Costache (The Godparents)" in told


def test_steal_the_bride_ransom_or_bride(monkeypatch):
    """F10: the Couple's Boyar chooses at a prompt (nothing else can be done, §3.7):
    pay 3 or hand over the bride, who arrives as an adult single."""
    state = married(monkeypatch, costache=dict(hand=("F10-1",)))
    state = attrs.evolve(state, estates=tuple(
        attrs.evolve(e, zestre=4) if i == BOGDAN else e for i, e in enumerate(state.estates)))
    state, _ = play(state, COSTACHE, "F10-1", record=1)
    assert game.active_seats(state) == {BOGDAN}
    assert refused_by(game, state, Ready(), ANA).code == "prompt-open"
    assert game.default_action(state, BOGDAN) == Choose(("ransom",))  # §3.9
    state2, _ = game.apply(state, BOGDAN, Choose(("ransom",)))
    assert [e.zestre for e in state2.estates[1:3]] == [1, 4]
    state3, _ = game.apply(state, BOGDAN, Choose(("bride",)))
    assert state3.estates[2].singles == ("M10",) and "L10" in state3.estates[1].singles


def test_steal_the_bride_never_takes_the_only_couple(monkeypatch):
    """F10, Z-R17: from a Boyar's only Couple no bride; they pay what they have, up to 3."""
    state = married(monkeypatch, costache=dict(hand=("F10-1",)))
    state = attrs.evolve(state, estates=tuple(
        attrs.evolve(e, couples=e.couples[-1:], zestre=2) if i == BOGDAN else e
        for i, e in enumerate(state.estates)))
    state, _ = play(state, COSTACHE, "F10-1", record=1)
    assert not state.prompts and [e.zestre for e in state.estates[1:3]] == [0, 3]
    assert len(state.estates[1].couples) == 1


def test_trouble_in_paradise_never_the_only_couple():
    """F11, Z-R17: both spouses become adult singles, keeping their Roles."""
    state = four(ana=dict(hand=("F11-1",)), bogdan=dict(couples=(("L02", "M02"), ("L10", "M10"))))
    refused_by(game, state, PlayFate("F11-1", couple="C1"), ANA)  # Ana's only Couple
    state, _ = play(state, ANA, "F11-1", couple="C3")
    assert state.estates[1].singles == ("L10", "M10") and len(state.estates[1].couples) == 1


def test_unleash_the_dog_the_villager_leaves():
    """F12, Z-R18, Z-R19: leaving, not dying (no Preacher payout); Roles discarded."""
    state = four(ana=dict(hand=("F12-1",)), bogdan=dict(singles=("L10",)),
                 roles=(("L10", "F02-1"), ("L03", "F04-1")))
    state, _ = play(state, ANA, "F12-1", villager="L10")
    assert state.gone == ("L10",) and state.discard == ("F12-1", "F02-1")
    assert state.estates[2].zestre == 0


def test_bar_fight(monkeypatch):
    """F13: an adult single Lad of another Boyar; 1-2 he dies, 3-6 he is barred and
    offers naming him are cancelled."""
    state = four(ana=dict(zestre=1, hand=("F13-1",), singles=("M10",)), bogdan=dict(zestre=1, singles=("L10",)))
    refused_by(game, state, PlayFate("F13-1", villager="M10"), ANA)
    state, _ = game.apply(state, ANA, ProposeWedding(BOGDAN, "M10", "L10"))
    Dice(monkeypatch, 4)
    state, events = play(state, ANA, "F13-1", villager="L10")
    assert state.barred == {"L10"} and state.offers == ()
    assert [e.how for e in events if e.kind == "offer-closed"] == ["cancelled"]
    state = four(ana=dict(hand=("F13-1",)), bogdan=dict(singles=("L10",)))
    Dice(monkeypatch, 2)
    state, _ = play(state, ANA, "F13-1", villager="L10")
    assert state.gone == ("L10",)


def test_truck_to_italy_sends_a_single_abroad():
    """F15: an adult single of yours, abroad for life: no food unit, cannot marry,
    cannot be targeted except by Roles; counts for the tie-break."""
    state = four(ana=dict(hand=("F15-1", "F12-1", "F02-1"), singles=("M10",)), bogdan=dict(singles=("L10",)))
    state, _ = play(state, ANA, "F15-1", villager="M10")
    refused_by(game, state, PlayFate("F12-1", villager="M10"), ANA)
    refused_by(game, state, ProposeWedding(BOGDAN, "M10", "L10"), ANA)
    state, _ = play(state, ANA, "F02-1", villager="M10")
    from rules.zestrea.estate import food_units
    assert food_units(state, ANA) == 1


def test_pickle_business():
    """F16: 1 per Couple, at most 4."""
    couples = tuple((f"L{10 + i}", f"M{10 + i}") for i in range(5))
    state = four(ana=dict(hand=("F16-1",), couples=couples))
    state, _ = play(state, ANA, "F16-1")
    assert state.estates[0].zestre == 4


def test_red_thread_cancels_negatives_before_and_after(monkeypatch):
    """F17, Z-R30: every negative modifier counts 0 for this attempt."""
    state = four(**{**WED, "costache": dict(hand=("F03-1", "F17-1"))}, roles=(("M10", "F02-1"),))
    state = wedding(state)
    state, _ = play(state, COSTACHE, "F17-1")
    state, _ = play(state, COSTACHE, "F03-1")
    assert game.view(state, None).chance == 2


def test_village_hora_and_wedding_season(monkeypatch):
    """F18: +1 to every later attempt this turn; adds to Wedding Season (G3)."""
    state = four(**{**WED, "costache": dict(hand=("F18-1",))}, card="G3")
    state, _ = play(state, COSTACHE, "F18-1")
    refused_by(game, state, PlayFate("F18-1"), COSTACHE)  # not in hand any more
    state = wedding(state)
    assert game.view(state, None).chance == 4


def test_the_matchmaker_gives_back_the_payment():
    """F19, Z-R41: the attempt's Zestre comes back to who paid it."""
    state = wedding(four(**{**WED, "costache": dict(hand=("F19-1",))}))
    state, _ = play(state, COSTACHE, "F19-1")
    assert [e.zestre for e in state.estates[:2]] == [2, 2]


def test_the_godparents(monkeypatch):
    """F20: only a Boyar not marrying may play it; +1; on success each party pays 1."""
    state = wedding(four(**WED, costache=dict(hand=("F20-1",)), dana=dict(hand=("F20-2",))))
    state = attrs.evolve(state, estates=tuple(attrs.evolve(e, hand=("F20-3",)) if i == ANA else e
                                              for i, e in enumerate(state.estates)))
    refused_by(game, state, PlayFate("F20-3"), ANA)
    state, _ = play(state, COSTACHE, "F20-1")
    assert game.view(state, None).chance == 3
    Dice(monkeypatch, 3)
    state, _ = pass_all(state)
    assert [e.zestre for e in state.estates[:3]] == [0, 0, 2]


def test_the_fortune_teller_is_private(monkeypatch):
    """F21, §3.10, Z-R39: the top Time card is shown to the player only; a Hard Times
    card may go to the bottom; turns left are unchanged; a Good Times card stays."""
    state = four(ana=dict(hand=("F21-1",)), under=("H03", "H05"))
    state, events = play(state, ANA, "F21-1")
    assert game.view(state, ANA).my_prompt.subject == "H03" and game.view(state, ANA).foretold == ("H03",)
    for seat in (BOGDAN, None):
        assert "H03" not in seen_by(state, events, seat)
    state, events = game.apply(state, ANA, Choose(("bottom",)))
    assert state.time_stack == ("H05", "H03")
    state = four(ana=dict(hand=("F21-1",)), under=("G3", "H05"))
    state, _ = play(state, ANA, "F21-1")
    assert not state.prompts and state.time_stack == ("G3", "H05")
    state = four(ana=dict(hand=("F21-1",)), under=())
    state, _ = play(state, ANA, "F21-1")
    assert state.discard == ("F21-1",)


def test_twins(monkeypatch):
    """F22: needs a baby born here this turn and under 7 singles, not under Chernobyl."""
    state = four(ana=dict(hand=("F22-1",)))
    assert refused_by(game, state, PlayFate("F22-1"), ANA).code == "cannot-play"
    state = four(ana=dict(hand=("F22-1",), singles=("M10",), babies=("M10",)), card="H06")
    assert refused_by(game, state, PlayFate("F22-1"), ANA).code == "cannot-play"
    state = four(ana=dict(hand=("F22-1",), singles=("M10",), babies=("M10",)))
    state, _ = play(state, ANA, "F22-1")
    assert len(state.estates[0].babies) == 2


def test_twins_needs_a_baby_born_here_not_one_sent_here():
    """Reference F22: "Requires a baby born on your Estate this turn"; F05: Extended
    Vacation sends a single, a baby too, to another Boyar for good. A baby sent to Ana
    was born on Bogdan's Estate: Ana may not play Twins! (audit 22, D1)."""
    state = four(ana=dict(hand=("F22-1",)), bogdan=dict(hand=("F05-1",), singles=("M10",), babies=("M10",)))
    state, _ = play(state, BOGDAN, "F05-1", villager="M10", to=ANA)
    assert state.estates[ANA].babies == {"M10"} and not state.estates[BOGDAN].babies
    assert not [a for a in game.legal_actions(state, ANA) if isinstance(a, PlayFate) and a.card == "F22-1"]
    assert refused_by(game, state, PlayFate("F22-1"), ANA).code == "cannot-play"


def test_twins_after_the_baby_born_here_was_sent_away():
    """Reference F22 and F05: the baby born on Bogdan's Estate this turn counts for him
    after Extended Vacation sent it to Ana, so he may play Twins! (a new baby for his
    Estate); the record ends when the babies grow up (Z-F11)."""
    state = four(bogdan=dict(hand=("F05-1", "F22-1"), singles=("M10",), babies=("M10",)))
    state, _ = play(state, BOGDAN, "F05-1", villager="M10", to=ANA)
    assert state.sent_babies == (("M10", BOGDAN),)
    state, events = play(state, BOGDAN, "F22-1")
    (born,) = [e.villager for e in events if e.kind == "came" and e.how == "born"]
    assert state.estates[BOGDAN].babies == {born} and state.estates[BOGDAN].singles == (born,)
    state, _ = act(state, *((seat, Ready()) for seat in range(4)))
    assert state.turn == 3 and state.sent_babies == () and not any(e.babies for e in state.estates)


def test_a_baby_sent_on_again_keeps_the_estate_it_was_born_on():
    """Reference F22, F05: Ana's baby, sent to Bogdan and by him back to Ana, was born on
    Ana's Estate only: Ana may play Twins!, Bogdan may not."""
    state = four(ana=dict(hand=("F05-1",), singles=("M10",), babies=("M10",)), bogdan=dict(hand=("F05-2",)))
    state, _ = play(state, ANA, "F05-1", villager="M10", to=BOGDAN)
    state, _ = play(state, BOGDAN, "F05-2", villager="M10", to=ANA)
    assert state.sent_babies == (("M10", ANA),)

    def holding(seat):
        return attrs.evolve(state, estates=tuple(
            attrs.evolve(e, hand=e.hand + ("F22-1",) * (i == seat)) for i, e in enumerate(state.estates)))

    assert refused_by(game, holding(BOGDAN), PlayFate("F22-1"), BOGDAN).code == "cannot-play"
    after, _ = play(holding(ANA), ANA, "F22-1")
    assert len(after.estates[ANA].babies) == 2


def test_elopement(monkeypatch):
    """F23: free, without consent, +1, a normal window; same-sex only under F06 with
    you as the receiver; not during Great Lent (tested with weddings)."""
    state = four(ana=dict(hand=("F23-1",), singles=("L10",)), bogdan=dict(singles=("M10", "L11")))
    refused_by(game, state, PlayFate("F23-1", villager="L10", other="L11"), ANA)
    state, _ = play(state, ANA, "F23-1", villager="L10", other="M10")
    assert state.window.elopement and game.view(state, None).chance == 3
    assert [e.zestre for e in state.estates] == [0, 0, 0, 0]
    Dice(monkeypatch, 3)
    state, _ = pass_all(state)
    assert state.estates[0].couples[-1].moved == "M10" and len(state.estates[1].hand) == 1


def test_the_notarys_bribe():
    """F24, Z-R42: a Land for 1; refused at 5 Land; allowed in the final turn."""
    state = four(ana=dict(hand=("F24-1",), zestre=1), under=())
    state, _ = play(state, ANA, "F24-1")
    assert (state.estates[0].zestre, state.estates[0].land) == (0, 4)
    state = four(ana=dict(hand=("F24-1",), zestre=1, land=5))
    assert refused_by(game, state, PlayFate("F24-1"), ANA).code == "cannot-play"


def test_dowry_chest(monkeypatch):
    """F25: the receiver of a wedding this turn gets 2 from the giver (what they have)."""
    state = married(monkeypatch, bogdan=dict(hand=("F25-1",)))
    state = attrs.evolve(state, estates=tuple(attrs.evolve(e, zestre=1) if i == ANA else e
                                              for i, e in enumerate(state.estates)))
    refused_by(game, state, PlayFate("F25-1", record=2), BOGDAN)
    state, _ = play(state, BOGDAN, "F25-1", record=1)
    assert [e.zestre for e in state.estates[:2]] == [0, 5]


def test_after_wedding_and_action_cards_wait_for_no_window():
    """Z-R22: Role, Action and After-wedding cards only with no window open."""
    state = wedding(four(**{**WED, "costache": dict(hand=("F16-1",))}))
    assert refused_by(game, state, PlayFate("F16-1"), COSTACHE).code == "cannot-play"


def test_the_auction_winner_may_play_at_once():
    """Z-F13, Z-R27 step 5: a Role or Action card may be played at once, or kept."""
    state = table(estate(zestre=3), estate(couples=(("L02", "M02"),)), estate(couples=(("L03", "M03"),)))
    deck = ("F16-1",) + tuple(c for c in state.fate_deck if c != "F16-1")
    state, _ = reveal(attrs.evolve(state, fate_deck=deck), "H14", "H13")
    state, _ = answer_all(state, {0: (), 1: (), 2: ()})
    state, _ = act(state, (0, Bid(1)))  # seats 1 and 2 have nothing to bid
    assert game.prompt_of(state, 0).kind == "play-now"
    assert Choose(("keep",)) in game.legal_actions(state, 0)
    kept, _ = game.apply(state, 0, Choose(("keep",)))
    assert kept.estates[0].hand == ("F16-1",) and kept.phase == "negotiation"
    played, _ = game.apply(state, 0, PlayFate("F16-1"))
    assert played.estates[0].zestre == 3 and played.phase == "negotiation"


def test_every_title_is_played_here():
    """Issue 9: each card tested: every title's card appears in this module's tests."""
    source = Path(__file__).read_text(encoding="utf-8")
    missing = {t for t in FATE if f'"{t}-' not in source}
    assert not missing, missing


def test_a_musician_serves_the_boyar_where_it_lives():
    """Z-R20, Z-R34: a Role's benefit goes to the Boyar on whose Estate the villager
    lives now, not to whoever played the card."""
    from rules.zestrea.state import UseMusician
    state = four(ana=dict(zestre=2, singles=("M10",), hand=("F01-1",)), bogdan=WED["bogdan"])
    state, _ = play(state, ANA, "F01-1", villager="L03")  # on Costache's Estate
    state = wedding(state)
    assert UseMusician("F01-1") in game.legal_actions(state, COSTACHE)
    assert UseMusician("F01-1") not in game.legal_actions(state, ANA)
