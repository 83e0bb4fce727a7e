"""Othello's expert AI: our own searcher, as strong as a short move limit allows.

Midgame: iterative-deepening negamax with principal-variation search (a full
window for the first move, null windows to refute the others), a transposition
table of bounds and best moves kept for the whole game, and move ordering by
the table's move, then fewest replies left to the other side (mobility), then
the history of moves that caused cut-offs. Leaves are scored by the learned
pattern evaluation of `patterns`. Multi-ProbCut (`mpc`) cuts a node of depth 3
or more where a shallow null-window search, through the line fitted for its
stage, puts the deep value outside the window by MPC_T sigmas.

Endgame: from SELECTIVE_EMPTIES empty squares, after a short midgame search,
the solver of `endgame` with Multi-ProbCut's endgame lines looks for the
probable result (win, draw or loss: the window around zero), cutting what a
shallow search decides with ENDGAME_T sigmas to spare; its move is played
where it finds a probable win or draw, else the midgame search's. From
SOLVE_EMPTIES the exact solver then proves win, draw or loss (a narrow window
is much cheaper), the probable move tried first, and the exact disc margin
while time remains; a proof that has not finished by PROOF_SHARE of the time
leaves the probable move, or the midgame search's with the rest of the time.

Opening: while the position is in the opening book (`book`, grown by the
expert's own deeper searches), the expert plays a book move at once, its seed
choosing among those within a disc of the best.

Time: the AI spends at most TIME_SHARE of the time left to its deadline and
looks at the clock every few hundred nodes, so it answers before the deadline
even on a busy machine. Out of the book, every move gets the full search,
the opening's too: only the book's choices depend on the seed.

Levels: LEVELS 1 to 5 let a player climb. A level is a search budget
(`Budget`): a depth cap, a share of the move's time, the empties from which
the exact solver takes over and whether the book is played. Level 5 is the
full strength above; each lower level searches no deeper, no longer and
proves less than the one above it, so a higher level never does less work
on one position.
"""
from __future__ import annotations

import contextlib
import math
import random
import time
from typing import Callable, NamedTuple

from boardhub.games.othello.book import book_move
from boardhub.games.othello.endgame import SQUARE_RANK, WIN_BOUND, EndgameSolver, SolveTimeout, final_score
from boardhub.games.othello.engine import FLIPS_AT, FULL, LANE, PASS, OthelloState, flips, moves_mask
from boardhub.games.othello import mpc, patterns
from boardhub.games.othello.evaluation import UNIT

TIME_SHARE = 0.85  # of the time left to the deadline: the rest absorbs a busy machine and the hand-over
CLOCK_EVERY = 128  # nodes between two looks at the clock
SOLVE_EMPTIES = 18  # from here the exact solver tries to prove the result
SELECTIVE_EMPTIES = 22  # from here the selective solver looks for the probable result
ENDGAME_T = 1.5  # the selective solver cuts a node when the shallow search clears the window by this many sigmas:
# as right as 2.0 on 160 self-play positions of 18 and 20 empties (all of them; FFO #21-#30: 7 against 8),
# and within 0.19 s on 123 of them against 109 (the proof within 0.30 s: 66; bench/othello_probable.py)
EXACT_EMPTIES = 12  # at most this many: no win/loss test first, straight to the exact score
DEEPEN_SHARE = 0.6  # past this share of the budget a new iteration would rarely change the move: stop
MIDGAME_SHARE_IN_ENDGAME = 0.15  # budget for the heuristic search before a proof is tried
PROBABLE_SHARE = 0.45  # the selective search for the probable result gives up here
PROOF_SHARE = 0.7  # the proof of win, draw or loss gives up here; the heuristic search has the rest
WIN = 100 * UNIT  # added to a finished game's margin so any win outranks any heuristic score
TABLE_LIMIT = 200_000  # entries (about 250 bytes each) before the table starts afresh
MAX_DEPTH = 60
MPC_T = 1.5  # Multi-ProbCut cuts a node when the shallow search clears the window by this many sigmas
MPC_BOUND = 64 * UNIT  # windows reaching this far are about won or lost games: searched in full



class Budget(NamedTuple):
    """What one level may spend on a move."""

    depth: int  # the deepest midgame iteration (MAX_DEPTH: as deep as time allows)
    share: float  # of the expert's time for the move (TIME_SHARE of the time left)
    solve_empties: int  # the exact solver takes over from this many empty squares
    selective_empties: int  # the selective solver looks for the probable result from this many (0: never)
    book: bool  # whether the opening book's moves are played


