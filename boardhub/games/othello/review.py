"""Othello's review judge: every legal move's final disc margin, exact in the endgame.

The judge scores every legal move, and those scores are the review's values,
the Best move's and the evaluation overlay's alike: one judge, one number for
one square. The scores are a function of the position alone:

- with EXACT_EMPTIES empty squares or fewer, the endgame solver proves each
  move's margin (whatever time it takes: a fraction of a second at 14);
- before that, the position each move leaves is turned to its canonical
  orientation (of the board's 8 symmetries, the one with the smallest
  bitboards) and searched exactly MIDGAME_DEPTH - 1 plies deep from empty
  tables, its value rounded to whole discs. Mirror-image moves (f5 and d3 at
  the start) leave mirror-image positions, hence get one value.

The best move is the first of the highest score in the squares' fixed order.

A hint is the judge at the level the setup chose (`hint`): level 5 is the
judge itself, the lower levels search fewer plies and prove the margins only
nearer the end, so a player can take advice of the strength they want.
"""
from __future__ import annotations

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.othello.book import canonical
from boardhub.games.othello.endgame import final_score
from boardhub.games.othello.engine import PASS, OthelloState, flips, moves_mask
from boardhub.games.othello.expert import BY_RANK, ExpertAI, to_discs

EXACT_EMPTIES = 14
MIDGAME_DEPTH = 5  # plies, the move itself included: about a quarter of a second a position
QUICK_DEPTH = 3  # the first pass, drawn at once: about 20 ms a position (odd like MIDGAME_DEPTH, so close to it)

# hint level: (plies searched, empties from which the margins are proven); level 5 is the judge's own
HINT_BUDGETS = {1: (1, 0), 2: (2, 6), 3: (3, 10), 4: (4, 12), 5: (MIDGAME_DEPTH, EXACT_EMPTIES)}

_expert: ExpertAI | None = None  # one per process: its evaluation, and a solver whose proofs stay true


def _the_expert() -> ExpertAI:
    global _expert
    if _expert is None:
        _expert = ExpertAI(seed=0)
    return _expert


def move_scores(state: OthelloState, depth: int = MIDGAME_DEPTH, exact: bool = True,
                exact_empties: int = EXACT_EMPTIES) -> dict[int, float]:
    """Each legal move's value in discs for the mover (PASS when passing is the only move); {} when over.

    `exact`: prove the margins from `exact_empties` empties (the quick pass does not).
    """
    me, opp = state.me, state.opp
    legal = moves_mask(me, opp)
    if not legal:
        if not moves_mask(opp, me):
            return {}
        after = move_scores(OthelloState(state.black, state.white, 1 - state.player), depth, exact, exact_empties)
        return {PASS: -max(after.values())}
    expert = _the_expert()
    expert.trim_tables()
    solve = exact and 64 - (me | opp).bit_count() <= exact_empties
    out = {}
    for sq in BY_RANK:
        if legal >> sq & 1:
            f = flips(me, opp, sq)
            theirs, mine = opp ^ f, me | f | 1 << sq
            if solve:
                out[sq] = float(-expert.solver.solve(theirs, mine))
            else:
                a, b, _ = canonical(theirs, mine)
                out[sq] = float(round(-to_discs(expert.fixed_value(a, b, depth - 1))))
    return out


def evaluate(state: OthelloState, deadline: float = 0.0) -> dict[int, float]:
    """The evaluation overlay's numbers: the review judge's score of every legal move."""
    return move_scores(state)


def _judged(state: OthelloState, seat: int, depth: int, exact: bool,
            exact_empties: int = EXACT_EMPTIES) -> Verdict:
    sign = 1 if state.player == seat else -1
    me, opp = state.me, state.opp
    if not moves_mask(me, opp) and not moves_mask(opp, me):
        return Verdict(float(sign * final_score(me, opp)), None, True)
    scores = move_scores(state, depth, exact, exact_empties)
    best = max(scores, key=lambda sq: scores[sq])  # the first of the best, in the fixed order
    proven = exact and 64 - (me | opp).bit_count() <= exact_empties
    # a first pass is drawn, never rated by: a shallow search's differences are noise
    return Verdict(sign * scores[best], best, proven, scores=tuple((sq, sign * v) for sq, v in scores.items()),
                   confident=depth >= MIDGAME_DEPTH)


def judge(state: OthelloState, seat: int, deadline: float = 0.0) -> Verdict:
    """The position's value in discs for `seat`, the mover's best move and every move's score.

    `deadline` is not used: the work is fixed, so the answer is the same on any machine.
    """
    return _judged(state, seat, MIDGAME_DEPTH, True)


def quick(state: OthelloState, seat: int, deadline: float = 0.0) -> Verdict:
    """The first pass: a shallow search everywhere, drawn at once and refined by `judge`."""
    return _judged(state, seat, QUICK_DEPTH, False)


def hint(state: OthelloState, seat: int, level: int, deadline: float = 0.0) -> Verdict:
    """The hint at `level` (HINT_BUDGETS): as `judge` at level 5, shallower and proving less below it."""
    depth, exact_empties = HINT_BUDGETS[level]
    return _judged(state, seat, depth, True, exact_empties)


SPEC = ReviewSpec(judge=judge, unit=N_("discs"), thresholds=(4.0, 8.0, 16.0), span=32.0, default_limit=1.0,
                  quick=quick, timed=False, hint=hint, hint_option="hint_level")
