"""Watching a saved game again: its moves play on their own at the chosen speed.

The replay is a game scene whose moves come from the record instead of the
seats: Space pauses, the arrows (or Back / Forward) step, the slider sets the
time between moves. Nothing is saved or counted while watching.
"""
from __future__ import annotations

import pygame

from boardhub.core import saves
from boardhub.core.match import Match, Timing
from boardhub.core.rules import Outcome
from boardhub.scenes.game import GameScene, saved_match
from boardhub.scenes.overlay import PanelScene
from boardhub.scenes.result import result_lines
from boardhub.ui import theme
from boardhub.ui.widgets import Button


class ReplayScene(GameScene):
    def __init__(self, app, saved: saves.SavedGame) -> None:
        record = saved_match(saved)  # the whole game, checked move by move
        game = record.game
        self.saved = saved
        self.script = list(record.history)
        self.ending: Outcome | None = record.forfeit
        self.next_at = 0.0
        match = Match(game, record.seats, record.options, record.seed,
                      Timing(record.timing.limit, referee=record.timing.referee))
        config = {"seats": [s.ai for s in record.seats], "options": record.options,
                  "limit": record.timing.limit, "referee": record.timing.referee}
        super().__init__(app, game, config, match, saved)
        self.undo_button.label, self.redo_button.label = "Back", "Forward"
        self.next_at = max(self.speed.value, 0.5)  # the starting position shows first
        for button in self.action_buttons:  # an import would replace the game being watched
            button.visible = button.label != "Import"

    # the moves come from the record: no AI thinks, no click plays, nothing is written
    autoplay = True
    interactive = False
    live_clocks = False

    def drive(self, now: float) -> None:
        m = self.match
        if m.is_over or m.paused or self.clock < self.next_at:
            return
        self.forward()
        self.next_at = self.clock + max(self.speed.value, 0.05)

    def forward(self) -> bool:
        m = self.match
        if m.is_over:
            return False
        n = len(m.history)
        if n < len(self.script):
            m.push_recorded(self.script[n].move, self.script[n].seconds)
        elif self.ending is not None:
            m.end_with(self.ending)
        else:
            return False
        return True

    def autosave(self) -> None:
        pass

    def count_result(self) -> None:
        pass

    def write_record(self) -> None:
        pass

    def undo(self) -> None:
        self.match.paused = True
        if self.match.take_back():
            self.after_history_change()
        else:
            self.say("This is the start of the game")

    def redo(self) -> None:
        self.match.paused = True
        if not self.forward():
            self.say("This is the end of the game")

    def step(self) -> None:
        self.redo()

    def restart(self) -> None:
        self.app.replace(ReplayScene(self.app, self.saved))

    def show_result(self) -> None:
        if not self.match.is_over:
            return
        self.result_shown = True
        self.app.push(ReplayEndScene(self.app, self))

    def click_board(self, pos) -> None:
        self.say("A replay: Space pauses and resumes, the arrow keys step")

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_LEFT:
            self.undo()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RIGHT:
            self.redo()
            return None
        return super().process_event(event)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.pause_button.rect.width = self.redo_button.rect.right - self.undo_button.rect.x  # no Step beside it

    def update(self, dt: float) -> None:
        super().update(dt)
        self.undo_button.enabled = bool(self.match.history)
        self.redo_button.enabled = not self.match.is_over
        self.step_button.visible = False  # Forward does it

    def status(self) -> tuple[str, tuple]:
        m = self.match
        if m.is_over:
            return super().status()
        state = "paused: Space resumes, arrows step" if m.paused else "Space pauses"
        return f"Replay: move {len(m.history)} of {len(self.script)}, {state}", theme.ACCENT


class ReplayEndScene(PanelScene):
    title = "End of the replay"

    def __init__(self, app, replay: ReplayScene) -> None:
        buttons = [
            Button("Watch again", self.closing(replay.restart), primary=True),
            Button("Look at the board", self.close),
            Button("Saved games", self.closing(self.back_to_saves)),
            Button("Main menu", replay.to_menu),
        ]
        super().__init__(app, buttons, result_lines(replay.match))

    def back_to_saves(self) -> None:
        self.app.pop()  # the replay; the saves browser is below it