# from a one-ply look at the evaluation to full strength; each row at least the one above it in every column
BUDGETS = {
    1: Budget(1, 0.25, 6, 0, False),
    2: Budget(2, 0.4, 10, 0, False),
    3: Budget(4, 0.6, 12, 0, True),
    4: Budget(6, 0.8, 14, 0, True),
    5: Budget(MAX_DEPTH, 1.0, SOLVE_EMPTIES, SELECTIVE_EMPTIES, True),
}
LEVELS = tuple(BUDGETS)
FULL_LEVEL = LEVELS[-1]

# squares from the most to the least promising, for the cheap ordering next to the leaves
BY_RANK = tuple(sorted(range(64), key=lambda sq: (SQUARE_RANK[sq], sq)))


class SearchTimeout(Exception):
    """The search's time is up; the last completed iteration stands."""


def _finished(me: int, opp: int) -> int:
    """A finished game's value in UNIT: the margin, pushed beyond every heuristic score."""
    margin = final_score(me, opp)
    if margin > 0:
        return margin * UNIT + WIN
    if margin < 0:
        return margin * UNIT - WIN
    return 0


def to_discs(value: int) -> float:
    """A search value as a disc margin for people: the win bonus removed, one decimal, within +-64."""
    if value >= WIN:
        value -= WIN
    elif value <= -WIN:
        value += WIN
    return max(-64.0, min(64.0, round(value / UNIT, 1)))


