"""Colours, fonts and the scale factor that lets every layout follow the window size."""
from __future__ import annotations

from functools import lru_cache

import pygame

BG = (28, 32, 42)
PANEL = (40, 46, 60)
PANEL_EDGE = (64, 72, 92)
TEXT = (232, 236, 244)
MUTED = (150, 160, 180)
ACCENT = (250, 196, 72)
BUTTON = (58, 66, 86)
BUTTON_HOVER = (78, 88, 114)
BUTTON_DOWN = (96, 108, 140)
DISABLED = (90, 96, 110)
ERROR = (255, 120, 110)
SUCCESS = (110, 210, 140)
BOARD = (246, 240, 226)
INK = (52, 56, 66)
# one colour per seat, light enough for fills and dark enough for lines
SEATS = ((54, 118, 235), (226, 72, 64), (40, 160, 90), (170, 90, 210))
SEAT_MARKS = ("O", "X", "△", "□")

BASE_SIZE = (1280, 800)
MIN_SIZE = (800, 600)  # the smallest window every layout is made for
MIN_TEXT_PX = 15  # below this pygame's font stops being readable, however small the window


def scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280 x 800 design the window is (both ways, the smaller)."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(None, max(MIN_TEXT_PX, int(px)))  # pygame's bundled font: the same everywhere
    f.set_bold(bold)
    return f


def text(surface: pygame.Surface, msg: str, px: float, pos: tuple[float, float], color=TEXT,
         anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at `pos` ("center", "midleft", ...); returns its rect."""
    img = font(int(px), bold).render(msg, True, color)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def wrap(msg: str, px: float, width: int) -> list[str]:
    """Split text into lines no wider than `width`, keeping blank lines between paragraphs."""
    f = font(int(px))
    out: list[str] = []
    for para in msg.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def lighten(color, amount: float = 0.5):
    return tuple(round(c + (255 - c) * amount) for c in color[:3])


def panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: int = 12) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=radius)


def fit(msg: str, px: float, width: float) -> str:
    """`msg`, cut with an ellipsis where it would run past `width` pixels."""
    f = font(int(px))
    if f.size(msg)[0] <= width:
        return msg
    while msg and f.size(msg + "…")[0] > width:
        msg = msg[:-1]
    return msg + "…"
