"""What a good `--smoke` run leaves: a line per game and a screenshot that shows something."""
from __future__ import annotations

from pathlib import Path

import pygame

from boardhub.core.game import GAME_KEYS
from boardhub.smoke import MOVES


def check_smoke_output(out: Path, stdout: str) -> None:
    for key in GAME_KEYS:
        assert f"smoke: {key} ok, {MOVES} moves -> {out / f'{key}.png'}" in stdout
    assert "smoke: languages ok: en, ko" in stdout  # the catalogs are in the app, and read
    for name in ("menu", *GAME_KEYS):
        image = pygame.image.load(str(out / f"{name}.png"))
        w, h = image.get_size()
        colours = {tuple(image.get_at((x, y))) for x in range(0, w, 8) for y in range(0, h, 8)}
        assert len(colours) > 10, f"{name}.png is (nearly) blank"
    assert (out / "smoke.txt").read_text(encoding="utf-8").splitlines() == stdout.splitlines()
