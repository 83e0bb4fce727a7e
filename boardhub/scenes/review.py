"""The review of a finished game: the board at a chosen move, the evaluation graph, the rated moves.

The positions are judged in the AI process one after another while the
window stays live: the graph grows from the left and the move list fills in.
Selecting a move (a click on the graph or the list, the arrow keys) shows the
position it was played in, the move played and the better move found with
its value. The graph exports as a PNG into the saves folder. Where the game has
a solver (Gomoku), Ctrl+F looks for the side to move's forced win in the
position shown, in the AI process, and numbers its line on the board; Esc
takes it off.
"""
from __future__ import annotations

import time
from typing import Any

import pygame

from boardhub.core import i18n, saves
from boardhub.core.game import GameEntry
from boardhub.core.i18n import N_, _, ngettext
from boardhub.core.events import MovePlayed
from boardhub.core.review import MoveReview, value_text
from boardhub.core.requests import FindWinRequest
from boardhub.core.review_run import GameRecord, ReviewRun
from boardhub.core.seat_names import YOU
from boardhub.core.worker import Worker
from boardhub.ui import theme
from boardhub.ui.board import DrawContext
from boardhub.ui.review_graph import draw_graph, move_at, rating_colour, save_graph
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, FocusRing

PLAYED_COLOUR = theme.ACCENT


def ratings_text(row: dict[str, float]) -> str:
    """A seat's ratings in words: "1 inaccuracy, 2 mistakes, 0 blunders"."""
    a, b, c = (int(row[name]) for name in ("inaccuracy", "mistake", "blunder"))
    return ", ".join([ngettext("{count} inaccuracy", "{count} inaccuracies", a).format(count=a),
                      ngettext("{count} mistake", "{count} mistakes", b).format(count=b),
                      ngettext("{count} blunder", "{count} blunders", c).format(count=c)])


