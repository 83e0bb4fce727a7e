"""Where everything stands on the Da Vinci Code table: tile size, racks, drawn tiles, gaps, piles,
the number pad and Stop, for one view in one window. Pure geometry: the board draws and reads
clicks and keys from the `Table` that `lay_out` gives.

The tiles are as big as the window allows with room for RACK_ROOM tiles a
rack (more when a rack grows past it), so that nothing moves while a game goes
on but the tiles that arrive.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from boardhub.games.davinci.engine import BLACK, JOKER, DavinciView
from boardhub.ui import theme

PAD_VALUES = tuple(range(12)) + (JOKER,)
PLACES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
# Racks hold this many tiles before the tiles shrink: a full 2-player rack is 13, but most games
# end sooner, and tiles that keep one size through a game are easier to follow.
RACK_ROOM = {2: 11, 3: 9, 4: 8}
GAP = 0.12  # between two tiles, in tile widths
HAND_GAP = 0.45  # between a rack and the drawn tile waiting at its end, in tile widths
OPEN_GAP = 0.6  # the most a legal gap opens while you place a tile, in tile widths


@dataclass
class Table:
    """Where everything stands on the table for one view in one window (`DavinciBoard.table`)."""

    tw: float  # a standing tile's width (its height is 1.45 times that)
    th: float
    places: dict[int, str]  # seat -> "bottom", "left", "top", "right"
    tiles: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)  # (seat, index) -> tile
    hands: dict[int, pygame.Rect] = field(default_factory=dict)  # seat -> where a tile it drew waits
    slots: dict[int, pygame.Rect] = field(default_factory=dict)  # the gaps you may place your tile in
    racks: dict[int, pygame.Rect] = field(default_factory=dict)  # seat -> the span of its rack
    piles: dict[int, pygame.Rect] = field(default_factory=dict)
    pad: dict[int, pygame.Rect] = field(default_factory=dict)
    stop: pygame.Rect = field(default_factory=pygame.Rect)
    middle: pygame.Rect = field(default_factory=pygame.Rect)  # the open felt between the racks
    announce_top: float = 0.0  # announcements stand between these two lines, above the piles
    announce_bottom: float = 0.0

    def inward(self, seat: int) -> tuple[int, int]:
        """The way from this seat's rack to the middle of the table."""
        return {"bottom": (0, -1), "top": (0, 1), "left": (1, 0), "right": (-1, 0)}[self.places[seat]]


def text_px(tw: float, share: float) -> float:
    """A font size that grows with the tiles but never below the readable minimum."""
    return max(theme.MIN_TEXT_PX, tw * share)


def announce_px(tw: float) -> float:
    return min(text_px(tw, 0.5), 36)


def fitting_px(word: str, width: float, most: float, bold: bool = True) -> float:
    """The text size at which `word` is `width` wide, but no more than `most`."""
    return min(most, 100 * width / max(1, theme.font(100, bold).size(word)[0]))


