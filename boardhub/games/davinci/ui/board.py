"""The Da Vinci Code table: racks around it (yours at the bottom, face up), the two
piles, joker placement by highlighted slots, guesses by tile and number pad, continue
or stop, reveal animations, a readable log, and the probability hint on request.

Everything is drawn from the view of the seat looking at the table: the human's
seat in a game with one human, the human to move in a game between people, and
in AI vs AI everyone's hidden tiles face down unless the spectator turns them up.
"""
from __future__ import annotations

import math

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.match import Match
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciState, DavinciView, value_text
from boardhub.ui import theme
from boardhub.ui.board import BoardView, DrawContext, Intent, Play, Refuse

TILE = {BLACK: (30, 30, 36), 1: (240, 238, 230)}
INK = {BLACK: (240, 238, 230), 1: (30, 30, 36)}
EDGE = {BLACK: (90, 90, 100), 1: (160, 156, 146)}
FELT = (30, 92, 74)
FELT_EDGE = (20, 66, 52)
SELECT = (90, 200, 255)  # the tile picked for a guess and the places to click
PAD_VALUES = tuple(range(12)) + (JOKER,)


class DavinciBoard(BoardView):
    def __init__(self, game: GameEntry) -> None:
        super().__init__(game)
        self.selected: tuple[int, int] | None = None  # (seat, index) picked for a guess
        self.face_up = False  # the spectator toggle in AI vs AI
        self.show_hints = False
        self.viewer: int | None = None  # the seat looking at the table; None: a spectator
        self.flips: dict[int, tuple[float, float]] = {}  # uid -> (start, duration)

    # ---------------------------------------------------------------- who looks at the table
    def look(self, match: Match) -> None:
        """Who looks at the table: the one human, the human to move among several, or a spectator."""
        humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
        if not humans:
            self.viewer = None
        elif len(humans) == 1:
            self.viewer = humans[0]
        elif match.state.to_move in humans or self.viewer is None:
            self.viewer = match.state.to_move if match.state.to_move in humans else humans[0]

    def view(self, state: DavinciState) -> DavinciView:
        """The view drawn: the looking seat's, or the spectator's in AI vs AI."""
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

    # ---------------------------------------------------------------- geometry (pure: used by drawing and clicks)
    def tile_size(self) -> tuple[float, float]:
        w = min(self.rect.width * 0.8 / 14, self.rect.height / 9.5)
        return w, w * 1.45

    def rack_rects(self, view: DavinciView) -> dict[tuple[int, int], pygame.Rect]:
        """Where every tile stands: bottom and top racks run across, side racks run down."""
        tw, th = self.tile_size()
        gap = tw * 0.12
        r = self.rect
        out: dict[tuple[int, int], pygame.Rect] = {}
        places = ("bottom", "left", "top", "right") if view.players == 4 else \
            ("bottom", "left", "right") if view.players == 3 else ("bottom", "top")
        for seat, place in zip(self.order(view), places):
            n = len(view.racks[seat])
            if place in ("bottom", "top"):
                span = n * tw + (n - 1) * gap
                x = r.centerx - span / 2
                y = r.bottom - th - tw * 0.9 if place == "bottom" else r.y + tw * 0.7
                for i in range(n):
                    out[(seat, i)] = pygame.Rect(round(x + i * (tw + gap)), round(y), round(tw), round(th))
            else:  # side racks lie on their side, as seen across the table, and run top to bottom
                w2, h2 = th * 0.8, tw * 0.8
                span = n * h2 + (n - 1) * gap
                y = r.centery - span / 2
                x = r.x + tw * 0.5 if place == "left" else r.right - tw * 0.5 - w2
                for i in range(n):
                    out[(seat, i)] = pygame.Rect(round(x), round(y + i * (h2 + gap)), round(w2), round(h2))
        return out

    def pile_rects(self) -> dict[int, pygame.Rect]:
        tw, th = self.tile_size()
        cx, cy = self.rect.centerx, self.rect.centery - th * 0.55
        return {BLACK: pygame.Rect(round(cx - tw * 1.9), round(cy - th / 2), round(tw * 1.5), round(th)),
                1: pygame.Rect(round(cx + tw * 0.4), round(cy - th / 2), round(tw * 1.5), round(th))}

    def slot_rects(self, view: DavinciView, tiles: dict) -> dict[int, pygame.Rect]:
        """The gaps of the viewer's rack where the drawn tile may go."""
        if view.phase != "place" or view.seat != view.to_move:
            return {}
        tw, th = self.tile_size()
        seat = view.to_move
        n = len(view.racks[seat])
        out = {}
        for slot in view.slots:
            if n == 0:
                x = self.rect.centerx
                y = self.rect.bottom - th - tw * 0.9
            elif slot < n:
                x, y = tiles[(seat, slot)].x - tw * 0.06, tiles[(seat, slot)].y
            else:
                x, y = tiles[(seat, n - 1)].right + tw * 0.06, tiles[(seat, n - 1)].y
            out[slot] = pygame.Rect(round(x - tw * 0.22), round(y - th * 0.12), round(tw * 0.44), round(th * 1.24))
        return out

    def pad_rects(self) -> dict[int, pygame.Rect]:
        """The number pad: 0-11 and the joker, in two rows above your rack."""
        tw, th = self.tile_size()
        size = tw * 0.95
        y0 = self.rect.bottom - th * 2.75 - tw * 0.9
        out = {}
        for k, value in enumerate(PAD_VALUES):
            row, col = divmod(k, 7)
            x = self.rect.centerx - 3.5 * (size + 6) + col * (size + 6)
            out[value] = pygame.Rect(round(x), round(y0 + row * (size + 6)), round(size), round(size))
        return out

    def stop_rect(self) -> pygame.Rect:
        tw, th = self.tile_size()
        return pygame.Rect(round(self.rect.centerx + tw * 2.6), round(self.rect.centery + th * 0.05),
                           round(tw * 2.4), round(tw * 0.9))

    # ---------------------------------------------------------------- clicks
    def click(self, pos, match: Match) -> Intent:
        self.look(match)
        view = self.view(match.state)
        if view.phase == "draw":
            for colour, rect in self.pile_rects().items():
                if rect.collidepoint(pos):
                    if view.piles[colour] == 0:
                        return Refuse("That pile is empty: draw from the other one")
                    return Play(("draw", colour))
            return Refuse("Draw a tile: click the black or the white pile")
        tiles = self.rack_rects(view)
        if view.phase == "place":
            for slot, rect in self.slot_rects(view, tiles).items():
                if rect.collidepoint(pos):
                    return Play(("place", slot))
            return Refuse("Place your tile: click one of the marked gaps in your rack")
        if view.phase == "reveal":
            for (seat, index), rect in tiles.items():
                if seat == view.to_move and rect.collidepoint(pos):
                    if view.racks[seat][index].revealed:
                        return Refuse("That tile is already face up: pick a hidden one")
                    return Play(("reveal", index))
            return Refuse("Wrong, and the piles are empty: click one of your hidden tiles to reveal it")
        if view.phase in ("guess", "continue"):
            if view.phase == "continue" and self.stop_rect().collidepoint(pos):
                return Play(("stop",))
            if self.selected is not None:
                for value, rect in self.pad_rects().items():
                    if rect.collidepoint(pos):
                        target, index = self.selected
                        if value not in view.candidates(target, index):
                            return Refuse(f"{value_text(value)} cannot be that tile: the open tiles rule it out")
                        self.selected = None
                        return Play(("guess", target, index, value))
            for (seat, index), rect in tiles.items():
                if rect.collidepoint(pos):
                    tile = view.racks[seat][index]
                    if seat == view.to_move:
                        return Refuse("Guess a tile of another player")
                    if tile.revealed:
                        return Refuse("That tile is already face up")
                    self.selected = (seat, index)
                    return None  # the tile is picked: its number comes next
            return Refuse("Click a hidden tile of another player, then its number")
        return None

    # ---------------------------------------------------------------- the game's own buttons
    def actions(self, match: Match):
        m = match
        out = [("Hints: on" if self.show_hints else "Hints", self.toggle_hints)] \
            if any(s.is_human for s in m.seats) else []
        if not any(s.is_human for s in m.seats):
            out.append(("Face down" if self.face_up else "Face up", self.toggle_face_up))
        return out

    def toggle_hints(self) -> None:
        self.show_hints = not self.show_hints

    def toggle_face_up(self) -> None:
        self.face_up = not self.face_up

    def banner(self, match) -> str | None:
        view = self.view(match.state)
        return {"draw": "Your turn: draw a tile from a pile",
                "place": "Place the drawn tile in a marked gap",
                "guess": "Pick another player's hidden tile, then call its number",
                "continue": "Right! Guess again, or stop to keep your tile hidden",
                "reveal": "Wrong: reveal one of your hidden tiles"}.get(view.phase)

    def miss_message(self) -> str:
        return "Click a pile, a tile or a number"

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.SEATS[seat]

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        pygame.draw.circle(surface, theme.SEATS[seat], center, radius)
        if radius >= 9:
            theme.text(surface, str(seat + 1), radius * 1.4, center, theme.TEXT, "center", bold=True)

    def scores(self, state: DavinciState) -> list[str]:
        """Each seat's hidden tiles left (0: out)."""
        return [str(sum(not t.revealed for t in rack)) for rack in state.racks]

    def move_label(self, match, index: int) -> str:
        """Guesses read as sentences, with their result; other moves by their notation."""
        move = match.history[index].move
        if move[0] == "guess":
            _, target, tile, value = move
            after = match.states[index + 1]
            right = after.racks[target][tile].revealed and not match.states[index].racks[target][tile].revealed
            return f"P{target + 1} #{tile + 1} = {value_text(value)}: {'right' if right else 'wrong'}"
        return match.text(move)

    # ---------------------------------------------------------------- per frame
    def update(self, match: Match, dt: float) -> None:
        self.look(match)
        view = self.view(match.state)
        if self.selected is not None and (view.phase not in ("guess", "continue") or not match.human_to_move):
            self.selected = None

    def wants_analysis(self, match: Match) -> tuple[bool, int | None]:
        """The odds of every hidden tile, as the looking seat can work them out."""
        return self.show_hints and self.viewer is not None, self.viewer

    def on_move(self, seat, move, before: DavinciState, after: DavinciState, now: float, duration: float) -> None:
        old = {t.uid: t.revealed for rack in before.racks for t in rack}
        for rack in after.racks:
            for t in rack:
                if t.revealed and not old.get(t.uid, False):
                    self.flips[t.uid] = (now, max(duration * 2, 0.001) if duration else 0.0)

    def busy(self, now: float) -> bool:
        return any(start + d > now for start, d in self.flips.values())

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, state: DavinciState, history: list, ctx: DrawContext) -> None:
        view = self.view(state)
        r = self.rect
        pygame.draw.ellipse(surface, FELT_EDGE, r.inflate(-r.width * 0.02, -r.height * 0.02))
        pygame.draw.ellipse(surface, FELT, r.inflate(-r.width * 0.05, -r.height * 0.05))
        tw, th = self.tile_size()
        tiles = self.rack_rects(view)
        mine = view.seat
        for colour, rect in self.pile_rects().items():
            self._draw_pile(surface, rect, colour, view.piles[colour], view.phase == "draw" and ctx.hover is not None)
        last_guess = next((e for e in reversed(view.history) if e[0] == "guess"), None)
        for (seat, index), rect in tiles.items():
            tile = view.racks[seat][index]
            lifted = tile.revealed
            box = rect.move(0, -round(th * 0.12)) if lifted and seat == mine else rect
            self._draw_tile(surface, box, tile, self.shown(view, seat, tile), ctx.now)
            if (seat, index) == self.selected:
                pygame.draw.rect(surface, SELECT, box.inflate(6, 6), width=3, border_radius=6)
            if ctx.last_move and last_guess is not None and tile.uid == last_guess[3]:
                pygame.draw.circle(surface, (230, 60, 50), (box.centerx, box.bottom + tw * 0.16), max(3, tw * 0.07))
            if view.drawn == tile.uid and not tile.revealed:  # this turn's drawn tile: a bar above it
                pygame.draw.line(surface, theme.SEATS[seat], (box.x + 3, box.y - 5), (box.right - 3, box.y - 5), 3)
        self._draw_names(surface, view, tiles, ctx.labels)
        for slot, rect in self.slot_rects(view, tiles).items():
            pygame.draw.rect(surface, SELECT, rect, border_radius=4)
        if view.hand is not None:
            hr = pygame.Rect(0, 0, round(tw), round(th))
            hr.midbottom = (r.centerx, round(r.bottom - th * 1.25 - tw * 1.2))
            colour, value = view.hand
            hand_tile = (colour, value, False, -1)
            self._draw_tile(surface, hr, hand_tile, value is not None and (view.seat is not None or self.face_up),
                            ctx.now)
        if self.selected is not None and ctx.hover is not None:
            self._draw_pad(surface, view)
        if view.phase == "continue" and ctx.hover is not None:
            b = self.stop_rect()
            pygame.draw.rect(surface, theme.ACCENT, b, border_radius=b.height // 4)
            theme.text(surface, "Stop", b.height * 0.55, b.center, (30, 30, 30), "center", bold=True)
        if self.show_hints and ctx.analysis is not None:
            self._draw_hints(surface, view, tiles, ctx.analysis)

    def _draw_tile(self, surface, rect: pygame.Rect, tile, shown: bool, now: float) -> None:
        colour, value, revealed, uid = tile
        sx = 1.0
        anim = self.flips.get(uid)
        if anim is not None and anim[1] > 0:  # the reveal: the tile turns over
            t = min(1.0, max(0.0, (now - anim[0]) / anim[1]))
            sx = abs(math.cos(math.pi * t))
            shown = shown and t >= 0.5
        body = rect.inflate(-round(rect.width * (1 - sx)), 0)
        radius = max(3, rect.width // 7)
        pygame.draw.rect(surface, (12, 40, 32), body.move(2, 3), border_radius=radius)
        pygame.draw.rect(surface, TILE[colour], body, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT if revealed else EDGE[colour], body,
                         width=max(1, rect.width // 18) + (1 if revealed else 0), border_radius=radius)
        if shown and value is not None and sx > 0.3:
            text = "-" if value == JOKER else str(value)
            theme.text(surface, text, min(rect.height, rect.width) * 0.7, body.center, INK[colour], "center", bold=True)
            if value in (6, 9):  # 6 and 9 look alike upside down: underline them, as real tiles do
                pygame.draw.line(surface, INK[colour], (body.centerx - rect.width * 0.18, body.centery + rect.height * 0.25),
                                 (body.centerx + rect.width * 0.18, body.centery + rect.height * 0.25), 2)

    def _draw_pile(self, surface, rect: pygame.Rect, colour: int, count: int, active: bool) -> None:
        for k in range(min(count, 4), 0, -1):
            pygame.draw.rect(surface, TILE[colour], rect.move(k * 3, -k * 3), border_radius=6)
            pygame.draw.rect(surface, EDGE[colour], rect.move(k * 3, -k * 3), width=1, border_radius=6)
        if count == 0:
            pygame.draw.rect(surface, FELT_EDGE, rect, width=2, border_radius=6)
        else:
            pygame.draw.rect(surface, TILE[colour], rect, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if active else EDGE[colour], rect, width=3 if active else 1,
                             border_radius=6)
        theme.text(surface, str(count), rect.height * 0.4, rect.center, INK[colour] if count else theme.MUTED,
                   "center", bold=True)
        label = "black pile" if colour == BLACK else "white pile"
        theme.text(surface, label, max(14, rect.height * 0.18), (rect.centerx, rect.bottom + rect.height * 0.16),
                   theme.TEXT, "center")

    def _draw_names(self, surface, view: DavinciView, tiles: dict, labels: tuple[str, ...]) -> None:
        tw, th = self.tile_size()
        for seat in range(view.players):
            name = labels[seat]
            if view.out[seat]:
                name += " (out)"
            rects = [rect for (s, _), rect in tiles.items() if s == seat]
            if not rects:
                continue
            box = rects[0].unionall(rects)
            color = theme.MUTED if view.out[seat] else theme.TEXT
            if seat == view.to_move and view.phase != "over":
                color = theme.ACCENT
            anchor_y = box.bottom + tw * 0.45 if box.bottom > self.rect.centery else box.y - tw * 0.35
            theme.text(surface, name, max(15, tw * 0.4), (box.centerx, anchor_y), color, "center", bold=True)

    def _draw_pad(self, surface, view: DavinciView) -> None:
        target, index = self.selected
        allowed = set(view.candidates(target, index))
        colour = view.racks[target][index].colour
        for value, rect in self.pad_rects().items():
            ok = value in allowed
            pygame.draw.rect(surface, TILE[colour] if ok else theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, SELECT if ok else theme.PANEL_EDGE, rect, width=2, border_radius=6)
            theme.text(surface, value_text(value), rect.height * 0.5, rect.center,
                       INK[colour] if ok else theme.DISABLED, "center", bold=True)

    def _draw_hints(self, surface, view: DavinciView, tiles: dict, hints: dict) -> None:
        """The likeliest number of each hidden opponent tile and its chance, beside the tile."""
        tw, th = self.tile_size()
        px = max(14, tw * 0.3)
        for (seat, index), rect in tiles.items():
            dist = hints.get((seat, index))
            if not dist or view.racks[seat][index].revealed or seat == view.seat:
                continue
            value, p = max(dist.items(), key=lambda kv: kv[1])
            text = f"{value_text(value)} {p * 100:.0f}%"
            if rect.width > rect.height:  # a side rack: the hint goes towards the middle of the table
                left = rect.centerx < self.rect.centerx
                pos, anchor = ((rect.right + 6, rect.centery), "midleft") if left else ((rect.x - 6, rect.centery), "midright")
            elif rect.centery < self.rect.centery:
                pos, anchor = (rect.centerx, rect.bottom + 4), "midtop"
            else:
                pos, anchor = (rect.centerx, rect.y - 4), "midbottom"
            theme.text(surface, text, px, pos, (250, 230, 150), anchor)
