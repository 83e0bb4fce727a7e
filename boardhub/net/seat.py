"""A seat at a remote table as one computer sees it: the public moves, its own view, whether it may move.

`RemoteSeat` folds the host's messages into what the seat knows. Perfect-information
games are rebuilt from the public moves; Da Vinci Code's view is decoded from what
the host sent this seat, which is all it may know.
"""
from __future__ import annotations

import time
from typing import Any

from boardhub.core import schema
from boardhub.core.clock import MAX_MINUTES, MAX_PER_MOVE, TimeControl
from boardhub.core.game import get_game
from boardhub.core.rules import normalize_options
from boardhub.net.views import decode_davinci


def host_seconds(value: Any) -> float | None:
    """A move's time as the host sent it: a number of seconds, else None."""
    return max(0.0, float(value)) if schema.is_number(value) else None


MOST_LEFT = float(MAX_MINUTES * 60 + MAX_PER_MOVE * 1000)  # beyond any clock a table can have (increments too)


def time_control(value: Any) -> TimeControl | None:
    """The table's time control as the host named it; a key this version does not read: none."""
    try:
        return TimeControl.parse(value)
    except ValueError:
        return None


def host_clocks(value: Any, seats: int) -> list[float] | None:
    """Every seat's time left as the host sent it: one number a seat, each within a clock's bounds; else None."""
    if not isinstance(value, list) or len(value) != seats or not all(schema.is_number(x) for x in value):
        return None
    return [min(max(0.0, float(x)), MOST_LEFT) for x in value]


class RemoteSeat:
    def __init__(self, game: str, options: dict[str, Any]) -> None:
        self.entry = get_game(game)
        self.rules = self.entry.rules
        self.options = normalize_options(self.entry.options, options)
        self.seat: int | None = None
        self.moves: list[str] = []
        self.secs: list[float | None] = []  # each move's seconds as the host measured them (None: not said)
        self.view: Any = None
        self.started = False
        self.over: dict[str, Any] | None = None
        self.seats: list[dict[str, Any]] = []
        self.control: TimeControl | None = None  # the table's time control (None: it plays without a clock)
        self.left: list[float] | None = None  # each seat's time left as the host last said it
        self.left_at = 0.0  # time.monotonic() when the host said it: the seat to move's clock runs from there

    def update(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "welcome":
            self.seat = message.get("seat")
            self.seats = message.get("seats", [])
            self.control = time_control(message.get("clock"))
        elif kind == "seats":
            self.seats = message["seats"]
        elif kind == "started":
            self.started = True
        elif kind == "snap":
            self.started = bool(message.get("started"))
            self.moves = list(message["moves"])
            secs = message.get("secs")
            self.secs = [host_seconds(x) for x in secs] if isinstance(secs, list) and len(secs) == len(self.moves) \
                else [None] * len(self.moves)
            self.view = self._view(message["view"], None)
        elif kind == "ev" and "view" in message:
            self.moves.append(message["move"])
            self.secs.append(host_seconds(message.get("sec")))
            self.view = self._view(message["view"], self.view)
        elif kind == "over":
            self.over = message
        if kind in ("snap", "ev", "over") and self.control is not None:
            left = host_clocks(message.get("left"), self.rules.num_players(self.options))
            if left is not None:
                self.left, self.left_at = left, time.monotonic()

    def seconds_of(self, ply: int) -> float | None:
        """The host's time of move `ply` (from 0), None where the host did not say it."""
        return self.secs[ply] if ply < len(self.secs) else None

    def _view(self, data: dict[str, Any], before: Any) -> Any:
        """The seat's view now: decoded (Da Vinci Code), or the position `before` the last move with it
        played, or with no position before (a snapshot) every public move from the start."""
        if self.entry.key == "davinci":
            return decode_davinci(data)
        # nothing is hidden: the public moves rebuild the position, one at a time as they come
        state, played = (self.rules.new_game(self.options, None), self.moves) if before is None \
            else (before, self.moves[-1:])
        for text in played:
            state = self.rules.apply(state, self.rules.move_from_text(text, state))
        return state

    def time_left(self, seat: int, now: float | None = None) -> float | None:
        """`seat`'s time left as the host last said it, the seat to move's counted down since on this
        computer's clock; None at a table without a clock or before the host said it."""
        if self.control is None or self.left is None or not 0 <= seat < len(self.left):
            return None
        now = time.monotonic() if now is None else now
        running = self.started and self.over is None and self.view is not None and \
            not self.rules.is_over(self.view) and self.rules.to_move(self.view) == seat
        return self.left[seat] - (max(0.0, now - self.left_at) if running else 0.0)

    @property
    def my_turn(self) -> bool:
        if not self.started or self.over is not None or self.view is None or self.seat is None:
            return False
        return not self.rules.is_over(self.view) and self.rules.to_move(self.view) == self.seat
