"""The scene lifecycle (after Tuxemon): resume, update, process_event, draw, pause, shutdown."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from boardhub.core.settings import Settings
from boardhub.core.worker import Worker
from boardhub.ui import theme
from boardhub.ui.sound import Sounds


class Host(Protocol):
    """What a scene may ask of the app that shows it (boardhub.app.App)."""

    size: tuple[int, int]
    settings: Settings
    sounds: Sounds
    running: bool
    stack: list["Scene"]
    hosting: Any  # the table this window hosts (net.lobby.Hosting), or None


    @property
    def top(self) -> "Scene | None": ...
    def open(self, name: str, *args: Any) -> "Scene": ...
    def replace(self, name: str, *args: Any) -> "Scene": ...
    def reset(self, name: str, *args: Any) -> "Scene": ...
    def push(self, scene: "Scene") -> None: ...
    def pop(self) -> "Scene | None": ...
    def start_worker(self) -> Worker: ...
    def save_settings(self) -> None: ...
    def set_language(self, code: str) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...
    def wake(self) -> None: ...
    def host(self, hosting: Any) -> None: ...
    def stop_hosting(self) -> None: ...


class Scene:
    """One screen on the app's stack.

    `process_event` returns the event to pass it down the stack, or None to
    consume it. `draw` only draws: every change happens in `update` or in event
    handling. A `transparent` scene (a panel over a game) is drawn on top of the
    scene below it; an `opaque_input` one never lets events through.
    """

    transparent = False

    def __init__(self, app: Host) -> None:
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

    def redraw_in(self) -> float | None:
        """Seconds until this scene needs another frame with no input: 0.0 = animating,
        every frame; a number = wake then; None = only on input.

        The main loop sleeps between events, so anything that moves on its own
        (an animation, a clock, a blinking caret, a message that times out) must
        say here when it next changes, or it will not be seen to change.
        """
        return None

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
