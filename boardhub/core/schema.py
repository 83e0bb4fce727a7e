"""The shape of each kind of file boardhub reads, checked before any of it is used.

`files` makes sure a file can be parsed at all (a regular file, a size, a depth
and number caps); this says whether what was parsed is what boardhub writes:
every field's type, and bounds on lengths and counts, so that a file from
elsewhere cannot hand the screens a 100,000-character name, the rules a board of
10^30 squares or the AI a move limit of a million seconds. Each refusal is a
`files.Unreadable` whose words say what is wrong, for the caller to put after
the file's name.
"""
from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from boardhub.core.files import Unreadable
from boardhub.core.i18n import N_

MAX_TEXT = 1_000  # a status line, a forfeit's sentence: boardhub's own are under 300 characters
MAX_NAME = 200  # a seat's name, an AI seat (an engine's command line), a game's key
MAX_MOVE = 64  # a move in notation: the longest boardhub writes is Da Vinci's "guess 2 4 10"
MAX_MOVES = 5_000  # far past any game of the four (a 19 x 19 board has 361 points)
MAX_SEATS = 8
MAX_OPTIONS = 32
LIMIT_RANGE = (0.0, 60.0)  # the move limit the setup and the arena offer, in seconds (over 0, at most 60)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _bad(field: str) -> Unreadable:
    return Unreadable(N_("damaged: its \"{field}\" is not what boardhub writes"), field=field)


def _missing(field: str) -> Unreadable:
    return Unreadable(N_("damaged: it has no {field}"), field=field)


def _text(data: dict, key: str, limit: int = MAX_TEXT, optional: bool = True) -> None:
    value = data.get(key)
    if value is None and optional:
        return
    if key not in data:
        raise _missing(key)
    if not isinstance(value, str):
        raise _bad(key)
    if len(value) > limit:
        raise Unreadable(N_("damaged: its \"{field}\" is too long to be real"), field=key)


def _count(data: dict, key: str) -> None:
    value = data.get(key, 0)
    if not is_int(value) or not 0 <= value <= 1_000_000:
        raise _bad(key)


def check_limit(limit: Any) -> None:
    """Unreadable unless `limit` is a move limit the setup could have given (over 0 s, at most 60 s)."""
    lo, hi = LIMIT_RANGE
    if not is_number(limit):
        raise _bad("limit")
    if not lo < limit <= hi:
        raise Unreadable(N_("its move limit ({limit} s) is not one boardhub offers (more than 0 s, at most 60 s)"),
                         limit=f"{limit:g}")


def check_game(data: dict) -> None:
    """Unreadable unless `data` has the shape of a saved game (what `saved_games.game_data` writes)."""
    _text(data, "game", MAX_NAME, optional=False)
    for key in ("seats", "moves", "seed"):
        if key not in data:
            raise _missing(key)
    seats = data.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise _bad("seats")
    for seat in seats:
        if not isinstance(seat, dict):
            raise _bad("seats")
        if seat.get("ai") is not None:
            _text(seat, "ai", MAX_NAME)
        _text(seat, "name", MAX_NAME)
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _bad("moves")
    if any(not isinstance(m, str) or len(m) > MAX_MOVE for m in moves):
        raise Unreadable(N_("damaged: a move in it is not written as boardhub writes moves"))
    seconds = data.get("seconds", [])
    if not isinstance(seconds, list) or len(seconds) > MAX_MOVES or \
            any(not is_number(s) or s < 0 for s in seconds):
        raise _bad("seconds")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS or any(
            len(k) > MAX_NAME or not (isinstance(v, (bool, str)) or is_number(v))
            or (isinstance(v, str) and len(v) > MAX_NAME) for k, v in options.items()):
        raise _bad("options")
    if not is_int(data.get("seed")):
        raise _bad("seed")
    timing = data.get("timing", {})
    if not isinstance(timing, dict) or not isinstance(timing.get("referee", False), bool):
        raise _bad("timing")
    if "limit" in timing and not is_number(timing["limit"]):  # its range is for a game that plays on: check_limit
        raise _bad("limit")
    forfeit = data.get("forfeit")
    if forfeit is not None:
        _check_outcome(forfeit, len(seats))
    for key in ("players", "status", "result", "kind_of_game", "created"):
        _text(data, key)
    updated = data.get("updated")
    if updated is not None:
        _text(data, "updated", 40)
        try:
            datetime.fromisoformat(updated)
        except ValueError:
            raise _bad("updated") from None
    for key in ("imported", "hints"):
        _count(data, key)
    if not isinstance(data.get("counted", False), bool):
        raise _bad("counted")


def _check_outcome(outcome: Any, seats: int) -> None:
    if not isinstance(outcome, dict):
        raise _bad("forfeit")
    winner = outcome.get("winner")
    scores = outcome.get("scores", [])
    values = outcome.get("values", [])
    if (winner is not None and not (is_int(winner) and 0 <= winner < seats)) or "winner" not in outcome \
            or not isinstance(scores, list) or len(scores) > MAX_SEATS or not all(is_number(s) for s in scores) \
            or not isinstance(values, list) or len(values) > 16 \
            or any(not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str)
                   or len(pair[0]) > MAX_NAME or (isinstance(pair[1], str) and len(pair[1]) > MAX_TEXT)
                   for pair in values):
        raise _bad("forfeit")
    for key in ("reason", "detail", "template"):
        _text(outcome, key)


def check_stats_names(table: dict) -> None:
    """Unreadable if a table of the stats has a game's or an opponent's name longer than a seat's could be."""
    for game, rows in table.items():
        if len(game) > MAX_NAME or any(len(name) > 8 * MAX_NAME for name in rows):
            raise Unreadable(N_("damaged: a name in it is too long to be real"))
