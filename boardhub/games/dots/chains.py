"""Chains, loops and capturable runs: the terms every strong Dots and Boxes player thinks in.

Both the Hard AI and the exact solver read a position the same way, so the
reading lives here once. A box's *degree* is how many of its sides are drawn.
A line is *safe* when it gives no box a third side. Boxes of degree 2 link
up into *chains* (ending on the border or at a box of degree 0 or 1) and
*loops*; a box of degree 3 is capturable, and the boxes that fall one after
the other behind it form a *run*.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from boardhub.games.dots.engine import Geometry

GROUND = -1  # the "box" beyond the border


class Board:
    """Neighbour tables of one board size: for each box, its sides and the box across each."""

    def __init__(self, geom: Geometry) -> None:
        self.geom = geom
        self.box_mask = geom.box_mask
        self.line_boxes = geom.line_boxes
        self.sides: list[tuple[tuple[int, int], ...]] = []
        for b, lines in enumerate(geom.box_lines):
            across = []
            for line in lines:
                others = [o for o in geom.line_boxes[line] if o != b]
                across.append((line, others[0] if others else GROUND))
            self.sides.append(tuple(across))


@lru_cache(maxsize=None)
def board(geom: Geometry) -> Board:
    return Board(geom)


class Component(NamedTuple):
    """A chain or loop of degree-2 boxes; `lines` are its undrawn lines in order along it."""

    size: int
    loop: bool
    lines: tuple[int, ...]

    @property
    def opening(self) -> int:
        """The line that sacrifices it best for the opener.

        Every opening of a chain of 3+ or of a loop hands over the same boxes
        with the same options, so any line does; a 2-chain is opened in the
        middle (the hard-hearted handout) so the taker cannot double-deal.
        """
        return self.lines[1] if self.size == 2 and not self.loop else self.lines[0]


class Structure(NamedTuple):
    """A position without capturable boxes, read as safe lines plus chains and loops."""

    safe: list[int]
    components: list[Component]
    junctions: bool  # some untaken box has degree 0 or 1 (chains meet there)


def degrees(lines: int, bd: Board) -> list[int]:
    return [(lines & m).bit_count() for m in bd.box_mask]


def capture_plan(lines: int, deg: list[int], bd: Board) -> tuple[int, int | None] | None:
    """What to do about the capturable boxes: None if there are none.

    Returns `(take, None)` when capturing along `take` is never worse than
    anything else (the chain theory of the game; tests/test_dots_ai.py checks
    it against plain minimax): the box is alone, or ends its run, or the run is
    long enough that the decision still lies ahead (3+ boxes in a run ending at the
    border or a junction; 3 or 5+ boxes in a run capturable from both ends).
    Otherwise exactly one run is at its decision point and the answer is
    `(take, decline)`: take it all, or draw `decline` to hand over its last
    two boxes (all-but-two) or last four (an opened loop, all-but-four) and
    keep control. When several runs are at that point, all but one are taken
    first, keeping a 2-box run to decline if there is one, as it costs less.
    """
    decisions: list[tuple[int, int, bool]] = []
    for b, d in enumerate(deg):
        if d != 3:
            continue
        for take, nxt in bd.sides[b]:
            if not lines >> take & 1:
                break
        if nxt == GROUND or deg[nxt] != 2:
            return take, None
        size, prev, cur, first = 2, take, nxt, -1
        while True:
            for line, nxt in bd.sides[cur]:
                if line != prev and not lines >> line & 1:
                    break
            if first < 0:
                first = line
            if nxt == GROUND or deg[nxt] < 2:
                if size >= 3:
                    return take, None
                decisions.append((take, line, False))
                break
            if deg[nxt] == 3:
                if size != 3:
                    return take, None
                decisions.append((take, first, True))
                break
            size, prev, cur = size + 1, line, nxt
    if not decisions:
        return None
    runs = {decline: (take, both) for take, decline, both in decisions}
    if len(runs) == 1:
        return decisions[0][0], decisions[0][1]
    keep = min(runs, key=lambda decline: runs[decline][1])
    return next(take for decline, (take, _) in runs.items() if decline != keep), None


def structure(lines: int, deg: list[int], bd: Board) -> Structure:
    """Safe lines, chains and loops of a position with no capturable box."""
    sides, box_mask = bd.sides, bd.box_mask
    unsafe = lines
    junctions = False
    for b, d in enumerate(deg):
        if d >= 2:
            unsafe |= box_mask[b]
        else:
            junctions = True
    free = bd.geom.full & ~unsafe
    safe = []
    while free:
        low = free & -free
        safe.append(low.bit_length() - 1)
        free ^= low
    components = []
    seen = [False] * len(deg)
    for b, d in enumerate(deg):
        if d != 2 or seen[b]:
            continue
        seen[b] = True
        ways = [(line, nxt) for line, nxt in sides[b] if not lines >> line & 1]
        fwd, closed = _walk(b, ways[0], lines, deg, sides, seen)
        if closed:
            components.append(Component(len(fwd), True, tuple(fwd)))
            continue
        back, _ = _walk(b, ways[1], lines, deg, sides, seen)
        chain = tuple(reversed(back)) + tuple(fwd)
        components.append(Component(len(chain) - 1, False, chain))
    return Structure(safe, components, junctions)


def _walk(start: int, way: tuple[int, int], lines: int, deg: list[int],
          sides: list, seen: list[bool]) -> tuple[list[int], bool]:
    """The lines from `start` out along `way` through degree-2 boxes; True if back at start."""
    line, cur = way
    out = [line]
    while cur != GROUND and deg[cur] == 2:
        if cur == start:
            return out, True
        seen[cur] = True
        prev = line
        for line, nxt in sides[cur]:
            if line != prev and not lines >> line & 1:
                break
        out.append(line)
        cur = nxt
    return out, False


class ChainCount(NamedTuple):
    """The long chain rule read off a position: the long chains (3+ boxes) and loops there are now, and
    the seat that wants an odd number of long chains (the other wants an even one)."""

    long_chains: int
    loops: int
    wants_odd: int


def chain_count(lines: int, geom: Geometry) -> ChainCount:
    """Count the long chains and loops of a position, and say who the long chain rule favours how.

    Berlekamp, "The Dots and Boxes Game: Sophisticated Child's Play" (A K Peters, 2000), ch. 2, the
    Long Chain Rule, in substance: on a rectangular array of dots the first player tries to make the
    number of dots plus the double-crossed moves to come even, the second player odd; which on
    simple boards (each long chain costs one double-cross, a loop two, so loops leave the parity be)
    he reduces to: the first player wants dots + long chains even. So with an even number of dots
    the first player (seat 0) wants an even number of long chains, with an odd number an odd one.
    A chain here is a run of boxes with two sides drawn; one that ends at a box with three is
    counted without it (that box is about to be taken).
    """
    bd = board(geom)
    parts = structure(lines, degrees(lines, bd), bd).components
    dots = (geom.rows + 1) * (geom.cols + 1)
    return ChainCount(sum(1 for c in parts if not c.loop and c.size >= 3), sum(1 for c in parts if c.loop),
                      0 if dots % 2 else 1)
