"""The classic AIs of Othello from the source paper: Random, Greedy and the learned "feng shui" AI.

Greedy and positional share the source's look-ahead (LOOK). With `score(move)`
the value of one move, the value of a position searched `plies` deep is

    look(p, 0) = 0
    look(p, n) = max over legal moves m of  score(m) - look(p after m, n - 1)
    look(p, n) = -10,000,000 when the side to move has no legal move (n >= 1)

and the AI plays the move that reaches the maximum, the first in a1, b1, ...,
h8 order on ties (the source scans rows and keeps a strictly better score).
The source does not search through passes: a side without a move simply
scores -10,000,000, which makes "leave the opponent without a move" worth a
lot, one of the strategies the paper lists.

- Greedy (POINT in the source): score(m) = 1 + the discs m turns over.
- Positional, the source's "feng shui": score(m) = put[m] + the sum of eat[s]
  over the discs s that m turns over, from the learned put and eat boards
  (learning.py); "the weight of the square played, plus the weights of the
  discs captured, minus the opponent's best reply".

Both compute exactly that value, only faster: alpha-beta on the negamax form
above returns the same maximum as the plain search, iterative deepening orders
the moves, and if the deadline nears before the last depth completes, the
move of the deepest completed depth is played.
"""
from __future__ import annotations

import random
import time

from boardhub.games.othello.engine import PASS, OthelloState, flips, moves_mask
from boardhub.games.othello import learnings
from boardhub.games.othello.learning import Learning

NO_MOVE = -10_000_000  # the source's score of a side that cannot move
LEVELS = (1, 3, 5)
INF = float("inf")
SAFETY = 0.06  # seconds kept back from the deadline for handing the move over


