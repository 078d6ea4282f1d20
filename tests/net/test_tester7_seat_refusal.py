"""Tester 7, finding 2: during a game, `/join N` for a seat that is not the asker's was
refused with "Seat 2 is not yours to retake.", which said neither whose the seat is nor
how its player gets it back. The refusal now names the seat's holder (public: the lobby
shows every seat's name) and the remedy, and never anything of the seat's token."""

from __future__ import annotations

import itertools

import pytest

from net import lobby as lb
from net.protocol import Command
from rules.zatre import GAME as ZATRE

WATCHER_TOKEN = "a-token-of-another-table"


def started() -> tuple[lb.Lobby, lb.Player, lb.Player]:
    """Ann (the host) at seat 1 and Jo at seat 2, the game started; seat tokens are
    ``secret-1`` and ``secret-2``."""
    counter = itertools.count(1)
    lobby = lb.Lobby(ZATRE, "Friday", make_token=lambda: f"secret-{next(counter)}")
    ann, jo = lobby.add_player("Ann", host=True), lobby.add_player("Jo")
    for player in (ann, jo):
        lobby.command(player.pid, Command(name="join"))
    lobby.command(ann.pid, Command(name="start"))
    return lobby, ann, jo


def refusal(lobby: lb.Lobby, name: str, seat: int, token: str | None = None) -> str:
    """The words ``name``, a newcomer, is told on ``/join seat`` (with ``token``)."""
    asker = lobby.add_player(name)
    with pytest.raises(lb.LobbyError) as refused:
        lobby.command(asker.pid, Command(name="join", args=(str(seat),), token=token))
    text = str(refused.value)
    assert "secret" not in text  # no seat token, nor any part of one
    return text


@pytest.mark.parametrize("asker", ["Bob", "Jo"])
def test_a_seat_held_for_a_dropped_player_names_them_and_the_way_back(asker):
    """Someone else, or Jo again without the seat's token (another machine, another
    name typed), is told the seat is Jo's and how Jo gets it back."""
    lobby, ann, jo = started()
    lobby.remove_player(jo.pid, deadline=None)
    assert refusal(lobby, asker, 2, WATCHER_TOKEN) == (
        "Seat 2 is held for Jo, who dropped out; to retake it, join again as Jo from the "
        "machine Jo played on, or ask the host for /seat 2 Jo.")


def test_a_seat_given_up_says_so():
    lobby, ann, jo = started()
    lobby.command(jo.pid, Command(name="leave"))
    assert refusal(lobby, "Bob", 2).startswith("Seat 2 is held for Jo, who gave it up; to retake it")


def test_a_seat_its_player_is_at_says_whose_it_is():
    lobby, ann, jo = started()
    assert refusal(lobby, "Bob", 2) == "Seat 2 is Jo's, who is playing it."


def test_a_bot_seat_says_only_the_host_gives_it_back():
    lobby, ann, jo = started()
    lobby.remove_player(jo.pid, deadline=None)
    lobby.command(ann.pid, Command(name="bot", args=("seat", "2", "easy")))
    assert refusal(lobby, "Jo", 2, "secret-2") == (
        "A bot plays seat 2; the host gives it back to the player it took it from (/seat 2 NAME).")


def test_a_seat_whose_player_was_sent_away_waits_for_the_host():
    lobby, ann, jo = started()
    lobby.remove_player(jo.pid, deadline=None)
    lobby.command(ann.pid, Command(name="kick", args=("Jo",)))
    assert refusal(lobby, "Jo", 2, "secret-2") == (
        "Seat 2 waits for the host, who sent Jo away (/bot seat 2 easy|strong).")


def test_a_seat_nobody_plays_says_so():
    lobby, ann, jo = started()
    assert refusal(lobby, "Bob", 3) == "Nobody plays seat 3 in this game."

