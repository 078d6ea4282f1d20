"""Parlour's networking side: the host (the one authority over a game), the tables
the TUI talks to (local in-process for solo and hotseat play), and later the wire
protocol, relay, discovery and saves. ``net`` imports ``rules``, never ``tui``."""
