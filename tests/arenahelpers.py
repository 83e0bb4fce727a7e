"""Seats that fail in every other game, for the arena's robustness tests (py:arenahelpers:NAME).

Each factory counts the games it is built for in a file under $BOARDHUB_TEST_FLAKY
(a folder the test makes), so the count survives the AI process being replaced,
as a dead or hung one is. The 1st, 3rd, ... game it plays goes wrong in its own
way; in the 2nd, 4th, ... it plays well. A build without a seed is the arena
checking the spec before the series, not a game, and is not counted.

The Dots and Boxes ones play the first undrawn line; the engine ones are the
fake engines of tests/ (a Gomocup brain for Gomoku, a GTP engine for Othello).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from boardhub.games.gomoku.external import PbrainEngine
from boardhub.games.othello.external import GtpEngine

HERE = Path(__file__).resolve().parent
FLAKY = "BOARDHUB_TEST_FLAKY"


def bad_game(name: str, seed: int | None) -> bool:
    """Count one more game of `name`; True for its odd-numbered games."""
    if seed is None:
        return False
    counter = Path(os.environ[FLAKY]) / f"{name}.games"
    with counter.open("a+", encoding="utf-8") as f:
        f.seek(0)
        n = len(f.read().splitlines()) + 1
        f.write(f"{seed}\n")
    return n % 2 == 1


def first_line(view):
    g = view.geom
    return next(g.line_coord[i] for i in range(g.num_lines) if not view.lines >> i & 1)


class Flaky:
    """Plays the first undrawn line; in a bad game, its `nth` move goes wrong as `fail` says."""

    def __init__(self, bad: bool, nth: int, fail) -> None:
        self.bad, self.nth, self.fail = bad, nth, fail
        self.moves = 0

    def choose(self, view, deadline):
        self.moves += 1
        if self.bad and self.moves == self.nth:
            return self.fail(view, deadline)
        return first_line(view)


def _raise(view, deadline):
    raise RuntimeError("broke on its third move")


def _sleep_past(view, deadline):
    time.sleep(max(0.0, deadline - time.monotonic()) + 0.3)
    return first_line(view)


def _hang(view, deadline):
    time.sleep(60)  # the worker gives up on it long before
    return first_line(view)


def _drawn_line(view, deadline):
    g = view.geom
    return next(g.line_coord[i] for i in range(g.num_lines) if view.lines >> i & 1)


def _exit(view, deadline):
    os._exit(7)  # the AI's whole process ends, as a crash in native code would end it


class Unreadable:
    """An answer that crosses the pipe but cannot be rebuilt on the other side."""

    def __reduce__(self):
        return _unreadable, ()


def _unreadable():
    raise RuntimeError("this answer cannot be rebuilt")


def _garbage(view, deadline):
    return Unreadable()


def crashing(seed=None):
    return Flaky(bad_game("crashing", seed), 3, _raise)


def late(seed=None):
    return Flaky(bad_game("late", seed), 2, _sleep_past)


def hanging(seed=None):
    return Flaky(bad_game("hanging", seed), 2, _hang)


def cheating(seed=None):
    return Flaky(bad_game("cheating", seed), 2, _drawn_line)


def dying(seed=None):
    return Flaky(bad_game("dying", seed), 2, _exit)


def unreadable(seed=None):
    return Flaky(bad_game("unreadable", seed), 2, _garbage)


def brain(seed=None):
    """A Gomocup brain that exits on its 3rd move in bad games."""
    mode = ["--mode", "crash", "--after", "2"] if bad_game("brain", seed) else []
    return PbrainEngine([sys.executable, str(HERE / "fake_pbrain.py"), *mode], seed=seed)


def gtp(seed=None):
    """A GTP Othello engine killed by a signal on its 3rd move in bad games."""
    mode = ["--mode", "die", "--after", "2"] if bad_game("gtp", seed) else []
    return GtpEngine([sys.executable, str(HERE / "fake_othello_engine.py"), "--protocol", "gtp", *mode], seed=seed)


def vanishing(seed=None):
    """A Gomocup brain whose program is gone in bad games (uninstalled between games)."""
    program = [str(HERE / "no-such-brain")] if bad_game("vanishing", seed) else [
        sys.executable, str(HERE / "fake_pbrain.py")]
    return PbrainEngine(program, seed=seed)
