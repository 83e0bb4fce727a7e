"""The expert's exact endgame solver: perfect play over the last empty squares.

Scores are final disc differences from the mover's point of view, with the
empty squares of a finished game counted for the winner (as the rules score
them). The solver is a fail-soft alpha-beta negamax:

- near the root, moves are tried fastest-first (fewest replies for the other
  side first), after the best move a transposition table remembers; the table
  stores bounds, so re-searches with other windows (a win/loss test, then the
  exact score) reuse earlier work;
- in the last few empties, ordering costs more than it saves: squares are
  tried in the order set when the solve starts, those of quadrants with an
  odd number of empties first (parity: playing last in a region tends to win
  it), and the last two squares are unrolled, found by their flips alone
  without a move generation.

The search checks the clock every few thousand nodes and raises `SolveTimeout`
past its deadline, so a caller can fall back on a heuristic search.
"""
from __future__ import annotations

import time

from boardhub.games.othello.engine import FLIPS_AT, FULL, LANE, moves_mask

# Below this many empties the solver stops ordering moves and using the table.
SHALLOW = 7
# How many nodes between two looks at the clock.
CLOCK_EVERY = 1024

# The four 4x4 quadrants: parity regions for move ordering.
QUADRANT = tuple((sq // 8 >= 4) * 2 + (sq % 8 >= 4) for sq in range(64))
# A fixed preference among squares: corners, then edges and inner squares, the
# squares next to a corner last; used to break ties and in the last empties.
SQUARE_RANK = (
    0, 6, 2, 3, 3, 2, 6, 0,
    6, 7, 4, 4, 4, 4, 7, 6,
    2, 4, 1, 1, 1, 1, 4, 2,
    3, 4, 1, 1, 1, 1, 4, 3,
    3, 4, 1, 1, 1, 1, 4, 3,
    2, 4, 1, 1, 1, 1, 4, 2,
    6, 7, 4, 4, 4, 4, 7, 6,
    0, 6, 2, 3, 3, 2, 6, 0,
)
WIN_BOUND = 64
# The squares around each square: a move must have a disc of the other side among them.
AROUND = tuple(sum(1 << (8 * r + c) for r in range(sq // 8 - 1, sq // 8 + 2) for c in range(sq % 8 - 1, sq % 8 + 2)
                   if 0 <= r < 8 and 0 <= c < 8 and (r, c) != divmod(sq, 8)) for sq in range(64))


class SolveTimeout(Exception):
    """The deadline passed before the solver finished."""


def final_score(me: int, opp: int) -> int:
    """The score of a finished game: disc difference, empties to the winner."""
    p = me.bit_count()
    o = opp.bit_count()
    if p > o:
        return 64 - 2 * o
    if p < o:
        return 2 * p - 64
    return 0


def parity_order(empty: int) -> list[int]:
    """The empty squares, those of odd quadrants first, each group by SQUARE_RANK."""
    counts = [0, 0, 0, 0]
    squares = [sq for sq in range(64) if empty >> sq & 1]
    for sq in squares:
        counts[QUADRANT[sq]] += 1
    return sorted(squares, key=lambda sq: (counts[QUADRANT[sq]] % 2 == 0, SQUARE_RANK[sq], sq))


class EndgameSolver:
    """Exact solving with a transposition table kept between calls.

    The table keys are the (mover, other) bitboards; entries are (lower bound,
    upper bound, best square). One solver belongs to one AI, so the table
    carries over from one move of a game to the next.
    """

    def __init__(self, table_limit: int = 200_000) -> None:
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self._deadline = float("inf")
        self._next_check = CLOCK_EVERY

    def solve(self, me: int, opp: int, alpha: int = -WIN_BOUND, beta: int = WIN_BOUND,
              deadline: float = float("inf")) -> int:
        """The exact score if it lies strictly inside (alpha, beta), else a bound beyond it."""
        if len(self.table) > self.table_limit:
            self.table.clear()
        self._deadline = deadline
        self._next_check = self.nodes + CLOCK_EVERY
        empties = parity_order(~(me | opp) & FULL)
        return self._search(me, opp, alpha, beta, empties)

    def _clock(self) -> None:
        self._next_check = self.nodes + CLOCK_EVERY
        if time.monotonic() > self._deadline:
            raise SolveTimeout

    def _search(self, me: int, opp: int, alpha: int, beta: int, empties: list[int]) -> int:
        n = len(empties)
        if n <= SHALLOW:
            return self._shallow(me, opp, alpha, beta, empties)
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._clock()
        key = (me, opp)
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            lo, hi, hint = entry
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
        legal = moves_mask(me, opp)
        if not legal:
            if moves_mask(opp, me):
                return -self._search(opp, me, -beta, -alpha, empties)
            return final_score(me, opp)
        # fastest first: count each reply's moves, all children in one packed call
        children = []
        packed_theirs = packed_mine = 0
        shift = 0
        for sq in empties:
            if legal >> sq & 1:
                f = FLIPS_AT[sq](me, opp)
                mine = me | f | 1 << sq
                theirs = opp ^ f
                children.append([SQUARE_RANK[sq], sq, mine, theirs])
                packed_theirs |= theirs << shift
                packed_mine |= mine << shift
                shift += LANE
        if len(children) > 1:
            replies = moves_mask(packed_theirs, packed_mine, len(children))
            for child in children:
                if child[1] == hint:
                    child[0] = -1
                else:
                    child[0] += (replies & FULL).bit_count() * 16
                replies >>= LANE
        children.sort()
        alpha0 = alpha
        best = -WIN_BOUND - 1
        best_sq = -1
        for _, sq, mine, theirs in children:
            rest = [e for e in empties if e != sq]
            if best_sq < 0:
                v = -self._search(theirs, mine, -beta, -alpha, rest)
            else:
                v = -self._search(theirs, mine, -alpha - 1, -alpha, rest)
                if alpha < v < beta:
                    v = -self._search(theirs, mine, -beta, -v, rest)
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        lo, hi = -WIN_BOUND, WIN_BOUND
        if entry is not None:
            lo, hi = entry[0], entry[1]
        if best >= beta:
            lo = max(lo, best)
        elif best <= alpha0:
            hi = min(hi, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi, best_sq)
        return best

    def _shallow(self, me: int, opp: int, alpha: int, beta: int, empties: list[int]) -> int:
        """Alpha-beta without ordering or table, for the last few empties."""
        n = len(empties)
        if n == 2:
            return self._two(me, opp, alpha, beta, empties[0], empties[1])
        if n == 1:
            return self._last(me, opp, empties[0])
        self.nodes += 1
        best = -WIN_BOUND - 1
        for sq in empties:
            if not opp & AROUND[sq]:
                continue
            f = FLIPS_AT[sq](me, opp)
            if not f:
                continue
            rest = [e for e in empties if e != sq]
            if n == 3:
                v = -self._two(opp ^ f, me | f | 1 << sq, -beta, -alpha, rest[0], rest[1])
            else:
                v = -self._shallow(opp ^ f, me | f | 1 << sq, -beta, -alpha, rest)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        return v
        if best > -WIN_BOUND - 1:
            return best
        # no move for the mover: the other side plays on, or the game is over
        for sq in empties:
            if me & AROUND[sq] and FLIPS_AT[sq](opp, me):
                return -self._shallow(opp, me, -beta, -alpha, empties)
        return final_score(me, opp)

    def _two(self, me: int, opp: int, alpha: int, beta: int, x: int, y: int) -> int:
        """The last two empties, unrolled: the lists and loops of `_shallow` cost more than the work."""
        self.nodes += 1
        best = -WIN_BOUND - 1
        if opp & AROUND[x]:
            f = FLIPS_AT[x](me, opp)
            if f:
                best = -self._last(opp ^ f, me | f | 1 << x, y)
                if best >= beta:
                    return best
        if opp & AROUND[y]:
            f = FLIPS_AT[y](me, opp)
            if f:
                v = -self._last(opp ^ f, me | f | 1 << y, x)
                if v > best:
                    return v
                return best
        if best > -WIN_BOUND - 1:
            return best
        if (me & AROUND[x] and FLIPS_AT[x](opp, me)) or (me & AROUND[y] and FLIPS_AT[y](opp, me)):
            return -self._two(opp, me, -beta, -alpha, x, y)
        return final_score(me, opp)

    def _last(self, me: int, opp: int, sq: int) -> int:
        """The final score with one empty square left: whoever can fill it does."""
        self.nodes += 1
        p = me.bit_count()
        diff = 2 * p - 63  # discs of the mover minus the other's, 63 discs on the board
        around = AROUND[sq]
        if opp & around:
            f = FLIPS_AT[sq](me, opp)
            if f:
                return diff + 1 + 2 * f.bit_count()
        if me & around:
            f = FLIPS_AT[sq](opp, me)
            if f:
                return diff - 1 - 2 * f.bit_count()
        return diff + 1 if diff > 0 else diff - 1
