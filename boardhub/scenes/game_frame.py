"""Where the game scene's parts go and how they are drawn: the top bar with the seats,
clocks and scores, the board, the side panel with the move list and the controls.

Where they go is a value, a `GameFrame` of rectangles worked out by `frame_for` from
the window's size and the scene's set of buttons alone; the scene keeps it as
`scene.frame`, and the drawing here and the scene's clicks read it.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol

import pygame

from boardhub.core.clock import FLAG, LOW_TIME
from boardhub.core.clock import clock_text as countdown_text
from boardhub.core.concede import RESIGNED
from boardhub.core.i18n import _, seconds
from boardhub.core.match import Match
from boardhub.core.modes import Mode
from boardhub.core.review import value_text
from boardhub.core.session_base import Session
from boardhub.scenes.move_entry import MoveEntry
from boardhub.ui import theme
from boardhub.ui.board import BoardView, DrawContext, move_words
from boardhub.ui.scene import Host
from boardhub.ui.widgets import Slider, Widget

# each kind of message: its colour (the theme's name for it, read as it is drawn: the palette may change
# while it shows) and how long it stays (errors longest, so they can be read)
MESSAGE_LOOK = {"info": ("TEXT", 3.5), "success": ("SUCCESS", 4.0), "warning": ("ACCENT", 5.0),
                "error": ("ERROR", 8.0)}
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


class GameView(Protocol):
    """What the drawing here reads of the game scene (scenes/game.py). The scene imports this module, so
    it is named by what is read of it and not imported, not even for type checking: no circle of imports."""

    app: Host
    session: Session
    board: BoardView
    frame: GameFrame
    message: Message | None
    keys: MoveEntry
    clock: float
    scroll: int  # the move list's rows scrolled up from the newest
    speed: Slider

    @property
    def match(self) -> Match: ...

    def widgets(self) -> Iterator[Widget]: ...


MIN_SIMULATIONS = 100  # below this many playouts a chance to win is too rough to quote as a number


def hint_words(scene: GameView, hint) -> str:
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


def speed_slider(value: float, on_change) -> Slider:
    """The pace of AI vs AI and replays: 0 to 2 s between moves, in tenths, starting at the game's own `value`."""
    return Slider(0.0, 2.0, value, 0.1, on_change, lambda v: seconds(v, ".1f"))


