"""The lobby model: commands as typed in the chat line (zatre-online.txt), pure."""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import lobby as lb
from net.protocol import Command, Say
from rules.zatre import GAME as ZATRE
from rules.zatre import ZatreOptions
from rules.zatre_cards import GAME as ZATRE_CARDS
from rules.zatre_cards import ZatreCardsOptions


def make() -> tuple[lb.Lobby, lb.Player, lb.Player]:
    counter = itertools.count(1)
    lobby = lb.Lobby(ZATRE, "Friday", make_token=lambda: f"token-{next(counter)}")
    return lobby, lobby.add_player("Ann", host=True), lobby.add_player("Bob")


def run(lobby: lb.Lobby, player: lb.Player, line: str) -> lb.Reply:
    command = lb.parse_line(line)
    assert isinstance(command, Command)
    return lobby.command(player.pid, command)


def test_parse_line_tells_commands_from_chat():
    assert lb.parse_line("hello") == Say(text="hello")
    assert lb.parse_line("/bot add easy") == Command(name="bot", args=("add", "easy"))
    assert lb.parse_line("/JOIN 2") == Command(name="join", args=("2",))
    with pytest.raises(lb.LobbyError, match="no /teleport command"):
        lb.parse_line("/teleport")
    with pytest.raises(lb.LobbyError):
        lb.parse_line("   ")


def test_join_takes_a_free_seat_with_a_token():
    lobby, ann, bob = make()
    reply = run(lobby, ann, "/join")
    assert reply.effects == (lb.Seated(ann.pid, 0, "token-1"),)
    assert lobby.seats[0].token_hash == lb.hash_token("token-1")
    run(lobby, bob, "/join 3")
    assert bob.seat == 2
    with pytest.raises(lb.LobbyError, match="Seat 3 is taken"):
        run(lobby, ann, "/join 3")
    with pytest.raises(lb.LobbyError, match="numbered 1 to 4"):  # Zatre's 2-4, not max_seats 6
        run(lobby, ann, "/join 5")
    with pytest.raises(lb.LobbyError, match="already sit"):
        run(lobby, bob, "/join")


def test_names_are_unique_at_the_table():
    lobby, ann, bob = make()
    assert lobby.add_player("ann").name == "ann 2"


def test_leave_frees_the_seat_before_the_start():
    lobby, ann, bob = make()
    run(lobby, bob, "/join")
    assert run(lobby, bob, "/leave").effects == (lb.Unseated(bob.pid, 0),)
    assert lobby.seats[0].free


def test_start_is_for_the_host_with_enough_players():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    with pytest.raises(lb.LobbyError, match="Only the host"):
        run(lobby, bob, "/start")
    with pytest.raises(lb.LobbyError, match="needs 2 to 4 players seated; 1 is"):
        run(lobby, ann, "/start")
    run(lobby, bob, "/join 3")
    run(lobby, ann, "/bot add strong")
    (start,) = run(lobby, ann, "/start").effects
    assert start == lb.StartGame(("Ann", "Strong bot", "Bob"), {1: "strong"})
    assert bob.seat == 2 and lobby.started
    with pytest.raises(lb.LobbyError, match="has started"):
        run(lobby, ann, "/option profi on")


def test_options_are_the_games_option_fields():
    lobby, ann, bob = make()
    assert run(lobby, ann, "/option profi on").notice == "Hints: hidden (profi)."
    assert lobby.options == ZatreOptions(profi=True)
    run(lobby, ann, "/option PROFI off")
    assert lobby.options == ZatreOptions(profi=False)
    with pytest.raises(lb.LobbyError, match="on or off"):
        run(lobby, ann, "/option profi maybe")
    with pytest.raises(lb.LobbyError, match="no option 'speed'"):
        run(lobby, ann, "/option speed 3")
    with pytest.raises(lb.LobbyError, match="Only the host"):
        run(lobby, bob, "/option profi on")


def test_bots_are_added_and_removed_by_the_host():
    lobby, ann, bob = make()
    assert run(lobby, ann, "/bot add easy").notice == "An easy bot sits at seat 1."
    assert lobby.seats[0].bot == "easy" and lobby.state().seats[0].status == "bot"
    assert run(lobby, ann, "/bot add strong").notice == "A strong bot sits at seat 2."
    run(lobby, ann, "/bot remove 2")
    with pytest.raises(lb.LobbyError, match="easy or strong"):
        run(lobby, ann, "/bot add genius")
    with pytest.raises(lb.LobbyError, match="No bot sits at seat 2"):
        run(lobby, ann, "/bot remove 2")
    run(lobby, ann, "/bot remove 1")
    assert lobby.seats[0].free


