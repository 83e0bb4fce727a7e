"""A seat at a remote table as one computer sees it: the public moves, its own view, whether it may move.

`RemoteSeat` folds the host's messages into what the seat knows. Perfect-information
games are rebuilt from the public moves; Da Vinci Code's view is decoded from what
the host sent this seat, which is all it may know. `play_with_ai` lets an AI of this
computer play the seat (the `join --ai` command, and AI seats of a joining computer).
"""
from __future__ import annotations

import secrets
import time
from typing import Any, Callable

from boardhub.core.game import get_game
from boardhub.core.rules import normalize_options
from boardhub.net.client import Client
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


def play_with_ai(client: Client, seat: RemoteSeat, spec: str, limit: float = 0.5,
                 say: Callable[[str], None] = print, timeout: float = 3600.0) -> dict[str, Any] | None:
    """Play `seat` with the AI `spec` until the game ends; the host's "over" message, or None if the link ended."""
    ai = seat.entry.make_ai(spec, seed=secrets.randbits(64))
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for message in client.poll():
            seat.update(message)
            if message.get("t") == "ev":
                say(f"{message['n']}. seat {message['seat'] + 1}: {message['move']}")
            elif message.get("t") == "reject":
                say(f"refused: {message.get('why', '')}")
            elif message.get("t") == "closed":
                say(f"the connection ended: {message.get('why', '')}")
                return None
        if seat.over is not None:
            return seat.over
        if seat.my_turn and client.pending is None:
            move = ai.choose(seat.view, time.monotonic() + limit)
            client.act(seat.rules.move_to_text(move, seat.view))
        time.sleep(0.01)
    return None
