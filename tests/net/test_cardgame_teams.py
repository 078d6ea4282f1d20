"""Switching a Zatre table with Teams on to the card game says that Teams is turned off,
to everyone at the table, and switching back says it stays off (tester 6, finding 1).

The card game has no teams: every player keeps his own score sheet
(zatre-card-game.txt, "Each player receives one sheet"); the team variant is the board
game's (zatre-board.txt, Variant for Advanced Players; reference/zatre.md ruling 12)."""

from __future__ import annotations

from net import lobby as lb
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from rules.zatre_cards import GAME as ZATRE_CARDS
from rules.zatre_cards import ZatreCardsOptions
from tests.net.test_lobby import make, run
from tests.net.wire import host_table, join, until

TEAMS_OFF = "Teams turned off: Zatre: Das Kartenspiel has no teams."
STAYS_OFF = "Teams stays off: /option teams on turns it on again."


def test_cardgame_on_says_teams_is_turned_off():
    lobby, ann, _ = make()
    run(lobby, ann, "/option profi on")
    run(lobby, ann, "/option teams on")
    reply = run(lobby, ann, "/option cardgame on")
    assert reply.notice == ("cardgame is now on: this table plays Zatre: Das Kartenspiel (2 to 4 players). "
                            + TEAMS_OFF)
    assert reply.news == ("Ann turned cardgame on: this table plays Zatre: Das Kartenspiel "
                          "(2 to 4 players). " + TEAMS_OFF)
    assert lobby.game is ZATRE_CARDS and lobby.options == ZatreCardsOptions(profi=True)


def test_cardgame_off_says_teams_stayed_off_once():
    lobby, ann, _ = make()
    run(lobby, ann, "/option teams on")
    run(lobby, ann, "/option cardgame on")
    reply = run(lobby, ann, "/option cardgame off")
    assert reply.notice == "cardgame is now off: this table plays Zatre (2 to 4 players). " + STAYS_OFF
    assert reply.news.endswith(STAYS_OFF)
    assert lobby.options == ZatreOptions(teams=False), "not pretended: Teams is off, and said so"
    # said once: the next round trip has nothing to say about Teams
    assert "Teams" not in run(lobby, ann, "/option cardgame on").notice
    assert "Teams" not in run(lobby, ann, "/option cardgame off").notice


def test_without_teams_the_switch_says_nothing_about_them():
    lobby, ann, _ = make()
    assert "Teams" not in run(lobby, ann, "/option cardgame on").notice
    assert "Teams" not in run(lobby, ann, "/option cardgame off").notice


def test_options_lost_names_only_options_set_away_from_their_default():
    assert [s.name for s in lb.options_lost(ZatreOptions(teams=True, profi=True), ZatreCardsOptions)] == ["teams"]
    assert lb.options_lost(ZatreOptions(profi=True), ZatreCardsOptions) == ()
    assert lb.options_lost(ZatreCardsOptions(profi=True), ZatreOptions) == ()


async def test_everyone_at_the_table_reads_that_teams_is_off():
    hosted = await host_table(ZATRE)
    ann = await join(hosted, "Ann", host=True)
    bob = await join(hosted, "Bob")
    heard: list[str] = []
    bob.on_event(lambda m: heard.append(m.text) if type(m).__name__ == "Notice" else None)
    await ann.say("/option teams on")
    await ann.say("/option cardgame on")
    await until(lambda: any(TEAMS_OFF in text for text in heard), what="Teams turned off told to Bob")
    await ann.say("/option cardgame off")
    await until(lambda: any(STAYS_OFF in text for text in heard), what="Teams stays off told to Bob")
    await ann.close()
    await bob.close()
    await hosted.stop()