class ReviewScene(Scene):
    def __init__(self, app: Host, entry: GameEntry, record: GameRecord, seat: int | None, labels: tuple[str, ...]) -> None:
        super().__init__(app)
        self.entry, self.record, self.seat = entry, record, seat
        self.labels = labels
        self.board = entry.board(entry)
        self.run = ReviewRun(entry, record, seat, app.start_worker())
        self.selected = 0 if record.moves else None
        self.scroll = 0
        self.message, self.message_color = "", theme.MUTED
        self.export_button = Button(N_("Export graph"), self.export)
        self.back_button = Button(N_("Back"), self.app.pop, primary=True)
        self.buttons = [self.export_button, self.back_button]
        self.focus = FocusRing(lambda: self.buttons, arrows=False)  # the arrows step through the moves
        self.clock = 0.0
        self._said: dict[tuple[str, int, Any], str] = {}  # (language, ply, other move) -> its words
        self.win: tuple[Any, Any, Any] | None = None  # Find the win: (the position, its job, its answer)

    def label(self, seat: int) -> str:
        """A seat's name in the language of the moment (a board's colour names are in the catalog)."""
        return _(self.labels[seat])

    def words(self, ply: int, move: Any = None) -> str:
        """Move `ply` as a move list says it; with `move`, that other move from the same position (a
        better one), said without what it would bring. Worded once per language, not on every frame the
        list is drawn."""
        key = (i18n.language(), ply, move)
        if key not in self._said:
            self._said[key] = self._word(ply, move)
        return self._said[key]

    def _word(self, ply: int, move: Any) -> str:
        before = self.run.states[ply]
        names = tuple(self.label(i) for i in range(len(self.labels)))
        # the one human of a game against the AI is named "You" (seat_names): spoken to, as in the game's list
        you = self.labels.index(YOU) if YOU in self.labels else None
        if move is None:
            return self.board.move_label(self.entry.rules.to_move(before), self.record.moves[ply], before,
                                         self.run.states[ply + 1], names, you)
        return self.board.move_label(self.entry.rules.to_move(before), move, before, None, names, you)

    # ---------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        pad = round(16 * s)
        self.top_rect = pygame.Rect(0, 0, w, round(64 * s))
        side_w = round(min(360 * s, w * 0.34))
        self.side_rect = pygame.Rect(w - side_w - pad, self.top_rect.bottom + pad, side_w,
                                     h - self.top_rect.bottom - 2 * pad)
        graph_h = round(max(90 * s, h * 0.2))
        self.graph_rect = pygame.Rect(pad, h - pad - graph_h, self.side_rect.x - 2 * pad, graph_h)
        board_rect = pygame.Rect(pad, self.top_rect.bottom + pad, self.side_rect.x - 2 * pad,
                                 self.graph_rect.y - self.top_rect.bottom - 2 * pad)
        self.board.layout(board_rect, self.run.states[0])
        bh, gap = round(40 * s), round(10 * s)
        inner = self.side_rect.inflate(-round(24 * s), -round(24 * s))
        half = (inner.width - gap) // 2
        self.export_button.rect = pygame.Rect(inner.x, inner.bottom - bh, half, bh)
        self.back_button.rect = pygame.Rect(inner.x + half + gap, inner.bottom - bh, half, bh)
        self.detail_px = 18 * s
        self.detail_rect = pygame.Rect(inner.x, inner.bottom - bh - gap - round(5.2 * theme.line_height(self.detail_px)),
                                       inner.width, round(5.2 * theme.line_height(self.detail_px)))
        self.list_rect = pygame.Rect(inner.x, inner.y + round(34 * s), inner.width,
                                     self.detail_rect.y - gap - inner.y - round(34 * s))
        self.row_px = 17 * s
        self.row_h = theme.line_height(self.row_px) + round(4 * s)
        self._keep_selected_visible()

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // max(1, self.row_h))

    def _keep_selected_visible(self) -> None:
        if self.selected is None:
            return
        rows = self.visible_rows
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + rows:
            self.scroll = self.selected - rows + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.record.moves) - rows)))

    # ---------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.clock += dt
        self.run.update()
        if self.run.error:
            self.message, self.message_color = self.run.error, theme.ERROR
        if self.win is not None and self.win[2] is None and self.win[1].done:
            state, job, _answer = self.win
            if job.error is not None or job.move is None:
                self.win, self.message = None, _("The search for a forced win stopped without an answer")
                self.message_color = theme.ERROR
            else:
                self.win = (state, job, job.move)
                self.message, self.message_color = job.move.wording().said(), theme.SUCCESS

    def find_win(self) -> None:
        """Ctrl+F: the forced win of the side to move in the position shown, looked for in the AI process."""
        state = self.run.states[self.selected if self.selected is not None else len(self.record.moves)]
        if self.entry.find_win is None or self.entry.rules.is_over(state):
            return
        job = self.run.worker.ask(FindWinRequest(self.entry.key, state, self.entry.rules.to_move(state)), 20.0)
        self.win = (state, job, None)
        self.message, self.message_color = _("Looking for a forced win…"), theme.ACCENT

    def redraw_in(self) -> float | None:
        if self.win is not None and self.win[2] is None:
            return 0.25  # a forced win being looked for
        return None if self.run.done else 0.25  # the worker's answer wakes the loop; this keeps the dots alive

    def shutdown(self) -> None:
        self.run.cancel()
        if self.win is not None:
            Worker.cancel(self.win[1])

    # ---------------------------------------------------------------- input
    def select(self, ply: int | None) -> None:
        if ply is None or not self.record.moves:
            return
        self.selected = max(0, min(len(self.record.moves) - 1, ply))
        self._keep_selected_visible()

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.focus.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            n = len(self.record.moves)
            current = self.selected if self.selected is not None else 0
            step = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
            if event.key == pygame.K_ESCAPE and self.win is not None:  # the line found goes first
                self.win, self.message = None, ""
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_f and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.find_win()
            elif event.key in step:
                self.select(current + step[event.key])
            elif event.key == pygame.K_HOME:
                self.select(0)
            elif event.key == pygame.K_END:
                self.select(n - 1)
            elif event.key == pygame.K_PAGEDOWN:
                self.select(current + self.visible_rows)
            elif event.key == pygame.K_PAGEUP:
                self.select(current - self.visible_rows)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.record.moves) - self.visible_rows), self.scroll - event.y * 2))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.graph_rect.collidepoint(event.pos):
                self.select(move_at(self.run.review, self.graph_rect, event.pos[0])
                            if self.run.review.values else None)
                return None
            if self.list_rect.collidepoint(event.pos):
                row = (event.pos[1] - self.list_rect.y) // self.row_h + self.scroll
                if row < len(self.record.moves):
                    self.select(row)
                return None
        for b in self.buttons:
            b.handle(event)
        return None

    def export(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = saves.saves_dir() / f"review-{self.entry.key}-{stamp}.png"
        try:
            save_graph(self.run.review, path, _(self.entry.title), self.labels)
        except OSError as exc:
            self.message = _("Could not save the graph ({why})").format(why=saves.refusal(exc))
            self.message_color = theme.ERROR
            return
        self.message = _("Saved the graph as {name} in the saves folder").format(name=path.name)
        self.message_color = theme.SUCCESS

    # ---------------------------------------------------------------- drawing
    def judged(self, ply: int) -> MoveReview | None:
        moves = self.run.review.moves
        return moves[ply] if ply < len(moves) else None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.s
        done, total = self.run.progress
        title = _("Review: {game}").format(game=_(self.entry.title))
        theme.text(surface, title, 30 * s, (16 * s, self.top_rect.centery), theme.TEXT, "midleft", bold=True)
        if self.message:
            status, colour = self.message, self.message_color
        elif not self.run.done:
            status, colour = _("Judging position {number} of {count}…").format(number=done + 1, count=total), theme.ACCENT
        else:
            status, colour = self._summary(), theme.MUTED
        room = self.size[0] - theme.font(theme.font_px(30 * s), True).size(title)[0] - 60 * s
        theme.text(surface, theme.fit(status, 18 * s, room), 18 * s, (self.size[0] - 16 * s, self.top_rect.centery),
                   colour, "midright")
        self._draw_board(surface)
        draw_graph(surface, self.graph_rect, self.run.review, self.selected, px=15 * s)
        theme.panel(surface, self.side_rect)
        self._draw_list(surface)
        self._draw_detail(surface)
        for b in self.buttons:
            b.draw(surface)
        self.focus.draw(surface)

    def _summary(self) -> str:
        parts = []
        for seat, row in self.run.review.summary().items():
            parts.append(_("{name}: {ratings}").format(name=self.label(seat), ratings=ratings_text(row)))
        return ";  ".join(parts) or _("Reviewed")

    def _draw_board(self, surface: pygame.Surface) -> None:
        ply = self.selected if self.selected is not None else len(self.record.moves)
        states = self.run.states
        state = states[ply]
        rules = self.entry.rules
        history = [MovePlayed(rules.to_move(states[i]), self.record.moves[i], i + 1) for i in range(ply)]
        ctx = DrawContext(self.clock, None, False, True, 0.0, self.labels)
        self.board.draw(surface, state, history, ctx)
        if self.win is not None and self.win[0] is state and self.win[2] is not None and self.win[2].line:
            self.board.draw_line_of_play(surface, state, self.win[2].line)
            return  # the line reads alone: the move played and the better one are marked again after Esc
        m = self.judged(ply) if self.selected is not None else None
        if self.selected is None:
            return
        self.board.draw_mark(surface, self.record.moves[ply], PLAYED_COLOUR, "", self.s)
        if m is not None and m.best_text and m.before.best != m.move and m.loss > 0:
            self.board.draw_mark(surface, m.before.best, theme.BEST, value_text(m.before.value, self.run.review.baseline),
                                 self.s, state)

    def _draw_list(self, surface: pygame.Surface) -> None:
        s = self.s
        inner = self.side_rect.inflate(-round(24 * s), -round(24 * s))
        theme.text(surface, _("Moves"), 22 * s, (inner.x, inner.y), theme.TEXT, bold=True)
        review = self.run.review
        with theme.panel_bounds(surface, self.list_rect):
            y = self.list_rect.y
            for ply in range(self.scroll, min(len(self.record.moves), self.scroll + self.visible_rows)):
                row = pygame.Rect(self.list_rect.x, y, self.list_rect.width, self.row_h)
                if ply == self.selected:
                    pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=4)
                seat = self.entry.rules.to_move(self.run.states[ply])
                label = f"{ply + 1}. " + _("{name}: {move}").format(name=self.label(seat), move=self.words(ply))
                m = self.judged(ply)
                right, colour = "", theme.MUTED
                if m is not None and m.rated:
                    right = _(m.rating) if m.rating else value_text(m.value, review.baseline)
                    colour = rating_colour(m.rating)
                elif m is None:
                    right = "…"
                right_w = theme.font(theme.font_px(self.row_px)).size(right)[0]
                theme.text(surface, theme.fit(label, self.row_px, row.width - right_w - 16 * s), self.row_px,
                           (row.x + 6 * s, row.centery), theme.TEXT, "midleft")
                theme.text(surface, right, self.row_px, (row.right - 6 * s, row.centery), colour, "midright")
                y += self.row_h

    def _draw_detail(self, surface: pygame.Surface) -> None:
        r, px = self.detail_rect, self.detail_px
        lines: list[tuple[str, tuple]] = []
        m = self.judged(self.selected) if self.selected is not None else None
        unit = _(self.run.review.unit)
        if self.selected is None:
            lines.append((_("No moves to review"), theme.MUTED))
        elif m is None:
            lines.append((_("Not judged yet"), theme.MUTED))
        else:
            review = self.run.review
            # a game judged from one seat (Da Vinci Code) gives that seat's values for every move
            mine = self.run.spec.zero_sum or m.seat == review.perspective
            # the move as the list says it: a square ("d3") or, in some games, words ("drew a black tile")
            played = _("{number}. {name}: {move} ({value} {unit})") if mine else \
                _("{number}. {name}: {move} ({value} {unit} for {seat})")
            lines.append((played.format(number=m.ply + 1, name=self.label(m.seat), move=self.words(m.ply),
                                        value=value_text(m.value, review.baseline), unit=unit,
                                        seat=self.label(review.perspective)), theme.TEXT))
            if not m.rated:
                lines.append((_("The only move") if m.forced else _("Not this review's seat"), theme.MUTED))
            elif not m.trusted:
                # an estimate that may not rate (Dots and Boxes before the solver reaches, a first pass)
                lines.append((_("Not rated: the value is an estimate, not a proof"), theme.MUTED))
            elif m.best_text and m.best_text != m.text and m.loss > 0:
                lines.append((_("Better: {move}, {value} {unit}").format(
                    move=self.words(m.ply, m.before.best), value=value_text(m.before.value, review.baseline), unit=unit), theme.BEST))
                lost = _("Lost {loss} {unit}: {rating}") if m.rating else _("Lost {loss} {unit}")
                lines.append((lost.format(loss=f"{m.loss:.1f}", unit=unit, rating=_(m.rating)),
                              rating_colour(m.rating)))
            elif m.best_text and m.best_text != m.text:
                lines.append((_("As good as the expert's choice, {move}").format(move=self.words(m.ply, m.before.best)),
                              theme.BEST))
            else:
                lines.append((_("The best move found"), theme.BEST))
            kind = _("Exact: proven by the solver") if m.exact else _("Estimated by the expert's search")
            lines.append((kind, theme.MUTED))
            if m.before.note:
                lines.append((m.before.note_text(), theme.MUTED))
        ending = self.record.ending
        if ending is not None and self.selected == len(self.record.moves) - 1:
            names = [self.label(i) for i in range(len(self.labels))]
            lines.append((ending.describe(names, _), theme.ERROR))  # after the last move: "You lost on time"
        y = r.y
        for text, colour in lines:
            for line in theme.wrap(text, px, r.width):
                if y + theme.line_height(px) > r.bottom:
                    return
                theme.text(surface, line, px, (r.x, y), colour)
                y += theme.line_height(px)