def clock_text(seconds: float) -> str:
    """A seat's time so far, as chess clocks show it: 1:05, 12:30."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True)
class GameFrame:
    """Where the game screen's parts go, for one window size and one set of buttons: a value the scene
    keeps (`scene.frame`) and reads to draw and to route clicks. Its rectangles are never changed."""

    s: float  # the window's scale
    top: pygame.Rect  # the top bar: the seats, their clocks and scores, the status line
    side: pygame.Rect  # the side panel: the move list and the controls
    message: pygame.Rect  # the message strip, between the top bar and the board: it covers neither
    board: pygame.Rect
    moves: pygame.Rect  # the move list
    menu: pygame.Rect
    undo: pygame.Rect
    redo: pygame.Rect
    result: pygame.Rect
    pause: pygame.Rect  # pause, step and the speed slider show in AI vs AI and replays only
    step: pygame.Rect
    speed: pygame.Rect
    speed_label_y: int  # the slider's label, above it
    extras: tuple[pygame.Rect, ...]  # Export | Import, then the board's toggles and the hint, two a row


def frame_for(size: tuple[int, int], extras: int, autoplay: bool, steps: bool) -> GameFrame:
    """The frame of a window of `size` with `extras` buttons beside Undo and Redo; `autoplay`: the pause row
    and the speed slider take their room above the move list; `steps`: Pause shares its row with Step."""
    s = theme.scale(size)
    w, h = size
    top = pygame.Rect(0, 0, w, round(92 * s))
    side_w = round(min(320 * s, w * 0.3))
    sr = pygame.Rect(w - side_w - round(16 * s), top.bottom + round(12 * s), side_w, h - top.bottom - round(28 * s))
    pad = 20 * s
    message = pygame.Rect(round(pad), top.bottom + round(6 * s), round(sr.x - 2 * pad), round(32 * s))
    board_top = message.bottom + round(4 * s)
    board = pygame.Rect(round(pad), board_top, round(sr.x - 2 * pad), round(h - board_top - pad))
    bh, gap = round(40 * s), round(10 * s)
    inner_w = sr.width - round(32 * s)
    half = (inner_w - gap) // 2
    x = sr.x + round(16 * s)
    y = sr.bottom - round(16 * s) - bh
    menu = pygame.Rect(x, y, inner_w, bh)
    y -= bh + gap
    undo, redo = pygame.Rect(x, y, half, bh), pygame.Rect(x + half + gap, y, half, bh)
    rows = (extras + 1) // 2
    placed = tuple(pygame.Rect(x + (k % 2) * (half + gap), y - (rows - k // 2) * (bh + gap), half, bh)
                   for k in range(extras))
    y -= (rows + 1) * (bh + gap)
    result = pygame.Rect(x, y, inner_w, bh)
    pause = pygame.Rect(x, y, half if steps else inner_w, bh)  # a replay steps with Forward
    step = pygame.Rect(x + half + gap, y, half, bh)
    # the slider above the pause row and its label above the slider, each clear of the other
    slider_h = round(30 * s)
    speed = pygame.Rect(x, y - gap // 2 - slider_h, inner_w, slider_h)
    label_y = speed.y - theme.line_height(18 * s) + round(2 * s)
    if autoplay:
        y = label_y - gap + round(8 * s)
    moves = pygame.Rect(x, sr.y + round(48 * s), inner_w, y - sr.y - round(56 * s))
    return GameFrame(s, top, sr, message, board, moves, menu, undo, redo, result, pause, step, speed, label_y, placed)


def status(scene: GameView) -> tuple[str, tuple]:
    """The line under the seats: the result, a pause, whose turn it is."""
    m, session = scene.match, scene.session
    if m.is_over:
        out = m.outcome
        if out.winner is None:
            return (_("Game over: no winner") if out.reason in (FLAG, RESIGNED) else _("Game over: a draw")), \
                theme.ACCENT
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
        if m.timing.control is not None:  # the seat's clock says the time: the line says whose turn it is
            return (_("Your turn") if m.mode is Mode.PVA else _("{name} to move").format(name=seat.label)), theme.TEXT
        who = _("Your turn   {seconds} s") if m.mode is Mode.PVA else _("{name} to move   {seconds} s")
        return who.format(name=seat.label, seconds=f"{m.turn_elapsed():.0f}"), theme.TEXT
    return _("{name} is thinking…").format(name=seat.label), theme.MUTED


def context(scene: GameView) -> DrawContext:
    """What the board may read while it draws: the settings, the hover, the names, the analysis it asked for."""
    m, st, session = scene.match, scene.app.settings, scene.session
    hover = pygame.mouse.get_pos() if session.interactive and scene.app.top is scene else None
    # a mouse gone from the window leaves no tooltip behind (get_pos keeps its last place)
    pointer = pygame.mouse.get_pos() if scene.app.top is scene and pygame.mouse.get_focused() else None
    wanted, seat = scene.board.wants_analysis(m)
    return DrawContext(scene.clock, hover, st.hints, st.last_move, st.animation_seconds,
                       tuple(x.label for x in m.seats), session.analysis_for(seat) if wanted else None, m.human_seats,
                       pointer)


def draw(scene: GameView, surface: pygame.Surface, ctx: DrawContext) -> None:
    surface.fill(theme.BG)
    m, s = scene.match, scene.frame.s
    with theme.panel_bounds(surface, scene.frame.top):
        draw_top_bar(scene, surface)
    scene.board.draw(surface, m.state, m.history, ctx)
    with theme.panel_bounds(surface, scene.frame.side):
        draw_side(scene, surface)
    if scene.message is not None and scene.message.visible():
        draw_message(surface, scene.message, scene.frame.message, s)
    hint = scene.session.hint_for(m.state)  # the Best move asked for, ringed on the board
    if hint is not None:
        scene.board.draw_mark(surface, hint.best, theme.BEST, _("Best"), s, m.state)
    win = scene.session.win_for(m.state)  # a forced win found: its line, numbered, over the board
    if win is not None and win.line:
        scene.board.draw_line_of_play(surface, m.state, win.line)


def draw_message(surface: pygame.Surface, message: Message, rect: pygame.Rect, s: float) -> None:
    """The message in its strip: a panel with a bar of its kind's colour, fading at the end."""
    color = getattr(theme, MESSAGE_LOOK.get(message.kind, MESSAGE_LOOK["info"])[0])
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


