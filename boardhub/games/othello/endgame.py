"""The expert's exact endgame solver: perfect play over the last empty squares.

Scores are final disc differences from the mover's point of view, with the
empty squares of a finished game counted for the winner (as the rules score
them); every final score is even. The solver is a fail-soft alpha-beta negamax
with principal-variation search (null windows after the first move); with
PROBE_EMPTIES or more, a wide window is narrowed by null-window probes from
the evaluation's guess (MTD(f)), which the table makes cheap to repeat:

- with more than SHALLOW empties, a transposition table of bounds and best
  moves serves re-searches with other windows; before any child is searched,
  the children already in the table are looked up (enhanced transposition
  cut-offs), and when alpha is high, a lower bound on the other side's stable
  discs may prove that no move reaches it (stability cut-offs). Moves are
  tried fastest-first: fewest replies for the other side (corners counted
  twice, all children counted in one packed move generation), then our corner
  discs, the move that last cut off at this depth or against the same move
  (killer, counter-move), the square's rank and parity; with EVAL_EMPTIES or
  more, the evaluation of the position left to the other side joins the key;
- with SHALLOW empties or fewer, ordering costs more than it saves: squares
  are tried in a fixed order, those of quadrants with an odd number of empties
  first (parity: playing last in a region tends to win it), the table still
  serves nodes of TABLE_EMPTIES or more, the last four squares are unrolled
  and the last one is scored from look-up tables (`last_square`).

The search checks the clock every thousand nodes or so and raises
`SolveTimeout` past its deadline, so a caller can fall back on a heuristic
search.

Given a `cut` test, the solver is a selective one (Multi-ProbCut in the
endgame, as Logistello and Edax search): a node that the test says lies
beyond the window with confidence is cut there, before its moves are
generated. Its results are then probable, not proven; such a solver keeps a
table of its own, never the exact one's.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from boardhub.games.othello import evaluation
from boardhub.games.othello.engine import FLIPS_AT, FULL, LANE, PASS, moves_mask
from boardhub.games.othello.last_square import LAST_SCORE
from boardhub.games.othello.stability import stable_discs

# At most this many empties: no move generation, parity order only.
SHALLOW = 6
# From this many empties the table also serves the nodes below SHALLOW.
TABLE_EMPTIES = 5
# From this many empties the children are looked up in the table before any is searched.
ETC_EMPTIES = SHALLOW + 1
# Move ordering above SHALLOW, smallest key first: per reply left to the other
# side, per corner disc of ours (corners and the edge squares beside them), the
# killer and counter-move bonuses, the parity bonus (odd quadrant); the square's
# rank (0..7) breaks ties. From EVAL_EMPTIES on, the evaluation of the position
# for the other side (in 1/100 disc) is added.
W_MOBILITY = 256
W_CORNER_DISC = 64
KILLER_BONUS = 64
COUNTER_BONUS = 8
PARITY_BONUS = 4
EVAL_EMPTIES = 13
# From this many empties a wide window is solved by null-window probes from the evaluation's guess.
PROBE_EMPTIES = 12
# How many nodes between two looks at the clock.
CLOCK_EVERY = 1024

# The four 4x4 quadrants: parity regions for move ordering, one bit each.
QUADRANT = tuple((sq // 8 >= 4) * 2 + (sq % 8 >= 4) for sq in range(64))
QBIT = tuple(1 << q for q in QUADRANT)
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
BY_RANK = tuple(sorted(range(64), key=lambda sq: (SQUARE_RANK[sq], sq)))
CORNERS = 0x8100000000000081
WIN_BOUND = 64
# The squares around each square: a move must have a disc of the other side among them.
AROUND = tuple(sum(1 << (8 * r + c) for r in range(sq // 8 - 1, sq // 8 + 2) for c in range(sq % 8 - 1, sq % 8 + 2)
                   if 0 <= r < 8 and 0 <= c < 8 and (r, c) != divmod(sq, 8)) for sq in range(64))
# The lowest alpha, per number of empties, worth a stability test: below it the
# other side's stable discs are rarely enough to cap our score under alpha.
STABILITY_ALPHA = (99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38,
                   40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62) + (64,) * 25


def corner_discs(me: int) -> int:
    """How many of our discs are corners or edge squares beside a corner we hold: discs that stay."""
    c = me & CORNERS
    return (c | ((c << 1 & 0x0200000000000002 | c >> 1 & 0x4000000000000040
                  | c << 8 & 0x0000000000008100 | c >> 8 & 0x0081000000000000) & me)).bit_count()


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


class EndgameSolver:
    """Exact solving with a transposition table kept between calls.

    The table keys are the (mover, other) bitboards; entries are (lower bound,
    upper bound, best square). One solver belongs to one AI, so the table
    carries over from one move of a game to the next.
    """

    def __init__(self, table_limit: int = 200_000,
                 evaluate: Callable[[int, int], int] = evaluation.evaluate,
                 cut: Callable[[int, int, int, int, int], int | None] | None = None) -> None:
        """`evaluate(me, opp)`: a position's value for the mover in 1/100 disc, for move ordering
        with EVAL_EMPTIES or more empties (its quality changes the speed, never the result).
        `cut(me, opp, empties, alpha, beta)`: alpha or beta where the node's score is taken to lie
        beyond that side of the window, None where it must be searched (a selective solver)."""
        self.evaluate = evaluate
        self.cut = cut
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self.killers = [-1] * 65  # per number of empties: the last move that cut off
        self.counters = [-1] * 65  # per move just played (PASS too): the last reply that cut off
        self._deadline = float("inf")
        self._next_check = CLOCK_EVERY

    def solve(self, me: int, opp: int, alpha: int = -WIN_BOUND, beta: int = WIN_BOUND,
              deadline: float = float("inf")) -> int:
        """The exact score if it lies strictly inside (alpha, beta), else a bound beyond it."""
        if len(self.table) > self.table_limit:
            self.table.clear()
        self._deadline = deadline
        self._next_check = self.nodes + CLOCK_EVERY
        empty = ~(me | opp) & FULL
        empties = [sq for sq in BY_RANK if empty >> sq & 1]
        par = 0
        for sq in empties:
            par ^= QBIT[sq]
        if len(empties) <= SHALLOW:
            return self._shallow(me, opp, alpha, beta, empties, par)
        if len(empties) >= PROBE_EMPTIES and beta - alpha > 2:
            return self._probes(me, opp, alpha, beta, empties, par)
        return self._search(me, opp, alpha, beta, empties, par, PASS)

    def _probes(self, me: int, opp: int, alpha: int, beta: int, empties: list[int], par: int) -> int:
        """A wide window solved by null-window probes (MTD(f)): from the evaluation's guess, each
        probe moves a bound to the value it returns, until the bounds meet or leave (alpha, beta)."""
        lower, upper = -WIN_BOUND, WIN_BOUND
        guess = max(alpha + 1, min(beta, round(self.evaluate(me, opp) / 100)))
        while True:
            v = self._search(me, opp, guess - 1, guess, empties, par, PASS)
            if v >= guess:
                lower = v
                if lower >= beta or lower == upper:
                    return lower
                guess = lower + 1
            else:
                upper = v
                if upper <= alpha or lower == upper:
                    return upper
                guess = upper

    def _clock(self) -> None:
        self._next_check = self.nodes + CLOCK_EVERY
        if time.monotonic() > self._deadline:
            raise SolveTimeout

    def _search(self, me: int, opp: int, alpha: int, beta: int, empties: list[int], par: int, last: int) -> int:
        """A node with more than SHALLOW empties, reached by the move `last`: table, cut-offs, ordered moves."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._clock()
        n = len(empties)
        table = self.table
        key = (me, opp)
        entry = table.get(key)
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
        if alpha >= STABILITY_ALPHA[n]:
            bound = 64 - 2 * stable_discs(opp, me).bit_count()
            if bound <= alpha:
                return bound
        legal = moves_mask(me, opp)
        if not legal:
            if moves_mask(opp, me):
                return -self._search(opp, me, -beta, -alpha, empties, par, PASS)
            return final_score(me, opp)
        if self.cut is not None:
            decided = self.cut(me, opp, n, alpha, beta)
            if decided is not None:
                return decided
        children = []
        packed_theirs = packed_mine = 0
        shift = 0
        for sq in empties:
            if legal >> sq & 1:
                f = FLIPS_AT[sq](me, opp)
                mine = me | f | 1 << sq
                theirs = opp ^ f
                children.append([SQUARE_RANK[sq] - (par & QBIT[sq] and PARITY_BONUS), sq, mine, theirs])
                packed_theirs |= theirs << shift
                packed_mine |= mine << shift
                shift += LANE
        k = len(children)
        if n >= ETC_EMPTIES:
            # enhanced transposition cut-off: a child already known bad enough for the other side
            for child in children:
                e = table.get((child[3], child[2]))
                if e is not None and -e[1] >= beta:
                    v = -e[1]
                    if entry is None or v > entry[0]:
                        table[key] = (v, entry[1] if entry is not None else WIN_BOUND, child[1])
                    return v
        if k > 1:
            # fastest first: the other side's replies (corners twice), all children in one packed call
            replies = moves_mask(packed_theirs, packed_mine, k)
            killer = self.killers[n]
            counter = self.counters[last]
            evaluate = self.evaluate if n >= EVAL_EMPTIES else None
            for child in children:
                sq = child[1]
                if sq == hint:
                    child[0] = -1 << 40
                else:
                    lane = replies & FULL
                    order = (child[0] + (lane.bit_count() + (lane & CORNERS).bit_count()) * W_MOBILITY
                             - corner_discs(child[2]) * W_CORNER_DISC)
                    if sq == killer:
                        order -= KILLER_BONUS
                    if sq == counter:
                        order -= COUNTER_BONUS
                    if evaluate is not None:
                        order += evaluate(child[3], child[2])
                    child[0] = order
                replies >>= LANE
            children.sort()
        alpha0 = alpha
        best = -WIN_BOUND - 1
        best_sq = -1
        deep = n - 1 > SHALLOW
        for _, sq, mine, theirs in children:
            rest = empties.copy()
            rest.remove(sq)
            if deep:
                if best_sq < 0:
                    v = -self._search(theirs, mine, -beta, -alpha, rest, par ^ QBIT[sq], sq)
                else:
                    v = -self._search(theirs, mine, -alpha - 1, -alpha, rest, par ^ QBIT[sq], sq)
                    if alpha < v < beta:
                        v = -self._search(theirs, mine, -beta, -v, rest, par ^ QBIT[sq], sq)
            elif best_sq < 0:
                v = -self._shallow(theirs, mine, -beta, -alpha, rest, par ^ QBIT[sq])
            else:
                v = -self._shallow(theirs, mine, -alpha - 1, -alpha, rest, par ^ QBIT[sq])
                if alpha < v < beta:
                    v = -self._shallow(theirs, mine, -beta, -v, rest, par ^ QBIT[sq])
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        self.killers[n] = sq
                        self.counters[last] = sq
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
        table[key] = (lo, hi, best_sq)
        return best

    def _shallow(self, me: int, opp: int, alpha: int, beta: int, empties: list[int], par: int) -> int:
        """A node with at most SHALLOW empties; from TABLE_EMPTIES on, through the table."""
        n = len(empties)
        if n <= 4:
            if n == 4:
                return self._four(me, opp, alpha, beta, *empties)
            if n == 3:
                return self._three(me, opp, alpha, beta, *empties)
            if n == 2:
                return self._two(me, opp, alpha, beta, *empties)
            return self._last(me, opp, empties[0]) if n else final_score(me, opp)
        if n < TABLE_EMPTIES:
            return self._parity(me, opp, alpha, beta, empties, par)
        key = (me, opp)
        entry = self.table.get(key)
        if entry is None:
            lo, hi = -WIN_BOUND, WIN_BOUND
        else:
            lo, hi, _ = entry
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
        v = self._parity(me, opp, alpha, beta, empties, par)
        if v >= beta:
            self.table[key] = (max(lo, v), hi, -1)
        elif v <= alpha:
            self.table[key] = (lo, min(hi, v), -1)
        else:
            self.table[key] = (v, v, -1)
        return v

    def _parity(self, me: int, opp: int, alpha: int, beta: int, empties: list[int], par: int) -> int:
        """Five to SHALLOW empties: alpha-beta without move generation, odd quadrants first."""
        n = len(empties)
        self.nodes += 1
        best = -WIN_BOUND - 1
        if par:
            order = [sq for sq in empties if par & QBIT[sq]]
            order += [sq for sq in empties if not par & QBIT[sq]]
        else:
            order = empties
        for sq in order:
            if not opp & AROUND[sq]:
                continue
            f = FLIPS_AT[sq](me, opp)
            if not f:
                continue
            rest = empties.copy()
            rest.remove(sq)
            if n == 5:
                v = -self._four(opp ^ f, me | f | 1 << sq, -beta, -alpha, *rest)
            else:
                v = -self._shallow(opp ^ f, me | f | 1 << sq, -beta, -alpha, rest, par ^ QBIT[sq])
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
                return -self._parity(opp, me, -beta, -alpha, empties, par)
        return final_score(me, opp)

    def _four(self, me: int, opp: int, alpha: int, beta: int, a: int, b: int, c: int, d: int) -> int:
        """Four empties: with two alone in their quadrants and two sharing one, the lone ones first."""
        self.nodes += 1
        qa, qb, qc, qd = QUADRANT[a], QUADRANT[b], QUADRANT[c], QUADRANT[d]
        if qa == qb:
            if qc != qd and qc != qa and qd != qa:
                a, b, c, d = c, d, a, b
        elif qa == qc:
            if qb != qd and qd != qa:
                a, b, c, d = b, d, a, c
        elif qa == qd:
            if qb != qc:
                a, b, c, d = b, c, a, d
        elif qb == qc:
            if qa != qd and qd != qb:
                a, b, c, d = a, d, b, c
        elif qb == qd:
            a, b, c, d = a, c, b, d
        best = -WIN_BOUND - 1
        if opp & AROUND[a]:
            f = FLIPS_AT[a](me, opp)
            if f:
                best = -self._three(opp ^ f, me | f | 1 << a, -beta, -alpha, b, c, d)
                if best > alpha:
                    if best >= beta:
                        return best
                    alpha = best
        if opp & AROUND[b]:
            f = FLIPS_AT[b](me, opp)
            if f:
                v = -self._three(opp ^ f, me | f | 1 << b, -beta, -alpha, a, c, d)
                if v > best:
                    best = v
                    if v > alpha:
                        if v >= beta:
                            return v
                        alpha = v
        if opp & AROUND[c]:
            f = FLIPS_AT[c](me, opp)
            if f:
                v = -self._three(opp ^ f, me | f | 1 << c, -beta, -alpha, a, b, d)
                if v > best:
                    best = v
                    if v > alpha:
                        if v >= beta:
                            return v
                        alpha = v
        if opp & AROUND[d]:
            f = FLIPS_AT[d](me, opp)
            if f:
                v = -self._three(opp ^ f, me | f | 1 << d, -beta, -alpha, a, b, c)
                if v > best:
                    return v
        if best > -WIN_BOUND - 1:
            return best
        for sq in (a, b, c, d):
            if me & AROUND[sq] and FLIPS_AT[sq](opp, me):
                return -self._four(opp, me, -beta, -alpha, a, b, c, d)
        return final_score(me, opp)

    def _three(self, me: int, opp: int, alpha: int, beta: int, a: int, b: int, c: int) -> int:
        """Three empties: one alone in its quadrant goes first."""
        self.nodes += 1
        qa, qb, qc = QUADRANT[a], QUADRANT[b], QUADRANT[c]
        if qa == qb:
            if qc != qa:
                a, b, c = c, a, b
        elif qa == qc:
            a, b, c = b, a, c
        best = -WIN_BOUND - 1
        if opp & AROUND[a]:
            f = FLIPS_AT[a](me, opp)
            if f:
                best = -self._two(opp ^ f, me | f | 1 << a, -beta, -alpha, b, c)
                if best >= beta:
                    return best
                if best > alpha:
                    alpha = best
        if opp & AROUND[b]:
            f = FLIPS_AT[b](me, opp)
            if f:
                v = -self._two(opp ^ f, me | f | 1 << b, -beta, -alpha, a, c)
                if v > best:
                    if v >= beta:
                        return v
                    best = v
                    if v > alpha:
                        alpha = v
        if opp & AROUND[c]:
            f = FLIPS_AT[c](me, opp)
            if f:
                v = -self._two(opp ^ f, me | f | 1 << c, -beta, -alpha, a, b)
                if v > best:
                    return v
        if best > -WIN_BOUND - 1:
            return best
        if ((me & AROUND[a] and FLIPS_AT[a](opp, me)) or (me & AROUND[b] and FLIPS_AT[b](opp, me))
                or (me & AROUND[c] and FLIPS_AT[c](opp, me))):
            return -self._three(opp, me, -beta, -alpha, a, b, c)
        return final_score(me, opp)

    def _two(self, me: int, opp: int, alpha: int, beta: int, x: int, y: int) -> int:
        """The last two empties, unrolled; the last move's score comes from LAST_SCORE's tables."""
        self.nodes += 1
        best = -WIN_BOUND - 1
        if opp & AROUND[x]:
            f = FLIPS_AT[x](me, opp)
            if f:
                best = -LAST_SCORE[y](opp ^ f)
                if best >= beta:
                    return best
        if opp & AROUND[y]:
            f = FLIPS_AT[y](me, opp)
            if f:
                v = -LAST_SCORE[x](opp ^ f)
                return v if v > best else best
        if best > -WIN_BOUND - 1:
            return best
        if (me & AROUND[x] and FLIPS_AT[x](opp, me)) or (me & AROUND[y] and FLIPS_AT[y](opp, me)):
            return -self._two(opp, me, -beta, -alpha, x, y)
        return final_score(me, opp)

    def _last(self, me: int, opp: int, sq: int) -> int:
        """The final score with one empty square left: whoever can fill it does."""
        return LAST_SCORE[sq](me)
