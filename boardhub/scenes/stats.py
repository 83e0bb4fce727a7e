"""Your record: per game and per AI opponent, wins, draws and losses."""
from __future__ import annotations

import pygame

from boardhub.core.game import all_games
from boardhub.core.session import seat_label
from boardhub.core.stats import Stats
from boardhub.scenes.page import ScrollingPage
from boardhub.ui import theme

COLUMNS = ("Won", "Drawn", "Lost", "Score")


class StatsScene(ScrollingPage):
    title = "Your results against the AIs"
    body_top = 130  # below the note and the column names

    def __init__(self, app) -> None:
        super().__init__(app)
        self.stats = Stats.load()
        self.lines = self.build_lines()

    def build_lines(self) -> list[tuple[str, tuple]]:
        """One heading per game, then a row per opponent: ("kind", values)."""
        out: list[tuple[str, tuple]] = []
        for g in all_games():
            rows = self.stats.rows(g.key)
            out.append(("game", (g.title,)))
            if not rows:
                out.append(("none", ("No games against the AI yet",)))
            for name, won, drew, lost in rows:
                played = won + drew + lost
                label = ", ".join(seat_label(ai) for ai in name.split(", "))
                out.append(("row", (label, won, drew, lost, f"{(won + drew / 2) / played:.0%}")))
        return out

    def row_count(self) -> int:
        return len(self.lines)

    def row_height(self) -> float:
        return 34 * self.s

    def draw_rows(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.body
        col_w = 90 * s
        cols_x = [b.right - (len(COLUMNS) - 1 - k) * col_w for k in range(len(COLUMNS))]
        for x, name in zip(cols_x, COLUMNS):
            theme.text(surface, name, 20 * s, (x, b.y - 30 * s), theme.MUTED, "topright")
        if self.stats.error:
            theme.text(surface, theme.fit(f"Not counting results: {self.stats.error}", 20 * s, self.panel.width - 80 * s),
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
                name = theme.fit(f"vs {values[0]}", 22 * s, cols_x[0] - col_w - b.x - 20 * s)
                theme.text(surface, name, 22 * s, (b.x + 20 * s, y + 6 * s), theme.TEXT)
                for x, v in zip(cols_x, values[1:]):
                    theme.text(surface, str(v), 22 * s, (x, y + 6 * s), theme.TEXT, "topright")
            y += self.row_height()
