"""The window's icon: assets/icon.png, the picture the launchers and the packaged app use too."""
from __future__ import annotations

from importlib import resources

import pygame


def set_window_icon() -> None:
    """Show the app's icon on the window and the task bar (before the window opens, as SDL asks)."""
    try:
        with resources.as_file(resources.files("boardhub") / "assets" / "icon.png") as path:
            pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, FileNotFoundError, OSError):
        pass  # a missing icon leaves the system's default; the app itself is unaffected
