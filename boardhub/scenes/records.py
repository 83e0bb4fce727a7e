"""Game records in the app: Export saves the game in each of its formats under saves/
(and copies the first to the clipboard); Import takes a paste or a file's path and
refuses a bad record with its first bad move named. A board offers its formats."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from boardhub.core import saves
from boardhub.core.match import Match
from boardhub.core.rules import IllegalMove
from boardhub.scenes.overlay import PanelScene
from boardhub.ui import theme
from boardhub.ui.widgets import Button, TextField, set_clipboard_text


@dataclass(frozen=True)
class RecordFormat:
    """One way to write a game down: its file ending, a writer and a reader.

    `write(match)` gives the text; `read(text, match)` gives the moves from the
    start, or raises IllegalMove naming the first bad one; `recognise(text)`
    says whether a text is in this format (the first format is the fallback).
    """

    ending: str
    write: Callable[[Match], str]
    read: Callable[[str, Match], list]
    recognise: Callable[[str], bool] = lambda text: False


def export_record(match: Match, formats: list[RecordFormat]) -> str:
    """Save the game in every format under saves/; returns what to tell the player."""
    stem = f"{match.game.key}-{time.strftime('%Y%m%d-%H%M%S')}"
    names = []
    try:
        for f in formats:
            path = saves.saves_dir() / f"{stem}.{f.ending}"
            saves.atomic_write_text(path, f.write(match).rstrip("\n") + "\n")
            names.append(path.name)
    except OSError as exc:
        return f"Could not save the game: {exc}"
    copied = " and copied it" if set_clipboard_text(formats[0].write(match)) else ""
    return f"Saved the game as {', '.join(names)}{copied}"


def read_record(text: str, match: Match, formats: list[RecordFormat]) -> list:
    """The moves of a pasted record, or of the file it names; IllegalMove says what is wrong."""
    text = text.strip()
    if not text:
        raise IllegalMove("Paste a game record, or give a file's path")
    path = named_file(text)
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise IllegalMove(f"Cannot read {path.name}: {exc}") from None
    fmt = next((f for f in formats if f.recognise(text)), formats[0])
    return fmt.read(text, match)


def named_file(text: str) -> Path | None:
    """The file `text` names, or None when it names none.

    Pasted moves are rarely a path the system accepts: a long move list is a
    file name too long for it, "~name" names no user. Those are records, not errors.
    """
    if len(text) >= 512:
        return None
    try:
        path = Path(text).expanduser()
        return path if path.is_file() else None
    except (OSError, RuntimeError, ValueError):
        return None


class ImportScene(PanelScene):
    title = "Import a game"

    def __init__(self, app, game_scene, formats: list[RecordFormat], example: str) -> None:
        self.game_scene = game_scene
        self.formats = formats
        self.field = TextField(placeholder=f"Paste {example} (Ctrl+V) or a file's path", on_enter=self.load)
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
        old = self.game_scene.match
        match = Match(old.game, old.seats, old.options, timing=old.timing, worker=old.worker)
        try:
            match.replay(read_record(self.field.text, match, self.formats))
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
