"""The Da Vinci Code table: racks around it (yours at the bottom, face up), the two
piles, a drawn tile waiting by the rack of whoever drew it, gaps that open in your
rack to place it, guesses by tile and number pad (or by the keys), continue or
stop, reveal animations, every call announced in words, and the probability hint
on request.

Everything is drawn from the view of the seat looking at the table: the human's
seat in a game with one human, and in AI vs AI everyone's hidden tiles face down
unless the spectator turns them up. People sharing one screen never see each
other's numbers: between two of their turns the table is covered ("Pass to
Player 2 - click when only they are looking"), every hidden number face down
and no hint drawn, until the one to move clicks it away.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.i18n import N_, _, percent
from boardhub.core.match import Match
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciState, DavinciView, tile_name, value_text
from boardhub.ui import theme
from boardhub.ui.board import PLAY_KEYS, BoardView, DrawContext, Intent, Play, Refuse

TILE = {BLACK: (30, 30, 36), 1: (240, 238, 230)}
INK = {BLACK: (240, 238, 230), 1: (30, 30, 36)}
EDGE = {BLACK: (90, 90, 100), 1: (160, 156, 146)}
FELT = (30, 92, 74)
FELT_EDGE = (20, 66, 52)
SELECT = (90, 200, 255)  # the tile picked for a guess and the places to click
LAST_CALL = (235, 80, 70)  # the tile of the last call
HINT = (250, 230, 150)
PAD_VALUES = tuple(range(12)) + (JOKER,)
PLACES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
# Racks hold this many tiles before the tiles shrink: a full 2-player rack is 13, but most games
# end sooner, and tiles that keep one size through a game are easier to follow.
RACK_ROOM = {2: 11, 3: 9, 4: 8}
GAP = 0.12  # between two tiles, in tile widths
HAND_GAP = 0.45  # between a rack and the drawn tile waiting at its end, in tile widths
OPEN_GAP = 0.6  # the most a legal gap opens while you place a tile, in tile widths
ANNOUNCE_SECONDS = 3.5  # how long a call stays in the middle of the table: long enough to read twice
ANNOUNCED = 3  # calls shown at once at most (an AI may call three times in a second)


# ---------------------------------------------------------------- what happened, in words
@dataclass(frozen=True)
class Call:
    """A guess as the whole table saw it (every field is public once the guess is made)."""

    seat: int
    target: int
    index: int
    value: int
    right: bool
    revealed: tuple[int, int] | None  # a wrong call turns up the caller's drawn tile: (colour, value)
    choose: bool  # a wrong call in a turn without a draw: the caller turns up a tile of their choice
    out: tuple[int, ...]  # seats left without a hidden tile by this call


@dataclass(frozen=True)
class Reveal:
    """A tile turned up by its owner after a wrong call with the piles empty."""

    seat: int
    index: int
    colour: int
    value: int
    out: tuple[int, ...]


def ordinal(n: int) -> str:
    """A tile's place in its rack: 1st-from-left, 2nd-from-left, ... 13th-from-left (in Korean
    왼쪽에서 1번째...). A bare "their 2nd tile" reads like a count of tiles, not a place."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _({"st": N_("{number}st-from-left"), "nd": N_("{number}nd-from-left"), "rd": N_("{number}rd-from-left"),
              "th": N_("{number}th-from-left")}[suffix]).format(number=n)


def value_words(value: int) -> str:
    return _("a joker") if value == JOKER else str(value)


def event_of(seat: int, move: tuple, before: DavinciState, after: DavinciState) -> Call | Reveal | None:
    """The call or reveal that `move` made, read from the states around it; None for other moves."""
    out = tuple(s for s in range(after.players) if before.hidden_count(s) and not after.hidden_count(s))
    if move[0] == "guess":
        _kind, target, index, value = move
        right = after.racks[target][index].revealed
        revealed = None
        if not right and before.drawn is not None:
            tile = next(t for t in after.racks[seat] if t.uid == before.drawn)
            revealed = (tile.colour, tile.value)
        return Call(seat, target, index, value, right, revealed, not right and before.drawn is None, out)
    if move[0] == "reveal":
        tile = after.racks[seat][move[1]]
        return Reveal(seat, move[1], tile.colour, tile.value, out)
    return None