class ExpertAI:
    """The expert: midgame search, then an exact endgame. One object plays one seat of one game."""

    def __init__(self, level: int = FULL_LEVEL, seed: int | None = None,
                 evaluate: Callable[..., int] | None = None) -> None:
        if level not in BUDGETS:
            raise ValueError(f"expert levels are {LEVELS}, not {level}")
        self.level = level
        self.budget = BUDGETS[level]
        self.rng = random.Random(seed)
        # the learned pattern evaluation; the self-play that learns it may bring another
        self.evaluate = evaluate or patterns.evaluator()
        self.cuts: mpc.Table = mpc.table()  # Multi-ProbCut's fitted lines; empty: no cuts
        self.end_cuts: mpc.EndTable = mpc.endgame_table()  # the endgame's; empty: no selective search
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.solver = EndgameSolver()
        self.selective = EndgameSolver(cut=self._endgame_cut)  # probable results, in a table of its own
        self.history = [0] * 64
        self.nodes = 0
        self.depth = 0  # the deepest iteration the last search finished, for benchmarks
        self._next_check = CLOCK_EVERY
        self._stop = float("inf")

    # ------------------------------------------------------------------ the AI protocol
    def choose(self, view: OthelloState, deadline: float) -> int:
        """The move to play, answered within TIME_SHARE of the time left to `deadline`."""
        me, opp = view.me, view.opp
        legal = moves_mask(me, opp)
        if not legal:
            return PASS
        squares = [sq for sq in BY_RANK if legal >> sq & 1]
        if len(squares) == 1:
            return squares[0]
        budget = self.budget
        # a known opening costs no search; the seed picks the line
        known = book_move(me, opp, self.rng) if budget.book else None
        if known is not None:
            return known
        start = time.monotonic()
        stop = start + budget.share * TIME_SHARE * max(0.0, deadline - start)
        self.trim_tables()
        empties = 64 - (me | opp).bit_count()
        if empties <= max(budget.solve_empties, self._selective_reach()):
            return self._endgame_move(me, opp, squares, empties, start, stop)
        return self._iterate(me, opp, squares, start, stop)

    def evaluate_moves(self, state: OthelloState, deadline: float) -> dict[int, float]:
        """Every legal move's value in discs for the mover, for the app's evaluation overlay.

        Unlike `choose`, every move gets a full-window score (not just a bound),
        exact where the endgame solver finishes in time.
        """
        me, opp = state.me, state.opp
        legal = moves_mask(me, opp)
        start = time.monotonic()
        stop = start + TIME_SHARE * max(0.0, deadline - start)
        self.trim_tables()
        if not legal:
            if not moves_mask(opp, me):
                return {}
            after = self.evaluate_moves(OthelloState(state.black, state.white, 1 - state.player), deadline)
            return {PASS: -max(after.values())}
        squares = [sq for sq in BY_RANK if legal >> sq & 1]
        heuristic = self._score_all(me, opp, squares, start, stop)
        out = {sq: to_discs(v) for sq, v in heuristic.items()}
        if 64 - (me | opp).bit_count() <= SOLVE_EMPTIES:
            try:
                for sq in sorted(squares, key=lambda s: -heuristic[s]):
                    f = flips(me, opp, sq)
                    out[sq] = float(-self.solver.solve(opp ^ f, me | f | 1 << sq, deadline=stop))
            except SolveTimeout:
                pass
        return out

    def fixed_value(self, me: int, opp: int, depth: int) -> int:
        """The value for `me` to move of a search exactly `depth` plies deep, from empty tables.

        A function of the position alone: no clock, no table or history
        left by an earlier search, so the review, its hints and the
        evaluation overlay get one value for one position on any machine.
        """
        self.table.clear()
        self.history = [0] * 64
        self._start_clock(float("inf"))
        return self._search(me, opp, depth, -WIN - 65 * UNIT, WIN + 65 * UNIT, False)

    # ------------------------------------------------------------------ midgame
    def _iterate(self, me: int, opp: int, squares: list[int], start: float, stop: float,
                 share: float = DEEPEN_SHARE) -> int:
        """Iterative deepening with PVS at the root: the best square of the last finished depth."""
        self._start_clock(stop)
        order = self._order(me, opp, squares)
        best = order[0]
        budget = stop - start
        try:
            for depth in range(1, min(MAX_DEPTH, self.budget.depth + 1)):
                alpha, beta = -WIN - 65 * UNIT, WIN + 65 * UNIT
                done = None
                for i, sq in enumerate(order):
                    f = flips(me, opp, sq)
                    mine, theirs = me | f | 1 << sq, opp ^ f
                    if i == 0:
                        v = -self._search(theirs, mine, depth - 1, -beta, -alpha, False)
                    else:
                        v = -self._search(theirs, mine, depth - 1, -alpha - 1, -alpha, False)
                        if v > alpha:
                            v = -self._search(theirs, mine, depth - 1, -beta, -v, False)
                    if i == 0 or v > alpha:
                        alpha = v
                        done = sq
                        # a move proven better than the first stands even if this depth is cut short
                        best = sq
                order.remove(done)
                order.insert(0, done)
                self.depth = depth
                if depth >= 64 - (me | opp).bit_count() or time.monotonic() - start > share * budget:
                    break
        except SearchTimeout:
            pass
        return best

    def _score_all(self, me: int, opp: int, squares: list[int], start: float, stop: float) -> dict[int, int]:
        """Every move's full-window value, deepening while time remains (the last finished depth stands)."""
        self._start_clock(stop)
        scores = {sq: 0 for sq in squares}
        order = self._order(me, opp, squares)
        budget = stop - start
        try:
            for depth in range(1, MAX_DEPTH):
                current = {}
                for sq in order:
                    f = flips(me, opp, sq)
                    current[sq] = -self._search(opp ^ f, me | f | 1 << sq, depth - 1,
                                                -WIN - 65 * UNIT, WIN + 65 * UNIT, False)
                scores = current
                order.sort(key=lambda s: -scores[s])
                if depth >= 64 - (me | opp).bit_count() or time.monotonic() - start > DEEPEN_SHARE * budget:
                    break
        except SearchTimeout:
            pass
        return scores

    def _start_clock(self, stop: float) -> None:
        self._stop = stop
        self._next_check = self.nodes + CLOCK_EVERY

    def trim_tables(self) -> None:
        """Start the tables afresh when full, at the start of a move: freeing a
        full table takes tens of milliseconds, too long to risk near the deadline."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        for solver in (self.solver, self.selective):
            if len(solver.table) > solver.table_limit:
                solver.table.clear()

    def _order(self, me: int, opp: int, squares: list[int]) -> list[int]:
        """Squares by promise: fewest replies, then the square's rank, then cut-off history."""
        history = self.history
        keyed = []
        for sq in squares:
            f = flips(me, opp, sq)
            mine = me | f | 1 << sq
            keyed.append((moves_mask(opp ^ f, mine).bit_count() * 4096 + SQUARE_RANK[sq] * 256 - history[sq], sq))
        keyed.sort()
        return [sq for _, sq in keyed]

    def _search(self, me: int, opp: int, depth: int, alpha: int, beta: int, passed: bool) -> int:
        """Negamax PVS, fail-soft: the value for `me` to move, bounded by (alpha, beta)."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CLOCK_EVERY
            if time.monotonic() > self._stop:
                raise SearchTimeout
        legal = moves_mask(me, opp)
        if not legal:
            if passed:
                return _finished(me, opp)
            return -self._search(opp, me, depth, -beta, -alpha, True)
        if depth <= 0:
            return self.evaluate(me, opp, legal)
        if depth == 1:
            return self._frontier(me, opp, legal, alpha, beta)
        key = (me, opp)
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            d, lo, hi, hint = entry
            if d >= depth:
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        if depth >= 3 and self.cuts:
            cut = self.cuts.get((mpc.stage(64 - (me | opp).bit_count()), depth))
            if cut is not None:
                decided = self._probcut(me, opp, cut, alpha, beta)
                if decided is not None:
                    return decided
        # fewest replies first: every child's reply count from one packed move generation
        history = self.history
        children = []
        packed_theirs = packed_mine = 0
        shift = 0
        for sq in BY_RANK:
            if legal >> sq & 1:
                f = FLIPS_AT[sq](me, opp)
                mine = me | f | 1 << sq
                theirs = opp ^ f
                children.append([-history[sq], sq, mine, theirs])
                packed_theirs |= theirs << shift
                packed_mine |= mine << shift
                shift += LANE
        if len(children) > 1:
            replies = moves_mask(packed_theirs, packed_mine, len(children))
            for child in children:
                if child[1] == hint:
                    child[0] = -1 << 30
                else:
                    child[0] += (replies & FULL).bit_count() * 4096
                replies >>= LANE
        children.sort()
        alpha0 = alpha
        best = -WIN - 65 * UNIT
        best_sq = -1
        first = True
        for _, sq, mine, theirs in children:
            if first:
                v = -self._search(theirs, mine, depth - 1, -beta, -alpha, False)
                first = False
            else:
                v = -self._search(theirs, mine, depth - 1, -alpha - 1, -alpha, False)
                if alpha < v < beta:
                    v = -self._search(theirs, mine, depth - 1, -beta, -v, False)
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        history[sq] += depth * depth
                        break
        if best >= beta:
            self.table[key] = (depth, best, WIN + 65 * UNIT, best_sq)
        elif best <= alpha0:
            self.table[key] = (depth, -WIN - 65 * UNIT, best, best_sq)
        else:
            self.table[key] = (depth, best, best, best_sq)
        return best

    def _probcut(self, me: int, opp: int, cut: mpc.Cut, alpha: int, beta: int, t: float = MPC_T) -> int | None:
        """Beta (or alpha) where a shallow null-window search puts the deep value beyond it with `t`
        sigmas to spare, else None: the node is searched in full."""
        margin = t * cut.sigma
        if beta < MPC_BOUND:
            bound = math.ceil((beta + margin - cut.b) / cut.a)
            if bound < MPC_BOUND and self._search(me, opp, cut.shallow, bound - 1, bound, False) >= bound:
                return beta
        if alpha > -MPC_BOUND:
            bound = math.floor((alpha - margin - cut.b) / cut.a)
            if bound > -MPC_BOUND and self._search(me, opp, cut.shallow, bound, bound + 1, False) <= bound:
                return alpha
        return None

    def _frontier(self, me: int, opp: int, legal: int, alpha: int, beta: int) -> int:
        """Depth 1: every reply scored by the evaluation, in a cheap fixed order, no table."""
        best = -WIN - 65 * UNIT
        evaluate = self.evaluate
        for sq in BY_RANK:
            if legal >> sq & 1:
                f = flips(me, opp, sq)
                mine = me | f | 1 << sq
                theirs = opp ^ f
                reply = moves_mask(theirs, mine)
                if reply:
                    v = -evaluate(theirs, mine, reply)
                elif moves_mask(mine, theirs):
                    v = evaluate(mine, theirs)
                else:
                    v = _finished(mine, theirs)
                self.nodes += 1
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            return v
        return best

    # ------------------------------------------------------------------ endgame
    def _endgame_move(self, me: int, opp: int, squares: list[int], empties: int,
                      start: float, stop: float) -> int:
        """The solvers' move: the best proven result when a proof finishes in time, else a probable
        win or draw, else the midgame search's move."""
        order = self._order(me, opp, squares)
        alpha = -WIN_BOUND
        if empties > EXACT_EMPTIES:
            budget = stop - start
            heuristic = self._iterate(me, opp, squares, start, start + MIDGAME_SHARE_IN_ENDGAME * budget, 1.0)
            order = [heuristic] + [sq for sq in order if sq != heuristic]
            reached, self.depth = self.depth, 0
            probable = None  # a move with a probable win or draw
            if empties <= self._selective_reach():
                found = self._probable(me, opp, order, start + PROBABLE_SHARE * budget)
                if found is not None and found[1] >= 0:
                    probable = found[0]
                    order = [probable] + [sq for sq in order if sq != probable]
            proven = None
            if empties <= self.budget.solve_empties:
                with contextlib.suppress(SolveTimeout):
                    proven = self._solve_root(self.solver, me, opp, order, -1, 1, start + PROOF_SHARE * budget)
            if proven is None:
                if probable is not None:
                    return probable
                # no result in time: the rest of the time deepens the heuristic search, its tables warm
                deeper = self._iterate(me, opp, squares, time.monotonic(), stop, 1.0)
                return deeper if self.depth >= reached else heuristic
            move, value = proven
            if value < 0:
                return heuristic  # lost against perfect play: the heuristic move keeps the best chances
            if value == 0:
                return move  # inside the window: a proven draw, and no move wins
            # a proven win by at least `value`: the exact search only has to rank the winning moves
            order = [move] + [sq for sq in order if sq != move]
            alpha = value - 1
        try:
            move, _ = self._solve_root(self.solver, me, opp, order, alpha, WIN_BOUND, stop)
        except SolveTimeout:
            return order[0]
        return move

    def _selective_reach(self) -> int:
        """The most empty squares the selective solver takes: its level's, none without endgame lines."""
        return self.budget.selective_empties if self.end_cuts else 0

    def _probable(self, me: int, opp: int, order: list[int], stop: float) -> tuple[int, int] | None:
        """The selective solver's best square and its probable result against the window around
        zero (above 0: a win, 0: a draw, below: a loss); None when it has not finished by `stop`."""
        self._start_clock(stop)  # the shallow searches of its cuts keep the same time
        try:
            return self._solve_root(self.selective, me, opp, order, -1, 1, stop)
        except (SolveTimeout, SearchTimeout):
            return None

    def _endgame_cut(self, me: int, opp: int, empties: int, alpha: int, beta: int) -> int | None:
        """The selective solver's cut: beta (or alpha) where a shallow search, through the endgame
        line of this many empties, puts the final margin beyond it with ENDGAME_T sigmas to spare."""
        cut = self.end_cuts.get(empties)
        if cut is None:
            return None
        decided = self._probcut(me, opp, cut, alpha * UNIT, beta * UNIT, ENDGAME_T)
        if decided is None:
            return None
        return beta if decided == beta * UNIT else alpha

    @staticmethod
    def _solve_root(solver: EndgameSolver, me: int, opp: int, order: list[int], alpha: int, beta: int,
                    stop: float) -> tuple[int, int]:
        """PVS at the root with `solver`: the best square and its score bounded by (alpha, beta)."""
        best, best_v = order[0], -65
        for i, sq in enumerate(order):
            f = flips(me, opp, sq)
            mine, theirs = me | f | 1 << sq, opp ^ f
            if i == 0:
                v = -solver.solve(theirs, mine, -beta, -alpha, stop)
            else:
                v = -solver.solve(theirs, mine, -alpha - 1, -alpha, stop)
                if alpha < v < beta:
                    v = -solver.solve(theirs, mine, -beta, -v, stop)
            if v > best_v:
                best, best_v = sq, v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best, best_v


_ANALYST: ExpertAI | None = None


def evaluate_moves(state: OthelloState, deadline: float) -> dict[int, float]:
    """The expert's score in discs, for the mover, of every legal move (PASS when that is the only one).

    One analyst serves every call, so its tables carry over while a person
    thinks about consecutive positions of a game.
    """
    global _ANALYST
    if _ANALYST is None:
        _ANALYST = ExpertAI(seed=0)  # the analysis is always at full strength
    return _ANALYST.evaluate_moves(state, deadline)
