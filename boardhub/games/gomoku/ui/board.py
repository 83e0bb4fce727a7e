"""The Gomoku board: wood, star points and coordinates, stones with optional move numbers,
the last move, black's forbidden points on black's turn, the arrow keys' cursor, and the
winning line; in an opening rule, what its step asks for in words, its choices as buttons
(with Ctrl keys; typed words work too) and the fifth moves offered, numbered on the board."""
from __future__ import annotations

import math

import pygame

from boardhub.core.i18n import N_, _
from boardhub.core.match import Match
from boardhub.games.gomoku import openings
from boardhub.games.gomoku.engine import COLUMNS, NAMES, GomokuState
from boardhub.games.gomoku.renju import forbidden_points
from boardhub.ui import theme
from boardhub.ui.board import BoardView, DrawContext, Play

WOOD = (222, 178, 98)
WOOD_EDGE = (176, 128, 60)
GRID = (70, 48, 22)
STONE = {0: (24, 24, 28), 1: (244, 244, 238)}
STONE_RIM = {0: (70, 70, 76), 1: (170, 170, 164)}
LAST_MOVE = (226, 50, 40)
FORBIDDEN = (200, 30, 30)
FORBIDDEN_HALO = (250, 236, 206)  # under the red cross, so that it stands out from the wood and the grid
WIN_LINE = (34, 92, 200)  # blue: it must stand out from the wood, the stones and the red marks
CURSOR = (34, 92, 200)
# the colour-blind-safe palette's (theme.OKABE_ITO): the marks vermillion, the winning line and the cursor blue
LAST_MOVE_SAFE = FORBIDDEN_SAFE = theme.OKABE_ITO["vermillion"]
WIN_LINE_SAFE = CURSOR_SAFE = theme.OKABE_ITO["blue"]
OFFER = (34, 92, 200)  # the ring round an offered fifth move: apart from the red marks and the stones
# an opening step's choices: (its move, the button's words, the Ctrl key that presses it)
CHOICES = {
    openings.ANSWER: ((openings.SWAP, N_("Swap"), pygame.K_s),
                      (openings.MORE, N_("Place 2 more"), pygame.K_p)),
    openings.CHOOSE: ((openings.TAKE_BLACK, N_("Take black"), pygame.K_b),
                      (openings.TAKE_WHITE, N_("Take white"), pygame.K_w)),
    openings.SWAP1: ((openings.SWAP, N_("Swap"), pygame.K_s), (openings.STAY, N_("Keep colour"), pygame.K_k)),
    openings.SWAP2: ((openings.SWAP, N_("Swap"), pygame.K_s), (openings.STAY, N_("Keep colour"), pygame.K_k)),
}


def star_points(size: int) -> list[tuple[int, int]]:
    """The marked points of the board, as Go and Renju boards print them."""
    if size == 19:
        return [(x, y) for x in (3, 9, 15) for y in (3, 9, 15)]
    if size == 15:
        return [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)]
    if size == 20:  # no middle point on an even board: the four fourth-line points, as a guide
        return [(x, y) for x in (3, 16) for y in (3, 16)]
    return []


