"""What a game's board view gives the game scene: drawing, hit-testing and animations."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from boardhub.ui import theme


@dataclass
class DrawContext:
    """What a board may show this frame; boards read it and never change it."""

    now: float  # the scene's clock, seconds
    hover: tuple[int, int] | None  # the mouse, when a human may click the board
    hints: bool
    last_move: bool
    animation: float  # seconds per animation (0: none)
    labels: list[str]  # seat names


class BoardView:
    """Base of every game's board: owns its rect and its running animations."""

    def __init__(self, game) -> None:
        self.game = game
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scene = None  # the game scene showing this board, set by the scene

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """Fit the board of `state` (its size is fixed for a match) into `rect`."""
        self.rect = rect

    def move_at(self, pos: tuple[int, int], state: Any) -> Any | None:
        """The legal move a click at `pos` means, or None."""
        return None

    def click(self, pos: tuple[int, int], match) -> tuple[Any | None, str | None]:
        """(the move a human's click makes or None, what to tell them or None).

        Boards where a move takes several clicks (pick a tile, then a number)
        keep the choice so far and answer (None, None) until it is complete.
        """
        move = self.move_at(pos, match.state)
        return move, None if move is not None else self.miss_message()

    def move_label(self, match, index: int) -> str:
        """How move `index` of the history reads in the move list."""
        return match.text(match.history[index].move)

    def on_move(self, seat: int, move: Any, before: Any, after: Any, now: float, duration: float) -> None:
        """`move` took `before` to `after`: start its animation, `duration` seconds long."""

    def busy(self, now: float) -> bool:
        """An animation is still running (the result panel waits for it)."""
        return False

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        """Extra buttons for the side panel: (label, action); labels may change."""
        return [("Export", self.export), ("Import", self.open_import)] if self.record_formats() else []

    def record_formats(self) -> list:
        """The game's record formats (scenes.records.RecordFormat), the usual one first."""
        return []

    record_example = "a game record"

    def export(self) -> None:
        from boardhub.scenes.records import export_record
        self.scene.say(export_record(self.scene.match, self.record_formats()))

    def open_import(self) -> None:
        from boardhub.scenes.records import ImportScene
        self.scene.app.push(ImportScene(self.scene.app, self.scene, self.record_formats(), self.record_example))

    def banner(self, match) -> str | None:
        """A notice for the human to move (e.g. that the only move is a pass)."""
        return None

    def miss_message(self) -> str:
        """What to tell a click that means no move."""
        return "Click on the board"

    def update(self, dt: float) -> None:
        """Advance the board's own work (an evaluation in the worker)."""

    def game_over(self) -> None:
        """The game just ended (a game may learn from it)."""

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.SEATS[seat % len(theme.SEATS)]

    def draw_seat_icon(self, surface: pygame.Surface, center: tuple[float, float], radius: float,
                       seat: int) -> None:
        """The seat's mark, as the top bar and the move list show it."""
        theme.text(surface, theme.SEAT_MARKS[seat], radius * 2, center, theme.TEXT, "center", bold=True)

    def scores(self, state: Any) -> list[str]:
        """Each seat's score as shown in the top bar."""
        return []

    def draw(self, surface: pygame.Surface, state: Any, history: list, ctx: DrawContext) -> None:
        pass