def describe(event: Call | Reveal, names: tuple[str, ...], you: int | None, past: bool = False) -> str:
    """The event in words, to the one human at the table as "you", to everyone else by name.

    Present tense with its subject for the announcement ("Expert AI calls your
    3rd tile 7: wrong - their drawn black 4 is revealed"); past tense without
    it for the move list, whose line starts with the player's name already.
    Each clause is one whole sentence of the catalog, so a language orders its
    own words; only the clauses are joined.
    """
    mine = event.seat == you
    details = []
    if isinstance(event, Call):
        values = {"caller": names[event.seat], "owner": names[event.target], "ordinal": ordinal(event.index + 1),
                  "value": value_words(event.value)}
        if past:
            said = _("called your {ordinal} tile {value}") if event.target == you else \
                _("called {owner}'s {ordinal} tile {value}")
        elif mine:
            said = _("You call {owner}'s {ordinal} tile {value}")
        else:
            said = _("{caller} calls your {ordinal} tile {value}") if event.target == you else \
                _("{caller} calls {owner}'s {ordinal} tile {value}")
        said = (_("{call} - {result}") if past else _("{call}: {result}")).format(
            call=said.format(**values), result=_("right") if event.right else _("wrong"))
        # a banner names two players, so "their" would not say whose: it names the caller (the move
        # list's line starts with the caller's name, so "their" is clear there)
        if event.revealed is not None:
            drawn = _("your drawn {tile} is revealed") if mine else _("their drawn {tile} is revealed") if past \
                else _("{caller}'s drawn {tile} is revealed")
            details.append(drawn.format(tile=tile_name(*event.revealed), caller=names[event.seat]))
        if event.choose:
            details.append(_("you turn up a tile of your choice") if mine else
                           _("they turn up a tile of their choice") if past else
                           _("{caller} turns up a tile of their choice").format(caller=names[event.seat]))
    else:
        values = {"name": names[event.seat], "ordinal": ordinal(event.index + 1),
                  "tile": tile_name(event.colour, event.value)}
        if past:
            said = _("turned up your {ordinal} tile - a {tile}") if mine else \
                _("turned up their {ordinal} tile - a {tile}")
        else:
            said = _("You turn up your {ordinal} tile: a {tile}") if mine else \
                _("{name} turns up their {ordinal} tile: a {tile}")
        said = said.format(**values)
    details += [_("you are out") if seat == you else _("{name} is out").format(name=names[seat]) for seat in event.out]
    return said + "".join(f"; {d}" if past else f" - {d}" for d in details)


# ---------------------------------------------------------------- where everything stands
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


