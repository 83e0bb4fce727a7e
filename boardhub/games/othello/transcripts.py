"""Othello transcripts in the app: export to a file and the clipboard, import from a
paste or a file, refused with the first bad move named."""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from boardhub.core import saves
from boardhub.core.match import Match
from boardhub.core.rules import IllegalMove
from boardhub.games.othello.engine import parse_transcript, transcript
from boardhub.scenes.overlay import PanelScene
from boardhub.ui import theme
from boardhub.ui.widgets import Button, TextField, set_clipboard_text


def export_transcript(moves: list[int]) -> str:
    """Save the game as "f5d6c3..." under saves/ and copy it; returns what to tell the player."""
    text = transcript(moves)
    path = saves.saves_dir() / f"othello-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    try:
        saves.atomic_write_text(path, text + "\n")
    except OSError as exc:
        return f"Could not save the transcript: {exc}"
    copied = " and copied it" if set_clipboard_text(text) else ""
    return f"Saved the transcript to {path.name}{copied}"


def read_transcript(text: str) -> list[int]:
    """The moves of a pasted transcript, or of the file it names; IllegalMove says what is wrong."""
    text = text.strip()
    if not text:
        raise IllegalMove("Paste a transcript such as f5d6c3d3c4, or give a file's path")
    path = Path(text).expanduser()
    if len(text) < 512 and path.is_file():
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise IllegalMove(f"Cannot read {path.name}: {exc}") from None
    return parse_transcript(text)


class ImportScene(PanelScene):
    title = "Import a transcript"

    def __init__(self, app, game_scene) -> None:
        self.game_scene = game_scene
        self.field = TextField(placeholder="Paste f5d6c3d3c4... (Ctrl+V) or a file's path", on_enter=self.load)
        self.field.focused = True
        super().__init__(app, [Button("Import", self.load, primary=True), Button("Cancel", self.close)],
                         [("The game restarts from the imported moves, with the same seats.", theme.MUTED)]
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

    def load(self) -> None:
        try:
            moves = read_transcript(self.field.text)
        except IllegalMove as exc:
            self.error = str(exc)
            return
        old = self.game_scene.match
        match = Match(old.game, old.seats, old.options, timing=old.timing, worker=old.worker)
        try:
            match.replay(moves)
        except IllegalMove as exc:
            self.error = str(exc)
            return
        self.close()
        self.game_scene.replace_match(match)

    def process_event(self, event):
        if self.field.handle(event):
            return None
        return super().process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.field.draw(surface)
        if self.error:
            theme.text(surface, self.error, 22 * self.s, (self.rect.centerx, self.field.rect.bottom + 22 * self.s),
                       theme.ERROR, "center")
