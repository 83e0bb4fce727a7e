"""Gomoku records: plain move lists ("h8 i9 ...") and Gomocup .psq files.

A move list is the game's notation (engine.point_name) separated by spaces;
it is what people paste into forums and what the app's records hold. A game
with an opening rule writes its decisions as their words ("h8 h9 i9 more
j10 g7 white a1"), which read back as such.

A .psq file holds stones only (no opening rule's choices or offers; the
stones of every opening alternate black and white, so the position stands),
and an imported one plays without an opening rule. It is what Piskvork, the
Gomocup tournament manager, saves::

    Piskvorky 19x19, 0:0, 0
    8,12,0
    9,11,0

The header gives the board's width and height, the two players' levels
(0 for a human) and which side began (0 or 1). Each move is "x,y,time":
x and y are 1-based, counted from the TOP-left corner as Piskvork draws
its board (and as the Gomocup protocol's 0-based "x,y" is, plus one), and
time is the milliseconds the move took. Anything after the moves (the
players' program names, an error code) is not part of the game. So a point
(x, y) of ours, row y counted from the bottom, is written as
``x + 1, size - y``: "h8" on 19 x 19 is "8,12".
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from boardhub.core.i18n import _
from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku.engine import SIZES, GomokuRules, GomokuState, parse_point, point_name
from boardhub.games.gomoku.openings import WORDS

_PSQ_HEADER = re.compile(r"\s*Piskvorky\s+(\d+)\s*x\s*(\d+)\s*,", re.IGNORECASE)
_PSQ_MOVE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?$")
_TOKEN = re.compile(r"[^\s,;]+")
LONGEST_TOKEN = 12  # "19." or "s19" is the longest a token means; a longer one is quoted cut short


def _quoted(token: str) -> str:
    """A token as a message quotes it: a long one cut, so that a refusal stays one short line."""
    return token if len(token) <= LONGEST_TOKEN else token[:LONGEST_TOKEN] + "…"


def _lines(text: str) -> Iterator[str]:
    """The lines of `text` one at a time (a file of megabytes is never split into a list of them)."""
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:].rstrip("\r")
            return
        yield text[start:end].rstrip("\r")
        start = end + 1


def record_text(moves: Sequence[int | str], size: int = 19) -> str:
    """The moves as the game's notation separated by spaces: "h8 i9 j10" (an opening's decisions as words)."""
    return " ".join(p if isinstance(p, str) else point_name(p, size) for p in moves)


def parse_record(text: str, size: int = 19, rule: str | None = None) -> list[int | str]:
    """The points of a move list ("h8 i9 ..."; spaces, commas or new lines between
    moves, any case, optional move numbers such as "1." are skipped).

    Raises IllegalMove naming the first bad move, its number and why: not a
    point, off the board, or a point already played. Given a `rule`, the moves
    are also replayed under it, so a forbidden move or a move after the game
    ended is reported too.
    """
    moves: list[int | str] = []
    seen: set[int] = set()
    state = GomokuRules().new_game({"size": size, "rule": rule}) if rule is not None else None
    for found in _TOKEN.finditer(text):  # one token at a time: a long text is never split into a list
        token = found.group()
        if re.fullmatch(r"\d+\.", token):
            continue
        number = len(moves) + 1
        if token.lower() in WORDS:  # an opening rule's decision: the match's rules judge it
            moves.append(token.lower())
            continue
        try:
            if len(token) > LONGEST_TOKEN:
                raise IllegalMove(_("too long to be a point"))
            p = parse_point(token, size)
        except IllegalMove as exc:
            token = _quoted(token)
            raise IllegalMove(_("Move {number} ({token}) is not a move: {why}").format(
                number=number, token=token, why=exc)) from None
        if p in seen and not any(isinstance(m, str) for m in moves):  # Soosõrv's fifth move is offered, then kept
            raise IllegalMove(_("Move {number} ({token}) is illegal: {point} is taken").format(
                number=number, token=token, point=point_name(p, size)))
        if state is not None:
            try:
                state = GomokuRules().apply(state, p)
            except IllegalMove as exc:
                raise IllegalMove(_("Move {number} ({token}) is illegal: {why}").format(
                    number=number, token=token, why=exc)) from None
        seen.add(p)
        moves.append(p)
    return moves


def to_psq(game: GomokuState | Sequence[int], size: int | None = None,
           times: Sequence[float] = ()) -> str:
    """A Piskvork .psq file of a game (a state, or its moves and the board size).

    `times` are the seconds each move took, written as whole milliseconds;
    missing times are written as 0.
    """
    if isinstance(game, GomokuState):
        moves, size = game.moves, game.size
    else:
        moves = tuple(game)
        if size is None:
            raise ValueError("a move list needs the board size")
    lines = [f"Piskvorky {size}x{size}, 0:0, 0"]
    for i, p in enumerate(moves):
        y, x = divmod(p, size)
        ms = round(times[i] * 1000) if i < len(times) else 0
        lines.append(f"{x + 1},{size - y},{ms}")
    return "\n".join(lines) + "\n"


def from_psq(text: str) -> tuple[int, list[int]]:
    """The board size and the moves of a Piskvork .psq file.

    Raises IllegalMove for a file that is not a .psq, a board size this game
    does not play (15 x 15, 19 x 19 and 20 x 20), and the first move that is off the
    board or on a point already played, with its line number.
    """
    lines = _lines(text)
    header = _PSQ_HEADER.match(next(lines, ""))
    if header is None:
        raise IllegalMove(_("Not a .psq file: the first line should read like 'Piskvorky 19x19, 0:0, 0'"))
    width, height = int(header.group(1)), int(header.group(2))
    if width != height or width not in SIZES:
        raise IllegalMove(_("The .psq board is {width}x{height}; Gomoku here plays 19x19, 15x15 and 20x20").format(
            width=width, height=height))
    size = width
    moves: list[int] = []
    seen: set[int] = set()
    for number, line in enumerate(lines, start=2):
        match = _PSQ_MOVE.match(line)
        if match is None:
            break  # the moves end where the player names or the result code begin
        x, y = int(match.group(1)), int(match.group(2))
        if not (1 <= x <= size and 1 <= y <= size):
            raise IllegalMove(_("Line {number} ({text}): {x},{y} is off the board; x and y run from 1 to {size}").format(
                number=number, text=line.strip(), x=x, y=y, size=size))
        p = (size - y) * size + x - 1
        if p in seen and not any(isinstance(m, str) for m in moves):  # Soosõrv's fifth move is offered, then kept
            raise IllegalMove(_("Line {number} ({text}): {point} is taken").format(
                number=number, text=line.strip(), point=point_name(p, size)))
        seen.add(p)
        moves.append(p)
    return size, moves
