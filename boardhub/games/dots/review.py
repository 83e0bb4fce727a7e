"""Dots and Boxes' review judge: the final box margin, exact where the solver reaches.

The exact solver gives the net boxes still to come under perfect play; with
the boxes already taken that is the final margin. Its reach is a fixed budget
of work: with SOLVE_FREE undrawn lines or fewer it gets SOLVE_NODES nodes
from an empty table, so whether a position is proven is the same on any
machine and in any order.

Before the solver reaches, the value is an estimate that does not jump: the
boxes taken so far plus those the mover can take at once. It is shown, but
not trusted to rate a move (`Verdict.confident` is False): only a proven
loss makes an inaccuracy, a mistake or a blunder. Its note says who is set
to win the chain fight when the safe lines left can be read out (the
long-chain rule strong players count by).
"""
from __future__ import annotations

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.dots.ai import PARITY_HORIZON, HardAI, _parity, _resolve
from boardhub.games.dots.chains import board, degrees, structure
from boardhub.games.dots.engine import DotsRules, DotsState
from boardhub.games.dots.solver import Solver, SolveTimeout

SOLVE_FREE = 26  # undrawn lines: beyond this no board's position is proven within the budget
SOLVE_NODES = 40_000  # the solver's budget: under a second
RULES = DotsRules()


def judge(state: DotsState, seat: int, deadline: float = 0.0) -> Verdict:
    """The final box margin for `seat` under best play (exact) or a stable estimate.

    `deadline` is not used: the work is fixed, so the answer is the same on any machine.
    """
    return _judged(state, seat, SOLVE_NODES)


def quick(state: DotsState, seat: int, deadline: float = 0.0) -> Verdict:
    """The first pass: the estimate, and the proof only where it is cheap; refined by `judge`."""
    return _judged(state, seat, SOLVE_NODES // 20)


def _judged(state: DotsState, seat: int, nodes: int) -> Verdict:
    sign = 1 if state.player == seat else -1
    taken = state.scores[state.player] - state.scores[1 - state.player]
    if RULES.is_over(state):
        return Verdict(float(sign * taken), None, True)
    geom = state.geom
    if (geom.full & ~state.lines).bit_count() <= SOLVE_FREE:
        solver = Solver(geom)  # an empty table: the proof's reach depends on the position alone
        solver.budget = nodes
        try:
            rest = solver.value(state.lines)
            solver.budget = None  # the table now holds the proof: the best line is cheap
            line = solver.best_line(state.lines)
            return Verdict(float(sign * (taken + rest)), geom.line_coord[line], True)
        except SolveTimeout:
            pass
    return estimate(state, seat)


def estimate(state: DotsState, seat: int) -> Verdict:
    """Boxes taken plus boxes the mover can take now, for `seat`; not confident enough to rate by."""
    bd = board(state.geom)
    mover = state.player
    sign = 1 if mover == seat else -1
    resolved = _resolve(state.lines, bd)
    offered = sum(1 for d in degrees(resolved, bd) if d == 4) - sum(1 for d in degrees(state.lines, bd) if d == 4)
    value = float(sign * (state.scores[mover] - state.scores[1 - mover] + offered))
    best = state.geom.line_coord[HardAI(seed=0).choose_line(state.lines, state.geom, float("inf"))]
    note = N_("estimate: boxes taken and on offer")
    safe = structure(resolved, degrees(resolved, bd), bd).safe
    if safe and len(safe) <= PARITY_HORIZON:
        # after taking what is offered the mover still moves: +1, the mover wins the chain fight
        fight = _parity(resolved, bd, {}, float("inf"))
        if fight > 0:
            note = N_("estimate: the player to move is set to win the chain fight")
        elif fight < 0:
            note = N_("estimate: the player to move is set to lose the chain fight")
    return Verdict(value, best, False, note, confident=False)


SPEC = ReviewSpec(judge=judge, unit=N_("boxes"), thresholds=(1.0, 2.0, 4.0), span=0.0, default_limit=1.0,
                  quick=quick)
