"""Colours, fonts and the scale factor that lets every layout follow the window size.

Every text of the interface is drawn here (`text`, or `blit_text` for a line a
widget renders itself), in the font shipped in assets/: a cut of Noto Sans CJK
KR, which also has Hangul. Tests can switch on a record of every text drawn
(`recording`), with the panel it was drawn for (`panel_bounds`), to check that
nothing is too small or runs out of its panel at any window size.
"""
from __future__ import annotations

import unicodedata
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Iterator, NamedTuple

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
FOCUS = (120, 200, 255)  # the keyboard's focus ring on a button or a choice
BEST = (90, 220, 140)  # a better move shown: a hint, the review's best move
BOARD = (246, 240, 226)
INK = (52, 56, 66)
# one colour per seat, light enough for fills and dark enough for lines
SEATS = ((54, 118, 235), (226, 72, 64), (40, 160, 90), (170, 90, 210))
SEAT_MARKS = ("O", "X", "△", "□")

BASE_SIZE = (1280, 800)
MIN_SIZE = (800, 600)  # the smallest window every layout is made for
MIN_TEXT_PX = 12  # the smallest font size any text is drawn at, however small the window
# Layouts give text sizes in their own unit, which the font is drawn at three quarters
# of (a layout's 20 is a 15 px font): the proportions every layout was made with.
TEXT_SCALE = 0.75
FONT_FILES = {False: "BoardhubSans-Regular.otf", True: "BoardhubSans-Bold.otf"}


class DrawnText(NamedTuple):
    """One text as drawn, for the checks that text is readable and stays in its place."""

    text: str
    px: int  # the font size it was drawn at
    rect: pygame.Rect  # its line's box, in the coordinates of the surface it was drawn on
    ink: pygame.Rect  # the pixels it coloured there (a line's box is taller than its letters)
    area: pygame.Rect  # that surface's own rect
    bounds: pygame.Rect | None  # the panel it was drawn for (inside every panel around it), if declared


# Every text drawn while `recording()` is on (None, the usual, records nothing).
recorded: list[DrawnText] | None = None
_panels: list[tuple[pygame.Surface, pygame.Rect]] = []


def scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280 x 800 design the window is (both ways, the smaller)."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def font_px(size: float) -> int:
    """The font size a layout's text `size` is drawn at: never under MIN_TEXT_PX."""
    return max(MIN_TEXT_PX, round(size * TEXT_SCALE))


@lru_cache(maxsize=256)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The interface's font for a layout's text size `px` (see TEXT_SCALE), regular or bold."""
    path = resources.files("boardhub") / "assets" / FONT_FILES[bool(bold)]
    return pygame.font.Font(str(path), font_px(px))


def line_height(px: float, bold: bool = False) -> int:
    """How far apart lines of text size `px` stand: stack lines by this, not by `px`."""
    return font(int(px), bold).get_linesize()


def shown(msg: str) -> str:
    """`msg` as drawn: Hangul typed or pasted as separate letters (as macOS names files) joined
    into syllables, which the font draws whole."""
    return msg if msg.isascii() else unicodedata.normalize("NFC", msg)


def text(surface: pygame.Surface, msg: str, px: float, pos: tuple[float, float], color=TEXT,
         anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at `pos` ("center", "midleft", ...); returns its rect."""
    f = font(int(px), bold)
    msg = shown(msg)
    img = f.render(msg, True, color)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    _note(surface, msg, f, img, rect)
    return rect


def blit_text(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect, f: pygame.font.Font,
              msg: str = "") -> None:
    """Put a line that a widget rendered itself with `f` at `rect`, noted like `text`'s."""
    surface.blit(img, rect)
    _note(surface, msg, f, img, pygame.Rect(rect.topleft, img.get_size()))


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Note every text drawn inside the block into the list it gives."""
    global recorded
    before, recorded = recorded, []
    try:
        yield recorded
    finally:
        recorded = before


@contextmanager
def panel_bounds(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Declare that the text drawn on `surface` inside the block belongs in `rect`."""
    _panels.append((surface, pygame.Rect(rect)))
    try:
        yield
    finally:
        _panels.pop()


def _note(surface: pygame.Surface, msg: str, f: pygame.font.Font, img: pygame.Surface, rect: pygame.Rect) -> None:
    if recorded is None:
        return
    bounds = None
    for s, r in _panels:
        if s is surface:
            bounds = r if bounds is None else bounds.clip(r)
    ink = img.get_bounding_rect().move(rect.topleft)
    recorded.append(DrawnText(msg, f.point_size, pygame.Rect(rect), ink, surface.get_rect(), bounds))


def wrap(msg: str, px: float, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than `width`, keeping blank lines between paragraphs."""
    f = font(int(px), bold)
    msg = shown(msg)
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


def fit_size(msg: str, px: float, width: float, bold: bool = False) -> float:
    """The largest text size up to `px` at which `msg` fits in `width`, down to the smallest
    size drawn (where `fit` then shortens it): a label shrinks a little before it is cut."""
    smallest = MIN_TEXT_PX / TEXT_SCALE
    size = px
    while size > smallest and font(int(size), bold).size(shown(msg))[0] > width:
        size = max(smallest, size - 1)
    return size


def fit(msg: str, px: float, width: float, bold: bool = False) -> str:
    """`msg`, cut with an ellipsis where it would run past `width` pixels."""
    f = font(int(px), bold)
    msg = shown(msg)
    if f.size(msg)[0] <= width:
        return msg
    while msg and f.size(msg + "…")[0] > width:
        msg = msg[:-1]
    return msg + "…"
