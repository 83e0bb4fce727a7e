"""The Othello board: a green 8 x 8 board, discs that flip, legal-move hints, the last
move, a pass notice, the arrow keys' cursor, and the expert's evaluation on request."""
from __future__ import annotations

import math

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.i18n import N_, _
from boardhub.core.match import Match
from boardhub.core.modes import Mode
from boardhub.games.othello.engine import BLACK, COLUMNS, PASS, OthelloState, moves_mask
from boardhub.ui import theme
from boardhub.ui.board import PLAY_KEYS, BoardView, DrawContext, Intent, Play

GREEN = (22, 118, 66)
GREEN_DARK = (14, 84, 46)
DISC = {BLACK: (28, 28, 32), 1: (242, 242, 236)}
RIM = {BLACK: (70, 70, 78), 1: (190, 190, 184)}
# a disc in the move list and the top bar sits on a dark panel: black's rim is light enough to see
ICON_RIM = {BLACK: (160, 162, 172), 1: (190, 190, 184)}
# the legal-move dots, in the mover's colour at more than 3:1 against the green
HINT_DOT = {BLACK: (8, 8, 10), 1: (250, 250, 246)}
LAST_MOVE = (230, 60, 50)
LAST_MOVE_SAFE = theme.OKABE_ITO["vermillion"]  # the colour-blind-safe palette's: dark enough on a white disc
CURSOR = theme.ACCENT


