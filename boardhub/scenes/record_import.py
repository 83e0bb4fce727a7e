"""Import a game: a pasted record or a file's path in one of the game's notations; a bad
record is refused with its first bad move named, and the game carries on from the moves.

A record is read before anything changes: an empty or unreadable one is refused in
words and the game stays as it was. One that would replace moves of the game asks
first ("Replace the game"), and Undo in the game brings the replaced game back.
"""
from __future__ import annotations

import pygame

from boardhub.core.files import clean_text
from boardhub.core.i18n import N_, _, ngettext
from boardhub.core.rules import IllegalMove
from boardhub.core.session import MAX_RECORD_CHARS, GameSession, ImportedGame
from boardhub.scenes.overlay import PanelScene
from boardhub.ui import theme
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Button, TextField, show_input_method_at


class ImportScene(PanelScene):
    title = N_("Import a game")

    def __init__(self, app: Host, session: GameSession) -> None:
        self.session = session
        example = session.entry.record_example
        self.field = TextField(placeholder=_("Paste {example} (Ctrl+V) or a file's path").format(example=_(example)),
                               on_enter=self.load, max_chars=MAX_RECORD_CHARS)
        self.field.focused = True
        self.import_button = Button(N_("Import"), self.load, primary=True)
        super().__init__(app, [self.import_button, Button(N_("Cancel"), self.close)],
                         [(N_("The game restarts from the imported moves, with the same seats."), theme.MUTED)]
                         + [("", theme.TEXT)] * 3)  # room for the field and a refusal
        self.error = ""
        self.pending: ImportedGame | None = None  # read and waiting for "Replace the game"
        self.pending_text = ""  # the field's text it was read from: an edit asks again

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
        """Read the record; put it in place of the game now, or once the player confirms."""
        if self.pending is not None and self.pending_text == self.field.text:
            self.replace(self.pending)
            return
        self.forget_pending()
        try:
            imported = self.session.read_record(self.field.text)
        except IllegalMove as exc:
            self.error = clean_text(str(exc))  # it may quote the record, which may hold anything
            return
        self.error = ""
        if self.session.import_replaces_moves:
            self.pending, self.pending_text = imported, self.field.text
            self.import_button.label = N_("Replace the game")
            return
        self.replace(imported)

    def replace(self, imported: ImportedGame) -> None:
        self.session.import_record(imported)
        self.close()

    def forget_pending(self) -> None:
        self.pending, self.pending_text = None, ""
        self.import_button.label = N_("Import")

    def question(self) -> str:
        """What the confirmation asks, in words: the moves that go, and how to get them back."""
        match = self.session.match
        count = len(match.history) + len(match.redo_stack)  # moves taken back are the game's too
        return ngettext("This replaces the game in progress and its {count} move: Undo brings it back",
                        "This replaces the game in progress and its {count} moves: Undo brings it back",
                        count).format(count=count)

    def redraw_in(self) -> float | None:
        """The field's caret blinks."""
        return self.field.redraw_in()

    def process_event(self, event):
        if self.field.handle(event):
            if self.pending is not None and self.field.text != self.pending_text:
                self.forget_pending()  # another record: it is read (and asked about) again
            return None
        return super().process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.field.draw(surface)
        line, color = (self.question(), theme.ACCENT) if self.pending is not None else (self.error, theme.ERROR)
        if line:
            theme.text(surface, theme.fit(line, 22 * self.s, self.rect.width - 40 * self.s), 22 * self.s,
                       (self.rect.centerx, self.field.rect.bottom + 22 * self.s), color, "center")
