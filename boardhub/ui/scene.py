"""The scene lifecycle (after Tuxemon): resume, update, process_event, draw, pause, shutdown."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from boardhub.ui import theme

if TYPE_CHECKING:
    from boardhub.app import App


class Scene:
    """One screen on the app's stack.

    `process_event` returns the event to pass it down the stack, or None to
    consume it. `draw` only draws: every change happens in `update` or in event
    handling. A `transparent` scene (a panel over a game) is drawn on top of the
    scene below it; an `opaque_input` one never lets events through.
    """

    transparent = False

    def __init__(self, app: "App") -> None:
        self.app = app
        self.size = app.size

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of `size`; called on push, resume and resize."""
        self.size = size

    def resume(self) -> None:
        """The scene is on top again."""

    def pause(self) -> None:
        """Another scene went on top of this one."""

    def shutdown(self) -> None:
        """The scene left the stack for good."""

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
