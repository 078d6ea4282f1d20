"""Parlour's networking side (design.md, "net/"); ``net`` imports ``rules``, never ``tui``.

- ``table``: what the TUI talks to (SeatLink, Snapshot, Outcome);
- ``host``: the one authority over a game; ``local``: in-process links (solo, hotseat);
- ``protocol`` / ``codec`` / ``closecodes``: the wire protocol (docs/protocol.md);
- ``lobby``: seats, options, bots and the typed commands, pure;
- ``server``: a hosted table (Host + Lobby + seats) behind a relay room;
- ``relay``: the websockets server holding rooms, in-process or standalone;
- ``client``: RemoteSeatLink, a SeatLink over websockets with reconnection;
- ``socket_words``: socket errors in a player's words, reaching a table and listening;
- ``saves``: atomic saves after every action, resume, replays;
- ``discovery``: zeroconf adverts and browsing (a fake backend for tests);
- ``cli``: ``serve_table``, ``run_relay``, ``replay_text`` for ``parlour`` commands.
"""
