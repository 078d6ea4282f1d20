"""Zestrea's forms offer terms that can be sent, say who pays, keep what was entered
when the table refuses it, and start a counter from the offer it answers (player-tester
21, finding 5)."""

from __future__ import annotations

import attrs
from textual.widgets import Select, Static

from rules.core import ActionKind
from rules.zestrea import GAME
from rules.zestrea.state import Accept, ProposeWedding, TradeOffer, WeddingOffer
from tui.app import ParlourApp
from tui.zestrea.choices import advice, counter_start, narrow
from tui.zestrea.form import ActionForm

from .helpers import shown, until
from .test_zestrea_choices import negotiation_state
from .zestrea_helpers import FOUR_SEATS, SMALL, play_until, start, zestrea_game

NAMES = ("You", "Ada", "Ben")


def _quiet(table) -> bool:
    """Nothing open: no window, no prompt."""
    return table.view.window is None and table.view.my_prompt is None


def _acceptable_weddings(table) -> list:
    """The wedding offers made to you that you could accept now."""
    payable = {e.offer for e in table._entries if isinstance(e, Accept)}
    return [o for o in table.view.my_offers if o.to == table.view.seat and o.kind == "wedding-offer"
            and o.id in payable]


def _with_zestre(state, *zestre: int):
    return attrs.evolve(state, estates=tuple(attrs.evolve(e, zestre=z) for e, z in zip(state.estates, zestre)))


def _wedding(state) -> ActionKind:
    return next(a for a in GAME.legal_actions(state, 0) if getattr(a, "kind", "") == "propose-wedding")


def _index(kind: ActionKind, name: str) -> int:
    return [p.name for p in kind.params].index(name)


async def _wedding_form(pilot, state) -> ActionForm:
    view, kind = GAME.view(state, 0), _wedding(state)
    form = ActionForm(kind, GAME.legal_actions(state, 0), NAMES, GAME.action_type,
                      narrow=lambda k, chosen: narrow(view, k, chosen))
    sent = pilot.app.sent = []
    await pilot.app.push_screen(form, sent.append)
    await pilot.pause()
    return form


async def test_the_wedding_form_offers_only_splits_both_can_pay_and_opens_on_one():
    """Rulebook "IV. Weddings and Negotiations" (2 Zestre per attempt, "one Zestre each,
    or one of them pays both"), Z-R29 (payment at acceptance): you have 1 Zestre, Ada
    none, Ben 2. Ada is not offered (no split can be paid with her), the form opens on
    Ben with 1 each, offering 1 each or Ben pays 2; sent at once, the rules accept it."""
    state = _with_zestre(negotiation_state(), 1, 0, 2)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        form = await _wedding_form(pilot, state)
        kind = form.kind
        to = form.query_one(f"#p{_index(kind, 'to')}", Select)
        assert [str(text) for text, _ in to._options] == ["Ben"]
        split = form.query_one(f"#p{_index(kind, 'split')}", Select)
        assert [str(text) for text, _ in split._options] == ["1 each", "Ben pays 2"]
        assert form._chosen()["split"] == "each_1"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(app.sent) == 1)
    action = app.sent[0]
    assert isinstance(action, ProposeWedding) and action.to == 2
    GAME.apply(state, 0, action)  # sendable: no RuleViolation


async def test_who_pays_is_told_when_there_is_no_choice():
    """Z-R29: with one way to pay left the "who pays the 2" field is not a choice, yet
    the form says who pays: you have nothing, so Ada pays 2; with 2 Zestre and Ada
    none, You pay 2. With a choice, the one chosen reads the same way."""
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        form = await _wedding_form(pilot, negotiation_state())  # You 6, Ada 3: every split
        split = form.query_one(f"#p{_index(form.kind, 'split')}", Select)
        assert [str(text) for text, _ in split._options] == ["You pay 2", "1 each", "Ada pays 2"]
        await until(pilot, lambda: "You pay 2" in shown(split.query_one("#label")))
        await pilot.press("escape")
        await until(pilot, lambda: form not in app.screen_stack)
        for zestre, told in (((0, 3, 0), "Ada pays 2"), ((2, 0, 0), "You pay 2")):
            form = await _wedding_form(pilot, _with_zestre(negotiation_state(), *zestre))
            i = _index(form.kind, "split")
            await until(pilot, lambda: form.query_one(f"#r{i}").display)
            assert not form.query_one(f"#p{i}").display
            assert shown(form.query_one(f"#t{i}", Static)).strip() == told
            assert "who pays the 2" in shown(form.query_one(f"#l{i}"))
            await pilot.press("escape")
            await until(pilot, lambda: form not in app.screen_stack)


