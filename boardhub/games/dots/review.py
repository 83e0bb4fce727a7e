"""Dots and Boxes' review judge: the final box margin, exact where the solver reaches.

The exact solver gives the net boxes still to come under perfect play; with
the boxes already taken that is the final margin. Early in a game on a big
board the solver runs out of time, and the expert's estimate stands in: the
margin at the end of a game the expert's chain play (the Hard AI's) plays out
from here for both sides, which knows the long-chain rule and the sacrifices
that win control.
"""
from __future__ import annotations

import time

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.dots.ai import HardAI
from boardhub.games.dots.engine import DotsRules, DotsState, Geometry
from boardhub.games.dots.solver import Solver, SolveTimeout

PLAYOUT_MOVE_SECONDS = 0.01  # the Hard AI's time for each move of the estimate's playout
TABLE_ENTRIES = 400_000

_solvers: dict[tuple[int, int], Solver] = {}  # one per board size and process: the table serves a whole game
RULES = DotsRules()


def _solver(geom: Geometry) -> Solver:
    key = (geom.rows, geom.cols)
    if key not in _solvers:
        _solvers[key] = Solver(geom, TABLE_ENTRIES)
    return _solvers[key]


def playout_margin(state: DotsState) -> tuple[int, tuple[int, int] | None]:
    """The mover's final margin when the Hard AI plays the rest for both sides, and its first move."""
    hard = HardAI(seed=0)
    mover, first = state.player, None
    while not RULES.is_over(state):
        line = hard.choose_line(state.lines, state.geom, time.monotonic() + PLAYOUT_MOVE_SECONDS)
        move = state.geom.line_coord[line]
        first = move if first is None else first
        state = RULES.apply(state, move)
    return state.scores[mover] - state.scores[1 - mover], first


def judge(state: DotsState, seat: int, deadline: float) -> Verdict:
    """The final box margin for `seat` under best play (exact) or the expert's estimate."""
    sign = 1 if state.player == seat else -1
    taken = state.scores[state.player] - state.scores[1 - state.player]
    if RULES.is_over(state):
        return Verdict(float(sign * taken), None, True)
    solver = _solver(state.geom)
    try:
        rest = solver.value(state.lines, deadline)
        line = solver.best_line(state.lines, max(deadline, time.monotonic() + 1.0))
        return Verdict(float(sign * (taken + rest)), state.geom.line_coord[line], True)
    except SolveTimeout:
        margin, first = playout_margin(state)
        return Verdict(float(sign * margin), first, False, N_("estimated by the expert's play"))


SPEC = ReviewSpec(judge=judge, unit=N_("boxes"), thresholds=(1.0, 2.0, 4.0), span=8.0, default_limit=1.0)
