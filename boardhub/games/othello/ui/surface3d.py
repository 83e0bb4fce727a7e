"""A learned board as the source paper graphs it: a 3-D surface over the 8 x 8 board, its height the weight.

The 64 weights stand at the centres of the squares; the surface joins them
with 7 x 7 quadrilaterals, each filled with the heat map's colour of its
mean weight (red above 0, blue below), drawn from the back to the front so
that nearer ones hide farther ones. The board is turned by AZIMUTH, so that
h8 is nearest the eye, and seen from ELEVATION above it; a grey floor
at height 0 and the column and row names mark where each square is. Heights
are on the board's own linear scale: the largest magnitude rises HEIGHT squares. UI code (pygame), drawn by boardhub itself for the page and the
PNG export.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from boardhub.games.othello.engine import COLUMNS
from boardhub.games.othello.ui.heatmap import GRID, colour
from boardhub.ui import theme

AZIMUTH = math.radians(35)  # turn of the board about its centre, seen from above
ELEVATION = math.radians(40)  # how far above the board the eye is: 90 would be straight down
HEIGHT = 2.2  # the largest weight rises this many squares' widths above the board
SATURATION = 1.6  # a quad's colour is its mean weight's, made stronger: a mean is milder than its corners
FLOOR = (205, 208, 214)


def _projector(rect: pygame.Rect, limit: float):
    """A function (col, row, value) -> screen point, fitted so the board and its heights fill `rect`."""
    cos_a, sin_a = math.cos(AZIMUTH), math.sin(AZIMUTH)
    squash = math.sin(ELEVATION)
    # the board's footprint after the turn, in units of a square, to fit its width and depth into rect
    corners = [(x - 3.5, y - 3.5) for x in (-0.5, 7.5) for y in (-0.5, 7.5)]
    us = [x * cos_a - y * sin_a for x, y in corners]
    vs = [(x * sin_a + y * cos_a) * squash for x, y in corners]
    # the board's width, its depth and the rise above and the fall below it fill rect, whichever is tighter
    unit = min(rect.width / (max(us) - min(us)), rect.height / (max(vs) - min(vs) + 2 * HEIGHT))
    rise = HEIGHT * unit
    cx = rect.centerx
    cy = rect.top + rise + (rect.height - 2 * rise) / 2

    def project(col: float, row: float, value: float) -> tuple[float, float]:
        x, y = col - 3.5, row - 3.5
        u = x * cos_a - y * sin_a
        v = (x * sin_a + y * cos_a) * squash
        h = (value / limit if limit else 0.0) * rise
        return cx + u * unit, cy + v * unit - h
    return project


def depth(col: float, row: float) -> float:
    """How near the eye a point of the board is (larger: nearer), for drawing back to front."""
    x, y = col - 3.5, row - 3.5
    return x * math.sin(AZIMUTH) + y * math.cos(AZIMUTH)


def draw_surface(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[int], title: str) -> None:
    """Draw one board's 64 weights (square 8 * row + col, a1 first) as a surface in `rect`, titled."""
    if len(values) != 64:
        raise ValueError("a board has 64 squares")
    rect = pygame.Rect(rect)
    title_px = max(theme.MIN_TEXT_PX, min(rect.height // 16, rect.width // 14))
    label_px = max(theme.MIN_TEXT_PX, rect.height // 30)
    theme.text(surface, theme.fit(title, title_px, rect.width, bold=True), title_px, (rect.centerx, rect.top),
               anchor="midtop", bold=True)
    area = pygame.Rect(rect.left + label_px * 2, rect.top + title_px + label_px * 2,
                       rect.width - label_px * 4, rect.height - title_px - label_px * 4)
    limit = max(abs(v) for v in values) or 1
    project = _projector(area, limit)
    floor = [project(c, r, 0) for c, r in ((-0.5, -0.5), (7.5, -0.5), (7.5, 7.5), (-0.5, 7.5))]
    pygame.draw.polygon(surface, FLOOR, floor)
    for i in range(9):  # the floor's grid: where each square lies
        pygame.draw.aaline(surface, GRID, project(i - 0.5, -0.5, 0), project(i - 0.5, 7.5, 0))
        pygame.draw.aaline(surface, GRID, project(-0.5, i - 0.5, 0), project(7.5, i - 0.5, 0))
    for col in range(8):
        x, y = project(col, 8.1, 0)
        theme.text(surface, COLUMNS[col], label_px, (x, y), theme.MUTED, anchor="midtop")
    for row in range(8):
        x, y = project(7.9, row, 0)
        theme.text(surface, str(row + 1), label_px, (x, y), theme.MUTED, anchor="midleft")
    quads = sorted(((c, r) for c in range(7) for r in range(7)), key=lambda q: depth(q[0] + 0.5, q[1] + 0.5))
    for c, r in quads:
        corners = ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
        heights = [values[8 * row + col] for col, row in corners]
        points = [project(col, row, h) for (col, row), h in zip(corners, heights)]
        pygame.draw.polygon(surface, colour(SATURATION * sum(heights) / 4, limit), points)
        pygame.draw.polygon(surface, theme.INK, points, width=1)
    scale = theme.fit(f"{-limit:+,} .. 0 .. {limit:+,}", label_px, rect.width)
    theme.text(surface, scale, label_px, (rect.centerx, rect.bottom), theme.MUTED, anchor="midbottom")
