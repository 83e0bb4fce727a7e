"""Othello's review judge: a position's expected final disc margin, exact in the endgame.

With EXACT_EMPTIES empty squares or fewer the endgame solver proves the value
whatever time it takes (a fraction of a second at 14 empties, seldom more than
a few), so the last part of every review is exact. Up to SOLVE_EMPTIES the
solver is tried within the position's time and the expert's estimate stands
in when it runs out; before that the value is the expert's search over every
legal move (its evaluation overlay's numbers).
"""
from __future__ import annotations

import time
from dataclasses import replace

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.othello.endgame import BY_RANK, SolveTimeout, final_score
from boardhub.games.othello.engine import PASS, OthelloState, flips, moves_mask
from boardhub.games.othello.expert import SOLVE_EMPTIES, ExpertAI

EXACT_EMPTIES = 14

_expert: ExpertAI | None = None  # one per process, so its tables serve the positions of a game in turn


def _the_expert() -> ExpertAI:
    global _expert
    if _expert is None:
        _expert = ExpertAI(seed=0)
    return _expert


def solve(me: int, opp: int, deadline: float = float("inf")) -> tuple[int, int]:
    """The exact margin for the mover and a move that reaches it (SolveTimeout past `deadline`)."""
    solver = _the_expert().solver
    value = solver.solve(me, opp, deadline=deadline)
    legal = moves_mask(me, opp)
    for sq in BY_RANK:
        if legal >> sq & 1:
            f = flips(me, opp, sq)
            # a null window around the value: cheap with the table the solve just filled
            if -solver.solve(opp ^ f, me | f | 1 << sq, -value - 1, -value + 1, deadline) == value:
                return value, sq
    raise AssertionError("no move reaches the solved value")


def judge(state: OthelloState, seat: int, deadline: float) -> Verdict:
    """The position's value in discs for `seat`, and the best move of the side to move."""
    sign = 1 if state.player == seat else -1
    me, opp = state.me, state.opp
    if not moves_mask(me, opp):
        if not moves_mask(opp, me):
            return Verdict(sign * final_score(me, opp), None, True)
        after = judge(OthelloState(state.black, state.white, 1 - state.player), seat, deadline)
        return replace(after, best=PASS)
    empties = 64 - (me | opp).bit_count()
    if empties <= SOLVE_EMPTIES:
        try:
            value, best = solve(me, opp, float("inf") if empties <= EXACT_EMPTIES else deadline)
            return Verdict(float(sign * value), best, True)
        except SolveTimeout:
            pass
    scores = _the_expert().evaluate_moves(state, max(deadline, time.monotonic() + 0.05))
    best = max(scores, key=lambda sq: scores[sq])
    return Verdict(sign * scores[best], best)


SPEC = ReviewSpec(judge=judge, unit=N_("discs"), thresholds=(4.0, 8.0, 16.0), span=32.0, default_limit=1.0)
