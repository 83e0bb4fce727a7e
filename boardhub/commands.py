"""The command line's subcommands in one line each, for `boardhub --help`.

The window's launcher lists them without importing the command line (which
loads the arena and the training code it never needs); a test checks that
this list names every subcommand the command line has.
"""
from __future__ import annotations

SUBCOMMANDS = (
    ("arena GAME", "play AIs against each other headless, a round robin or a knockout bracket"),
    ("ais GAME", "list a game's AIs and their levels"),
    ("review GAME FILE", "rate every move of a finished game (a save or a record)"),
    ("learn GAME", "learn Othello's boards or patterns, or tune the Gomoku expert, by self-play"),
    ("book othello", "grow Othello's opening book with the expert's deeper searches"),
    ("perft othello", "count Othello's move sequences to a depth"),
    ("engine gomoku", "run an AI as a Gomocup engine (pbrain) on stdin/stdout"),
    ("serve", "run a server for network play, headless (many tables)"),
    ("host GAME", "create a table on a server, print its join code, play your seat with an AI"),
    ("join SERVER CODE", "join a table by its code: play a seat with an AI, or watch"),
)


def epilog() -> str:
    """The subcommands as `boardhub --help` ends with them, in aligned columns."""
    width = max(len(usage) for usage, _help in SUBCOMMANDS) + 2
    lines = [f"  {usage.ljust(width)}{help}" for usage, help in SUBCOMMANDS]
    return "subcommands (each has its own --help, e.g. boardhub arena --help):\n" + "\n".join(lines)
