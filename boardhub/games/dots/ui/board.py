"""The Dots and Boxes board: dots, a preview of the line under the mouse or the arrow keys'
cursor, the last turn's lines, boxes in their owner's colour and mark, and the grid's
coordinates."""
from __future__ import annotations

import pygame

from boardhub.core.i18n import N_, _
from boardhub.games.dots.chains import chain_count
from boardhub.games.dots.engine import DotsState, Move
from boardhub.ui import theme
from boardhub.core.match import Match
from boardhub.ui.board import BoardView, DrawContext, Intent, Play, Refuse

HIT_RADIUS = 0.42  # of the dot spacing: a generous target around each line
CURSOR = (214, 150, 20)


class DotsBoard(BoardView):
    # the lines' middles sit diagonally to each other: an arrow goes to the nearest line that way,
    # across or along, half a box at a time
    SIDE_COST = 0.5

    def __init__(self, game) -> None:
        super().__init__(game)
        self.line_anims: dict[Move, tuple[float, float]] = {}  # move -> (start, duration)
        self.box_anims: dict[int, tuple[float, float]] = {}
        self.spacing = 1.0
        self.origin = (0.0, 0.0)
        self.size = (1, 1)
        self.show_chains = False  # the long chain rule's counter, on request (its button or Ctrl+L)

    # ---------------------------------------------------------------- geometry
    def layout(self, rect: pygame.Rect, state: DotsState) -> None:
        super().layout(rect, state)
        rows, cols = state.rows, state.cols
        r = self.rect
        sp = min(r.width / (cols + 0.9), r.height / (rows + 0.9))
        self.spacing = sp
        self.origin = (r.centerx - sp * cols / 2, r.centery - sp * rows / 2)

    def point(self, gr: float, gc: float) -> tuple[float, float]:
        """Screen position of a grid point (row, col) of the (2R+1) x (2C+1) notation grid."""
        return (self.origin[0] + gc / 2 * self.spacing, self.origin[1] + gr / 2 * self.spacing)

    def ends(self, move: Move) -> tuple[tuple[float, float], tuple[float, float]]:
        r, c = move
        if r % 2 == 0:
            return self.point(r, c - 1), self.point(r, c + 1)
        return self.point(r - 1, c), self.point(r + 1, c)

    def move_at(self, pos, state: DotsState) -> Move | None:
        """The undrawn line nearest to `pos`, if it is within the hit radius."""
        return self.line_at(pos, state, drawn=False)

    def click(self, pos, match: Match) -> Intent:
        """An empty line plays; a click on a line already drawn is told so, not sent to look elsewhere."""
        move = self.move_at(pos, match.state)
        if move is not None:
            return Play(move)
        if self.line_at(pos, match.state, drawn=True) is not None:
            return Refuse(_("That line is already drawn: pick an empty one"))
        return Refuse(self.miss_message())

    def line_at(self, pos, state: DotsState, drawn: bool) -> Move | None:
        """The line nearest to `pos` within the hit radius among the drawn ones, or the undrawn ones."""
        best, best_d = None, HIT_RADIUS * self.spacing
        px, py = pos
        g = state.geom
        for i, move in enumerate(g.line_coord):
            if bool(state.lines >> i & 1) != drawn:
                continue
            (ax, ay), (bx, by) = self.ends(move)
            # distance to the segment, ends pulled in a little so dots are not ambiguous
            if ay == by:
                x = min(max(px, ax + 0.1 * self.spacing), bx - 0.1 * self.spacing)
                d = ((px - x) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                y = min(max(py, ay + 0.1 * self.spacing), by - 0.1 * self.spacing)
                d = ((px - ax) ** 2 + (py - y) ** 2) ** 0.5
            if d < best_d:
                best, best_d = move, d
        return best

    # ---------------------------------------------------------------- the keyboard
    def targets(self, match: Match) -> list[Move]:
        """The lines not drawn yet."""
        return [] if match.is_over else match.rules.legal_moves(match.state)

    def target_xy(self, move: Move) -> tuple[float, float] | None:
        r, c = move
        return self.point(r, c)

    def place_radius(self) -> float:
        """Lines and boxes lie half a box apart on the grid."""
        return self.spacing / 4

    # ---------------------------------------------------------------- the long chain counter
    def actions(self, match: Match):
        """The long chain counter's switch (short enough for a half-width button at 800 x 600)."""
        return [(N_("Chains: on") if self.show_chains else N_("Chains"), self.toggle_chains)]

    def toggle_chains(self) -> None:
        self.show_chains = not self.show_chains

    def shortcuts(self) -> dict:
        return {pygame.K_l: self.toggle_chains}

    def banner(self, match: Match) -> str | None:
        """While the counter is on, the human to move reads the long chain rule for the position."""
        return chain_text(match) if self.show_chains else None

    # ---------------------------------------------------------------- animation
    def on_move(self, seat, move, before: DotsState, after: DotsState, now: float, duration: float) -> None:
        self.line_anims[move] = (now, duration)
        for b, (old, new) in enumerate(zip(before.owners, after.owners)):
            if old != new:
                self.box_anims[b] = (now + duration, duration)

    def busy(self, now: float) -> bool:
        return any(start + d > now for start, d in (*self.line_anims.values(), *self.box_anims.values()))

    @staticmethod
    def _progress(anim: tuple[float, float] | None, now: float) -> float:
        if anim is None or anim[1] <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - anim[0]) / anim[1]))

    def miss_message(self) -> str:
        return _("Click closer to an empty line")

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        pygame.draw.circle(surface, self.seat_color(seat), center, radius)
        if radius >= 10:
            theme.text(surface, theme.SEAT_MARKS[seat], radius * 1.4, center, theme.TEXT, "center", bold=True)

    def scores(self, state: DotsState) -> list[str]:
        return [str(v) for v in state.scores]

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, state: DotsState, history: list, ctx: DrawContext) -> None:
        g, sp = state.geom, self.spacing
        paper = pygame.Rect(0, 0, sp * (state.cols + 0.75), sp * (state.rows + 0.75))
        paper.center = self.point(state.rows, state.cols)
        pygame.draw.rect(surface, theme.BOARD, paper, border_radius=round(sp * 0.12))
        self._draw_coordinates(surface, state)
        for b, owner in enumerate(state.owners):
            if owner >= 0:
                self._draw_box(surface, g.box_coord(b), owner, self._progress(self.box_anims.get(b), ctx.now))
        width = max(3, round(sp * 0.075))
        if ctx.hints:
            for i, move in enumerate(g.line_coord):
                if not state.lines >> i & 1:
                    a, b = self.ends(move)
                    pygame.draw.line(surface, (222, 214, 198), a, b, max(1, width // 3))
        last_turn = self._last_turn(history) if ctx.last_move else {}
        for i, move in enumerate(g.line_coord):
            if state.lines >> i & 1:
                a, b = self.ends(move)
                t = self._progress(self.line_anims.get(move), ctx.now)
                b = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                color = theme.SEATS[last_turn[move]] if move in last_turn else theme.INK
                # the colour-blind-safe palette draws the last turn's lines thicker too: not by colour alone
                thick = 2 if move in last_turn and theme.palette == "safe" else 0
                pygame.draw.line(surface, color, a, b, width + thick)
        pointer = self.pointer(ctx)
        if pointer is not None:
            move = self.move_at(pointer, state)
            if move is not None:
                a, b = self.ends(move)
                color = theme.lighten(theme.SEATS[state.player], 0.4)
                pygame.draw.line(surface, color, a, b, width + 2)
            if self.cursor_shown and self.cursor is not None:
                self._draw_cursor(surface, self.cursor)
        for r in range(0, g.height, 2):
            for c in range(0, g.width, 2):
                pygame.draw.circle(surface, theme.INK, self.point(r, c), max(3, sp * 0.07))

    def _draw_cursor(self, surface, move: Move) -> None:
        """The keyboard's line: a frame around it from dot to dot."""
        (ax, ay), (bx, by) = self.ends(move)
        pad = self.spacing * 0.16
        frame = pygame.Rect(0, 0, 0, 0)
        frame.width, frame.height = round(abs(bx - ax) + 2 * pad), round(abs(by - ay) + 2 * pad)
        frame.center = (round((ax + bx) / 2), round((ay + by) / 2))
        pygame.draw.rect(surface, CURSOR, frame, width=max(2, round(self.spacing * 0.04)),
                         border_radius=round(pad))

    def _last_turn(self, history: list) -> dict[Move, int]:
        """The lines of the last turn: the trailing run of moves by one seat."""
        out: dict[Move, int] = {}
        if history:
            seat = history[-1].seat
            for p in reversed(history):
                if p.seat != seat:
                    break
                out[p.move] = seat
        return out

    def _draw_box(self, surface, coord, owner: int, t: float) -> None:
        sp = self.spacing
        cx, cy = self.point(*coord)
        size = sp * (0.3 + 0.6 * t)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (cx, cy)
        color = theme.SEATS[owner % len(theme.SEATS)]
        pygame.draw.rect(surface, theme.lighten(color, 0.65), rect, border_radius=round(sp * 0.06))
        if t > 0.3:
            theme.text(surface, theme.SEAT_MARKS[owner], sp * 0.5 * t, (cx, cy), color, "center", bold=True)

    def _draw_coordinates(self, surface, state: DotsState) -> None:
        sp = self.spacing
        px = max(12, sp * 0.2)
        g = state.geom
        for c in range(g.width):
            x, y = self.point(-0.55, c)
            theme.text(surface, str(c), px, (x, y), (150, 140, 120), "center")
        # the row numbers end a clear gap left of the dots (two digits from row 10 on would touch them)
        gap = max(3, sp * 0.07) + max(4, sp * 0.08)
        for r in range(g.height):
            x, y = self.point(r, 0)
            theme.text(surface, str(r), px, (x - gap, y), (150, 140, 120), "midright")


def chain_text(match: Match) -> str:
    """The long chain rule in words: how many long chains and loops, who wants them odd or even."""
    count = chain_count(match.state.lines, match.state.geom)
    names = [seat.label for seat in match.seats]
    return _("Long chains: {chains}, loops: {loops}. Odd is good for {odd}, even for {even}").format(
        chains=count.long_chains, loops=count.loops, odd=names[count.wants_odd], even=names[1 - count.wants_odd])
