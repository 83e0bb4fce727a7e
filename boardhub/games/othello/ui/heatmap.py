"""Pictures of the learned boards, as the source graphs them: where winners played, what they captured.

Each board is an 8 x 8 heat map, red where the value is positive, blue where it
is negative, white at 0, on a linear scale symmetric around 0 so that the
colours of the two signs compare; every square also shows its number where it
fits. This is UI code (pygame), drawn into the pictures of learning_pictures.py.
"""
from __future__ import annotations

import os
from typing import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the command line prints only its results

import pygame  # noqa: E402

from boardhub.games.othello.engine import COLUMNS  # noqa: E402
from boardhub.ui import theme  # noqa: E402

ZERO = (246, 244, 238)
POSITIVE = (196, 36, 36)
NEGATIVE = (34, 84, 196)
GRID = (120, 126, 140)


def colour(value: float, limit: float) -> tuple[int, int, int]:
    """The colour of `value` on the scale -limit (blue) .. 0 (white) .. +limit (red)."""
    t = max(-1.0, min(1.0, value / limit)) if limit else 0.0
    end = POSITIVE if t >= 0 else NEGATIVE
    a = abs(t)
    return tuple(round(z + (e - z) * a) for z, e in zip(ZERO, end))


def short(value: int) -> str:
    """A number that fits a square: 27345 -> 27.3k."""
    if abs(value) >= 100_000:
        return f"{value / 1000:.0f}k"
    if abs(value) >= 1000:
        return f"{value / 1000:.1f}k"
    return str(value)


def draw_heatmap(surface: pygame.Surface, rect: pygame.Rect, board_values: Sequence[int], title: str) -> None:
    """Draw one board's 64 values (square index 8 * row + col, a1 first) with its title and colour scale.

    Row 1 is at the top, as on the app's board. The scale under the board
    runs from -m to +m, m the largest magnitude on this board.
    """
    if len(board_values) != 64:
        raise ValueError("a board has 64 squares")
    rect = pygame.Rect(rect)
    limit = max(abs(v) for v in board_values) or 1
    title_px = max(theme.MIN_TEXT_PX, rect.height // 20)
    label_px = max(theme.MIN_TEXT_PX, rect.height // 32)
    theme.text(surface, theme.fit(title, title_px, rect.width, bold=True), title_px, (rect.centerx, rect.top),
               anchor="midtop", bold=True)
    bar_h = label_px * 3
    top = rect.top + title_px + label_px * 2
    side = min(rect.width - label_px * 2, rect.bottom - top - bar_h - label_px)
    cell = side // 8
    side = cell * 8
    left = rect.centerx - side // 2 + label_px // 2
    labels = cell >= label_px * 1.2  # the names of rows and columns, where they fit beside the squares
    for col in range(8 if labels else 0):
        theme.text(surface, COLUMNS[col], label_px, (left + col * cell + cell / 2, top - 2), theme.MUTED,
                   anchor="midbottom")
    value_px = max(theme.MIN_TEXT_PX, cell // 3)
    numbers = cell >= 30  # "27.3k" fits a square from here; smaller, the colours alone tell
    for row in range(8):
        if labels:
            theme.text(surface, str(row + 1), label_px, (left - 6, top + row * cell + cell / 2), theme.MUTED,
                       anchor="midright")
        for col in range(8):
            v = board_values[8 * row + col]
            square = pygame.Rect(left + col * cell, top + row * cell, cell, cell)
            fill = colour(v, limit)
            pygame.draw.rect(surface, fill, square)
            pygame.draw.rect(surface, GRID, square, width=1)
            if numbers:
                ink = theme.INK if sum(fill) > 420 else theme.TEXT
                theme.text(surface, short(v), value_px, square.center, ink, anchor="center")
    bar = pygame.Rect(left, top + side + label_px, side, label_px)
    for x in range(bar.width):
        value = limit * (2 * x / max(1, bar.width - 1) - 1)
        pygame.draw.line(surface, colour(value, limit), (bar.left + x, bar.top), (bar.left + x, bar.bottom - 1))
    pygame.draw.rect(surface, GRID, bar, width=1)
    # the ends' numbers stay under the bar (never under the next board), the middle's centred
    for frac, v, anchor in ((0.0, -limit, "topleft"), (0.5, 0, "midtop"), (1.0, limit, "topright")):
        text = theme.fit(f"{v:+,}" if v else "0", label_px, max(label_px, bar.width * 0.4))
        theme.text(surface, text, label_px, (bar.left + frac * bar.width, bar.bottom + 2), theme.MUTED, anchor=anchor)
