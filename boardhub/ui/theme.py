"""Colours, fonts and the scale factor that lets every layout follow the window size.

Every text of the interface is drawn here (`text`, or `blit_text` for a line a
widget renders itself), in the font shipped in assets/: a cut of Noto Sans CJK
KR, which also has Hangul. Tests can switch on a record of every text drawn
(`recording`), with the panel it was drawn for (`panel_bounds`), to check that
nothing is too small or runs out of its panel at any window size.
"""
from __future__ import annotations

import math
import unicodedata
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Callable, Iterator, NamedTuple

import pygame

from boardhub.core.files import clean_text

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

# The colour-blind-safe palette takes its colours from Okabe and Ito's "Color Universal Design" set (2008),
# chosen to stay apart for people with any common colour blindness. Where two colours of it mean different
# things on one screen they also differ in lightness, so they stay apart even in grey
# (tests/test_palette.py checks both under simulated deuteranopia and protanopia).
OKABE_ITO = {"orange": (230, 159, 0), "sky blue": (86, 180, 233), "bluish green": (0, 158, 115),
             "yellow": (240, 228, 66), "blue": (0, 114, 178), "vermillion": (213, 94, 0),
             "reddish purple": (204, 121, 167)}
PALETTES = ("standard", "safe")  # the Settings' choices, as settings.json keeps them
# the theme's colours that carry a meaning, in each palette; a board's own (a last-move mark) go through `pick`
_MEANINGFUL = {
    "standard": {"SEATS": SEATS, "SUCCESS": SUCCESS, "ERROR": ERROR, "BEST": BEST},
    "safe": {"SEATS": (OKABE_ITO["blue"], OKABE_ITO["vermillion"], OKABE_ITO["sky blue"], OKABE_ITO["yellow"]),
             "SUCCESS": OKABE_ITO["sky blue"], "ERROR": OKABE_ITO["vermillion"], "BEST": OKABE_ITO["sky blue"]},
}
palette = "standard"  # the palette in use: `use_palette` sets it, and every drawing reads it as it draws

BASE_SIZE = (1280, 800)
MIN_SIZE = (800, 600)  # the smallest window every layout is made for
MIN_TEXT_PX = 12  # the smallest font size any text is drawn at, however small the window
# Layouts give text sizes in their own unit, which the font is drawn at three quarters
# of (a layout's 20 is a 15 px font): the proportions every layout was made with.
TEXT_SCALE = 0.75
# Fitting is cached by text, size and width: a screen draws the same few texts every frame.
FIT_CACHE = 1024
FIRST_PROBE = 32  # the length a fit first measures: most labels fit whole at it or one doubling later
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
    into syllables, which the font draws whole; no control character but line ends (pygame
    refuses a NUL and a lone surrogate: the last guard, after the cleaning where text enters)."""
    if msg.isascii() and msg.isprintable():
        return msg  # nearly every text drawn: nothing to clean or join
    msg = clean_text(str(msg), keep_lines=True).replace("\t", " ")
    return msg if msg.isascii() else unicodedata.normalize("NFC", msg)


def render(f: pygame.font.Font, msg: str, color) -> pygame.Surface:
    """`msg` (as `shown` gives it) rendered with `f`; never raises: a text of zero width (a lone
    zero-width space) is drawn as nothing."""
    try:
        return f.render(msg, True, color)
    except (pygame.error, ValueError, UnicodeError):
        return f.render("", True, color)


def text(surface: pygame.Surface, msg: str, px: float, pos: tuple[float, float], color=TEXT,
         anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at `pos` ("center", "midleft", ...); returns its rect."""
    f = font(int(px), bold)
    msg = shown(msg)
    img = render(f, msg, color)
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


