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
        # beside another learning: how alike they are, said instead of how the boards were made
        lines = [_("Similarity: put {put}, eat {eat}, mean {mean}.").format(
            put=r(sim.put), eat=r(sim.eat), mean=r(sim.mean)) + " " + _(learnings.SIMILARITY_METHOD)]
    return lines


def _boards(learning: Learning, other: Learning | None) -> list[tuple[str, list[int]]]:
    """The boards to draw, titled: put and eat; beside another learning, each put board beside the other's."""
    if other is None:
        return [(_("Put board"), learning.put), (_("Eat board"), learning.eat)]

    def titled(lrn: Learning, board: str) -> str:
        return _("{learning}: {board}").format(learning=learning_label(lrn), board=board)
    return [(titled(learning, _("Put board")), learning.put), (titled(other, _("Put board")), other.put),
            (titled(learning, _("Eat board")), learning.eat), (titled(other, _("Eat board")), other.eat)]


def _panels(area: pygame.Rect, four: bool) -> list[pygame.Rect]:
    """Where the boards go: two side by side; four in a row or two rows of two, whichever gives bigger boards."""
    if not four:
        half = area.width // 2
        return [pygame.Rect(area.x + n * half, area.y, half, area.height) for n in range(2)]
    quarter, half, row_h = area.width // 4, area.width // 2, area.height // 2
    if min(quarter, area.height * 0.7) >= min(half, row_h * 0.7):
        return [pygame.Rect(area.x + n * quarter, area.y, quarter, area.height) for n in range(4)]
    return [pygame.Rect(area.x + (n % 2) * half, area.y + (n // 2) * row_h, half, row_h - 6) for n in range(4)]


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
    draw = draw_surface if style == SURFACE else draw_heatmap
    for rect, (label, values) in zip(_panels(pygame.Rect(30, top, w - 60, legend_top - top - 8), other is not None),
                                     _boards(learning, other)):
        draw(surface, rect, values, label)
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
