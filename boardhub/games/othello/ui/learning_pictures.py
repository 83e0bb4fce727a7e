"""Pictures of learned boards: one learning or two side by side, as heat maps or as the source's 3-D surfaces.

The Learned boards page draws `render` at the window's size; `export_png`
saves the same picture (the page's Export PNG), or, for the command line's
`learn othello --png`, both kinds at once: the heat maps above the surfaces.
"""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the command line prints only its results

import pygame  # noqa: E402

from boardhub.core.i18n import N_, _, number  # noqa: E402
from boardhub.core.seat_names import ai_name  # noqa: E402
from boardhub.games.othello import learnings  # noqa: E402
from boardhub.games.othello.learning import SHIPPED, Learning  # noqa: E402
from boardhub.games.othello.ui.heatmap import draw_heatmap  # noqa: E402
from boardhub.games.othello.ui.surface3d import draw_surface  # noqa: E402
from boardhub.ui import theme  # noqa: E402

HEAT, SURFACE = "heat", "3d"
STYLES = (HEAT, SURFACE)
STYLE_LABELS = {HEAT: N_("Heat maps"), SURFACE: N_("3-D surfaces")}


def learning_label(learning: Learning) -> str:
    """A learning as the pictures name it: its name ("kim#400": a snapshot), or the shipped one's words."""
    if learning.source in ("", SHIPPED, learnings.SHIPPED_NAME):
        return _("shipped")
    return learning.source


def _title(learning: Learning, other: Learning | None) -> str:
    if other is not None:
        return _("{a} ({a_games} games) beside {b} ({b_games} games)").format(
            a=learning_label(learning), a_games=number(learning.games),
            b=learning_label(other), b_games=number(other.games))
    # the file names its players by their AI specs ("random vs random"): shown by their names on the screen
    who = " vs ".join(map(ai_name, learning.players.split(" vs "))) if learning.players else _("the games played")
    return _("Othello: what {count} games ({players}) taught").format(count=number(learning.games), players=who)


def _legend(learning: Learning, other: Learning | None, style: str) -> list[str]:
    if style == SURFACE:
        lines = [_("The height of the surface is the weight of each square, as the source graphs it: up for "
                   "winners' squares, down for losers'; each board on its own scale (shown under it).")]
    else:
        lines = [_("Put board: +1 on each square the winner played, -1 on each square the loser played. "
                   "Eat board: +1 each time the winner captured the disc on a square, -1 each time the loser did."),
                 _("Red above 0, blue below, white at 0; each board on its own linear scale, shown under it.")]
    if other is None:
        lines.append(_("Draws add nothing (black won {black}, white {white}, draws {draws}).").format(
            black=number(learning.black_wins), white=number(learning.white_wins), draws=number(learning.draws)))
    else:
        sim = learnings.similarity(learning, other)

        def r(v: float | None) -> str:
            return _("none (a flat board)") if v is None else f"{v:+.2f}"
        lines.insert(0, _("Similarity: put {put}, eat {eat}, mean {mean}.").format(
            put=r(sim.put), eat=r(sim.eat), mean=r(sim.mean)) + " " + _(learnings.SIMILARITY_METHOD))
    return lines


def render(learning: Learning, size: tuple[int, int] = (1400, 820), other: Learning | None = None,
           style: str = HEAT) -> pygame.Surface:
    """`learning`'s put and eat boards side by side, or above `other`'s; titled, with a legend under them."""
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(theme.BG)
    w, h = size
    px = max(theme.MIN_TEXT_PX, min(h // 32, w // 56, 26))
    title = _title(learning, other)
    theme.text(surface, theme.fit(title, px * 1.3, w - 20, bold=True), px * 1.3, (w / 2, 12), anchor="midtop",
               bold=True)
    lines = [line for text in _legend(learning, other, style) for line in theme.wrap(text, px, w - 60)]
    legend_top = h - 12 - len(lines) * (px + 4)
    top = 12 + int(px * 1.3) + 14
    rows = [learning] if other is None else [learning, other]
    row_h = (legend_top - top - 8) // len(rows)
    half = (w - 60) // 2
    draw = draw_surface if style == SURFACE else draw_heatmap
    for i, lrn in enumerate(rows):
        for n, (name, values) in enumerate(((_("Put board"), lrn.put), (_("Eat board"), lrn.eat))):
            label = name if other is None else _("{learning}: {board}").format(learning=learning_label(lrn),
                                                                            board=name)
            draw(surface, pygame.Rect(30 + n * half, top + i * row_h, half, row_h - 6), values, label)
    for i, line in enumerate(lines):
        theme.text(surface, line, px, (30, legend_top + i * (px + 4)), theme.MUTED)
    return surface


def export_png(path: str | Path, learning: Learning, other: Learning | None = None,
               style: str | None = None) -> Path:
    """Save a picture of `learning` (beside `other`, if given) as a PNG; works headless.

    `style` None draws both kinds, the heat maps above the 3-D surfaces.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if style is not None:
        picture = render(learning, (1600, 1000 if other is None else 1400), other, style)
    else:
        heat = render(learning, (1400, 820), other, HEAT)
        solid = render(learning, (1400, 720), other, SURFACE)
        picture = pygame.Surface((1400, 820 + 720))
        picture.blit(heat, (0, 0))
        picture.blit(solid, (0, 820))
    pygame.image.save(picture, str(path))
    return path
