"""Exact Dots and Boxes: how many boxes, net, the player to move wins from here on.

The value of a position depends only on its drawn lines (the boxes already won
are sunk), so one transposition table keyed by the lines bitmask serves a whole
game, and the board's symmetries fold equivalent positions onto one key.

Plain minimax is hopeless beyond 2 x 2 boxes, so the search leans on the
theory of the game (see `chains.capture_plan` and `Component.opening`):
- captures that can never be wrong are made at once, without branching;
- a run at its decision point has two moves: take it all or decline it;
- a chain or a loop is one move, however many lines it has;
- an endgame of independent chains and loops with no safe line left
  (a "simple loony endgame") is valued by `endgame_value` without search.
tests/test_dots_ai.py checks all of this against plain minimax.
"""
from __future__ import annotations

import time
from functools import lru_cache

from boardhub.games.dots.chains import Board, Structure, board, capture_plan, degrees, structure
from boardhub.games.dots.engine import DotsState, Geometry

_BIAS = 128  # bounds are stored packed as two biased bytes in one small int
_CHECK_EVERY = 64  # nodes between two looks at the clock


class SolveTimeout(Exception):
    """The deadline came before the exact value was known."""


class Symmetries:
    """The board's symmetries as permutations of lines, applied a byte at a time.

    A square has 8 symmetries and a rectangle 4. Permuting a bitmask bit by bit
    would cost more than the search saves, so each symmetry is a lookup table
    per byte of the mask: permuting is one lookup and one OR per byte.
    """

    def __init__(self, geom: Geometry) -> None:
        h, w = geom.height - 1, geom.width - 1
        maps = [lambda r, c: (r, w - c), lambda r, c: (h - r, c), lambda r, c: (h - r, w - c)]
        if h == w:
            maps += [lambda r, c: (c, r), lambda r, c: (c, h - r),
                     lambda r, c: (w - c, r), lambda r, c: (w - c, h - r)]
        self.nbytes = (geom.num_lines + 7) // 8
        self.tables: list[list[list[int]]] = []
        for f in maps:
            perm = [geom.line_index[f(*geom.line_coord[i])] for i in range(geom.num_lines)]
            per_byte = []
            for k in range(self.nbytes):
                bits = perm[8 * k:8 * k + 8]
                per_byte.append([sum(1 << p for j, p in enumerate(bits) if v >> j & 1) for v in range(256)])
            self.tables.append(per_byte)

    def canonical(self, lines: int) -> int:
        """The least image of `lines` under the symmetries: one key per class of positions."""
        chunks = lines.to_bytes(self.nbytes, "little")
        best = lines
        for per_byte in self.tables:
            image = 0
            for table, v in zip(per_byte, chunks):
                image |= table[v]
            if image < best:
                best = image
        return best


@lru_cache(maxsize=None)
def symmetries(geom: Geometry) -> Symmetries:
    return Symmetries(geom)


@lru_cache(maxsize=1 << 16)
def endgame_value(components: tuple[tuple[int, bool], ...]) -> int:
    """Net boxes for the player who must open one of these `(size, is_loop)` components.

    The taker of an opened chain of 3+ either takes it all and moves next, or
    takes all but two, hands those over and makes the opener move next; a loop
    is the same with four boxes handed over. Chains of 1 and 2 must be taken.
    `components` is sorted, so equal endgames share one cache entry.
    """
    if not components:
        return 0
    best = None
    for i, (size, loop) in enumerate(components):
        if i and components[i - 1] == (size, loop):
            continue
        rest = endgame_value(components[:i] + components[i + 1:])
        taker = size + rest
        if loop:
            taker = max(taker, size - 8 - rest)
        elif size >= 3:
            taker = max(taker, size - 4 - rest)
        if best is None or -taker > best:
            best = -taker
    return best


