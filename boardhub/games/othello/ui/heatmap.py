"""Pictures of the learned boards, as the source graphs them: where winners played, what they captured.

Each board is an 8 x 8 heat map, red where the value is positive, blue where it
is negative, white at 0, on a linear scale symmetric around 0 so that the
colours of the two signs compare; every square also shows its number. This is
UI code (pygame), used by the app and by `python -m boardhub learn othello --png`.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the command line prints only its results

import pygame  # noqa: E402

from boardhub.core.i18n import _, number
from boardhub.core.seat_names import ai_name  # noqa: E402
from boardhub.games.othello.engine import COLUMNS  # noqa: E402
from boardhub.games.othello.learning import Learning  # noqa: E402
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
    theme.text(surface, title, title_px, (rect.centerx, rect.top), anchor="midtop", bold=True)
    bar_h = label_px * 3
    top = rect.top + title_px + label_px * 2
    side = min(rect.width - label_px * 2, rect.bottom - top - bar_h - label_px)
    cell = side // 8
    side = cell * 8
    left = rect.centerx - side // 2 + label_px // 2
    for col in range(8):
        theme.text(surface, COLUMNS[col], label_px, (left + col * cell + cell / 2, top - 2), theme.MUTED,
                   anchor="midbottom")
    value_px = max(theme.MIN_TEXT_PX, cell // 3)
    for row in range(8):
        theme.text(surface, str(row + 1), label_px, (left - 6, top + row * cell + cell / 2), theme.MUTED,
                   anchor="midright")
        for col in range(8):
            v = board_values[8 * row + col]
            square = pygame.Rect(left + col * cell, top + row * cell, cell, cell)
            fill = colour(v, limit)
            pygame.draw.rect(surface, fill, square)
            pygame.draw.rect(surface, GRID, square, width=1)
            ink = theme.INK if sum(fill) > 420 else theme.TEXT
            theme.text(surface, short(v), value_px, square.center, ink, anchor="center")
    bar = pygame.Rect(left, top + side + label_px, side, label_px)
    for x in range(bar.width):
        value = limit * (2 * x / max(1, bar.width - 1) - 1)
        pygame.draw.line(surface, colour(value, limit), (bar.left + x, bar.top), (bar.left + x, bar.bottom - 1))
    pygame.draw.rect(surface, GRID, bar, width=1)
    for frac, v in ((0.0, -limit), (0.5, 0), (1.0, limit)):
        theme.text(surface, f"{v:+,}" if v else "0", label_px, (bar.left + frac * bar.width, bar.bottom + 2),
                   theme.MUTED, anchor="midtop")


def render(learning: Learning, size: tuple[int, int] = (1400, 820)) -> pygame.Surface:
    """Both learned boards side by side, each with its colour scale, and a legend under them."""
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(theme.BG)
    w, h = size
    px = max(theme.MIN_TEXT_PX, h // 32)
    # the file names its players by their AI specs ("random vs random"): shown by their names on the screen
    who = " vs ".join(map(ai_name, learning.players.split(" vs "))) if learning.players else _("the games played")
    title = _("Othello: what {count} games ({players}) taught").format(count=number(learning.games), players=who)
    theme.text(surface, theme.fit(title, px * 1.3, w - 20, bold=True), px * 1.3, (w / 2, 12), anchor="midtop",
               bold=True)
    legend = [
        _("Put board: +1 on each square the winner played, -1 on each square the loser played."),
        _("Eat board: +1 each time the winner captured the disc on a square, -1 each time the loser did."),
        _("Red above 0, blue below, white at 0; each board on its own linear scale, shown under it. "
          "Draws add nothing (black won {black}, white {white}, draws {draws}).").format(
            black=number(learning.black_wins), white=number(learning.white_wins), draws=number(learning.draws)),
    ]
    lines = [line for text in legend for line in theme.wrap(text, px, w - 60)]
    legend_top = h - 16 - len(lines) * (px + 4)
    top = 12 + int(px * 1.3) + 16
    half = (w - 60) // 2
    for n, (name, values) in enumerate(((_("Put board"), learning.put), (_("Eat board"), learning.eat))):
        draw_heatmap(surface, pygame.Rect(30 + n * (half + 0), top, half, legend_top - top - 10), values, name)
    for i, line in enumerate(lines):
        theme.text(surface, line, px, (30, legend_top + i * (px + 4)), theme.MUTED)
    return surface


def export_png(path: str | Path, learning: Learning) -> Path:
    """Save the picture of `learning` (both boards, scales, legend) as a PNG; works headless."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(render(learning), str(path))
    return path
