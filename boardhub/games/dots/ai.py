"""The AIs of Dots and Boxes: the source's Easy and Normal, and our Hard (the Expert builds on it)."""
from __future__ import annotations

import random
import time

from boardhub.games.dots.chains import Board, Component, board, capture_plan, degrees, structure
from boardhub.games.dots.engine import DotsState, Geometry, Move
from boardhub.games.dots.solver import SolveTimeout

# Hard reads the safe-line game to its end once this few safe lines are left:
# at most 2**10 positions, a few hundredths of a second even on 7 x 7.
PARITY_HORIZON = 10


def free_lines(state: DotsState) -> list[int]:
    lines = state.lines
    return [i for i in range(state.geom.num_lines) if not lines >> i & 1]


class EasyAI:
    """The source's Easy: a random line."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DotsState, deadline: float) -> Move:
        return view.geom.line_coord[self.rng.choice(free_lines(view))]


class NormalAI(EasyAI):
    """The source's Normal: complete a box when it can, else a random line."""

    def choose(self, view: DotsState, deadline: float) -> Move:
        g = view.geom
        free = free_lines(view)
        scoring = [i for i in free if g.completes(view.lines, i)]
        return g.line_coord[self.rng.choice(scoring or free)]


class HardAI(EasyAI):
    """A chain player: the classic human strategy, by rules of thumb.

    It takes the boxes that are free for the taking, never draws a third side
    while a safe line is left, and near the end of the safe lines plays the one
    that leaves the long-chain parity in its favour. In the endgame, offered a
    run, it takes all but two (all but four of a loop) and hands those over
    when that makes the other side open the next long chain; when it must open
    something itself, it opens the smallest chain or loop. All of it is rules
    of thumb that take a small part of the move time: no search of boxes won
    or lost, which is what Expert adds.
    """

    BUDGET = 0.8  # the share of the time to the deadline it allows itself

    def choose(self, view: DotsState, deadline: float) -> Move:
        now = time.monotonic()
        line = self.choose_line(view.lines, view.geom, now + self.BUDGET * (deadline - now))
        return view.geom.line_coord[line]

    def choose_line(self, lines: int, geom: Geometry, deadline: float) -> int:
        """The line to draw, found by `deadline` (a time.monotonic() value)."""
        bd = board(geom)
        deg = degrees(lines, bd)
        plan = capture_plan(lines, deg, bd)
        if plan is not None:
            take, decline = plan
            if decline is not None and self._declines(lines | 1 << take, bd):
                return decline
            return take
        s = structure(lines, deg, bd)
        if s.safe:
            return self._safe_line(lines, s.safe, bd, deadline)
        return min(s.components, key=lambda c: (c.size, c.loop)).opening

    @staticmethod
    def _declines(lines: int, bd: Board) -> bool:
        """Whether to hand over the end of the run just begun on `lines`, to keep control.

        Only in the endgame, where no safe line is left: taking it all means
        opening the next chain; declining makes the other side open it. Short
        chains pass the turn, so decline when, with them sacrificed turn about,
        the taker would be the one to open the first long chain or loop.
        """
        rest = _resolve(lines, bd)
        s = structure(rest, degrees(rest, bd), bd)
        return not s.safe and _chain_parity(s.components) < 0

    def _safe_line(self, lines: int, safe: list[int], bd: Board, deadline: float) -> int:
        """A random safe line, among those that win the chain fight if it can be read out."""
        if len(safe) <= PARITY_HORIZON:
            memo: dict[int, int] = {}
            try:
                scores = [-_parity(lines | 1 << line, bd, memo, deadline) for line in safe]
            except SolveTimeout:
                return self.rng.choice(safe)
            best = max(scores)
            safe = [line for line, v in zip(safe, scores) if v == best]
        return self.rng.choice(safe)


def _resolve(lines: int, bd: Board) -> int:
    """`lines` after every capture that capture_plan calls for, decisions taken as "take all"."""
    deg = degrees(lines, bd)
    while (plan := capture_plan(lines, deg, bd)) is not None:
        lines |= 1 << plan[0]
        for b in bd.line_boxes[plan[0]]:
            deg[b] += 1
    return lines


def _is_long(c: Component) -> bool:
    return c.loop or c.size >= 3


def _parity(lines: int, bd: Board, memo: dict[int, int], deadline: float) -> int:
    """The safe-line game for the player to move: +1 if the other side must open the first long chain.

    Both sides play safe lines until none is left; then the short chains are
    sacrificed turn about, and whoever meets the first long chain or loop
    gives the other side control (the long chain rule).
    """
    v = memo.get(lines)
    if v is not None:
        return v
    if time.monotonic() > deadline:
        raise SolveTimeout
    s = structure(lines, degrees(lines, bd), bd)
    if s.safe:
        v = -1
        for line in s.safe:
            v = max(v, -_parity(lines | 1 << line, bd, memo, deadline))
            if v == 1:
                break
    else:
        v = _chain_parity(s.components)
    memo[lines] = v
    return v


def _chain_parity(components: list[Component]) -> int:
    """For the player who must open one of `components`: +1 if the other side opens the first long one.

    0 when there is no long chain or loop to fight over.
    """
    if not any(_is_long(c) for c in components):
        return 0
    return 1 if sum(not _is_long(c) for c in components) % 2 else -1