class Solver:
    """Alpha-beta over lines with a transposition table that outlives one search.

    Keep one Solver per board for a whole game: every entry stays true for as
    long as the board size does, so later moves reuse the work of earlier ones.
    The table is emptied when it outgrows `max_entries`, which caps its memory.
    """

    def __init__(self, geom: Geometry, max_entries: int = 1_000_000) -> None:
        self.geom = geom
        self.bd: Board = board(geom)
        self.sym = symmetries(geom)
        self.table: dict[int, int] = {}
        self.max_entries = max_entries
        self.deadline: float | None = None
        self.budget: int | None = None  # nodes a search may visit: a reach that is the same on any machine
        self.nodes = 0

    def value(self, lines: int, deadline: float | None = None) -> int:
        """The exact net boxes still to come for the player to move; SolveTimeout if late."""
        self.deadline, self.nodes = deadline, 0
        n = self.geom.num_boxes
        return self._value(lines, -n - 1, n + 1)

    def best_line(self, lines: int, deadline: float | None = None) -> int:
        """A line of perfect play from `lines` (which must have a free line); SolveTimeout if late."""
        self.deadline, self.nodes = deadline, 0
        bd = self.bd
        deg = degrees(lines, bd)
        plan = capture_plan(lines, deg, bd)
        if plan is not None and plan[1] is None:
            return plan[0]
        moves = list(plan) if plan is not None else self._moves(structure(lines, deg, bd))
        alpha, beta = -bd.geom.num_boxes - 1, bd.geom.num_boxes + 1
        best = moves[0]
        for line in moves:
            v = self._child(lines, deg, line, alpha, beta)
            if v > alpha:
                alpha, best = v, line
        return best

    @staticmethod
    def _moves(s: Structure) -> list[int]:
        """Safe lines first, then sacrifices, smallest first."""
        return s.safe + [c.opening for c in sorted(s.components, key=lambda c: (c.size, c.loop))]

    def _child(self, lines: int, deg: list[int], line: int, alpha: int, beta: int) -> int:
        """The mover's value of drawing `line`: boxes it completes plus what follows."""
        got = sum(1 for b in self.bd.line_boxes[line] if deg[b] == 3)
        if got:
            return got + self._value(lines | 1 << line, alpha - got, beta - got)
        return -self._value(lines | 1 << line, -beta, -alpha)

    def _value(self, lines: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.deadline is not None and not self.nodes % _CHECK_EVERY and time.monotonic() > self.deadline:
            raise SolveTimeout
        if self.budget is not None and self.nodes > self.budget:
            raise SolveTimeout
        bd = self.bd
        deg = degrees(lines, bd)
        gain = 0
        while True:
            plan = capture_plan(lines, deg, bd)
            if plan is None or plan[1] is not None:
                break
            take = plan[0]
            lines |= 1 << take
            for b in bd.line_boxes[take]:
                deg[b] += 1
                gain += deg[b] == 4
        if lines == bd.geom.full:
            return gain
        return gain + self._node(lines, deg, plan, alpha - gain, beta - gain)

    def _node(self, lines: int, deg: list[int], plan: tuple[int, int] | None, alpha: int, beta: int) -> int:
        """Value of a position with no forced capture, within the window (alpha, beta)."""
        key = self.sym.canonical(lines)
        packed = self.table.get(key)
        if packed is None:
            left = sum(1 for d in deg if d < 4)
            lo, hi = -left, left
        else:
            lo, hi = (packed >> 8) - _BIAS, (packed & 255) - _BIAS
            if lo == hi or lo >= beta or hi <= alpha:
                return lo if lo >= beta or lo == hi else hi
        if plan is not None:
            moves = list(plan)
        else:
            s = structure(lines, deg, self.bd)
            if not s.safe and not s.junctions:
                v = endgame_value(tuple(sorted((c.size, c.loop) for c in s.components)))
                self._store(key, v, v)
                return v
            moves = self._moves(s)
        a, b = max(alpha, lo), min(beta, hi)
        best = -_BIAS
        for line in moves:
            v = self._child(lines, deg, line, a, b)
            if v > best:
                best = v
                if best > a:
                    a = best
                    if a >= b:
                        break
        if best >= b:
            lo = max(lo, best)
        elif best <= max(alpha, lo):
            hi = min(hi, best)
        else:
            lo = hi = best
        self._store(key, lo, hi)
        return best

    def _store(self, key: int, lo: int, hi: int) -> None:
        if len(self.table) >= self.max_entries:
            self.table.clear()
        self.table[key] = (lo + _BIAS) << 8 | (hi + _BIAS)


def solve(state_or_lines: DotsState | int, geom: Geometry | None = None,
          deadline: float | None = None, solver: Solver | None = None) -> int:
    """The exact net boxes still to come for the player to move (SolveTimeout if late).

    Add the scores so far for the final margin: player 0's final lead is
    `scores[0] - scores[1] + value` when player 0 is to move.
    """
    if isinstance(state_or_lines, DotsState):
        geom, lines = state_or_lines.geom, state_or_lines.lines
    else:
        lines = state_or_lines
    if geom is None:
        raise ValueError("solve() needs the board geometry with a bare lines bitmask")
    return (solver or Solver(geom)).value(lines, deadline)
