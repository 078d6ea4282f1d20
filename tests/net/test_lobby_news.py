"""What happens in the lobby is told to everyone at the table, not only to whoever
typed it (issue 8 §4: "the lobby does not tell everyone who joined or what a command
did"): ``notice`` lines in the third person to the others, the doer's own words to the
doer."""

from __future__ import annotations

import itertools

from net import lobby as lb
from net.protocol import Command
from rules.zatre import GAME as ZATRE
from tests.net.wire import host_table, join, until


def make() -> tuple[lb.Lobby, lb.Player, lb.Player]:
    counter = itertools.count(1)
    lobby = lb.Lobby(ZATRE, "Friday", make_token=lambda: f"token-{next(counter)}")
    return lobby, lobby.add_player("Ann", host=True), lobby.add_player("Bob")


def run(lobby: lb.Lobby, player: lb.Player, line: str) -> lb.Reply:
    command = lb.parse_line(line)
    assert isinstance(command, Command)
    return lobby.command(player.pid, command)


def test_every_change_has_news_for_the_others():
    lobby, ann, bob = make()
    assert run(lobby, bob, "/join 2").news == "Bob took seat 2."
    assert run(lobby, bob, "/leave").news == "Bob left seat 2."
    assert run(lobby, ann, "/option profi on").news == "Ann set Hints: hidden (profi)."
    assert run(lobby, ann, "/option teams on").news == "Ann set Teams: in pairs. Zatre takes 4 or 6 players now."
    assert run(lobby, ann, "/bot add strong 3").news == "Ann added a strong bot at seat 3."
    assert run(lobby, ann, "/bot add easy").news == "Ann added an easy bot at seat 1."
    assert run(lobby, ann, "/bot remove 3").news == "Ann took the bot away from seat 3."
    assert run(lobby, ann, "/kick Bob").news == "Ann sent Bob away."
    assert run(lobby, ann, "/help").news is None, "nothing changed"


def test_a_table_variant_is_news_too():
    lobby, ann, _ = make()
    reply = run(lobby, ann, "/option cardgame on")
    assert reply.news == ("Ann turned cardgame on: this table plays Zatre: Das Kartenspiel "
                          "(2 to 4 players).")
    assert run(lobby, ann, "/option cardgame on").news is None, "already on: nothing changed"


async def test_everyone_at_the_table_is_told():
    hosted = await host_table(ZATRE)
    ann = await join(hosted, "Ann", host=True)
    heard: dict[str, list[str]] = {"Ann": [], "Cy": []}
    ann.on_event(lambda m: heard["Ann"].append(m.text) if type(m).__name__ == "Notice" else None)
    bob = await join(hosted, "Bob")
    cy = await join(hosted, "Cy")
    cy.on_event(lambda m: heard["Cy"].append(m.text) if type(m).__name__ == "Notice" else None)
    await until(lambda: "Cy joined the table." in heard["Ann"], what="Cy's arrival told")
    assert "Bob joined the table." in heard["Ann"]
    await bob.say("/join 2")
    await until(lambda: "Bob took seat 2." in heard["Cy"], what="Bob's seat told")
    await ann.say("/option profi on")
    await ann.say("/bot add strong 3")
    await until(lambda: "Ann added a strong bot at seat 3." in heard["Cy"], what="bot told")
    assert "Ann set Hints: hidden (profi)." in heard["Cy"] and "Bob took seat 2." in heard["Ann"]
    assert not any(text.startswith("Ann ") for text in heard["Ann"]), "Ann has her own words"
    await cy.close()
    await until(lambda: "Cy left the table." in heard["Ann"], what="Cy's leaving told")
    await ann.close()
    await bob.close()
    await hosted.stop()


def test_watchers_news_is_one_line():
    from net.server import _WatcherNews, watchers_text

    def news(name, came, went):
        return _WatcherNews(name, 0, came, went)

    assert watchers_text([news("Cy", True, False)]) == "Cy joined the table."
    assert watchers_text([news("Cy", False, True)]) == "Cy left the table."
    assert watchers_text([news(f"W{i}", True, True) for i in range(12)]) == "12 watchers came and went."
    assert watchers_text([news("Cy", True, False), news("Di", True, False), news("Ed", False, True)]) == (
        "Cy and Di joined the table; Ed left the table.")


async def test_a_burst_of_watchers_during_a_game_takes_one_line():
    """Tester 23, finding 7: twelve watchers connecting and leaving during a game made
    24 lines (``W0 joined the table.`` … ``W11 left the table.``) in everyone's chat;
    they are told together now, in one notice. A lone watcher is still told by name; the players' own news is unchanged."""
    from tests.net.wire import seated

    hosted = await host_table(ZATRE)
    hosted.table.watchers_fold = 2.0
    ann, bob = await seated(hosted, ("Ann", "Bob"))
    heard: list[str] = []
    ann.on_event(lambda m: heard.append(m.text) if type(m).__name__ == "Notice" else None)
    watchers = [await join(hosted, f"W{i}") for i in range(12)]
    for link in watchers:
        await link.close()
    await until(lambda: heard, what="the watchers told")
    assert heard == ["12 watchers came and went."]
    hosted.table.watchers_fold = 0.05
    cy = await join(hosted, "Cy")
    await until(lambda: len(heard) == 2, what="Cy told")
    assert heard[1] == "Cy joined the table."
    await cy.close()
    await until(lambda: len(heard) == 3, what="Cy's leaving told")
    assert heard[2] == "Cy left the table."
    for link in (ann, bob):
        await link.close()
    await hosted.stop()
