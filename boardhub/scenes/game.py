"""The game scene: the board of any game, the top bar, the move list and the controls."""
from __future__ import annotations

import importlib
import time
from datetime import datetime

import pygame

from boardhub import games
from boardhub.core import saves
from boardhub.core.match import Match, Timing
from boardhub.core.rules import IllegalMove
from boardhub.core.stats import Stats, opponent_of, result_for
from boardhub.scenes.setup import make_seats
from boardhub.ui import theme
from boardhub.ui.board import DrawContext
from boardhub.ui.scene import Scene
from boardhub.ui.widgets import Button, Slider

MESSAGE_SECONDS = 3.5
RESULT_PAUSE = 0.6  # let the last move be seen before the result panel covers it


def clock_text(seconds: float) -> str:
    """A seat's time so far, as chess clocks show it: 1:05, 12:30."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def fit(text: str, px: float, width: float) -> str:
    """`text`, cut with an ellipsis where it would run past `width` pixels."""
    f = theme.font(int(px))
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def saved_match(saved: saves.SavedGame, worker_for=None) -> Match:
    """The match a saved game holds, replayed move by move; ValueError naming the file and the reason.

    `worker_for()` gives the AI worker, asked for only when a seat is an AI.
    """
    data = saved.data
    try:
        game = games.get(data["game"])
        wants_worker = worker_for is not None and any(seat.get("ai") for seat in data["seats"])
        return Match.from_json(game, data, worker=worker_for() if wants_worker else None)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{saved.path.name}: damaged ({exc!r})") from None
    except ValueError as exc:
        raise ValueError(f"{saved.path.name}: {exc}") from None


def board_view(game):
    module, _, cls = game.scene.partition(":")
    return getattr(importlib.import_module(module), cls)(game)


class GameScene(Scene):
    def __init__(self, app, game, config: dict, match: Match | None = None,
                 saved: saves.SavedGame | None = None) -> None:
        super().__init__(app)
        self.game, self.config = game, config
        if match is None:
            seats = make_seats(config["seats"])
            match = Match(game, seats, config["options"], timing=Timing(config["limit"], referee=config["referee"]),
                          worker=app.worker if any(s.ai for s in seats) else None)
        self.match = match
        self.board = board_view(game)
        self.board.scene = self
        self.clock = 0.0
        self.message = ""
        self.message_until = 0.0
        self.over_since: float | None = None
        self.result_shown = False
        self.scroll = 0  # move list: rows scrolled up from the newest
        self.speed = Slider(0.0, 2.0, app.settings.ava_delay, 0.1, self.set_speed, "{:.1f} s")
        self.speed.visible = self.autoplay
        self.undo_button = Button("Undo", self.undo)
        self.redo_button = Button("Redo", self.redo)
        self.pause_button = Button("Pause", self.toggle_pause)
        self.step_button = Button("Step", self.step)
        self.menu_button = Button("Menu", self.open_pause_menu)
        self.result_button = Button("Result", self.show_result, primary=True)
        self.action_buttons = [Button(label, action) for label, action in self.board.actions()]
        self.apply_settings()
        if saved is None:
            self.save_path = saves.new_game_path(game.key)
            self.created = datetime.now().isoformat(timespec="seconds")
            self.counted = False  # the result is in the stats: once per game, whatever undo does later
            self.autosave()
        else:  # opened from the saves: written again only when something changes
            self.save_path = saved.path
            self.created = str(saved.data.get("created", ""))
            self.counted = bool(saved.data.get("counted"))
            if match.is_over:
                self.over_since = self.clock  # its result shows again

    @classmethod
    def from_save(cls, app, saved: saves.SavedGame) -> "GameScene":
        """The saved game, exactly as it was left; ValueError (with the reason) if it cannot be."""
        match = saved_match(saved, lambda: app.worker)
        config = {"seats": [seat.ai for seat in match.seats], "options": match.options,
                  "limit": match.timing.limit, "referee": match.timing.referee}
        return cls(app, match.game, config, match, saved)

    live_clocks = True  # the mover's clock runs (a replay shows the recorded times only)

    @property
    def autoplay(self) -> bool:
        """Moves follow each other on their own (AI vs AI): speed, pause and step apply."""
        return self.match.kind == "AvA"

    @property
    def interactive(self) -> bool:
        """The board takes clicks: a human is to move."""
        return self.match.human_to_move

    def drive(self, now: float) -> None:
        """Let the game move on: AI seats think and answer."""
        self.match.update(now)

    # ---------------------------------------------------------------- settings
    def apply_settings(self) -> None:
        """Pacing from the settings: the visible AI delay, the speed, the animations."""
        st = self.app.settings
        t = self.match.timing
        t.ai_delay = self.speed.value if self.autoplay else st.ai_delay
        # an AI's run of lines in one turn is drawn one by one at the animation speed
        t.chain_delay = min(t.ai_delay, st.animation_seconds + 0.15)

    def set_speed(self, value: float) -> None:
        self.app.settings.ava_delay = value
        self.apply_settings()

    def resume(self) -> None:
        self.apply_settings()

    # ---------------------------------------------------------------- actions
    def say(self, msg: str) -> None:
        self.message, self.message_until = msg, self.clock + MESSAGE_SECONDS

    def undo(self) -> None:
        if self.match.undo():
            self.after_history_change()
        else:
            self.say("Nothing to undo")

    def redo(self) -> None:
        if self.match.redo():
            self.after_history_change()
        else:
            self.say("Nothing to redo")

    def replace_match(self, match: Match) -> None:
        """Carry on with another match of the same game (an imported game)."""
        self.match.close()
        self.match = match
        self.layout(self.size)
        self.after_history_change()
        self.autosave()

    def after_history_change(self) -> None:
        self.over_since = None
        self.result_shown = False
        self.scroll = 0

    def toggle_pause(self) -> None:
        self.match.toggle_pause()

    def step(self) -> None:
        if not self.match.paused:
            self.match.toggle_pause()
        self.match.step()

    def toggle_sound(self) -> None:
        st = self.app.settings
        st.sound = not st.sound
        self.app.sounds.muted = not st.sound
        self.say("Sound on" if st.sound else "Sound off (M turns it back on)")

    def open_pause_menu(self) -> None:
        from boardhub.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def show_result(self) -> None:
        from boardhub.scenes.result import ResultScene
        if not self.match.is_over:  # an undo in the same frame reopened the game
            return
        self.result_shown = True
        self.app.push(ResultScene(self.app, self))

    def restart(self) -> None:
        self.app.replace(GameScene(self.app, self.game, self.config))

    def change_setup(self) -> None:
        from boardhub.scenes.setup import SetupScene
        mode = {"PvP": "pvp", "PvA": "pva", "AvA": "ava"}[self.match.kind]
        self.app.replace(SetupScene(self.app, self.game, mode, self.config))

    def to_menu(self) -> None:
        from boardhub.scenes.menu import MenuScene
        self.app.reset(lambda: MenuScene(self.app))

    def shutdown(self) -> None:
        self.match.close()

    # ---------------------------------------------------------------- saving
    def autosave(self) -> None:
        """Write the game to its file in the saves after every change, finished or not."""
        m = self.match
        result = ""
        if m.is_over:
            from boardhub.scenes.result import result_lines
            result = result_lines(m)[0][0]
        data = {**m.to_json(), "kind_of_game": m.kind, "created": self.created,
                "updated": datetime.now().isoformat(timespec="milliseconds"),
                "players": " vs ".join(seat.label for seat in m.seats),
                "status": result or f"move {len(m.history) + 1}, {m.seats[m.to_move].label} to move",
                "result": result, "counted": self.counted}
        try:
            saves.write_game(self.save_path, data)
        except OSError as exc:
            self.say(f"Could not save the game: {exc}")

    def count_result(self) -> None:
        """A game of one human against AIs goes into the stats, once."""
        m = self.match
        humans = [i for i, seat in enumerate(m.seats) if seat.is_human]
        if self.counted or m.kind != "PvA" or len(humans) != 1:
            return
        try:
            Stats.load().record(self.game.key, opponent_of(m.seats), result_for(m.outcome, humans[0]))
        except (OSError, saves.SaveError) as exc:
            self.say(f"The result was not counted: {exc}")
        self.counted = True

    def write_record(self) -> None:
        if not self.game.records:
            return
        try:
            saves.write_record(self.match.kind, [self.match.text(m) for m in self.match.moves])
        except OSError as exc:
            self.say(f"Could not write the game record: {exc}")

    # ---------------------------------------------------------------- the frame
    def update(self, dt: float) -> None:
        self.clock += dt
        m = self.match
        self.drive(time.monotonic())
        changed = False
        for kind, data in m.drain_events():
            changed = True
            if kind == "move":
                seat, move = data
                before = m.states[-2] if len(m.states) > 1 else m.start
                self.board.on_move(seat, move, before, m.state, self.clock,
                                   self.app.settings.animation_seconds)
                self.play_move_sound(before, m.state, seat)
                self.scroll = 0
                if m.text(move) == "pass":
                    self.say(f"{m.seats[seat].label} passes: no legal move")
            elif kind == "over" and m.is_over:  # not when an undo since has reopened the game
                self.over_since = self.clock
                self.write_record()
                self.count_result()
                self.board.game_over()
                if m.forfeit is not None:
                    self.say(m.forfeit.detail)
        if changed:
            self.autosave()
        self.board.update(dt)
        for button, (label, _) in zip(self.action_buttons, self.board.actions()):
            button.label = label
        self.undo_button.enabled = m.can_undo()
        self.redo_button.enabled = m.can_redo()
        self.pause_button.label = "Resume" if m.paused else "Pause"
        self.step_button.enabled = not m.is_over
        if (m.is_over and not self.result_shown and self.over_since is not None
                and self.clock - self.over_since >= RESULT_PAUSE and not self.board.busy(self.clock)):
            self.app.sounds.play("end")
            self.show_result()
        self.result_button.visible = m.is_over and self.result_shown
        self.pause_button.visible = self.step_button.visible = self.autoplay and not m.is_over

    def play_move_sound(self, before, after, seat: int) -> None:
        scored = getattr(after, "scores", None) != getattr(before, "scores", None)
        self.app.sounds.play("box" if scored else "move")

    def process_event(self, event):
        m = self.match
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_ESCAPE:
                self.open_pause_menu()
            elif ctrl and event.key == pygame.K_z:
                self.undo()
            elif ctrl and event.key == pygame.K_y:
                self.redo()
            elif event.key == pygame.K_SPACE and self.autoplay:
                self.toggle_pause()
            elif event.key == pygame.K_RIGHT and m.paused:
                self.step()
            elif event.key == pygame.K_m:
                self.toggle_sound()
            else:
                return event
            return None
        for w in self.widgets():
            if w.visible and w.handle(event):
                return None
        if event.type == pygame.MOUSEWHEEL and self.moves_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(m.history), self.scroll + event.y))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board.rect.collidepoint(event.pos):
            self.click_board(event.pos)
            return None
        return event

    def widgets(self):
        yield from (self.undo_button, self.redo_button, self.pause_button, self.step_button,
                    self.menu_button, self.result_button, self.speed)
        yield from self.action_buttons

    def click_board(self, pos) -> None:
        m = self.match
        if m.is_over:
            self.say("The game is over: undo, or open the menu for a new game")
            return
        if not self.interactive:
            self.say("Wait: it is the AI's turn")
            return
        move, message = self.board.click(pos, m)
        if move is None:
            if message:
                self.say(message)
                self.app.sounds.play("error")
            return
        try:
            m.play(move, time.monotonic())
        except IllegalMove as exc:
            self.say(str(exc))
            self.app.sounds.play("error")

    # ---------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        self.top_rect = pygame.Rect(0, 0, w, round(92 * s))
        side_w = round(min(320 * s, w * 0.3))
        self.side_rect = pygame.Rect(w - side_w - round(16 * s), self.top_rect.bottom + round(12 * s),
                                     side_w, h - self.top_rect.bottom - round(28 * s))
        pad = 20 * s
        self.board.layout(pygame.Rect(round(pad), self.top_rect.bottom + round(pad * 0.5),
                                      round(self.side_rect.x - 2 * pad), round(h - self.top_rect.bottom - 1.5 * pad)),
                          self.match.state)
        sr = self.side_rect
        bh, gap = round(40 * s), round(10 * s)
        inner_w = sr.width - round(32 * s)
        half = (inner_w - gap) // 2
        x = sr.x + round(16 * s)
        y = sr.bottom - round(16 * s) - bh
        self.menu_button.rect = pygame.Rect(x, y, inner_w, bh)
        y -= bh + gap
        self.undo_button.rect = pygame.Rect(x, y, half, bh)
        self.redo_button.rect = pygame.Rect(x + half + gap, y, half, bh)
        rows = (len(self.action_buttons) + 1) // 2  # the game's own buttons, two a row
        for k, b in enumerate(self.action_buttons):
            row, col = divmod(k, 2)
            b.rect = pygame.Rect(x + col * (half + gap), y - (rows - row) * (bh + gap), half, bh)
        y -= (rows + 1) * (bh + gap)
        self.result_button.rect = pygame.Rect(x, y, inner_w, bh)
        if self.autoplay:
            self.pause_button.rect = pygame.Rect(x, y, half, bh)
            self.step_button.rect = pygame.Rect(x + half + gap, y, half, bh)
            y -= bh + gap
            self.speed.rect = pygame.Rect(x, y + round(14 * s), inner_w, round(30 * s))
            self.speed_label_y = y + round(4 * s)
            y -= round(16 * s)
        self.moves_rect = pygame.Rect(x, sr.y + round(48 * s), inner_w, y - sr.y - round(56 * s))

    def status(self) -> tuple[str, tuple]:
        m = self.match
        seat = m.seats[m.to_move] if not m.is_over else None
        if m.is_over:
            out = m.outcome
            if out.winner is None:
                return "Game over: a draw", theme.ACCENT
            who = m.seats[out.winner].label
            return ("Game over: you win" if who == "You" else f"Game over: {who} wins"), theme.ACCENT
        if m.paused:
            return "Paused: Space resumes, Right arrow steps", theme.ACCENT
        if seat.is_human:
            banner = self.board.banner(m)
            if banner:
                return banner, theme.ACCENT
            who = "Your turn" if seat.label == "You" else f"{seat.label} to move"
            return f"{who}   {m.turn_elapsed():.0f} s", theme.TEXT
        return f"{seat.label} is thinking…", theme.MUTED

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        m, s = self.match, self.s
        self.draw_top_bar(surface)
        hover = None
        if self.interactive and self.app.top is self:
            hover = pygame.mouse.get_pos()
        st = self.app.settings
        ctx = DrawContext(self.clock, hover, st.hints, st.last_move, st.animation_seconds,
                          [x.label for x in m.seats])
        self.board.draw(surface, m.state, m.history, ctx)
        self.draw_side(surface)
        if self.message and self.clock < self.message_until:
            r = theme.text(surface, self.message, 24 * s, (self.board.rect.centerx, self.top_rect.bottom + 4 * s),
                           theme.ERROR, "midtop")
            bg = r.inflate(24 * s, 10 * s)
            pygame.draw.rect(surface, theme.PANEL, bg, border_radius=8)
            pygame.draw.rect(surface, theme.ERROR, bg, width=1, border_radius=8)
            theme.text(surface, self.message, 24 * s, r.topleft, theme.ERROR)

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        m, s = self.match, self.s
        pygame.draw.rect(surface, theme.PANEL, self.top_rect)
        scores = self.board.scores(m.state)
        n = len(m.seats)
        slot_w = min(380 * s, (self.top_rect.width - 40 * s) / n)
        x0 = self.top_rect.centerx - slot_w * n / 2
        for i, seat in enumerate(m.seats):
            r = pygame.Rect(round(x0 + i * slot_w + 8 * s), round(10 * s), round(slot_w - 16 * s), round(50 * s))
            active = not m.is_over and m.to_move == i
            color = self.board.seat_color(i)
            fill = theme.BUTTON
            if active:
                fill = theme.lighten(color, 0.15) if sum(color) < 480 else theme.BUTTON_HOVER
            pygame.draw.rect(surface, fill, r, border_radius=10)
            if active:
                pygame.draw.rect(surface, theme.ACCENT, r, width=3, border_radius=10)
            self.board.draw_seat_icon(surface, (r.x + 24 * s, r.centery), 14 * s, i)
            theme.text(surface, seat.label, 26 * s, (r.x + 46 * s, r.centery - 7 * s), theme.TEXT, "midleft")
            spent = m.seat_time(i) + (m.turn_elapsed() if active and self.live_clocks else 0.0)
            theme.text(surface, clock_text(spent), 18 * s, (r.x + 46 * s, r.centery + 13 * s),
                       theme.TEXT if active else theme.MUTED, "midleft")
            if i < len(scores):
                theme.text(surface, scores[i], 40 * s, (r.right - 16 * s, r.centery), theme.TEXT, "midright",
                           bold=True)
        msg, color = self.status()
        theme.text(surface, msg, 22 * s, (self.top_rect.centerx, 76 * s), color, "center")

    def draw_side(self, surface: pygame.Surface) -> None:
        m, s = self.match, self.s
        theme.panel(surface, self.side_rect)
        theme.text(surface, f"Moves ({len(m.history)})", 26 * s,
                   (self.side_rect.x + 16 * s, self.side_rect.y + 14 * s), theme.TEXT, bold=True)
        r = self.moves_rect
        row = max(24 * s, 18)
        fits = max(1, int(r.height // row))
        end = len(m.history) - self.scroll
        start = max(0, end - fits)
        for k, idx in enumerate(range(start, end)):
            p = m.history[idx]
            y = r.y + k * row
            theme.text(surface, f"{idx + 1}.", 20 * s, (r.x + 34 * s, y), theme.MUTED, "topright")
            self.board.draw_seat_icon(surface, (r.x + 48 * s, y + 8 * s), max(5, 7 * s), p.seat)
            label = self.board.move_label(m, idx)
            entry = fit(f"{m.seats[p.seat].label}: {label}", 20 * s, r.width - 62 * s - 52 * s)
            theme.text(surface, entry, 20 * s, (r.x + 62 * s, y), theme.TEXT)
            theme.text(surface, f"{p.seconds:.2f} s", 18 * s, (r.right, y), theme.MUTED, "topright")
        if m.redo_stack:
            theme.text(surface, f"+{len(m.redo_stack)} to redo", 18 * s, (r.right, r.bottom), theme.MUTED,
                       "bottomright")
        if self.speed.visible:
            theme.text(surface, "Delay between moves", 18 * s, (self.speed.rect.x, self.speed_label_y),
                       theme.MUTED)
        for w in self.widgets():
            if w.visible:
                w.draw(surface)
