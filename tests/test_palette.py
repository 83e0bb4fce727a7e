"""The colour-blind-safe palette: its colours of meaning stay apart under simulated deuteranopia and
protanopia, and in lightness alone; the setting applies at once and is remembered."""
from __future__ import annotations

import itertools
import math

import pytest
from uidriver import click

from boardhub.core.settings import Settings
from boardhub.games.davinci.ui import paint
from boardhub.games.gomoku.ui import board as gomoku_board
from boardhub.games.othello.ui import board as othello_board
from boardhub.ui import review_graph, theme

# Viénot, Brettel and Mollon (1999): dichromat vision as a projection in linear sRGB (the matrices that
# DaltonLens and most simulators give for it)
SIMULATIONS = {
    "deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
    "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
}
APART = 15.0  # CIEDE2000: a difference seen at a glance (about 2 is just noticeable)
LIGHTER = 8.0  # L*: apart in lightness alone, as in grey


def linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulated(rgb, kind: str) -> tuple[float, float, float]:
    lin = [linear(c) for c in rgb[:3]]
    out = []
    for row in SIMULATIONS[kind]:
        v = min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin))))
        out.append(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    return tuple(out)


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = (linear(c) for c in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(c1, c2) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = lab(c1), lab(c2)
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2 - h1 + 180) % 360 - 180
    dl, dc = l2 - l1, c2p - c1p
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2)
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    rt = -math.sin(math.radians(60 * math.exp(-((hbar - 275) / 25) ** 2))) * 2 * math.sqrt(
        cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def problems(colours: dict[str, tuple]) -> list[str]:
    """Each pair of colours that a red-green colour-blind player could take for one another, or that only
    hue tells apart."""
    out = []
    for (n1, c1), (n2, c2) in itertools.combinations(colours.items(), 2):
        for kind in SIMULATIONS:
            if ciede2000(simulated(c1, kind), simulated(c2, kind)) < APART:
                out.append(f"{n1}/{n2} under {kind}")
        if abs(lab(c1)[0] - lab(c2)[0]) < LIGHTER:
            out.append(f"{n1}/{n2} in lightness")
    return out


def meanings() -> dict[str, dict[str, tuple]]:
    """Every group of colours that carry meanings side by side, in the palette in use."""
    return {
        "seats": {f"seat {i + 1}": c for i, c in enumerate(theme.SEATS)},
        "here and away (network tables), success and error": {"here": theme.SUCCESS, "away": theme.ERROR},
        "Gomoku's marks": {"last move": theme.pick(gomoku_board.LAST_MOVE, gomoku_board.LAST_MOVE_SAFE),
                           "winning line": theme.pick(gomoku_board.WIN_LINE, gomoku_board.WIN_LINE_SAFE),
                           "wood": gomoku_board.WOOD},
        # the last move's dot is drawn on a disc; the best move's mark on the board
        "Othello's last move": {"last move": theme.pick(othello_board.LAST_MOVE, othello_board.LAST_MOVE_SAFE),
                                "black disc": othello_board.DISC[0], "white disc": othello_board.DISC[1]},
        "Othello's best move": {"best move": theme.BEST, "board": othello_board.GREEN},
        "Da Vinci's marks": {"last call": paint.last_call_colour(), "picked": paint.select_colour(),
                             "felt": paint.FELT},
        "review ratings": {r: review_graph.rating_colour(r) for r in review_graph.RATING_COLOURS},
        "review's marks on the board": {"move played": theme.ACCENT, "better move": theme.BEST},
    }


@pytest.fixture
def safe():
    theme.use_palette("safe")
    yield
    theme.use_palette("standard")


def test_the_measure_finds_the_standard_red_and_green_alike():
    theme.use_palette("standard")
    assert "seat 2/seat 3 under deuteranopia" in problems(meanings()["seats"])  # red and green seats
    assert problems(meanings()["here and away (network tables), success and error"])
    assert not problems({"black": (0, 0, 0), "white": (255, 255, 255)})


@pytest.mark.usefixtures("safe")
@pytest.mark.parametrize("group", list(meanings()))
def test_the_safe_palette_keeps_every_meaning_apart(group):
    assert problems(meanings()[group]) == []


def test_the_safe_palette_is_okabe_ito_and_the_standard_one_comes_back(safe):
    assert set(theme.SEATS) <= set(theme.OKABE_ITO.values())
    theme.use_palette("nonsense")  # a name no version knows: the standard colours
    assert theme.palette == "standard" and theme.SEATS[1] == (226, 72, 64)


def test_the_setting_applies_at_once_and_is_remembered(app):
    click(app, app.top.settings_button.rect.center)
    colours = dict(app.top.rows)["Colours"]
    click(app, (colours.rect.right - 4, colours.rect.centery))
    app.frame(0.016)
    assert app.settings.palette == "safe" and theme.palette == "safe"
    assert theme.SEATS[1] == theme.OKABE_ITO["vermillion"]
    app.save_settings()
    assert Settings.load().palette == "safe"
    click(app, (colours.rect.x + 4, colours.rect.centery))
    assert theme.palette == "standard" and theme.SEATS[1] == (226, 72, 64)


def test_a_bad_palette_in_the_file_takes_the_default():
    s = Settings()
    assert s._take({"palette": "rainbow"}) == ["palette"] and s.palette == "standard"
    assert s._take({"palette": "safe"}) == [] and s.palette == "safe"
