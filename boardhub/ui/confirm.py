"""A question over a screen, answered by one of two buttons: "Start the engine" or "Cancel".

While it shows, it takes every event (Escape cancels): the screen below
cannot be clicked through it. Used before a saved game starts another
program, so that a save never runs anything the player was not asked about.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from boardhub.core.i18n import N_, _
from boardhub.ui import theme
from boardhub.ui.widgets import Button


class Confirm:
    """A question (`text`, already in the player's language) with a yes and a no button."""

    def __init__(self, title: str, text: str, yes: str, on_yes: Callable[[], Any],
                 on_no: Callable[[], Any] = lambda: None) -> None:
        self.title, self.text = title, text
        self.on_yes, self.on_no = on_yes, on_no
        self.yes = Button(yes, self._answer(True), primary=True)
        self.no = Button(N_("Cancel"), self._answer(False))
        self.open = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.s = 1.0

    def _answer(self, yes: bool) -> Callable[[], None]:
        def run() -> None:
            self.open = False
            (self.on_yes if yes else self.on_no)()
        return run

    def layout(self, size: tuple[int, int]) -> None:
        s = self.s = theme.scale(size)
        width = round(min(size[0] - 40 * s, 640 * s))
        self.lines = theme.wrap(self.text, 22 * s, round(width - 64 * s))[:8]
        step = theme.line_height(22 * s)
        height = round(96 * s + len(self.lines) * step + 88 * s)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = round((width - 96 * s) / 2), round(48 * s)
        y = self.rect.bottom - round(72 * s)
        self.yes.rect = pygame.Rect(self.rect.x + round(32 * s), y, bw, bh)
        self.no.rect = pygame.Rect(self.rect.right - round(32 * s) - bw, y, bw, bh)

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether the question took the event (every event while it is open)."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._answer(False)()
            return True
        self.yes.handle(event) or self.no.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 12, 18, 150))
        surface.blit(shade, (0, 0))
        s, r = self.s, self.rect
        theme.panel(surface, r)
        title = _(self.title)
        theme.text(surface, theme.fit(title, 30 * s, r.width - 48 * s, bold=True), 30 * s,
                   (r.centerx, r.y + 40 * s), theme.ACCENT, "center", bold=True)
        step = theme.line_height(22 * s)
        for i, line in enumerate(self.lines):
            theme.text(surface, line, 22 * s, (r.x + 32 * s, r.y + 76 * s + i * step), theme.TEXT)
        self.yes.draw(surface)
        self.no.draw(surface)