class GomokuBoard(BoardView):
    def __init__(self, game) -> None:
        super().__init__(game)
        self.cell = 1.0
        self.origin = (0.0, 0.0)
        self.size = 19
        self.numbers = False
        self.anims: dict[int, tuple[float, float]] = {}
        self._forbidden: tuple[GomokuState | None, dict[int, str]] = (None, {})
        self.swapped = False  # the seats hold the other colours (an opening rule's swap)
        self.count = 1  # the number of fifth moves a human is about to declare (Soosõrv-8)
        self._points: tuple[GomokuState | None, list[int]] = (None, [])

    # ---------------------------------------------------------------- geometry
    def layout(self, rect: pygame.Rect, state: GomokuState) -> None:
        super().layout(rect, state)
        self.size = state.size
        self.cell = min(rect.width, rect.height) / (state.size + 1.2)
        span = self.cell * (state.size - 1)
        self.origin = (rect.centerx - span / 2, rect.centery - span / 2)

    def point_xy(self, p: int) -> tuple[float, float]:
        """Screen position of point p (row 1 at the bottom, as the notation counts)."""
        x, y = p % self.size, p // self.size
        return (self.origin[0] + x * self.cell, self.origin[1] + (self.size - 1 - y) * self.cell)

    def move_at(self, pos, state: GomokuState) -> int | None:
        x = round((pos[0] - self.origin[0]) / self.cell)
        row = round((pos[1] - self.origin[1]) / self.cell)
        if 0 <= x < state.size and 0 <= row < state.size:
            return (state.size - 1 - row) * state.size + x
        return None

    def miss_message(self) -> str:
        return _("Click on a point of the board")

    # ---------------------------------------------------------------- the keyboard
    def targets(self, match: Match) -> list[int]:
        """The empty points (a forbidden one too: Enter on it is refused with the reason, as a click is);
        in an opening rule's step, the points it allows (none while it asks for a choice)."""
        state = match.state
        if state.phase:
            return self.points(state)
        return [p for p, stone in enumerate(state.board) if not stone]

    def points(self, state: GomokuState) -> list[int]:
        """The points an opening step allows, computed once per position."""
        cached, points = self._points
        if cached is not state:
            points = [m for m in self.game.rules.legal_moves(state) if isinstance(m, int)]
            self._points = (state, points)
        return points

    def target_xy(self, move) -> tuple[float, float] | None:
        """Where a point is; an opening's decision ("swap") has no place."""
        if isinstance(move, int) and 0 <= move < self.size * self.size:
            return self.point_xy(move)
        return None

    def place_radius(self) -> float:
        return self.cell / 2

    def piece_rects(self, state: GomokuState) -> list[pygame.Rect]:
        """The square inside each stone on the screen (what a label on it would hide)."""
        side = round(self.cell * 0.64)
        out = []
        for p, stone in enumerate(state.board):
            if stone:
                rect = pygame.Rect(0, 0, side, side)
                rect.center = self.point_xy(p)
                out.append(rect)
        return out

    # ---------------------------------------------------------------- seats, buttons, notices
    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return STONE[seat ^ self.swapped]

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        """The stone of the colour the seat holds now (an opening rule's swap changes it)."""
        self._draw_stone_icon(surface, center, radius, seat ^ self.swapped)

    def draw_move_icon(self, surface, center, radius: float, match: Match, ply: int) -> None:
        """The stone of the colour the seat held when it moved: a swap later does not recolour the moves
        before it."""
        self._draw_stone_icon(surface, center, radius, match.history[ply].seat ^ match.states[ply].swapped)

    @staticmethod
    def _draw_stone_icon(surface, center, radius: float, colour: int) -> None:
        pygame.draw.circle(surface, STONE[colour], center, radius)
        pygame.draw.circle(surface, STONE_RIM[colour], center, radius, max(1, round(radius / 6)))

    def actions(self, match: Match):
        """For a human to move in an opening rule's step, its choices (first, so that - and + sit side by side
        and a step's two choices share a row); then move numbers."""
        numbers = [(N_("Numbers: on") if self.numbers else N_("Numbers"), self.toggle_numbers)]
        state = match.state
        if not state.phase or match.is_over or not match.seats[match.to_move].is_human:
            return numbers
        if state.phase == openings.DECLARE:
            return [("-", self.fewer), ("+", self.more), (N_("Declare"), self.declare)] + numbers
        return [(label, lambda move=move: Play(move)) for move, label, _k in CHOICES.get(state.phase, ())] + numbers

    def shortcuts(self) -> dict:
        """Ctrl+S swaps, Ctrl+K keeps the colour, Ctrl+P places 2 more, Ctrl+B and Ctrl+W take a colour."""
        return {key: (lambda move=move: Play(move)) for choices in CHOICES.values() for move, _label, key in choices}

    def shortcut(self, key: int, match: Match):
        """A choice's Ctrl key, while its step asks for it (a button's action is made anew each time)."""
        state = match.state
        if match.is_over or not state.phase or not match.seats[match.to_move].is_human:
            return None
        for move, _label, k in CHOICES.get(state.phase, ()):
            if k == key:
                return lambda: Play(move)
        return None

    def fewer(self) -> None:
        self.count = max(1, self.count - 1)

    def more(self) -> None:
        self.count = min(openings.MOST_OFFERS, self.count + 1)

    def declare(self) -> Play:
        return Play(str(self.count))

    def banner(self, match: Match) -> str | None:
        """What the opening rule's step asks of the human to move, in words: "Black: place 3 stones..."."""
        state = match.state
        if not state.phase or match.is_over:
            return None
        seat = match.to_move
        what = _(openings.phase_words(state))
        if state.phase == openings.DECLARE:
            what = _("{what}: {count}, with - and + (or type 1-8 and Enter)").format(what=what, count=self.count)
        elif state.phase == openings.OFFER:
            what = _("{what}: {done} of {count}").format(what=what, done=len(state.offers) + 1, count=state.wanted)
        return _("{name} ({colour}): {what}").format(name=match.seats[seat].label,
                                                     colour=_(NAMES[seat ^ state.swapped]), what=what)

    def move_label(self, seat: int, move, before, after, names, you=None) -> str:
        """An opening's decision in words ("swaps colours"); an offered fifth move as an offer."""
        words = openings.move_words(move)
        if words is not None:
            return _(words).format(count=move)
        point = self.game.rules.move_to_text(move, before)
        if before is not None and before.phase == openings.OFFER:
            return _("offers {point}").format(point=point)
        if before is not None and before.phase == openings.PICK:
            return _("keeps {point} as the 5th move").format(point=point)
        if before is not None and before.phase:  # an opening's stones are not always the mover's colour
            return _("{point}, {colour}").format(point=point, colour=_(NAMES[openings.stone_colour(before)]).lower())
        return point

    def toggle_numbers(self) -> None:
        self.numbers = not self.numbers

    def forbidden(self, state: GomokuState) -> dict[int, str]:
        """Black's forbidden points in `state`, computed once per position."""
        cached_state, points = self._forbidden
        if cached_state is not state:
            points = forbidden_points(state)
            self._forbidden = (state, points)
        return points

    def update(self, match: Match, dt: float) -> None:
        self.swapped = match.state.swapped
        if match.state.phase:
            self.points(match.state)  # the opening step's points, found here and never while drawing
        if not match.is_over and match.state.player == 0:
            self.forbidden(match.state)  # the scan happens here, never while drawing

    def on_move(self, seat, move, before, after, now: float, duration: float) -> None:
        self.anims[move] = (now, duration * 0.6)

    def busy(self, now: float) -> bool:
        return any(start + d > now for start, d in self.anims.values())

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, state: GomokuState, history: list, ctx: DrawContext) -> None:
        c, n = self.cell, state.size
        x0, y0 = self.origin
        span = c * (n - 1)
        wood = pygame.Rect(round(x0 - c * 0.95), round(y0 - c * 0.95), round(span + c * 1.9), round(span + c * 1.9))
        pygame.draw.rect(surface, WOOD, wood, border_radius=round(c * 0.2))
        pygame.draw.rect(surface, WOOD_EDGE, wood, width=max(2, round(c * 0.08)), border_radius=round(c * 0.2))
        for k in range(n):
            w = 2 if k in (0, n - 1) else 1
            pygame.draw.line(surface, GRID, (x0 + k * c, y0), (x0 + k * c, y0 + span), w)
            pygame.draw.line(surface, GRID, (x0, y0 + k * c), (x0 + span, y0 + k * c), w)
        for sx, sy in star_points(n):
            pygame.draw.circle(surface, GRID, self.point_xy(sy * n + sx), max(2, c * 0.12))
        px = max(11, c * 0.42)
        # clear of an edge stone however small the board: the text never gets under its smallest size
        off = max(c * 0.62, c * 0.48 + theme.font_px(px) * 0.55)
        across = max(off, c * 0.48 + theme.font(px).size("19")[0] / 2 + 2)  # the row numbers are wider
        for k in range(n):
            x, _y = self.point_xy(k)
            theme.text(surface, COLUMNS[k], px, (x, y0 - off), GRID, "center")
            theme.text(surface, COLUMNS[k], px, (x, y0 + span + off), GRID, "center")
            _x, y = self.point_xy(k * n)
            theme.text(surface, str(k + 1), px, (x0 - across, y), GRID, "center")
            theme.text(surface, str(k + 1), px, (x0 + span + across, y), GRID, "center")
        number = {p: i + 1 for i, p in enumerate(state.moves)}
        for p, stone in enumerate(state.board):
            if stone:
                self._draw_stone(surface, p, stone - 1, number.get(p), ctx.now)
        if ctx.last_move and state.moves:
            last, mark = state.moves[-1], theme.pick(LAST_MOVE, LAST_MOVE_SAFE)
            if not self.numbers:
                pygame.draw.circle(surface, mark, self.point_xy(last), max(3, c * 0.14))
            else:
                pygame.draw.circle(surface, mark, self.point_xy(last), c * 0.47, max(2, round(c * 0.07)))
        if state.win_line:
            self._draw_win_line(surface, state.win_line)
        for k, p in enumerate(state.offers):
            self._draw_offer(surface, p, k + 1)
        if state.phase == openings.OPEN3 and len(state.moves) < 3:
            self._draw_zone(surface, len(state.moves))
        if state.winner is None and not state.reason and state.player == 0:
            cached_state, points = self._forbidden
            if cached_state is state:
                for p in points:
                    self._draw_cross(surface, self.point_xy(p))
        pointer = self.pointer(ctx)
        if pointer is not None:
            p = self.move_at(pointer, state)
            placing = not state.phase or p in self._points[1]
            if p is not None and not state.board[p] and placing:
                ghost = pygame.Surface((round(c), round(c)), pygame.SRCALPHA)
                pygame.draw.circle(ghost, (*STONE[state.player], 130), (c / 2, c / 2), c * 0.45)
                x, y = self.point_xy(p)
                surface.blit(ghost, (x - c / 2, y - c / 2))
            if self.cursor_shown and self.cursor is not None:
                self._draw_cursor(surface, self.point_xy(self.cursor))

    def draw_line_of_play(self, surface: pygame.Surface, state: GomokuState, line: tuple[int, ...]) -> None:
        """A forced win found: each move to come as a see-through stone of its colour, numbered from 1
        (the side to move's moves odd, the other side's even), so the line reads over the real stones."""
        c = self.cell
        size = max(2, round(c))
        for i, p in enumerate(line):
            colour = state.player if i % 2 == 0 else 1 - state.player
            ghost = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(ghost, (*STONE[colour], 200), (size / 2, size / 2), c * 0.44)
            pygame.draw.circle(ghost, (*CURSOR, 255), (size / 2, size / 2), c * 0.44, max(2, round(c * 0.07)))
            x, y = self.point_xy(p)
            surface.blit(ghost, (x - size / 2, y - size / 2))
            theme.text(surface, str(i + 1), c * (0.5 if i < 9 else 0.42), (x, y), STONE[1 - colour], "center",
                       bold=True)

    def _draw_win_line(self, surface, line: tuple[int, ...]) -> None:
        """A band around the five, beside the stones: the move numbers on them stay readable."""
        # along any line the point index only grows: its ends are the smallest and the largest
        (ax, ay), (bx, by) = self.point_xy(min(line)), self.point_xy(max(line))
        angle = math.atan2(by - ay, bx - ax)
        r = self.cell * 0.56  # just outside the stones (0.46) and their shadows
        outline = []
        for (cx, cy), start in (((bx, by), angle - math.pi / 2), ((ax, ay), angle + math.pi / 2)):
            for k in range(13):  # a half circle round each end, joined by the two long sides
                t = start + math.pi * k / 12
                outline.append((cx + r * math.cos(t), cy + r * math.sin(t)))
        pygame.draw.polygon(surface, theme.pick(WIN_LINE, WIN_LINE_SAFE), outline, max(3, round(self.cell * 0.1)))

    def _draw_cross(self, surface, at: tuple[float, float]) -> None:
        """Black's forbidden point: a red cross on a light ground, plain on the wood and the grid."""
        x, y = at
        c = self.cell
        pygame.draw.circle(surface, FORBIDDEN_HALO, (x, y), c * 0.3)
        d, w = c * 0.2, max(2, round(c * 0.09))
        cross = theme.pick(FORBIDDEN, FORBIDDEN_SAFE)
        pygame.draw.line(surface, cross, (x - d, y - d), (x + d, y + d), w)
        pygame.draw.line(surface, cross, (x - d, y + d), (x + d, y - d), w)

    def _draw_zone(self, surface, half: int) -> None:
        """Soosõrv's square for the next of the first three stones: the centre, 3 x 3, 5 x 5."""
        c, centre = self.cell, (self.size // 2) * (self.size + 1)
        x, y = self.point_xy(centre)
        side = (2 * half + 0.8) * c
        rect = pygame.Rect(0, 0, round(side), round(side))
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, OFFER, rect, max(2, round(c * 0.06)), border_radius=round(c * 0.2))

    def _draw_offer(self, surface, p: int, number: int) -> None:
        """An offered fifth move: a pale black stone in a blue ring, numbered in the order offered."""
        x, y = self.point_xy(p)
        c = self.cell
        ghost = pygame.Surface((round(c), round(c)), pygame.SRCALPHA)
        pygame.draw.circle(ghost, (*STONE[0], 110), (c / 2, c / 2), c * 0.42)
        surface.blit(ghost, (x - c / 2, y - c / 2))
        pygame.draw.circle(surface, OFFER, (x, y), c * 0.47, max(2, round(c * 0.08)))
        theme.text(surface, str(number), max(11, c * 0.5), (x, y), STONE[1], "center", bold=True)

    def _draw_cursor(self, surface, at: tuple[float, float]) -> None:
        """The keyboard's point: four corners around it, clear of the stone that may stand there."""
        x, y = at
        c = self.cell
        r, arm, w = c * 0.52, c * 0.2, max(2, round(c * 0.08))
        colour = theme.pick(CURSOR, CURSOR_SAFE)
        for sx in (-1, 1):
            for sy in (-1, 1):
                corner = (x + sx * r, y + sy * r)
                pygame.draw.line(surface, colour, corner, (corner[0] - sx * arm, corner[1]), w)
                pygame.draw.line(surface, colour, corner, (corner[0], corner[1] - sy * arm), w)

    def _draw_stone(self, surface, p: int, colour: int, number: int | None, now: float) -> None:
        x, y = self.point_xy(p)
        radius = self.cell * 0.46
        anim = self.anims.get(p)
        if anim is not None and anim[1] > 0:
            radius *= 0.5 + 0.5 * min(1.0, max(0.0, (now - anim[0]) / anim[1]))
        pygame.draw.circle(surface, (120, 84, 40), (x + self.cell * 0.05, y + self.cell * 0.07), radius)
        pygame.draw.circle(surface, STONE[colour], (x, y), radius)
        pygame.draw.circle(surface, STONE_RIM[colour], (x, y), radius, max(1, round(self.cell * 0.05)))
        if self.numbers and number is not None:
            ink = STONE[1 - colour]
            theme.text(surface, str(number), self.cell * (0.5 if number < 100 else 0.4), (x, y), ink, "center")
