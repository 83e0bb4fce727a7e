"""The game scene: the board of any game, the top bar, the move list and the controls.

It lays out, draws and routes input; everything else about the game (AI turns,
saving, stats, records, replays, analysis) is the session's.
"""
from __future__ import annotations

import time

import pygame

from boardhub.core.clock import next_change
from boardhub.core.events import GameOver, HintReady, MovePlayed, Notice, Passed, Rewound
from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove
from boardhub.core.session_base import Session
from boardhub.scenes import game_frame
from boardhub.ui.game_export import export_game
from boardhub.scenes.game_frame import Message, frame_for
from boardhub.scenes.move_entry import MoveEntry
from boardhub.ui.board import DrawContext, Intent, Play, Refuse
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button

RESULT_PAUSE = 0.6  # let the last move be seen before the result panel covers it


class GameScene(Scene):
    def __init__(self, app: Host, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.board = session.entry.board(session.entry)
        self.board.replay = replay = session.is_replay
        self.clock = 0.0
        self.message: Message | None = None
        self.over_since: float | None = self.clock if session.match.is_over else None
        self.result_shown = False
        self.scroll = 0  # move list: rows scrolled up from the newest
        self.speed = game_frame.speed_slider(app.settings.ava_delay_for(session.entry.key), self.set_speed)
        self.undo_button = Button(N_("Back") if replay else N_("Undo"), self.undo)
        self.redo_button = Button(N_("Forward") if replay else N_("Redo"), self.redo)
        self.pause_button = Button(N_("Pause"), session.toggle_pause)
        self.step_button = Button(N_("Step"), session.step)
        self.menu_button = Button(N_("Menu"), lambda: self.app.open("pause", session))
        self.result_button = Button(N_("Result"), self.show_result, primary=True)
        records = [(N_("Export"), self.export)] if session.entry.record_formats else []
        if records and not replay:  # an import would replace the game being watched
            records.append((N_("Import"), lambda: self.app.open("import", session)))
        self.record_buttons = [Button(label, action) for label, action in records]
        self.action_buttons = self.board_buttons(self.board.actions(session.match))
        self.hint_buttons = [Button(N_("Best move"), self.ask_hint)] if session.offers_hints else []
        self.win_buttons = [Button(N_("Find the win"), lambda: game_frame.find_win(self))] \
            if session.offers_find_win else []
        self.keys = MoveEntry(session, self.board, self.act)  # the arrow keys' cursor, a move typed in notation
        self.board.update(session.match, 0.0)
        self.result_button.visible = False
        self.sync_controls()  # a panel may open over the game before its first update

    @property
    def match(self):
        return self.session.match

    top_rect = property(lambda self: self.frame.top)  # the frame's parts, by the names they had as attributes
    side_rect = property(lambda self: self.frame.side)
    message_rect = property(lambda self: self.frame.message)
    moves_rect = property(lambda self: self.frame.moves)

    # ---------------------------------------------------------------- actions
    def say(self, msg: str, kind: str = "info") -> None:
        """Show a message of a kind ("info", "success", "warning", "error") for that kind's lifetime."""
        self.message = Message(msg, kind, time.monotonic())

    def set_speed(self, value: float) -> None:
        self.app.settings.set_ava_delay(self.session.entry.key, value)  # this game's pace, not the others'
        self.app.save_settings()  # now, not at a clean exit only: a step of the slider is one small write
        self.apply_settings()

    def apply_settings(self) -> None:
        st = self.app.settings
        self.session.pace(st.ai_delay, self.speed.value, st.animation_seconds)
        self.session.learn = st.learn_in_app

    def pause(self) -> None:
        self.match.hold(True)  # a panel covers the game: its clocks stand still

    def resume(self) -> None:
        self.match.hold(False)
        self.apply_settings()

    def undo(self) -> None:
        if not self.session.undo():
            self.say(_("This is the start of the game") if self.session.is_replay else _("Nothing to undo"))

    def redo(self) -> None:
        if not self.session.redo():
            self.say(_("This is the end of the game") if self.session.is_replay else _("Nothing to redo"))

    def export(self) -> None:
        self.say(*export_game(self.match, self.session.entry))

    def ask_hint(self) -> None:
        """The expert's best move for this position, shown on the board (the game counts as hinted)."""
        why = self.session.ask_hint()
        self.say(why or _("Looking for the best move…"), "warning" if why else "info")

    def toggle_sound(self) -> None:
        st = self.app.settings
        st.sound = not st.sound
        if st.sound and not st.volume:  # a volume of 0 from a hand-edited file: on means heard
            st.volume = 100
        self.app.sounds.set_level(st.loudness)
        self.say(_("Sound on") if st.sound else _("Sound off (Ctrl+M turns it back on)"))

    def show_result(self) -> None:
        if self.match.is_over:  # not when an undo in the same frame reopened the game
            self.result_shown = True
            self.app.open("result", self.session)

    def shutdown(self) -> None:
        self.session.close()

    # ---------------------------------------------------------------- the frame
    def update(self, dt: float) -> None:
        self.clock += dt
        m, st = self.match, self.app.settings
        for ev in self.session.update(now := time.monotonic()):
            if isinstance(ev, MovePlayed):
                self.board.on_move(ev.seat, ev.move, *self.match.around(ev.ply), self.clock, st.animation_seconds)
                self.app.sounds.play(ev.sound)
                self.scroll = 0
            elif isinstance(ev, Passed):
                self.say(_("{name} passes: no legal move").format(name=ev.label))
            elif isinstance(ev, GameOver):  # what was said before it (a pass) is not said over its result
                self.over_since = self.clock
                self.message = self.message if self.message is not None and self.message.shown >= now else None
            elif isinstance(ev, Rewound):
                self.over_since, self.result_shown, self.scroll = None, False, 0
                self.layout(self.size)
            elif isinstance(ev, Notice):
                self.say(ev.text, ev.kind)
            elif isinstance(ev, HintReady):
                self.say(game_frame.hint_words(self, ev), "success")
        m = self.match  # an import may have replaced it
        self.keys.sync()
        self.board.update(m, dt)
        self.board.keep_cursor(m)
        wanted, seat = self.board.wants_analysis(m)
        if wanted:
            self.session.analyse(seat)
        self.sync_controls()
        if (m.is_over and not self.result_shown and self.over_since is not None
                and self.clock - self.over_since >= RESULT_PAUSE and not self.board.busy(self.clock)):
            self.app.sounds.play("end")
            self.show_result()
        self.result_button.visible = m.is_over and self.result_shown

    def sync_controls(self) -> None:
        """The buttons' labels, states and which of them show, for the game as it stands."""
        m = self.match
        actions = self.board.actions(m)
        if len(actions) != len(self.action_buttons):  # a button came or went (Othello's Pass)
            self.action_buttons = self.board_buttons(actions)
            self.layout(self.size)
        for button, (label, action) in zip(self.action_buttons, actions):
            # the same number of buttons may be other ones (one opening step's choices after another's)
            button.label, button.on_click = label, (lambda action=action: self.act(action()))
        for b in self.hint_buttons:
            b.enabled = self.session.interactive and not self.session.hinting
        for b in self.win_buttons:
            b.enabled = not m.is_over and not self.session.finding_win
        self.undo_button.enabled = self.session.can_undo()
        self.redo_button.enabled = self.session.can_redo()
        self.pause_button.label = N_("Resume") if m.paused else N_("Pause")
        self.pause_button.visible = self.session.autoplay and not m.is_over
        self.step_button.visible = self.pause_button.visible and not self.session.is_replay
        self.speed.visible = self.session.autoplay

    def redraw_in(self) -> float | None:
        """Every frame while something moves; else when a message goes or a shown clock turns a second."""
        m = self.match
        if self.app.top is not self:
            return None  # a panel covers the game: it stands still (its clocks too) until the panel goes
        if self.session.busy or self.board.busy(self.clock) or (m.is_over and not self.result_shown):
            return 0.0
        waits = [self.message.redraw_in(time.monotonic())] if self.message and self.message.visible() else []
        if not m.is_over and not m.paused:
            left = m.time_left(m.to_move)  # a countdown turns when its shown text does: tenths near the end
            waits.append(1.0 - m.turn_elapsed() % 1.0 if left is None else next_change(left))
        return min(waits) if waits else None

    # ---------------------------------------------------------------- input
    def process_event(self, event):
        if self.keys.handle(event):  # a human to move plays by keys: arrows, Enter, a typed move
            return None
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            replay = self.session.is_replay
            if event.key == pygame.K_ESCAPE:
                self.session.clear_win() or self.app.open("pause", self.session)  # a forced win's line goes first
            elif (ctrl and event.key == pygame.K_z) or (replay and event.key == pygame.K_LEFT):
                self.undo()
            elif (ctrl and event.key == pygame.K_y) or (replay and event.key == pygame.K_RIGHT):
                self.redo()
            elif event.key == pygame.K_SPACE and self.session.autoplay:
                self.session.toggle_pause()
            elif event.key == pygame.K_RIGHT and self.match.paused:
                self.session.step()
            elif not (ctrl and game_frame.ctrl_key(self, event.key)):  # sound, hint, resign, draw (Ctrl+M, H, R, D)
                return event
            return None
        for w in self.widgets():
            if w.visible and w.handle(event):
                return None
        if event.type == pygame.MOUSEWHEEL and self.frame.moves.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self.match.history), self.scroll + event.y))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board.rect.collidepoint(event.pos):
            self.click_board(event.pos)
            return None
        return event

    def widgets(self):
        yield from (self.undo_button, self.redo_button, self.pause_button, self.step_button,
                    self.menu_button, self.result_button, self.speed)
        yield from self.action_buttons
        yield from self.record_buttons
        yield from self.hint_buttons
        yield from self.win_buttons

    def board_buttons(self, actions) -> list[Button]:
        """The board's own buttons; one that answers with an intent (Othello's Pass) acts like a click."""
        return [Button(label, lambda action=action: self.act(action())) for label, action in actions]

    def click_board(self, pos) -> None:
        m = self.match
        if self.session.interactive and not m.is_over:
            self.act(self.board.click(pos, m))
        else:
            self.say(_("A replay: Space pauses and resumes, the arrow keys step") if self.session.is_replay else
                     _("The game is over: undo, or open the menu for a new game") if m.is_over else
                     _("Wait: it is the AI's turn"))

    def act(self, intent: Intent) -> bool:
        """Do what a click or a key asks for; a refusal is shown and changes nothing. True: a move was played."""
        try:
            if isinstance(intent, Play):
                self.session.play(intent.move, time.monotonic())
                return True
            if isinstance(intent, Refuse):
                raise IllegalMove(intent.message)
        except IllegalMove as exc:
            self.say(str(exc), "warning")
            self.app.sounds.play("error")
        return False

    # ---------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        """Where every part goes, kept as one value (`self.frame`) that drawing and clicks read."""
        super().layout(size)
        extras = [*self.record_buttons, *self.action_buttons, *self.hint_buttons, *self.win_buttons]
        f = self.frame = frame_for(size, len(extras), self.session.autoplay, not self.session.is_replay)
        self.board.layout(f.board, self.match.state)
        placed = (self.menu_button, self.undo_button, self.redo_button, self.result_button, self.pause_button,
                  self.step_button, self.speed, *extras)
        for widget, rect in zip(placed, (f.menu, f.undo, f.redo, f.result, f.pause, f.step, f.speed, *f.extras)):
            widget.rect = pygame.Rect(rect)  # a widget's own copy: the frame stays as it was made

    def draw(self, surface: pygame.Surface) -> None:
        game_frame.draw(self, surface, self.context())

    def context(self) -> DrawContext:
        """What the board may read while it draws (the settings, the hover, the analysis)."""
        return game_frame.context(self)
