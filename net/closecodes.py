"""Application close codes, 4000-4099 (docs/protocol.md, "Close codes").

A client should not reconnect after the codes in :data:`FINAL`; after any other close
(or a network error) it reconnects with backoff and its seat token.
"""

from __future__ import annotations

BAD_FRAME = 4000
"""Too many malformed frames, or a binary frame."""
HELLO_TIMEOUT = 4001
"""No hello within the hello timeout."""
BAD_HELLO = 4002
"""The first frame was not a valid hello (or the subprotocol is missing)."""
NO_ROOM = 4003
"""No room with that code (or a code is needed and none was given)."""
FLOOD = 4004
"""Too many frames, chat lines or intents: rate limit exceeded after a warning."""
REPLACED = 4005
"""The same seat connected again elsewhere (with its token); this one is closed."""
KICKED = 4006
"""The host sent this player away."""
TABLE_CLOSED = 4007
"""The table (or relay) was shut down."""
TOO_SLOW = 4008
"""The connection could not keep up: its send queue overflowed."""
BAD_TOKEN = 4009
"""The hello's seat token matches no seat at this table."""
HOST_GONE = 4010
"""The table's host disconnected from the relay."""
LEFT = 4011
"""The player sent ``leave``; the table confirms by closing."""
TABLE_FULL = 4012
"""The table holds no more connections."""
MADE_ROOM = 4013
"""A seated player came back to a full table and this connection, the newest watcher's,
gave way to it."""
CODE_GUESSES = 4014
"""Too many wrong room codes from this address; the reason says in how many seconds
to try again."""
TABLE_SAVED = 4015
"""The host closed the table while its game was under way, and the game is saved: it can
be hosted again (``parlour host --resume``), and a player who joins it then with the
same name gets their seat back."""
INTERNAL = 4099
"""The server failed on something it should have handled (a bug)."""

FINAL: frozenset[int] = frozenset(
    {BAD_HELLO, NO_ROOM, REPLACED, KICKED, TABLE_CLOSED, BAD_TOKEN, LEFT, TABLE_FULL, TABLE_SAVED}
)
"""Codes after which reconnecting would not help."""

NAMES: dict[int, str] = {
    code: name for name, code in globals().items() if name.isupper() and isinstance(code, int)
}
"""Code -> constant name, for logs and messages."""

MAX_REASON_BYTES = 123
"""Longest close reason, in bytes of UTF-8 (RFC 6455: a close frame's body is at most 125
bytes, two of them the code). net.codec.close_reason fits any reason to it."""
