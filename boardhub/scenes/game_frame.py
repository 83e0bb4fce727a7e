"""Where the game scene's parts go and how they are drawn: the top bar with the seats,
clocks and scores, the board, the side panel with the move list and the controls."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from boardhub.core.i18n import _, seconds
from boardhub.core.modes import Mode
from boardhub.core.review import value_text
from boardhub.ui import theme
from boardhub.ui.board import DrawContext, move_words

if TYPE_CHECKING:
    from boardhub.scenes.game import GameScene

# each kind of message: its colour and how long it stays (errors longest, so they can be read)
MESSAGE_LOOK = {"info": (theme.TEXT, 3.5), "success": (theme.SUCCESS, 4.0), "warning": (theme.ACCENT, 5.0),
                "error": (theme.ERROR, 8.0)}
FADE = 0.6  # seconds a message takes to fade out at the end of its life


@dataclass(frozen=True)
class Message:
    """A line for the player under the top bar, in its own strip: it covers nothing and then goes.

    Its life runs on the wall clock, so a message shown before a panel opened
    has gone when the panel closes.
    """

    text: str
    kind: str
    shown: float  # time.monotonic()

    @property
    def lifetime(self) -> float:
        return MESSAGE_LOOK.get(self.kind, MESSAGE_LOOK["info"])[1]

    def visible(self, now: float | None = None) -> bool:
        return (time.monotonic() if now is None else now) < self.shown + self.lifetime

    def alpha(self, now: float) -> float:
        """1 while it shows, down to 0 over its last FADE seconds."""
        return max(0.0, min(1.0, (self.shown + self.lifetime - now) / FADE))

    def redraw_in(self, now: float) -> float:
        """Frames while it fades; before that, one when the fade starts."""
        return max(0.0, self.shown + self.lifetime - FADE - now)


MIN_SIMULATIONS = 100  # below this many playouts a chance to win is too rough to quote as a number


def hint_words(scene: "GameScene", hint) -> str:
    """The Best move as the move list would say it, with its value; a chance to win counted from a
    handful of simulations is not quoted as if it were exact: it comes with its margin, or not at all."""
    verdict, m = hint.verdict, scene.match
    if verdict is None or verdict.best is None:
        return _("Best move: {hint}").format(hint=hint.text)
    move = scene.board.move_label(m.to_move, verdict.best, m.state, None, tuple(x.label for x in m.seats),
                                  m.human_seat)
    spec = m.game.review
    count = dict(verdict.wording.values).get("count") if verdict.wording is not None else None
    if spec.baseline and isinstance(count, int) and not verdict.exact:  # a chance from playouts
        if count < MIN_SIMULATIONS:
            return _("Best move: {move} (too few simulations, {count}, to give its chance to win)").format(
                move=move, count=count)
        p = min(1.0, max(0.0, verdict.value / 100.0))
        margin = 196.0 * math.sqrt(p * (1 - p) / count)  # 95 % of such estimates fall this close
        return _("Best move: {move}, about {value} % to win (give or take {margin}, {count} simulations)").format(
            move=move, value=f"{verdict.value:.0f}", margin=f"{max(1.0, margin):.0f}", count=count)
    how = _("{move}, {value} {unit} (proven)") if verdict.exact else _("{move}, {value} {unit} (estimated)")
    text = how.format(move=move, value=value_text(verdict.value, spec.baseline), unit=_(spec.unit))
    note = verdict.note_text()
    return _("Best move: {hint}").format(hint=_("{hint}: {note}").format(hint=text, note=note) if note else text)


def clock_text(seconds: float) -> str:
    """A seat's time so far, as chess clocks show it: 1:05, 12:30."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def place(scene: "GameScene", size: tuple[int, int]) -> None:
    """Lay out the top bar, the board and the side panel with its buttons for a window of `size`."""
    s = scene.s = theme.scale(size)
    w, h = size
    scene.top_rect = pygame.Rect(0, 0, w, round(92 * s))
    side_w = round(min(320 * s, w * 0.3))
    scene.side_rect = sr = pygame.Rect(w - side_w - round(16 * s), scene.top_rect.bottom + round(12 * s),
                                       side_w, h - scene.top_rect.bottom - round(28 * s))
    pad = 20 * s
    # the message strip: between the top bar and the board, so a message never covers either
    scene.message_rect = pygame.Rect(round(pad), scene.top_rect.bottom + round(6 * s), round(sr.x - 2 * pad),
                                     round(32 * s))
    top = scene.message_rect.bottom + round(4 * s)
    scene.board.layout(pygame.Rect(round(pad), top, round(sr.x - 2 * pad), round(h - top - pad)),
                       scene.match.state)
    bh, gap = round(40 * s), round(10 * s)
    inner_w = sr.width - round(32 * s)
    half = (inner_w - gap) // 2
    x = sr.x + round(16 * s)
    y = sr.bottom - round(16 * s) - bh
    scene.menu_button.rect = pygame.Rect(x, y, inner_w, bh)
    y -= bh + gap
    scene.undo_button.rect = pygame.Rect(x, y, half, bh)
    scene.redo_button.rect = pygame.Rect(x + half + gap, y, half, bh)
    # Export | Import, then the board's toggles and the hint, two a row
    extra = scene.record_buttons + scene.action_buttons + scene.hint_buttons
    rows = (len(extra) + 1) // 2
    for k, b in enumerate(extra):
        row, col = divmod(k, 2)
        b.rect = pygame.Rect(x + col * (half + gap), y - (rows - row) * (bh + gap), half, bh)
    y -= (rows + 1) * (bh + gap)
    scene.result_button.rect = pygame.Rect(x, y, inner_w, bh)
    if scene.session.autoplay:
        step = not scene.session.is_replay  # a replay steps with Forward
        scene.pause_button.rect = pygame.Rect(x, y, half if step else inner_w, bh)
        scene.step_button.rect = pygame.Rect(x + half + gap, y, half, bh)
        # the slider above the pause row and its label above the slider, each clear of the other
        slider_h = round(30 * s)
        scene.speed.rect = pygame.Rect(x, y - gap // 2 - slider_h, inner_w, slider_h)
        scene.speed_label_y = scene.speed.rect.y - theme.line_height(18 * s) + round(2 * s)
        y = scene.speed_label_y - gap + round(8 * s)
    scene.moves_rect = pygame.Rect(x, sr.y + round(48 * s), inner_w, y - sr.y - round(56 * s))


def status(scene: "GameScene") -> tuple[str, tuple]:
    """The line under the seats: the result, a pause, whose turn it is."""
    m, session = scene.match, scene.session
    if m.is_over:
        out = m.outcome
        if out.winner is None:
            return _("Game over: a draw"), theme.ACCENT
        if m.mode is Mode.PVA and m.seats[out.winner].is_human:
            return _("Game over: you win"), theme.ACCENT
        return _("Game over: {name} wins").format(name=m.seats[out.winner].label), theme.ACCENT
    if session.is_replay:
        state = _("Replay: move {number} of {count}, paused: Space resumes, arrows step") if m.paused else \
            _("Replay: move {number} of {count}, Space pauses")
        return state.format(number=len(m.history), count=len(session.script)), theme.ACCENT
    if m.paused:
        return _("Paused: Space resumes, Right arrow steps"), theme.ACCENT
    seat = m.seats[m.to_move]
    if seat.is_human:
        banner = scene.board.banner(m)
        if banner:
            return banner, theme.ACCENT
        who = _("Your turn   {seconds} s") if m.mode is Mode.PVA else _("{name} to move   {seconds} s")
        return who.format(name=seat.label, seconds=f"{m.turn_elapsed():.0f}"), theme.TEXT
    return _("{name} is thinking…").format(name=seat.label), theme.MUTED


def draw(scene: "GameScene", surface: pygame.Surface, ctx: DrawContext) -> None:
    surface.fill(theme.BG)
    m, s = scene.match, scene.s
    with theme.panel_bounds(surface, scene.top_rect):
        draw_top_bar(scene, surface)
    scene.board.draw(surface, m.state, m.history, ctx)
    with theme.panel_bounds(surface, scene.side_rect):
        draw_side(scene, surface)
    if scene.message is not None and scene.message.visible():
        draw_message(surface, scene.message, scene.message_rect, s)


def draw_message(surface: pygame.Surface, message: Message, rect: pygame.Rect, s: float) -> None:
    """The message in its strip: a panel with a bar of its kind's colour, fading at the end."""
    color = MESSAGE_LOOK.get(message.kind, MESSAGE_LOOK["info"])[0]
    px = 22 * s
    text = theme.fit(message.text, px, rect.width - 40 * s)
    width = min(rect.width, theme.font(int(px)).size(text)[0] + 40 * s)
    box = pygame.Rect(0, 0, round(width), rect.height)
    box.center = rect.center
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    inner = layer.get_rect()
    pygame.draw.rect(layer, theme.PANEL, inner, border_radius=8)
    pygame.draw.rect(layer, color, inner, width=1, border_radius=8)
    pygame.draw.rect(layer, color, pygame.Rect(0, 0, max(4, round(6 * s)), inner.height),
                     border_top_left_radius=8, border_bottom_left_radius=8)
    theme.text(layer, text, px, (inner.centerx + 3 * s, inner.centery), color, "center")
    layer.set_alpha(round(255 * message.alpha(time.monotonic())))
    surface.blit(layer, box)


def draw_top_bar(scene: "GameScene", surface: pygame.Surface) -> None:
    m, s, board = scene.match, scene.s, scene.board
    pygame.draw.rect(surface, theme.PANEL, scene.top_rect)
    scores = board.scores(m.state)
    n = len(m.seats)
    slot_w = min(380 * s, (scene.top_rect.width - 40 * s) / n)
    x0 = scene.top_rect.centerx - slot_w * n / 2
    live = not scene.session.is_replay and not m.paused  # a replay shows the recorded times only
    for i, seat in enumerate(m.seats):
        r = pygame.Rect(round(x0 + i * slot_w + 8 * s), round(10 * s), round(slot_w - 16 * s), round(50 * s))
        active = not m.is_over and m.to_move == i
        color = board.seat_color(i)
        fill = theme.BUTTON
        if active:
            fill = theme.lighten(color, 0.15) if sum(color) < 480 else theme.BUTTON_HOVER
        pygame.draw.rect(surface, fill, r, border_radius=10)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, r, width=3, border_radius=10)
        board.draw_seat_icon(surface, (r.x + 24 * s, r.centery), 14 * s, i)
        name_x, room = r.x + 46 * s, r.right - 16 * s  # the name has what the score leaves
        if i < len(scores):
            px = theme.fit_size(scores[i], 40 * s, r.width * 0.3, bold=True)  # a word score ("3 hidden") shrinks
            room = theme.text(surface, scores[i], px, (r.right - 16 * s, r.centery), theme.TEXT, "midright",
                              bold=True).x - 10 * s
        theme.text(surface, theme.fit(seat.label, 26 * s, room - name_x), 26 * s, (name_x, r.centery - 7 * s),
                   theme.TEXT, "midleft")
        spent = m.seat_time(i) + (m.turn_elapsed() if active and live else 0.0)
        theme.text(surface, clock_text(spent), 18 * s, (name_x, r.centery + 13 * s),
                   theme.TEXT if active else theme.MUTED, "midleft")
    if scene.keys.shown:  # a move being typed takes the status line's place
        scene.keys.draw(surface, (scene.top_rect.centerx, 76 * s), s)
    else:
        msg, color = status(scene)
        theme.text(surface, theme.fit(msg, 22 * s, scene.top_rect.width - 40 * s), 22 * s,
                   (scene.top_rect.centerx, 76 * s), color, "center")


