"""Gomoku's review judge: the chance to win as the expert sees it, and forced wins as such.

First the threat solver: a win by fours (VCF) or by fours and threes (VCT)
for the side to move is a proof, shown with its length; so is a VCF for the
other side that no move of ours can stop in time (the search finds it as a
loss). Otherwise the expert's search scores the position, and its score
becomes a chance to win through the logistic scale its weights were fitted on
(`weights.SCALE` evaluation units to one unit of log-odds).
"""
from __future__ import annotations

import math
import time

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.gomoku.engine import NAMES, GomokuState
from boardhub.games.gomoku.expert import VCT_DEPTH, ExpertAI
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.search import WIN, WIN_BOUND, Search
from boardhub.games.gomoku.threats import Clock, ThreatSearch, Timeout
from boardhub.games.gomoku.weights import SCALE

THREAT_SHARE = 0.35  # of the position's time for the threat solver; the search has the rest


def chance(score: int) -> float:
    """A search score for the side to move as its chance to win, in percent."""
    if score >= WIN_BOUND:
        return 100.0
    if score <= -WIN_BOUND:
        return 0.0
    return 100.0 / (1.0 + math.exp(-score / SCALE))


def _finished(state: GomokuState, seat: int) -> Verdict:
    if state.winner is None:
        return Verdict(50.0, None, True, N_("drawn"))
    return Verdict(100.0 if state.winner == seat else 0.0, None, True)


def judge(state: GomokuState, seat: int, deadline: float) -> Verdict:
    """`seat`'s chance to win in percent (100 or 0 when a forced win is proven), and the mover's best point."""
    if state.over:
        return _finished(state, seat)
    me = state.player
    flip = (lambda v: v) if me == seat else (lambda v: 100.0 - v)
    if sum(1 for stone in state.board if stone) < 2:  # the opening: the expert's book-like first moves
        return Verdict(50.0, ExpertAI(seed=0).choose(state, deadline))
    board = Board.from_cells(state.size, state.rule, state.board)
    start = time.monotonic()
    clock = Clock(start + THREAT_SHARE * max(0.0, deadline - start))
    threats = ThreatSearch(board, clock)
    stones = len(board.moves)
    try:
        line = threats.vcf(me)
        if line:
            return Verdict.noted(flip(100.0), line[0], True, N_("{colour} wins by fours in {moves}"),
                                 colour=NAMES[me], moves=(len(line) + 1) // 2)
        line = threats.vct(me, VCT_DEPTH)
        if line:
            return Verdict.noted(flip(100.0), line[0], True, N_("{colour} wins by threes and fours"),
                                 colour=NAMES[me])
    except Timeout:
        board.rewind(stones)  # a search the clock stopped leaves its stones on the board
    clock = Clock(max(deadline, time.monotonic() + 0.05))
    threats.board, threats.clock = board, clock
    search = Search()
    search.start(board, clock, threats)
    roots = search.candidates(me, 0)
    if not roots:
        return Verdict(50.0, None, False, N_("no point left"))
    scores: dict[int, int] = {}
    best = roots[0]
    try:
        for depth in range(2, 64):
            partial: dict[int, int] = {}
            search.root_scores(me, roots, depth, 0, partial)
            scores = partial
            roots.sort(key=lambda q: -scores[q])
            best = roots[0]
            if abs(scores[best]) >= WIN_BOUND:
                break
    except Timeout:
        pass
    if not scores:
        return Verdict(50.0, best, False, N_("not searched in time"))
    top = scores[best]
    if top <= -WIN_BOUND:
        return Verdict.noted(flip(0.0), best, True, N_("{colour} wins by force in {moves}"),
                             colour=NAMES[1 - me], moves=(WIN - abs(top) + 1) // 2)
    if top >= WIN_BOUND:
        return Verdict.noted(flip(100.0), best, True, N_("{colour} wins by force in {moves}"),
                             colour=NAMES[me], moves=(WIN - top + 1) // 2)
    return Verdict(flip(chance(top)), best)


SPEC = ReviewSpec(judge=judge, unit=N_("% to win"), thresholds=(10.0, 20.0, 35.0), span=50.0, baseline=50.0,
                  zero_sum=True, default_limit=1.0)
