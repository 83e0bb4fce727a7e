"""Gomoku's review judge: the chance to win as the expert sees it, and forced wins as such.

First the threat solver: a win by fours (VCF) or by fours and threes (VCT)
for the side to move is a proof, shown with its length; so is a VCF for the
other side that no move of ours can stop in time (the search finds it as a
loss). Otherwise the expert's search scores the position, and its score
becomes a chance to win through the logistic scale its weights were fitted on
(`weights.SCALE` evaluation units to one unit of log-odds).

The verdict is a function of the position alone: the threat solver and the
search stop after fixed node budgets, never by the clock, with fresh tables,
and the board is first turned to its canonical orientation (of its 8
symmetries, the one whose cells read smallest; the rules, renju's too, are
the same in every orientation), the best point turned back after. A position
and its mirror image get one value; the same game reviewed twice, the same
ratings.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import lru_cache

from boardhub.core.i18n import N_
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.gomoku.engine import NAMES, GomokuRules, GomokuState
from boardhub.games.gomoku.expert import VCT_DEPTH, ExpertAI
from boardhub.games.gomoku.lines import Board
from boardhub.games.gomoku.opening_play import opening_move
from boardhub.games.gomoku.search import WIN, WIN_BOUND, Search
from boardhub.games.gomoku.threats import Clock, ThreatSearch, Timeout
from boardhub.games.gomoku.weights import SCALE

THREAT_NODES = 20_000  # the threat solver's budget: a proof seldom needs a tenth of it
SEARCH_NODES = 8_000  # the search's budget: about half a second a position
QUICK_NODES = 800  # each budget of the first pass, drawn at once
RULES = GomokuRules()


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


@lru_cache(maxsize=None)
def symmetries(size: int) -> tuple[tuple[int, ...], ...]:
    """The board's 8 symmetries as point permutations: symmetries(size)[k][p] is p's image."""
    out = []
    for turn in range(8):
        perm = []
        for p in range(size * size):
            x, y = p % size, p // size
            for _ in range(turn % 4):
                x, y = size - 1 - y, x
            if turn >= 4:
                x = size - 1 - x
            perm.append(y * size + x)
        out.append(tuple(perm))
    return tuple(out)


def canonical(cells: bytes, size: int) -> tuple[bytes, tuple[int, ...]]:
    """The cells in the orientation that reads smallest, and the permutation that leads there."""
    best: tuple[bytes, tuple[int, ...]] | None = None
    for perm in symmetries(size):
        image = bytearray(len(cells))
        for p, stone in enumerate(cells):
            if stone:
                image[perm[p]] = stone
        if best is None or bytes(image) < best[0]:
            best = (bytes(image), perm)
    assert best is not None
    return best


def judge(state: GomokuState, seat: int, deadline: float = 0.0) -> Verdict:
    """`seat`'s chance to win in percent (100 or 0 when a forced win is proven), and the mover's best point.

    `deadline` is not used: the work is fixed, so the answer is the same on any machine.
    """
    return _oriented(state, seat, THREAT_NODES, SEARCH_NODES)


def quick(state: GomokuState, seat: int, deadline: float = 0.0) -> Verdict:
    """The first pass: small budgets, drawn at once and refined by `judge`; never rated by."""
    return replace(_oriented(state, seat, QUICK_NODES, QUICK_NODES), confident=False)


def _oriented(state: GomokuState, seat: int, threat_nodes: int, search_nodes: int) -> Verdict:
    """The verdict of the canonical orientation, its best point turned back to this one.

    The judge speaks in colours: `seat` is first turned into the colour it holds (an opening
    rule may have swapped them). An opening rule's steps are not rated (even, not confident); their
    best move is the one the AIs' shared routine would play, a hint for a player at that step."""
    if state.over:
        return _finished(state, seat ^ state.swapped)
    if state.phase:
        return Verdict(50.0, opening_move(RULES, state, random.Random(0)), confident=False)
    cells, perm = canonical(state.board, state.size)
    turned = GomokuState(state.size, state.rule, cells, state.player)
    verdict = _judge(turned, seat ^ state.swapped, threat_nodes, search_nodes)
    if verdict.best is None:
        return verdict
    return replace(verdict, best=perm.index(verdict.best))


def _judge(state: GomokuState, seat: int, threat_nodes: int, search_nodes: int) -> Verdict:
    me = state.player
    flip = (lambda v: v) if me == seat else (lambda v: 100.0 - v)
    if sum(1 for stone in state.board if stone) < 2:  # the opening: the expert's book-like first moves
        return Verdict(50.0, ExpertAI(seed=0).choose(state, math.inf))
    board = Board.from_cells(state.size, state.rule, state.board)
    clock = Clock(math.inf, threat_nodes)
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
    clock = Clock(math.inf, search_nodes)
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
                  zero_sum=True, default_limit=1.0, quick=quick, timed=False)
