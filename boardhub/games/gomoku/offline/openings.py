"""Varied, balanced openings for Gomoku games between AIs: self-play tuning and strength series.

Games between two deterministic searches from the empty board would repeat
themselves, so series start from three stones (black, white, black) placed
at random near the centre, white to move. An opening is kept when it is
*balanced* in the plain sense of opening practice: the three stones lie in
the central 5 x 5 (or a wider square where a run needs more openings than
the 306 it holds), white's stone touches a black one (white contests) and
the two black stones do not touch (black has no two in a row to start
from). Openings are distinct up to the board's eight symmetries. Each is
meant to be played twice, once with each AI on each colour, so whatever
edge an opening still gives one colour cancels out.
"""
from __future__ import annotations

import random

from boardhub.games.gomoku.review import symmetries

STONES = 3
REACH = 2  # the stones' farthest step from the centre: the central 5 x 5


def _touch(a: int, b: int, size: int) -> bool:
    return max(abs(a % size - b % size), abs(a // size - b // size)) == 1


def _symmetries(points: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    return [tuple(perm[p] for p in points) for perm in symmetries(size)]


def _canonical(opening: tuple[int, ...], size: int) -> tuple:
    """The same key for an opening and its mirror images: black's stones as a set, white's stone."""
    return min((tuple(sorted(s[0::2])), s[1]) for s in _symmetries(opening, size))


def balanced(opening: tuple[int, ...], size: int, reach: int = REACH) -> bool:
    """Whether three stones (black, white, black) make a balanced opening (see the module notes),
    all within `reach` points of the centre."""
    b1, w, b2 = opening
    centre = size // 2
    near = all(max(abs(p % size - centre), abs(p // size - centre)) <= reach for p in opening)
    return near and len(set(opening)) == 3 and (_touch(w, b1, size) or _touch(w, b2, size)) \
        and not _touch(b1, b2, size)


def openings(count: int, size: int, seed: int = 0, reach: int = REACH) -> list[tuple[int, ...]]:
    """`count` distinct balanced openings for a size x size board within `reach` points of the
    centre, the same for the same seed: the points played, black first."""
    rng = random.Random(seed * 1009 + size)
    centre = size // 2
    area = [(centre + dy) * size + centre + dx for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)]
    seen: set[tuple] = set()
    out: list[tuple[int, ...]] = []
    for _ in range(200 * count):
        if len(out) == count:
            break
        opening = tuple(rng.sample(area, STONES))
        if not balanced(opening, size, reach):
            continue
        key = _canonical(opening, size)
        if key not in seen:
            seen.add(key)
            out.append(opening)
    if len(out) < count:
        raise ValueError(f"only {len(out)} distinct balanced openings could be drawn on {size} x {size}")
    return out
