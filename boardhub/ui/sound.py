"""The short sounds in assets/, played at the player's volume unless muted; silence if there is no audio device."""
from __future__ import annotations

from importlib import resources

import pygame

NAMES = ("move", "box", "end", "error")


class Sounds:
    def __init__(self) -> None:
        self.muted = False
        self.volume = 1.0  # 0.0 to 1.0: the Settings' volume
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

    def set_level(self, percent: int) -> None:
        """Play at `percent` of full volume from now on; 0 mutes."""
        self.volume = max(0, min(100, percent)) / 100
        self.muted = percent <= 0

    def play(self, name: str) -> None:
        if not self.muted and self.volume > 0 and name in self._sounds:
            sound = self._sounds[name]
            sound.set_volume(self.volume)  # each sound at the volume of the moment it plays
            sound.play()
