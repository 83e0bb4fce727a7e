"""Settings: the language, full screen, colours, sound volume, animation speed, hints, last-move highlight and
the AI's visible delay."""
from __future__ import annotations

import pygame

from boardhub.core import i18n
from boardhub.core.i18n import N_, _
from boardhub.core.settings import ANIMATION_SPEEDS
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice, FocusRing, Toggle

DELAYS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0)
SPEED_NAMES = {"none": N_("None"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
VOLUMES = tuple(range(0, 101, 10))  # percent, Off at 0
PALETTE_NAMES = {"standard": N_("Standard"), "safe": N_("Colour-blind safe")}


def volume_text(percent: int) -> str:
    """A volume as the Settings show it: "Off", "50%"."""
    return _("Off") if percent == 0 else _("{percent}%").format(percent=percent)


class SettingsScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        st = app.settings
        speeds = list(ANIMATION_SPEEDS)
        # each language is named in itself, so a player who cannot read the one shown still finds theirs
        self.language = Choice(list(i18n.LANGUAGES), lambda code: i18n.LANGUAGES[code], i18n.language(),
                               self.app.set_language)
        self.fullscreen = Toggle(st.fullscreen, self.app.set_fullscreen)
        self.rows = [
            (N_("Language"), self.language),
            (N_("Full screen (F11)"), self.fullscreen),
            (N_("Colours"), Choice(list(theme.PALETTES), [PALETTE_NAMES[p] for p in theme.PALETTES], st.palette,
                                   self.set_palette)),
            (N_("Sound volume"), Choice(VOLUMES, volume_text, _nearest(st.loudness), self.set_volume)),
            (N_("Animations"), Choice(speeds, [SPEED_NAMES[n] for n in speeds], st.animation,
                                      lambda v: self.set("animation", v))),
            (N_("Legal-move hints"), Toggle(st.hints, lambda v: self.set("hints", v))),
            (N_("Last-move highlight"), Toggle(st.last_move, lambda v: self.set("last_move", v))),
            (N_("AI move delay vs you"), Choice(DELAYS, i18n.seconds, st.ai_delay,
                                                lambda v: self.set("ai_delay", v))),
            (N_("Othello: learn from games here"), Toggle(st.learn_in_app, lambda v: self.set("learn_in_app", v))),
        ]
        self.back = Button(N_("Back"), self.close, primary=True)
        self.focus = FocusRing(lambda: [*(w for _label, w in self.rows), self.back], default=self.back)

    def set(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)

    def set_volume(self, percent: int) -> None:
        self.app.settings.set_loudness(percent)
        self.app.sounds.set_level(percent)
        self.app.sounds.play("move")  # the new volume, heard at once

    def set_palette(self, name: str) -> None:
        self.app.settings.palette = name
        theme.use_palette(name)  # every screen draws with it from the next frame

    def close(self) -> None:
        self.app.save_settings()  # a read-only saves folder: the settings still apply for this run
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.fullscreen.value = self.app.settings.fullscreen  # F11 pressed on this screen: the toggle follows
        s = self.s = theme.scale(size)
        self.panel = pygame.Rect(0, 0, round(min(size[0] - 40 * s, 680 * s)), round(130 * s + len(self.rows) * 56 * s + 80 * s))
        self.panel.center = (size[0] / 2, size[1] / 2)
        y = self.panel.y + 100 * s
        for _label, w in self.rows:
            w.rect = pygame.Rect(round(self.panel.x + 340 * s), round(y), round(self.panel.width - 380 * s), round(40 * s))
            y += 56 * s
        self.back.rect = pygame.Rect(round(self.panel.centerx - 90 * s), round(self.panel.bottom - 72 * s),
                                     round(180 * s), round(48 * s))

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        if self.focus.handle(event):
            return None
        for _label, w in self.rows:
            if w.handle(event):
                return None
        if self.back.handle(event):
            return None
        return None  # the settings fill the window: nothing reaches the scene under them

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        theme.panel(surface, self.panel)
        theme.text(surface, _("Settings"), 40 * s, (self.panel.x + 36 * s, self.panel.y + 30 * s), theme.TEXT,
                   bold=True)
        room = self.panel.x + 330 * s - (self.panel.x + 36 * s)
        for label, w in self.rows:
            px = theme.fit_size(_(label), 26 * s, room)
            theme.text(surface, theme.fit(_(label), px, room), px, (self.panel.x + 36 * s, w.rect.centery),
                       theme.MUTED, "midleft")
            w.draw(surface)
        self.back.draw(surface)
        self.focus.draw(surface)


def _nearest(percent: int) -> int:
    """The step of VOLUMES nearest `percent` (a hand-edited file may hold 35)."""
    return min(VOLUMES, key=lambda v: (abs(v - percent), -v))