def draw_top_bar(scene: GameView, surface: pygame.Surface) -> None:
    m, s, board, top = scene.match, scene.frame.s, scene.board, scene.frame.top
    pygame.draw.rect(surface, theme.PANEL, top)
    scores = board.scores(m.state)
    n = len(m.seats)
    slot_w = min(380 * s, (top.width - 40 * s) / n)
    x0 = top.centerx - slot_w * n / 2
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
        theme.text(surface, theme.fit(seat.label, 26 * s, room - name_x), 26 * s, (name_x, r.centery - 8 * s),
                   theme.TEXT, "midleft")
        left = m.time_left(i)
        if left is not None and scene.session.is_replay:  # a replay: the clock as the recorded moves left it
            left = m.timing.control.left(p.seconds for p in m.history if p.seat == i)
        if left is not None:
            draw_countdown(surface, left, (name_x, r.centery + 14 * s), s, active)
        else:
            spent = m.seat_time(i) + (m.turn_elapsed() if active and live else 0.0)
            theme.text(surface, clock_text(spent), 18 * s, (name_x, r.centery + 13 * s),
                       theme.TEXT if active else theme.MUTED, "midleft")
    if scene.keys.shown:  # a move being typed takes the status line's place
        scene.keys.draw(surface, (top.centerx, 76 * s), s)
    else:
        msg, color = status(scene)
        theme.text(surface, theme.fit(msg, 22 * s, top.width - 40 * s), 22 * s, (top.centerx, 76 * s), color,
                   "center")


