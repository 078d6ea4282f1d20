"""What a Boyar deciding on an offer reads (player-tester 21, finding 2): the Do list's
Accept named no price, the terms were ten offers down the Now panel, a card offered
was only named, and the rules page (F1) named the stand-in cards without what they do."""

from __future__ import annotations

from types import SimpleNamespace

from rules.zestrea.cards import FATE, TIMES
from rules.zestrea.state import Accept, Decline
from tui.app import ParlourApp
from tui.screens.rules import rules_text
from tui.zestrea.words import card_text, offer_lines

from .helpers import shown, until
from .zestrea_helpers import FOUR_SEATS, SMALL, play_until, start, zestrea_game

NAMES = ("You", "Ada", "Ben")
CARD_SEED = 2
"""With four seats and 5 Zestre each, Ada offers a trade with a card in turn 1."""


def test_an_offer_s_lines_give_the_text_of_every_card_it_moves():
    """Rulebook "IV. Weddings and Negotiations" (trade Fate cards; a Musician rented
    "for money or favors"), reference §3.6: an offer's terms first, then the text of
    each card it would move, once, marked [stand-in] as the data marks it."""
    trade = SimpleNamespace(id=4, kind="trade-offer", by=1, to=0, give_zestre=0, give_cards=("F19-1",),
                            ask_zestre=1, ask_cards=())
    lines = offer_lines(trade, NAMES)
    assert lines[0] == "#4 Ada → You: trade: gives 0 Z + The Matchmaker for 1 Z"
    assert lines[1:] == [f"  {card_text('F19-1')}"] and "[stand-in]" in lines[1]
    assert FATE["F19"].text in lines[1]
    rent = SimpleNamespace(id=55, kind="rent-offer", by=2, to=0, musician="F01-1", zestre=1, cards=("F03-1",))
    assert offer_lines(rent, NAMES) == ["#55 Ben → You: rent Musician for 1 Z + Evil Eye", f"  {card_text('F03-1')}"]


async def test_the_highlighted_offer_heads_the_now_panel_with_its_cards(tmp_path):
    """Reference §3.6 (an offer's terms are seen by its two parties): while the Do list's
    highlight is on an entry that answers an offer (Accept, Decline), the Now panel opens
    with that offer's terms and the text of the card it moves, scrolled into sight;
    the highlight moved elsewhere, the offer goes back among the others."""
    def carded(table) -> list:
        view = table.view
        return [o for o in view.my_offers if o.to == view.seat and o.kind == "trade-offer" and o.give_cards]

    app = ParlourApp(pace=0, local_saves=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        table = await start(pilot, zestrea_game(*FOUR_SEATS, seed=CARD_SEED, options=(("starting_zestre", 5),)))
        await play_until(pilot, table, lambda t: bool(carded(t)) and t.view.window is None
                         and t.view.my_prompt is None)
        offer = carded(table)[0]
        entries = table._entries
        answer = next(i for i, e in enumerate(entries) if isinstance(e, (Accept, Decline)) and e.offer == offer.id)
        other = next(i for i, e in enumerate(entries) if not isinstance(e, (Accept, Decline)))
        do = table.query_one("#z-actions")
        do.focus()
        do.highlighted = other
        await pilot.pause()
        before = shown(table.query_one("#z-now"))
        assert card_text(offer.give_cards[0]) not in " ".join(before.split())
        table.query_one("#z-now-box").scroll_end(animate=False, immediate=True)
        do.highlighted = answer
        await until(pilot, lambda: shown(table.query_one("#z-now")).startswith(f"▸ #{offer.id} "))
        now = " ".join(shown(table.query_one("#z-now")).split())
        assert f"gives {offer.give_zestre} Z + " in now
        assert card_text(offer.give_cards[0]) in now, now
        assert now.count(f"#{offer.id} ") == 1, "told once, at the top"
        await until(pilot, lambda: table.query_one("#z-now-box").scroll_y == 0)
        do.highlighted = other
        await until(pilot, lambda: not shown(table.query_one("#z-now")).startswith("▸"))
        assert f"Offer to you #{offer.id} " in " ".join(shown(table.query_one("#z-now")).split())


def test_the_rules_page_says_what_every_card_does_from_the_data():
    """Rulebook "Fate card examples" ("All Fate cards have instructions on them") and
    "I. Hard Times": the rules page (F1) lists every Fate title, Hard Times and Good
    Times card of the game's data with the data's own text, a stand-in marked
    [stand-in] exactly where the data marks it so (reference §4, §5)."""
    items = [line for line in rules_text("tui.zestrea").splitlines() if line.startswith("- ")]
    for card in (*FATE.values(), *TIMES.values()):
        line = next((i for i in items if any(i.startswith(f"- {card.name}{after}") for after in " [:")), None)
        assert line is not None, f"{card.name} is not on the rules page"
        assert line.endswith(f": {card.text}"), line
        assert ("[stand-in]" in line) == (card.source == "stand-in"), line
