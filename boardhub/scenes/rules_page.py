"""A game's rules, wrapped to the window and scrollable."""
from __future__ import annotations

import pygame

from boardhub.ui import theme
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Button


class RulesScene(Scene):
    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0
        self.back = Button("Back", self.app.pop, primary=True)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        self.panel = pygame.Rect(0, 0, round(min(size[0] - 40 * s, 900 * s)), round(size[1] - 60 * s))
        self.panel.center = (size[0] / 2, size[1] / 2)
        self.px = 25 * s
        self.lines = theme.wrap(self.game.rules_text, self.px, round(self.panel.width - 80 * s))
        self.text_rect = pygame.Rect(self.panel.x + 40 * s, self.panel.y + 90 * s,
                                     self.panel.width - 80 * s, self.panel.height - 180 * s)
        self.visible_rows = max(1, int(self.text_rect.height // (self.px * 1.25)))
        self.scroll = min(self.scroll, max(0, len(self.lines) - self.visible_rows))
        self.back.rect = pygame.Rect(round(self.panel.centerx - 90 * s), round(self.panel.bottom - 72 * s),
                                     round(180 * s), round(48 * s))

    def process_event(self, event):
        limit = max(0, len(self.lines) - self.visible_rows)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll = min(limit, self.scroll + (1 if event.key == pygame.K_DOWN else self.visible_rows))
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else self.visible_rows))
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = min(limit, max(0, self.scroll - event.y * 2))
            return None
        self.back.handle(event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        theme.panel(surface, self.panel)
        theme.text(surface, f"How to play {self.game.title}", 40 * s, (self.panel.x + 40 * s, self.panel.y + 30 * s),
                   theme.TEXT, bold=True)
        y = self.text_rect.y
        for line in self.lines[self.scroll:self.scroll + self.visible_rows]:
            theme.text(surface, line, self.px, (self.text_rect.x, y), theme.TEXT)
            y += self.px * 1.25
        if len(self.lines) > self.visible_rows:
            theme.text(surface, "Scroll for more", 18 * s, (self.text_rect.right, self.text_rect.bottom),
                       theme.MUTED, "topright")
        self.back.draw(surface)
