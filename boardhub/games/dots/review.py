"""Dots and Boxes' review judge: the final box margin, exact where the solver reaches.

The exact solver gives the net boxes still to come under perfect play; with
the boxes already taken that is the final margin. Its reach is a fixed budget
of work: with SOLVE_FREE undrawn lines or fewer it gets SOLVE_NODES nodes
from an empty table, on the position turned to its canonical orientation
(of the board's symmetries, the one whose lines read smallest), so whether a
position is proven is the same on any machine, in any order and for its
mirror images.

Before the solver reaches, the value is an estimate that does not jump: the
boxes taken so far plus those the mover can take at once. It is shown, but
not trusted to rate a move (`Verdict.confident` is False): only a proven
loss makes an inaccuracy, a mistake or a blunder. Its note says who is set
to win the chain fight when the safe lines left can be read out (the
long-chain rule strong players count by).
"""
from __future__ import annotations

from functools import lru_cache

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.dots.ai import PARITY_HORIZON, HardAI, _parity, _resolve
from boardhub.games.dots.chains import board, degrees, structure
from boardhub.games.dots.engine import DotsRules, DotsState, Geometry
from boardhub.games.dots.solver import Solver, SolveTimeout

SOLVE_FREE = 26  # undrawn lines: beyond this no board's position is proven within the budget
SOLVE_NODES = 40_000  # the solver's budget: under a second
RULES = DotsRules()


@lru_cache(maxsize=None)
def symmetries(geom: Geometry) -> tuple[tuple[int, ...], ...]:
    """The board's symmetries as line permutations (the identity first): 8 for a square, 4 for a rectangle."""
    h, w = geom.height - 1, geom.width - 1
    maps = [lambda r, c: (r, c), lambda r, c: (r, w - c), lambda r, c: (h - r, c), lambda r, c: (h - r, w - c)]
    if h == w:
        maps += [lambda r, c: (c, r), lambda r, c: (c, h - r), lambda r, c: (w - c, r), lambda r, c: (w - c, h - r)]
    return tuple(tuple(geom.line_index[f(*geom.line_coord[i])] for i in range(geom.num_lines)) for f in maps)


def canonical(lines: int, geom: Geometry) -> tuple[int, tuple[int, ...]]:
    """The image of `lines` that reads smallest, and the permutation that leads there."""
    best: tuple[int, tuple[int, ...]] | None = None
    for perm in symmetries(geom):
        image, rest = 0, lines
        while rest:
            low = rest & -rest
            image |= 1 << perm[low.bit_length() - 1]
            rest ^= low
        if best is None or image < best[0]:
            best = (image, perm)
    assert best is not None
    return best


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
    lines, perm = canonical(state.lines, geom)
    if (geom.full & ~lines).bit_count() <= SOLVE_FREE:
        solver = Solver(geom)  # an empty table: the proof's reach depends on the position alone
        solver.budget = nodes
        try:
            rest = solver.value(lines)
            solver.budget = None  # the table now holds the proof: the best line is cheap
            line = solver.best_line(lines)
            return Verdict(float(sign * (taken + rest)), geom.line_coord[perm.index(line)], True)
        except SolveTimeout:
            pass
    return estimate(state, seat, lines, perm)


def estimate(state: DotsState, seat: int, lines: int, perm: tuple[int, ...]) -> Verdict:
    """Boxes taken plus boxes the mover can take now, for `seat`; not confident enough to rate by.

    `lines` is the position in its canonical orientation and `perm` leads there (the best line is turned back).
    """
    bd = board(state.geom)
    mover = state.player
    sign = 1 if mover == seat else -1
    resolved = _resolve(lines, bd)
    offered = sum(1 for d in degrees(resolved, bd) if d == 4) - sum(1 for d in degrees(lines, bd) if d == 4)
    value = float(sign * (state.scores[mover] - state.scores[1 - mover] + offered))
    best = state.geom.line_coord[perm.index(HardAI(seed=0).choose_line(lines, state.geom, float("inf")))]
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
                  quick=quick, timed=False)