def test_kick_sends_someone_away_and_revokes_their_seat_in_a_game():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    assert run(lobby, ann, "/kick bob").effects == (lb.Kicked(bob.pid),)
    assert lobby.seats[1].token_hash is None
    with pytest.raises(lb.LobbyError, match="Nobody called"):
        run(lobby, ann, "/kick Zed")
    with pytest.raises(lb.LobbyError, match="cannot kick yourself"):
        run(lobby, ann, "/kick Ann")


def test_a_dropped_seat_is_held_and_retaken_with_its_token():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    assert lobby.remove_player(bob.pid, deadline=1000.0) == 1
    assert lobby.seats[1].status == "away" and lobby.seats[1].deadline == 1000.0
    newcomer = lobby.add_player("Bob")
    assert newcomer.name == "Bob 2"  # the held seat keeps the name
    with pytest.raises(lb.LobbyError, match="Seat 2 is held for Bob, who dropped out"):
        lobby.command(newcomer.pid, Command(name="join", args=("2",), token="token-1"))
    reply = lobby.command(newcomer.pid, Command(name="join", args=("2",), token="token-2"))
    assert reply.effects == (lb.Seated(newcomer.pid, 1, "token-2"),)
    assert newcomer.name == "Bob" and lobby.seats[1].status == "here"
    assert lobby.seat_for_token("token-2") == 1 and lobby.seat_for_token("nope") is None


def test_bot_seat_takes_over_a_dropped_seat_only():
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    with pytest.raises(lb.LobbyError, match="during the game"):
        run(lobby, ann, "/bot seat 2 easy")
    run(lobby, ann, "/start")
    with pytest.raises(lb.LobbyError, match="still at seat 2"):
        run(lobby, ann, "/bot seat 2 easy")
    lobby.remove_player(bob.pid, deadline=None)
    assert run(lobby, ann, "/bot seat 2 easy").effects == (lb.BotTakesSeat(1, "easy"),)
    assert lobby.seats[1].token_hash is None and lobby.seat_for_token("token-2") is None


def test_bot_seat_takes_a_dropped_seat_during_its_grace_period():
    """README (player-tester 3, item 9): the host may hand an away seat to a bot at once,
    while it is still held for its player (the grace period's deadline not reached)."""
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    lobby.remove_player(bob.pid, deadline=time.time() + 120)
    assert lobby.seats[1].status == "away" and lobby.seats[1].deadline is not None
    assert run(lobby, ann, "/bot seat 2 strong").effects == (lb.BotTakesSeat(1, "strong"),)
    assert lobby.seats[1].status == "bot" and lobby.seats[1].deadline is None


def test_end_and_help():
    lobby, ann, bob = make()
    assert "/join" in run(lobby, bob, "/help").notice
    # before the start /end says what closes the table (player-tester 2, item 9; README)
    with pytest.raises(lb.LobbyError, match=r"^No game has started: .*to close the table, leave it \(Esc\)\.$"):
        run(lobby, ann, "/end")
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    assert run(lobby, ann, "/end").effects == (lb.EndGame(),)


def test_state_shows_seats_spectators_and_the_host():
    lobby, ann, bob = make()
    run(lobby, bob, "/join 2")
    state = lobby.state()
    assert state.host == "Ann" and state.spectators == ("Ann",)
    assert [s.status for s in state.seats] == ["open", "here", "open", "open"]
    assert state.options == ZatreOptions() and state.variants == {"cardgame": False}
    assert (state.min_seats, state.max_seats, state.seat_counts) == (2, 4, (2, 3, 4))


def seat_all(lobby: lb.Lobby, host: lb.Player, count: int) -> None:
    """Fill seats 1..count with easy bots."""
    for _ in range(count):
        run(lobby, host, "/bot add easy")


def test_counts_are_told_in_words():
    assert lb.counts_text((2, 3, 4)) == "2 to 4"
    assert lb.counts_text((4, 6)) == "4 or 6"
    assert lb.counts_text((2, 3, 5)) == "2, 3 or 5"
    assert lb.counts_text((3,)) == "3"


