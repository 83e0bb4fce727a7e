"""The review's evaluation graph: a line over the moves, the rated moves marked, a move selected.

The value axis is the perspective seat's, centred on an even game (the
review's baseline). Its scale fits the values: the next step of 1, 2, 5 x 10^n
at or above the largest distance from the baseline, so every value is drawn
where it is and the labels name the real edge; a game that caps its span (Othello's
32 of 64 discs) clips beyond it, so one wild value cannot flatten the rest.
Exact values are drawn solid, estimates lighter. `move_at` turns a
click into the move it is nearest.
"""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the command line prints only its results

import pygame

from boardhub.core.i18n import _
from boardhub.core.review import Review
from boardhub.ui import theme

RATING_COLOURS = {"inaccuracy": (236, 200, 80), "mistake": (240, 140, 60), "blunder": (232, 70, 64)}
# the colour-blind-safe palette's (theme.OKABE_ITO): apart in hue and in lightness, where the standard orange
# and red run together for a red-green colour-blind reader
RATING_COLOURS_SAFE = {"inaccuracy": theme.OKABE_ITO["yellow"], "mistake": theme.OKABE_ITO["sky blue"],
                       "blunder": theme.OKABE_ITO["vermillion"]}
GRAPH_PNG_SIZE = (1200, 480)


def rating_colour(rating: str | None, default=None) -> tuple:
    """The colour of a move's rating in the palette in use (`default`, else MUTED, for none)."""
    colours = RATING_COLOURS_SAFE if theme.palette == "safe" else RATING_COLOURS
    return colours.get(rating, default or theme.MUTED)


def scale(review: Review) -> float:
    """The graph's half-height in the review's unit: a round number that holds every value (up to the span's cap)."""
    far = max((abs(v.value - review.baseline) for v in review.values), default=0.0)
    if review.span and far >= review.span:
        return review.span
    step = 1.0
    while True:
        for k in (1.0, 2.0, 5.0):
            if far <= k * step:
                return k * step
        step *= 10


def _y(value: float, review: Review, rect: pygame.Rect, half: float) -> float:
    v = max(-half, min(half, value - review.baseline))
    return rect.centery - v / half * (rect.height / 2 - 4)


def _x(i: int, count: int, rect: pygame.Rect) -> float:
    return rect.left + 6 + (rect.width - 12) * i / max(1, count - 1)


def move_at(review: Review, rect: pygame.Rect, x: int) -> int | None:
    """The move (its ply) whose point on the graph lies nearest to `x`, or None off the graph."""
    if not review.moves or not rect.left <= x <= rect.right:
        return None
    count = len(review.values)
    position = round((x - rect.left - 6) / max(1, rect.width - 12) * (count - 1))
    return max(0, min(len(review.moves) - 1, position - 1))


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, review: Review, selected: int | None = None,
               px: float = 14) -> None:
    """The graph inside `rect`: the value after each move; a move selected is the position it left."""
    pygame.draw.rect(surface, (30, 34, 44), rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=8)
    count = len(review.values)
    if count < 2:
        return
    half = scale(review)
    mid = _y(review.baseline, review, rect, half)
    pygame.draw.line(surface, theme.MUTED, (rect.left + 4, mid), (rect.right - 4, mid), 1)
    points = [(_x(i, count, rect), _y(v.value, review, rect, half)) for i, v in enumerate(review.values)]
    # the area between the line and the middle: the perspective seat's colour above, the other's below
    above, below = theme.lighten(theme.SEATS[0], 0.15), theme.lighten(theme.SEATS[1], 0.15)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        colour = above if (y0 + y1) / 2 <= mid else below
        pygame.draw.polygon(surface, colour, [(x0, mid), (x0, y0), (x1, y1), (x1, mid)])
    for i in range(count - 1):
        exact = review.values[i].exact and review.values[i + 1].exact
        pygame.draw.line(surface, theme.TEXT if exact else theme.MUTED, points[i], points[i + 1], 2 if exact else 1)
    if selected is not None and 0 <= selected < len(review.moves):
        x = points[selected + 1][0]
        pygame.draw.line(surface, theme.ACCENT, (x, rect.top + 3), (x, rect.bottom - 3), 2)
    radius = max(3, round(px / 3))
    for m in review.moves:
        if m.rating:
            pygame.draw.circle(surface, rating_colour(m.rating), points[m.ply + 1], radius)
    top = f"+{half:g}" if not review.baseline else f"{review.baseline + half:g}"
    bottom = f"-{half:g}" if not review.baseline else f"{review.baseline - half:g}"
    theme.text(surface, f"{top} {_(review.unit)}", px, (rect.left + 8, rect.top + 4), theme.MUTED, "topleft")
    theme.text(surface, bottom, px, (rect.left + 8, rect.bottom - 4), theme.MUTED, "bottomleft")


def save_graph(review: Review, path: Path, title: str, labels: tuple[str, ...] = ()) -> None:
    """The graph as a PNG picture (OSError if it cannot be written, as when its folder is missing: a folder
    is made by whoever names it, never here)."""
    if not pygame.font.get_init():
        pygame.font.init()  # fonts only: a picture needs neither a window nor sound
    surface = pygame.Surface(GRAPH_PNG_SIZE)
    surface.fill(theme.BG)
    who = labels[review.perspective] if review.perspective < len(labels) else \
        _("Player {number}").format(number=review.perspective + 1)
    theme.text(surface, _("{game}: the value for {name}, in {unit}").format(game=title, name=who, unit=_(review.unit)),
               20, (20, 14), theme.TEXT, "topleft")
    draw_graph(surface, pygame.Rect(20, 50, GRAPH_PNG_SIZE[0] - 40, GRAPH_PNG_SIZE[1] - 70), review, px=18)
    try:
        pygame.image.save(surface, str(path))
    except pygame.error as exc:
        raise OSError(str(exc)) from None
