"""Your record: per game and per AI opponent, wins, draws and losses."""
from __future__ import annotations

import pygame

from boardhub import games
from boardhub.core.stats import Stats
from boardhub.scenes.game import fit
from boardhub.scenes.setup import seat_label
from boardhub.ui import theme
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Button

COLUMNS = ("Won", "Drawn", "Lost", "Score")


class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.stats = Stats.load()
        self.scroll = 0
        self.back = Button("Back", self.app.pop, primary=True)
        self.lines = self.build_lines()

    def build_lines(self) -> list[tuple[str, tuple]]:
        """One heading per game, then a row per opponent: ("kind", values)."""
        out: list[tuple[str, tuple]] = []
        for g in games.all_games():
            rows = self.stats.rows(g.key)
            out.append(("game", (g.title,)))
            if not rows:
                out.append(("none", ("No games against the AI yet",)))
            for name, won, drew, lost in rows:
                played = won + drew + lost
                label = ", ".join(seat_label(ai) for ai in name.split(", "))
                out.append(("row", (label, won, drew, lost, f"{(won + drew / 2) / played:.0%}")))
        return out

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        self.panel = pygame.Rect(0, 0, round(min(size[0] - 40 * s, 900 * s)), round(size[1] - 60 * s))
        self.panel.center = (size[0] / 2, size[1] / 2)
        self.row_h = 34 * s
        self.body = pygame.Rect(self.panel.x + 40 * s, self.panel.y + 130 * s, self.panel.width - 80 * s,
                                self.panel.height - 220 * s)
        self.visible_rows = max(1, int(self.body.height // self.row_h))
        self.scroll = min(self.scroll, max(0, len(self.lines) - self.visible_rows))
        self.back.rect = pygame.Rect(round(self.panel.centerx - 90 * s), round(self.panel.bottom - 72 * s),
                                     round(180 * s), round(48 * s))

    def process_event(self, event):
        limit = max(0, len(self.lines) - self.visible_rows)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll = max(0, min(limit, self.scroll + (1 if event.key == pygame.K_DOWN else -1)))
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(limit, self.scroll - event.y * 2))
            return None
        self.back.handle(event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, b = self.s, self.body
        theme.panel(surface, self.panel)
        theme.text(surface, "Your results against the AIs", 40 * s, (self.panel.x + 40 * s, self.panel.y + 30 * s),
                   theme.TEXT, bold=True)
        col_w = 90 * s
        cols_x = [b.right - (len(COLUMNS) - 1 - k) * col_w for k in range(len(COLUMNS))]
        for x, name in zip(cols_x, COLUMNS):
            theme.text(surface, name, 20 * s, (x, b.y - 30 * s), theme.MUTED, "topright")
        if self.stats.error:
            theme.text(surface, fit(f"Not counting results: {self.stats.error}", 20 * s, self.panel.width - 80 * s),
                       20 * s, (self.panel.x + 40 * s, self.panel.y + 76 * s), theme.ERROR)
        else:
            theme.text(surface, "Games of one player against the AIs count, each once, when they end.", 20 * s,
                       (self.panel.x + 40 * s, self.panel.y + 76 * s), theme.MUTED)
        y = b.y
        for kind, values in self.lines[self.scroll:self.scroll + self.visible_rows]:
            if kind == "game":
                theme.text(surface, values[0], 26 * s, (b.x, y + 4 * s), theme.ACCENT, bold=True)
            elif kind == "none":
                theme.text(surface, values[0], 21 * s, (b.x + 20 * s, y + 6 * s), theme.MUTED)
            else:
                name = fit(f"vs {values[0]}", 22 * s, cols_x[0] - col_w - b.x - 20 * s)
                theme.text(surface, name, 22 * s, (b.x + 20 * s, y + 6 * s), theme.TEXT)
                for x, v in zip(cols_x, values[1:]):
                    theme.text(surface, str(v), 22 * s, (x, y + 6 * s), theme.TEXT, "topright")
            y += self.row_h
        if len(self.lines) > self.visible_rows:
            theme.text(surface, "Scroll for more", 18 * s, (b.right, b.bottom), theme.MUTED, "topright")
        self.back.draw(surface)