class OthelloBoard(BoardView):
    def __init__(self, game: GameEntry) -> None:
        super().__init__(game)
        self.cell = 1.0
        self.origin = (0.0, 0.0)
        # square -> (start, duration, colour before, colour after); None before: a new disc
        self.anims: dict[int, tuple[float, float, int | None, int]] = {}
        self.show_eval = False

    # ---------------------------------------------------------------- geometry
    def layout(self, rect: pygame.Rect, state: OthelloState) -> None:
        super().layout(rect, state)
        self.cell = min(rect.width, rect.height) / 9.0  # 8 squares and the frame with coordinates
        self.origin = (rect.centerx - 4 * self.cell, rect.centery - 4 * self.cell)

    def square_rect(self, sq: int) -> pygame.Rect:
        row, col = divmod(sq, 8)
        x, y = self.origin
        return pygame.Rect(round(x + col * self.cell), round(y + row * self.cell),
                           round(self.cell), round(self.cell))

    def square_center(self, sq: int) -> tuple[float, float]:
        row, col = divmod(sq, 8)
        return (self.origin[0] + (col + 0.5) * self.cell, self.origin[1] + (row + 0.5) * self.cell)

    def square_at(self, pos) -> int | None:
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        if 0 <= x < 8 * self.cell and 0 <= y < 8 * self.cell:
            return int(y // self.cell) * 8 + int(x // self.cell)
        return None

    def move_at(self, pos, state: OthelloState):
        """The square clicked; any click passes when a pass is the only move."""
        if must_pass(state):
            return PASS
        return self.square_at(pos)

    def miss_message(self) -> str:
        return _("Click on a square of the board")

    def banner(self, match) -> str | None:
        if must_pass(match.state):
            return _("{name}: no legal move. Press Pass, Enter or click the board").format(
                name=match.seats[match.state.player].label)
        if self.show_eval and match.human_to_move:  # the overlay's numbers say their unit
            who = _("Your turn: the numbers are discs ahead at the end") if match.mode is Mode.PVA else \
                _("{name} to move: the numbers are discs ahead at the end")
            return who.format(name=match.seats[match.to_move].label)
        return None

    # ---------------------------------------------------------------- the keyboard
    def targets(self, match: Match) -> list[int]:
        """The legal squares, as the source's arrow keys went from one to the next."""
        legal = moves_mask(match.state.me, match.state.opp)
        return [sq for sq in range(64) if legal >> sq & 1]

    def target_xy(self, move: int) -> tuple[float, float] | None:
        return None if move == PASS else self.square_center(move)

    def place_radius(self) -> float:
        return self.cell / 2

    def piece_rects(self, state: OthelloState) -> list[pygame.Rect]:
        """The square inside each disc (what a label on it would hide)."""
        discs = state.black | state.white
        inset = -round(self.cell * 0.44)
        return [self.square_rect(sq).inflate(inset, inset) for sq in range(64) if discs >> sq & 1]

    def key(self, key: int, match: Match) -> Intent:
        if key in PLAY_KEYS and must_pass(match.state):
            return Play(PASS)
        return super().key(key, match)

    # ---------------------------------------------------------------- seats and scores
    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return DISC[seat]

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        pygame.draw.circle(surface, DISC[seat], center, radius)
        pygame.draw.circle(surface, ICON_RIM[seat], center, radius, max(1, round(radius / 4)))

    def scores(self, state: OthelloState) -> list[str]:
        """The discs on the board; once the game is over, the final score the result and saves give
        (empty squares go to the winner, and the result says so)."""
        rules = self.game.rules
        if rules.is_over(state):
            return [str(v) for v in rules.outcome(state).scores]
        return [str(v) for v in state.counts()]

    # ---------------------------------------------------------------- the evaluation overlay
    def actions(self, match: Match):
        """The evaluation overlay's switch; and Pass while the human to move has nothing else to play."""
        # short enough for the side panel's half-width buttons at 800 x 600, on and off
        out = [(N_("Values: on") if self.show_eval else N_("Values"), self.toggle_eval)]
        if match.human_to_move and not match.is_over and must_pass(match.state):
            out.append((N_("Pass"), lambda: Play(PASS)))
        return out

    def toggle_eval(self) -> None:
        self.show_eval = not self.show_eval

    def wants_analysis(self, match: Match) -> tuple[bool, int | None]:
        """The expert's value of every legal move, for the position a human is thinking about."""
        return self.show_eval and match.human_to_move, match.to_move

    # ---------------------------------------------------------------- animation
    def on_move(self, seat, move, before: OthelloState, after: OthelloState, now: float, duration: float) -> None:
        if move == PASS or duration <= 0:
            return
        self.anims[move] = (now, duration * 0.6, None, seat)
        changed = (before.black ^ after.black) & ~(1 << move)
        for sq in range(64):
            if changed >> sq & 1:
                # flips ripple out from the new disc, a little later the farther they are
                dist = max(abs(sq // 8 - move // 8), abs(sq % 8 - move % 8))
                self.anims[sq] = (now + duration * 0.15 * dist, duration, 1 - seat, seat)

    def busy(self, now: float) -> bool:
        return any(start + d > now for start, d, _from, _to in self.anims.values())

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, state: OthelloState, history: list, ctx: DrawContext) -> None:
        c = self.cell
        x0, y0 = self.origin
        frame = pygame.Rect(round(x0 - c * 0.45), round(y0 - c * 0.45), round(c * 8.9), round(c * 8.9))
        pygame.draw.rect(surface, GREEN_DARK, frame, border_radius=round(c * 0.15))
        board = pygame.Rect(round(x0), round(y0), round(c * 8), round(c * 8))
        pygame.draw.rect(surface, GREEN, board)
        for k in range(9):
            w = 2 if k in (0, 8) else 1
            pygame.draw.line(surface, GREEN_DARK, (x0 + k * c, y0), (x0 + k * c, y0 + 8 * c), w)
            pygame.draw.line(surface, GREEN_DARK, (x0, y0 + k * c), (x0 + 8 * c, y0 + k * c), w)
        for gx, gy in ((2, 2), (6, 2), (2, 6), (6, 6)):
            pygame.draw.circle(surface, GREEN_DARK, (x0 + gx * c, y0 + gy * c), max(2, c * 0.06))
        label = (190, 220, 200)
        for k in range(8):
            theme.text(surface, COLUMNS[k], c * 0.3, (x0 + (k + 0.5) * c, y0 - c * 0.24), label, "center")
            theme.text(surface, str(k + 1), c * 0.3, (x0 - c * 0.24, y0 + (k + 0.5) * c), label, "center")
        for sq in range(64):
            disc = state.disc(sq)
            if disc is not None:
                self._draw_disc(surface, sq, disc, ctx.now)
        last = next((p.move for p in reversed(history) if p.move != PASS), None)
        if ctx.last_move and last is not None and state.disc(last) is not None:
            r = self.square_rect(last)
            pygame.draw.circle(surface, theme.pick(LAST_MOVE, LAST_MOVE_SAFE), r.center, max(3, c * 0.08))
        legal = moves_mask(state.me, state.opp)
        if ctx.hover is not None and ctx.hints:
            for sq in range(64):
                if legal >> sq & 1 and sq not in (ctx.analysis or {}):
                    # in the mover's colour, which stands out on the green (a darker green did not)
                    pygame.draw.circle(surface, HINT_DOT[state.player], self.square_rect(sq).center, c * 0.12)
        pointer = self.pointer(ctx)
        if pointer is not None:
            sq = self.square_at(pointer)
            if sq is not None and legal >> sq & 1:
                ghost = pygame.Surface((round(c), round(c)), pygame.SRCALPHA)
                pygame.draw.circle(ghost, (*DISC[state.player], 120), (c / 2, c / 2), c * 0.4)
                surface.blit(ghost, self.square_rect(sq))
        if self.show_eval and ctx.analysis and ctx.hover is not None:
            self._draw_evals(surface, ctx.analysis)
        if pointer is not None and self.cursor_shown and self.cursor is not None:
            frame = self.square_rect(self.cursor).inflate(-round(c * 0.06), -round(c * 0.06))
            pygame.draw.rect(surface, CURSOR, frame, width=max(3, round(c * 0.07)), border_radius=round(c * 0.1))

    def _draw_disc(self, surface, sq: int, disc: int, now: float) -> None:
        r = self.square_rect(sq)
        radius = self.cell * 0.4
        color, sx = disc, 1.0
        anim = self.anims.get(sq)
        # the colour is the state's: an animation only shows how the disc got there while it runs, and one
        # that ended, or that leads to another colour (the move was undone, a replay stepped back), is gone
        if anim is not None and anim[3] == disc and now < anim[0] + anim[1]:
            start, dur, before, after = anim
            t = 1.0 if dur <= 0 else min(1.0, max(0.0, (now - start) / dur))
            if before is None:
                radius *= 0.4 + 0.6 * t
            else:  # a flip: the disc narrows to its edge and opens in the other colour
                sx = abs(math.cos(math.pi * t))
                color = before if t < 0.5 else after
        w, h = max(2, radius * 2 * sx), radius * 2
        shadow = pygame.Rect(0, 0, w, h)
        shadow.center = (r.centerx + self.cell * 0.03, r.centery + self.cell * 0.05)
        pygame.draw.ellipse(surface, GREEN_DARK, shadow)
        body = pygame.Rect(0, 0, w, h)
        body.center = r.center
        pygame.draw.ellipse(surface, DISC[color], body)
        pygame.draw.ellipse(surface, RIM[color], body, max(1, round(self.cell * 0.03)))

    def _draw_evals(self, surface, evals: dict[int, float]) -> None:
        best = max(evals.values(), default=0)
        for sq, score in evals.items():
            if sq == PASS:
                continue
            r = self.square_rect(sq)
            color = (255, 230, 120) if score == best else (235, 245, 235)
            theme.text(surface, eval_text(score), self.cell * 0.36, r.center, color, "center", bold=score == best)


def must_pass(state: OthelloState) -> bool:
    """A pass is the only move: the player has none and the other player has one."""
    return not moves_mask(state.me, state.opp) and bool(moves_mask(state.opp, state.me))


def eval_text(score: float) -> str:
    """An evaluation in discs ahead as the overlay shows it: "+3", "-2", and "0", never "-0"."""
    whole = round(score)
    return f"{whole:+d}" if whole else "0"