def test_teams_on_gives_six_seats_and_start_needs_four_or_six():
    lobby, ann, bob = make()
    reply = run(lobby, ann, "/option teams on")
    assert reply.notice == "Teams: in pairs. Zatre takes 4 or 6 players now." and reply.changed
    assert len(lobby.seats) == 6
    state = lobby.state()
    assert (state.min_seats, state.max_seats, state.seat_counts) == (4, 6, (4, 6))
    assert len(state.seats) == 6 and state.options == ZatreOptions(teams=True)
    seat_all(lobby, ann, 5)
    with pytest.raises(lb.LobbyError) as refused:
        run(lobby, ann, "/start")
    assert str(refused.value) == "Zatre with teams on needs 4 or 6 players seated; 5 are."
    run(lobby, bob, "/join 6")
    with pytest.raises(lb.LobbyError, match="All 6 seats are taken"):
        run(lobby, ann, "/bot add easy")
    (start,) = run(lobby, ann, "/start").effects
    assert len(start.names) == 6 and start.bots == {i: "easy" for i in range(5)}


def test_four_players_start_in_teams_but_three_do_not():
    lobby, ann, bob = make()
    run(lobby, ann, "/option teams on")
    seat_all(lobby, ann, 3)
    with pytest.raises(lb.LobbyError, match="needs 4 or 6 players seated; 3 are"):
        run(lobby, ann, "/start")
    run(lobby, bob, "/join")
    assert isinstance(run(lobby, ann, "/start").effects[0], lb.StartGame)


def test_teams_off_is_refused_while_seat_5_is_taken_and_shrinks_the_seats_once_free():
    lobby, ann, bob = make()
    run(lobby, ann, "/option teams on")
    run(lobby, bob, "/join 5")
    with pytest.raises(lb.LobbyError) as refused:
        run(lobby, ann, "/option teams off")
    assert str(refused.value) == "Cannot turn teams off: seat 5 is taken by Bob, and Zatre has only 4 seats."
    assert lobby.options == ZatreOptions(teams=True) and len(lobby.seats) == 6 and bob.seat == 4
    run(lobby, bob, "/join 2")  # moves: seat 5 is free again
    assert run(lobby, ann, "/option teams off").notice == "Teams: no. Zatre takes 2 to 4 players now."
    assert len(lobby.seats) == 4 and lobby.seats[1].player == bob.pid
    with pytest.raises(lb.LobbyError, match="numbered 1 to 4"):
        run(lobby, ann, "/bot remove 5")


def test_a_seat_held_for_a_dropped_player_counts_as_taken():
    lobby, ann, bob = make()
    run(lobby, ann, "/option teams on")
    run(lobby, bob, "/join 6")
    lobby.remove_player(bob.pid, deadline=1000.0)  # away, held for the grace period
    with pytest.raises(lb.LobbyError, match="seat 6 is taken by Bob"):
        run(lobby, ann, "/option teams off")


def test_cardgame_on_switches_the_table_to_the_card_game_and_off_back():
    lobby, ann, bob = make()
    run(lobby, ann, "/option profi on")
    run(lobby, bob, "/join")
    run(lobby, ann, "/bot add strong")
    reply = run(lobby, ann, "/option cardgame on")
    assert reply.effects == (lb.GameChanged("zatre-cards"),)
    assert reply.notice == "cardgame is now on: this table plays Zatre: Das Kartenspiel (2 to 4 players)."
    assert lobby.game is ZATRE_CARDS and lobby.options == ZatreCardsOptions(profi=True)  # profi kept
    state = lobby.state()
    assert (state.game, state.title, state.variants) == ("zatre-cards", "Zatre: Das Kartenspiel", {"cardgame": True})
    assert [s.status for s in state.seats] == ["here", "bot", "open", "open"]  # everyone stays seated
    assert run(lobby, ann, "/option cardgame on").notice == "cardgame is already on."
    with pytest.raises(lb.LobbyError, match="no option 'teams'; options: profi, cardgame"):
        run(lobby, ann, "/option teams on")
    with pytest.raises(lb.LobbyError, match="Only the host"):
        run(lobby, bob, "/option cardgame off")
    assert run(lobby, ann, "/option cardgame off").effects == (lb.GameChanged("zatre"),)
    assert lobby.game is ZATRE and lobby.options == ZatreOptions(profi=True)
    run(lobby, ann, "/option cardgame on")
    (start,) = run(lobby, ann, "/start").effects
    assert start == lb.StartGame(("Bob", "Strong bot"), {1: "strong"})
    with pytest.raises(lb.LobbyError, match="has started"):
        run(lobby, ann, "/option cardgame off")