def draw_countdown(surface: pygame.Surface, left: float, pos: tuple[float, float], s: float, active: bool) -> None:
    """A time control's clock: time left (tenths under ten seconds); the side to move's on a light pill,
    and a clock low on time in the error colour, so either is seen at a glance."""
    low = left < LOW_TIME
    text = countdown_text(left)
    px = 19 * s
    if active:
        w = theme.font(int(px), True).size(text)[0]
        # as tall as the digits, not the font's line, so the pill stays clear of the name above it
        pill = pygame.Rect(0, 0, round(w + 12 * s), round(px))
        pill.midleft = (round(pos[0] - 6 * s), round(pos[1]))
        pygame.draw.rect(surface, theme.ERROR if low else theme.TEXT, pill, border_radius=pill.height // 2)
        theme.text(surface, text, px, pos, theme.BG, "midleft", bold=True)
    else:
        theme.text(surface, text, px, pos, theme.ERROR if low else theme.MUTED, "midleft", bold=True)


def flag_words(m: Match) -> str:
    """The move list's last line after a seat's time ran out: "You lost on time" ("": it did not)."""
    out = m.outcome
    if out is None or out.reason != FLAG:
        return ""
    return out.describe([seat.label for seat in m.seats], _)


def move_by(scene: GameView, index: int) -> str:
    """Who a move of the list is by: its seat, or "Imported" for the moves an imported record brought
    (the seats sitting now did not play them)."""
    if index < scene.session.imported:
        return _("Imported")
    return scene.match.seats[scene.match.history[index].seat].label


def draw_side(scene: GameView, surface: pygame.Surface) -> None:
    m, s = scene.match, scene.frame.s
    theme.panel(surface, scene.frame.side)
    theme.text(surface, _("Moves ({count})").format(count=len(m.history)), 26 * s,
               (scene.frame.side.x + 16 * s, scene.frame.side.y + 14 * s), theme.TEXT, bold=True)
    r = scene.frame.moves
    row = max(24 * s, 18)
    # an entry in words (Da Vinci's calls) wraps onto more lines rather than being cut
    width = round(r.width - 62 * s - theme.font(int(18 * s)).size(seconds("00.00", ""))[0]
                  - 6 * s)  # beside the time
    line_h = max(row * 0.8, theme.font(int(20 * s)).get_linesize())
    end = len(m.history) - scene.scroll
    entries: list[tuple[int, list[str]]] = []
    used = 0.0
    flagged = flag_words(m)  # "You lost on time" ends the list, on a line of its own, as "+3 to redo" does
    room = r.height - (theme.line_height(18 * s) if m.redo_stack or flagged else 0)
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
        scene.board.draw_move_icon(surface, (r.x + 48 * s, mid), max(5, 7 * s), m, idx)
        for k, line in enumerate(lines):  # fit: only a single word wider than the column is cut
            room = width if k == 0 else r.width - 62 * s
            theme.text(surface, theme.fit(line, 20 * s, room), 20 * s, (r.x + 62 * s, y + k * line_h), theme.TEXT)
        theme.text(surface, seconds(p.seconds, ".2f"), 18 * s, (r.right, y), theme.MUTED,
                   "topright")
        y += row + (len(lines) - 1) * line_h
    if flagged:
        theme.text(surface, theme.fit(flagged, 18 * s, r.width), 18 * s, (r.x, r.bottom), theme.ERROR, "bottomleft")
    elif m.redo_stack:
        theme.text(surface, _("+{count} to redo").format(count=len(m.redo_stack)), 18 * s, (r.right, r.bottom), theme.MUTED,
                   "bottomright")
    if scene.speed.visible:
        theme.text(surface, _("Delay between moves"), 18 * s, (scene.frame.speed.x, scene.frame.speed_label_y),
                   theme.MUTED)
    for w in scene.widgets():
        if w.visible:
            w.draw(surface)


# ---------------------------------------------------------------- resigning, a draw offered
def ask_resign(app: Host, session: Session, say: Callable[[str, str], None]) -> None:
    """Open the resignation's confirmation, or say why nobody may resign now."""
    if session.can_resign:
        app.open("resign", session)
    else:
        say(session.resign(), "warning")


def offer_draw(app: Host, session: Session, say: Callable[[str, str], None]) -> None:
    """Offer a draw for the player to move: the other person is asked on this screen; an AI answers soon."""
    why = session.offer_draw()
    if why:
        say(why, "warning")
    elif session.draw_asked is not None:
        app.open("draw_offer", session)
    else:
        say(_("Draw offered: {name} is thinking it over").format(
            name=session.match.seats[1 - session.match.to_move].label), "info")


def find_win(scene: Any) -> None:
    """The side to move's forced win (Ctrl+F, the Find the win button), looked for in the AI process, off
    the window's thread, and drawn as a numbered line on the board (Esc takes it off)."""
    why = scene.session.find_win()
    scene.say(why or _("Looking for a forced win…"), "warning" if why else "info")


def ctrl_key(scene: Any, key: int) -> bool:
    """The game scene `scene` (not imported: it imports this) does what Ctrl+`key` asks in a game (plain letters may be a move being typed); False: not a command."""
    if key == pygame.K_m:
        scene.toggle_sound()
    elif key == pygame.K_h:
        scene.ask_hint()
    elif key == pygame.K_f and scene.session.offers_find_win:
        find_win(scene)
    elif key == pygame.K_r:
        ask_resign(scene.app, scene.session, scene.say)
    elif key == pygame.K_d:
        offer_draw(scene.app, scene.session, scene.say)
    else:
        return False
    return True
