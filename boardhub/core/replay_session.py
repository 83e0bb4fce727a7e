"""A saved game watched again: its moves come from the record, one after another, and nothing is written.

No AI is asked anything (the record has every move), nothing is saved or
counted, and the controls step through the record: Back takes a move back,
Forward and Step play the record's next one, and both pause the replay.
"""
from __future__ import annotations

import time
from typing import Any

from boardhub.core import saves
from boardhub.core.i18n import _
from boardhub.core.match import Match, Timing
from boardhub.core.rules import IllegalMove
from boardhub.core.saved_games import saved_imported, saved_match
from boardhub.core.session_base import Session

REPLAY_FIRST_MOVE = 0.5  # a replay shows its starting position at least this long
MIN_REPLAY_DELAY = 0.05  # between two moves at the fastest speed, so each is drawn


class ReplaySession(Session):
    """A saved game played again from its record; ValueError (naming the file and why) for one that cannot be."""

    save_path = None  # a replay has no file to write

    def __init__(self, saved: saves.SavedGame) -> None:
        record = saved_match(saved)  # no worker: the record's seats are names, never asked to move
        match = Match(record.game, record.seats, record.options, record.seed,
                      Timing(record.timing.limit, referee=record.timing.referee, control=record.timing.control),
                      position=record.position)
        super().__init__(match, imported=saved_imported(saved, record))
        self.saved = saved
        self.script = list(record.history)  # the recorded moves, played on their own
        self.ending = record.forfeit  # how the game ended when that was no move (a forfeit)
        self._started = time.monotonic()
        self._next_at = self._started + max(match.timing.ai_delay, REPLAY_FIRST_MOVE)

    def restart(self) -> "ReplaySession":
        return ReplaySession(self.saved)

    # ---------------------------------------------------------------- what the screen asks
    @property
    def is_replay(self) -> bool:
        return True

    @property
    def autoplay(self) -> bool:
        return True

    @property
    def interactive(self) -> bool:
        return False

    @property
    def busy(self) -> bool:
        return not (self.match.is_over or self.match.paused)

    def pace(self, ai_delay: float, ava_delay: float, animation: float) -> None:
        super().pace(ai_delay, ava_delay, animation)
        if not self.match.history:  # the first move waits for the new speed, from when the replay opened
            self._next_at = self._started + max(self.match.timing.ai_delay, REPLAY_FIRST_MOVE)

    # ---------------------------------------------------------------- the controls step through the record
    def play(self, move: Any, now: float | None = None) -> None:
        raise IllegalMove(_("A replay: Space pauses and resumes, the arrow keys step"))

    def undo(self) -> bool:
        self.match.paused = True
        return self.match.take_back()

    def redo(self) -> bool:
        self.match.paused = True
        return self._forward()

    def can_undo(self) -> bool:
        return bool(self.match.history)

    def can_redo(self) -> bool:
        return not self.match.is_over

    def step(self) -> None:
        """One move forward."""
        self.redo()

    # ---------------------------------------------------------------- the frame
    def _advance(self, now: float) -> None:
        m = self.match
        if not m.is_over and not m.paused and now >= self._next_at:
            self._forward()
            self._next_at = now + max(m.timing.ai_delay, MIN_REPLAY_DELAY)

    def _forward(self) -> bool:
        """The record's next move (or its forfeit); False at its end."""
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