def test_cardgame_on_is_refused_while_it_would_drop_a_seated_player():
    lobby, ann, bob = make()
    run(lobby, ann, "/option teams on")
    seat_all(lobby, ann, 4)
    run(lobby, bob, "/join 5")
    with pytest.raises(lb.LobbyError) as refused:
        run(lobby, ann, "/option cardgame on")
    assert str(refused.value) == (
        "Cannot turn cardgame on: seat 5 is taken by Bob, and Zatre: Das Kartenspiel has only 4 seats.")
    assert lobby.game is ZATRE and lobby.options == ZatreOptions(teams=True)
    run(lobby, bob, "/leave")
    run(lobby, ann, "/option cardgame on")  # teams dropped: the card game has no such option
    assert lobby.game is ZATRE_CARDS and lobby.options == ZatreCardsOptions() and len(lobby.seats) == 4
    with pytest.raises(lb.LobbyError, match="cardgame takes on or off"):
        run(lobby, ann, "/option cardgame maybe")


def test_a_table_hosted_as_the_card_game_switches_back_to_zatre():
    lobby = lb.Lobby(ZATRE_CARDS, "Friday")
    ann = lobby.add_player("Ann", host=True)
    assert lobby.state().variants == {"cardgame": True}
    run(lobby, ann, "/option cardgame off")
    assert lobby.game is ZATRE and lobby.options == ZatreOptions() and len(lobby.seats) == 4


def test_a_variant_naming_a_game_this_parlour_lacks_is_refused():
    lobby = lb.Lobby(ZATRE, "Friday", games={"zatre": ZATRE})
    ann = lobby.add_player("Ann", host=True)
    with pytest.raises(lb.LobbyError, match="cannot play 'zatre-cards'"):
        run(lobby, ann, "/option cardgame on")
    assert lobby.game is ZATRE


LINES = st.sampled_from([
    "/option teams on", "/option teams off", "/option cardgame on", "/option cardgame off",
    "/option profi on", "/option cardgame", "/option teams 2", "/join", "/join 5", "/join 6",
    "/join 2", "/leave", "/bot add easy", "/bot add strong", "/bot remove 5", "/bot remove 1",
    "/start", "/kick Bob", "/kick Cyd",
])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), LINES), max_size=30))
def test_options_and_variants_never_lose_a_seat_or_break_the_lobby(moves):
    lobby, ann, bob = make()
    cyd = lobby.add_player("Cyd")
    people = (ann, bob, cyd)
    for who, line in moves:
        if people[who].pid not in lobby.players:
            continue
        before = {(s.index, s.name, s.bot) for s in lobby.seats if not s.free}
        try:
            reply = run(lobby, people[who], line)
        except lb.LobbyError as refused:
            assert str(refused) and "\n" not in str(refused)
            continue
        for effect in reply.effects:
            if isinstance(effect, lb.Kicked):
                lobby.remove_player(effect.pid)
        if line.startswith("/option") and not lobby.started:
            assert {(s.index, s.name, s.bot) for s in lobby.seats if not s.free} == before
        if not lobby.started:
            assert len(lobby.seats) == max(lobby.game.seat_counts(lobby.options))
        assert isinstance(lobby.options, lobby.game.options_type)
        state = lobby.state()
        assert state.game == lobby.game.name and state.max_seats == max(state.seat_counts)


def test_bot_add_at_a_chosen_seat_and_teams_start_whole():
    """Zatre's Variant for Advanced Players: partners sit side by side, so /bot add takes
    a seat number and /start refuses a team seated by half; seats close up by teams."""
    lobby, ann, bob = make()
    run(lobby, ann, "/option teams on")
    run(lobby, ann, "/join 3")
    run(lobby, bob, "/join 4")
    run(lobby, ann, "/bot add easy 6")
    with pytest.raises(lb.LobbyError, match="Seat 6 is taken"):
        run(lobby, ann, "/bot add strong 6")
    run(lobby, ann, "/bot add strong 1")
    with pytest.raises(lb.LobbyError, match="Seat 2 is empty, but partners play side by side"):
        run(lobby, ann, "/start")
    run(lobby, ann, "/bot add easy 5")
    run(lobby, ann, "/bot remove 1")
    reply = run(lobby, ann, "/start")
    start = reply.effects[0]  # seats 3+4 and 5+6 close up to 1+2 and 3+4, pairs kept
    assert start.names == ("Ann", "Bob", "Easy bot 2", "Easy bot")
    assert start.bots == {2: "easy", 3: "easy"}


# ---- options of every kind, drawn from the game's options type (issue 9) ---------------


def toy_lobby() -> tuple[lb.Lobby, lb.Player]:
    from tests.net import toygame

    lobby = lb.Lobby(toygame.GAME, "Friday")
    return lobby, lobby.add_player("Ann", host=True)


