"""The Da Vinci Code table's painting: tiles (and their turning over), piles, names, the number pad,
the hints and the announcements, each drawn where `layout.Table` puts it. The board decides what
shows; these only draw it."""
from __future__ import annotations

import math

import pygame

from boardhub.core.i18n import _, percent
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciView
from boardhub.games.davinci.moves import Phase
from boardhub.games.davinci.ui.layout import Table, announce_px, fitting_px, text_px
from boardhub.games.davinci.words import Call, TurnUp, describe
from boardhub.ui import theme
from boardhub.ui.board import DrawContext

TILE = {BLACK: (30, 30, 36), 1: (240, 238, 230)}
INK = {BLACK: (240, 238, 230), 1: (30, 30, 36)}
EDGE = {BLACK: (90, 90, 100), 1: (160, 156, 146)}
FELT = (30, 92, 74)
FELT_EDGE = (20, 66, 52)
SELECT = (90, 200, 255)  # the tile picked for a guess and the places to click
LAST_CALL = (235, 80, 70)  # the tile of the last call
HINT = (250, 230, 150)
# the colour-blind-safe palette's (theme.OKABE_ITO): the last call vermillion, the picking sky blue, which
# differ in lightness as well, where the standard red ring on the green felt fades for a red-green reader
LAST_CALL_SAFE = theme.OKABE_ITO["vermillion"]
SELECT_SAFE = theme.OKABE_ITO["sky blue"]


def select_colour() -> tuple[int, int, int]:
    """The colour of the tile picked and the places to click, in the palette in use."""
    return theme.pick(SELECT, SELECT_SAFE)


def last_call_colour() -> tuple[int, int, int]:
    """The colour of the ring on the tile of the last call, in the palette in use."""
    return theme.pick(LAST_CALL, LAST_CALL_SAFE)


def draw_cover(surface: pygame.Surface, r: pygame.Rect, t: Table, words: str) -> None:
    """The table covered while it passes from one person to the next: its felt and the words only."""
    px = announce_px(t.tw)
    lines = theme.wrap(words, px, round(r.width * 0.8), bold=True)
    lh = theme.font(int(px), True).get_linesize()
    y = r.centery - lh * len(lines) / 2
    for k, line in enumerate(lines):
        theme.text(surface, line, px, (r.centerx, y + k * lh), theme.ACCENT, "midtop", bold=True)

def lifted(t: Table, seat: int, rect: pygame.Rect, lifted: bool) -> pygame.Rect:
    """Your own tiles that the others can see stand a little out towards the middle."""
    if not lifted:
        return rect
    dx, dy = t.inward(seat)
    return rect.move(round(dx * t.th * 0.12), round(dy * t.th * 0.12))

def draw_drawn_bar(surface: pygame.Surface, t: Table, seat: int, box: pygame.Rect) -> None:
    dx, dy = t.inward(seat)
    off = t.tw * 0.14
    color = theme.SEATS[seat]
    width = max(2, round(t.tw * 0.07))
    if dy:  # racks across: the bar lies along the tile's outer edge
        y = box.bottom + off if dy < 0 else box.y - off
        pygame.draw.line(surface, color, (box.x + 3, y), (box.right - 3, y), width)
    else:
        x = box.x - off if dx > 0 else box.right + off
        pygame.draw.line(surface, color, (x, box.y + 3), (x, box.bottom - 3), width)

