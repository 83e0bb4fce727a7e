"""What a game's board view gives the game scene: drawing, hit-testing, animations and intents.

A board view never acts on the game: a click gives an intent (`Play` a move,
or `Refuse` it with the reason) that the scene hands to the session, and
`draw` reads the state and the `DrawContext` and changes nothing. What a board
keeps is its own presentation: its animations, an overlay switched on, a
tile picked for a guess.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Union

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.match import Match
from boardhub.ui import theme


@dataclass(frozen=True)
class Play:
    """Play this move."""

    move: Any


@dataclass(frozen=True)
class Refuse:
    """The click means no move: tell the player why."""

    message: str


Intent = Union[Play, Refuse, None]  # None: the click was taken (a first step such as picking a tile)


@dataclass(frozen=True)
class DrawContext:
    """What a board may show this frame; boards read it and never change it."""

    now: float  # the scene's clock, seconds
    hover: tuple[int, int] | None  # the mouse, when a human may click the board
    hints: bool
    last_move: bool
    animation: float  # seconds per animation (0: none)
    labels: tuple[str, ...]  # seat names
    analysis: dict | None = None  # {move: value} of the position shown, when the board asked for it
    humans: tuple[int, ...] = field(default=())  # the human seats


class BoardView:
    """Base of every game's board: owns its rect and its running animations."""

    def __init__(self, game: GameEntry) -> None:
        self.game = game
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """Fit the board of `state` (its size is fixed for a match) into `rect`."""
        self.rect = rect

    def move_at(self, pos: tuple[int, int], state: Any) -> Any | None:
        """The move a click at `pos` means, or None."""
        return None

    def click(self, pos: tuple[int, int], match: Match) -> Intent:
        """What a human's click at `pos` asks for.

        Boards where a move takes several clicks (pick a tile, then a number)
        keep the choice so far and answer None until it is complete.
        """
        move = self.move_at(pos, match.state)
        return Play(move) if move is not None else Refuse(self.miss_message())

    def move_label(self, match: Match, index: int) -> str:
        """How move `index` of the history reads in the move list."""
        return match.text(match.history[index].move)

    def on_move(self, seat: int, move: Any, before: Any, after: Any, now: float, duration: float) -> None:
        """`move` took `before` to `after`: start its animation, `duration` seconds long."""

    def busy(self, now: float) -> bool:
        """An animation is still running (the result panel waits for it; the window draws every frame)."""
        return False

    def actions(self, match: Match) -> list[tuple[str, Callable[[], None]]]:
        """The board's own buttons for the side panel (overlays it shows): (label, action)."""
        return []

    def wants_analysis(self, match: Match) -> tuple[bool, int | None]:
        """(whether the board wants the game's evaluation now, the seat whose view it is of)."""
        return False, None

    def banner(self, match: Match) -> str | None:
        """A notice for the human to move (e.g. that the only move is a pass)."""
        return None

    def miss_message(self) -> str:
        """What to tell a click that means no move."""
        return "Click on the board"

    def update(self, match: Match, dt: float) -> None:
        """Keep the board's own presentation in step with the game (who looks at the table)."""

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