class DavinciBoard(BoardView):
    def __init__(self, game: GameEntry) -> None:
        super().__init__(game)
        self.selected: tuple[int, int] | None = None  # (seat, index) picked for a guess
        self.face_up = False  # the spectator toggle in AI vs AI
        self.show_hints = False
        self.viewer: int | None = None  # the seat looking at the table; None: a spectator
        # among people sharing the screen, the one who clicked the cover away: they alone are looking
        self.looking: int | None = None
        self.cover: str | None = None  # the covered table's words while one person hands over to the next
        self.flips: dict[int, tuple[float, float]] = {}  # uid -> (start, duration)
        self.announced: list[tuple[float, Call | Reveal]] = []  # (when, what): calls shown mid-table
        self._plies = 0  # the moves of the game at the last update: fewer now means moves were taken back
        self._seen: DavinciView | None = None  # the view of the last update or input (for the cursor)
        # the table laid out for that view in that rect: drawing and every key's targets read it
        self._laid: tuple[tuple[DavinciView, tuple[int, int, int, int]], Table] | None = None

    # ---------------------------------------------------------------- who looks at the table
    def look(self, match: Match) -> DavinciView:
        """Who looks at the table: the one human, a spectator, or among several people the one to move
        once they have clicked the cover away; until then (and in the AIs' turns between) nobody's
        numbers show."""
        humans = self.people(match)
        to_move = match.state.to_move
        self.cover = None
        if len(humans) == 1:
            self.viewer = humans[0]
        elif len(humans) > 1 and not match.is_over and to_move in humans and self.looking == to_move:
            self.viewer = to_move
        else:
            self.viewer = None
            if len(humans) > 1 and not match.is_over and to_move in humans:
                self.cover = _("Pass to {name} - click when only they are looking").format(
                    name=match.seats[to_move].label)
        self._seen = self.view(match.state)
        return self._seen

    def people(self, match: Match) -> list[int]:
        """The seats of people at the table; none in the replay of a game between people, which is
        watched as AI vs AI is (face down, or face up by choice), with no one to hand the table to."""
        humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
        return [] if self.replay and len(humans) > 1 else humans

    def same_onlooker(self, other: "DavinciBoard") -> None:
        """The person at the screen is the one at `other`'s (a new view of the same table)."""
        self.looking = other.looking

    def uncover(self, match: Match) -> None:
        """The person to move clicked the cover away: the table is theirs to see."""
        self.looking = match.state.to_move
        self.cursor = None
        self.look(match)

    def view(self, state: DavinciState) -> DavinciView:
        """The view drawn: the looking seat's, or in AI vs AI an observer's, face up on request."""
        if self.viewer is None and self.face_up:
            return self.game.rules.face_up_view(state)
        return self.game.rules.view(state, self.viewer)

    def shown(self, view: DavinciView, seat: int, tile) -> bool:
        """Whether a tile's number shows: revealed, the viewer's own, or face up for a spectator."""
        if tile.revealed or view.winner is not None or view.phase == "over":
            return tile.value is not None
        if view.seat is None:
            return self.face_up
        return seat == view.seat and tile.value is not None

    def order(self, view: DavinciView) -> list[int]:
        """Seats from the bottom, clockwise: the looking seat (or seat 0) first."""
        first = view.seat if view.seat is not None else 0
        return [(first + k) % view.players for k in range(view.players)]

    def placing(self, view: DavinciView) -> bool:
        """The looking seat has a drawn tile to place: its rack opens its legal gaps."""
        return view.phase == "place" and view.seat is not None and view.seat == view.to_move

    # ---------------------------------------------------------------- geometry (pure: used by drawing and input)
    def table(self, view: DavinciView) -> Table:
        """Lay the table out for this view: tile size, racks, drawn tiles, gaps, piles, pad and Stop.

        The tiles are as big as the window allows with room for RACK_ROOM
        tiles a rack (more when a rack grows past it), so that nothing moves
        while a game goes on but the tiles that arrive.
        """
        r = self.rect
        places = dict(zip(self.order(view), PLACES[view.players]))
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
            tw *= min(1.0, r.height / self._height_needed(tw, "top" in places.values()))
        th = tw * 1.45
        t = Table(tw, th, places)
        gap = tw * GAP
        name_h = theme.font(int(text_px(tw, 0.5)), True).get_linesize()
        hint_h = theme.font(int(text_px(tw, 0.42))).get_linesize()
        side_w = side_share * tw
        t.middle = pygame.Rect(round(r.x + side_w), r.y, round(r.width - 2 * side_w), r.height)
        open_slots = set(view.slots) if self.placing(view) else set()
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
        pile_top = min(low, max(top + self._announce_room(tw), (top + low) / 2))
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

    @staticmethod
    def _announce_room(tw: float) -> float:
        """Height for two lines of announcements and their margins."""
        return 2 * theme.font(int(announce_px(tw)), True).get_linesize() + 0.9 * tw

    def _height_needed(self, tw: float, top_rack: bool) -> float:
        """The table's height for tiles `tw` wide: racks with their names and hints, the announcements,
        the piles with their labels, and the number pad."""
        th = tw * 1.45
        name_h = theme.font(int(text_px(tw, 0.5)), True).get_linesize()
        hint_h = theme.font(int(text_px(tw, 0.42))).get_linesize()
        top = name_h + 0.3 * tw + th + 2.2 * hint_h if top_rack else 0.2 * tw
        bottom = name_h + 0.3 * tw + th * 1.12 + 0.15 * tw
        middle = self._announce_room(tw) + th + name_h + 0.4 * tw + 2 * 0.95 * tw + 0.15 * tw
        return top + middle + bottom

    def _table(self, view: DavinciView | None) -> Table:
        """The table for `view` (None: the one last looked at), laid out once for the view in this rect."""
        view = view if view is not None else self._seen
        if view is None:
            raise ValueError("the table has not been looked at yet")
        if self._laid is not None and self._laid[0] == (view, tuple(self.rect)):
            return self._laid[1]
        return self.table(view)

    def rack_rects(self, view: DavinciView) -> dict[tuple[int, int], pygame.Rect]:
        """Where every tile stands."""
        return self._table(view).tiles

    def slot_rects(self, view: DavinciView, tiles: dict | None = None) -> dict[int, pygame.Rect]:
        """The gaps of the looking seat's rack where its drawn tile may go (they are laid out with the
        rack itself: `tiles`, the racks' rects that callers may have at hand, is not needed)."""
        return self._table(view).slots

    def pile_rects(self, view: DavinciView | None = None) -> dict[int, pygame.Rect]:
        return self._table(view).piles

    def pad_rects(self, view: DavinciView | None = None) -> dict[int, pygame.Rect]:
        """The number pad: 0-11 and the joker, in two rows above your rack."""
        return self._table(view).pad

    def stop_rect(self, view: DavinciView | None = None) -> pygame.Rect:
        return self._table(view).stop

    def slot_at(self, table: Table, pos) -> int | None:
        """The legal gap nearest a click on or beside the rack (gaps are narrow when a rack is full)."""
        near = [(abs(rect.centerx - pos[0]), slot) for slot, rect in table.slots.items()
                if rect.inflate(table.tw * 0.7, 0).collidepoint(pos)]
        return min(near)[1] if near else None

    # ---------------------------------------------------------------- clicks
    def click(self, pos, match: Match) -> Intent:
        view = self.look(match)
        if self.cover is not None:
            self.uncover(match)
            return None
        t = self._table(view)
        if view.phase == "draw":
            for colour, rect in t.piles.items():
                if rect.collidepoint(pos):
                    return self.choose(("draw", colour), view)
            return Refuse(_("Draw a tile: click the black or the white pile"))
        if view.phase == "place":
            slot = self.slot_at(t, pos)
            if slot is not None:
                return Play(("place", slot))
            return Refuse(_("Place your tile: click one of the marked gaps in your rack"))
        if view.phase == "reveal":
            for (seat, index), rect in t.tiles.items():
                if seat == view.to_move and rect.collidepoint(pos):
                    return self.choose(("reveal", index), view)
            return Refuse(_("Wrong, and the piles are empty: click one of your hidden tiles to reveal it"))
        if view.phase in ("guess", "continue"):
            if view.phase == "continue" and t.stop.collidepoint(pos):
                return Play(("stop",))
            if self.selected is not None:
                for value, rect in t.pad.items():
                    if rect.collidepoint(pos):
                        return self.choose(("guess", *self.selected, value), view)
            for (seat, index), rect in t.tiles.items():
                if rect.collidepoint(pos):
                    return self.choose(("pick", seat, index), view)
            return Refuse(_("Click a hidden tile of another player, then its number"))
        return None

    def callable(self, view: DavinciView, seat: int, index: int) -> tuple[int, ...]:
        """The numbers the pad offers for a tile: those that can be right as the caller sees the table.

        Not a number of the caller's own rack (each tile is one of a kind), and no joker where none can
        be: a game without jokers, a tile of the official deal (dealt without jokers), or the joker of
        that colour in the caller's own rack. The rules allow such calls (a bluff, typed as a move)."""
        colour = view.racks[seat][index].colour
        mine = {t.value for t in (view.racks[view.seat] if view.seat is not None else ())
                if t.colour == colour and t.value is not None}
        dealt = not view.deal_jokers and view.racks[seat][index].uid not in {
            e[3] for e in view.history if e[0] == "place"}
        return tuple(v for v in view.candidates(seat, index)
                     if v not in mine and not (v == JOKER and dealt))

    def why_not(self, view: DavinciView, seat: int, index: int, value: int) -> str:
        """Why the pad does not offer `value` for that tile, in words."""
        tile = view.racks[seat][index]
        if value in view.candidates(seat, index):
            if value == JOKER:
                return _("That tile was dealt, and the deal has no jokers")
            return _("You hold the {tile} yourself: that tile cannot be one").format(
                tile=tile_name(tile.colour, value))
        if value == JOKER and not view.jokers:
            return _("This game has no jokers: call a number from 0 to 11")
        return _("{value} cannot be that tile: the open tiles rule it out").format(value=value_text(value))

    def cancel(self) -> bool:
        """Esc puts a picked tile back: no number is asked for it any more."""
        if self.selected is None:
            return False
        self.selected = None
        return True

    def choose(self, target: tuple, view: DavinciView) -> Intent:
        """What choosing a target means, by mouse or by keys: a move, a tile picked, or a refusal."""
        kind = target[0]
        if kind == "draw":
            if view.piles[target[1]] == 0:
                return Refuse(_("That pile is empty: draw from the other one"))
            return Play(target)
        if kind == "reveal":
            if view.racks[view.to_move][target[1]].revealed:
                return Refuse(_("That tile is already face up: pick a hidden one"))
            return Play(target)
        if kind == "pick":
            _kind, seat, index = target
            if seat == view.to_move:
                return Refuse(_("Guess a tile of another player"))
            if view.racks[seat][index].revealed:
                return Refuse(_("That tile is already face up"))
            self.selected = (seat, index)
            return None  # the tile is picked: its number comes next
        if kind == "guess":
            _kind, seat, index, value = target
            if value not in self.callable(view, seat, index):
                return Refuse(self.why_not(view, seat, index, value))
            self.selected = None
            return Play(target)
        return Play(target)

    # ---------------------------------------------------------------- the keyboard
    def key(self, key: int, match: Match) -> Intent:
        """Enter or Space on the cover hands the table over, as a click does."""
        self.look(match)
        if self.cover is not None:
            if key in PLAY_KEYS:
                self.uncover(match)
            return None
        return super().key(key, match)

    def targets(self, match: Match) -> list[tuple]:
        """What the arrow keys visit now: the piles, the open gaps, other players' hidden tiles,
        the numbers still possible for the picked tile, Stop, or your own tiles to turn up."""
        view = self.look(match)
        if not match.human_to_move or view.seat != view.to_move:
            return []
        if view.phase == "draw":
            return [("draw", c) for c in (BLACK, 1) if view.piles[c]]
        if view.phase == "place":
            return [("place", s) for s in view.slots]
        if view.phase == "reveal":
            return [("reveal", i) for i in view.hidden(view.to_move)]
        if view.phase in ("guess", "continue"):
            out: list[tuple] = []
            if self.selected is not None:
                out += [("guess", *self.selected, v) for v in self.callable(view, *self.selected)]
            out += [("pick", s, i) for s in self.order(view) if s != view.to_move for i in view.hidden(s)]
            if view.phase == "continue":
                out.append(("stop",))
            return out
        return []

    def draw_mark(self, surface: pygame.Surface, move, colour: tuple[int, int, int], label: str, s: float,
                  state: object = None) -> None:
        """A call is marked on the tile it names, with the number to call ("Best: 7"); a draw on its pile,
        a place on its gap, a reveal on the tile."""
        if self._seen is None or move is None:
            return
        t = self._table(self._seen)
        inward = (0, -1)  # the label stands on the side towards the middle, clear of the rack's name
        if move[0] == "guess":
            rect = t.tiles.get((move[1], move[2]))
            inward = t.inward(move[1])
            words = value_words(move[3])
            label = _("{label}: {value}").format(label=label, value=words) if label else words
        else:
            rect = self.target_rect(self._seen, move)
        if rect is None:
            return
        ring = rect.inflate(round(t.tw * 0.3), round(t.tw * 0.3))
        pygame.draw.rect(surface, colour, ring, width=max(3, round(t.tw * 0.09)), border_radius=max(5, rect.width // 4))
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

    def target_xy(self, target) -> tuple[float, float] | None:
        rect = self.target_rect(self._seen, target) if self._seen is not None else None
        return rect.center if rect is not None else None

    def target_rect(self, view: DavinciView, target: tuple) -> pygame.Rect | None:
        """Where a target of the keys stands on the table drawn for `view`."""
        t = self._table(view)
        kind = target[0]
        if kind == "draw":
            return t.piles.get(target[1])
        if kind == "place":
            return t.slots.get(target[1])
        if kind == "reveal":
            return t.tiles.get((view.to_move, target[1]))
        if kind == "pick":
            return t.tiles.get((target[1], target[2]))
        if kind == "guess":
            return t.pad.get(target[3]) if self.selected == (target[1], target[2]) else None
        if kind == "stop":
            return t.stop
        return None

    def default_target(self, targets: list[tuple]) -> tuple:
        """Where the cursor goes when a new step of the turn begins: the first number still possible
        for a picked tile, else the first target (the black pile, the first gap or tile)."""
        return next((x for x in targets if x[0] == "guess"), targets[0])

    def fresh_cursor(self, targets: list[tuple], match: Match) -> tuple | None:
        """A step of the turn whose targets the cursor is not on starts at its first target."""
        return None if self.cursor in targets else self.default_target(targets)

    def press(self, match: Match) -> Intent:
        """Enter or Space chooses the cursor's target as a click would; a tile picked this way moves
        the cursor onto the number pad."""
        intent = self.choose(self.cursor, self._seen)
        if self.selected is not None and self.cursor[0] == "pick":
            self.cursor, self._home = self.default_target(self.targets(match)), None
        return intent

    # ---------------------------------------------------------------- the game's own buttons
    def actions(self, match: Match):
        people = self.people(match)
        out = [(N_("Hints: on") if self.show_hints else N_("Hints"), self.toggle_hints)] if people else []
        if not people:
            out.append((N_("Face down") if self.face_up else N_("Face up"), self.toggle_face_up))
        return out

    def toggle_hints(self) -> None:
        self.show_hints = not self.show_hints

    def toggle_face_up(self) -> None:
        self.face_up = not self.face_up

    def banner(self, match) -> str | None:
        """The status line for the human to move: what this step of the turn asks for."""
        if self.cover is not None:
            return self.cover
        view = self.view(match.state)
        if view.phase in ("guess", "continue") and self.selected is not None:
            seat, index = self.selected
            you = view.seat
            call = _("Now call the number of your {ordinal} tile on the pad") if seat == you else \
                _("Now call the number of {owner}'s {ordinal} tile on the pad")
            return call.format(owner=match.seats[seat].label, ordinal=ordinal(index + 1))
        if view.phase == "place" and view.hand is not None and view.hand[1] is not None:
            return _("Place your {tile} in one of the marked gaps").format(tile=tile_name(*view.hand))
        if view.phase == "continue":
            return _("Right! Pick another tile to guess, or stop to keep your drawn tile hidden") \
                if view.drawn is not None else _("Right! Pick another tile to guess, or stop")
        words = {"draw": N_("Your turn: draw a tile from the black or the white pile"),
                 "place": N_("Place the drawn tile in one of the marked gaps"),
                 "guess": N_("Pick another player's hidden tile, then call its number"),
                 "reveal": N_("Wrong, and the piles are empty: turn up one of your hidden tiles")}.get(view.phase)
        return _(words) if words else None

    def miss_message(self) -> str:
        return _("Click a pile, a tile or a number")

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.SEATS[seat]

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        pygame.draw.circle(surface, theme.SEATS[seat], center, radius)
        if radius >= 9:
            theme.text(surface, str(seat + 1), radius * 1.4, center, theme.TEXT, "center", bold=True)

    def scores(self, state: DavinciState) -> list[str]:
        """Each seat's hidden tiles left, said as such."""
        # while the starting tiles are still being drawn an empty rack is not out: the deal goes on
        return [_("{count} hidden").format(count=n) if n or state.setup else _("out")
                for n in (state.hidden_count(s) for s in range(state.players))]

    def move_label(self, seat: int, move: tuple, before: DavinciState, after: DavinciState | None,
                   names: tuple[str, ...], you: int | None = None) -> str:
        """Every move in words: who called which tile of whom, the number and what came of it; a move
        not played (a review's better one) as what it would do."""
        mine = seat == you
        kind = move[0]
        if after is None:
            return self._plan(move, names, you, mine)
        event = event_of(seat, move, before, after)
        if event is not None:
            return describe(event, names, you, past=True)
        if kind == "draw":
            return _("drew a black tile") if move[1] == BLACK else _("drew a white tile")
        if kind == "place":
            placed = _("placed it as your {ordinal} tile") if mine else _("placed it as their {ordinal} tile")
            return placed.format(ordinal=ordinal(move[1] + 1))
        if kind == "stop" and before.drawn is not None:
            return _("stopped; your drawn tile stays hidden") if mine else _("stopped; their drawn tile stays hidden")
        return _("stopped")

    @staticmethod
    def _plan(move: tuple, names: tuple[str, ...], you: int | None, mine: bool) -> str:
        kind = move[0]
        if kind == "draw":
            return _("draw a black tile") if move[1] == BLACK else _("draw a white tile")
        if kind == "place":
            return (_("place it as your {ordinal} tile") if mine else _("place it as their {ordinal} tile")).format(
                ordinal=ordinal(move[1] + 1))
        if kind == "guess":
            _kind, target, index, value = move
            said = _("call your {ordinal} tile {value}") if target == you else _("call {owner}'s {ordinal} tile {value}")
            return said.format(owner=names[target], ordinal=ordinal(index + 1), value=value_words(value))
        if kind == "reveal":
            return (_("turn up your {ordinal} tile") if mine else _("turn up their {ordinal} tile")).format(
                ordinal=ordinal(move[1] + 1))
        return _("stop")

    # ---------------------------------------------------------------- per frame
    def update(self, match: Match, dt: float) -> None:
        if len(match.history) < self._plies or match.is_over:
            # calls taken back, or the game over (its result says the rest): the table shows none of them
            self.announced.clear()
        self._plies = len(match.history)
        view = self.look(match)
        key = (view, tuple(self.rect))
        if self._laid is None or self._laid[0] != key:  # laid out here once, for the frame and the keys
            self._laid = (key, self.table(view))
        if self.selected is not None and (view.phase not in ("guess", "continue") or not match.human_to_move
                                          or view.racks[self.selected[0]][self.selected[1]].revealed):
            self.selected = None
        if self.cursor is not None:  # a new step of the turn: the cursor moves to what it asks for
            targets = self.targets(match)
            if targets and self.cursor not in targets:
                self.cursor, self._home = self.default_target(targets), None

    def wants_analysis(self, match: Match) -> tuple[bool, int | None]:
        """The odds of every hidden tile, as the looking seat can work them out."""
        return self.show_hints and self.viewer is not None, self.viewer

    def on_move(self, seat, move, before: DavinciState, after: DavinciState, now: float, duration: float) -> None:
        old = {t.uid: t.revealed for rack in before.racks for t in rack}
        for rack in after.racks:
            for t in rack:
                if t.revealed and not old.get(t.uid, False):
                    self.flips[t.uid] = (now, max(duration * 2, 0.001) if duration else 0.0)
        event = event_of(seat, move, before, after)
        if event is not None:
            self.announced = [(at, e) for at, e in self.announced if at + ANNOUNCE_SECONDS > now][-ANNOUNCED + 1:]
            self.announced.append((now, event))

    def busy(self, now: float) -> bool:
        # the announcements are not waited for: the move list keeps them once they go
        return any(start + d > now for start, d in self.flips.values())

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, state: DavinciState, history: list, ctx: DrawContext) -> None:
        view = self.view(state)
        t = self._table(view)
        r = self.rect
        radius = round(min(r.width, r.height) * 0.08)
        pygame.draw.rect(surface, FELT_EDGE, r, border_radius=radius)
        pygame.draw.rect(surface, FELT, r.inflate(-round(t.tw * 0.2), -round(t.tw * 0.2)), border_radius=radius)
        if self.cover is not None:
            self._draw_cover(surface, t)
            return
        tw = t.tw
        mine = view.seat
        acting = ctx.hover is not None  # a human may act: show what can be chosen
        for colour, rect in t.piles.items():
            self._draw_pile(surface, rect, colour, view.piles[colour], view.phase == "draw" and acting, tw)
        last_guess = next((e for e in reversed(view.history) if e[0] == "guess"), None)
        for (seat, index), rect in t.tiles.items():
            tile = view.racks[seat][index]
            box = self._lifted(t, seat, rect, tile.revealed and seat == mine)
            self._draw_tile(surface, box, tile, self.shown(view, seat, tile), ctx.now)
            if ctx.last_move and last_guess is not None and tile.uid == last_guess[3]:
                pygame.draw.rect(surface, LAST_CALL, box.inflate(round(tw * 0.1), round(tw * 0.1)),
                                 width=max(2, round(tw * 0.05)), border_radius=max(3, box.width // 6))
            if (seat, index) == self.selected:
                pygame.draw.rect(surface, SELECT, box.inflate(round(tw * 0.22), round(tw * 0.22)),
                                 width=max(2, round(tw * 0.07)), border_radius=max(4, box.width // 5))
            if view.drawn == tile.uid and not tile.revealed:  # this turn's drawn tile: a bar on the outside
                self._draw_drawn_bar(surface, t, seat, box)
        self._draw_names(surface, view, t, ctx.labels)
        if view.hand is not None:
            colour, value = view.hand
            hand = t.hands[view.to_move]
            shown = value is not None and (view.seat is not None or self.face_up)
            self._draw_tile(surface, hand, (colour, value, False, -1), shown, ctx.now)
            pygame.draw.rect(surface, theme.SEATS[view.to_move], hand.inflate(round(tw * 0.16), round(tw * 0.16)),
                             width=max(2, round(tw * 0.06)), border_radius=max(4, hand.width // 5))
        for slot, rect in t.slots.items():
            pygame.draw.rect(surface, SELECT, rect, border_radius=max(2, rect.width // 3))
        if self.selected is not None and acting:
            self._draw_pad(surface, view, t)
        if view.phase == "continue" and acting:
            b = t.stop
            pygame.draw.rect(surface, theme.ACCENT, b, border_radius=b.height // 4)
            theme.text(surface, _("Stop"), fitting_px(_("Stop"), b.width * 0.9, b.height * 0.7), b.center,
                       (30, 30, 30), "center", bold=True)
        if self.show_hints and ctx.analysis is not None:
            self._draw_hints(surface, view, t, ctx.analysis)
        if acting and self.cursor_shown and self.cursor is not None:
            rect = self.target_rect(view, self.cursor)
            if rect is not None:  # the cursor's targets are hidden tiles, gaps, piles and keys: none lifted
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(tw * 0.34), round(tw * 0.34)),
                                 width=max(3, round(tw * 0.08)), border_radius=max(5, rect.width // 4))
        if view.phase != "over":  # once the game is over its result says who called what last
            self._draw_announcements(surface, t, ctx)

    def _draw_cover(self, surface, t: Table) -> None:
        """The table covered while it passes from one person to the next: its felt and the words only."""
        r = self.rect
        px = announce_px(t.tw)
        lines = theme.wrap(self.cover, px, round(r.width * 0.8), bold=True)
        lh = theme.font(int(px), True).get_linesize()
        y = r.centery - lh * len(lines) / 2
        for k, line in enumerate(lines):
            theme.text(surface, line, px, (r.centerx, y + k * lh), theme.ACCENT, "midtop", bold=True)

    def _lifted(self, t: Table, seat: int, rect: pygame.Rect, lifted: bool) -> pygame.Rect:
        """Your own tiles that the others can see stand a little out towards the middle."""
        if not lifted:
            return rect
        dx, dy = t.inward(seat)
        return rect.move(round(dx * t.th * 0.12), round(dy * t.th * 0.12))

    def _draw_drawn_bar(self, surface, t: Table, seat: int, box: pygame.Rect) -> None:
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

    def _draw_tile(self, surface, rect: pygame.Rect, tile, shown: bool, now: float) -> None:
        colour, value, revealed, uid = tile
        sx = 1.0
        anim = self.flips.get(uid)
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

    def _draw_pile(self, surface, rect: pygame.Rect, colour: int, count: int, active: bool, tw: float) -> None:
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

    def _draw_names(self, surface, view: DavinciView, t: Table, labels: tuple[str, ...]) -> None:
        """Each rack's player, on the rack's outer side; names too long for a side rack's column wrap."""
        tw = t.tw
        px = text_px(tw, 0.5)
        for seat in range(view.players):
            name = _("{name} (out)").format(name=labels[seat]) if view.out[seat] else labels[seat]
            box = t.racks[seat]
            color = theme.MUTED if view.out[seat] else theme.TEXT
            if seat == view.to_move and view.phase != "over":
                color = theme.ACCENT
            place = t.places[seat]
            if place in ("bottom", "top"):
                pos, anchor = ((box.centerx, box.bottom + tw * 0.3), "midtop") if place == "bottom" else \
                    ((box.centerx, box.y - tw * 0.3), "midbottom")
                theme.text(surface, theme.fit(name, px, t.middle.width, bold=True), px, pos, color, anchor, bold=True)
            else:
                # within the rack's column, clear of the announcements in the middle: two lines at most
                width = t.middle.x - self.rect.x - 0.3 * tw
                lines = theme.wrap(name, px, round(width), bold=True)
                if len(lines) > 2:
                    lines = [lines[0], theme.fit(" ".join(lines[1:]), px, width, bold=True)]
                lh = theme.font(int(px), True).get_linesize()
                cx = self.rect.x + 0.15 * tw + width / 2 if place == "left" else self.rect.right - 0.15 * tw - width / 2
                for k, line in enumerate(lines):
                    theme.text(surface, line, px, (cx, box.y - tw * 0.25 - (len(lines) - 1 - k) * lh), color,
                               "midbottom", bold=True)

    def _draw_pad(self, surface, view: DavinciView, t: Table) -> None:
        target, index = self.selected
        allowed = set(self.callable(view, target, index))
        colour = view.racks[target][index].colour
        for value, rect in t.pad.items():
            ok = value in allowed
            pygame.draw.rect(surface, TILE[colour] if ok else theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, SELECT if ok else theme.PANEL_EDGE, rect, width=2, border_radius=6)
            label = _("joker") if value == JOKER else str(value)
            px = fitting_px(label, rect.width * 0.8, rect.height * 0.65)
            theme.text(surface, label, px, rect.center, INK[colour] if ok else theme.DISABLED, "center", bold=True)

    def _draw_hints(self, surface, view: DavinciView, t: Table, hints: dict) -> None:
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

    def _draw_announcements(self, surface, t: Table, ctx: DrawContext) -> None:
        """The last calls, in words, above the piles until they are a few seconds old."""
        live = [e for at, e in self.announced if at <= ctx.now < at + ANNOUNCE_SECONDS]
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