def test_a_whole_number_option_is_set_within_its_bounds_and_refused_outside_them():
    """Issue 9: whole numbers with bounds; a bad value is refused naming the bounds."""
    lobby, ann = toy_lobby()
    assert run(lobby, ann, "/option top 50").notice == "top is now 50."
    assert lobby.options.top == 50
    for bad in ("1", "100", "-3", "fifty", "5.5"):
        with pytest.raises(lb.LobbyError) as refused:
            run(lobby, ann, f"/option top {bad}")
        assert str(refused.value) == f"/option top takes a whole number from 2 to 99; {bad!r} is not one."
    assert lobby.options.top == 50, "a refusal changes nothing"


def test_a_choice_option_takes_one_of_its_values_and_names_them_when_refused():
    lobby, ann = toy_lobby()
    reply = run(lobby, ann, "/option picks KIND")
    assert reply.notice == "picks is now kind." and reply.news == "Ann set picks to kind."
    assert lobby.options.picks == "kind" and lobby.state().options.picks == "kind"
    with pytest.raises(lb.LobbyError, match=r"^/option picks takes listed or kind; 'some' is not one\.$"):
        run(lobby, ann, "/option picks some")


def test_help_lists_the_games_options_with_what_they_take_and_their_values():
    lobby, ann = toy_lobby()
    run(lobby, ann, "/option top 7")
    text = run(lobby, ann, "/help").notice
    assert text.startswith(lb.HELP)
    assert "top: a whole number from 2 to 99, now 7; the highest number a seat may pick" in text
    assert "picks: listed or kind, now listed; legal picks listed" in text
    zatre, ann = make()[:2]
    text = run(zatre, ann, "/help").notice
    assert "profi (Hints): on or off, now off; hide the hints" in text
    assert "teams (Teams): on or off, now off; 4 or 6 players in pairs" in text
    assert "cardgame: on or off, now off; off: Zatre, on: Zatre: Das Kartenspiel" in text


def test_zestreas_options_simply_work_in_the_lobby():
    """Zestrea (reference §8, imported directly): extra_hard_times 0|1|2, adoption_sex
    choose|random, the timers (§3.9) a whole number of seconds, off by default."""
    from rules.zestrea import GAME as ZESTREA

    lobby = lb.Lobby(ZESTREA, "Friday")
    ann = lobby.add_player("Ann", host=True)
    assert run(lobby, ann, "/option extra_hard_times 2").notice == "Extra Hard Times: 2."
    assert run(lobby, ann, "/option adoption_sex random").notice == "Adoption sex: random."
    assert run(lobby, ann, "/option window_timeout_s 90").notice == "Window timer: 90 s."
    assert run(lobby, ann, "/option window_timeout_s off").notice == "Window timer: off."
    options = lobby.options
    assert (options.extra_hard_times, options.adoption_sex, options.window_timeout_s) == (2, "random", 0)
    with pytest.raises(lb.LobbyError, match=r"^/option extra_hard_times takes 0, 1 or 2; '3' is not one\.$"):
        run(lobby, ann, "/option extra_hard_times 3")
    with pytest.raises(lb.LobbyError, match=r"takes a whole number from 0 to 600 \(seconds; 0 or off: off\)"):
        run(lobby, ann, "/option window_timeout_s 601")
    assert "prompt_timeout_s (Prompt timer): a whole number from 0 to 600 (seconds; 0 or off: off), now off" in \
        run(lobby, ann, "/help").notice


def test_zatres_yes_no_options_answer_as_players_know_them():
    lobby, ann, _ = make()
    reply = run(lobby, ann, "/option profi yes")
    assert reply.notice == "Hints: hidden (profi)." and reply.news == "Ann set Hints: hidden (profi)."
    with pytest.raises(lb.LobbyError, match=r"^/option teams takes on or off; 'maybe' is not one\.$"):
        run(lobby, ann, "/option teams maybe")


def test_a_seat_given_up_during_the_game_is_told_from_a_dropped_one():
    """Player-tester 3, item 10: a player who sends /leave during the game gave the seat
    up; one whose connection dropped did not. Both seats are held (away) for the host's
    choice, and the lobby state tells them apart (``left``); taking the seat back
    clears it."""
    lobby, ann, bob = make()
    run(lobby, ann, "/join")
    run(lobby, bob, "/join")
    run(lobby, ann, "/start")
    run(lobby, bob, "/leave")
    (left,) = [s for s in lobby.state().seats if s.seat == 1]
    assert (left.status, left.left) == ("away", True)
    lobby.restore(bob.pid, 1, "token-2")
    assert lobby.state().seats[1].left is False
    lobby.remove_player(bob.pid, deadline=time.time() + 120)
    dropped = lobby.state().seats[1]
    assert (dropped.status, dropped.left) == ("away", False)
