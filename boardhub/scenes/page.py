"""A full-window page of rows under a title: scrolled with the wheel and the arrow keys, left with Back or Esc."""
from __future__ import annotations

import pygame

from boardhub.core.i18n import N_, _
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, FocusRing


class ScrollingPage(Scene):
    """Subclasses say how many rows they have, how tall one is, and draw the rows from `scroll`."""

    title = ""
    body_top = 90  # from the panel's top to the first row, at scale 1

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self.back = Button(N_("Back"), self.app.pop, primary=True)
        # Tab moves the ring; the arrows keep scrolling the page
        self.focus = FocusRing(self.focusable, default=self.back, arrows=False)

    def focusable(self) -> list[Button]:
        """The page's buttons, in the order Tab visits them."""
        return [self.back]

    def heading(self) -> str:
        """The page's title in the language of the moment."""
        return _(self.title)

    def row_count(self) -> int:
        return 0

    def row_height(self) -> float:
        return 30 * self.s

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        self.panel = pygame.Rect(0, 0, round(min(size[0] - 40 * s, 900 * s)), round(size[1] - 60 * s))
        self.panel.center = (size[0] / 2, size[1] / 2)
        self.body = pygame.Rect(self.panel.x + 40 * s, self.panel.y + self.body_top * s,
                                self.panel.width - 80 * s, self.panel.height - (self.body_top + 90) * s)
        self.back.rect = pygame.Rect(round(self.panel.centerx - 90 * s), round(self.panel.bottom - 72 * s),
                                     round(180 * s), round(48 * s))
        self.scroll = min(self.scroll, self.scroll_limit())

    @property
    def visible_rows(self) -> int:
        return max(1, int(self.body.height // self.row_height()))

    def scroll_limit(self) -> int:
        return max(0, self.row_count() - self.visible_rows)

    def process_event(self, event):
        limit = self.scroll_limit()
        if self.focus.handle(event):
            return None
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
        theme.text(surface, theme.fit(self.heading(), 40 * s, self.panel.width - 80 * s, bold=True), 40 * s,
                   (self.panel.x + 40 * s, self.panel.y + 30 * s), theme.TEXT, bold=True)
        self.draw_rows(surface)
        if self.scroll < self.scroll_limit():  # rows below the last one shown: none at the end
            theme.text(surface, _("Scroll for more"), 18 * s, (self.body.right, self.body.bottom), theme.MUTED,
                       "topright")
        for button in self.focusable():
            button.draw(surface)
        self.focus.draw(surface)

    def draw_rows(self, surface: pygame.Surface) -> None:
        pass