async def test_the_sweetener_leaves_the_payer_its_share_of_the_attempt():
    """§3.6 acceptance checks: the payers must afford the first attempt *and* the
    sweetener; Ben (4 Zestre) paying 1 each may sweeten with at most 3."""
    state = negotiation_state()
    view, kind = GAME.view(state, 0), _wedding(state)
    params = narrow(view, kind, {"to": 2, "mine": "M01", "split": "each_1", "sweet_payer": "target"})
    assert next(p for p in params if p.name == "sweet_zestre").hi == 3
    params = narrow(view, kind, {"to": 2, "mine": "M01", "split": "proposer_2", "sweet_payer": "target"})
    assert next(p for p in params if p.name == "sweet_zestre").hi == 4


async def test_the_wedding_form_says_how_many_attempts_can_be_paid_now():
    """Reference §3.6 (``max_attempts``: the next attempt starts "as long as both payers
    can still pay"), Z-F16, Z-R29: the rules take an offer of 5 attempts that its
    payers can pay only 3 of now (a later attempt goes ahead only if they can pay it
    then), so the form does not refuse it but says, under the fields, how many the
    Zestre held now pays and who runs short, and follows the fields as they change."""
    state = _with_zestre(negotiation_state(), 6, 3, 4)  # You 6, Ada 3
    view = GAME.view(state, 0)
    app = ParlourApp(pace=0)
    async with app.run_test(size=SMALL) as pilot:
        form = ActionForm(_wedding(state), GAME.legal_actions(state, 0), NAMES, GAME.action_type,
                          narrow=lambda k, chosen: narrow(view, k, chosen),
                          advise=lambda k, chosen: advice(view, NAMES, k, chosen))
        app.sent = []
        await app.push_screen(form, app.sent.append)
        await pilot.pause()
        told = form.query_one("#form-advice", Static)
        assert form._chosen()["to"] == 1 and not told.display  # 1 attempt: payable
        split = form.query_one(f"#p{_index(form.kind, 'split')}", Select)
        split.value = form.kind.params[_index(form.kind, "split")].values.index("each_1")
        form.query_one(f"#p{_index(form.kind, 'attempts')}").focus()
        await pilot.press("end", "backspace", "5")
        await until(pilot, lambda: told.display)
        assert " ".join(shown(told).split()) == ("! The Zestre held now pays 3 of these 5 attempts (Ada has 3 Zestre); "
                               "the rest go ahead only if the payers can pay them then.")
        await pilot.press("backspace", "3")
        await until(pilot, lambda: not told.display)
        await pilot.press("backspace", "4", "ctrl+s")
        await until(pilot, lambda: len(app.sent) == 1)
    GAME.apply(state, 0, app.sent[0])  # the rules take it: no RuleViolation
    assert app.sent[0].attempts == 4


async def test_a_refusal_keeps_the_form_open_with_everything_entered(tmp_path):
    """Rulebook "IV. Weddings and Negotiations" (trades of Fate cards and Zestre) and
    reference §3.5 (a trade gives or asks something): a trade to Ben giving and asking
    nothing is refused by the table; the form stays open with the refusal in it and
    Ben still chosen; given 1 Zestre, it is sent and the form closes."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=3, options=(("starting_zestre", 5),)))
        await play_until(pilot, table, lambda t: t.view.phase == "negotiation" and _quiet(t))
        trade = next(i for i, e in enumerate(table._entries) if getattr(e, "kind", "") == "propose-trade")
        table.query_one("#z-actions").focus()
        await pilot.press("home", *["down"] * trade, "enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        form = app.screen
        await pilot.press("enter", "down", "enter")  # to: Ada -> Ben
        await until(pilot, lambda: form._chosen()["to"] == 2)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "something" in shown(form.query_one("#form-error")))
        assert app.screen is form and form._chosen()["to"] == 2
        assert "gives or asks" not in table._error, "said in the form, not under the table"
        form.query_one(f"#p{_index(form.kind, 'give_zestre')}").focus()
        await pilot.press("end", "backspace", "1", "ctrl+s")
        await until(pilot, lambda: app.screen is table, timeout=20)
        await until(pilot, lambda: any(line.startswith("You make a trade offer to Ben") for line in table._log),
                    timeout=20)
        assert not table._error


async def test_the_gift_and_trade_forms_never_open_on_a_dead_end(tmp_path):
    """Rulebook "IV. Weddings and Negotiations" ("give and receive gifts of Zestre or
    Fate"), reference §3.5 and Z-R35 (a gift gives something, a trade gives or asks
    something; an offer of nothing is refused): the gift form opens on 1 Zestre, the
    least gift, so Send at once gives it; each form says at its top what it needs
    (the trade form opens on nothing: what to give or ask is the player's to say)."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(seed=3, options=(("starting_zestre", 5),)))
        await play_until(pilot, table, lambda t: t.view.phase == "negotiation" and _quiet(t))
        for name in ("propose-trade", "gift"):
            at = next(i for i, e in enumerate(table._entries) if getattr(e, "kind", "") == name)
            table.query_one("#z-actions").focus()
            await pilot.press("home", *["down"] * at, "enter")
            await until(pilot, lambda: isinstance(app.screen, ActionForm))
            form = app.screen
            note = " ".join(shown(form.query_one(Static)).split())
            if name == "propose-trade":
                assert note.startswith("A trade gives or asks something"), note
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is table)
                continue
            assert note.startswith("A gift gives Zestre, Fate cards or both"), note
            assert form._chosen()["zestre"] == 1 and form._chosen()["to"] == 1
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is table, timeout=20)
            await until(pilot, lambda: "You gave Ada 1 Zestre (gift)" in table._log, timeout=20)
        assert not table._error