class RandomAI:
    """The source's Random: any legal move."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: OthelloState, deadline: float) -> int:
        mask = moves_mask(view.me, view.opp)
        if not mask:
            return PASS
        return self.rng.choice([sq for sq in range(64) if mask >> sq & 1])


class _OutOfTime(Exception):
    """Unwinds a search that the deadline cut short."""


class LookAhead:
    """The source's LOOK with move scores `put[m] + sum(eat[s] for s turned over)`.

    Greedy is the case put = eat = 1 everywhere; the learned AI uses the
    learned boards. Scores must be whole numbers: the root's tie-break
    relies on it.
    """

    def __init__(self, plies: int, put: list[int], eat: list[int]) -> None:
        if plies < 1:
            raise ValueError("the look-ahead needs at least one ply")
        if len(put) != 64 or len(eat) != 64:
            raise ValueError("put and eat boards need 64 squares")
        self.plies = plies
        self.put = [int(v) for v in put]
        self.eat = [int(v) for v in eat]
        # with the same weight on every square, a capture's score is a popcount
        self.flat_eat = self.eat[0] if len(set(self.eat)) == 1 else None
        self.stop = INF
        self.nodes = 0
        self.best: dict[tuple[int, int], int] = {}  # (me, opp) -> best move found, for ordering

    def score(self, sq: int, captured: int) -> int:
        """The source's POINT for playing `sq` and turning over `captured`."""
        if self.flat_eat is not None:
            return self.put[sq] + self.flat_eat * captured.bit_count()
        total = self.put[sq]
        eat = self.eat
        while captured:
            low = captured & -captured
            total += eat[low.bit_length() - 1]
            captured ^= low
        return total

    def children(self, me: int, opp: int, mask: int) -> list[tuple[int, int, int]]:
        """(score, square, discs turned over) of each legal move, in square order."""
        out = []
        while mask:
            low = mask & -mask
            sq = low.bit_length() - 1
            f = flips(me, opp, sq)
            out.append((self.score(sq, f), sq, f))
            mask ^= low
        return out

    def value(self, me: int, opp: int, plies: int, alpha: float = -INF, beta: float = INF) -> float:
        """look(position, plies) for plies >= 1; exact when it falls strictly inside (alpha, beta)."""
        mask = moves_mask(me, opp)
        if not mask:
            return NO_MOVE
        self.nodes += 1
        if not self.nodes & 63 and time.monotonic() > self.stop:
            raise _OutOfTime
        moves = self.children(me, opp, mask)
        if plies == 1:
            return max(moves)[0]
        hint = self.best.get((me, opp))
        moves.sort(key=lambda c: (c[1] != hint, -c[0]))
        best, best_sq = -INF, hint
        for s, sq, f in moves:
            v = s - self.value(opp & ~f, me | f | 1 << sq, plies - 1, s - beta, s - alpha)
            if v > best:
                best, best_sq = v, sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        self.best[(me, opp)] = best_sq
        return best

    def root(self, me: int, opp: int, plies: int, order: list[int]) -> list[tuple[int, int]]:
        """(value, square) of the best move `plies` deep, with the source's tie-break.

        Moves are tried in `order`; each only needs to show it beats the best so
        far, or equals it while coming earlier in square order, so it is searched
        with a window just below that score and its value is exact when it does.
        Returns the moves that became best, last one the answer.
        """
        moves = {sq: (s, f) for s, sq, f in self.children(me, opp, moves_mask(me, opp))}
        best_v, best_sq = -INF, PASS
        improved: list[tuple[int, int]] = []
        for sq in order:
            if time.monotonic() > self.stop:
                raise _OutOfTime
            s, f = moves[sq]
            bar = best_v - 1 if sq < best_sq else best_v
            if plies == 1:
                v = s
            else:
                nxt_me, nxt_opp = opp & ~f, me | f | 1 << sq
                v = s - self.value(nxt_me, nxt_opp, plies - 1, s - INF, s - bar)
            if v > bar:
                best_v, best_sq = v, sq
                improved.append((v, sq))
        return improved

    def choose(self, me: int, opp: int, deadline: float = INF) -> int:
        """The source's move `self.plies` deep, or the deepest depth done by `deadline`."""
        mask = moves_mask(me, opp)
        if not mask:
            return PASS
        squares = [sq for sq in range(64) if mask >> sq & 1]
        if len(squares) == 1:
            return squares[0]
        self.best.clear()
        self.nodes = 0
        self.stop = INF  # depth 1 always completes: a handful of captures to count
        answer = PASS
        order = squares
        for plies in range(1, self.plies + 1):
            try:
                improved = self.root(me, opp, plies, order)
            except _OutOfTime:
                break
            answer = improved[-1][1]
            # next depth: the best so far first, then the others as they stood
            order = [answer] + [sq for sq in order if sq != answer]
            self.stop = deadline - SAFETY
        return answer


class GreedyAI:
    """The source's greedy look-ahead: discs flipped minus the opponent's best reply, 1, 3 or 5 plies."""

    def __init__(self, level: int = 5, seed: int | None = None) -> None:
        # deterministic like the source; `seed` is part of every AI factory's signature
        if level not in LEVELS:
            raise ValueError(f"greedy levels are {LEVELS}, not {level}")
        self.search = LookAhead(level, [1] * 64, [1] * 64)

    def choose(self, view: OthelloState, deadline: float) -> int:
        return self.search.choose(view.me, view.opp, deadline)


class PositionalAI:
    """The source's learned "feng shui" AI: learned put and eat weights with the greedy look-ahead.

    It plays by the learning the player chose for the app (learnings.py), else
    the newest of an older boardhub's, else the shipped default of 100,000
    random games; `learning` overrides them: boards, or a learning's name as a
    seat names it ("positional:3@kim", "kim#400" for a snapshot).
    """

    def __init__(self, level: int = 5, seed: int | None = None, learning: Learning | str | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"positional levels are {LEVELS}, not {level}")
        if isinstance(learning, str):
            learning = learnings.resolve(learning)
        self.learning = learning if learning is not None else learnings.app_learning()
        self.search = LookAhead(level, self.learning.put, self.learning.eat)

    def choose(self, view: OthelloState, deadline: float) -> int:
        return self.search.choose(view.me, view.opp, deadline)