def move_by(scene: "GameScene", index: int) -> str:
    """Who a move of the list is by: its seat, or "Imported" for the moves an imported record brought
    (the seats sitting now did not play them)."""
    if index < scene.session.imported:
        return _("Imported")
    return scene.match.seats[scene.match.history[index].seat].label


def draw_side(scene: "GameScene", surface: pygame.Surface) -> None:
    m, s = scene.match, scene.s
    theme.panel(surface, scene.side_rect)
    theme.text(surface, _("Moves ({count})").format(count=len(m.history)), 26 * s,
               (scene.side_rect.x + 16 * s, scene.side_rect.y + 14 * s), theme.TEXT, bold=True)
    r = scene.moves_rect
    row = max(24 * s, 18)
    # an entry in words (Da Vinci's calls) wraps onto more lines rather than being cut
    width = round(r.width - 62 * s - theme.font(int(18 * s)).size(seconds("00.00", ""))[0]
                  - 6 * s)  # beside the time
    line_h = max(row * 0.8, theme.font(int(20 * s)).get_linesize())
    end = len(m.history) - scene.scroll
    entries: list[tuple[int, list[str]]] = []
    used = 0.0
    room = r.height - (theme.line_height(18 * s) if m.redo_stack else 0)  # "+3 to redo" has a line of its own
    for idx in range(end - 1, -1, -1):  # the newest entries that fit, counted from the bottom up
        lines = theme.wrap(_("{name}: {move}").format(name=move_by(scene, idx), move=move_words(scene.board, m, idx)),
                           20 * s, width)
        if len(lines) > 1:  # the lines below the first run on under the time
            lines = lines[:1] + theme.wrap(" ".join(lines[1:]), 20 * s, round(r.width - 62 * s))
        height = row + (len(lines) - 1) * line_h
        if entries and used + height > room:
            break
        entries.insert(0, (idx, lines))
        used += height
    y = r.y
    for idx, lines in entries:
        p = m.history[idx]
        theme.text(surface, f"{idx + 1}.", 20 * s, (r.x + 34 * s, y), theme.MUTED, "topright")
        mid = y + theme.line_height(20 * s) / 2  # the mark beside the middle of the entry's first line
        scene.board.draw_seat_icon(surface, (r.x + 48 * s, mid), max(5, 7 * s), p.seat)
        for k, line in enumerate(lines):  # fit: only a single word wider than the column is cut
            room = width if k == 0 else r.width - 62 * s
            theme.text(surface, theme.fit(line, 20 * s, room), 20 * s, (r.x + 62 * s, y + k * line_h), theme.TEXT)
        theme.text(surface, seconds(p.seconds, ".2f"), 18 * s, (r.right, y), theme.MUTED,
                   "topright")
        y += row + (len(lines) - 1) * line_h
    if m.redo_stack:
        theme.text(surface, _("+{count} to redo").format(count=len(m.redo_stack)), 18 * s, (r.right, r.bottom), theme.MUTED,
                   "bottomright")
    if scene.speed.visible:
        theme.text(surface, _("Delay between moves"), 18 * s, (scene.speed.rect.x, scene.speed_label_y), theme.MUTED)
    for w in scene.widgets():
        if w.visible:
            w.draw(surface)
