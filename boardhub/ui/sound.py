"""The short sounds in assets/, played unless muted; silence if there is no audio device."""
from __future__ import annotations

from importlib import resources

import pygame

NAMES = ("move", "box", "end", "error")


class Sounds:
    def __init__(self) -> None:
        self.muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            base = resources.files("boardhub") / "assets"
            for name in NAMES:
                with resources.as_file(base / f"{name}.wav") as path:
                    self._sounds[name] = pygame.mixer.Sound(str(path))
        except (pygame.error, FileNotFoundError, OSError):
            self._sounds = {}  # no audio device: the game goes on silently

    def play(self, name: str) -> None:
        if not self.muted and name in self._sounds:
            self._sounds[name].play()
