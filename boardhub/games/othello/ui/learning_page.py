"""The learned boards as heat maps (the source's graphs), with PNG export."""
from __future__ import annotations

import time

import pygame

from boardhub.core import saves
from boardhub.core.i18n import N_, _
from boardhub.games.othello import learning
from boardhub.games.othello.ui import heatmap
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button


class LearningScene(Scene):
    def __init__(self, app: Host, game) -> None:
        super().__init__(app)
        self.game = game
        try:
            self.learning = learning.newest_learning()
            self.error = ""
        except saves.SaveError as exc:
            self.learning, self.error = None, _("No learning can be read: {why}").format(why=exc)
        self.message = ""
        self.picture: pygame.Surface | None = None
        self.export_button = Button(N_("Export PNG"), self.export, primary=True)
        self.back_button = Button(N_("Back"), self.app.pop)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        self.bar_y = h - round(76 * s)
        bw, bh = round(200 * s), round(48 * s)
        self.export_button.rect = pygame.Rect(w - bw - round(24 * s), self.bar_y + round(14 * s), bw, bh)
        self.back_button.rect = pygame.Rect(round(24 * s), self.bar_y + round(14 * s), round(bw * 0.7), bh)
        if self.learning is not None:  # rendered once per size: drawing only blits it
            self.picture = heatmap.render(self.learning, (w, self.bar_y))
        self.export_button.enabled = self.picture is not None

    def export(self) -> None:
        path = saves.saves_dir() / f"othello-learning-{time.strftime('%Y%m%d-%H%M%S')}.png"
        try:
            heatmap.export_png(path, self.learning)
            self.message = _("Saved {path}").format(path=path)
        except OSError as exc:
            self.message = _("Could not save the picture: {why}").format(why=saves.plain(exc))
        except pygame.error:  # the library's words are for programmers
            self.message = _("Could not save the picture")

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return None
        for b in (self.export_button, self.back_button):
            if b.handle(event):
                return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        if self.picture is not None:
            surface.blit(self.picture, (0, 0))
            shipped = self.learning.source in ("", learning.SHIPPED)
            source = _("From {source}").format(source=_("the shipped learning") if shipped else self.learning.source)
            theme.text(surface, self.message or source, 20 * s, (self.size[0] / 2, self.bar_y + 38 * s),
                       theme.MUTED, "center")
        else:
            theme.text(surface, self.error, 24 * s, (self.size[0] / 2, self.size[1] / 2), theme.ERROR, "center")
        self.export_button.draw(surface)
        self.back_button.draw(surface)