def draw_tile(surface: pygame.Surface, rect: pygame.Rect, tile: tuple, shown: bool, now: float,
              flips: dict[int, tuple[float, float]]) -> None:
    colour, value, revealed, uid = tile
    sx = 1.0
    anim = flips.get(uid)
    if anim is not None and anim[1] > 0:  # the reveal: the tile turns over
        t = min(1.0, max(0.0, (now - anim[0]) / anim[1]))
        sx = abs(math.cos(math.pi * t))
        shown = shown and t >= 0.5
    body = rect.inflate(-round(rect.width * (1 - sx)), 0)
    radius = max(3, min(rect.size) // 7)
    pygame.draw.rect(surface, (12, 40, 32), body.move(2, 3), border_radius=radius)
    pygame.draw.rect(surface, TILE[colour], body, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT if revealed else EDGE[colour], body,
                     width=max(1, min(rect.size) // 18) + (1 if revealed else 0), border_radius=radius)
    if not (shown and value is not None and sx > 0.3):
        return
    short = min(rect.height, rect.width)
    if value == JOKER:  # the joker says its name, as small as it must be to fit
        theme.text(surface, _("joker"), fitting_px(_("joker"), rect.width * 0.86, short * 0.6), body.center,
                   INK[colour], "center", bold=True)
        return
    theme.text(surface, str(value), short * 0.9, body.center, INK[colour], "center", bold=True)
    if value in (6, 9):  # 6 and 9 look alike upside down: underline them, as real tiles do
        y = body.centery + short * 0.36
        pygame.draw.line(surface, INK[colour], (body.centerx - short * 0.18, y),
                         (body.centerx + short * 0.18, y), max(2, round(short * 0.05)))

def draw_pile(surface: pygame.Surface, rect: pygame.Rect, colour: int, count: int, active: bool, tw: float) -> None:
    for k in range(min(count, 4), 0, -1):
        pygame.draw.rect(surface, TILE[colour], rect.move(k * 3, -k * 3), border_radius=6)
        pygame.draw.rect(surface, EDGE[colour], rect.move(k * 3, -k * 3), width=1, border_radius=6)
    if count == 0:
        pygame.draw.rect(surface, FELT_EDGE, rect, width=2, border_radius=6)
    else:
        pygame.draw.rect(surface, TILE[colour], rect, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if active else EDGE[colour], rect, width=3 if active else 1,
                         border_radius=6)
    theme.text(surface, str(count), rect.height * 0.5, rect.center, INK[colour] if count else theme.MUTED,
               "center", bold=True)
    label = _("black pile") if colour == BLACK else _("white pile")
    theme.text(surface, label, text_px(tw, 0.42), (rect.centerx, rect.bottom + tw * 0.12), theme.TEXT,
               "midtop")

def draw_names(surface: pygame.Surface, r: pygame.Rect, view: DavinciView, t: Table, labels: tuple[str, ...]) -> None:
    """Each rack's player, on the rack's outer side; names too long for a side rack's column wrap."""
    tw = t.tw
    px = text_px(tw, 0.5)
    for seat in range(view.players):
        name = _("{name} (out)").format(name=labels[seat]) if view.out[seat] else labels[seat]
        box = t.racks[seat]
        color = theme.MUTED if view.out[seat] else theme.TEXT
        if seat == view.to_move and view.phase is not Phase.OVER:
            color = theme.ACCENT
        place = t.places[seat]
        if place in ("bottom", "top"):
            pos, anchor = ((box.centerx, box.bottom + tw * 0.3), "midtop") if place == "bottom" else \
                ((box.centerx, box.y - tw * 0.3), "midbottom")
            theme.text(surface, theme.fit(name, px, t.middle.width, bold=True), px, pos, color, anchor, bold=True)
        else:
            # within the rack's column, clear of the announcements in the middle: two lines at most
            width = t.middle.x - r.x - 0.3 * tw
            lines = theme.wrap(name, px, round(width), bold=True)
            if len(lines) > 2:
                lines = [lines[0], theme.fit(" ".join(lines[1:]), px, width, bold=True)]
            lh = theme.font(int(px), True).get_linesize()
            cx = r.x + 0.15 * tw + width / 2 if place == "left" else r.right - 0.15 * tw - width / 2
            for k, line in enumerate(lines):
                theme.text(surface, line, px, (cx, box.y - tw * 0.25 - (len(lines) - 1 - k) * lh), color,
                           "midbottom", bold=True)

def draw_pad(surface: pygame.Surface, view: DavinciView, t: Table, picked: tuple[int, int],
             allowed: set[int]) -> None:
    target, index = picked
    colour = view.racks[target][index].colour
    for value, rect in t.pad.items():
        ok = value in allowed
        pygame.draw.rect(surface, TILE[colour] if ok else theme.PANEL, rect, border_radius=6)
        pygame.draw.rect(surface, select_colour() if ok else theme.PANEL_EDGE, rect, width=2, border_radius=6)
        label = _("joker") if value == JOKER else str(value)
        px = fitting_px(label, rect.width * 0.8, rect.height * 0.65)
        theme.text(surface, label, px, rect.center, INK[colour] if ok else theme.DISABLED, "center", bold=True)

def draw_hints(surface: pygame.Surface, view: DavinciView, t: Table, hints: dict) -> None:
    """The likeliest number of each hidden opponent tile and its chance, on the tile's inner side:
    on two short lines under a tile across the table, on one line beside a tile down its side."""
    tw = t.tw
    px = text_px(tw, 0.42)
    lh = theme.font(int(px)).get_linesize()
    for (seat, index), rect in t.tiles.items():
        dist = hints.get((seat, index))
        if not dist or view.racks[seat][index].revealed or seat == view.seat:
            continue
        value, p = max(dist.items(), key=lambda kv: kv[1])
        word = _("joker") if value == JOKER else str(value)
        chance = percent(p)
        dx, dy = t.inward(seat)
        off = tw * 0.2  # clear of the outline of a picked or last-called tile
        if dx:
            pos, anchor = ((rect.right + off, rect.centery), "midleft") if dx > 0 else \
                ((rect.x - off, rect.centery), "midright")
            theme.text(surface, f"{word} {chance}", px, pos, HINT, anchor)
        else:
            y = rect.bottom + off if dy > 0 else rect.y - off - 2 * lh
            theme.text(surface, word, px, (rect.centerx, y), HINT, "midtop", bold=True)
            theme.text(surface, chance, px, (rect.centerx, y + lh), HINT, "midtop")

def draw_announcements(surface: pygame.Surface, t: Table, ctx: DrawContext, live: list[Call | TurnUp]) -> None:
    """The last calls, in words, above the piles until they are a few seconds old."""
    if not live:
        return
    you = ctx.humans[0] if len(ctx.humans) == 1 else None
    px = announce_px(t.tw)
    font = theme.font(int(px), True)
    lh = font.get_linesize()
    width = t.middle.width * 0.94
    room = max(1, int((t.announce_bottom - t.announce_top - 0.6 * px) // lh))
    rows: list[tuple[str, int]] = []
    for event in reversed(live):  # the newest calls, whole, as many as there is room for
        lines = theme.wrap(describe(event, ctx.labels, you), px, round(width - 1.6 * px), bold=True)
        if rows and len(rows) + len(lines) > room:
            break
        rows = [(line, event.seat) for line in lines] + rows
    h = lh * len(rows) + px * 0.6
    w = max(font.size(line)[0] for line, _colour in rows) + px * 1.6
    box = pygame.Rect(0, 0, round(w), round(h))
    box.midbottom = (t.middle.centerx, round(t.announce_bottom))
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (16, 24, 30, 215), layer.get_rect(), border_radius=8)
    surface.blit(layer, box)
    for k, (line, seat) in enumerate(rows):
        y = box.y + px * 0.3 + k * lh
        bar = (box.x + px * 0.35, y + lh * 0.15, max(3, px * 0.2), lh * 0.7)  # the caller's colour
        pygame.draw.rect(surface, theme.SEATS[seat], bar, border_radius=2)
        theme.text(surface, line, px, (box.x + px * 0.9, y), theme.TEXT, bold=True)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, tw: float, colour: tuple[int, int, int], label: str,
              s: float, inward: tuple[int, int]) -> None:
    """A mark around a target (a tile, a gap, a pile, a key) with its label on the side `inward`."""
    ring = rect.inflate(round(tw * 0.3), round(tw * 0.3))
    pygame.draw.rect(surface, colour, ring, width=max(3, round(tw * 0.09)), border_radius=max(5, rect.width // 4))
    if label:
        img = theme.font(theme.font_px(16 * s), True).render(label, True, (20, 24, 30))
        gap = round(4 * s)
        box = img.get_rect(**{(0, -1): {"midbottom": (ring.centerx, ring.y - gap)},
                              (0, 1): {"midtop": (ring.centerx, ring.bottom + gap)},
                              (1, 0): {"midleft": (ring.right + gap, ring.centery)},
                              (-1, 0): {"midright": (ring.x - gap, ring.centery)}}[inward])
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, colour, box.inflate(round(8 * s), round(2 * s)), border_radius=4)
        surface.blit(img, box)


def draw_tooltip(surface: pygame.Surface, bounds: pygame.Rect, t: Table, target: pygame.Rect, title: str,
                 lines: list[str], inward: tuple[int, int] = (0, -1)) -> pygame.Rect:
    """A small box beside `target` (a tile) with a title and lines, on its side `inward` (towards the middle
    of the table, clear of the rest of its rack), kept inside `bounds`; returns the box."""
    px = max(theme.MIN_TEXT_PX / theme.TEXT_SCALE, min(t.tw * 0.42, 28))
    width = round(min(bounds.width * 0.9, max(px * 16, bounds.width * 0.42)))
    rows = [(row, i == 0) for i, line in enumerate([title, *lines])
            for row in theme.wrap(line, px, width - round(px * 1.2), bold=i == 0)]
    lh = theme.line_height(px)
    widest = max(theme.font(int(px), bold).size(theme.shown(row))[0] for row, bold in rows)
    w = min(width, math.ceil(widest + px * 1.2) + 2)  # rounded up: the widest row is never cut by a pixel
    box = pygame.Rect(0, 0, w, round(lh * len(rows) + px * 0.8))
    gap = round(px * 0.4)
    if inward == (1, 0):
        box.midleft = (target.right + gap, target.centery)
    elif inward == (-1, 0):
        box.midright = (target.x - gap, target.centery)
    elif inward == (0, 1):
        box.midtop = (target.centerx, target.bottom + gap)
    else:
        box.midbottom = (target.centerx, target.y - gap)
    box.clamp_ip(bounds)
    # a layer of its own, as a tooltip is: it covers the table's words under it (a rack's name) whole
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    inside = layer.get_rect()
    pygame.draw.rect(layer, (16, 24, 30), inside, border_radius=8)
    pygame.draw.rect(layer, theme.PANEL_EDGE, inside, width=1, border_radius=8)
    with theme.panel_bounds(layer, inside):
        for k, (row, bold) in enumerate(rows):
            theme.text(layer, theme.fit(row, px, box.width - px * 1.2, bold), px,
                       (px * 0.6, px * 0.4 + k * lh), theme.TEXT if bold else theme.MUTED, bold=bold)
    surface.blit(layer, box)
    return box
