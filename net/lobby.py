"""The lobby: who is at the table, who sits where, options and bots (zatre-online.txt).

Pure and game-agnostic: no I/O, no clocks (deadlines are passed in), no sockets. The
table server (net.server) feeds it players and commands and carries out the
:class:`Effect`\\ s it returns.

Typed commands (seat numbers are 1-based as players count them; the wire protocol's
``seat`` fields are 0-based):

- ``/join`` takes a free seat; ``/join N`` takes seat N, or retakes it after a drop
  with the seat's token (the client sends it);
- ``/leave`` gives the seat up;
- ``/start`` (host) starts the game with everyone seated, if that many players is
  one of ``game.seat_counts(options)`` (Zatre 2 to 4; with ``teams`` 4 or 6);
- ``/option NAME VALUE`` (host, before the start): a field of ``game.options_type``,
  as :func:`rules.core.option_specs` describes it: ``on``/``off`` for a yes/no
  (``/option profi on``), a whole number within its bounds (``/option
  window_timeout_s 90``, ``off`` for a timer's 0), one of a choice's values
  (``/option adoption_sex random``); a value outside them is refused naming what is
  allowed. Or one of the game's ``table_variants``, which switches the table to a
  sibling game (``/option cardgame on``: Zatre becomes Zatre: Das Kartenspiel,
  zatre-online.txt "Options");
- ``/bot add easy|strong [N]`` (at the first free seat, or seat N) and ``/bot remove
  N`` (host, before the start); with teams (``game.team_size``) ``/start`` wants every
  side seated whole or empty, and seats close up by whole sides;
  ``/bot seat N easy|strong`` (host, during the game): a bot takes over a dropped seat;
  its player may still come back with the seat's token, to watch;
- ``/seat N NAME`` (host, during the game): gives seat N back from its bot to NAME, the
  player it was taken from, who came back (same token as before); or a seat held for a
  dropped player to that player, back without the seat's token (a relay's new room
  code: tokens are offered only to the room that gave them), with a new token;
- ``/kick NAME`` (host); ``/end`` (host) ends the game; ``/help`` lists all this, then
  the current game's options with their values (:func:`options_help`).

The seat list is as long as the most players the current game and options allow
(``max(game.seat_counts(options))``); an option or variant that would shorten it below
a taken seat is refused.

Anything typed without a leading ``/`` is chat. Refusals are :class:`LobbyError`
with a sentence a player can read.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import typing
from typing import Any, Callable, Mapping

import attrs

from rules import registry
from rules.core import Game, OptionSpec, option_specs

from .protocol import MAX_CHAT, MAX_NAME, Command, CommandName, LobbyState, Say, SeatInfo

HELP = """Commands (seat numbers start at 1; "host": the host's only):
/join [N]: take a free seat, or seat N; after a drop, your old seat
/leave: give up your seat
/start: start the game (host)
/option NAME VALUE: set an option before the start (host): /option profi on; the game's options are listed below
/bot add easy|strong [N]: seat a bot, at seat N if given (host)
/bot remove N: take the bot at seat N away (host)
/bot seat N easy|strong: a bot plays a dropped player's seat (host, during the game)
/seat N NAME: give seat N back to NAME, its player, from its bot or held while away (host, during the game)
/kick NAME: send someone away (host)
/end: end the game now (host)
/help: this list
Anything else you type is chat."""
"""One line per command, no columns: it reads at any width (a chat pane wraps it)."""

COMMANDS: frozenset[str] = frozenset(typing.get_args(CommandName))
"""The command names ``/...`` the lobby knows."""


class LobbyError(Exception):
    """A command the lobby refuses; ``str(error)`` is the sentence to show."""


def counts_text(counts: tuple[int, ...]) -> str:
    """Player counts in words: ``(2, 3, 4)`` -> ``"2 to 4"``, ``(4, 6)`` -> ``"4 or 6"``."""
    if not counts:
        return "no"
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    if len(counts) == 1:
        return str(counts[0])
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def variants_of(game: Game) -> Mapping[str, tuple[str, str]]:
    """A game's table variants: option name -> (the game's name with the option off,
    with it on), e.g. Zatre's ``{"cardgame": ("zatre", "zatre-cards")}``
    (zatre-online.txt, Options: "card game"). Games without any have none."""
    return getattr(game, "table_variants", None) or {}


def carry_options(options: Any, options_type: type) -> Any:
    """``options`` as ``options_type``: the fields both have (same name) carried over,
    the rest at their defaults (Zatre's ``profi`` stays, ``teams`` is dropped for the
    card game). Values the new type refuses fall back to its defaults."""
    if type(options) is options_type:
        return options
    names = {f.name for f in attrs.fields(type(options))} if attrs.has(type(options)) else set()
    kept = {f.name: getattr(options, f.name) for f in attrs.fields(options_type) if f.name in names}
    try:
        return options_type(**kept)
    except (TypeError, ValueError):
        return options_type()


def options_lost(options: Any, options_type: type) -> tuple[OptionSpec, ...]:
    """The options of ``options`` set away from their default that ``options_type``
    does not have, so :func:`carry_options` drops them: Zatre's ``teams`` on, switching
    to the card game, which has no teams (zatre-card-game.txt: every player keeps his
    own sheet; reference/zatre.md ruling 12 is the board game's team variant only)."""
    if not attrs.has(type(options)):
        return ()
    kept = {spec.name for spec in option_specs(options_type)}
    return tuple(spec for spec in option_specs(type(options))
                 if spec.name not in kept and getattr(options, spec.name) != spec.default)


def hash_token(token: str) -> str:
    """A seat token's SHA-256 hex digest: what the table keeps (and saves) instead of
    the token. Tokens are 32 random bytes, so no salt is needed."""
    return hashlib.sha256(token.encode()).hexdigest()


def _same_player(held: str | None, name: str) -> bool:
    """Whether ``name`` is a seat's ``held`` name, as given or as the table made it
    unique while the seat held it (``"Bob"`` -> ``"Bob 2"``)."""
    if not held:
        return False
    held, name = held.lower(), name.lower()
    return name == held or (name.startswith(held + " ") and name[len(held) + 1:].isdigit())


def new_token() -> str:
    """A fresh seat token (``secrets.token_urlsafe``, 32 bytes of randomness)."""
    return secrets.token_urlsafe(32)


# ---- model ------------------------------------------------------------------------------


@attrs.define
class Player:
    """Someone at the table: ``pid`` (per connection), ``name`` (unique at the table),
    ``host`` (may use host commands), ``seat`` (0-based, ``None``: watching);
    ``former`` the seat a bot took from this player, who came back with its token
    (``/seat`` may give it back)."""

    pid: int
    name: str
    host: bool = False
    seat: int | None = None
    former: int | None = None


@attrs.define
class SeatSlot:
    """One seat. ``player`` the pid sitting there (``None``: nobody connected);
    ``name`` the name shown; ``bot`` a bot kind; ``token_hash`` the seat token's hash;
    ``away`` the player dropped or left (held for them); ``deadline`` unix seconds
    until which the seat is held (``None`` while away: the host decides); ``left``
    (with ``away``) the player gave the seat up during the game (``/leave``) rather than
    dropped."""

    index: int
    player: int | None = None
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    away: bool = False
    deadline: float | None = None
    left: bool = False

    @property
    def free(self) -> bool:
        return self.player is None and self.bot is None and not self.away and self.name is None

    @property
    def status(self) -> str:
        if self.bot is not None:
            return "bot"
        if self.away:
            return "away"
        return "here" if self.player is not None else "open"

    def clear(self) -> None:
        self.player = self.name = self.bot = self.token_hash = self.deadline = None
        self.away = self.left = False


def _not_yours(slot: SeatSlot) -> str:
    """Why ``/join N`` without seat N's token is refused during the game, and how the
    seat can be had back: ``"Seat 2 is held for Jo, who dropped out; to retake it, join
    again as Jo from the machine Jo played on, or ask the host for /seat 2 Jo."``
    (tester 7, finding 2: "not yours to retake" said neither). Only what the lobby
    shows everyone (the seat's name, bot, status) is said; never anything of its token."""
    seat, name = slot.index + 1, slot.name
    if slot.bot is not None:
        return f"A bot plays seat {seat}; the host gives it back to the player it took it from (/seat {seat} NAME)."
    if slot.free:
        return f"Nobody plays seat {seat} in this game."
    if slot.token_hash is None:  # its player was sent away (/kick)
        return f"Seat {seat} waits for the host, who sent {name} away (/bot seat {seat} easy|strong)."
    if slot.away:
        gone = "gave it up" if slot.left else "dropped out"
        return (f"Seat {seat} is held for {name}, who {gone}; to retake it, join again as {name} "
                f"from the machine {name} played on, or ask the host for /seat {seat} {name}.")
    return f"Seat {seat} is {name}'s, who is playing it."


# ---- effects ------------------------------------------------------------------------------


@attrs.frozen
class Seated:
    """``pid`` now sits at ``seat``; send it ``token`` (only to it; ``None``: the
    token it already has stays the seat's)."""

    pid: int
    seat: int
    token: str | None


@attrs.frozen
class Unseated:
    """``pid`` no longer sits anywhere (it watches)."""

    pid: int
    seat: int


@attrs.frozen
class Kicked:
    """Close ``pid``'s connection: the host sent it away."""

    pid: int


@attrs.frozen
class Replaced:
    """Close ``pid``'s connection: its seat was retaken with the token elsewhere."""

    pid: int


@attrs.frozen
class StartGame:
    """Start the game: ``names`` and ``bots`` (seat -> kind) in seat order."""

    names: tuple[str, ...]
    bots: dict[int, str]


@attrs.frozen
class BotTakesSeat:
    """During the game a ``kind`` bot plays ``seat`` from now on."""

    seat: int
    kind: str


@attrs.frozen
class PlayerTakesSeat:
    """During the game the bot at ``seat`` stops; its player plays it again."""

    seat: int


@attrs.frozen
class SeatBack:
    """During the game the player of ``seat``, held while away, plays it again (given
    back by the host with ``/seat``: no bot to stop)."""

    seat: int


@attrs.frozen
class EndGame:
    """The host ended the game early."""


@attrs.frozen
class GameChanged:
    """Before the start the table switched to the game called ``game`` (a table
    variant such as ``/option cardgame on``): decode and encode for it from now on."""

    game: str


Effect = (Seated | Unseated | Kicked | Replaced | StartGame | BotTakesSeat | PlayerTakesSeat | SeatBack | EndGame
          | GameChanged)


@attrs.frozen
class Reply:
    """What a command did: ``notice`` for the sender (or ``None``), ``effects`` for
    the server to carry out, ``news`` for everyone else at the table, in the third
    person (``"Ann took seat 2."``; ``None`` when nothing changed, or a ``presence``
    tells it). The lobby state has changed whenever effects is not empty or ``changed``
    is true."""

    notice: str | None = None
    effects: tuple[Effect, ...] = ()
    changed: bool = False
    news: str | None = None


def article(word: str) -> str:
    """``"an"`` before a vowel (``an easy bot``), else ``"a"`` (``a strong bot``)."""
    return "an" if word[:1].lower() in "aeiou" and word else "a"


# ---- parsing --------------------------------------------------------------------------------


def parse_line(line: str) -> Command | Say:
    """A line typed in the lobby: a :class:`Command` (``/bot add easy``) or chat.

    Raises :class:`LobbyError` for an empty line, an unknown command or one too long.
    """
    text = line.strip()
    if not text:
        raise LobbyError("Type something to say, or /help for the commands.")
    if not text.startswith("/"):
        if len(text) > MAX_CHAT:
            raise LobbyError(f"That is too long to say (at most {MAX_CHAT} characters).")
        return Say(text=text)
    word, *args = text[1:].split() or [""]
    name = word.lower()
    if name not in COMMANDS:
        raise LobbyError(f"There is no /{word[:20]} command; /help lists them.")
    try:
        return Command(name=name, args=tuple(args))  # type: ignore[arg-type]
    except (ValueError, TypeError):
        raise LobbyError(f"Too many or too long words after /{name}.") from None


def _seat_number(text: str, seats: int) -> int:
    """``"2"`` -> seat index 1; LobbyError unless ``1..seats``."""
    if not text.isdigit() or not 1 <= int(text) <= seats:
        raise LobbyError(f"Seats are numbered 1 to {seats}; {text[:10]!r} is not one.")
    return int(text) - 1


_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" or {words[-1]}"


def allowed_text(spec: OptionSpec) -> str:
    """What ``/option NAME`` takes, in words: ``"on or off"``, ``"0, 1 or 2"``,
    ``"choose or random"``, ``"a whole number from 0 to 600 (seconds; 0 or off: off)"``."""
    if spec.kind == "yes-no":
        return "on or off"
    if spec.kind == "choice":
        return _or([str(c) for c in spec.choices])
    unit = {"s": "seconds"}.get(spec.unit, spec.unit)
    notes = [unit] if unit else []
    if spec.off is not None:
        notes.append(f"{spec.off} or off: off")
    return f"a whole number {spec.bounds()}" + (f" ({'; '.join(notes)})" if notes else "")


def value_text(spec: OptionSpec, value: Any) -> str:
    """An option's value as the lobby says it: ``on``/``off``, ``off`` for a timer at
    its off value, ``90 s``, ``random``."""
    if spec.kind == "yes-no":
        return "on" if value else "off"
    if spec.kind == "whole" and spec.off is not None and value == spec.off:
        return "off"
    return f"{value} {spec.unit}" if spec.unit and spec.kind == "whole" else str(value)


def value_words(spec: OptionSpec, value: Any) -> str:
    """An option's value in the setup form's words (its ``words``: ``hidden (profi)``,
    ``in pairs``), else as :func:`value_text` says it."""
    for word, known in spec.values():
        if known == value and type(known) is type(value):
            return word
    return value_text(spec, value)


def _label(spec: OptionSpec) -> str:
    """An option's short name as the lobby shows it: its label (``Teams``), else its name."""
    return spec.label or spec.name


def option_title(spec: OptionSpec) -> str:
    """``"extra_hard_times (Extra Hard Times)"``: the name ``/option`` takes and,
    where it differs, the label the lobby shows; ``"top"`` for an option with no label."""
    return spec.name if spec.label in ("", spec.name) else f"{spec.name} ({spec.label})"


def option_value(spec: OptionSpec, text: str) -> Any:
    """The value ``/option NAME TEXT`` sets (:meth:`rules.core.OptionSpec.parse`);
    :class:`LobbyError` naming the allowed values or bounds otherwise."""
    try:
        return spec.parse(text)
    except ValueError:
        raise LobbyError(f"/option {spec.name} takes {allowed_text(spec)}; "
                         f"{text[:20]!r} is not one.") from None


def options_help(game: Game, options: Any, variants: Mapping[str, bool] | None = None) -> str:
    """The lines ``/help`` ends with: each option of ``game`` (its options type, by
    :func:`rules.core.option_specs`) with what it takes, its value now and its help,
    then the table variants (``cardgame``)."""
    lines = [f"Options of {game.title} (/option NAME VALUE, host, before the start):"]
    for spec in option_specs(game.options_type):
        line = f"{option_title(spec)}: {allowed_text(spec)}, now {value_text(spec, getattr(options, spec.name))}"
        lines.append(line + (f"; {spec.help}" if spec.help else ""))
    for name, on in (variants or {}).items():
        off_game, on_game = (registry.GAMES.get(g) for g in game.table_variants.get(name, ("", "")))
        switch = (f"off: {off_game.title}, on: {on_game.title}" if off_game is not None and on_game is not None
                  else "switches the table to another game")
        lines.append(f"{name}: on or off, now {'on' if on else 'off'}; {switch}")
    return "\n".join(lines)


# ---- the lobby --------------------------------------------------------------------------------


class Lobby:
    """The lobby of one table for ``game``.

    ``table`` the table's name; ``options`` the starting options (default:
    ``game.options_type()``); ``code_needed`` shown to players (a room code is
    asked); ``make_token`` makes seat tokens (tests pass a deterministic one);
    ``games`` the games a table variant may switch to, by name (default:
    rules.registry.GAMES). :attr:`game` and :attr:`options` change before the start
    with ``/option``; ``len(seats)`` is ``max(game.seat_counts(options))``.
    """

    def __init__(
        self,
        game: Game,
        table: str,
        options: Any = None,
        code_needed: bool = False,
        make_token: Callable[[], str] = new_token,
        games: Mapping[str, Game] | None = None,
    ) -> None:
        self.game = game
        self.games = registry.GAMES if games is None else games
        self.table = table
        self.options = game.options_type() if options is None else options
        self.code_needed = code_needed
        self.started = False
        self.over = False
        self.players: dict[int, Player] = {}
        self.seats = [SeatSlot(i) for i in range(max(game.seat_counts(self.options)))]
        self._make_token = make_token
        self._pids = 0
        self._given_up: set[str] = set()
        self._sent_away: set[str] = set()  # token hashes of players the host sent away (/kick)
        self._bot_took: dict[str, int] = {}  # token hash -> the seat a bot took from it
        self._turned_off: set[str] = set()  # options a table variant switch turned off
        self.save_problem = ""  # the table's latest save failed: why (LobbyState.save_problem)

    # ---- people ----

    def add_player(self, name: str, host: bool = False, former: int | None = None) -> Player:
        """Someone arrives (watching, not seated). Their name is made unique at the
        table (``"Ann"`` -> ``"Ann 2"``); returns the new :class:`Player`. ``former``:
        the seat a bot took from them (:meth:`bot_took`); they get that seat's name."""
        self._pids += 1
        if former is not None:
            name = self.seats[former].name or name
        player = Player(self._pids, self._unique(name.strip() or "Player", former), host, former=former)
        self.players[player.pid] = player
        return player

    def _unique(self, name: str, own_seat: int | None = None) -> str:
        taken = {p.name.lower() for p in self.players.values()}
        taken |= {s.name.lower() for s in self.seats
                  if s.name and s.player is None and s.index != own_seat}
        if name.lower() not in taken:
            return name
        for n in range(2, 1000):
            candidate = f"{name[: MAX_NAME - len(str(n)) - 1]} {n}"
            if candidate.lower() not in taken:
                return candidate
        raise LobbyError("Too many players with that name.")

    def renamed_words(self, asked: str, given: str) -> str:
        """Why a player who asked for the name ``asked`` was named ``given`` (by
        :meth:`add_player`), for that player only: ``"Bob is already at this table (seat
        2, away): you joined as Bob 2."``; ``""`` if the name was not changed. Without it
        a player back from another window became "Bob 2", watching, and was not told why
        (player-tester finding)."""
        asked = asked.strip() or "Player"
        if asked.lower() == given.lower():
            return ""
        where = "watching"
        for slot in self.seats:
            if slot.name and slot.name.lower() == asked.lower():
                state = "" if slot.player is not None else ", a bot plays it" if slot.bot else ", away"
                where = f"seat {slot.index + 1}{state}"
                break
        return f"{asked} is already at this table ({where}): you joined as {given}."

    def remove_player(self, pid: int, deadline: float | None = None) -> int | None:
        """``pid``'s connection is gone. Its seat is held as away until ``deadline``
        (unix seconds), in the lobby as during the game; during the game ``None`` means
        held with no deadline, before the start it frees the seat at once. Returns the
        seat it held, if any."""
        player = self.players.pop(pid, None)
        if player is None or player.seat is None:
            return None
        slot = self.seats[player.seat]
        if slot.player != pid:
            return None
        if self.started or deadline is not None:
            slot.player, slot.away, slot.deadline = None, True, deadline
        else:
            self._vacate(slot)
        return player.seat

    def grace_over(self, seat: int) -> None:
        """The grace period of ``seat`` ended. During the game the seat stays held
        (the deadline is cleared; the host decides); before the start it is freed, and
        its token then lets its player back in unseated (:meth:`given_up`)."""
        slot = self.seats[seat]
        if self.started:
            slot.deadline = None
        elif slot.away:
            self._vacate(slot)

    def given_up(self, token: str) -> bool:
        """Whether ``token`` was a seat's token before the start, given up since (by
        ``/leave``, a move to another seat, or a drop past the grace period): its
        player comes back unseated, not refused."""
        return hash_token(token) in self._given_up

    def sent_away(self, token: str) -> bool:
        """Whether ``token`` was the seat token of a player the host sent away
        (``/kick``): they are told so when they come back with it, not let in."""
        return hash_token(token) in self._sent_away

    def bot_took(self, token: str) -> int | None:
        """The seat a bot plays since it was taken (``/bot seat``) from the player
        whose token is ``token``, else ``None``: that player comes back to watch."""
        return self._bot_took.get(hash_token(token))

    def bot_took_hashes(self) -> dict[str, int]:
        """Token hash -> seat, for every player whose seat a bot took (for saves)."""
        return dict(self._bot_took)

    def restore_bot_took(self, taken: Mapping[str, int]) -> None:
        """After a resume: the saved :meth:`bot_took_hashes` (their players may come
        back to watch, and ``/seat N NAME`` gives a seat back)."""
        self._bot_took = dict(taken)

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token ``token`` is (compared in constant time), else ``None``."""
        digest = hash_token(token)
        found = None
        for slot in self.seats:
            if slot.token_hash is not None and hmac.compare_digest(slot.token_hash, digest):
                found = slot.index
        return found

    def restore(self, pid: int, seat: int, token: str) -> tuple[Seated, int | None]:
        """Seat ``pid`` again at ``seat``, whose ``token`` the caller checked. The token
        stays the same for the whole game (a client that missed a welcome can still
        come back). Returns the effect and the pid that sat there before, if any (the
        server closes that connection as replaced)."""
        player = self.players[pid]
        slot = self.seats[seat]
        replaced = slot.player if slot.player != pid else None
        if replaced is not None and replaced in self.players:
            self.players[replaced].seat = None
        if player.seat is not None and player.seat != seat:
            self._vacate(self.seats[player.seat])
        player.name = slot.name or player.name
        slot.player, slot.away, slot.deadline, slot.left = pid, False, None, False
        player.seat = seat
        return Seated(pid, seat, token), replaced

    def _vacate(self, slot: SeatSlot) -> None:
        if self.started:
            slot.player, slot.away, slot.deadline = None, True, None
        else:
            if slot.token_hash is not None:
                self._given_up.add(slot.token_hash)
            slot.clear()

    def _sit(self, player: Player, slot: SeatSlot) -> Seated:
        if player.seat is not None and player.seat != slot.index:
            self._vacate(self.seats[player.seat])
        token = self._make_token()
        slot.player, slot.name, slot.bot = player.pid, player.name, None
        slot.token_hash, slot.away, slot.deadline, slot.left = hash_token(token), False, None, False
        player.seat = slot.index
        return Seated(player.pid, slot.index, token)

    def seated_count(self) -> int:
        return sum(not s.free for s in self.seats)

    def host_name(self) -> str | None:
        return next((p.name for p in self.players.values() if p.host), None)

    # ---- commands ----

    def command(self, pid: int, command: Command) -> Reply:
        """Carry out ``command`` from player ``pid``; raises :class:`LobbyError`."""
        player = self.players[pid]
        handler = getattr(self, f"_cmd_{command.name}")
        return handler(player, list(command.args), command.token)

    def _host_only(self, player: Player, what: str) -> None:
        if not player.host:
            raise LobbyError(f"Only the host can {what}.")

    def _before_start(self, what: str) -> None:
        if self.started:
            raise LobbyError(f"The game has started; you can no longer {what}.")

    def _cmd_help(self, player: Player, args: list[str], token: str | None) -> Reply:
        variants = {name: self.game.name == games[1] for name, games in variants_of(self.game).items()}
        return Reply(HELP + "\n" + options_help(self.game, self.options, variants))

    def _cmd_join(self, player: Player, args: list[str], token: str | None) -> Reply:
        if len(args) > 1:
            raise LobbyError("Use /join or /join N.")
        seat = _seat_number(args[0], self._seat_limit()) if args else None
        if self.started:
            if seat is None:
                raise LobbyError("The game has started; /join N retakes your seat N after a drop.")
            slot = self.seats[seat]
            if token is None or slot.token_hash is None or slot.bot is not None or not hmac.compare_digest(
                slot.token_hash, hash_token(token)
            ):
                raise LobbyError(_not_yours(slot))
            seated, replaced = self.restore(player.pid, seat, token)
            effects: tuple[Effect, ...] = (seated,) if replaced is None else (seated, Replaced(replaced))
            return Reply(f"You sit at seat {seat + 1} again.", effects,
                         news=f"{player.name} is back at seat {seat + 1}.")
        if player.seat is not None and (seat is None or seat == player.seat):
            raise LobbyError(f"You already sit at seat {player.seat + 1}.")
        if seat is None:
            slot = next((s for s in self.seats if s.free), None)
            if slot is None:
                raise LobbyError(f"All {len(self.seats)} seats are taken.")
        else:
            slot = self.seats[seat]
            if not slot.free:
                raise LobbyError(f"Seat {seat + 1} is taken.")
        return Reply(f"You sit at seat {slot.index + 1}.", (self._sit(player, slot),),
                     news=f"{player.name} took seat {slot.index + 1}.")

    def _seat_limit(self) -> int:
        return len(self.seats)

    def _cmd_leave(self, player: Player, args: list[str], token: str | None) -> Reply:
        if player.seat is None:
            raise LobbyError("You are not sitting at a seat.")
        seat = player.seat
        player.seat = None
        self._vacate(self.seats[seat])
        self.seats[seat].left = self.started  # given up, not dropped: said so (player-tester 3, item 10)
        # during the game everyone is sent a presence "left" instead
        news = None if self.started else f"{player.name} left seat {seat + 1}."
        return Reply(f"You left seat {seat + 1}.", (Unseated(player.pid, seat),), news=news)

    def _cmd_start(self, player: Player, args: list[str], token: str | None) -> Reply:
        self._host_only(player, "start the game")
        self._before_start("start it again")
        taken = [s for s in self.seats if not s.free]
        counts = self.seat_counts()
        if len(taken) not in counts:
            raise LobbyError(
                f"{self._described(self.game, self.options)} needs {counts_text(counts)} players "
                f"seated; {len(taken)} {'is' if len(taken) == 1 else 'are'}."
            )
        self._check_teams_whole()
        # seats close up in order (whole teams, so partners stay partners): seat
        # numbers are 0..n-1 for the game
        free = [s for s in self.seats if s.free]
        for index, slot in enumerate(taken + free):
            slot.index = index
            if slot.player is not None:
                self.players[slot.player].seat = index
        self.seats = taken + free
        self.started = True
        names = tuple(s.name or f"Bot {s.index + 1}" for s in taken)
        bots = {s.index: s.bot for s in taken if s.bot is not None}
        return Reply(None, (StartGame(names, bots),))

    def _cmd_option(self, player: Player, args: list[str], token: str | None) -> Reply:
        self._host_only(player, "change options")
        self._before_start("change options")
        specs = {spec.name: spec for spec in option_specs(type(self.options))}
        variants = variants_of(self.game)
        names = ", ".join([*specs, *variants]) or "none"
        if len(args) != 2:
            raise LobbyError(f"Use /option NAME VALUE; options: {names}.")
        name = args[0].lower()
        if name in variants:
            return self._switch_variant(name, variants[name], args[1], player.name)
        if name not in specs:
            raise LobbyError(f"{self.game.title} has no option {args[0][:20]!r}; options: {names}.")
        value = option_value(specs[name], args[1])
        try:
            options = attrs.evolve(self.options, **{name: value})
        except (ValueError, TypeError) as exc:
            raise LobbyError(f"The option {name} cannot be {args[1][:20]!r}: {exc}") from None
        shown = value_text(specs[name], value)
        size = self._fitting(self.game, options, f"turn {name} {shown}" if isinstance(value, bool)
                             else f"set {name} to {shown}")
        before = self.seat_counts()
        self.options = options
        self._resize(size)
        label, words = specs[name].label or name, value_words(specs[name], value)
        note = f"{label} is now {words}." if label == name else f"{label}: {words}."
        did = (f"turned {label} {shown}" if isinstance(value, bool) and words == shown
               else f"set {label} to {words}" if label == name else f"set {label}: {words}")
        news = f"{player.name} {did}."
        if self.seat_counts() != before:
            more = f" {self.game.title} takes {counts_text(self.seat_counts())} players now."
            note, news = note + more, news + more
        return Reply(note, changed=True, news=news)

    def _switch_variant(self, name: str, games: tuple[str, str], text: str, who: str) -> Reply:
        if text.lower() in _TRUE:
            on = True
        elif text.lower() in _FALSE:
            on = False
        else:
            raise LobbyError(f"/option {name} takes on or off.")
        shown = "on" if on else "off"
        target_name = games[1] if on else games[0]
        if target_name == self.game.name:
            return Reply(f"{name} is already {shown}.")
        target = self.games.get(target_name)
        if target is None:
            raise LobbyError(f"This Parlour cannot play {target_name!r}, so {name} stays as it is.")
        lost = options_lost(self.options, target.options_type)
        self.switch_game(target, f"turn {name} {shown}")
        plays = f"this table plays {target.title} ({counts_text(self.seat_counts())} players)."
        notes = "".join(f" {_label(spec)} turned off: {target.title} has no {_label(spec).lower()}."
                        for spec in lost)
        # an option a switch turned off stays off when the table switches back; said so
        # (tester 6, finding 1: "cardgame off" showed "Teams no" without a word)
        names = {spec.name for spec in option_specs(target.options_type)}
        notes += "".join(f" {_label(spec)} stays off: /option {spec.name} on turns it on again."
                         for spec in option_specs(target.options_type) if spec.name in self._turned_off)
        self._turned_off = (self._turned_off - names) | {spec.name for spec in lost}
        return Reply(f"{name} is now {shown}: {plays}{notes}", (GameChanged(target.name),),
                     news=f"{who} turned {name} {shown}: {plays}{notes}")

    def switch_game(self, game: Game, what: str = "switch games") -> None:
        """Play ``game`` at this table instead (before the start): options carried
        over by :func:`carry_options`, seats resized. Raises :class:`LobbyError`
        after the start, when a taken seat would be lost (``what`` names the change in
        the sentence: ``"turn cardgame on"``) or when a seated bot has no kind there."""
        self._before_start(what)
        options = carry_options(self.options, game.options_type)
        size = self._fitting(game, options, what)
        for slot in self.seats:
            if slot.bot is not None and slot.bot not in game.bots:
                raise LobbyError(
                    f"Cannot {what}: {game.title} has no {slot.bot} bots "
                    f"(/bot remove {slot.index + 1} first)."
                )
        self.game, self.options = game, options
        self._resize(size)

    def _check_teams_whole(self) -> None:
        """Where a side is several consecutive seats (``game.team_size``: Zatre's teams,
        seats 1+2, 3+4, 5+6), every side is seated whole or left empty; else a
        :class:`LobbyError` naming the empty seat."""
        size = self.game.team_size(self.options)
        for start in range(0, len(self.seats), size):
            side = self.seats[start:start + size]
            seated = [slot for slot in side if not slot.free]
            if seated and len(seated) < size:
                empty = next(slot for slot in side if slot.free)
                pairs = ", ".join("+".join(str(j + 1) for j in range(i, i + size))
                                  for i in range(0, len(self.seats), size))
                raise LobbyError(
                    f"Seat {empty.index + 1} is empty, but partners play side by side (seats "
                    f"{pairs}): seat someone there or move {seated[0].name or 'the bot'} to "
                    "another team.")

    def seat_counts(self) -> tuple[int, ...]:
        """The player counts the current game and options allow, ascending."""
        return tuple(sorted(self.game.seat_counts(self.options)))

    def _fitting(self, game: Game, options: Any, what: str) -> int:
        """How many seats ``game`` with ``options`` has; :class:`LobbyError` (``what``
        says what was tried) if a taken seat lies beyond them."""
        size = max(game.seat_counts(options))
        for slot in self.seats[size:]:
            if not slot.free:
                who = slot.name or "someone"
                raise LobbyError(
                    f"Cannot {what}: seat {slot.index + 1} is taken by {who}, and "
                    f"{self._described(game, options)} has only {size} seats."
                )
        return size

    def _resize(self, size: int) -> None:
        """Seats ``0..size-1`` (only free seats are ever dropped: see :meth:`_fitting`)."""
        del self.seats[size:]
        self.seats.extend(SeatSlot(i) for i in range(len(self.seats), size))

    @staticmethod
    def _described(game: Game, options: Any) -> str:
        """``"Zatre"``, or ``"Zatre with teams on"`` when yes/no options that are on
        change the player counts."""
        counts = tuple(sorted(game.seat_counts(options)))
        changing = []
        if attrs.has(type(options)):
            for f in attrs.fields(type(options)):
                if getattr(options, f.name) is True:
                    try:
                        other = attrs.evolve(options, **{f.name: False})
                    except (TypeError, ValueError):
                        continue
                    if tuple(sorted(game.seat_counts(other))) != counts:
                        changing.append(f"{f.name} on")
        return game.title + (" with " + " and ".join(changing) if changing else "")

    def _bot_kind(self, text: str) -> str:
        if text not in self.game.bots:
            raise LobbyError(f"Bots here are {' or '.join(sorted(self.game.bots))}.")
        return text

    def _cmd_bot(self, player: Player, args: list[str], token: str | None) -> Reply:
        self._host_only(player, "seat bots")
        verb = args[0].lower() if args else ""
        if verb == "add" and len(args) in (2, 3):
            self._before_start("add bots")
            kind = self._bot_kind(args[1].lower())
            if len(args) == 3:  # at a chosen seat (teams: next to its partner)
                slot = self.seats[_seat_number(args[2], len(self.seats))]
                if not slot.free:
                    raise LobbyError(f"Seat {slot.index + 1} is taken.")
            else:
                slot = next((s for s in self.seats if s.free), None)
            if slot is None:
                raise LobbyError(f"All {len(self.seats)} seats are taken.")
            slot.bot, slot.name = kind, self._unique(f"{kind.title()} bot")
            return Reply(f"{article(kind).title()} {kind} bot sits at seat {slot.index + 1}.", changed=True,
                         news=f"{player.name} added {article(kind)} {kind} bot at seat {slot.index + 1}.")
        if verb == "remove" and len(args) == 2:
            self._before_start("remove bots")
            seat = _seat_number(args[1], len(self.seats))
            slot = self.seats[seat]
            if slot.bot is None:
                raise LobbyError(f"No bot sits at seat {seat + 1}.")
            slot.clear()
            return Reply(f"The bot left seat {seat + 1}.", changed=True,
                         news=f"{player.name} took the bot away from seat {seat + 1}.")
        if verb == "seat" and len(args) == 3:
            if not self.started or self.over:
                raise LobbyError("/bot seat is for a dropped player's seat during the game.")
            seat = _seat_number(args[1], len(self._game_seats()))
            kind = self._bot_kind(args[2].lower())
            slot = self.seats[seat]
            if slot.bot is not None:
                raise LobbyError(f"A bot already plays seat {seat + 1}.")
            if not slot.away:
                raise LobbyError(f"{slot.name} is still at seat {seat + 1}; /kick them first.")
            if slot.token_hash is not None:  # (not kicked) its player may come back to watch
                self._bot_took[slot.token_hash] = seat
            slot.bot, slot.token_hash, slot.away, slot.deadline, slot.left = kind, None, False, None, False
            # no notice: everyone, the host included, is sent the one presence "bot" line
            return Reply(None, (BotTakesSeat(seat, kind),))
        raise LobbyError("Use /bot add easy|strong [N], /bot remove N or /bot seat N easy|strong.")

    def _cmd_seat(self, player: Player, args: list[str], token: str | None) -> Reply:
        self._host_only(player, "give seats back")
        if len(args) < 2:
            raise LobbyError("Use /seat N NAME: gives seat N back from its bot to NAME, its player.")
        if not self.started or self.over:
            raise LobbyError("/seat gives a seat back from its bot during the game.")
        seat = _seat_number(args[0], len(self._game_seats()))
        slot = self.seats[seat]
        held = slot.bot is None and slot.away and slot.player is None
        if slot.bot is None and not held:
            raise LobbyError(f"No bot plays seat {seat + 1}; /seat gives a bot's seat back to its player.")
        name = " ".join(args[1:])
        target = next((p for p in self.players.values() if p.name.lower() == name.lower()), None)
        if target is None and held:  # back under the held name, the table called them "Bob 2"
            target = next((p for p in self.players.values()
                           if p.seat is None and _same_player(slot.name, p.name)), None)
        if target is None:
            raise LobbyError(f"Nobody called {name[:MAX_NAME]!r} is here.")
        if target.seat is not None:
            raise LobbyError(f"{target.name} already plays seat {target.seat + 1}.")
        if held:  # its player came back without the seat's token (a relay's new room code)
            if not _same_player(slot.name, target.name):
                raise LobbyError(f"Seat {seat + 1} is held for {slot.name}; /seat gives it back only "
                                 "to the player of that name.")
            target.name = slot.name or target.name
            return Reply(f"{target.name} plays seat {seat + 1} again.", (self._sit(target, slot), SeatBack(seat)))
        digest = next((h for h, s in self._bot_took.items() if s == seat), None)
        if target.former != seat or digest is None:
            raise LobbyError(f"{target.name} did not play seat {seat + 1}; only the player the bot "
                             "took it from can have it back.")
        del self._bot_took[digest]
        slot.bot, slot.token_hash, slot.player, slot.away, slot.deadline = None, digest, target.pid, False, None
        slot.left = False
        target.seat, target.former = seat, None
        return Reply(f"{target.name} plays seat {seat + 1} again.",
                     (PlayerTakesSeat(seat), Seated(target.pid, seat, None)))

    def _game_seats(self) -> list[SeatSlot]:
        return [s for s in self.seats if not s.free]

    def _cmd_kick(self, player: Player, args: list[str], token: str | None) -> Reply:
        self._host_only(player, "send players away")
        if not args:
            raise LobbyError("Use /kick NAME.")
        name = " ".join(args).lower()
        target = next((p for p in self.players.values() if p.name.lower() == name), None)
        if target is None:
            away = next((s for s in self.seats if s.away and s.player is None and s.bot is None
                         and (s.name or "").lower() == name), None)
            if away is None:
                raise LobbyError(f"Nobody called {' '.join(args)[:MAX_NAME]!r} is here.")
            return attrs.evolve(self._kick_away(away), news=f"{player.name} sent {away.name} away.")
        if target.pid == player.pid:
            raise LobbyError("You cannot kick yourself; /end ends the game.")
        if target.former is not None:  # their token no longer brings them back to watch
            self._bot_took = {h: seat for h, seat in self._bot_took.items() if seat != target.former}
        if target.seat is not None:
            slot = self.seats[target.seat]
            if slot.token_hash is not None:
                self._sent_away.add(slot.token_hash)
            if self.started:
                slot.token_hash = None  # the seat's token stops working
            elif slot.player == target.pid:
                slot.clear()  # freed now, not held; its token lets nobody back in
                target.seat = None
        return Reply(f"{target.name} was sent away.", (Kicked(target.pid),),
                     news=f"{player.name} sent {target.name} away.")

    def _kick_away(self, slot: SeatSlot) -> Reply:
        """``/kick`` of a player who dropped and whose seat is held: their token stops
        working; before the start the seat is freed at once, during the game it waits
        for the host's decision (no deadline)."""
        name, seat = slot.name, slot.index + 1
        if slot.token_hash is not None:
            self._sent_away.add(slot.token_hash)
        if self.started:
            slot.token_hash, slot.deadline = None, None
            return Reply(f"{name} was sent away; seat {seat} waits: /bot seat {seat} easy|strong "
                         "gives it to a bot.", changed=True)
        slot.clear()  # its token lets nobody back in (not given up: sent away)
        return Reply(f"{name} was sent away; seat {seat} is free.", changed=True)

    def _cmd_end(self, player: Player, args: list[str], token: str | None) -> Reply:
        self._host_only(player, "end the game")
        if not self.started:  # (player-tester 2, item 9: the README says what closes it)
            raise LobbyError("No game has started: /end ends a game being played; "
                             "to close the table, leave it (Esc).")
        if self.over:
            raise LobbyError("No game is being played.")
        self.over = True
        return Reply(None, (EndGame(),))

    # ---- state ----

    def state(self) -> LobbyState:
        """The :class:`~net.protocol.LobbyState` message everyone is sent."""
        shown = self._game_seats() if self.started else self.seats
        counts = self.seat_counts()
        return LobbyState(
            table=self.table,
            game=self.game.name,
            title=self.game.title,
            host=self.host_name(),
            min_seats=counts[0],
            max_seats=counts[-1],
            seat_counts=counts,
            variants={name: self.game.name == games[1] for name, games in variants_of(self.game).items()},
            seats=tuple(
                SeatInfo(seat=s.index, status=s.status, name=s.name, bot=s.bot, deadline=s.deadline,  # type: ignore[arg-type]
                         left=s.left)
                for s in shown
            ),
            spectators=tuple(p.name for p in self.players.values() if p.seat is None)[:64],
            options=self.options,
            started=self.started,
            over=self.over,
            code_needed=self.code_needed,
            save_problem=self.save_problem,
        )