def test_a_trade_with_nothing_of_yours_to_give_goes_to_a_boyar_with_something_to_ask():
    """Z-R35 (a trade gives or asks something), Z-R23 (only revealed cards may be
    asked for): with no Zestre and no card of yours, the trade form offers only the
    Boyars that have Zestre or a revealed card to ask for."""
    state = _with_zestre(negotiation_state(), 0, 0, 4)  # Ada: 0 Zestre but a revealed card
    state = attrs.evolve(state, estates=(attrs.evolve(state.estates[0], hand=()), state.estates[1],
                                         attrs.evolve(state.estates[2], zestre=0)))
    assert state.estates[1].revealed and not state.estates[2].revealed
    kind = next(a for a in GAME.legal_actions(state, 0) if getattr(a, "kind", "") == "propose-trade")
    assert next(p for p in kind.params if p.name == "to").values == (1, 2)
    params = narrow(GAME.view(state, 0), kind, {"to": 1})
    assert next(p for p in params if p.name == "to").values == (1,)


def test_a_counter_starts_from_the_offer_it_answers():
    """Reference §3.6 ("A counter closes the original offer and sends a new one back"):
    a counter to Ada's offer (her Maiden for your Lad, you pay 2, 3 attempts, her
    sweetener of 1 on success) starts from those terms as you would propose them: your
    Lad, her Maiden, you (now the proposer) pay 2, the sweetener from her (now the
    target); a trade's sides swap."""
    offer = WeddingOffer(3, 1, 0, "M02", "L01", "target_2", 3, -1, "proposer", 1, (), "on_success")
    assert counter_start(offer) == {"mine": "L01", "theirs": "M02", "split": "proposer_2", "attempts": 3,
                                    "receiver": -1, "sweet_payer": "target", "sweet_zestre": 1,
                                    "sweet_cards": (), "sweet_when": "on_success"}
    trade = TradeOffer(4, 1, 0, give_zestre=2, give_cards=("F03-1",), ask_zestre=1, ask_cards=("F19-1",))
    assert counter_start(trade) == {"give_zestre": 1, "give_cards": ("F19-1",), "ask_zestre": 2,
                                    "ask_cards": ("F03-1",)}


async def test_the_counter_form_at_the_table_opens_on_the_offer_s_terms(tmp_path):
    """Reference §3.6: Counter #N with a wedding… opens on the villagers, split and
    attempts of the wedding offer N it answers (seen from your side), not on the
    form's first values; sent as it opens, the counter goes to the offer's maker."""
    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*FOUR_SEATS, seed=1, options=(("starting_zestre", 5),)))
        await play_until(pilot, table, lambda t: bool(_acceptable_weddings(t)) and _quiet(t))
        offer = _acceptable_weddings(table)[0]
        counter = next(i for i, e in enumerate(table._entries) if dict(getattr(e, "fixed", ())).get("counter") == offer.id)
        table.query_one("#z-actions").focus()
        await pilot.press("home", *["down"] * counter, "enter")
        await until(pilot, lambda: isinstance(app.screen, ActionForm))
        form = app.screen
        mirrored = {"proposer_2": "target_2", "target_2": "proposer_2"}.get(offer.split, offer.split)
        expected = {"mine": offer.theirs, "theirs": offer.mine, "split": mirrored, "attempts": offer.attempts}
        assert {name: form._chosen()[name] for name in expected} == expected
        assert f"#{offer.id} " in " ".join(shown(w) for w in form.query(Static))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen is table, timeout=20)
        await until(pilot, lambda: any(f"offer {offer.id} from" in line and "was countered" in line
                                       for line in table._log), timeout=20)
