"""A game's rules, wrapped to the window and scrollable."""
from __future__ import annotations

from boardhub.core.i18n import N_, _
from boardhub.scenes.page import ScrollingPage
from boardhub.ui import theme
from boardhub.ui.scene import Host


class RulesScene(ScrollingPage):
    def __init__(self, app: Host, game) -> None:
        super().__init__(app)
        self.game = game
        self.title = N_("How to play {game}")
        self.lines: list[str] = []

    def layout(self, size: tuple[int, int]) -> None:
        s = theme.scale(size)
        self.px = 25 * s
        self.lines = theme.wrap(_(self.game.rules_text), self.px, round(min(size[0] - 40 * s, 900 * s) - 80 * s))
        super().layout(size)

    def heading(self) -> str:
        return _(self.title).format(game=_(self.game.title))

    def row_count(self) -> int:
        return len(self.lines)

    def row_height(self) -> float:
        return self.px * 1.25

    def draw_rows(self, surface) -> None:
        y = self.body.y
        for line in self.lines[self.scroll:self.scroll + self.visible_rows]:
            theme.text(surface, line, self.px, (self.body.x, y), theme.TEXT)
            y += self.row_height()
