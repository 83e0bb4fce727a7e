"""A seat at a remote table as one computer sees it: the public moves, its own view, whether it may move.

`RemoteSeat` folds the host's messages into what the seat knows. Perfect-information
games are rebuilt from the public moves; Da Vinci Code's view is decoded from what
the host sent this seat, which is all it may know.
"""
from __future__ import annotations

from typing import Any

from boardhub.core.game import get_game
from boardhub.core.rules import normalize_options
from boardhub.net.views import decode_davinci


class RemoteSeat:
    def __init__(self, game: str, options: dict[str, Any]) -> None:
        self.entry = get_game(game)
        self.rules = self.entry.rules
        self.options = normalize_options(self.entry.options, options)
        self.seat: int | None = None
        self.moves: list[str] = []
        self.view: Any = None
        self.started = False
        self.over: dict[str, Any] | None = None
        self.seats: list[dict[str, Any]] = []

    def update(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "welcome":
            self.seat = message.get("seat")
            self.seats = message.get("seats", [])
        elif kind == "seats":
            self.seats = message["seats"]
        elif kind == "started":
            self.started = True
        elif kind == "snap":
            self.started = bool(message.get("started"))
            self.moves = list(message["moves"])
            self.view = self._view(message["view"])
        elif kind == "ev" and "view" in message:
            self.moves.append(message["move"])
            self.view = self._view(message["view"])
        elif kind == "over":
            self.over = message

    def _view(self, data: dict[str, Any]) -> Any:
        if self.entry.key == "davinci":
            return decode_davinci(data)
        state = self.rules.new_game(self.options, None)  # nothing is hidden: the public moves rebuild it
        for text in self.moves:
            state = self.rules.apply(state, self.rules.move_from_text(text, state))
        return state

    @property
    def my_turn(self) -> bool:
        if not self.started or self.over is not None or self.view is None or self.seat is None:
            return False
        return not self.rules.is_over(self.view) and self.rules.to_move(self.view) == self.seat