def lay_out(r: pygame.Rect, view: DavinciView, order: list[int], placing: bool) -> Table:
    """Lay the table out for this view: tile size, racks, drawn tiles, gaps, piles, pad and Stop.

    The tiles are as big as the window allows with room for RACK_ROOM
    tiles a rack (more when a rack grows past it), so that nothing moves
    while a game goes on but the tiles that arrive.
    """
    places = dict(zip(order, PLACES[view.players]))
    across = [s for s, p in places.items() if p in ("bottom", "top")]
    down = [s for s, p in places.items() if p in ("left", "right")]
    room = RACK_ROOM[view.players]
    long_across = max([room] + [len(view.racks[s]) for s in across]) + 1 + HAND_GAP
    long_down = max([room] + [len(view.racks[s]) for s in down]) + 1 + HAND_GAP
    side_share = 3.0 if down else 0.0  # a side rack's column: margin, the lying tile, its hints
    tw = r.width * 0.96 / (long_across * (1 + GAP) + 2 * side_share)
    if down:  # a side rack's tiles lie down: 0.8 of a tile's width tall, and run down the side
        tw = min(tw, r.height * 0.8 / (long_down * 0.8 * (1 + GAP)))
    for _step in range(4):  # the text does not shrink below its minimum with the tiles: close in on the fit
        tw *= min(1.0, r.height / height_needed(tw, "top" in places.values()))
    th = tw * 1.45
    t = Table(tw, th, places)
    gap = tw * GAP
    name_h = theme.font(int(text_px(tw, 0.5)), True).get_linesize()
    hint_h = theme.font(int(text_px(tw, 0.42))).get_linesize()
    side_w = side_share * tw
    t.middle = pygame.Rect(round(r.x + side_w), r.y, round(r.width - 2 * side_w), r.height)
    open_slots = set(view.slots) if placing else set()
    for seat, place in places.items():
        n = len(view.racks[seat])
        if place in ("bottom", "top"):
            # the gaps you may place your drawn tile in open up, as far as the rack's room allows
            mine = seat == view.seat and bool(open_slots)
            spare = t.middle.width * 0.96 - (n + 1 + HAND_GAP) * (tw + gap)
            opening = max(0.0, min(OPEN_GAP * tw, spare / max(1, len(open_slots))))
            # the space before tile k (k = n: after the last one); an open gap at an end is never shut
            seps = [(gap if 0 < k < n else 0.0) + (opening if mine and k in open_slots else 0.0)
                    for k in range(n + 1)]
            seps = [max(sep, gap) if mine and k in open_slots else sep for k, sep in enumerate(seps)]
            span = n * tw + sum(seps) + (HAND_GAP + 1) * tw
            x = t.middle.centerx - span / 2
            y = r.bottom - name_h - 0.3 * tw - th if place == "bottom" else r.y + name_h + 0.3 * tw
            for k in range(n + 1):
                if mine and k in open_slots:
                    margin = min(gap * 0.25, seps[k] * 0.15)
                    t.slots[k] = pygame.Rect(round(x + margin), round(y - th * 0.08),
                                             max(3, round(seps[k] - 2 * margin)), round(th * 1.16))
                x += seps[k]
                if k < n:
                    t.tiles[(seat, k)] = pygame.Rect(round(x), round(y), round(tw), round(th))
                    x += tw
            lift = (-0.3 if place == "bottom" else 0.3) * th  # a drawn tile stands out towards the middle
            t.hands[seat] = pygame.Rect(round(x + HAND_GAP * tw), round(y + lift), round(tw), round(th))
            t.racks[seat] = pygame.Rect(round(t.middle.centerx - span / 2), round(y), round(span), round(th))
        else:  # side racks lie on their side, as seen across the table, and run top to bottom
            w2, h2 = th * 0.8, tw * 0.8
            span = n * (h2 + gap) + (HAND_GAP + 1) * h2
            y = max(r.centery - span / 2 + name_h / 2, r.y + 2 * name_h + 0.3 * tw)
            x = r.x + 0.35 * tw if place == "left" else r.right - 0.35 * tw - w2
            for i in range(n):
                t.tiles[(seat, i)] = pygame.Rect(round(x), round(y + i * (h2 + gap)), round(w2), round(h2))
            hy = y + n * (h2 + gap) + (HAND_GAP * h2 if n else 0)
            t.hands[seat] = pygame.Rect(round(x + (0.3 if place == "left" else -0.3) * w2), round(hy),
                                        round(w2), round(h2))
            t.racks[seat] = pygame.Rect(round(x), round(y), round(w2), round(span))
    # the middle, top to bottom: announcements, the piles (Stop beside them), the number pad
    top = r.y + (name_h + 0.3 * tw + th + 2.2 * hint_h if "top" in places.values() else 0.2 * tw)
    bottom = r.bottom - name_h - 0.3 * tw - th * 1.12 - 0.15 * tw  # clear of your lifted tiles
    size = tw * 0.95
    pad_h = 2 * size + 0.15 * tw
    # the piles stand halfway down the room that the pad leaves, below two lines of announcements
    low = bottom - pad_h - th - name_h - 0.4 * tw
    pile_top = min(low, max(top + announce_room(tw), (top + low) / 2))
    t.announce_top = top
    cx = t.middle.centerx
    t.piles = {BLACK: pygame.Rect(round(cx - tw * 1.8), round(pile_top), round(tw * 1.5), round(th)),
               1: pygame.Rect(round(cx + tw * 0.3), round(pile_top), round(tw * 1.5), round(th))}
    t.announce_bottom = pile_top - 0.25 * tw
    t.stop = pygame.Rect(round(cx + tw * 2.4), round(pile_top + th / 2 - tw * 0.45), round(tw * 2.2),
                         round(tw * 0.9))
    y0 = bottom - pad_h
    step = size + 0.15 * tw
    for k, value in enumerate(PAD_VALUES):
        row, col = divmod(k, 7)
        x = cx - 3.5 * step + col * step + 0.075 * tw
        width = 2 * size + 0.15 * tw if value == JOKER else size  # the joker's key says its name
        t.pad[value] = pygame.Rect(round(x), round(y0 + row * step), round(width), round(size))
    return t

def announce_room(tw: float) -> float:
    """Height for two lines of announcements and their margins."""
    return 2 * theme.font(int(announce_px(tw)), True).get_linesize() + 0.9 * tw

def height_needed(tw: float, top_rack: bool) -> float:
    """The table's height for tiles `tw` wide: racks with their names and hints, the announcements,
    the piles with their labels, and the number pad."""
    th = tw * 1.45
    name_h = theme.font(int(text_px(tw, 0.5)), True).get_linesize()
    hint_h = theme.font(int(text_px(tw, 0.42))).get_linesize()
    top = name_h + 0.3 * tw + th + 2.2 * hint_h if top_rack else 0.2 * tw
    bottom = name_h + 0.3 * tw + th * 1.12 + 0.15 * tw
    middle = announce_room(tw) + th + name_h + 0.4 * tw + 2 * 0.95 * tw + 0.15 * tw
    return top + middle + bottom
