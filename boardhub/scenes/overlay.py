"""A panel over the game: a title, a few lines of text and a column of buttons."""
from __future__ import annotations

import pygame

from boardhub.core.i18n import _
from boardhub.core.session_base import Session
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, FocusRing


class PanelScene(Scene):
    """Modal: drawn over the scene below, which it dims; it takes every event."""

    transparent = True
    title = ""

    def __init__(self, app: Host, buttons: list[Button], lines: list[tuple[str, tuple]] = ()) -> None:
        super().__init__(app)
        self.buttons = buttons
        self.lines = list(lines)
        # the keys work as in any dialog: Enter presses the button drawn as the default
        self.focus = FocusRing(lambda: self.buttons, default=next((b for b in buttons if b.primary), None))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        bh, gap = 48 * s, 12 * s
        h = 110 * s + len(self.lines) * 34 * s + len(self.buttons) * (bh + gap) + 20 * s
        self.rect = pygame.Rect(0, 0, round(min(size[0] - 40 * s, 520 * s)), round(h))
        self.rect.center = (size[0] / 2, size[1] / 2)
        y = self.rect.y + 96 * s + len(self.lines) * 34 * s
        for b in self.buttons:
            b.rect = pygame.Rect(round(self.rect.x + 48 * s), round(y), round(self.rect.width - 96 * s), round(bh))
            y += bh + gap

    def close(self) -> None:
        self.app.pop()

    def closing(self, action):
        """A button action that first closes this panel (the action may replace the game)."""
        def run() -> None:
            self.close()
            action()
        return run

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        if self.focus.handle(event):
            return None
        for b in self.buttons:
            if b.handle(event):
                return None
        return None  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 12, 18, 150))
        surface.blit(shade, (0, 0))
        s = self.s
        theme.panel(surface, self.rect)
        title = _(self.title)
        px = theme.fit_size(title, 40 * s, self.rect.width - 40 * s, bold=True)
        theme.text(surface, title, px, (self.rect.centerx, self.rect.y + 48 * s), theme.ACCENT, "center", bold=True)
        for i, (line, color) in enumerate(self.lines):
            theme.text(surface, _(line), 26 * s, (self.rect.centerx, self.rect.y + 100 * s + i * 34 * s), color,
                       "center")
        for b in self.buttons:
            b.draw(surface)
        self.focus.draw(surface)


class GamePanel(PanelScene):
    """A panel over a game, which may start it again or change its setup."""

    def __init__(self, app: Host, session: Session, buttons: list[Button],
                 lines: list[tuple[str, tuple]] = ()) -> None:
        self.session = session
        super().__init__(app, buttons, lines)

    def restart(self) -> None:
        self.app.replace("game", self.session.restart())

    def change_setup(self) -> None:
        self.app.replace("setup", self.session.setup)