def wrap_to_fit(msg: str, px: float, box: pygame.Rect) -> tuple[list[str], float]:
    """The lines of a sentence kept whole in `box`, and their size: wrapped, smaller until they fit (its
    end is cut only where even the smallest text would not fit)."""
    smallest = MIN_TEXT_PX / TEXT_SCALE
    lines = wrap(msg, px, box.width)
    while px > smallest and len(lines) * line_height(px) > box.height:
        px = max(smallest, px - 1)
        lines = wrap(msg, px, box.width)
    most = max(1, int(box.height // line_height(px)))
    if len(lines) > most:
        lines = lines[:most - 1] + [fit(" ".join(lines[most - 1:]), px, box.width)]
    return lines, px


def paragraph(surface: pygame.Surface, msg: str, px: float, box: pygame.Rect, color) -> None:
    """A sentence drawn whole in `box` from its top left (`wrap_to_fit`)."""
    lines, px = wrap_to_fit(msg, px, box)
    for i, line in enumerate(lines):
        text(surface, line, px, (box.x, box.y + line_height(px) * i), color)


def wrap(msg: str, px: float, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than `width`, keeping blank lines between paragraphs
    (a word wider than `width` keeps a line of its own, for the caller to `fit`)."""
    return list(_wrap(msg, int(px), math.floor(width), bool(bold)))


@lru_cache(maxsize=FIT_CACHE)
def _wrap(msg: str, px: int, width: int, bold: bool) -> tuple[str, ...]:
    # Each line takes the most words that fit, found by `_longest` from the last line's count:
    # two or three measures a line rather than one per word of it.
    f = font(px, bold)
    out: list[str] = []
    for para in shown(msg).split("\n"):
        words = para.split()
        start, count = 0, FIRST_PROBE
        while start < len(words):
            # the first guess is the last line's count: the lines of a text hold about as many words each
            count = max(1, _longest(len(words) - start,
                                    lambda n: _width(f, " ".join(words[start:start + n])) <= width, count, 1))
            out.append(" ".join(words[start:start + count]))
            start += count
        if not words:
            out.append("")
    return tuple(out)


def use_palette(name: str) -> None:
    """Draw with the palette `name` from now on (an unknown name: the standard one). Every screen reads
    the colours as it draws, so the change shows at the next frame, without a restart."""
    global palette
    palette = name if name in _MEANINGFUL else "standard"
    globals().update(_MEANINGFUL[palette])


def pick(standard: tuple, safe: tuple) -> tuple:
    """A board's own colour of meaning (a last-move mark, a winning line): `safe` under the colour-blind-safe
    palette, else `standard`."""
    return safe if palette == "safe" else standard


def on_colour(fill) -> tuple[int, int, int]:
    """The ink that reads on `fill`: dark on a light colour (the safe palette's yellow seat), else light."""
    r, g, b = fill[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 160 else TEXT


def lighten(color, amount: float = 0.5):
    return tuple(round(c + (255 - c) * amount) for c in color[:3])


def panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: int = 12) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=radius)


def fit_size(msg: str, px: float, width: float, bold: bool = False) -> float:
    """The largest text size up to `px` at which `msg` fits in `width`, down to the smallest
    size drawn (where `fit` then shortens it): a label shrinks a little before it is cut."""
    return _fit_size(msg, px, math.floor(width), bool(bold))


@lru_cache(maxsize=FIT_CACHE)
def _fit_size(msg: str, px: float, width: int, bold: bool) -> float:
    smallest = MIN_TEXT_PX / TEXT_SCALE
    msg = shown(msg)
    if px <= smallest:
        return px
    if not _fits(font(int(smallest), bold), msg, width):
        return smallest  # it is cut at the smallest size: no size in between need be tried
    size = px
    while size > smallest and not _fits(font(int(size), bold), msg, width):
        size = max(smallest, size - 1)
    return size


def row_label(surface: pygame.Surface, msg: str, px: float, pos: tuple[float, float], width: float) -> None:
    """A form row's label, left of its field: muted, smaller until it fits `width` (then cut)."""
    size = fit_size(msg, px, width)
    text(surface, fit(msg, size, width), size, pos, MUTED, "midleft")


def fit(msg: str, px: float, width: float, bold: bool = False) -> str:
    """`msg`, cut with an ellipsis where it would run past `width` pixels: its longest start that
    fits with the ellipsis (the whole of it when it fits)."""
    return _fit(msg, int(px), math.floor(width), bool(bold))


@lru_cache(maxsize=FIT_CACHE)
def _fit(msg: str, px: int, width: int, bold: bool) -> str:
    f = font(px, bold)
    msg = shown(msg)
    if _fits(f, msg, width):
        return msg
    return msg[:_longest(len(msg), lambda n: _width(f, msg[:n] + "…") <= width)] + "…"


def fit_tail(msg: str, px: float, width: float, bold: bool = False) -> str:
    """The longest end of `msg` that fits in `width` pixels (a text field keeps its end in view, as
    editors do); the whole of it when it fits."""
    return _fit_tail(msg, int(px), math.floor(width), bool(bold))


@lru_cache(maxsize=FIT_CACHE)
def _fit_tail(msg: str, px: int, width: int, bold: bool) -> str:
    f = font(px, bold)
    msg = shown(msg)
    return msg[len(msg) - _longest(len(msg), lambda n: _width(f, msg[len(msg) - n:]) <= width):]


class Measured:
    """How much text the fitting functions measured, for checks that fitting stays cheap
    (a count of measures and of the characters in them: what a frame's fitting costs)."""

    calls = 0
    chars = 0


def _width(f: pygame.font.Font, msg: str) -> int:
    Measured.calls += 1
    Measured.chars += len(msg)
    return f.size(msg)[0]


def _fits(f: pygame.font.Font, msg: str, width: int) -> bool:
    """Whether all of `msg` fits in `width`, measuring no more of a long text than about twice
    what fits of it (a 6 MB line is not measured whole to find that it does not fit)."""
    return _longest(len(msg), lambda n: _width(f, msg[:n]) <= width) == len(msg)


def _longest(n: int, fits: Callable[[int], bool], first: int = FIRST_PROBE, step: int | None = None) -> int:
    """The largest k in 0..n for which `fits(k)` holds, `fits` being true up to some k and false
    after it (text is no narrower for a letter more); `fits(0)` is taken as true. It tries `first`,
    gallops from there (up or down, by `step` (default `first`) and doubling) until it has a k
    that fits and one that does not, then halves the gap: O(log k) calls, none of them on much
    more than twice the k it finds."""
    step = max(1, first if step is None else step)
    probe = min(n, max(1, first))
    if fits(probe):
        good = probe
        while True:
            if good == n:
                return n
            probe = min(n, good + step)
            if not fits(probe):
                bad = probe
                break
            good, step = probe, step * 2
    else:
        bad = probe
        while True:
            probe = max(0, bad - step)
            if probe == 0 or fits(probe):
                good = probe
                break
            bad, step = probe, step * 2
    while bad - good > 1:
        mid = (good + bad) // 2
        if fits(mid):
            good = mid
        else:
            bad = mid
    return good
