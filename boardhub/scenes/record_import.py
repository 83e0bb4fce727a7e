"""Import a game: a pasted record or a file's path in one of the game's notations; a bad
record is refused with its first bad move named, and the game carries on from the moves."""
from __future__ import annotations

import pygame

from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove
from boardhub.core.session import GameSession
from boardhub.scenes.overlay import PanelScene
from boardhub.ui import theme
from boardhub.ui.widgets import Button, TextField, show_input_method_at


class ImportScene(PanelScene):
    title = N_("Import a game")

    def __init__(self, app, session: GameSession) -> None:
        self.session = session
        example = session.entry.record_example
        self.field = TextField(placeholder=_("Paste {example} (Ctrl+V) or a file's path").format(example=_(example)),
                               on_enter=self.load)
        self.field.focused = True
        super().__init__(app, [Button(N_("Import"), self.load, primary=True), Button(N_("Cancel"), self.close)],
                         [(N_("The game restarts from the imported moves, with the same seats."), theme.MUTED)]
                         + [("", theme.TEXT)] * 3)  # room for the field and a refusal
        self.error = ""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s
        self.rect.width = round(min(size[0] - 40 * s, 760 * s))
        self.rect.centerx = size[0] // 2
        self.field.rect = pygame.Rect(self.rect.x + round(40 * s), self.rect.y + round(122 * s),
                                      self.rect.width - round(80 * s), round(44 * s))
        for b in self.buttons:
            b.rect.x, b.rect.width = self.rect.x + round(48 * s), self.rect.width - round(96 * s)
        if self.field.focused:
            show_input_method_at(self.field.rect)

    def load(self) -> None:
        try:
            self.session.import_record(self.field.text)
        except IllegalMove as exc:
            self.error = str(exc)
            return
        self.close()

    def redraw_in(self) -> float | None:
        """The field's caret blinks."""
        return self.field.redraw_in()

    def process_event(self, event):
        if self.field.handle(event):
            return None
        return super().process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.field.draw(surface)
        if self.error:
            theme.text(surface, theme.fit(self.error, 22 * self.s, self.rect.width - 40 * self.s), 22 * self.s,
                       (self.rect.centerx, self.field.rect.bottom + 22 * self.s),
                       theme.ERROR, "center")
