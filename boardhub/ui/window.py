"""The window's size on opening: what fits the player's desktop, or what they left it at last time.

Pure arithmetic on sizes, so every desktop from a small laptop to a large monitor
can be tried without a screen. The app asks `place_window` once, before it opens
the window, with `pygame.display.get_desktop_sizes()` and the remembered settings.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardhub.ui.theme import BASE_SIZE, MIN_SIZE

Size = tuple[int, int]

# What the desktop keeps for itself around a window: the frame's sides and title bar,
# a panel or taskbar, a dock at one side. SDL tells the desktop's size, not the part a
# window may use, so this is a guess that holds for the common desktops (a 40-48 px
# taskbar and a 30-37 px title bar on Windows and GNOME, 20 px of title on openbox).
FRAME_ROOM: Size = (80, 100)
# On a large desktop the window takes this share of it: a window, not a second fullscreen.
COMFORT = 0.8
# A desktop smaller than this is not believed: headless drivers report odd sizes.
SMALLEST_DESKTOP: Size = (320, 240)


@dataclass(frozen=True)
class Placement:
    """How to open the window: its size, whether to maximise it, and the smallest size it may take."""
    size: Size
    maximized: bool
    minimum: Size


def usable_area(desktops: list[Size]) -> Size | None:
    """The part of the first desktop a window may fill with its frame around it; None if not known."""
    if not desktops:
        return None
    w, h = desktops[0]
    if w < SMALLEST_DESKTOP[0] or h < SMALLEST_DESKTOP[1]:
        return None
    return w - FRAME_ROOM[0], h - FRAME_ROOM[1]


def fitting_size(desktop: Size, usable: Size) -> Size:
    """The size for a first start: the design size where it fits, more of a large desktop, never more than fits."""
    w = min(usable[0], max(BASE_SIZE[0], round(desktop[0] * COMFORT)))
    h = min(usable[1], max(BASE_SIZE[1], round(desktop[1] * COMFORT)))
    return w, h


def place_window(desktops: list[Size], remembered: Size | None = None, maximized: bool = False) -> Placement:
    """Where the window opens on `desktops` (as `pygame.display.get_desktop_sizes()` reports them).

    A size remembered from last time is kept, shrunk to what fits this desktop (it may
    be a smaller screen than last time) and grown to the smallest the layouts take.
    A desktop too small for the smallest layout (an 800 x 600 screen, once its title
    bar is drawn) gets the window maximised: all of the screen is better than a window
    cut off at the bottom, and the minimum size then drops to what fits.
    """
    if remembered is not None and (remembered[0] <= 0 or remembered[1] <= 0):
        remembered = None  # nothing remembered yet (or nonsense in the file)
    usable = usable_area(desktops)
    if usable is None:  # no desktop to fit: the design size, or the one remembered
        size = remembered or BASE_SIZE
        return Placement((max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])), maximized, MIN_SIZE)
    minimum = (min(MIN_SIZE[0], usable[0]), min(MIN_SIZE[1], usable[1]))
    wanted = remembered or fitting_size(desktops[0], usable)
    size = (max(minimum[0], min(wanted[0], usable[0])), max(minimum[1], min(wanted[1], usable[1])))
    too_small = usable[0] < MIN_SIZE[0] or usable[1] < MIN_SIZE[1]
    return Placement(size, maximized or too_small, minimum)
