"""Settings: sound, animation speed, hints, last-move highlight and the AI's visible delay."""
from __future__ import annotations

import pygame

from boardhub.core.settings import ANIMATION_SPEEDS
from boardhub.ui import theme
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Button, Choice, Toggle

DELAYS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0)


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        st = app.settings
        speeds = list(ANIMATION_SPEEDS)
        self.rows = [
            ("Sound", Toggle(st.sound, self.set_sound)),
            ("Animations", Choice(speeds, [n.capitalize() for n in speeds], st.animation,
                                  lambda v: self.set("animation", v))),
            ("Legal-move hints", Toggle(st.hints, lambda v: self.set("hints", v))),
            ("Last-move highlight", Toggle(st.last_move, lambda v: self.set("last_move", v))),
            ("AI move delay vs you", Choice(DELAYS, [f"{d:g} s" for d in DELAYS], st.ai_delay,
                                            lambda v: self.set("ai_delay", v))),
            ("Othello: learn from games here", Toggle(st.learn_in_app, lambda v: self.set("learn_in_app", v))),
        ]
        self.back = Button("Back", self.close, primary=True)

    def set(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)

    def set_sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.sounds.muted = not on
        self.app.sounds.play("move")

    def close(self) -> None:
        self.app.save_settings()  # a read-only saves folder: the settings still apply for this run
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        self.panel = pygame.Rect(0, 0, round(min(size[0] - 40 * s, 680 * s)), round(130 * s + len(self.rows) * 56 * s + 80 * s))
        self.panel.center = (size[0] / 2, size[1] / 2)
        y = self.panel.y + 100 * s
        for _, w in self.rows:
            w.rect = pygame.Rect(round(self.panel.x + 340 * s), round(y), round(self.panel.width - 380 * s), round(40 * s))
            y += 56 * s
        self.back.rect = pygame.Rect(round(self.panel.centerx - 90 * s), round(self.panel.bottom - 72 * s),
                                     round(180 * s), round(48 * s))

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        for _, w in self.rows:
            if w.handle(event):
                return None
        if self.back.handle(event):
            return None
        return None  # the settings fill the window: nothing reaches the scene under them

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        theme.panel(surface, self.panel)
        theme.text(surface, "Settings", 40 * s, (self.panel.x + 36 * s, self.panel.y + 30 * s), theme.TEXT, bold=True)
        for label, w in self.rows:
            theme.text(surface, label, 26 * s, (self.panel.x + 36 * s, w.rect.centery), theme.MUTED, "midleft")
            w.draw(surface)
        self.back.draw(surface)
